"""The arena on a real PostgreSQL server (started for this test): migrations, a full game, a SIGKILL restart."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import kameleon
from tests.server.harness import Player, ServerProcess, free_port, play_until, tokens_of


def _binary(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if found is None:
        pytest.fail(f"PostgreSQL's {name} is missing; install it: apt-get install -y postgresql", pytrace=False)
    return found


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}"


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A throw-away PostgreSQL cluster on 127.0.0.1 (run as `nobody` when the tests run as root).

    Its directory is made with `tempfile` directly under /tmp, as pytest's own temporary directories are
    private to root and `nobody` could not reach it.
    """
    base = Path(tempfile.mkdtemp(prefix="kameleon-pg-"))
    data, port = base / "data", free_port()
    prefix = ["runuser", "-u", "nobody", "--"] if os.geteuid() == 0 else []
    if prefix:
        shutil.chown(base, "nobody")
    subprocess.run(
        [*prefix, _binary("initdb"), "-D", str(data), "-A", "trust", "-U", "kameleon"], check=True, capture_output=True
    )
    options = f"-p {port} -k {base} -h 127.0.0.1 -F"
    subprocess.run(
        [*prefix, _binary("pg_ctl"), "-D", str(data), "-o", options, "-l", str(base / "log"), "-w", "start"],
        check=True,
        capture_output=True,
    )
    yield f"postgresql://kameleon@127.0.0.1:{port}/postgres"
    subprocess.run([*prefix, _binary("pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], capture_output=True)


def test_full_game_and_restart_on_postgresql(tmp_path: Path, postgres_url: str) -> None:
    first = ServerProcess(tmp_path / "unused.sqlite3", database_url=postgres_url).start()
    try:
        alice = Player(first.url, "Alice", password="long enough")
        table_id, accepted = play_until(alice, 6)
        first.kill()
    finally:
        first.stop()
    second = ServerProcess(tmp_path / "unused.sqlite3", database_url=postgres_url).start()
    try:
        alice.base = second.url
        alice.http.base_url = second.url
        frame = alice.get(f"/api/tables/{table_id}/state")
        assert tokens_of(frame["log"])[: len(accepted)] == accepted and frame["seat"] == 0
        alice.post(f"/api/tables/{table_id}/leave")
        deadline = time.monotonic() + 90
        while alice.get(f"/api/tables/{table_id}")["table"]["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish the game"
            time.sleep(0.1)
        record = alice.get(f"/api/tables/{table_id}/record")
        assert record["moves"][: len(accepted)] == accepted
        assert kameleon.replay(record).is_terminal
        board = alice.get("/api/leaderboard/coloretto")["players"]
        assert any(entry["player"] == f"user:{alice.user['id']}" for entry in board)
    finally:
        second.stop()
