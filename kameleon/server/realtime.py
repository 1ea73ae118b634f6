"""The table WebSocket: `/api/tables/{id}/ws`.

On connect the client gets a full `state` frame (so a reconnection restores
everything); after each accepted move every connection gets a new one built
from the engine's view for its own seat. A frame's `log` holds the move log from
entry `log_from` on: the whole log (`log_from` 0) on connect, on `sync`, when the
socket's seat changes and once the game is over (hidden moves show then); only the
entries the socket was not sent yet otherwise (`table.moves` counts them all). A
client whose log is not `log_from` long asks for a `sync`. Client messages are JSON
objects:

    {"type": "move", "move": "take 2", "expect": 17}   # expect = moves played so far (optional)
    {"type": "chat", "text": "gg"}
    {"type": "sync"}                                   # ask for a full state frame (the whole log)
    {"type": "ping"}

Anything wrong gets `{"type": "error", "error": "<what>", "code": "<snake_case>", "request": <type>}` and
changes nothing. Errors speak the socket's language: the account's of the person connected, else the `lang`
query parameter of the URL, else the `Accept-Language` of the handshake.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import unicodedata
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket
from sqlalchemy import select

from kameleon.engine.messages import Message, msg
from kameleon.engine.record import json_kind
from kameleon.server import auth, i18n, metrics, tables
from kameleon.server.arena import Arena
from kameleon.server.errors import ApiError
from kameleon.server.guard import MAX_DEPTH, allowed_origins, cross_site, too_deep
from kameleon.server.live import Connection, LiveTable
from kameleon.server.models import ChatMessage
from kameleon.server.throttle import client_of

log = logging.getLogger("kameleon.server")
router = APIRouter()
MAX_MESSAGE = 4096
STRIKES = 20
"""Messages over the socket's rate limit it may send before it is closed (the first few get an error frame)."""
FAIR_SHARE = 16
"""Messages a socket handles before it lets the other tasks run: uvicorn queues every message of a chunk read
from the network at once (thousands, from a flood), and `receive` hands them over without ever yielding."""
POLICY = 1008
"""WebSocket close code: policy violation (too many messages, too far behind)."""
BEHIND = msg("socket_behind", "too far behind: read what you are sent")
FLOODED = msg("socket_flooded", "too many messages")


async def _refuse(websocket: WebSocket, said: Message, language: str, code: int, game: str | None = None) -> None:
    await websocket.accept()
    text = i18n.render(said, language, game)
    await websocket.send_json({"type": "error", "error": text, "code": said.code, "request": "connect"})
    await websocket.close(code=code)


def socket_language(websocket: WebSocket, account: str | None = None) -> str:
    """The language of a socket's error frames: the account's, else `?lang=`, else the handshake's header."""
    for wanted in (account, websocket.query_params.get("lang")):
        if wanted in i18n.LANGUAGES:
            return str(wanted)
    return i18n.best_match(websocket.headers.get("accept-language"))


