"""Fan-out across server processes: how one arena process tells the others what changed, through Redis.

A person's WebSocket lives in one process; the move it waits for may be accepted
by another. With a Redis URL every process publishes what it changed on one
channel, and every other process brings the tables it holds in memory up to
date and sends its own connections their frames:

* `{"kind": "move", "table", "number", "token", "seat", "at"}`: a move was stored;
* `{"kind": "refresh", "table"}`: seats or status changed (reload them from the database);
* `{"kind": "frame", "table", "frame"}`: a frame for everyone watching (chat, time-out, rematch).

The database stays the truth: an event only saves a query, and a process that
missed one catches up from the stored moves. Bot seats and clocks run in one
process per table at a time, the holder of a short Redis lease that it renews
while it plays; when a process dies its leases lapse and another process takes
the table over.

Without a Redis URL the arena is one process and `Fanout` does nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from kameleon.server.settings import redacted

log = logging.getLogger("kameleon.server")

CHANNEL = "kameleon:arena"
LEASE_PREFIX = "kameleon:lease:"
RECONNECT_PAUSE = 1.0
COMMAND_TIMEOUT = 5.0

Handler = Callable[[dict[str, Any]], Awaitable[None]]

# Take the lease when it is free or already ours, and (re)arm its expiry; atomic on the Redis server.
_CLAIM = """
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""


class Fanout:
    """One process alone: nobody to tell, and every table's bots and clocks are its own."""

    enabled = False

    async def start(self, handler: Handler) -> None:
        """Begin delivering the other processes' events to `handler`."""

    async def publish(self, event: dict[str, Any]) -> None:
        """Tell the other processes about a change this process has committed."""

    async def claim(self, table_id: str) -> bool:
        """Whether this process may run the table's bots and clocks now (and keeps that right a while)."""
        return True

    async def healthy(self) -> bool:
        return True

    async def close(self) -> None:
        """Stop listening and let go of the connection."""


class RedisFanout(Fanout):
    """Several processes sharing one database and one Redis server."""

    enabled = True

    def __init__(self, url: str, lease_seconds: float) -> None:
        import redis.asyncio as aioredis

        self.url = url
        self.lease_ms = max(1, round(lease_seconds * 1000))
        self.origin = uuid.uuid4().hex
        """Tells this process's own events apart when they come back from the channel."""
        # Commands give up after a while (a health check must answer); the subscription waits as long as
        # the channel is quiet, on a connection of its own.
        self.client = aioredis.from_url(url, socket_timeout=COMMAND_TIMEOUT, socket_connect_timeout=COMMAND_TIMEOUT)
        self.subscriber = aioredis.from_url(url, socket_connect_timeout=COMMAND_TIMEOUT)
        self._claim = self.client.register_script(_CLAIM)
        self._listener: asyncio.Task[None] | None = None
        self._handling: set[asyncio.Task[None]] = set()

    async def start(self, handler: Handler) -> None:
        try:
            await self.client.ping()
        except Exception as exc:
            raise RuntimeError(f"cannot reach Redis at {redacted(self.url)}: {exc}") from None
        ready = asyncio.Event()
        self._listener = asyncio.create_task(self._listen(handler, ready))
        await ready.wait()

    async def _listen(self, handler: Handler, ready: asyncio.Event) -> None:
        """Deliver events until cancelled; when Redis goes away, keep trying to subscribe again."""
        while True:
            pubsub = self.subscriber.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                ready.set()
                async for message in pubsub.listen():
                    await self._deliver(handler, message)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("lost the Redis channel (%s); subscribing again in %.0f s", exc, RECONNECT_PAUSE)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
            await asyncio.sleep(RECONNECT_PAUSE)

    async def _deliver(self, handler: Handler, message: dict[str, Any]) -> None:
        if message.get("type") != "message":
            return
        try:
            event = orjson.loads(message["data"])
        except orjson.JSONDecodeError:
            log.error("ignored a malformed event on %s: %r", CHANNEL, message["data"][:200])
            return
        if not isinstance(event, dict) or event.get("origin") == self.origin:
            return
        # Each event in its own task, so that one table waiting for its lock holds up no other table; two
        # events of one table handled out of order are safe, as a gap in the moves is read from the database.
        task = asyncio.create_task(self._handle(handler, event))
        self._handling.add(task)
        task.add_done_callback(self._handling.discard)

    @staticmethod
    async def _handle(handler: Handler, event: dict[str, Any]) -> None:
        try:
            await handler(event)
        except Exception:
            log.exception("handling the event %r failed", event)

    async def publish(self, event: dict[str, Any]) -> None:
        # The change is committed already: if Redis is down the others catch up from the database later,
        # so a failure here is logged, never turned into an error for the player who moved.
        try:
            await self.client.publish(CHANNEL, orjson.dumps({**event, "origin": self.origin}))
        except Exception as exc:
            log.error("could not publish %s of table %s to Redis: %s", event.get("kind"), event.get("table"), exc)

    async def claim(self, table_id: str) -> bool:
        try:
            return bool(await self._claim(keys=[LEASE_PREFIX + table_id], args=[self.origin, self.lease_ms]))
        except Exception as exc:
            log.error("could not claim table %s in Redis: %s", table_id, exc)
            return False

    async def healthy(self) -> bool:
        try:
            return bool(await self.client.ping())
        except Exception:
            return False

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
        for client in (self.client, self.subscriber):
            with contextlib.suppress(Exception):
                await client.aclose()


def make_fanout(redis_url: str | None, lease_seconds: float) -> Fanout:
    return RedisFanout(redis_url, lease_seconds) if redis_url else Fanout()
