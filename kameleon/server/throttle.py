"""Rate limits (the `limits` library): what one client address, one person or one socket may do per minute.

Limits on creating things (guests, accounts, tables, imports), on chat, on
socket connections, on logins (failed ones, and all of them) and on confirmation
mails are counted by `limits` in Redis when
the arena runs as several processes (so a client gains nothing by reaching
another process) and in memory otherwise, and in memory too while Redis does
not answer (`Counters`: the limits never fail open). Every limit per address
counts a client key (`client_key`: an IPv6 client by its /64). A socket's own message rate is
counted on the socket itself (`MessageRate`: two integers per window, nothing
shared, nothing to sweep), as it is checked for every message. Every limit is a
setting in `limits` notation ("10/minute;100/day"); see docs/security.md.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

from limits import RateLimitItem, parse_many
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.storage import storage_from_string
from starlette.requests import HTTPConnection

from kameleon.engine.messages import Message, msg
from kameleon.server.errors import ApiError
from kameleon.server.settings import Settings

log = logging.getLogger("kameleon.server")
T = TypeVar("T")

RULES = {
    "guest": "guest_rate",
    "signup": "signup_rate",
    "table": "table_rate",
    "import": "import_rate",
    "replay": "replay_rate",
    "state": "state_rate",
    "chat": "chat_rate_per_address",
    "analysis": "analysis_rate",
    "analysis_address": "analysis_rate_per_address",
    "hint": "hint_rate",
    "hint_address": "hint_rate_per_address",
    "socket": "socket_rate",
    "connect": "socket_connects",
    "login_address": "login_failures_per_address",
    "login_pair": "login_failures_per_pair",
    "login_account": "login_failures_per_account",
    "login_device": "login_failures_per_device",
    "login_tries_address": "login_attempts_per_address",
    "login_tries_account": "login_attempts_per_account",
    "confirm_account": "confirm_mails_per_account",
    "confirm_address": "confirm_mails_per_address",
    "confirm_recipient": "confirm_mails_per_recipient",
}

LOOPBACK_LIMITS = {
    "KAMELEON_GUEST_RATE": "100000/minute",
    "KAMELEON_SIGNUP_RATE": "100000/minute",
    "KAMELEON_TABLE_RATE": "100000/minute",
    "KAMELEON_IMPORT_RATE": "100000/minute",
    "KAMELEON_REPLAY_RATE": "100000/minute",
    "KAMELEON_STATE_RATE": "100000/minute",
    "KAMELEON_CHAT_RATE": "100000/minute",
    "KAMELEON_ANALYSIS_RATE_PER_ADDRESS": "100000/minute",
    "KAMELEON_HINT_RATE_PER_ADDRESS": "100000/minute",
    "KAMELEON_SOCKETS_PER_ADDRESS": "100000",
    "KAMELEON_SOCKET_CONNECTS": "100000/minute",
    "KAMELEON_SOCKET_RATE": "1000/second",
    "KAMELEON_LOGIN_FAILURES_PER_ADDRESS": "100000/minute",
    "KAMELEON_LOGIN_ATTEMPTS_PER_ADDRESS": "100000/minute",
    "KAMELEON_CONFIRM_MAILS_PER_ADDRESS": "100000/minute",
}
"""The environment of an arena that many simulated people reach from one address (the benchmark, most tests):
limits per address lifted, per account and per person kept."""

LOGINS_AT_ONCE = 2
"""Logins one client address may have waiting for their password check in one process: more parallel ones are
refused at once, so that one address cannot queue up the checks others wait for."""
KNOWN_AT_ONCE = 1
"""Logins from known devices waiting for their check in one process, per account and per client address: the
known-device lane (`api._known_hashing`) is shared fairly, so that an address logging in to accounts of its
own (right passwords and all) holds at most one place ahead of the owner's browser."""
REDIS_RETRY = 2.0
"""Seconds between two tries of a Redis that did not answer (the limits count in memory meanwhile)."""
REDIS_TIMEOUT = 1.0
"""Seconds a limit waits for Redis before counting in memory."""