@router.websocket("/api/tables/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """Refuse cross-site WebSocket hijacking (the Origin's scheme and host must be the arena's own), then serve
    the socket until it closes, falls too far behind, or sends too much."""
    arena: Arena = websocket.app.state.arena
    if cross_site(websocket.scope, allowed_origins(arena.settings)) is not None:
        metrics.rejected("cross_site")
        await websocket.close(code=4403, reason="cross-site WebSocket refused")
        return
    client = client_of(websocket)
    if not await arena.throttle.hit("connect", client):
        metrics.rejected("rate:connect")
        await websocket.close(code=POLICY, reason="too many connections; wait a minute")
        return
    if arena.open_sockets[client] >= arena.settings.sockets_per_address:
        metrics.rejected("sockets:address")
        await websocket.close(code=POLICY, reason="too many open sockets from your address; close some")
        return
    try:
        live = await arena.current(table_id)
    except ApiError as exc:
        await _refuse(websocket, exc.said, socket_language(websocket), 4404, exc.game)
        return
    with arena.db() as db:
        user = auth.user_for_token(db, auth.request_token(websocket.headers, websocket.cookies))
        user_id, user_name = (user.id, user.display_name) if user else (None, None)
        language = socket_language(websocket, user.language if user else None)
        try:
            tables.check_watch(db, user, table_id, websocket.query_params.get("invite"))
        except ApiError as exc:
            await _refuse(websocket, exc.said, language, 4403)
            return
    await websocket.accept()
    connection = Connection(websocket, user_id, live.seat_of(user_id), arena.settings.socket_outbox, language)
    metrics.OPEN_SOCKETS.inc()
    arena.open_sockets[client] += 1
    pump = asyncio.create_task(connection.pump())
    reader = asyncio.create_task(_read(arena, live, connection, user_name, client, language))
    try:
        live.send_frame(connection)
        for line in _history(arena, live):
            connection.send(line)
        live.connections.add(connection)
        await asyncio.wait({pump, reader}, return_when=asyncio.FIRST_COMPLETED)
    except Exception:
        log.exception("table %s: a socket failed", live.id)
    finally:
        live.connections.discard(connection)
        metrics.OPEN_SOCKETS.dec()
        arena.open_sockets[client] -= 1
        if not arena.open_sockets[client]:
            del arena.open_sockets[client]
        reason = BEHIND if connection.overflowed else None
        if reader.done() and not reader.cancelled() and reader.exception() is None and reader.result() is not None:
            reason = reader.result()
        connection.close()
        for task in (pump, reader):
            task.cancel()
        await asyncio.gather(pump, reader, return_exceptions=True)
        if reason is not None:
            metrics.rejected("socket_behind" if connection.overflowed else "rate:socket")
            with contextlib.suppress(Exception):  # a client that does not read may not take the close frame
                await asyncio.wait_for(websocket.close(code=POLICY, reason=i18n.close_reason(reason, language)), 1.0)
        if not live.connections and live.status in ("finished", "imported"):
            arena.tables.pop(live.id, None)  # nobody watches a game that is over: rebuild it on demand


async def _read(
    arena: Arena, live: LiveTable, connection: Connection, user_name: str | None, client: str, language: str
) -> Message | None:
    """Handle the client's messages until it goes away (None) or sends too many (the reason to close)."""
    rate = arena.throttle.message_rate()
    strikes = handled = 0
    while not connection.closed:
        handled += 1
        if handled % FAIR_SHARE == 0:
            await asyncio.sleep(0)
        message = await connection.websocket.receive()
        if message["type"] == "websocket.disconnect":
            return None
        if not rate.hit():
            strikes += 1
            if strikes > STRIKES:
                return FLOODED
            if strikes <= 3:
                _error(connection, language, msg("socket_flood", "slow down: this socket sends too many messages"))
            continue
        raw = message.get("text")
        if raw is None:
            raw = (message.get("bytes") or b"").decode("utf-8", errors="replace")
        try:
            await _handle(arena, live, connection, user_name, client, raw, language)
        except Exception:  # never let one message end the socket
            log.exception("table %s: a socket message could not be handled", live.id)
            _error(connection, language, msg("message_failed", "the server could not handle that message"))
    return None


CHAT_HISTORY = 30


def _history(arena: Arena, live: LiveTable) -> list[dict[str, Any]]:
    """What a (re)connected socket missed: the table's last chat lines, and the seats expelled once out of time
    (who is out of time now is in every state frame's `clock.out_of_time`)."""
    with arena.db() as db:
        rows = db.scalars(
            select(ChatMessage)
            .where(ChatMessage.table_id == live.id)
            .order_by(ChatMessage.id.desc())
            .limit(CHAT_HISTORY)
        ).all()
    lines: list[dict[str, Any]] = [
        {"type": "chat", "name": row.name, "seat": None, "text": row.text, "history": True} for row in reversed(rows)
    ]
    if live.status != "open":
        lines += [
            {"type": "expelled", "seat": seat["seat"], "history": True}
            for seat in live.meta["seats"]
            if seat.get("timed_out")
        ]
    return lines


def _error(connection: Connection, language: str, said: Message, request: Any = None, game: str | None = None) -> None:
    text = i18n.render(said, language, game)
    connection.send({"type": "error", "error": text, "code": said.code, "request": request})


async def _handle(
    arena: Arena,
    live: LiveTable,
    connection: Connection,
    user_name: str | None,
    client: str,
    raw: str,
    language: str,
) -> None:
    if len(raw) > MAX_MESSAGE:
        _error(
            connection, language, msg("message_too_long", "message longer than {limit} characters", limit=MAX_MESSAGE)
        )
        return
    try:
        message = orjson.loads(raw)  # no recursion, no lone surrogates, no numbers beyond 64 bits
    except orjson.JSONDecodeError as exc:
        _error(connection, language, msg("message_not_json", "message is not valid JSON: {detail}", detail=str(exc)))
        return
    if not isinstance(message, dict):
        sent = json_kind(message)
        _error(connection, language, msg("message_not_object", "a message is a JSON object, not {kind}", kind=sent))
        return
    if too_deep(message):
        _error(
            connection,
            language,
            msg("message_too_deep", "a message nests at most {depth} levels deep", depth=MAX_DEPTH),
        )
        return
    kind = message.get("type")
    try:
        if kind == "move":
            await arena.submit(live, connection.seat, message.get("move"), message.get("expect"))
        elif kind == "sync":
            live.send_frame(connection)
        elif kind == "ping":
            connection.send({"type": "pong"})
        elif kind == "chat":
            await _chat(arena, live, connection, user_name, client, message.get("text"))
        else:
            raise ApiError(
                422,
                msg(
                    "unknown_message_type", "unknown message type {kind!r}; types are move, chat, sync, ping", kind=kind
                ),
            )
    except ApiError as exc:
        _error(connection, language, exc.said, kind if isinstance(kind, str) else None, exc.game)


BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that reorder the text around them (Trojan Source): a chat line could make another look like it."""


def clean_chat(text: Any, longest: int) -> str:
    """A chat line with its spaces tidied; refused with a control character (NUL...), a direction override,
    an invisible format character (zero-width space, soft hyphen, tag characters...) or nothing visible."""
    if not isinstance(text, str) or not text.strip():
        raise ApiError(422, msg("chat_not_text", "'text' must be a non-empty string"))
    text = " ".join(text.split())
    if len(text) > longest:
        raise ApiError(422, msg("chat_too_long", "chat messages are at most {limit} characters", limit=longest))
    # Cf also holds the zero-width joiner, which emoji sequences (👨‍👩‍👧) need between two pictographs.
    if any(
        ch in BIDI_CONTROLS
        or unicodedata.category(ch) in ("Cc", "Cs")
        or (unicodedata.category(ch) == "Cf" and not _joins_emoji(text, i))
        for i, ch in enumerate(text)
    ):
        raise ApiError(
            422,
            msg(
                "chat_invisible",
                "chat messages cannot contain control or text-direction characters, nor invisible ones",
            ),
        )
    if not auth.visible(text):
        raise ApiError(422, msg("chat_blank", "chat messages need at least one visible character"))
    return text


def _joins_emoji(text: str, i: int) -> bool:
    """Whether text[i] is a zero-width joiner between two emoji (a family, a profession)."""
    return text[i] == "\u200d" and 0 < i < len(text) - 1 and _emoji(text[i - 1]) and _emoji(text[i + 1])


def _emoji(ch: str) -> bool:
    # The pictographs and the variation selector / skin tones that may close one before a joiner.
    return unicodedata.category(ch) == "So" or ch == "\ufe0f" or "\U0001f3fb" <= ch <= "\U0001f3ff"


async def _chat(
    arena: Arena, live: LiveTable, connection: Connection, user_name: str | None, client: str, text: Any
) -> None:
    settings = arena.settings
    if user_name is None:
        raise ApiError(401, msg("chat_login_needed", "log in or pick a guest name to chat"))
    text = clean_chat(text, settings.chat_max_length)
    now = time.monotonic()
    # Counted per person, not per socket: a new connection or a second tab is no way around the limit.
    assert connection.user_id is not None
    recent = [t for t in arena.chat_times.get(connection.user_id, []) if now - t < 60]
    arena.chat_times[connection.user_id] = recent
    if len(recent) >= settings.chat_per_minute:
        raise ApiError(
            429, msg("chat_rate", "slow down: at most {limit} chat messages a minute", limit=settings.chat_per_minute)
        )
    recent.append(now)
    # And per client address, so that fresh guests are no way around it either.
    await arena.throttle.check("chat", client, what=msg("what_chat", "chat messages from one address"))
    with arena.db() as db:
        db.add(ChatMessage(table_id=live.id, user_id=connection.user_id, name=user_name, text=text))
        db.commit()
    await arena.announce(live, {"type": "chat", "name": user_name, "seat": connection.seat, "text": text})
