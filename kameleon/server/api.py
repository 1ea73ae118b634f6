"""The HTTP API (`/api/...`): health, games, accounts, lobby, tables, moves, records, ratings, profiles.

Every error is `{"error": "<what was wrong, in the reader's language>", "code": "<stable snake_case code>"}`
with a 4xx status (`errors.py`, `i18n.py`). Every request
that changes something is a JSON object sent as `application/json` from the
arena's own origin (`guard.py` checks both, with the body's size and shape),
and each route takes a Pydantic model of its body (`schemas.py`), so
/openapi.json documents them all.
"""

from __future__ import annotations

import asyncio
import html
import logging
from typing import Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse
from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import Session
from starlette.requests import HTTPConnection

from kameleon.engine.messages import Message, msg
from kameleon.server import auth, i18n, mail, matching, ratings
from kameleon.server import tables as ops
from kameleon.server.arena import Arena, iso
from kameleon.server.catalogue import available_games, catalogue
from kameleon.server.errors import ApiError
from kameleon.server.models import GameTable, MailSettings, PlayRequest, Rating, Seat, User
from kameleon.server.schemas import (
    BotsIn,
    GuestIn,
    JoinIn,
    LanguageIn,
    LoginIn,
    MoveIn,
    NewTable,
    NoBody,
    NotificationsIn,
    PlayIn,
    RecordIn,
    SignupIn,
)
from kameleon.server.throttle import client_of

router = APIRouter(prefix="/api")
log = logging.getLogger("kameleon.server")
PASSWORD_CHECKS = 2
"""argon2 checks run at once for sign-ups and logins from devices the account does not know (each takes 64 MiB
and a core for a moment); more wait their turn."""
KNOWN_DEVICE_CHECKS = 1
"""argon2 checks run at once, besides those, for logins from a known device (`auth.known_device`): a queue
only a browser that once logged in to an account gets in, shared fairly: each account and each client address
has at most `throttle.KNOWN_AT_ONCE` login there, and every login, right or wrong, counts against the
`login_tries_*` rules, so an address logging in to accounts of its own cannot keep the owner waiting."""
_hashing = asyncio.Semaphore(PASSWORD_CHECKS)
_known_hashing = asyncio.Semaphore(KNOWN_DEVICE_CHECKS)


def arena_of(request: HTTPConnection) -> Arena:
    arena: Arena = request.app.state.arena
    return arena


def address(request: HTTPConnection) -> str:
    """The client's key for limits (behind a reverse proxy: from the address it forwarded, see docs/arena.md):
    an IPv4 address, an IPv6 /64 (`throttle.client_key`)."""
    return client_of(request)


def me(db: Session, request: Request) -> User | None:
    user = auth.current_user(db, request)
    if user is not None:
        request.state.language = user.language  # errors from here on speak the account's language (i18n.py)
    return user


def need_user(db: Session, request: Request) -> User:
    user = me(db, request)
    if user is None:
        raise ApiError(401, msg("login_needed", "log in or pick a guest name first"))
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


def _login_response(arena: Arena, db: Session, user: User, request: Request | None = None) -> JSONResponse:
    """Open a session; with `request` (a password was just proved), mark its browser as a known device too."""
    token = auth.open_session(db, user, arena.settings.session_days)
    db.commit()
    response = JSONResponse({"user": user_json(user), "token": token})
    auth.set_cookie(response, token, arena.settings.session_days, arena.settings.secure_cookies)
    if request is not None:
        auth.remember_device(response, request.cookies, user, arena.settings.secure_cookies)
    return response


@router.post("/auth/signup")
async def signup(request: Request, body: SignupIn) -> JSONResponse:
    arena = arena_of(request)
    await arena.throttle.check("signup", address(request), what=msg("what_accounts", "new accounts from one address"))

    def work() -> JSONResponse:
        with arena.db() as db:
            user = auth.sign_up(db, body.username, body.password, body.name, body.language)
            return _login_response(arena, db, user, request)

    async with _hashing:
        return await asyncio.to_thread(work)


@router.post("/auth/login")
async def login(request: Request, body: LoginIn) -> JSONResponse:
    """Failed logins are limited per known device (a browser that logged in to the account before), and for
    other devices per address, per address at the account and per account (`throttle.login_allowed`): a
    stranger's wrong guesses never lock the owner's browser out, nor slow its password check."""
    arena, client = arena_of(request), address(request)
    with arena.db() as db:
        device = auth.known_device(db, request.cookies, body.username)

    def work() -> JSONResponse:
        with arena.db() as db:
            user = auth.log_in(db, body.username, body.password)
            return _login_response(arena, db, user, request)

    async with arena.throttle.login_attempt(client, body.username, device):
        try:
            async with _known_hashing if device is not None else _hashing:
                return await asyncio.to_thread(work)
        except ApiError as exc:
            if exc.status == 401:
                await arena.throttle.login_failed(client, body.username, device)
            raise


