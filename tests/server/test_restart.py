"""Persistence without loss: SIGKILL the server mid-game, start it again, every accepted move is there."""

from __future__ import annotations

import time
from pathlib import Path

import kameleon
from tests.server.harness import Player, ServerProcess, play_until, tokens_of


def back_up(crashed: ServerProcess) -> ServerProcess:
    """A new server on the crashed one's database and port, as after a restart."""
    again = ServerProcess(crashed.database)
    again.port = crashed.port
    return again.start()


def logged_in_again(alice: Player) -> Player:
    alice.http.cookies.clear()
    alice.post("/api/auth/login", {"username": "Alice", "password": "long enough"})
    return alice


def test_sigkill_mid_game_loses_no_accepted_move(tmp_path: Path) -> None:
    database = tmp_path / "arena.sqlite3"
    first = ServerProcess(database).start()
    try:
        alice = Player(first.url, "Alice", password="long enough")
        table_id, accepted = play_until(alice, 12, pick=-1)
        first.kill()
    finally:
        first.stop()

    second = back_up(first)
    try:
        frame = logged_in_again(alice).get(f"/api/tables/{table_id}/state")
        assert tokens_of(frame["log"])[: len(accepted)] == accepted, "an accepted move was lost"
        assert frame["table"]["status"] == "playing"
        assert frame["seat"] == 0
        deadline = time.monotonic() + 120
        while frame["table"]["status"] == "playing":
            assert time.monotonic() < deadline, "the game did not continue after the restart"
            if frame["legal"]:
                alice.post(f"/api/tables/{table_id}/moves", {"move": frame["legal"][0], "expect": len(frame["log"])})
            else:
                time.sleep(0.02)
            frame = alice.get(f"/api/tables/{table_id}/state")
        record = alice.get(f"/api/tables/{table_id}/record")
        assert record["moves"][: len(accepted)] == accepted
        assert kameleon.replay(record).is_terminal
    finally:
        second.stop()


def test_the_time_a_server_is_down_is_nobodys_thinking_time(tmp_path: Path) -> None:
    database = tmp_path / "arena.sqlite3"
    first = ServerProcess(database).start()
    try:
        alice = Player(first.url, "Alice", password="long enough")
        body = {
            "game": "coloretto",
            "options": {"players": 2, "start_player": 0},
            "bots": "random",
            "time": {"initial": 3, "increment": 0},
        }
        table_id = alice.post("/api/tables", body, expect=201)["table"]["id"]
        alice.post(f"/api/tables/{table_id}/start")
        first.kill()
    finally:
        first.stop()
    time.sleep(4)  # longer than Alice's whole clock: the outage must not make her run out of time
    second = back_up(first)
    try:
        frame = logged_in_again(alice).get(f"/api/tables/{table_id}/state")
        assert frame["seat"] == 0 and frame["table"]["seats"][0]["kind"] == "human", "no bot took her seat"
        assert 0 < frame["clock"]["remaining"][0] <= 3
        alice.post(f"/api/tables/{table_id}/moves", {"move": frame["legal"][0], "expect": 0})
    finally:
        second.stop()
