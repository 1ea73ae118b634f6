"""Bot seats and clocks of the live tables, mixed into `Arena`.

A bot seat plays as soon as it is its turn, thinking in a thread on a clone of
the state so the server stays responsive, and submits its move like a person
would. A person whose time is up is out of time, for everyone to see; they may
still move until another person expels them, and then a bot finishes their seat
(a forfeit). With several
server processes only the holder of a table's lease (`fanout.py`) runs its bots
and its clock, so a move is never played twice and a process that stops hands
its tables over when the lease lapses.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select

from kameleon.ai import make_agent
from kameleon.engine.messages import msg
from kameleon.engine.seeding import bot_seed
from kameleon.server.catalogue import default_bot
from kameleon.server.errors import ApiError
from kameleon.server.models import Move, Seat

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from kameleon.server.fanout import Fanout
    from kameleon.server.live import LiveTable
    from kameleon.server.settings import Settings

log = logging.getLogger("kameleon.server")
BOT_RETRIES = 3
TIMER_SLACK = 0.05
"""Seconds past a deadline the timer wakes, so that the time is up when it looks."""


class Autopilot:
    """The bot and clock scheduling of `Arena` (which provides the attributes and methods declared here)."""

    settings: Settings
    fanout: Fanout

    if TYPE_CHECKING:

        def db(self) -> Session: ...

        async def submit(self, live: LiveTable, seat: int | None, text: Any, expect: Any = None) -> None: ...

        def _catch_up(self, live: LiveTable) -> bool: ...

        async def announce(self, live: LiveTable, frame: dict[str, Any]) -> None: ...

        async def refresh(self, table_id: str) -> LiveTable: ...

    def schedule_bots(self, live: LiveTable) -> None:
        if live.bot_task is not None and not live.bot_task.done():
            return
        seat = live.state.current_player
        if live.status == "playing" and seat is not None and live.bot_level(seat):
            live.bot_task = asyncio.get_running_loop().create_task(self._bot_turns(live))

    def schedule_timer(self, live: LiveTable) -> None:
        """Arm the clock of the person to move: when their time is up everyone is told they are out of time
        (they may still move until another person expels them). The server expels them itself only where no
        person can act on the absence: once they have been out of time for a grace period (`absent_grace`),
        if no person at the table has it open (every person is away past their time). A person alone with
        bots who still has the table open is never expelled by the server, nor are the others' choices made
        for them while one of them is there."""
        if live.timer_task is not None:
            live.timer_task.cancel()
            live.timer_task = None
        seat = live.state.current_player
        if live.clock is None or live.status != "playing" or seat is None or live.bot_level(seat):
            return
        left = live.clock.left(seat, seat, time.time())
        if left > 0:
            delay, expel = left + TIMER_SLACK, False
        else:
            delay, expel = max(left + self.absent_grace(live), 0.0), True
        task = self._expel_later(live, seat, len(live.tokens), delay) if expel else None
        if task is None:
            task = self._out_of_time(live, seat, len(live.tokens), delay)
        live.timer_task = asyncio.get_running_loop().create_task(task)

    def absent_grace(self, live: LiveTable) -> float:
        assert live.clock is not None
        own = live.clock.per_move if live.clock.per_move is not None else live.clock.initial
        return min(self.settings.absent_grace, own)

    async def _out_of_time(self, live: LiveTable, seat: int, moves: int, delay: float) -> None:
        await asyncio.sleep(max(0.0, delay))
        if not await self.fanout.claim(live.id):
            return  # another process runs this table's clock
        async with live.lock:  # a move being stored right now wins over the time-out
            if self.fanout.enabled:
                self._catch_up(live)  # the seat may have moved in time, through another process
            if live.status != "playing" or len(live.tokens) != moves or live.state.current_player != seat:
                return
            if not live.out_of_time(seat):
                live.timer_task = None
                self.schedule_timer(live)  # woken a little early
                return
        await self.announce(live, {"type": "out_of_time", "seat": seat})
        # Every frame from now on says so (`clock.out_of_time`), to sockets that connect later too.
        live.broadcast_state()
        if self.fanout.enabled:
            await self.fanout.publish({"kind": "refresh", "table": live.id})
        live.timer_task = None
        self.schedule_timer(live)

    async def _expel_later(self, live: LiveTable, seat: int, moves: int, delay: float) -> None:
        await asyncio.sleep(max(0.0, delay))
        while live.present():
            # Someone at the table can act (expel, or move if it is them): look again a grace period later.
            await asyncio.sleep(max(self.absent_grace(live), 1.0))
            if live.status != "playing" or len(live.tokens) != moves:
                return
        if not await self.fanout.claim(live.id):
            return
        live.timer_task = None
        try:
            await self.expel(live, seat, None, moves)
        except ApiError as exc:
            log.info("table %s: seat %s not expelled: %s", live.id, seat, exc.message)

    async def expel(self, live: LiveTable, seat: int, by: int | None, moves: int | None = None) -> None:
        """A bot finishes the seat of a person out of time, who forfeits (`ratings.py` ranks them last).

        `by`: the seat of the person who asked (None: the server, at a table with no other person). `moves`:
        only if the game is still at that many moves."""
        async with live.lock:
            if self.fanout.enabled:
                self._catch_up(live)
            if live.status != "playing":
                raise ApiError(409, msg("expel_not_playing", "only a game in progress has seats to expel"))
            if live.clock is None:
                raise ApiError(409, msg("expel_no_limit", "this table has no time limit: nobody can be expelled"))
            if moves is not None and len(live.tokens) != moves:
                return
            if not live.out_of_time(seat):
                raise ApiError(
                    409, msg("expel_in_time", "seat {seat} is not out of time: it cannot be expelled", seat=seat)
                )
            with self.db() as db:
                stored = db.scalar(select(func.count()).select_from(Move).where(Move.table_id == live.id)) or 0
                row = db.get(Seat, (live.id, seat))
                if stored != len(live.tokens) or row is None or row.bot or row.user_id is None:
                    raise ApiError(409, msg("expel_moved", "seat {seat} has just moved", seat=seat))
                row.bot, row.name = default_bot(), f"{row.name or 'seat'} (bot)"[:40]
                row.timed_out = True  # announced now, and to every socket that connects later (realtime.py)
                db.commit()
        await self.announce(live, {"type": "expelled", "seat": seat, "by": by})
        await self.refresh(live.id)

    def _agent(self, live: LiveTable, seat: int) -> Any:
        level = live.bot_level(seat)
        agent = live.agents.get(seat)
        if agent is None or getattr(agent, "_kameleon_level", None) != level:
            agent = make_agent(level or "random", seed=bot_seed(live.state.seed or 0, seat))
            agent._kameleon_level = level  # type: ignore[attr-defined]
            live.agents[seat] = agent
        return agent

    async def _bot_turns(self, live: LiveTable) -> None:
        """Play every bot turn in a row; the bot thinks in a thread on a clone so the server stays responsive."""
        failures = 0
        while live.status == "playing":
            state = live.state
            seat = state.current_player
            if seat is None or not live.bot_level(seat):
                return
            if not await self.fanout.claim(live.id):
                return  # another process plays this table's bots
            if self.settings.bot_delay > 0:
                await asyncio.sleep(self.settings.bot_delay)
            snapshot = state.clone()
            try:
                action = await asyncio.to_thread(self._agent(live, seat).act, snapshot)
                text = snapshot.action_to_str(action)
            except Exception:
                log.exception("bot of table %s seat %s failed; playing a random legal move", live.id, seat)
                text = snapshot.action_to_str(random.choice(snapshot.legal_actions()))
            try:
                await self.submit(live, seat, text, expect=len(snapshot.history))
                failures = 0
            except ApiError as exc:
                failures += 1
                if failures >= BOT_RETRIES:
                    log.error("bot of table %s seat %s gave up: %s", live.id, seat, exc.message)
                    return
            except Exception:
                log.exception("table %s: the bot move %r of seat %s could not be stored", live.id, text, seat)
                return
