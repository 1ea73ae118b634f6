"""Turn-based play around the tables: expelling a person out of time, and each person's unfinished games.

`POST /api/tables/{id}/expel {"seat": n}`: a seated person expels another whose time is up (`autopilot.py`).
`GET /api/me/games`: the caller's unfinished tables, those waiting for the caller first, then by deadline.
"""

from __future__ import annotations

import math
import time
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy import select

from kameleon.engine.messages import msg
from kameleon.server.api import arena_of, need_user
from kameleon.server.arena import Arena, iso
from kameleon.server.errors import ApiError
from kameleon.server.models import GameTable, Seat
from kameleon.server.schemas import ExpelIn

router = APIRouter(prefix="/api")
MY_GAMES = 200
"""The most unfinished tables listed (a person rarely has more than a few dozen)."""


@router.post("/tables/{table_id}/expel")
async def expel(request: Request, table_id: str, body: ExpelIn) -> dict[str, Any]:
    """Expel `{"seat": n}`, a person whose time is up: a bot finishes the seat, the person forfeits. Only a
    person seated at the table may ask; a table without a time limit expels nobody."""
    arena = arena_of(request)
    live = await arena.current(table_id)
    with arena.db() as db:
        user = need_user(db, request)
    mine = live.seat_of(user.id)
    if mine is None:
        raise ApiError(403, msg("expel_not_seated", "only the people playing at this table can expel a seat"))
    if not body.seat < len(live.meta["seats"]):
        raise ApiError(
            422, msg("bad_seat", "'seat' must be a seat number from 0 to {last}", last=len(live.meta["seats"]) - 1)
        )
    if body.seat == mine:
        raise ApiError(409, msg("expel_self", "you cannot expel yourself: leave the table instead"))
    if live.meta["seats"][body.seat]["kind"] != "human":
        raise ApiError(
            409, msg("expel_not_person", "seat {seat} is not a person's: only people are expelled", seat=body.seat)
        )
    await arena.expel(live, body.seat, mine)
    return {"table": live.summary(), "seat": mine}


def _entry(live: Any, user_id: int, now: float) -> dict[str, Any]:
    seat = live.seat_of(user_id)
    playing = live.status == "playing"
    turn = live.state.current_player if playing else None
    clock = live.clock if playing else None
    left = None
    if clock is not None and turn is not None and turn in live.people():
        left = clock.left(turn, turn, now)
    return {
        "id": live.id,
        "game": live.meta["game"],
        "title": live.meta["title"],
        "status": live.status,
        "seat": seat,
        "opponents": [s["name"] for s in live.meta["seats"] if s["seat"] != seat],
        "turn": turn,
        "my_turn": playing and turn is not None and turn == seat,
        "deadline": None if left is None else iso(datetime.fromtimestamp(now + left, UTC)),
        "seconds_left": None if left is None else round(left, 3),
        "out_of_time": [] if clock is None else clock.out_of_time(live.people(), turn, now),
        "time": live.meta["time"],
        "moves": len(live.tokens),
        "created_at": live.meta["created_at"],
    }


async def my_game_list(arena: Arena, user_id: int) -> list[dict[str, Any]]:
    """The person's open and playing tables: those waiting for them first, then the soonest deadline first."""
    with arena.db() as db:
        ids = db.scalars(
            select(GameTable.id)
            .join(Seat, Seat.table_id == GameTable.id)
            .where(Seat.user_id == user_id, Seat.bot.is_(None), GameTable.status.in_(("open", "playing")))
            .order_by(GameTable.created_at.desc())
            .limit(MY_GAMES)
        ).all()
    games = []
    for table_id in ids:
        try:
            live = await arena.current(table_id)
        except ApiError:
            continue  # a table that cannot be rebuilt is reported in the log, not here
        if live.seat_of(user_id) is not None and live.status in ("open", "playing"):
            games.append(_entry(live, user_id, time.time()))
    games.sort(
        key=lambda g: (
            not g["my_turn"],
            g["status"] != "playing",
            math.inf if g["seconds_left"] is None else g["seconds_left"],
            g["created_at"] or "",
        )
    )
    return games


@router.get("/me/games")
async def my_games(request: Request) -> dict[str, Any]:
    """The caller's unfinished tables (`id`, game, `opponents`, `my_turn`, `deadline`): the games waiting for
    the caller first, then the soonest deadline first (then the tables waiting to start)."""
    arena = arena_of(request)
    with arena.db() as db:
        user = need_user(db, request)
    games = await my_game_list(arena, user.id)
    return {"games": games, "my_turn": sum(g["my_turn"] for g in games)}
