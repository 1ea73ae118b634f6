"""Lobby operations on tables: create, join, bots, leave, start, rematch, import.

Each function checks who asks and what the table allows, changes the database
in one transaction and returns the table id; the caller then refreshes the
live table so everyone watching sees the change.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import ColumnElement, CursorResult, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

import kameleon
from kameleon.engine.errors import KameleonError
from kameleon.engine.messages import msg
from kameleon.engine.seeding import fresh_seed
from kameleon.server.auth import clean_name
from kameleon.server.catalogue import available_games, bot_levels, default_bot
from kameleon.server.clock import DEFAULT_PROFILE, PROFILES, BadTimeControl, check_time_control
from kameleon.server.errors import ApiError
from kameleon.server.models import GameTable, Move, Seat, User
from kameleon.server.results import outcome

STATUSES = ("open", "playing", "finished", "imported")


def new_id() -> str:
    return secrets.token_urlsafe(6)


def _table(db: Session, table_id: str) -> GameTable:
    row = db.get(GameTable, table_id) if isinstance(table_id, str) and len(table_id) <= 16 else None
    if row is None:
        raise ApiError(404, msg("no_table", "there is no table {table!r}", table=table_id))
    return row


def _seats(db: Session, table_id: str) -> list[Seat]:
    return list(db.scalars(select(Seat).where(Seat.table_id == table_id).order_by(Seat.seat)))


def _seat_arg(value: Any, seats: list[Seat]) -> Seat | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(seats):
        raise ApiError(422, msg("bad_seat", "'seat' must be a seat number from 0 to {last}", last=len(seats) - 1))
    return seats[value]


def _check_game(game: Any, options: Any) -> kameleon.Game:
    if game is None:
        raise ApiError(
            422, msg("game_missing", "'game' is missing; the games are: {games}", games=", ".join(available_games()))
        )
    if not isinstance(game, str) or game not in available_games():
        raise ApiError(
            422,
            msg(
                "unknown_game",
                "unknown game {game!r}; the games are: {games}",
                game=game,
                games=", ".join(available_games()),
            ),
        )
    if not isinstance(options, dict):
        raise ApiError(422, msg("options_not_object", "'options' must be an object of game options"))
    try:
        return kameleon.load(game, **options)
    except KameleonError as exc:
        raise ApiError(422, exc.message, game=game) from None


CREATE_FIELDS = ("game", "options", "private", "bots", "time", "rated")


def create(db: Session, user: User, body: dict[str, Any], *, commit: bool = True) -> str:
    """A new open table with `user` at seat 0; `commit=False` leaves the transaction to the caller (Play now
    seats a whole group in the same transaction as it claims them, `matching.py`)."""
    unknown = sorted(set(body) - set(CREATE_FIELDS))
    if unknown:  # a misspelt field would otherwise be a table without what was asked for
        raise ApiError(
            422,
            msg(
                "unknown_field",
                "unknown field {field!r}; a new table takes: {fields}",
                field=unknown[0],
                fields=", ".join(CREATE_FIELDS),
            ),
        )
    game = _check_game(body.get("game"), body.get("options", {}))
    private = body.get("private", False)
    if not isinstance(private, bool):
        raise ApiError(422, msg("private_not_bool", "'private' must be true or false"))
    rated = body.get("rated", True)
    if not isinstance(rated, bool):
        raise ApiError(422, msg("rated_not_bool", "'rated' must be true or false"))
    try:  # no "time": the default real-time profile; "time": null: no limit (a friendly game)
        time_control = check_time_control(body["time"] if "time" in body else PROFILES[DEFAULT_PROFILE])
    except BadTimeControl as exc:
        raise ApiError(422, exc.message) from None
    row = GameTable(
        id=new_id(),
        game=game.name,
        options=dict(game.options),
        seed=fresh_seed(),
        status="open",
        private=private,
        invite_code=secrets.token_urlsafe(12),
        created_by=user.id,
        time_initial=time_control.initial if time_control else None,
        time_increment=time_control.increment if time_control else None,
        time_per_move=time_control.per_move if time_control else None,
        rated=rated,
    )
    db.add(row)
    for seat in range(game.num_players):
        db.add(
            Seat(
                table_id=row.id,
                seat=seat,
                user_id=user.id if seat == 0 else None,
                name=user.display_name if seat == 0 else None,
            )
        )
    bots = body.get("bots")
    if bots is not None:
        db.flush()
        add_bots(db, user, row.id, {"level": bots})
    if commit:
        db.commit()
    else:
        db.flush()
    return row.id


def join(db: Session, user: User, table_id: str, body: dict[str, Any]) -> None:
    row = _table(db, table_id)
    seats = _seats(db, table_id)
    if row.status != "open":
        raise ApiError(409, msg("table_started", "this table has already started; you can watch it"))
    if row.private and row.created_by != user.id and body.get("invite") != row.invite_code:
        raise ApiError(403, msg("table_private", "this table is private: join it through its invite link"))
    if any(s.user_id == user.id and not s.bot for s in seats):
        raise ApiError(409, msg("already_seated", "you already hold a seat at this table"))
    wanted = _seat_arg(body.get("seat"), seats)
    if wanted is None:
        wanted = next((s for s in seats if s.user_id is None and not s.bot), None)
        if wanted is None:
            raise ApiError(409, msg("table_full", "every seat of this table is taken"))
    elif wanted.user_id is not None or wanted.bot:
        raise ApiError(409, msg("seat_taken", "seat {seat} is taken", seat=wanted.seat))
    # Another server process may be seating someone at this very moment: the seat is taken only if it is
    # still empty (compare and set), and the unique index on (table, person) refuses a second seat.
    try:
        taken = db.execute(
            update(Seat)
            .where(Seat.table_id == table_id, Seat.seat == wanted.seat, Seat.user_id.is_(None), Seat.bot.is_(None))
            .values(user_id=user.id, name=user.display_name)
            .execution_options(synchronize_session=False)
        )
        if cast(CursorResult[Any], taken).rowcount != 1:
            db.rollback()
            raise ApiError(409, msg("seat_taken", "seat {seat} is taken", seat=wanted.seat))
        db.commit()
    except IntegrityError:
        db.rollback()
        raise ApiError(409, msg("already_seated", "you already hold a seat at this table")) from None


def _may_manage(row: GameTable, seats: list[Seat], user: User) -> None:
    if row.created_by != user.id and not any(s.user_id == user.id and not s.bot for s in seats):
        raise ApiError(403, msg("players_only", "only the players at this table can do that"))


def add_bots(db: Session, user: User, table_id: str, body: dict[str, Any]) -> None:
    row = _table(db, table_id)
    seats = _seats(db, table_id)
    _may_manage(row, seats, user)
    if row.status != "open":
        raise ApiError(409, msg("bots_before_start", "bots can only be seated before the game starts"))
    level = body.get("level") or default_bot()
    if level not in bot_levels():
        raise ApiError(
            422,
            msg(
                "unknown_bot_level",
                "unknown bot level {level!r}; levels are: {levels}",
                level=level,
                levels=", ".join(bot_levels()),
            ),
        )
    wanted = _seat_arg(body.get("seat"), seats)
    targets = [wanted] if wanted is not None else [s for s in seats if s.user_id is None and not s.bot]
    if not targets:
        raise ApiError(409, msg("no_seat_for_bot", "there is no empty seat for a bot"))
    for seat in targets:
        if seat.user_id is not None and not seat.bot:
            raise ApiError(409, msg("seat_held", "seat {seat} is held by {name}", seat=seat.seat, name=seat.name))
        seat.bot, seat.user_id = level, None
    _name_bots(seats)
    db.commit()


def _name_bots(seats: list[Seat]) -> None:
    """Bots of one level at a table are numbered, so that every seat can be told apart by its name."""
    by_level: dict[str, list[Seat]] = {}
    for seat in seats:
        if seat.bot and seat.user_id is None:
            by_level.setdefault(seat.bot, []).append(seat)
    for level, group in by_level.items():
        for number, seat in enumerate(group, start=1):
            seat.name = f"{level} bot" if len(group) == 1 else f"{level} bot {number}"


def clear_seat(db: Session, user: User, table_id: str, seat_number: int) -> None:
    """The table's creator removes a bot (or a person) from a seat before the start."""
    row = _table(db, table_id)
    seats = _seats(db, table_id)
    seat = _seat_arg(seat_number, seats)
    assert seat is not None
    if row.created_by != user.id:
        raise ApiError(403, msg("creator_only", "only the table's creator can clear a seat"))
    if row.status != "open":
        raise ApiError(409, msg("clear_before_start", "seats can only be cleared before the game starts"))
    seat.bot, seat.name, seat.user_id = None, None, None
    _name_bots(seats)
    db.commit()


