"""The table WebSocket: `/api/tables/{id}/ws`.

On connect the client gets a full `state` frame (so a reconnection restores
everything); after each accepted move every connection gets a new one built
from the engine's view for its own seat. Client messages are JSON objects:

    {"type": "move", "move": "take 2", "expect": 17}   # expect = moves played so far (optional)
    {"type": "chat", "text": "gg"}
    {"type": "sync"}                                   # ask for a full state frame
    {"type": "ping"}

Anything wrong gets `{"type": "error", "error": "<what>", "request": <type>}` and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy import select

from kameleon.server import auth, tables
from kameleon.server.arena import Arena
from kameleon.server.errors import ApiError
from kameleon.server.live import Connection, LiveTable
from kameleon.server.models import ChatMessage

router = APIRouter()
MAX_MESSAGE = 4096


def _same_origin(websocket: WebSocket) -> bool:
    """Refuse cross-site WebSocket hijacking: a browser's Origin must match the Host it talks to."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True  # not a browser (bots, scripts): they authenticate with their token
    return urlsplit(origin).netloc == websocket.headers.get("host")


@router.websocket("/api/tables/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    arena: Arena = websocket.app.state.arena
    if not _same_origin(websocket):
        await websocket.close(code=4403, reason="cross-site WebSocket refused")
        return
    try:
        live = await arena.current(table_id)
    except ApiError as exc:
        await websocket.accept()
        await websocket.send_json({"type": "error", "error": exc.message, "request": "connect"})
        await websocket.close(code=4404)
        return
    with arena.db() as db:
        user = auth.user_for_token(db, auth.request_token(websocket.headers, websocket.cookies))
        user_id, user_name = (user.id, user.display_name) if user else (None, None)
        try:
            tables.check_watch(db, user, table_id, websocket.query_params.get("invite"))
        except ApiError as exc:
            await websocket.accept()
            await websocket.send_json({"type": "error", "error": exc.message, "request": "connect"})
            await websocket.close(code=4403)
            return
    await websocket.accept()
    connection = Connection(websocket, user_id, live.seat_of(user_id))
    live.connections.add(connection)
    connection.send(live.frame(connection.seat))
    for line in _recent_chat(arena, live.id):
        connection.send(line)
    pump = asyncio.create_task(connection.pump())
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw_bytes = message.get("bytes") or b""
                raw = raw_bytes.decode("utf-8", errors="replace")
            await _handle(arena, live, connection, user_name, raw)
    except WebSocketDisconnect:
        pass
    finally:
        live.connections.discard(connection)
        connection.close()
        await asyncio.gather(pump, return_exceptions=True)
        if not live.connections and live.status in ("finished", "imported"):
            arena.tables.pop(live.id, None)  # nobody watches a game that is over: rebuild it on demand


CHAT_HISTORY = 30


def _recent_chat(arena: Arena, table_id: str) -> list[dict[str, Any]]:
    """The table's last chat lines, so that a (re)connected player sees the conversation."""
    with arena.db() as db:
        rows = db.scalars(
            select(ChatMessage)
            .where(ChatMessage.table_id == table_id)
            .order_by(ChatMessage.id.desc())
            .limit(CHAT_HISTORY)
        ).all()
    return [
        {"type": "chat", "name": row.name, "seat": None, "text": row.text, "history": True} for row in reversed(rows)
    ]


def _error(connection: Connection, text: str, request: Any = None) -> None:
    connection.send({"type": "error", "error": text, "request": request})


async def _handle(arena: Arena, live: LiveTable, connection: Connection, user_name: str | None, raw: str) -> None:
    if len(raw) > MAX_MESSAGE:
        _error(connection, f"message longer than {MAX_MESSAGE} characters")
        return
    try:
        message = json.loads(raw)
    except json.JSONDecodeError as exc:
        _error(connection, f"message is not valid JSON: {exc.msg}")
        return
    if not isinstance(message, dict):
        _error(connection, f"a message is a JSON object, not {type(message).__name__}")
        return
    kind = message.get("type")
    try:
        if kind == "move":
            await arena.submit(live, connection.seat, message.get("move"), message.get("expect"))
        elif kind == "sync":
            connection.send(live.frame(connection.seat))
        elif kind == "ping":
            connection.send({"type": "pong"})
        elif kind == "chat":
            await _chat(arena, live, connection, user_name, message.get("text"))
        else:
            raise ApiError(422, f"unknown message type {kind!r}; types are move, chat, sync, ping")
    except ApiError as exc:
        _error(connection, exc.message, kind if isinstance(kind, str) else None)


async def _chat(arena: Arena, live: LiveTable, connection: Connection, user_name: str | None, text: Any) -> None:
    settings = arena.settings
    if user_name is None:
        raise ApiError(401, "log in or pick a guest name to chat")
    if not isinstance(text, str) or not text.strip():
        raise ApiError(422, "'text' must be a non-empty string")
    text = " ".join(text.split())
    if len(text) > settings.chat_max_length:
        raise ApiError(422, f"chat messages are at most {settings.chat_max_length} characters")
    now = time.monotonic()
    # Counted per person, not per socket: a new connection or a second tab is no way around the limit.
    assert connection.user_id is not None
    recent = [t for t in arena.chat_times.get(connection.user_id, []) if now - t < 60]
    arena.chat_times[connection.user_id] = recent
    if len(recent) >= settings.chat_per_minute:
        raise ApiError(429, f"slow down: at most {settings.chat_per_minute} chat messages a minute")
    recent.append(now)
    with arena.db() as db:
        db.add(ChatMessage(table_id=live.id, user_id=connection.user_id, name=user_name, text=text))
        db.commit()
    await arena.announce(live, {"type": "chat", "name": user_name, "seat": connection.seat, "text": text})
