"""The HTTP API (`/api/...`): health, games, accounts, lobby, tables, moves, records, ratings, profiles.

Every error is `{"error": "<what was wrong>"}` with a 4xx status. Bodies are
JSON objects sent as `application/json` (which a cross-site form cannot send:
together with SameSite cookies this closes the door on CSRF).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import Session

from kameleon.server import auth, ratings
from kameleon.server import tables as ops
from kameleon.server.arena import Arena, iso
from kameleon.server.catalogue import available_games, catalogue
from kameleon.server.errors import ApiError
from kameleon.server.models import GameTable, Rating, Seat, User

router = APIRouter(prefix="/api")
MAX_BODY = 1_000_000


def arena_of(request: Request) -> Arena:
    arena: Arena = request.app.state.arena
    return arena


async def body_of(request: Request) -> dict[str, Any]:
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    raw = await request.body()
    if not raw:
        return {}
    if content_type != "application/json":
        raise ApiError(415, "send the body as JSON with 'Content-Type: application/json'")
    if len(raw) > MAX_BODY:
        raise ApiError(413, f"the body is larger than {MAX_BODY} bytes")
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ApiError(400, f"the body is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ApiError(400, f"the body must be a JSON object, not {type(data).__name__}")
    return data


def me(db: Session, request: Request) -> User | None:
    return auth.current_user(db, request)


def need_user(db: Session, request: Request) -> User:
    user = me(db, request)
    if user is None:
        raise ApiError(401, "log in or pick a guest name first")
    return user


def user_json(user: User) -> dict[str, Any]:
    return {
        "id": user.id,
        "name": user.display_name,
        "username": user.username,
        "guest": user.is_guest,
        "language": user.language,
    }


@router.get("/health")
async def health(request: Request) -> JSONResponse:
    """200 when the database (and, with several server processes, Redis) answers, 503 otherwise."""
    problem = await arena_of(request).problem()
    return JSONResponse({"status": problem or "ok"}, status_code=503 if problem else 200)


@router.get("/games")
async def games() -> dict[str, Any]:
    """The games that can be played, their options and seat counts, and the bot levels."""
    return catalogue()


# --- accounts ---------------------------------------------------------------------------------


def _login_response(arena: Arena, db: Session, user: User) -> JSONResponse:
    token = auth.open_session(db, user, arena.settings.session_days)
    db.commit()
    response = JSONResponse({"user": user_json(user), "token": token})
    auth.set_cookie(response, token, arena.settings.session_days, arena.settings.secure_cookies)
    return response


@router.post("/auth/signup")
async def signup(request: Request) -> JSONResponse:
    body, arena = await body_of(request), arena_of(request)

    def work() -> JSONResponse:
        with arena.db() as db:
            user = auth.sign_up(
                db, body.get("username"), body.get("password"), body.get("name"), body.get("language", "en")
            )
            return _login_response(arena, db, user)

    return await asyncio.to_thread(work)


@router.post("/auth/login")
async def login(request: Request) -> JSONResponse:
    body, arena = await body_of(request), arena_of(request)

    def work() -> JSONResponse:
        with arena.db() as db:
            user = auth.log_in(db, body.get("username"), body.get("password"))
            return _login_response(arena, db, user)

    return await asyncio.to_thread(work)


@router.post("/auth/guest")
async def guest(request: Request) -> JSONResponse:
    body, arena = await body_of(request), arena_of(request)
    with arena.db() as db:
        return _login_response(arena, db, auth.guest(db, body.get("name"), body.get("language", "en")))


@router.post("/auth/logout")
async def logout(request: Request) -> Response:
    arena = arena_of(request)
    with arena.db() as db:
        user = me(db, request)
        auth.close_session(db, request)
        db.commit()
    if user is not None:
        await arena.sign_out(user.id)
    response = JSONResponse({"ok": True})
    response.delete_cookie(auth.COOKIE, path="/")
    return response


@router.get("/me")
async def whoami(request: Request) -> dict[str, Any]:
    with arena_of(request).db() as db:
        user = me(db, request)
        return {"user": user_json(user) if user else None}


@router.post("/me/language")
async def set_language(request: Request) -> dict[str, Any]:
    body = await body_of(request)
    language = auth.clean_language(body.get("language"))
    with arena_of(request).db() as db:
        user = need_user(db, request)
        user.language = language
        db.commit()
        return {"user": user_json(user)}


# --- lobby and tables --------------------------------------------------------------------------


@router.get("/tables")
async def list_tables(request: Request, status: str | None = None) -> dict[str, Any]:
    arena = arena_of(request)
    with arena.db() as db:
        ids = ops.lobby(db, me(db, request), status)
    return {"tables": arena.summaries(ids)}


async def _table_json(request: Request, table_id: str) -> dict[str, Any]:
    arena = arena_of(request)
    live = await arena.current(table_id)
    with arena.db() as db:
        user = me(db, request)
        invite = ops.invite_code(db, user, table_id)
    seat = live.seat_of(user.id if user else None)
    return {"table": live.summary(), "seat": seat, "invite": invite}


@router.post("/tables", status_code=201)
async def create_table(request: Request) -> dict[str, Any]:
    body, arena = await body_of(request), arena_of(request)
    with arena.db() as db:
        table_id = ops.create(db, need_user(db, request), body)
    await arena.refresh(table_id)
    return await _table_json(request, table_id)


def _may_watch(request: Request, table_id: str) -> None:
    with arena_of(request).db() as db:
        ops.check_watch(db, me(db, request), table_id, request.query_params.get("invite"))


@router.get("/tables/{table_id}")
async def get_table(request: Request, table_id: str) -> dict[str, Any]:
    """A table's summary; a private one's needs a seat at it or `?invite=<code>`, as every way to watch it."""
    _may_watch(request, table_id)
    return await _table_json(request, table_id)


async def _table_action(request: Request, table_id: str, action: str) -> dict[str, Any]:
    body, arena = await body_of(request), arena_of(request)
    await arena.live(table_id)
    with arena.db() as db:
        user = need_user(db, request)
        if action == "join":
            ops.join(db, user, table_id, body)
        elif action == "bots":
            ops.add_bots(db, user, table_id, body)
        elif action == "leave":
            ops.leave(db, user, table_id)
        elif action == "start":
            ops.start(db, user, table_id)
    await arena.refresh(table_id)
    return await _table_json(request, table_id)


@router.post("/tables/{table_id}/join")
async def join_table(request: Request, table_id: str) -> dict[str, Any]:
    """Take a seat: `{"seat": n}` (optional) and `{"invite": code}` for a private table."""
    return await _table_action(request, table_id, "join")


@router.post("/tables/{table_id}/bots")
async def seat_bots(request: Request, table_id: str) -> dict[str, Any]:
    """Seat a bot: `{"level": name, "seat": n}`; without a seat, every empty seat gets one."""
    return await _table_action(request, table_id, "bots")


@router.post("/tables/{table_id}/leave")
async def leave_table(request: Request, table_id: str) -> dict[str, Any]:
    """Leave: frees the seat before the start, hands it to a bot during the game."""
    return await _table_action(request, table_id, "leave")


@router.post("/tables/{table_id}/start")
async def start_table(request: Request, table_id: str) -> dict[str, Any]:
    return await _table_action(request, table_id, "start")


@router.delete("/tables/{table_id}/seats/{seat}")
async def clear_seat(request: Request, table_id: str, seat: int) -> dict[str, Any]:
    arena = arena_of(request)
    await arena.live(table_id)
    with arena.db() as db:
        ops.clear_seat(db, need_user(db, request), table_id, seat)
    await arena.refresh(table_id)
    return await _table_json(request, table_id)


@router.post("/tables/{table_id}/rematch", status_code=201)
async def rematch(request: Request, table_id: str) -> dict[str, Any]:
    arena = arena_of(request)
    live = await arena.live(table_id)
    with arena.db() as db:
        new_id = ops.rematch(db, need_user(db, request), table_id)
    await arena.refresh(table_id)
    await arena.announce(live, {"type": "rematch", "table": new_id})
    await arena.refresh(new_id)
    return await _table_json(request, new_id)


@router.get("/tables/{table_id}/state")
async def table_state(request: Request, table_id: str) -> dict[str, Any]:
    """The same frame the WebSocket sends: your seat's view (a spectator's if you hold none)."""
    _may_watch(request, table_id)
    arena = arena_of(request)
    live = await arena.current(table_id)
    with arena.db() as db:
        user = me(db, request)
    return live.frame(live.seat_of(user.id if user else None))


@router.post("/tables/{table_id}/moves")
async def play_move(request: Request, table_id: str) -> dict[str, Any]:
    """Play `{"move": "<notation>", "expect": <moves played so far, optional>}` for your seat."""
    body, arena = await body_of(request), arena_of(request)
    live = await arena.live(table_id)
    with arena.db() as db:
        user = need_user(db, request)
    seat = live.seat_of(user.id)
    await arena.submit(live, seat, body.get("move"), body.get("expect"))
    return live.frame(seat)


# --- records and replays -----------------------------------------------------------------------


def _finished(live: Any) -> None:
    if live.status not in ("finished", "imported"):
        raise ApiError(
            409, "the record (which holds the seed, hence every hidden card) is available once the game is over"
        )


@router.get("/tables/{table_id}/record")
async def download_record(request: Request, table_id: str) -> JSONResponse:
    _may_watch(request, table_id)
    live = await arena_of(request).current(table_id)
    _finished(live)
    names = [seat["name"] or f"seat {seat['seat']}" for seat in live.meta["seats"]]
    record = live.state.record(players=names)
    headers = {"Content-Disposition": f'attachment; filename="{live.meta["game"]}-{table_id}.json"'}
    return JSONResponse(record, headers=headers)


@router.get("/tables/{table_id}/replay/{step}")
async def replay_step(request: Request, table_id: str, step: int) -> dict[str, Any]:
    """The spectator's view after `step` moves of a finished game."""
    _may_watch(request, table_id)
    live = await arena_of(request).current(table_id)
    _finished(live)
    if not 0 <= step <= len(live.tokens):
        raise ApiError(422, f"step must be from 0 to {len(live.tokens)}")
    state = live.state.game.new_state(live.state.seed)
    state.replay_tokens(live.tokens[:step])
    return {
        "step": step,
        "moves": len(live.tokens),
        "view": state.view(None),
        "log": live.tokens[:step],
        "table": live.summary(),
    }


