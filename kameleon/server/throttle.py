"""Rate limits (the `limits` library): what one client address, one person or one socket may do per minute.

Limits on creating things (guests, accounts, tables, imports), on chat, on
socket connections and on failed logins are counted by `limits` in Redis when
the arena runs as several processes (so a client gains nothing by reaching
another process) and in memory otherwise. A socket's own message rate is
counted on the socket itself (`MessageRate`: two integers per window, nothing
shared, nothing to sweep), as it is checked for every message. Every limit is a
setting in `limits` notation ("10/minute;100/day"); see docs/security.md.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

from limits import RateLimitItem, parse_many
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.storage import storage_from_string

from kameleon.engine.messages import Message, msg
from kameleon.server.errors import ApiError
from kameleon.server.settings import Settings

log = logging.getLogger("kameleon.server")

RULES = {
    "guest": "guest_rate",
    "signup": "signup_rate",
    "table": "table_rate",
    "import": "import_rate",
    "replay": "replay_rate",
    "chat": "chat_rate_per_address",
    "socket": "socket_rate",
    "connect": "socket_connects",
    "login_address": "login_failures_per_address",
    "login_account": "login_failures_per_account",
}

LOOPBACK_LIMITS = {
    "KAMELEON_GUEST_RATE": "100000/minute",
    "KAMELEON_SIGNUP_RATE": "100000/minute",
    "KAMELEON_TABLE_RATE": "100000/minute",
    "KAMELEON_IMPORT_RATE": "100000/minute",
    "KAMELEON_REPLAY_RATE": "100000/minute",
    "KAMELEON_CHAT_RATE": "100000/minute",
    "KAMELEON_SOCKET_CONNECTS": "100000/minute",
    "KAMELEON_SOCKET_RATE": "1000/second",
    "KAMELEON_LOGIN_FAILURES_PER_ADDRESS": "100000/minute",
}
"""The environment of an arena that many simulated people reach from one address (the benchmark, most tests):
limits per address lifted, per account and per person kept."""

LOGINS_AT_ONCE = 2
"""Logins one client address may have waiting for their password check in one process: more parallel ones
are refused at once, so that one address cannot queue up the password checks that the others wait for."""


def parse_rule(setting: str, text: str) -> list[RateLimitItem]:
    try:
        return parse_many(text)
    except ValueError:
        raise ValueError(f"{setting} must be a limit such as '10/minute;100/day', not {text!r}") from None


class Throttle:
    """The arena's rate limits; `hit` counts an event and says whether it is within every limit of its rule."""

    def __init__(self, settings: Settings) -> None:
        self.rules = {rule: parse_rule(attr, getattr(settings, attr)) for rule, attr in RULES.items()}
        self.shared = MovingWindowRateLimiter(
            storage_from_string(f"async+{settings.redis_url}", implementation="redispy")
            if settings.redis_url
            else MemoryStorage()
        )
        # One failure of an address at an account, over the account limit's window: "has this address failed?"
        window = self.rules["login_account"][0]
        self._tried = type(window)(1, window.multiples)
        # Logins of each address waiting for their password check in this process.
        self._logins: dict[str, int] = {}

    def message_rate(self) -> MessageRate:
        """A fresh counter of one socket's messages."""
        return MessageRate(self.rules["socket"])

    async def hit(self, rule: str, *key: Any) -> bool:
        """Count one event of `rule` for `key`; False when that is one too many (every limit of the rule counts)."""
        names = [rule, *map(str, key)]
        try:
            allowed = True
            for item in self.rules[rule]:
                allowed = await self.shared.hit(item, *names) and allowed
            return allowed
        except Exception as exc:  # Redis away: serve people rather than refuse everyone
            log.error("rate limit %s could not be counted: %s", rule, exc)
            return True

    async def over(self, rule: str, *key: Any) -> bool:
        """Whether `key` has used up a limit of `rule` (without counting anything)."""
        names = [rule, *map(str, key)]
        try:
            for item in self.rules[rule]:
                if not await self.shared.test(item, *names):
                    return True
            return False
        except Exception as exc:
            log.error("rate limit %s could not be read: %s", rule, exc)
            return False

    async def check(self, rule: str, *key: Any, what: Message) -> None:
        """Count one event; raise 429 naming `what` and the limit when it is one too many."""
        if not await self.hit(rule, *key):
            shown = limits_said(self.rules[rule])
            raise ApiError(
                429,
                msg("rate_limited", "slow down: {what} are limited to {limits}", what=what, limits=shown),
                reason=f"rate:{rule}",
            )

    # --- failed logins: per address, and per account for the addresses that failed at it -------------------

    @contextlib.asynccontextmanager
    async def login_attempt(self, address: str, username: str) -> AsyncIterator[None]:
        """Hold one of the address's failures while its password is checked: the attempts in flight count
        against what the address has left, so parallel wrong logins cannot all pass the test before any of
        them is counted. Call `login_failed` inside the block for a wrong password; leaving the block gives
        the held place back (a failure is counted by then)."""
        pending = self._logins.get(address, 0) + 1
        self._logins[address] = pending
        try:
            if pending > LOGINS_AT_ONCE:
                raise ApiError(
                    429,
                    msg("logins_at_once", "too many logins at once from your address; wait for the answers"),
                    reason="login",
                )
            await self.login_allowed(address, username, pending - 1)
            yield
        finally:
            left = self._logins[address] - 1
            if left:
                self._logins[address] = left
            else:
                del self._logins[address]

    async def login_allowed(self, address: str, username: str, pending: int = 0) -> None:
        """Refuse (429) an address that used up its failures, counting `pending` attempts still being checked."""
        account = username.lower()
        if await self._left("login_address", address) <= pending:
            raise ApiError(
                429,
                msg("logins_from_address", "too many failed logins from your address; wait a few minutes"),
                reason="login",
            )
        if await self._left("login_account", account) <= pending and await self._failed_here(account, address):
            raise ApiError(
                429,
                msg("logins_for_account", "too many failed logins for this account; wait a few minutes"),
                reason="login",
            )

    async def _left(self, rule: str, *key: Any) -> int:
        """How many more events of `rule` `key` may have now (the tightest of the rule's limits)."""
        names = [rule, *map(str, key)]
        try:
            return min([(await self.shared.get_window_stats(item, *names)).remaining for item in self.rules[rule]])
        except Exception as exc:
            log.error("rate limit %s could not be read: %s", rule, exc)
            return LOGINS_AT_ONCE + 1

    async def _failed_here(self, account: str, address: str) -> bool:
        try:
            return not await self.shared.test(self._tried, "login_pair", account, address)
        except Exception as exc:
            log.error("the failed-login record could not be read: %s", exc)
            return True

    async def login_failed(self, address: str, username: str) -> None:
        account = username.lower()
        await self.hit("login_address", address)
        await self.hit("login_account", account)
        try:
            await self.shared.hit(self._tried, "login_pair", account, address)
        except Exception as exc:
            log.error("the failed login could not be recorded: %s", exc)