@router.post("/auth/guest")
async def guest(request: Request, body: GuestIn) -> JSONResponse:
    arena = arena_of(request)
    name = auth.clean_name(body.name)
    await arena.throttle.check("guest", address(request), what=msg("what_guests", "new guests from one address"))
    with arena.db() as db:
        return _login_response(arena, db, auth.guest(db, name, body.language))


@router.post("/auth/logout")
async def logout(request: Request, body: NoBody | None = None) -> Response:
    arena = arena_of(request)
    with arena.db() as db:
        user = me(db, request)
        auth.close_session(db, request)
        if user is not None:
            # Whoever logs out stops waiting for a game: else they would be seated, then expelled as absent.
            matching.forget_waiting(db, user.id)
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
async def set_language(request: Request, body: LanguageIn) -> dict[str, Any]:
    with arena_of(request).db() as db:
        user = need_user(db, request)
        user.language = body.language
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


async def _may_create(request: Request, user_id: int, rule: str, what: Message) -> None:
    throttle = arena_of(request).throttle
    await throttle.check(rule, "user", user_id, what=what)
    await throttle.check(rule, "address", address(request), what=what)


@router.post("/tables", status_code=201)
async def create_table(request: Request, body: NewTable) -> dict[str, Any]:
    arena = arena_of(request)
    with arena.db() as db:
        user = need_user(db, request)
    await _may_create(request, user.id, "table", msg("what_tables", "new tables"))
    with arena.db() as db:
        table_id = ops.create(db, user, body.model_dump(exclude_unset=True))
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


async def _table_action(request: Request, table_id: str, action: str, body: dict[str, Any]) -> dict[str, Any]:
    arena = arena_of(request)
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
async def join_table(request: Request, table_id: str, body: JoinIn) -> dict[str, Any]:
    """Take a seat: `{"seat": n}` (optional) and `{"invite": code}` for a private table."""
    return await _table_action(request, table_id, "join", body.model_dump(exclude_unset=True))


@router.post("/tables/{table_id}/bots")
async def seat_bots(request: Request, table_id: str, body: BotsIn) -> dict[str, Any]:
    """Seat a bot: `{"level": name, "seat": n}`; without a seat, every empty seat gets one."""
    return await _table_action(request, table_id, "bots", body.model_dump(exclude_unset=True))


@router.post("/tables/{table_id}/leave")
async def leave_table(request: Request, table_id: str, body: NoBody | None = None) -> dict[str, Any]:
    """Leave: frees the seat before the start, hands it to a bot during the game."""
    return await _table_action(request, table_id, "leave", {})


@router.post("/tables/{table_id}/start")
async def start_table(request: Request, table_id: str, body: NoBody | None = None) -> dict[str, Any]:
    return await _table_action(request, table_id, "start", {})


@router.delete("/tables/{table_id}/seats/{seat}")
async def clear_seat(request: Request, table_id: str, seat: int, body: NoBody | None = None) -> dict[str, Any]:
    arena = arena_of(request)
    await arena.live(table_id)
    with arena.db() as db:
        ops.clear_seat(db, need_user(db, request), table_id, seat)
    await arena.refresh(table_id)
    return await _table_json(request, table_id)


@router.post("/tables/{table_id}/rematch", status_code=201)
async def rematch(request: Request, table_id: str, body: NoBody | None = None) -> dict[str, Any]:
    arena = arena_of(request)
    live = await arena.live(table_id)
    with arena.db() as db:
        user = need_user(db, request)
    if live.meta["rematch_id"] is None:
        await _may_create(request, user.id, "table", msg("what_tables", "new tables"))
    with arena.db() as db:
        new_id = ops.rematch(db, user, table_id)
    await arena.refresh(table_id)
    await arena.announce(live, {"type": "rematch", "table": new_id})
    await arena.refresh(new_id)
    return await _table_json(request, new_id)


