"""Database engine, sessions and the migrations run at startup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.orm import Session, sessionmaker

from kameleon.server.settings import SQLITE_SYNC_MODES

MIGRATIONS = Path(__file__).with_name("migrations")


def make_engine(url: str, sqlite_synchronous: str = "FULL") -> Engine:
    """An engine; SQLite gets WAL + foreign keys so an accepted move survives a crash and readers never block.

    `sqlite_synchronous` FULL syncs the disk at every commit (nothing lost even on power loss); NORMAL syncs
    at checkpoints only: still nothing lost when the server process dies, much faster, but an operating-system
    crash may roll back the last commits.
    """
    if sqlite_synchronous not in SQLITE_SYNC_MODES:
        raise ValueError(f"sqlite_synchronous must be {' or '.join(SQLITE_SYNC_MODES)}, not {sqlite_synchronous!r}")
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={sqlite_synchronous}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (Alembic, the migrations shipped in this package)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)


def ping(engine: Engine) -> bool:
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        return True
    except Exception:
        return False
