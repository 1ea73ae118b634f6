"""Expired login sessions are refused and swept from the database, by the running server too."""

from __future__ import annotations

import sqlite3
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from argon2.exceptions import VerificationError
from sqlalchemy import select

from kameleon.server import auth
from kameleon.server.db import make_engine, migrate, session_factory
from kameleon.server.models import AuthSession
from tests.server.harness import Player, ServerProcess


def test_purge_deletes_only_expired_sessions(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'sessions.sqlite3'}")
    migrate(engine)
    sessions = session_factory(engine)
    with sessions() as db:
        user = auth.guest(db, "sweeper")
        fresh = auth.open_session(db, user, days=1)
        stale = auth.open_session(db, user, days=1)
        db.get_one(AuthSession, auth.hash_token(stale)).expires_at = datetime.now(UTC) - timedelta(seconds=1)
        db.commit()
    with sessions() as db:
        assert auth.purge_expired(db) == 1
        db.commit()
    with sessions() as db:
        assert db.scalars(select(AuthSession.token_hash)).all() == [auth.hash_token(fresh)]
        assert auth.user_for_token(db, fresh) is not None
        assert auth.user_for_token(db, stale) is None
        assert auth.purge_expired(db) == 0
    engine.dispose()


def test_running_server_sweeps_expired_sessions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAMELEON_SESSION_SWEEP", "0.2")
    database = tmp_path / "arena.sqlite3"
    server = ServerProcess(database).start()
    try:
        leaving, staying = Player(server.url, "leaving"), Player(server.url, "staying")
        with sqlite3.connect(database) as db:
            db.execute(
                "UPDATE sessions SET expires_at = ? WHERE token_hash = ?",
                ((datetime.now(UTC) - timedelta(days=1)).strftime("%Y-%m-%d %H:%M:%S.%f"),
                 auth.hash_token(leaving.token)),
            )  # fmt: skip
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with sqlite3.connect(database) as db:
                left = {row[0] for row in db.execute("SELECT token_hash FROM sessions")}
            if auth.hash_token(leaving.token) not in left:
                break
            time.sleep(0.1)
        assert left == {auth.hash_token(staying.token)}
        assert leaving.get("/api/me")["user"] is None
        assert staying.get("/api/me")["user"]["name"] == "staying"
    finally:
        server.stop()


def test_an_unknown_name_is_checked_against_a_hash_made_as_a_real_password_would_be() -> None:
    # The written-out hash carries the hasher's own parameters: were they to change, an unknown name's check
    # would take another time than a known one's (the server hashes one again at start, 0.3 s, to keep them
    # equal), and this says the written one is to be made again.
    assert not auth._hasher.check_needs_rehash(auth._WRITTEN_DUMMY_HASH)
    assert auth._DUMMY_HASH == auth._WRITTEN_DUMMY_HASH
    with pytest.raises(VerificationError):
        auth._hasher.verify(auth._DUMMY_HASH, "a password someone tries")