@router.get("/tables/{table_id}/state")
async def table_state(request: Request, table_id: str) -> dict[str, Any]:
    """The same frame the WebSocket sends: your seat's view (a spectator's if you hold none)."""
    _may_watch(request, table_id)
    arena = arena_of(request)
    await arena.throttle.check("state", address(request), what=msg("what_states", "table states from one address"))
    live = await arena.current(table_id)
    with arena.db() as db:
        user = me(db, request)
    return live.frame(live.seat_of(user.id if user else None))


@router.post("/tables/{table_id}/moves")
async def play_move(request: Request, table_id: str, body: MoveIn) -> dict[str, Any]:
    """Play `{"move": "<notation>", "expect": <moves played so far, optional>}` for your seat."""
    arena = arena_of(request)
    live = await arena.live(table_id)
    with arena.db() as db:
        user = need_user(db, request)
    seat = live.seat_of(user.id)
    await arena.submit(live, seat, body.move, body.expect)
    return live.frame(seat)


# --- records and replays -----------------------------------------------------------------------


def _finished(live: Any) -> None:
    if live.status not in ("finished", "imported"):
        raise ApiError(
            409,
            msg(
                "record_too_early",
                "the record (which holds the seed, hence every hidden card) is available once the game is over",
            ),
        )


@router.get("/tables/{table_id}/record")
async def download_record(request: Request, table_id: str) -> JSONResponse:
    _may_watch(request, table_id)
    live = await arena_of(request).current(table_id)
    _finished(live)
    record = live.record()
    headers = {"Content-Disposition": f'attachment; filename="{live.meta["game"]}-{table_id}.json"'}
    return JSONResponse(record, headers=headers)


@router.get("/tables/{table_id}/replay/{step}")
async def replay_step(request: Request, table_id: str, step: int, seat: int | None = None) -> dict[str, Any]:
    """The spectator's view after `step` moves of a finished game; with `?seat=n`, that seat's view (the game is
    over: nothing is secret any more), which names the moves it could play there (an analysis's better move
    is drawn on it)."""
    arena = arena_of(request)
    replays = msg("what_replay_steps", "replay steps from one address")
    await arena.throttle.check("replay", address(request), what=replays)
    _may_watch(request, table_id)
    live = await arena.current(table_id)
    _finished(live)
    if not 0 <= step <= len(live.tokens):
        raise ApiError(422, msg("bad_step", "step must be from 0 to {last}", last=len(live.tokens)))
    if seat is not None and not 0 <= seat < len(live.meta["seats"]):
        last = len(live.meta["seats"]) - 1
        raise ApiError(422, msg("bad_seat", "'seat' must be a seat number from 0 to {last}", last=last))
    game, seed, tokens = live.state.game, live.state.seed, live.tokens[:step]

    def work() -> Any:
        state = game.new_state(seed)
        state.replay_tokens(tokens)
        if seat is not None:
            return state.view(seat)
        return state.open_view()  # the game is over: what was laid face down may be shown (`State.open_view`)

    # Up to 20,000 moves of replay: in a worker thread, so that the other clients are served meanwhile.
    view = await asyncio.to_thread(work)
    # The finished game's log, as the table page shows it: one entry per stored move (one move count everywhere).
    log = live.logs.final()[:step]
    return {"step": step, "moves": len(live.tokens), "view": view, "log": log, "table": live.summary()}


@router.post("/records", status_code=201)
async def import_record(request: Request, body: RecordIn) -> dict[str, Any]:
    """Store a finished game's record (as `GET /api/tables/{id}/record` gives it) for the replay viewer."""
    arena = arena_of(request)
    with arena.db() as db:
        user = need_user(db, request)
    await _may_create(request, user.id, "import", msg("what_imports", "imported records"))
    record = body.model_dump(exclude_unset=True)

    def work() -> str:
        with arena.db() as db:
            return ops.import_record(db, user, record)

    # Replaying and storing a record's moves (up to 2,000): in a worker thread, so other clients are served.
    table_id = await asyncio.to_thread(work)
    return await _table_json(request, table_id)


# --- ratings and profiles ----------------------------------------------------------------------


@router.get("/leaderboard/{game}")
async def leaderboard(request: Request, game: str) -> dict[str, Any]:
    if game not in available_games():
        raise ApiError(404, msg("unknown_game", "unknown game {game!r}", game=game))
    with arena_of(request).db() as db:
        return {"game": game, "players": ratings.leaderboard(db, game)}


def _seat_part(result: dict[str, Any] | None, key: str, seat: int) -> Any:
    """One seat's part of a stored result (None when the result predates that part)."""
    parts = (result or {}).get(key) or []
    return parts[seat] if 0 <= seat < len(parts) else None


