"""Play now: a queue of people who want a game, in the database, and the matching that seats them.

`POST /api/play` puts the caller in the queue with a wish (game, player count,
options, time profile); people with the same wish are seated together, the
nearest ratings first. Each person's window of acceptable ratings widens while
they wait (`BASE_WINDOW` + `WIDEN` per second, in OpenSkill mu), so that a quiet
arena still seats everyone within seconds. Bots fill the seats nobody took only
for a group whose every member asked for them (`bots_after`) and has waited their
own `bots_after`: nobody who did not ask is seated with bots.

Matching runs at each `POST`/`GET /api/play` and every second in a background
task of each server process. A group is seated with one conditional UPDATE that
claims every member's row (`table_id IS NULL`) in the same transaction as the
table's creation: when another process seated one of them first the claim counts
fewer rows and the whole transaction is rolled back, so nobody is seated twice.
The table starts by itself: it is created full and playing.

A request that nobody asks about for `STALE_SECONDS` (the page that polled it was
closed) is dropped, so nobody is seated with someone who went away.
"""

from __future__ import annotations

import hashlib
import json
import random
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import CursorResult, delete, select, update
from sqlalchemy.orm import Session

from kameleon.server import tables as ops
from kameleon.server.catalogue import default_bot
from kameleon.server.clock import DEFAULT_PROFILE, PROFILES, BadTimeControl, check_time_control
from kameleon.server.errors import ApiError
from kameleon.server.models import GameTable, PlayRequest, Rating, Seat, User

BASE_WINDOW = 3.0
"""Rating difference (OpenSkill mu) accepted at once."""
WIDEN = 1.0
"""How much wider the window gets for each second of waiting."""
STALE_SECONDS = 30.0
"""A request not asked about for this long is dropped (the front end asks every second or so)."""
NEW_PLAYER = 25.0
"""The mu of someone not rated in the game yet (OpenSkill's starting value)."""


def utcnow() -> datetime:
    return datetime.now(UTC)


def _seconds(since: datetime, now: datetime) -> float:
    return (now - (since if since.tzinfo else since.replace(tzinfo=UTC))).total_seconds()