def leave(db: Session, user: User, table_id: str) -> None:
    """Before the start the seat is freed; during the game a bot takes it over, as on Board Game Arena."""
    row = _table(db, table_id)
    seat = next((s for s in _seats(db, table_id) if s.user_id == user.id and not s.bot), None)
    if seat is None:
        raise ApiError(409, msg("not_seated", "you hold no seat at this table"))
    if row.status == "open":
        seat.user_id, seat.name = None, None
    elif row.status == "playing":
        seat.bot, seat.name = default_bot(), f"{seat.name} (bot)"[:40]
    else:
        raise ApiError(409, msg("game_over", "the game at this table is over"))
    db.commit()


def start(db: Session, user: User, table_id: str) -> None:
    row = _table(db, table_id)
    seats = _seats(db, table_id)
    _may_manage(row, seats, user)
    if row.status != "open":
        raise ApiError(409, msg("already_started", "this table has already started"))
    empty = [s.seat for s in seats if s.user_id is None and not s.bot]
    if empty:
        raise ApiError(409, msg("seat_empty", "seat {seat} is empty: invite someone or seat a bot", seat=empty[0]))
    row.status, row.started_at = "playing", datetime.now(UTC)
    db.commit()


def rematch(db: Session, user: User, table_id: str) -> str:
    """A new table with the same game, options and seats and a fresh deal (once per table)."""
    row = _table(db, table_id)
    seats = _seats(db, table_id)
    _may_manage(row, seats, user)
    if row.status != "finished":
        raise ApiError(409, msg("rematch_too_early", "a rematch can be proposed once the game is over"))
    if row.rematch_id:
        return row.rematch_id
    new = GameTable(
        id=new_id(),
        game=row.game,
        options=row.options,
        seed=fresh_seed(),
        status="open",
        private=row.private,
        invite_code=secrets.token_urlsafe(12),
        created_by=user.id,
        rematch_of=row.id,
        time_initial=row.time_initial,
        time_increment=row.time_increment,
        time_per_move=row.time_per_move,
        rated=row.rated,
    )
    db.add(new)
    for seat in seats:
        db.add(Seat(table_id=new.id, seat=seat.seat, user_id=seat.user_id, bot=seat.bot, name=seat.name))
    row.rematch_id = new.id
    db.commit()
    return new.id