def _won(result: dict[str, Any] | None, seat: int, bot: str | None) -> bool:
    """Whether the seat won, read from the stored result as the result line and the leaderboard read it: first
    place and no forfeit (a seat a bot took over is a loss whatever the bot did)."""
    if not result:
        return False
    if seat in (result.get("forfeits") or []) or bot:
        return False
    place = _seat_part(result, "places", seat)
    return place == 1 if place is not None else seat in (result.get("winners") or [])


@router.get("/users/{user_id}")
async def profile(request: Request, user_id: int) -> dict[str, Any]:
    with arena_of(request).db() as db:
        user = db.get(User, user_id) if 0 < user_id < 2**63 else None  # beyond 64 bits the database cannot ask
        if user is None:
            raise ApiError(404, msg("no_player", "there is no player {user}", user=user_id))
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
            select(GameTable, Seat.seat, Seat.bot)
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
                "won": _won(t.result, seat, bot),
                "place": _seat_part(t.result, "places", seat),
                "rating": _seat_part(t.result, "ratings", seat),
            }
            for t, seat, bot in rows
        ]
        rated = db.scalars(select(Rating).where(Rating.player == f"user:{user_id}")).all()
        return {
            "user": {"id": user.id, "name": user.display_name, "guest": user.is_guest},
            "games": games,
            "ratings": [ratings.entry(r) for r in rated],
        }


# --- mail settings and the links of mails (mail.py) ------------------------------------------------------


def _reached(request: Request) -> str:
    """The arena's address for the links of mails when KAMELEON_PUBLIC_URL is not set: the address this server
    listens on, named as the request's Host named it only when that Host is it (`mail.link_base`)."""
    server = request.scope.get("server")
    return mail.link_base(request.url.scheme, request.headers.get("host"), tuple(server) if server else None)


@router.get("/me/notifications")
async def get_notifications(request: Request) -> dict[str, Any]:
    """`{"available", "email", "pending", "turn_email"}`; `available` is false when no mail server is configured."""
    arena = arena_of(request)
    with arena.db() as db:
        user = need_user(db, request)
        return mail.settings_json(arena.mailer, db.get(MailSettings, user.id))


@router.post("/me/notifications")
async def set_notifications(request: Request, body: NotificationsIn) -> dict[str, Any]:
    """`{"email": address, "turn_email": true}`: a new address gets a confirmation link first ("" forgets it);
    "your turn" mails go to the confirmed address only."""
    arena = arena_of(request)
    if not arena.mailer.enabled:
        raise ApiError(409, msg("mail_unavailable", "this arena sends no mail: no mail server is configured"))

    def plan() -> tuple[int, str | None]:
        with arena.db() as db:
            user = need_user(db, request)
            return user.id, mail.wanted_confirmation(arena.mailer, db, user, body.email)

    def work() -> tuple[bool, dict[str, Any]]:
        with arena.db() as db:
            user = need_user(db, request)
            wrote = mail.change(arena.mailer, db, user, body.email, body.turn_email, _reached(request))
            return wrote, mail.settings_json(arena.mailer, db.get(MailSettings, user.id))

    user_id, recipient = await asyncio.to_thread(plan)
    if recipient is not None:  # a confirmation mail: bounded per account, per client address and per recipient
        what = msg("what_confirmations", "confirmation mails")
        await arena.throttle.check("confirm_account", user_id, what=what)
        await arena.throttle.check("confirm_address", address(request), what=what)
        await arena.throttle.check("confirm_recipient", recipient.lower(), what=what)
    wrote, answer = await asyncio.to_thread(work)
    if wrote:
        arena.mailer.wake()
    return {**answer, "confirmation_sent": wrote}


def _mail_page(request: Request, user: User | None, said: Message, status: int, form: str = "") -> HTMLResponse:
    """The small page a mail's link opens, in its account's language (`form`: HTML put under the text)."""
    language = user.language if user is not None else i18n.language_of(request)
    text = html.escape(i18n.render(said, language))
    back = html.escape(i18n.render(msg("back_to_arena", "Back to the arena"), language))
    page = (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>kameleon</title>'
        '<link rel="stylesheet" href="/static/style.css"></head>'
        f'<body><main id="app"><section class="panel" id="mail-result"><p>{text}</p>{form}'
        f'<p><a class="button" href="/">{back}</a></p></section></main></body></html>'
    )
    return HTMLResponse(page, status_code=status, headers={"Cache-Control": "no-store"})


