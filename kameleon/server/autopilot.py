"""Bot seats and clocks of the live tables, mixed into `Arena`.

A bot seat plays as soon as it is its turn, thinking in a thread on a clone of
the state so the server stays responsive, and submits its move like a person
would. A person's clock runs out into a bot taking the seat over. With several
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

from kameleon.ai import make_agent
from kameleon.server.catalogue import default_bot
from kameleon.server.errors import ApiError
from kameleon.server.models import Seat

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from kameleon.server.fanout import Fanout
    from kameleon.server.live import LiveTable
    from kameleon.server.settings import Settings

log = logging.getLogger("kameleon.server")
BOT_RETRIES = 3


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
        """Arm the clock of the seat to play: when a person's time runs out a bot takes the seat over."""
        if live.timer_task is not None:
            live.timer_task.cancel()
            live.timer_task = None
        seat = live.state.current_player
        if live.clock is None or live.status != "playing" or seat is None or live.bot_level(seat):
            return
        delay = live.clock.left(seat, seat, time.time())
        live.timer_task = asyncio.get_running_loop().create_task(self._time_out(live, seat, len(live.tokens), delay))

    async def _time_out(self, live: LiveTable, seat: int, moves: int, delay: float) -> None:
        await asyncio.sleep(max(0.0, delay))
        if not await self.fanout.claim(live.id):
            return  # another process runs this table's clock
        async with live.lock:  # a move being stored right now wins over the time-out
            if self.fanout.enabled:
                self._catch_up(live)  # the seat may have moved in time, through another process
            if live.status != "playing" or len(live.tokens) != moves or live.state.current_player != seat:
                return
            with self.db() as db:
                row = db.get(Seat, (live.id, seat))
                if row is None or row.bot:
                    return
                row.bot, row.name = default_bot(), f"{row.name or 'seat'} (bot)"[:40]
                row.timed_out = True  # announced now, and to every socket that connects later (realtime.py)
                db.commit()
        await self.announce(live, {"type": "timeout", "seat": seat})
        live.timer_task = None
        await self.refresh(live.id)

    def _agent(self, live: LiveTable, seat: int) -> Any:
        level = live.bot_level(seat)
        agent = live.agents.get(seat)
        if agent is None or getattr(agent, "_kameleon_level", None) != level:
            agent = make_agent(level or "random", seed=(live.state.seed or 0) * 31 + seat)
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
