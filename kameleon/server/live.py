"""A table in memory: its State rebuilt from the database, the sockets watching it, its bots.

The database is the truth; a LiveTable is a cache of it that can be thrown away
and rebuilt from (options, seed, moves) at any time, e.g. after a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field
from typing import Any

import orjson
from starlette.websockets import WebSocket

from kameleon.engine.agent import Agent
from kameleon.engine.game import State
from kameleon.server.clock import Clock


def encode(frame: dict[str, Any]) -> str:
    """A frame as JSON text; views may key dicts by ints, which JSON turns into strings."""
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


class Connection:
    """One WebSocket: its seat (None = spectator) and an outbox of encoded frames drained by its own task.

    Broadcasting only queues frames, so a slow client never holds up a table; a frame shared by several
    connections (same seat, or every spectator) is encoded once.
    """

    def __init__(self, websocket: WebSocket, user_id: int | None, seat: int | None) -> None:
        self.websocket = websocket
        self.user_id = user_id
        self.seat = seat
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()

    def send(self, frame: dict[str, Any]) -> None:
        self.outbox.put_nowait(encode(frame))

    def send_text(self, text: str) -> None:
        self.outbox.put_nowait(text)

    def close(self) -> None:
        self.outbox.put_nowait(None)

    async def pump(self) -> None:
        while True:
            frame = await self.outbox.get()
            if frame is None:
                return
            try:
                await self.websocket.send_text(frame)
            except Exception:
                return


@dataclass
class LiveTable:
    id: str
    meta: dict[str, Any]
    state: State[Any]
    tokens: list[str]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    agents: dict[int, Agent] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    clock: Clock | None = None
    seen: dict[int | None, list[str]] | None = None
    """Per-seat move logs for games whose notation can name hidden things (see notation.py); None: public."""
    timer_task: asyncio.Task[None] | None = None

    @property
    def status(self) -> str:
        status: str = self.meta["status"]
        return status

    def seat_of(self, user_id: int | None) -> int | None:
        if user_id is None:
            return None
        for seat in self.meta["seats"]:
            if seat["user_id"] == user_id and seat["kind"] == "human":
                return int(seat["seat"])
        return None

    def bot_level(self, seat: int) -> str | None:
        level: str | None = self.meta["seats"][seat]["bot"]
        return level

    def summary(self) -> dict[str, Any]:
        playing = self.status == "playing"
        return {
            **self.meta,
            "moves": len(self.tokens),
            "current_player": self.state.current_player if playing else None,
        }

    def frame(self, seat: int | None) -> dict[str, Any]:
        """Everything a seat (or spectator) is sent: the engine's view for it and nothing hidden."""
        state = self.state
        legal: list[str] = []
        if self.status == "playing" and seat is not None and state.current_player == seat:
            legal = [state.action_to_str(a) for a in state.legal_actions()]
        return {
            "type": "state",
            "table": self.summary(),
            "seat": seat,
            "view": state.view(seat),
            "legal": legal,
            "log": self.log_for(seat),
            "clock": self.clock_json(),
        }

    def log_for(self, seat: int | None) -> list[str]:
        """The moves so far as `seat` may see them; everything once the game is over."""
        if self.seen is None or self.status in ("finished", "imported"):
            return list(self.tokens)
        return list(self.seen[seat])

    def clock_json(self) -> dict[str, Any] | None:
        if self.clock is None:
            return None
        running = self.state.current_player if self.status == "playing" else None
        return self.clock.public(running, time.time())

    def broadcast_state(self) -> None:
        frames: dict[int | None, str] = {}
        for connection in list(self.connections):
            if connection.seat not in frames:
                frames[connection.seat] = encode(self.frame(connection.seat))
            connection.send_text(frames[connection.seat])

    def broadcast(self, frame: dict[str, Any]) -> None:
        text = encode(frame)
        for connection in list(self.connections):
            connection.send_text(text)

    def reseat_connections(self) -> None:
        for connection in self.connections:
            connection.seat = self.seat_of(connection.user_id)

    def stop(self) -> None:
        for task in (self.bot_task, self.timer_task):
            if task is not None:
                task.cancel()
        for connection in self.connections:
            connection.close()
        with contextlib.suppress(Exception):
            self.connections.clear()
