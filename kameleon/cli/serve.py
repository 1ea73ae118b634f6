"""`kameleon serve`: the web arena on an SQLite file (default) or PostgreSQL, in one process or several."""

from __future__ import annotations

import os
from typing import Any

import typer


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on (0.0.0.0 for every interface)"),
    port: int = typer.Option(8000, "--port", help="TCP port"),
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

    Several processes (`--workers`, or several `kameleon serve` on other ports or machines) share one
    database and tell each other about every change through Redis; PostgreSQL suits that better than SQLite.
    """
    try:
        import uvicorn

        from kameleon.server import Settings, create_app
        from kameleon.server.db import make_engine, migrate
        from kameleon.server.settings import redacted
    except ModuleNotFoundError as exc:
        typer.echo(
            f"error: the arena needs the 'server' extra ({exc.name} is missing): pip install 'kameleon[server]'",
            err=True,
        )
        raise typer.Exit(2) from None
    try:
        settings = Settings()
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    if database_url is not None:
        settings.database_url = database_url
    if redis_url is not None:
        settings.redis_url = redis_url
    if workers > 1 and not settings.redis_url:
        typer.echo("error: --workers above 1 needs --redis-url: the processes share moves through Redis", err=True)
        raise typer.Exit(2)
    if settings.redis_url:
        _check_redis(settings.redis_url)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    where = f"database: {redacted(settings.database_url)}"
    if settings.redis_url:
        where += f", redis: {redacted(settings.redis_url)}, {workers} process{'es' if workers > 1 else ''}"
    # Frames are small JSON documents: compressing them costs more CPU than it saves on the wire.
    options: dict[str, Any] = {"host": host, "port": port, "log_level": "warning", "ws": "websockets-sansio"}
    if workers == 1:
        app = create_app(settings)
        typer.echo(f"kameleon arena on http://{shown}:{port}/  ({where})")
        uvicorn.run(app, ws_per_message_deflate=False, **options)
        return
    # Each worker builds its app from the environment; the schema is brought up to date once, here, first.
    os.environ["KAMELEON_DATABASE_URL"] = settings.database_url
    os.environ["KAMELEON_REDIS_URL"] = settings.redis_url or ""
    migrate(make_engine(settings.normalised_url(), settings.sqlite_synchronous))
    typer.echo(f"kameleon arena on http://{shown}:{port}/  ({where})")
    uvicorn.run(
        "kameleon.server.app:create_app", factory=True, workers=workers, ws_per_message_deflate=False, **options
    )


def _check_redis(url: str) -> None:
    import redis

    from kameleon.server.settings import redacted

    try:
        redis.Redis.from_url(url, socket_connect_timeout=5).ping()
    except (redis.RedisError, ValueError) as exc:
        typer.echo(f"error: cannot reach Redis at {redacted(url)}: {exc}", err=True)
        raise typer.Exit(2) from None