@router.get("/mail/confirm", include_in_schema=False)
async def confirm_page(request: Request, token: str = "") -> HTMLResponse:
    """The link of a confirmation mail opens a page with a button; only that button's POST confirms, so a mail
    scanner that follows every link confirms nothing."""
    with arena_of(request).db() as db:
        row = mail.pending(db, token[:100])
        if row is None:
            return _mail_page(request, None, mail.CONFIRM_INVALID, 404)
        user = db.get(User, row.user_id)
        assert user is not None
        said = msg("confirm_ask", "Receive the kameleon arena's mails at {address}?", address=row.pending_email)
        button = msg("confirm_button", "Confirm this address")
        language = user.language
        form = (
            '<form method="post" action="/api/mail/confirm">'
            f'<input type="hidden" name="token" value="{html.escape(token[:100])}">'
            f'<button type="submit" class="button">{html.escape(i18n.render(button, language))}</button></form>'
        )
        return _mail_page(request, user, said, 200, form)


@router.post("/mail/confirm", include_in_schema=False)
async def confirm_address(request: Request) -> HTMLResponse:
    """The confirmation page's button (a form post from the arena's own page: guard.FORM_POSTS)."""
    token = parse_qs((await request.body()).decode("utf-8", "replace")).get("token", [""])[0]
    with arena_of(request).db() as db:
        user, said = mail.confirm(db, token[:100])
        return _mail_page(request, user, said, 200 if user is not None else 404)


@router.api_route("/mail/unsubscribe", methods=["GET", "POST"], include_in_schema=False)
async def unsubscribe(request: Request, token: str = "") -> HTMLResponse:
    """One click (GET, the link) or RFC 8058's one-click POST from a mail program (guard.py lets it through)."""
    with arena_of(request).db() as db:
        user, said = mail.unsubscribe(db, token[:100])
        return _mail_page(request, user, said, 200 if user is not None else 404)


# --- Play now (matching.py) ----------------------------------------------------------------------------


async def _start_matched(arena: Arena, wish: str | None = None) -> None:
    """Run the matching (for one wish, or every waiting one) and start the tables it created."""

    def work() -> list[str]:
        created: list[str] = []
        with arena.db() as db:
            for each in [wish] if wish is not None else matching.wishes(db):
                created += matching.match(db, each)
        return created

    for table_id in await asyncio.to_thread(work):
        await arena.refresh(table_id)


async def match_queue(arena: Arena, every: float = 1.0) -> None:
    """Every `every` seconds, seat whoever can be (bots fill seats for those who asked, once their `bots_after`
    has passed), until cancelled; each server process runs it, the claims in `matching.py` keep them from
    seating anyone twice."""
    while True:
        await asyncio.sleep(every)
        try:
            await _start_matched(arena)
        except Exception:
            log.exception("matching the Play now queue failed; trying again later")


@router.post("/play")
async def play_now(request: Request, body: PlayIn) -> dict[str, Any]:
    """Wait for a game: `{"game", "players", "options"?, "time"?, "bots_after"?: seconds}`; then poll
    `GET /api/play` until it answers `{"table": id}`."""
    arena = arena_of(request)
    with arena.db() as db:
        user = need_user(db, request)
    # Each request may end in a table (with bots).
    await _may_create(request, user.id, "table", msg("what_tables", "new tables"))

    def work() -> str:
        with arena.db() as db:
            return matching.join(db, user, body.model_dump(exclude_unset=True))

    wish = await asyncio.to_thread(work)
    await _start_matched(arena, wish)
    with arena.db() as db:
        return matching.status(db, user)


@router.get("/play")
async def play_status(request: Request) -> dict[str, Any]:
    """`{"status": "waiting", ...}` while waiting, `{"status": "seated", "table": id}` once seated, `{"status": "none"}`
    when the caller asked for nothing."""
    arena = arena_of(request)
    with arena.db() as db:
        user = need_user(db, request)
        wish = db.scalar(select(PlayRequest.wish).where(PlayRequest.user_id == user.id))
    if wish is not None:
        await _start_matched(arena, wish)
    with arena.db() as db:
        return matching.status(db, user)


@router.delete("/play")
async def leave_queue(request: Request, body: NoBody | None = None) -> dict[str, Any]:
    """Stop waiting (a table already made for you stays yours)."""
    with arena_of(request).db() as db:
        user = need_user(db, request)
        return {"status": "left" if matching.leave(db, user) else "none"}