def wish_of(body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The canonical wish of a request (what must be equal to play together) and the checked table body."""
    options = dict(body.get("options") or {})
    options["players"] = body["players"]
    game = ops._check_game(body.get("game"), options)
    try:  # as for a new table: no "time", the default real-time profile; "time": null, no limit
        control = check_time_control(body["time"] if "time" in body else PROFILES[DEFAULT_PROFILE])
    except BadTimeControl as exc:
        raise ApiError(422, exc.message) from None
    table = {"game": game.name, "options": dict(game.options), "time": control.public() if control else None}
    canonical = json.dumps(table, sort_keys=True, default=str)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest(), table


def join(db: Session, user: User, body: dict[str, Any]) -> str:
    """Put `user` in the queue (replacing a request of theirs that is there); returns the wish."""
    wish, table = wish_of(body)
    rated = db.get(Rating, (table["game"], f"user:{user.id}"))
    now = utcnow()
    db.execute(delete(PlayRequest).where(PlayRequest.user_id == user.id))
    db.add(
        PlayRequest(
            user_id=user.id,
            wish=wish,
            game=table["game"],
            players=int(table["options"]["players"]),
            options=table["options"],
            time=table["time"],
            rating=rated.mu if rated is not None else NEW_PLAYER,
            bots_after=body.get("bots_after"),
            joined_at=now,
            seen_at=now,
        )
    )
    db.commit()
    return wish


def leave(db: Session, user: User) -> bool:
    gone = cast(CursorResult[Any], db.execute(delete(PlayRequest).where(PlayRequest.user_id == user.id)))
    db.commit()
    return bool(gone.rowcount)


def forget_waiting(db: Session, user_id: int) -> None:
    """Drop the person's request if nobody has seated them yet (at logout); the caller commits."""
    db.execute(
        delete(PlayRequest)
        .where(PlayRequest.user_id == user_id, PlayRequest.table_id.is_(None))
        .execution_options(synchronize_session=False)
    )


def status(db: Session, user: User) -> dict[str, Any]:
    """`{"status": "waiting", ...}`, `{"status": "seated", "table": id}`, or `{"status": "none"}` when the caller
    asked for nothing (the front page asks at every visit, so that is an answer, not an error)."""
    row = db.get(PlayRequest, user.id)
    if row is None:
        return {"status": "none"}
    if row.table_id is not None:
        return {"status": "seated", "table": row.table_id}
    now = utcnow()
    row.seen_at = now
    db.commit()
    waiting = db.scalars(
        select(PlayRequest.user_id).where(PlayRequest.wish == row.wish, PlayRequest.table_id.is_(None))
    )
    waited = _seconds(row.joined_at, now)
    return {
        "status": "waiting",
        "game": row.game,
        "players": row.players,
        "options": row.options,
        "time": row.time,
        "waited": round(waited, 1),
        "waiting": len(list(waiting)),
        "bots_in": None if row.bots_after is None else round(max(0.0, row.bots_after - waited), 1),
    }


def wishes(db: Session) -> list[str]:
    """The wishes someone is waiting with."""
    return list(db.scalars(select(PlayRequest.wish).where(PlayRequest.table_id.is_(None)).distinct()))


def match(db: Session, wish: str) -> list[str]:
    """Seat whoever can be seated with `wish` now; returns the tables created (the caller starts them)."""
    now = utcnow()
    rows = list(
        db.scalars(
            select(PlayRequest)
            .where(PlayRequest.wish == wish, PlayRequest.table_id.is_(None))
            .order_by(PlayRequest.joined_at, PlayRequest.user_id)
        )
    )
    stale = [r.user_id for r in rows if _seconds(r.seen_at, now) > STALE_SECONDS]
    if stale:
        db.execute(
            delete(PlayRequest)
            .where(PlayRequest.user_id.in_(stale), PlayRequest.table_id.is_(None))
            .execution_options(synchronize_session=False)
        )
        db.commit()
    waiting = [r for r in rows if r.user_id not in stale]
    created: list[str] = []
    taken: set[int] = set()
    for anchor in waiting:
        if anchor.user_id in taken:
            continue
        waited = _seconds(anchor.joined_at, now)
        window = BASE_WINDOW + WIDEN * waited
        others = sorted(
            (
                r
                for r in waiting
                if r is not anchor
                and r.user_id not in taken
                and abs(r.rating - anchor.rating) <= max(window, BASE_WINDOW + WIDEN * _seconds(r.joined_at, now))
            ),
            key=lambda r: (abs(r.rating - anchor.rating), r.joined_at),
        )
        group = [anchor, *others[: anchor.players - 1]]
        if len(group) < anchor.players:
            # Bots only with people who asked for them, each once their own `bots_after` has passed: the
            # others keep waiting for people.
            group = [r for r in group if r.bots_after is not None and _seconds(r.joined_at, now) >= r.bots_after]
            if not group or group[0] is not anchor:
                continue
        table_id = _seat(db, group)
        if table_id is None:
            break  # another process seated some of them: the next round sees the queue as it is now
        created.append(table_id)
        taken.update(r.user_id for r in group)
    return created


def _seat(db: Session, group: list[PlayRequest]) -> str | None:
    """Claim every request of `group` and create their table, playing, in one transaction."""
    anchor = group[0]
    ids = [r.user_id for r in group]
    people = {u.id: u for u in db.scalars(select(User).where(User.id.in_(ids)))}
    if len(people) != len(ids):
        return None
    body: dict[str, Any] = {"game": anchor.game, "options": anchor.options, "time": anchor.time}
    table_id = ops.create(db, people[anchor.user_id], body, commit=False)
    claimed = cast(
        CursorResult[Any],
        db.execute(
            update(PlayRequest)
            .where(PlayRequest.user_id.in_(ids), PlayRequest.table_id.is_(None), PlayRequest.wish == anchor.wish)
            .values(table_id=table_id)
            .execution_options(synchronize_session=False)
        ),
    )
    if claimed.rowcount != len(ids):
        db.rollback()
        return None
    order = list(ids)
    random.shuffle(order)  # who starts is left to chance
    seats = list(db.scalars(select(Seat).where(Seat.table_id == table_id).order_by(Seat.seat)))
    level = default_bot()
    for seat in seats:
        if seat.seat < len(order):
            person = people[order[seat.seat]]
            seat.user_id, seat.name, seat.bot = person.id, person.display_name, None
        else:
            seat.user_id, seat.name, seat.bot = None, None, level
    ops._name_bots(seats)
    row = db.get(GameTable, table_id)
    assert row is not None
    row.status, row.started_at = "playing", utcnow()
    db.commit()
    return table_id
