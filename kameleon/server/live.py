"""A table in memory: its State rebuilt from the database, the sockets watching it, its bots.

The database is the truth; a LiveTable is a cache of it that can be thrown away
and rebuilt from (options, seed, moves) at any time, e.g. after a restart.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import orjson
from starlette.websockets import WebSocket

from kameleon.engine.agent import Agent
from kameleon.engine.game import State
from kameleon.server.clock import Clock
from kameleon.server.notation import SeatLogs

log = logging.getLogger("kameleon.server")


def encode(frame: dict[str, Any]) -> str:
    """A frame as JSON text; views may key dicts by ints, which JSON turns into strings."""
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


class Connection:
    """One WebSocket: its seat (None = spectator) and a bounded outbox of encoded frames drained by its own task.

    Broadcasting only queues frames, so a slow client never holds up a table; a frame shared by several
    connections (same seat, or every spectator) is encoded once. A client that falls `limit` bytes behind
    (it does not read what it asked for) is cut off: its outbox is dropped, `closed` is set and the pump
    stops, and the socket's handler closes it. Nothing is ever buffered without bound.
    """

    def __init__(
        self, websocket: WebSocket, user_id: int | None, seat: int | None, limit: int = 1_000_000, language: str = "en"
    ) -> None:
        self.websocket = websocket
        self.language = language
        """The language of the socket's error frames and of the reason it is closed for."""
        self.user_id = user_id
        self.seat = seat
        self.limit = limit
        self.outbox: collections.deque[str] = collections.deque()
        self.pending = 0
        """Characters waiting in the outbox."""
        self.closed = False
        self.overflowed = False
        self.log_sent = 0
        """Log entries this socket was sent: the next state frame sends only those after them."""
        self.log_viewer: tuple[int | None, bool] | None = None
        """Whose log (seat, game over) those entries were: another one (reseated, game over) is sent whole."""
        self._wake = asyncio.Event()

    def send(self, frame: dict[str, Any]) -> None:
        self.send_text(encode(frame))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if self.pending + len(text) > self.limit:
            self.overflowed = True
            self.close()
            return
        self.outbox.append(text)
        self.pending += len(text)
        self._wake.set()

    def close(self) -> None:
        """Send nothing more; the pump stops (frames still waiting are dropped)."""
        self.closed = True
        self.outbox.clear()
        self.pending = 0
        self._wake.set()

    async def pump(self) -> None:
        while not self.closed:
            if not self.outbox:
                self._wake.clear()
                await self._wake.wait()
                continue
            text = self.outbox.popleft()
            self.pending -= len(text)
            try:
                await self.websocket.send_text(text)
            except Exception:
                self.closed = True


@dataclass
class LiveTable:
    id: str
    meta: dict[str, Any]
    state: State[Any]
    logs: SeatLogs
    """Every viewer's move log and the true tokens, extended move by move (see notation.py)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    agents: dict[int, Agent] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    clock: Clock | None = None
    timer_task: asyncio.Task[None] | None = None
    used: float = field(default_factory=time.monotonic)
    """When the table was last asked for (time.monotonic), for evicting idle tables."""

    @property
    def tokens(self) -> list[str]:
        """The moves played, in notation, as stored (one per move: the table's move count)."""
        return self.logs.tokens

    @property
    def status(self) -> str:
        status: str = self.meta["status"]
        return status

    def record(self) -> dict[str, Any]:
        """The finished game's record (it holds the seed: never before the game is over), named by the seats.

        The moves as the table stored them, one per move played (a game's own record may group several, as Le
        Caméléon's plies do): a downloaded game, imported again, counts the moves its table counted, and an
        analysis's `ply` is the index of the log entry and of the replay step before it."""
        names = [seat["name"] or f"seat {seat['seat']}" for seat in self.meta["seats"]]
        return {**self.state.record(players=names), "moves": list(self.tokens)}

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
        """Everything a seat (or spectator) is sent: the engine's view for it and nothing hidden, with the whole
        log (`log_from` 0)."""
        return {**self._frame_head(seat), "log_from": 0, "log": self.log_for(seat)}

    def frame_text(self, seat: int | None, log_from: int = 0) -> str:
        """`frame(seat)` encoded, with the log's entries from `log_from` on only: the log's text, encoded move by
        move as the moves came, is spliced in."""
        head = encode(self._frame_head(seat))
        return f'{head[:-1]},"log_from":{log_from},"log":{self.logs.log_text(seat, self._over, log_from)}}}'

    def send_frame(self, connection: Connection) -> None:
        """Send a connection its whole frame (on connect, on `sync`); later broadcasts send it only new entries."""
        connection.send_text(self.frame_text(connection.seat))
        self._sent(connection)

    def _sent(self, connection: Connection) -> None:
        connection.log_sent = len(self.tokens)
        connection.log_viewer = (connection.seat, self._over)

    def _frame_head(self, seat: int | None) -> dict[str, Any]:
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
            "clock": self.clock_json(),
        }

    @property
    def _over(self) -> bool:
        return self.status in ("finished", "imported")

    def log_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The moves so far, `{"seat", "move", "event"}` each, as `seat` may see them; everything once the
        game is over."""
        if self._over:
            return self.logs.final()
        return self.logs.seen_by(seat)

    def people(self) -> list[int]:
        """The seats a person holds (not those a bot holds or finishes for someone)."""
        return [int(seat["seat"]) for seat in self.meta["seats"] if seat["kind"] == "human"]

    def present(self) -> set[int]:
        """The people's seats with the table open on a socket of this process (they can act on an absence)."""
        people = set(self.people())
        return {c.seat for c in self.connections if c.seat is not None and c.seat in people and not c.closed}

    def clock_json(self) -> dict[str, Any] | None:
        if self.clock is None:
            return None
        running = self.state.current_player if self.status == "playing" else None
        return self.clock.public(running, time.time(), self.people())

    def out_of_time(self, seat: int) -> bool:
        """Whether `seat` is a person's, is to move, and its time is up: then another person may expel it."""
        running = self.state.current_player
        if self.clock is None or self.status != "playing" or seat != running or seat not in self.people():
            return False
        return self.clock.left(seat, running, time.time()) <= 0

    def broadcast_state(self) -> None:
        """Every connection its seat's new frame, carrying only the log entries it was not sent yet (`log_from`:
        the first one's index); the whole log when the log it holds is another (reseated; the game is over and
        shows everything). A frame that cannot be built is logged, never raised: the move behind it is stored
        already."""
        frames: dict[tuple[int | None, int], str | None] = {}
        moves, over = len(self.tokens), self._over
        for connection in list(self.connections):
            seat = connection.seat
            same = connection.log_viewer == (seat, over) and connection.log_sent <= moves
            key = (seat, connection.log_sent if same else 0)
            if key not in frames:
                try:
                    frames[key] = self.frame_text(*key)
                except Exception:
                    log.exception("table %s: the frame of seat %s cannot be built", self.id, seat)
                    frames[key] = None
            text = frames[key]
            if text is not None:
                connection.send_text(text)
                self._sent(connection)

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
