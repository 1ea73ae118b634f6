"""The application factory: `create_app()` wires settings, database, API, WebSocket and the front end."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kameleon import __version__
from kameleon.engine.messages import Message as Said
from kameleon.engine.messages import msg, plain
from kameleon.server import analysis_api, api, i18n, metrics, realtime, turns
from kameleon.server.arena import Arena
from kameleon.server.errors import ApiError
from kameleon.server.guard import Guard
from kameleon.server.settings import Settings

WEB = Path(__file__).resolve().parent.parent / "web"
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
PAGES = (
    "/",
    "/login",
    "/games",
    "/table/{table_id}",
    "/replay/{table_id}",
    "/profile/{user_id}",
    "/leaderboard",
    "/rules",
    "/rules/{game}",
)


class SecurityHeaders:
    """The front end loads only its own files and talks only to its own origin (no inline scripts anywhere).

    A plain ASGI middleware: Starlette's `BaseHTTPMiddleware` would run every request through an extra
    task and stream, which costs more than the request itself on the arena's small API calls.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for header, value in SECURITY_HEADERS.items():
                    headers.setdefault(header, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _problem(error: Mapping[str, Any]) -> Said:
    """What pydantic found wrong with one field, in a template of this arena's catalogs (pydantic's English
    wording kept); a kind of error not listed here keeps pydantic's text, untranslated."""
    kind = error.get("type")
    # pydantic writes a bound of 1.0 as "1"
    ctx = {k: int(v) if isinstance(v, float) and v.is_integer() else v for k, v in (error.get("ctx") or {}).items()}
    if kind == "missing":
        return msg("field_required", "Field required")
    if kind in ("string_type",):
        return msg("not_string", "Input should be a valid string")
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return msg("not_integer", "Input should be a valid integer")
    if kind in ("float_type", "float_parsing"):
        return msg("not_number", "Input should be a valid number")
    if kind in ("bool_type", "bool_parsing"):
        return msg("not_boolean", "Input should be a valid boolean")
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return msg("not_object", "Input should be a valid dictionary")
    if kind == "list_type":
        return msg("not_list", "Input should be a valid list")
    if kind == "string_too_long" and "max_length" in ctx:
        return msg("string_too_long", "String should have at most {limit} characters", limit=ctx["max_length"])
    if kind == "string_too_short" and "min_length" in ctx:
        return msg("string_too_short", "String should have at least {limit} characters", limit=ctx["min_length"])
    if kind == "too_long" and "max_length" in ctx:
        return msg("too_many_items", "List should have at most {limit} items", limit=ctx["max_length"])
    if kind == "greater_than_equal" and "ge" in ctx:
        return msg("too_small", "Input should be greater than or equal to {limit}", limit=ctx["ge"])
    if kind == "greater_than" and "gt" in ctx:
        return msg("not_greater", "Input should be greater than {limit}", limit=ctx["gt"])
    if kind == "less_than_equal" and "le" in ctx:
        return msg("too_large", "Input should be less than or equal to {limit}", limit=ctx["le"])
    if kind == "less_than" and "lt" in ctx:
        return msg("not_less", "Input should be less than {limit}", limit=ctx["lt"])
    if kind == "literal_error" and "expected" in ctx:
        return msg("not_one_of", "Input should be {expected}", expected=ctx["expected"])
    return plain(str(error.get("msg")), str(kind or "invalid"))


def validation_message(exc: RequestValidationError) -> Said:
    """The first problem of a request, naming its field: `seat: Input should be a valid integer`."""
    errors = exc.errors()
    if not errors:
        return msg("invalid_request", "invalid request")
    first = errors[0]
    loc = [str(part) for part in first.get("loc", ())]
    if loc and loc[0] in ("body", "query", "path"):
        loc = loc[1:]
    where = ".".join(loc)
    if len(where) > 60:
        where = where[:57] + "..."
    if first.get("type") == "extra_forbidden":
        return msg("unknown_field", "unknown field {field!r}", field=where)
    if not where:
        return msg("invalid_body", "the body: {problem} (send a JSON object)", problem=_problem(first))
    return msg("invalid_field", "{field}: {problem}", field=where, problem=_problem(first))


ERROR_SCHEMA = {
    "title": "Error",
    "type": "object",
    "properties": {
        "error": {
            "type": "string",
            "title": "Error",
            "description": "what is wrong, in words, in the reader's language (account, else Accept-Language)",
        },
        "code": {"type": "string", "title": "Code", "description": "what is wrong, as a stable snake_case code"},
    },
    "required": ["error", "code"],
    "additionalProperties": False,
}
"""Every refusal's body, `{"error": "<field>: <what is wrong>", "code": "invalid_field"}` for a 422 too."""


def error_openapi(app: FastAPI) -> dict[str, Any]:
    """The app's schema, with FastAPI's default 422 answer (`HTTPValidationError {"detail": [...]}`, which this
    arena never sends) replaced by the `{"error": ...}` that it does send."""
    if app.openapi_schema is None:
        schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        components.pop("HTTPValidationError", None)
        components.pop("ValidationError", None)
        components["Error"] = ERROR_SCHEMA
        for item in schema.get("paths", {}).values():
            for operation in item.values():
                answer = operation.get("responses", {}).get("422")
                if answer is not None:
                    answer["description"] = "A field is missing, unknown or out of bounds"
                    answer["content"] = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
        app.openapi_schema = schema
    return app.openapi_schema


def create_app(settings: Settings | None = None) -> FastAPI:
    """A ready-to-serve arena; migrations run here, so the database is current before the first request."""
    settings = settings or Settings()
    arena = Arena(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await arena.start()
        if settings.smtp_url and not settings.public_url:
            logging.getLogger("kameleon.server").warning(
                "mail is on without KAMELEON_PUBLIC_URL: the links of mails name the address this server listens "
                "on; set KAMELEON_PUBLIC_URL to the arena's public address"
            )
        chores = [asyncio.create_task(arena.sweep_sessions()), asyncio.create_task(arena.evict_idle())]
        chores += [asyncio.create_task(arena.mailer.run()), asyncio.create_task(api.match_queue(arena))]
        chores.append(asyncio.create_task(arena.analyses.run()))
        if arena.fanout.enabled:
            chores.append(asyncio.create_task(arena.watch()))
        if settings.metrics and metrics.multiprocess_dir() is not None:
            chores.append(asyncio.create_task(metrics.publish_tables(lambda: len(arena.tables))))
        yield
        for chore in chores:
            chore.cancel()
        await arena.close()

    # No /docs or /redoc: their pages load scripts from a CDN, which the CSP above (and an offline machine)
    # refuses, so they would show blank; the schema itself is served at /openapi.json.
    app = FastAPI(title="kameleon arena", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.arena = arena
    app.openapi = lambda: error_openapi(app)  # type: ignore[method-assign]

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        if exc.reason is not None:
            metrics.rejected(exc.reason)
        text = i18n.render(exc.said, i18n.language_of(request), exc.game)
        return JSONResponse({"error": text, "code": exc.code}, status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        """Routing errors in the API's `{"error": ...}` form; an unknown page gets the front end, which says so."""
        path = request.url.path
        if exc.status_code == 404 and request.method == "GET" and not path.startswith(("/api/", "/static/")):
            return FileResponse(WEB / "index.html", status_code=404, headers={"Cache-Control": "no-cache"})
        if exc.status_code == 404:
            said = msg("no_route", "there is no {method} {path}", method=request.method, path=path[:200])
        elif exc.status_code == 405:
            said = msg(
                "method_not_allowed", "{method} is not allowed on {path}", method=request.method, path=path[:200]
            )
        else:
            said = plain(str(exc.detail), "http_error")
        text = i18n.render(said, i18n.language_of(request))
        return JSONResponse({"error": text, "code": said.code}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        metrics.rejected("validation")
        said = validation_message(exc)
        return JSONResponse({"error": i18n.render(said, i18n.language_of(request)), "code": said.code}, status_code=422)

    app.add_middleware(Guard, settings=settings)
    app.add_middleware(SecurityHeaders)
    if settings.metrics:

        @app.get("/metrics", include_in_schema=False)
        async def prometheus() -> Response:
            body, content_type = metrics.exposition(len(arena.tables))
            return Response(body, media_type=content_type)

    app.include_router(api.router)
    app.include_router(realtime.router)
    app.include_router(turns.router)
    app.include_router(analysis_api.router)
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    async def page() -> FileResponse:
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})

    for path in PAGES:
        app.add_api_route(path, page, include_in_schema=False)
    return app
