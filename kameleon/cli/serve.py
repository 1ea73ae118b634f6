"""`kameleon serve`: the web arena on an SQLite file (default) or PostgreSQL, in one process or several."""

from __future__ import annotations

import contextlib
import errno
import os
import socket
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from kameleon.ai.expert import check_shipped
from kameleon.cli.common import fail
from kameleon.engine.errors import KameleonError

if TYPE_CHECKING:
    from kameleon.server import Settings


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on (0.0.0.0 for every interface)"),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="TCP port"),
    database_url: str | None = typer.Option(
        None,
        "--database-url",
        help="SQLAlchemy URL, e.g. postgresql://user:pw@host/db (default: an SQLite file in your data directory)",
    ),
    redis_url: str | None = typer.Option(
        None,
        "--redis-url",
        help="Redis shared by several server processes, e.g. redis://127.0.0.1:6379/0 (env KAMELEON_REDIS_URL)",
    ),
    workers: int = typer.Option(
        1, "--workers", min=1, help="server processes sharing the port; more than one needs --redis-url"
    ),
) -> None:
    """Start the web arena and print its URL.

    Several processes can share one database: `--workers N`, or more `kameleon serve` on other ports or machines.
    They tell each other about every change through Redis (`--redis-url`); PostgreSQL suits them better than SQLite.
    """
    try:
        import uvicorn

        from kameleon.server import Settings, create_app
        from kameleon.server.settings import redacted
    except ModuleNotFoundError as exc:
        raise fail(
            f"the arena needs the 'server' extra ({exc.name} is missing): pip install 'kameleon[server]'"
        ) from None
    try:
        settings = Settings()
    except ValueError as exc:
        raise fail(str(exc)) from None
    if database_url is not None:
        settings.database_url = database_url
    if redis_url is not None:
        settings.redis_url = redis_url
    if workers > 1 and not settings.redis_url:
        raise fail("--workers above 1 needs --redis-url: the processes share moves through Redis")
    _check_database(settings)
    try:
        check_shipped()  # a damaged install is refused now, not found by a bot seat in the middle of a game
    except KameleonError as exc:
        raise fail(exc.message) from None
    if settings.redis_url:
        _check_redis(settings.redis_url)
    _check_listening(host, port)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    where = f"database: {redacted(settings.database_url)}"
    if settings.redis_url:
        where += f", redis: {redacted(settings.redis_url)}, {workers} process{'es' if workers > 1 else ''}"
    # Frames are small JSON documents: compressing them costs more CPU than it saves on the wire.
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "ws": "kameleon.server.protocol:BoundedWebSocketProtocol",
        # Bounded reads (docs/security.md): headers within KAMELEON_HEADER_TIMEOUT, idle keep-alive 5 s, socket
        # messages of at most 64 KiB (the arena reads at most 4,096 characters of one anyway).
        "http": "kameleon.server.protocol:TimedHttpToolsProtocol",
        "timeout_keep_alive": 5,
        "ws_max_size": 65_536,
        "ws_max_queue": 16,
        "server_header": False,
    }
    if workers == 1:
        app = create_app(settings)
        typer.echo(f"kameleon arena on http://{shown}:{port}/  ({where})")
        uvicorn.run(app, ws_per_message_deflate=False, **options)
        return
    # Each worker builds its app from the environment (the schema is already up to date: _check_database).
    os.environ["KAMELEON_DATABASE_URL"] = settings.database_url
    os.environ["KAMELEON_REDIS_URL"] = settings.redis_url or ""
    typer.echo(f"kameleon arena on http://{shown}:{port}/  ({where})")
    with contextlib.ExitStack() as stack:
        # One scrape of the port reaches one worker: each must serve the figures of all (metrics.py).
        from kameleon.server.metrics import MULTIPROCESS, prepare_multiprocess

        given = os.environ.get(MULTIPROCESS)
        directory = given or stack.enter_context(tempfile.TemporaryDirectory(prefix="kameleon-metrics-"))
        prepare_multiprocess(Path(directory))
        uvicorn.run(
            "kameleon.server.app:create_app", factory=True, workers=workers, ws_per_message_deflate=False, **options
        )


def _check_listening(host: str, port: int) -> None:
    """Fail now, before the URL is printed, when the address is unknown or the port taken."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server itself will
            probe.bind(address)
    except OSError as exc:
        hint = " (choose another with --port)" if exc.errno == errno.EADDRINUSE else ""
        raise fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}{hint}") from None


def _check_database(settings: Settings) -> None:
    """Open the database and bring its schema up to date, once, before any server process starts."""
    from sqlalchemy.exc import SQLAlchemyError

    from kameleon.server.db import make_engine, migrate
    from kameleon.server.settings import redacted

    try:
        engine = make_engine(settings.normalised_url(), settings.sqlite_synchronous)
        try:
            migrate(engine)
        finally:
            engine.dispose()
    except (SQLAlchemyError, ValueError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        raise fail(f"cannot open the database {redacted(settings.database_url)}: {reason}") from None


def _check_redis(url: str) -> None:
    import redis

    from kameleon.server.settings import redacted

    try:
        redis.Redis.from_url(url, socket_connect_timeout=5).ping()
    except (redis.RedisError, ValueError) as exc:
        raise fail(f"cannot reach Redis at {redacted(url)}: {exc}") from None