def import_record(db: Session, user: User, record: Any) -> str:
    """Store an uploaded record as a read-only table that the replay viewer can step through."""
    if not isinstance(record, dict):
        raise ApiError(422, msg("record_not_object", "a record is a JSON object"))
    try:
        state = kameleon.replay(record)
    except KameleonError as exc:
        game = record.get("game")
        raise ApiError(422, exc.message, game=game if game in available_games() else None) from None
    players = record.get("players") or [f"seat {i}" for i in range(state.num_players)]
    row = GameTable(
        id=new_id(),
        game=state.game.name,
        options=dict(state.game.options),
        seed=state.seed,
        status="imported",
        private=False,
        invite_code=secrets.token_urlsafe(12),
        created_by=user.id,
        result=outcome(state, []) if state.is_terminal else None,
    )
    db.add(row)
    for seat, name in enumerate(players):
        db.add(
            Seat(
                table_id=row.id,
                seat=seat,
                name=clean_name(str(name), msg("player_name", "the name of player {seat}", seat=seat)),
            )
        )
    for number, token in enumerate(record["moves"], start=1):
        db.add(Move(table_id=row.id, number=number, seat=-1, token=token))
    db.commit()
    return row.id


def check_watch(db: Session, user: User | None, table_id: str, invite: str | None) -> None:
    """A private table is seen by its creator, the people who sat at it and those with its invite link."""
    row = _table(db, table_id)
    if not row.private:
        return
    if isinstance(invite, str) and secrets.compare_digest(invite, row.invite_code):
        return
    if user is not None and (row.created_by == user.id or any(s.user_id == user.id for s in _seats(db, table_id))):
        return
    raise ApiError(403, msg("table_private_watch", "this table is private: open it through its invite link"))


def invite_code(db: Session, user: User | None, table_id: str) -> str | None:
    """The invite code, shown only to the table's creator and players."""
    row = _table(db, table_id)
    if user is None:
        return None
    if row.created_by == user.id or any(s.user_id == user.id for s in _seats(db, table_id)):
        return row.invite_code
    return None


def lobby(db: Session, user: User | None, status: str | None, limit: int = 60) -> list[str]:
    """The newest tables the user may see, at most `limit` of each status (so a busy day of finished games
    never pushes the open tables off the lobby), newest first."""
    if status is not None and status not in STATUSES:
        raise ApiError(422, msg("bad_status", "'status' must be one of {statuses}", statuses=", ".join(STATUSES)))
    visible: ColumnElement[bool] = GameTable.private.is_(False)
    if user is not None:
        visible = visible | GameTable.id.in_(select(Seat.table_id).where(Seat.user_id == user.id))
    # An open table is listed while a person waits at it: one that everyone left is nobody's to start.
    waiting = GameTable.id.in_(select(Seat.table_id).where(Seat.user_id.is_not(None), Seat.bot.is_(None)))
    found: list[tuple[Any, str]] = []
    for wanted in [status] if status is not None else STATUSES:
        query = select(GameTable.created_at, GameTable.id).where(visible, GameTable.status == wanted)
        if wanted == "open":
            query = query.where(waiting)
        found.extend(db.execute(query.order_by(GameTable.created_at.desc()).limit(limit)).tuples())
    return [table_id for _, table_id in sorted(found, key=lambda row: row[0], reverse=True)]