@router.post("/records", status_code=201)
async def import_record(request: Request) -> dict[str, Any]:
    body, arena = await body_of(request), arena_of(request)
    with arena.db() as db:
        table_id = ops.import_record(db, need_user(db, request), body)
    return await _table_json(request, table_id)


# --- ratings and profiles ----------------------------------------------------------------------


@router.get("/leaderboard/{game}")
async def leaderboard(request: Request, game: str) -> dict[str, Any]:
    if game not in available_games():
        raise ApiError(404, f"unknown game {game!r}")
    with arena_of(request).db() as db:
        return {"game": game, "players": ratings.leaderboard(db, game)}


@router.get("/users/{user_id}")
async def profile(request: Request, user_id: int) -> dict[str, Any]:
    with arena_of(request).db() as db:
        user = db.get(User, user_id) if 0 < user_id < 2**63 else None  # beyond 64 bits the database cannot ask
        if user is None:
            raise ApiError(404, f"there is no player {user_id}")
        viewer = me(db, request)
        # Private tables only for those who may watch them anyway: their creator and the people who sat there.
        shown: ColumnElement[bool] = GameTable.private.is_(False)
        if viewer is not None:
            shown = (
                shown
                | (GameTable.created_by == viewer.id)
                | GameTable.id.in_(select(Seat.table_id).where(Seat.user_id == viewer.id))
            )
        rows = db.execute(
            select(GameTable, Seat.seat)
            .join(Seat, Seat.table_id == GameTable.id)
            .where(Seat.user_id == user_id, GameTable.status.in_(("finished", "playing")), shown)
            .order_by(GameTable.created_at.desc())
            .limit(50)
        ).all()
        games = [
            {
                "id": t.id,
                "game": t.game,
                "status": t.status,
                "seat": seat,
                "result": t.result,
                "finished_at": iso(t.finished_at),
                "won": bool(t.result and seat in t.result["winners"]),
            }
            for t, seat in rows
        ]
        rated = db.scalars(select(Rating).where(Rating.player == f"user:{user_id}")).all()
        return {
            "user": {"id": user.id, "name": user.display_name, "guest": user.is_guest},
            "games": games,
            "ratings": [ratings.entry(r) for r in rated],
        }
