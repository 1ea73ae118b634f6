"""The arena's core: the database, the live tables and move submission (bot seats and clocks: `autopilot.py`).

Order of events for a move (server-authoritative, nothing lost on a crash):
parse it and apply it to a clone of the state (the engine rejects it, the stored
game and the live state untouched); insert the move row and, on the last move,
the result and ratings in one transaction; commit; only then swap in the new
state and broadcast each connection its own view. With several server processes
(a Redis URL), the others then hear of the move through `fanout.py`.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import time
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

import kameleon
from kameleon.engine.errors import IllegalAction, KameleonError
from kameleon.engine.messages import msg
from kameleon.server import auth, i18n, metrics, notation, ratings, results
from kameleon.server.analysis_jobs import Analyses
from kameleon.server.autopilot import Autopilot
from kameleon.server.catalogue import json_safe
from kameleon.server.clock import Clock, stored_time
from kameleon.server.db import make_engine, migrate, ping, session_factory
from kameleon.server.errors import ApiError
from kameleon.server.fanout import make_fanout
from kameleon.server.live import LiveTable
from kameleon.server.mail import Mailer
from kameleon.server.models import GameTable, Move, Seat
from kameleon.server.settings import Settings
from kameleon.server.throttle import Throttle
from kameleon.server.writer import MoveWriter

log = logging.getLogger("kameleon.server")
MAX_TOKEN = 200


def turn_based(meta: dict[str, Any]) -> bool:
    """A table with a deadline per move (its `time` is `{"per_move": seconds}`)."""
    time_control = meta.get("time")
    return isinstance(time_control, dict) and time_control.get("per_move") is not None


def iso(when: datetime | None) -> str | None:
    if when is None:
        return None
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).isoformat()


def table_meta(db: Session, row: GameTable) -> dict[str, Any]:
    """The public facts of a table (never its seed nor its invite code)."""
    seats = db.scalars(select(Seat).where(Seat.table_id == row.id).order_by(Seat.seat)).all()
    try:
        title = kameleon.load(row.game, **row.options).title
    except Exception:
        title = row.game
    control = stored_time(row.time_initial, row.time_increment, row.time_per_move)
    return {
        "id": row.id,
        "game": row.game,
        "title": title,
        "options": json_safe(row.options),
        "status": row.status,
        "private": row.private,
        "created_by": row.created_by,
        "created_at": iso(row.created_at),
        "started_at": iso(row.started_at),
        "finished_at": iso(row.finished_at),
        "rematch_of": row.rematch_of,
        "rematch_id": row.rematch_id,
        "result": row.result,
        "time": None if control is None else control.public(),
        "rated": row.rated is not False,
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "user_id": s.user_id,
                "bot": s.bot,
                "kind": "bot" if s.bot else "human" if s.user_id is not None else "empty",
                "timed_out": s.timed_out,
                # A person's seat a bot finished: who sat there (without the stored " (bot)") and why, so
                # that lists name the person with a mark rather than "Ann (bot)".
                "person": (s.name or "").removesuffix(" (bot)") if s.user_id is not None and s.bot else None,
                "forfeit": ("expelled" if s.timed_out else "left") if s.user_id is not None and s.bot else None,
            }
            for s in seats
        ],
    }


class Arena(Autopilot):
    """One server process's view of the arena; created by `create_app`, kept on `app.state.arena`."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.engine = make_engine(settings.normalised_url(), settings.sqlite_synchronous)
        migrate(self.engine)
        self.sessions = session_factory(self.engine)
        self.writer = MoveWriter(self.engine)
        self.tables: dict[str, LiveTable] = {}
        self.open_sockets: collections.Counter[str] = collections.Counter()
        """Table sockets open in this server process, by client key (`throttle.client_key`)."""
        self.chat_times: dict[int, list[float]] = {}
        """When each person sent their chat lines of the last minute (in this server process)."""
        self.throttle = Throttle(settings)
        self._loading: dict[str, tuple[asyncio.Lock, int]] = {}
        """Per table being rebuilt: its lock and how many wait on it (one long table never holds up another)."""
        self.fanout = make_fanout(settings.redis_url, settings.lease_seconds)
        self.mailer = Mailer(
            self.sessions,
            settings.smtp_url,
            settings.mail_from,
            settings.public_url,
            settings.mail_retry,
            settings.mail_poll,
            settings.confirm_pause,
            settings.turn_mail_delay,
        )
        self.mailer.present = self.at_table
        self.analyses = Analyses(
            self.sessions,
            self._record_of,
            settings.analysis_workers,
            settings.analysis_iterations or None,
            alone=not self.fanout.enabled,
        )

    async def _record_of(self, table_id: str) -> dict[str, Any]:
        """A finished table's record, for its analysis."""
        return (await self.current(table_id)).record()

    def at_table(self, table_id: str, user_id: int) -> bool:
        """Whether the person has the table open on a socket of this process."""
        live = self.tables.get(table_id)
        return live is not None and any(c.user_id == user_id and not c.closed for c in live.connections)

    async def start(self) -> None:
        """Join the other server processes (when there are any), then resume the games in progress."""
        await self.fanout.start(self.on_event)
        await self.resume_all(restarted=True)

    async def watch(self) -> None:
        """With other processes: pick up the tables whose bots or clocks lapsed with a process that stopped."""
        while True:
            await asyncio.sleep(self.settings.lease_seconds / 2)
            try:
                await self.resume_all()
            except Exception:
                log.exception("taking over the tables of a stopped process failed; trying again later")

    def db(self) -> Session:
        return self.sessions()

    def healthy(self) -> bool:
        return ping(self.engine)

    async def problem(self) -> str | None:
        """What keeps the arena from working (None when the database and, with several processes, Redis answer)."""
        if not await asyncio.to_thread(self.healthy):
            return "database unreachable"
        if not await self.fanout.healthy():
            return "redis unreachable"
        return None

    async def resume_all(self, restarted: bool = False) -> None:
        """After a (re)start: load every game in progress so that bot seats carry on by themselves.

        With other processes this also runs every few seconds (`watch`): it catches up the tables whose
        move events this process missed (while Redis was away) and offers to take over their bots and clocks.
        After a restart, the real-time clock of the seat to move starts again from what it had left at its
        turn's start: the time the server was down is nobody's thinking time. A turn-based deadline stays.
        """
        with self.db() as db:
            stored = db.execute(
                select(GameTable.id, func.count(Move.number))
                .outerjoin(Move, Move.table_id == GameTable.id)
                .where(GameTable.status == "playing")
                .group_by(GameTable.id)
            ).all()
        for table_id, moves in stored:
            try:
                live = await self.live(table_id)
            except ApiError as exc:
                log.error("table %s cannot be resumed: %s", table_id, exc.message)
                continue
            if moves > len(live.tokens):
                async with live.lock:
                    self._catch_up(live)
            if restarted and live.clock is not None and live.clock.per_move is None:
                # A deadline per move is a date that the others wait for: it stays where it was.
                live.clock.turn_started = time.time()
            self.schedule_bots(live)
            if live.timer_task is None or live.timer_task.done():
                self.schedule_timer(live)

    async def sweep_sessions(self) -> None:
        """Delete expired login sessions now and every `session_sweep` seconds, until cancelled."""
        while True:
            try:
                deleted = await asyncio.to_thread(self._purge_sessions)
                if deleted:
                    log.info("deleted %d expired login sessions", deleted)
            except Exception:
                log.exception("sweeping expired login sessions failed; trying again later")
            await asyncio.sleep(self.settings.session_sweep)

    def _purge_sessions(self) -> int:
        with self.db() as db:
            deleted = auth.purge_expired(db)
            db.commit()
        return deleted

    async def live(self, table_id: str) -> LiveTable:
        """The table in memory, rebuilt from (options, seed, moves) on first use."""
        found = self.tables.get(table_id)
        if found is None:
            lock, waiting = self._loading.get(table_id, (asyncio.Lock(), 0))
            self._loading[table_id] = (lock, waiting + 1)
            try:
                async with lock:
                    found = self.tables.get(table_id)
                    if found is None:
                        # Replaying up to 20,000 moves: in a worker thread, so that the other clients are served.
                        found = await asyncio.to_thread(self._load, table_id)
                        self.tables[table_id] = found
            finally:
                lock, waiting = self._loading[table_id]
                if waiting == 1:
                    del self._loading[table_id]
                else:
                    self._loading[table_id] = (lock, waiting - 1)
        found.used = time.monotonic()
        return found

    async def evict_idle(self) -> None:
        """Drop from memory, every so often, the tables nobody has watched or used for `idle_table_seconds`.

        A table stays while a socket watches it or its bots or clock run here (in a process that shares
        tables with others through Redis, every game in progress stays: `watch` would load it again)."""
        idle = self.settings.idle_table_seconds
        while True:
            await asyncio.sleep(min(60.0, idle / 2))
            cutoff = time.monotonic() - idle
            for table_id, live in list(self.tables.items()):
                busy = live.connections or live.lock.locked() or (live.bot_task and not live.bot_task.done())
                if busy or (live.timer_task and not live.timer_task.done()) or live.used > cutoff:
                    continue
                if live.status == "playing" and self.fanout.enabled:
                    continue
                self.forget(table_id)

    def _load(self, table_id: str) -> LiveTable:
        with self.db() as db:
            row = db.get(GameTable, table_id) if isinstance(table_id, str) and len(table_id) <= 16 else None
            if row is None:
                raise ApiError(404, msg("no_table", "there is no table {table!r}", table=table_id))
            tokens = list(db.scalars(select(Move.token).where(Move.table_id == table_id).order_by(Move.number)))
            meta = table_meta(db, row)
            try:
                initial = kameleon.load(row.game, **row.options).new_state(row.seed)
                # One pass rebuilds the position and every viewer's log (events are never replayed per frame).
                state, logs = notation.replay(initial, tokens)
            except KameleonError as exc:
                log.error("table %s cannot be rebuilt from its moves: %s", table_id, exc)
                raise ApiError(
                    409,
                    msg(
                        "table_broken",
                        "table {table} cannot be rebuilt from its moves: {detail}",
                        table=table_id,
                        detail=exc.message,
                    ),
                    game=row.game,
                ) from None
            clock = self._clock(db, row)
            completed = results.complete(row.result, state, meta["seats"])
            if completed is not None:
                # Finished before results carried places and breakdowns: completed once, and stored.
                row.result = completed
                db.commit()
                meta = table_meta(db, row)
        return LiveTable(id=table_id, meta=meta, state=state, logs=logs, clock=clock)

    @staticmethod
    def _clock(db: Session, row: GameTable) -> Clock | None:
        """The table's clocks, rebuilt from the move times (None without time control or before the start)."""
        if (row.time_initial is None and row.time_per_move is None) or row.started_at is None:
            return None
        moves = db.execute(select(Move.seat, Move.created_at).where(Move.table_id == row.id).order_by(Move.number))
        players = int(row.options["players"])
        return Clock.rebuild(
            row.time_initial or 0.0,
            row.time_increment or 0.0,
            players,
            row.started_at,
            [(seat, when) for seat, when in moves],
            per_move=row.time_per_move,
        )

    async def refresh(self, table_id: str) -> LiveTable:
        """Reload a table's metadata after a change of seats or status, tell everyone watching, wake the bots."""
        live = await self._reload_meta(table_id)
        if self.fanout.enabled:
            await self.fanout.publish({"kind": "refresh", "table": table_id})
        return live

    async def sign_out(self, user_id: int) -> None:
        """Close the table sockets of someone who logged out: they spoke for a session that has ended.

        A page that still holds a valid session (another browser) reconnects by itself, as that person."""
        for live in list(self.tables.values()):
            for connection in [c for c in live.connections if c.user_id == user_id]:
                with contextlib.suppress(Exception):  # already closing
                    reason = i18n.close_reason(msg("socket_logged_out", "logged out"), connection.language)
                    await connection.websocket.close(code=4401, reason=reason)

    async def announce(self, live: LiveTable, frame: dict[str, Any]) -> None:
        """Send a frame to everyone watching the table, in every server process."""
        live.broadcast(frame)
        if self.fanout.enabled:
            await self.fanout.publish({"kind": "frame", "table": live.id, "frame": frame})

    async def _reload_meta(self, table_id: str) -> LiveTable:
        live = await self.live(table_id)
        self._read_meta(live)
        live.agents = {seat: agent for seat, agent in live.agents.items() if live.bot_level(seat)}
        live.broadcast_state()
        self.schedule_bots(live)
        self.schedule_timer(live)
        if not live.tokens:
            self.turn_began(live)  # the first turn (a no-op but once: the mail's key)
        return live

    def _read_meta(self, live: LiveTable) -> None:
        """The table's seats, status and clocks as stored; connections follow their users' seats."""
        with self.db() as db:
            row = db.get(GameTable, live.id)
            assert row is not None
            live.meta = table_meta(db, row)
            if live.clock is None:
                live.clock = self._clock(db, row)
        live.reseat_connections()

    def summaries(self, table_ids: list[str]) -> list[dict[str, Any]]:
        """Lobby rows: live tables from memory, the others from the database without replaying them."""
        rows = []
        with self.db() as db:
            for table_id in table_ids:
                live = self.tables.get(table_id)
                if live is not None:
                    rows.append(live.summary())
                    continue
                row = db.get(GameTable, table_id)
                if row is None:
                    continue
                count = db.scalar(select(func.count()).select_from(Move).where(Move.table_id == table_id)) or 0
                rows.append({**table_meta(db, row), "moves": count, "current_player": None})
        return rows

    def forget(self, table_id: str) -> None:
        live = self.tables.pop(table_id, None)
        if live is not None:
            live.stop()

    async def submit(self, live: LiveTable, seat: int | None, text: Any, expect: Any = None) -> None:
        """Play `text` for `seat`; raises ApiError (nothing changed) when it cannot be accepted."""
        if seat is None:
            raise ApiError(403, msg("spectator_move", "you do not hold a seat at this table; spectators cannot move"))
        if not isinstance(text, str) or not text.strip():
            raise ApiError(422, msg("move_not_text", "'move' must be a non-empty string in the game's notation"))
        if len(text) > MAX_TOKEN:
            raise ApiError(422, msg("move_too_long", "'move' is longer than {limit} characters", limit=MAX_TOKEN))
        if expect is not None and (isinstance(expect, bool) or not isinstance(expect, int)):
            raise ApiError(422, msg("bad_expect", "'expect' must be the integer number of moves played so far"))
        received = time.perf_counter()
        async with live.lock:
            for attempt in (1, 2):
                try:
                    following, token = self._validate(live, seat, text, expect)
                    now = time.time()
                    await self._store(live, seat, token, following, now)
                    break
                except ApiError:
                    # This process may not have heard yet of moves another one stored: catch up from the
                    # database and judge the move once more (only then, so a move costs no extra query).
                    if attempt == 2 or not (self.fanout.enabled and self._catch_up(live)):
                        raise
            self._advance(live, following, seat, token, now)
            live.broadcast_state()
            metrics.MOVES.inc()
            metrics.MOVE_SECONDS.observe(time.perf_counter() - received)
            if self.fanout.enabled:
                event = {"kind": "move", "table": live.id, "number": len(live.tokens), "token": token}
                await self.fanout.publish({**event, "seat": seat, "at": now})
        self.schedule_bots(live)
        self.schedule_timer(live)
        if live.state.current_player != seat:
            self.turn_began(live)

    def turn_began(self, live: LiveTable) -> None:
        """The turn passed to another seat (or the game began): a person of a turn-based table may want a mail.

        Only the process that stored the move (or started the table) calls this; the mail's key makes a second
        call for the same turn a no-op, and the writing happens in the background (`mail.py`)."""
        seat = live.state.current_player
        if not self.mailer.enabled or live.status != "playing" or seat is None or live.bot_level(seat):
            return
        if not turn_based(live.meta):
            return
        self.mailer.turn_waiting(live.id, seat, len(live.tokens))

    @staticmethod
    def _validate(live: LiveTable, seat: int, text: str, expect: int | None) -> tuple[Any, str]:
        """The state after `text` and the move's token, or ApiError saying why it cannot be played now."""
        if live.status != "playing":
            if live.status == "open":
                raise ApiError(409, msg("game_not_started", "the game at this table has not started"))
            raise ApiError(409, msg("game_over", "the game at this table is over"))
        state = live.state
        if expect is not None and expect != len(live.tokens):
            raise ApiError(
                409,
                msg(
                    "stale_move",
                    "stale move: you expected {expected} moves played but there are {played}",
                    expected=expect,
                    played=len(live.tokens),
                ),
            )
        if state.current_player != seat:
            raise ApiError(
                409,
                msg(
                    "not_your_turn",
                    "it is seat {current}'s turn, not seat {seat}'s",
                    current=state.current_player,
                    seat=seat,
                ),
            )
        try:
            action = state.parse_action(text)
            following = state.clone()
            following.apply(action)
            # The token exactly as `record()` will write it: the history's action in the notation of the
            # position it was played in (a game may store a more explicit action than the text given).
            token = state.action_to_str(following.history[-1])
        except IllegalAction as exc:
            # The engine's own explanation and code, in its game's words.
            raise ApiError(422, exc.message, game=state.game.name) from None
        return following, token

    @staticmethod
    def _advance(live: LiveTable, following: Any, seat: int, token: str, now: float) -> None:
        """Make a stored move part of the live table: clock, every viewer's log entry, state, tokens."""
        if live.clock is not None:
            live.clock.charge(seat, now)
        live.logs.add(live.state, following.history[-1], following, token)
        live.state = following

    def _follow(self, live: LiveTable, token: str, seat: int, when: float) -> None:
        """Apply a move another process stored (the caller holds the table's lock)."""
        following = live.state.clone()
        following.apply_str(token)
        self._advance(live, following, seat, token, when)
        if following.is_terminal:
            self._read_meta(live)

    def _catch_up(self, live: LiveTable) -> bool:
        """Apply the moves other processes stored since this table was last brought up to date, and reload its
        seats and status if another process changed its status; when anything changed, send every connection
        its new frame and return True. The caller holds the table's lock."""
        with self.db() as db:
            status = db.scalar(select(GameTable.status).where(GameTable.id == live.id))
            rows = db.execute(
                select(Move.seat, Move.token, Move.created_at)
                .where(Move.table_id == live.id, Move.number > len(live.tokens))
                .order_by(Move.number)
            ).all()
        for seat, token, when in rows:
            moment = when if when.tzinfo else when.replace(tzinfo=UTC)
            self._follow(live, token, seat, moment.timestamp())
        changed = status is not None and status != live.status
        if changed:
            self._read_meta(live)
        if changed or rows:
            live.broadcast_state()
            return True
        return False

    async def current(self, table_id: str) -> LiveTable:
        """The table in memory; with other processes, first brought up to date with what they stored."""
        live = await self.live(table_id)
        if self.fanout.enabled:
            async with live.lock:
                self._catch_up(live)
        return live

    async def on_event(self, event: dict[str, Any]) -> None:
        """Another server process changed a table: bring this process's copy up to date and tell its sockets."""
        live = self.tables.get(str(event.get("table")))
        if live is None:
            return  # not in memory here: it is rebuilt from the database when someone asks for it
        kind = event.get("kind")
        if kind == "frame" and isinstance(event.get("frame"), dict):
            live.broadcast(event["frame"])
        elif kind == "refresh":
            await self._reload_meta(live.id)
        elif kind == "move":
            async with live.lock:
                number = event.get("number")
                if isinstance(number, int) and number <= len(live.tokens):
                    return  # caught up already
                if number == len(live.tokens) + 1:
                    self._follow(live, str(event["token"]), int(event["seat"]), float(event["at"]))
                    live.broadcast_state()
                elif not self._catch_up(live):
                    return
            self.schedule_bots(live)
            self.schedule_timer(live)

    async def _store(self, live: LiveTable, seat: int, token: str, following: Any, now: float) -> None:
        """Commit the move row (group-committed with other tables' moves); the last move also stores the result
        and the ratings, in the same transaction as its row."""
        number = len(live.tokens) + 1
        moment = datetime.fromtimestamp(now, UTC)
        row_values = {"table_id": live.id, "number": number, "seat": seat, "token": token, "created_at": moment}
        if not following.is_terminal:
            try:
                await self.writer.write(row_values)
            except IntegrityError:
                raise ApiError(
                    409,
                    msg(
                        "move_stored_elsewhere",
                        "move {number} of this table was already stored by another server",
                        number=number,
                    ),
                ) from None
            return
        with self.db() as db:
            db.add(Move(**row_values))
            row = db.get(GameTable, live.id)
            assert row is not None
            row.status = "finished"
            row.finished_at = moment
            result = results.outcome(following, live.meta["seats"])
            changes = ratings.record_result(db, row.game, live.meta["seats"], result) if row.rated else None
            row.result = result if changes is None else {**result, "ratings": changes}
            try:
                db.commit()
            except IntegrityError:
                db.rollback()
                raise ApiError(
                    409,
                    msg(
                        "move_stored_elsewhere",
                        "move {number} of this table was already stored by another server",
                        number=number,
                    ),
                ) from None
            live.meta = table_meta(db, row)

    async def close(self) -> None:
        await self.analyses.close()
        await self.mailer.close()
        await self.fanout.close()
        for live in list(self.tables.values()):
            live.stop()
        self.tables.clear()
        self.engine.dispose()
