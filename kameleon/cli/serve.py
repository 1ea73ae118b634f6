"""`kameleon serve`: the web arena on an SQLite file (default) or PostgreSQL."""

from __future__ import annotations

import typer


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on (0.0.0.0 for every interface)"),
    port: int = typer.Option(8000, "--port", help="TCP port"),
    database_url: str | None = typer.Option(
        None,
        "--database-url",
        help="SQLAlchemy URL, e.g. postgresql://user:pw@host/db (default: an SQLite file in your data directory)",
    ),
) -> None:
    """Start the web arena and print its URL."""
    try:
        import uvicorn

        from kameleon.server import Settings, create_app
    except ModuleNotFoundError as exc:
        typer.echo(
            f"error: the arena needs the 'server' extra ({exc.name} is missing): pip install 'kameleon[server]'",
            err=True,
        )
        raise typer.Exit(2) from None
    settings = Settings() if database_url is None else Settings(database_url=database_url)
    app = create_app(settings)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    typer.echo(f"kameleon arena on http://{shown}:{port}/  (database: {_safe(settings.database_url)})", err=False)
    # Frames are small JSON documents: compressing them costs more CPU than it saves on the wire.
    uvicorn.run(app, host=host, port=port, log_level="warning", ws="websockets-sansio", ws_per_message_deflate=False)


def _safe(url: str) -> str:
    """The database URL without its password, for printing."""
    scheme, sep, rest = url.partition("://")
    if "@" in rest:
        credentials, _, place = rest.rpartition("@")
        user = credentials.split(":", 1)[0]
        return f"{scheme}{sep}{user}:***@{place}"
    return url
