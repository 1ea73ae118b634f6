"""The door of the HTTP API: what a request must be before any route sees it.

A plain ASGI middleware (cheaper than Starlette's `BaseHTTPMiddleware` on small calls). For every request
that changes something (any method but GET, HEAD, OPTIONS):

* **same origin only**: a browser's `Sec-Fetch-Site` must be `same-origin` (or `none`, typed by the user)
  and its `Origin`, when sent, must be the arena's own scheme://host (or one of KAMELEON_ALLOWED_ORIGINS).
  SameSite=Lax cookies still travel from another port or a sibling subdomain ("same site"), so this, not
  the cookie, is what stops a form elsewhere from acting for a logged-in player (CSRF);
* **`Content-Type: application/json`**, even with an empty body: no HTML form can send it cross-origin
  (`FORM_POSTS`, the arena's own confirmation page, may send a form; `MAIL_PROGRAMS` skip the door);
* **a bounded body, read as it streams**: a `Content-Length` above the limit is refused before a byte is
  read; without one, reading stops at the limit + 1 byte (413), and a body that takes longer than
  `body_timeout` is refused (408), so a slow sender holds nothing for long;
* **JSON that cannot hurt**: parsed by orjson (no recursion, no lone surrogates, no numbers beyond 64
  bits), at most MAX_DEPTH levels deep and an object: 400 otherwise.

The body is then handed on unchanged to FastAPI, which validates it against the route's Pydantic model.
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlsplit

import orjson
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as AsgiMessage

from kameleon.engine.messages import Message, msg
from kameleon.engine.record import json_kind
from kameleon.server import i18n, metrics
from kameleon.server.settings import Settings

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
MAX_DEPTH = 16
"""Nesting levels a body may have (a game record needs 3)."""
MAIL_PROGRAMS = frozenset({"/api/mail/unsubscribe"})
"""Paths that mail programs POST to (RFC 8058 one-click unsubscribe, a form body): the secret token in the
link is the authority there, and the route reads no body. The only path exempt from every check here."""
FORM_POSTS = frozenset({"/api/mail/confirm"})
"""Paths that take an HTML form's POST (`application/x-www-form-urlencoded`, not JSON) from a page the arena
itself serves (the confirmation page of a mail's link): every check but the JSON ones still applies, the
same-origin one first, so only that page of the arena's own can send it."""


def own_origin(scope: Scope) -> str | None:
    """The origin this request was addressed to: scheme://host[:port] from the scheme and the Host header.

    Behind a TLS proxy, run uvicorn with --proxy-headers (kameleon serve does) so the scheme is https."""
    host = _header(scope, b"host")
    if not host:
        return None
    scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"), scope.get("scheme", "http"))
    return f"{scheme}://{host.lower()}"


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _normal(origin: str) -> str | None:
    """scheme://host[:port] in lower case, the default port left out; None for an origin that is not one."""
    try:
        parts = urlsplit(origin.strip().lower())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    default = {"http": 80, "https": 443}[parts.scheme]
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    return f"{parts.scheme}://{host}" + (f":{port}" if port not in (None, default) else "")


def cross_site(scope: Scope, allowed: frozenset[str]) -> Message | None:
    """Why a browser request (HTTP or WebSocket) comes from another origin, or None when it does not."""
    fetch_site = _header(scope, b"sec-fetch-site")
    if fetch_site is not None and fetch_site.strip().lower() not in ("same-origin", "none"):
        return msg("cross_site", "cross-site request refused (Sec-Fetch-Site: {value})", value=fetch_site[:40])
    origin = _header(scope, b"origin")
    if origin is None:
        return None  # not a browser, or one that says nothing: a script holds its own token, not a victim's cookie
    own = own_origin(scope)
    given = _normal(origin)
    if given is None or (given != (_normal(own) if own else None) and given not in allowed):
        return msg("cross_origin", "cross-site request refused (Origin: {value})", value=origin[:80])
    return None


def allowed_origins(settings: Settings) -> frozenset[str]:
    found = (_normal(part) for part in settings.allowed_origins.split(",") if part.strip())
    return frozenset(origin for origin in found if origin is not None)


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether a parsed JSON value nests more than `limit` arrays or objects (iteratively: no recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


class Refusal(Exception):
    def __init__(self, status: int, message: Message, reason: str) -> None:
        super().__init__(str(message))
        self.status, self.message, self.reason = status, message, reason


class Guard:
    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.max_body = settings.max_body
        self.body_timeout = settings.body_timeout
        self.allowed = allowed_origins(settings)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS or scope.get("path") in MAIL_PROGRAMS:
            await self.app(scope, receive, send)
            return
        try:
            body = await self._check(scope, receive)
        except Refusal as refusal:
            metrics.rejected(refusal.reason)
            language = i18n.best_match(_header(scope, b"accept-language"))  # no route, no account: the header's
            await _answer(send, refusal.status, refusal.message, language)
            return
        delivered = False

        async def replay() -> AsgiMessage:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: wait for the disconnect, as Starlette expects

        await self.app(scope, replay, send)

    async def _check(self, scope: Scope, receive: Receive) -> bytes:
        why = cross_site(scope, self.allowed)
        if why is not None:
            raise Refusal(403, why, "cross_site")
        content_type = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        form = scope.get("path") in FORM_POSTS
        if content_type != ("application/x-www-form-urlencoded" if form else "application/json"):
            raise Refusal(
                415,
                msg("json_only", "send the request as JSON with 'Content-Type: application/json' (even '{{}}')"),
                "type",
            )
        declared = _header(scope, b"content-length")
        if declared is not None and (not declared.strip().isdigit() or int(declared) > self.max_body):
            raise Refusal(413, self._too_large(), "body_size")
        body = await self._read(receive)
        if body and not form:
            self._check_json(body)
        return body

    async def _read(self, receive: Receive) -> bytes:
        chunks: list[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_timeout
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                said = msg(
                    "body_timeout", "the body took longer than {seconds:g} s to arrive", seconds=self.body_timeout
                )
                raise Refusal(408, said, "body_timeout") from None
            if message["type"] == "http.disconnect":
                raise Refusal(400, msg("client_gone", "the client went away while sending the body"), "disconnect")
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                raise Refusal(413, self._too_large(), "body_size")
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    def _too_large(self) -> Message:
        return msg("body_too_large", "the body is larger than {limit} bytes", limit=self.max_body)

    @staticmethod
    def _check_json(body: bytes) -> None:
        try:
            data = orjson.loads(body)
        except orjson.JSONDecodeError as exc:
            raise Refusal(
                400, msg("invalid_json", "the body is not valid JSON: {detail}", detail=str(exc)), "json"
            ) from None
        if not isinstance(data, dict):
            said = msg("body_not_object", "the body must be a JSON object, not {kind}", kind=json_kind(data))
            raise Refusal(400, said, "json")
        if too_deep(data):
            raise Refusal(
                400, msg("body_too_deep", "the body nests more than {depth} levels deep", depth=MAX_DEPTH), "json"
            )


async def _answer(send: Send, status: int, message: Message, language: str) -> None:
    payload = orjson.dumps({"error": i18n.render(message, language), "code": message.code})
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
    if status in (408, 413):
        headers.append((b"connection", b"close"))  # the rest of the body is never read
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})