def parse_rule(setting: str, text: str) -> list[RateLimitItem]:
    try:
        return parse_many(text)
    except ValueError:
        raise ValueError(f"{setting} must be a limit such as '10/minute;100/day', not {text!r}") from None


def client_key(host: str | None) -> str:
    """The client every per-address limit counts: an IPv4 address as it is, an IPv6 address's /64 network (one
    subscriber is usually given a whole /64, and would otherwise have 2^64 budgets), an IPv4-mapped IPv6
    address as its IPv4 address. Anything that is not an IP address (a test client's name) counts as itself."""
    if not host:
        return "unknown"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


def client_of(connection: HTTPConnection) -> str:
    """The client key (`client_key`) of a request or a socket: what every limit per address counts."""
    return client_key(connection.client.host if connection.client else None)


class Counters:
    """Where the limits count: Redis when the arena has one, in this process's memory otherwise, and in memory
    too while Redis does not answer (each process then counts on its own, which keeps every limit, only
    per process). The first failure is logged once; Redis is tried again every REDIS_RETRY seconds, and
    counting goes back to it as soon as it answers."""

    def __init__(self, redis_url: str | None) -> None:
        self.local = MovingWindowRateLimiter(MemoryStorage())
        self.shared = (
            MovingWindowRateLimiter(
                storage_from_string(
                    f"async+{redis_url}",
                    implementation="redispy",
                    socket_timeout=REDIS_TIMEOUT,
                    socket_connect_timeout=REDIS_TIMEOUT,
                )
            )
            if redis_url
            else None
        )
        self.down = False
        self._retry_at = 0.0

    async def run(self, operation: Callable[[MovingWindowRateLimiter], Awaitable[T]]) -> T:
        shared = self.shared
        if shared is not None and (not self.down or time.monotonic() >= self._retry_at):
            if self.down:  # one request tries Redis again; the others meanwhile count in memory
                self._retry_at = time.monotonic() + REDIS_RETRY
            try:
                result = await operation(shared)
            except Exception as exc:
                self._retry_at = time.monotonic() + REDIS_RETRY
                if not self.down:
                    self.down = True
                    log.error("Redis does not answer (%s): rate limits are counted in each process until it does", exc)
            else:
                if self.down:
                    self.down = False
                    log.warning("Redis answers again: rate limits are shared by the processes again")
                return result
        return await operation(self.local)


