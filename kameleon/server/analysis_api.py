"""The analysis of finished games and hints: `/api/tables/{id}/analysis` and `/api/tables/{id}/hint`.

`POST /api/tables/{id}/analysis` asks for a finished table's analysis (run in the background by
`analysis_jobs.py`), `GET` reads it: `{"status": "none" | "pending" | "running" | "done" | "failed", "done",
"total", "analysis"?, "stale"?, "error"?, "code"?}`. A table is analysed once: asking again returns the stored or
running job (only a failed one is started again, or a `stale` one: judged by another analyst than this server's,
`kameleon.ai.analysis.analyst`), and only a new job counts against the `analysis` limits (per person and per
client address). Whoever may watch the replay may ask and read.

`POST /api/tables/{id}/hint` answers the move the strongest level would play for the asking seat
(`kameleon.ai.analysis.hint`, from that seat's information only), in a thread, at most `HINTS_AT_ONCE` at a
time per process and bounded per person (`hint` limits). Only at an unrated table (`rated` false) where every
other seat is a bot's: a hint is help against a bot, never against a person nor towards a rating.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from kameleon.engine.game import State, foreseen_event
from kameleon.engine.messages import msg
from kameleon.server import i18n
from kameleon.server.analysis_jobs import is_stale, job_json
from kameleon.server.api import _finished, _may_watch, address, arena_of, need_user
from kameleon.server.errors import ApiError
from kameleon.server.models import AnalysisJob
from kameleon.server.schemas import NoBody

router = APIRouter(prefix="/api")
HINTS_AT_ONCE = 2
"""Hints one process searches at once (each takes a core for about a second); more wait their turn."""
_hinting = asyncio.Semaphore(HINTS_AT_ONCE)
MAX_ANALYSED_MOVES = 1_000
"""Moves of the longest game analysed: the longest games measured have about 600, and each decision is a search,
so a longer record would hold the analysis worker for the time of many real games."""


def utcnow() -> datetime:
    return datetime.now(UTC)


def _job(db: Session, table_id: str) -> AnalysisJob | None:
    return db.get(AnalysisJob, table_id)


@router.get("/tables/{table_id}/analysis")
async def get_analysis(request: Request, table_id: str) -> dict[str, Any]:
    """The finished table's analysis: `{"status", "done", "total"}` (progress), with `"analysis"` once done;
    `"status": "none"` until someone asks for it. Whoever may watch the replay may read it."""
    _may_watch(request, table_id)
    arena = arena_of(request)
    live = await arena.current(table_id)
    _finished(live)
    with arena.db() as db:
        return _answer(request, _job(db, table_id), arena.analyses.analyst(live.state.game))


def _answer(request: Request, row: AnalysisJob | None, analyst: str) -> dict[str, Any]:
    answer = job_json(row, analyst)
    if row is not None and row.status == "failed":
        failed = msg("analysis_failed", "the analysis of this game failed; ask again to try once more")
        answer.update(error=i18n.render(failed, i18n.language_of(request)), code=failed.code)
    return answer


@router.post("/tables/{table_id}/analysis")
async def ask_analysis(request: Request, table_id: str, body: NoBody | None = None) -> dict[str, Any]:
    """Analyse the finished table (once: asking again answers the stored or running job; a failed or stale one
    starts again). Whoever may watch the replay may ask; a new job counts against the `analysis` limits."""
    arena = arena_of(request)
    with arena.db() as db:
        user = need_user(db, request)
    _may_watch(request, table_id)
    live = await arena.current(table_id)
    _finished(live)
    analyst = arena.analyses.analyst(live.state.game)

    def again(row: AnalysisJob) -> bool:
        return row.status == "failed" or is_stale(row, analyst)

    with arena.db() as db:
        row = _job(db, table_id)
    if row is not None and not again(row):
        return _answer(request, row, analyst)
    if len(live.tokens) > MAX_ANALYSED_MOVES:
        raise ApiError(
            422,
            msg(
                "analysis_too_long",
                "this game has {moves} moves: games of at most {most} are analysed",
                moves=len(live.tokens),
                most=MAX_ANALYSED_MOVES,
            ),
        )
    what = msg("what_analyses", "game analyses")
    await arena.throttle.check("analysis", "user", user.id, what=what)
    await arena.throttle.check("analysis_address", address(request), what=what)

    def store() -> AnalysisJob | None:
        with arena.db() as db:
            row = _job(db, table_id)
            if row is None:
                db.add(AnalysisJob(table_id=table_id, status="pending", requested_by=user.id))
            elif again(row):
                row.status, row.done, row.total, row.error, row.attempts = "pending", 0, None, None, 0
                row.result = None
                row.requested_by, row.created_at, row.finished_at = user.id, utcnow(), None
            try:
                db.commit()
            except IntegrityError:  # asked at the same moment through another request: that job is the one
                db.rollback()
            return _job(db, table_id)

    row = await asyncio.to_thread(store)
    arena.analyses.wake()
    return _answer(request, row, analyst)


@router.post("/tables/{table_id}/hint")
async def ask_hint(request: Request, table_id: str, body: NoBody | None = None) -> dict[str, Any]:
    """The move the strongest bot level would play for the caller's seat, from that seat's information:
    `{"move": token, "entry": {"seat", "move", "event"}, "moves": n}` (n: the moves played when it was asked).
    Only at an unrated table where every other seat is a bot's, on the caller's turn."""
    arena = arena_of(request)
    with arena.db() as db:
        user = need_user(db, request)
    live = await arena.current(table_id)
    seat = live.seat_of(user.id)
    if seat is None:
        raise ApiError(403, msg("hint_not_seated", "only the person playing a seat can ask for a hint"))
    if live.status != "playing":
        raise ApiError(409, msg("hint_not_playing", "hints are given only while the game is being played"))
    if live.meta.get("rated", True):
        raise ApiError(
            409,
            msg("hint_rated", "no hints in a rated game: hints are given only in unrated games against bots"),
        )
    if any(s["seat"] != seat and (s["kind"] != "bot" or s["person"]) for s in live.meta["seats"]):
        raise ApiError(
            409,
            msg("hint_against_people", "no hints against people: hints are given only in games against bots alone"),
        )
    if live.state.current_player != seat:
        raise ApiError(409, msg("hint_not_your_turn", "a hint is given for your own turn: wait until it is yours"))
    await arena.throttle.check("hint", "user", user.id, what=msg("what_hints", "hints"))
    await arena.throttle.check(
        "hint_address", address(request), what=msg("what_hints_address", "hints from one address")
    )
    state, moves = live.state.clone(), len(live.tokens)
    async with _hinting:
        entry = await asyncio.to_thread(_hint_entry, state, seat)
    return {"move": entry["move"], "entry": entry, "moves": moves}


def _hint_entry(state: State[Any], seat: int) -> dict[str, Any]:
    """The strongest level's move for `seat` as a log entry (the board words it and shows it)."""
    from kameleon.ai.analysis import hint

    token = hint(state.clone(), seat)
    return {"seat": seat, "move": token, "event": foreseen_event(state, seat, token)}  # no card a draw would reveal