class MessageRate:
    """Fixed windows (`limits` notation) counted on one socket: `hit()` is False once a window is full."""

    __slots__ = ("windows",)

    def __init__(self, items: list[RateLimitItem]) -> None:
        self.windows = [[item.amount, float(item.get_expiry()), 0.0, 0] for item in items]

    def hit(self) -> bool:
        now = time.monotonic()
        allowed = True
        for window in self.windows:
            if now - window[2] >= window[1]:
                window[2], window[3] = now, 0
            window[3] += 1
            if window[3] > window[0]:
                allowed = False
        return allowed


def _limit_said(item: RateLimitItem) -> Message:
    """One limit in words ("10 per minute"), each unit its own template so that it can be translated whole."""
    amount, count, unit = item.amount, item.multiples, item.GRANULARITY.name
    if unit == "second":
        if count == 1:
            return msg("per_second", "{amount} per second", amount=amount)
        return msg("per_seconds", "{amount} per {count} seconds", amount=amount, count=count)
    if unit == "minute":
        if count == 1:
            return msg("per_minute", "{amount} per minute", amount=amount)
        return msg("per_minutes", "{amount} per {count} minutes", amount=amount, count=count)
    if unit == "hour":
        if count == 1:
            return msg("per_hour", "{amount} per hour", amount=amount)
        return msg("per_hours", "{amount} per {count} hours", amount=amount, count=count)
    if count == 1:
        return msg("per_day", "{amount} per day", amount=amount)
    return msg("per_days", "{amount} per {count} days", amount=amount, count=count * _DAYS.get(unit, 1))


_DAYS = {"day": 1, "month": 30, "year": 365}


def limits_said(items: list[RateLimitItem]) -> Message:
    """The limits of a rule in words: "10 per minute and 100 per hour"."""
    said = _limit_said(items[0])
    for item in items[1:]:
        said = msg("limits_and", "{first} and {second}", first=said, second=_limit_said(item))
    return said