class Throttle:
    """The arena's rate limits; `hit` counts an event and says whether it is within every limit of its rule."""

    def __init__(self, settings: Settings) -> None:
        self.rules = {rule: parse_rule(attr, getattr(settings, attr)) for rule, attr in RULES.items()}
        self.counters = Counters(settings.redis_url)
        # Logins waiting for their password check in this process, per lane (`login_attempt`).
        self._logins: dict[tuple[str, str], int] = {}

    def message_rate(self) -> MessageRate:
        """A fresh counter of one socket's messages."""
        return MessageRate(self.rules["socket"])

    async def hit(self, rule: str, *key: Any) -> bool:
        """Count one event of `rule` for `key`; False when that is one too many (every limit of the rule counts)."""
        names = [rule, *map(str, key)]

        async def count(limiter: MovingWindowRateLimiter) -> bool:
            allowed = True
            for item in self.rules[rule]:
                allowed = await limiter.hit(item, *names) and allowed
            return allowed

        return await self.counters.run(count)

    async def over(self, rule: str, *key: Any) -> bool:
        """Whether `key` has used up a limit of `rule` (without counting anything)."""
        names = [rule, *map(str, key)]

        async def read(limiter: MovingWindowRateLimiter) -> bool:
            for item in self.rules[rule]:
                if not await limiter.test(item, *names):
                    return True
            return False

        return await self.counters.run(read)

    async def check(self, rule: str, *key: Any, what: Message) -> None:
        """Count one event; raise 429 naming `what` and the limit when it is one too many."""
        if not await self.hit(rule, *key):
            shown = limits_said(self.rules[rule])
            raise ApiError(
                429,
                msg("rate_limited", "slow down: {what} are limited to {limits}", what=what, limits=shown),
                reason=f"rate:{rule}",
            )

    # --- failed logins: per known device; for other devices per address, per account and address, per account

    @contextlib.asynccontextmanager
    async def login_attempt(self, client: str, username: str, device: str | None) -> AsyncIterator[None]:
        """Hold one of the failures left while the password is checked: the attempts in flight count against
        what is left, so parallel wrong logins cannot all pass the test before any of them is counted. Call
        `login_failed` inside the block for a wrong password; leaving the block gives the held place back.

        A known device (`device`, from its signed cookie: auth.known_device) waits in its account's lane,
        any other login in its address's: LOGINS_AT_ONCE each, so neither the addresses of an attack nor a
        neighbour behind the same NAT fill the owner's."""
        account = username.lower()
        if device is not None:
            lanes = [(("account", account), KNOWN_AT_ONCE), (("known", client), KNOWN_AT_ONCE)]
        else:
            lanes = [(("address", client), LOGINS_AT_ONCE)]
        counts = []
        for lane, _ in lanes:
            counts.append(self._logins.get(lane, 0) + 1)
            self._logins[lane] = counts[-1]
        try:
            if any(count > most for count, (_, most) in zip(counts, lanes, strict=True)):
                raise ApiError(
                    429,
                    msg("login_at_once", "too many logins at once from your address; wait for the answers"),
                    reason="login",
                )
            await self.login_tried(client, account, device)
            await self.login_allowed(client, username, device, counts[0] - 1)
            yield
        finally:
            for lane, _ in lanes:
                left = self._logins[lane] - 1
                if left:
                    self._logins[lane] = left
                else:
                    del self._logins[lane]

    async def login_tried(self, client: str, account: str, device: str | None) -> None:
        """Count a login, right or wrong (right ones too: an address logging in to its own accounts in a loop
        keeps the password checks busy all the same), per address and per account and kind of device."""
        if not await self.hit("login_tries_address", client):
            raise ApiError(
                429,
                msg("login_tries_address", "too many logins from your address; wait a few minutes"),
                reason="login",
            )
        if not await self.hit("login_tries_account", account, "known" if device is not None else "other"):
            raise ApiError(
                429,
                msg("login_tries_account", "too many logins to this account; wait a few minutes"),
                reason="login",
            )

    async def login_allowed(self, client: str, username: str, device: str | None, pending: int = 0) -> None:
        """Refuse (429) a login whose failures are used up, counting `pending` attempts still being checked.

        A known device counts only its own failures at the account: whatever strangers (or a neighbour behind
        the same address) do, the owner's browser logs in. Any other device counts against its address
        (generous, for NAT), its address at this account (tight) and the account's failures from devices it
        does not know (shared by all of them)."""
        account = username.lower()
        if device is not None:
            if await self._left("login_device", account, device) <= pending:
                raise ApiError(
                    429,
                    msg("login_device", "too many failed logins from this device; wait a few minutes"),
                    reason="login",
                )
            return
        if await self._left("login_address", client) <= pending:
            raise ApiError(
                429,
                msg("login_address", "too many failed logins from your address; wait a few minutes"),
                reason="login",
            )
        if await self._left("login_pair", account, client) <= pending:
            raise ApiError(
                429,
                msg("login_pair", "too many failed logins for this account from your address; wait a few minutes"),
                reason="login",
            )
        if await self._left("login_account", account) <= pending:
            raise ApiError(
                429,
                msg(
                    "login_account",
                    "too many failed logins for this account from devices it does not know; log in from a "
                    "browser you logged in with before, or wait a few minutes",
                ),
                reason="login",
            )

    async def _left(self, rule: str, *key: Any) -> int:
        """How many more events of `rule` `key` may have now (the tightest of the rule's limits)."""
        names = [rule, *map(str, key)]

        async def read(limiter: MovingWindowRateLimiter) -> int:
            return min([(await limiter.get_window_stats(item, *names)).remaining for item in self.rules[rule]])

        return await self.counters.run(read)

    async def login_failed(self, client: str, username: str, device: str | None) -> None:
        account = username.lower()
        if device is not None:
            await self.hit("login_device", account, device)
            return
        await self.hit("login_address", client)
        await self.hit("login_pair", account, client)
        await self.hit("login_account", account)


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
