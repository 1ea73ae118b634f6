"""Turn-based play on a real arena: deadlines per move, out of time, expelling, forfeits, "My games"."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.server.harness import Player, ServerProcess
from tests.server.test_restart import back_up, logged_in_again

COLORETTO = {"game": "coloretto", "options": {"players": 2, "start_player": 0}}


def duel(alice: Player, bob: Player, time_control: Any, start_player: int = 0) -> str:
    body = {**COLORETTO, "options": {"players": 2, "start_player": start_player}, "time": time_control}
    table_id: str = alice.post("/api/tables", body, expect=201)["table"]["id"]
    bob.post(f"/api/tables/{table_id}/join")
    alice.post(f"/api/tables/{table_id}/start")
    return table_id


def move(player: Player, table_id: str) -> dict[str, Any]:
    """Play the player's whole turn (a Coloretto turn may take two moves: draw, then place)."""
    frame = player.get(f"/api/tables/{table_id}/state")
    assert frame["legal"], "not this player's turn"
    seat = frame["seat"]
    while frame["table"]["current_player"] == seat and frame["legal"]:
        path = f"/api/tables/{table_id}/moves"
        frame = player.post(path, {"move": frame["legal"][0], "expect": len(frame["log"])})
    return frame


def waiting(player: Player, table_id: str, seat: int, timeout: float = 10) -> dict[str, Any]:
    """The state once `seat` is out of time."""
    deadline = time.monotonic() + timeout
    while seat not in (frame := player.get(f"/api/tables/{table_id}/state"))["clock"]["out_of_time"]:
        assert time.monotonic() < deadline, f"seat {seat} never ran out of time"
        time.sleep(0.05)
    return frame


def rating(player: Player, game: str) -> dict[str, Any]:
    rated = player.get(f"/api/users/{player.user['id']}")["ratings"]
    return next(r for r in rated if r["game"] == game)


def test_a_turn_based_game_out_of_time_expel_and_a_forfeit_for_the_expelled_only(server: ServerProcess) -> None:
    alice = Player(server.url, "alice30", password="long enough")
    bob = Player(server.url, "bob30", password="long enough")
    table_id = duel(alice, bob, {"per_move": 2})
    assert alice.get(f"/api/tables/{table_id}")["table"]["time"] == {"per_move": 2.0}
    [mine] = [g for g in alice.get("/api/me/games")["games"] if g["id"] == table_id]
    assert mine["my_turn"] and mine["opponents"] == ["bob30"] and mine["deadline"] and 0 < mine["seconds_left"] <= 2
    [theirs] = [g for g in bob.get("/api/me/games")["games"] if g["id"] == table_id]
    assert not theirs["my_turn"] and theirs["deadline"] == mine["deadline"], "one deadline, seen by both"

    move(alice, table_id)
    sockets = {"alice": alice.socket(table_id), "bob": bob.socket(table_id)}
    assert bob.get("/api/me/games")["my_turn"] >= 1
    for socket in sockets.values():  # Bob lets his deadline pass: both are told
        assert socket.next_of("out_of_time", timeout=10) == {"type": "out_of_time", "seat": 1}
        assert socket.next_of("state")["clock"]["out_of_time"] == [1]
    sockets["alice"].close()
    again = alice.socket(table_id)  # a reconnection shows it too
    assert again.next_of("state")["clock"]["out_of_time"] == [1]
    refused = alice.http.post(f"/api/tables/{table_id}/expel", json={"seat": 0})
    assert (refused.status_code, refused.json()["code"]) == (409, "expel_self")

    frame = move(bob, table_id)  # late, but nobody expelled him: he may still move
    assert frame["clock"]["out_of_time"] == [] and frame["clock"]["running"] == 0
    refused = alice.http.post(f"/api/tables/{table_id}/expel", json={"seat": 1})
    assert (refused.status_code, refused.json()["code"]) == (409, "expel_in_time")
    refused = bob.http.post(f"/api/tables/{table_id}/expel", json={"seat": 0})
    assert (refused.status_code, refused.json()["code"]) == (409, "expel_in_time"), "Alice's deadline is not over"
    spectator = Player(server.url, "Carol")
    waiting(bob, table_id, 0)
    refused = spectator.http.post(f"/api/tables/{table_id}/expel", json={"seat": 0})
    assert (refused.status_code, refused.json()["code"]) == (403, "expel_not_seated")

    expelled = bob.post(f"/api/tables/{table_id}/expel", {"seat": 0})
    assert expelled["table"]["seats"][0]["kind"] == "bot" and expelled["table"]["seats"][0]["timed_out"]
    assert again.next_of("expelled") == {"type": "expelled", "seat": 0, "by": 1}
    assert again.next_of("state")["seat"] is None, "Alice no longer holds the seat"
    assert table_id not in [g["id"] for g in alice.get("/api/me/games")["games"]]

    deadline = time.monotonic() + 60  # Bob plays on, in time, against the bot that finishes Alice's seat
    while (frame := bob.get(f"/api/tables/{table_id}/state"))["table"]["status"] == "playing":
        assert time.monotonic() < deadline
        if frame["legal"]:
            bob.post(f"/api/tables/{table_id}/moves", {"move": frame["legal"][0], "expect": len(frame["log"])})
        else:
            time.sleep(0.02)
    assert frame["table"]["seats"][1]["kind"] == "human", "Bob was never expelled"
    lost, won = rating(alice, "coloretto"), rating(bob, "coloretto")
    assert (lost["games"], lost["wins"], won["games"], won["wins"]) == (1, 0, 1, 1), "the forfeit is Alice's only"
    assert lost["mu"] < 25 < won["mu"]
    for socket in (again, sockets["bob"]):
        socket.close()


def test_nobody_is_expelled_without_a_time_limit_and_new_tables_default_to_real_time(server: ServerProcess) -> None:
    alice, bob = Player(server.url, "Ann"), Player(server.url, "Ben")
    plain = alice.post("/api/tables", COLORETTO, expect=201)["table"]
    assert plain["time"] == {"initial": 600.0, "increment": 15.0}, "the normal real-time profile"
    profiles = alice.get("/api/games")
    assert profiles["default_time"] == "normal" and profiles["time_profiles"]["1d"] == {"per_move": 86400.0}
    table_id = duel(alice, bob, None)
    frame = bob.get(f"/api/tables/{table_id}/state")
    assert frame["table"]["time"] is None and frame["clock"] is None
    refused = bob.http.post(f"/api/tables/{table_id}/expel", json={"seat": 0})
    assert (refused.status_code, refused.json()["code"]) == (409, "expel_no_limit")
    bad = alice.http.post("/api/tables", json={**COLORETTO, "time": {"per_move": 0.5}})
    assert (bad.status_code, bad.json()["error"]) == (422, "time.per_move: Input should be greater than or equal to 1")
    bad = alice.http.post("/api/tables", json={**COLORETTO, "time": {"per_move": 60, "initial": 60}})
    assert bad.status_code == 422 and "either 'initial'" in bad.json()["error"]


def test_my_games_lists_the_games_waiting_for_me_first_then_the_soonest_deadline(server: ServerProcess) -> None:
    me, other = Player(server.url, "Mia"), Player(server.url, "Olaf")
    later = duel(me, other, {"per_move": 3000})
    sooner = duel(me, other, {"per_move": 1000})
    theirs = duel(me, other, {"per_move": 100}, start_player=1)
    free = duel(me, other, None)
    waiting_to_start = me.post("/api/tables", COLORETTO, expect=201)["table"]["id"]
    over = duel(me, other, {"per_move": 3000})
    me.post(f"/api/tables/{over}/leave")
    listed = me.get("/api/me/games")
    assert [g["id"] for g in listed["games"]] == [sooner, later, free, theirs, waiting_to_start]
    assert listed["my_turn"] == 3
    by_id = {g["id"]: g for g in listed["games"]}
    assert by_id[free]["deadline"] is None and by_id[free]["my_turn"]
    assert by_id[theirs]["turn"] == 1 and not by_id[theirs]["my_turn"] and by_id[theirs]["opponents"] == ["Olaf"]
    assert by_id[waiting_to_start]["status"] == "open"
    assert other.get("/api/me/games")["games"][0]["id"] == theirs
    assert Player(server.url, "Nobody").get("/api/me/games") == {"games": [], "my_turn": 0}


def test_a_restart_keeps_every_turn_based_deadline(tmp_path: Path) -> None:
    first = ServerProcess(tmp_path / "arena.sqlite3").start()
    try:
        alice = Player(first.url, "Alice", password="long enough")
        bob = Player(first.url, "Bobby", password="long enough")
        table_id = duel(alice, bob, {"per_move": 30})
        move(alice, table_id)
        before = bob.get(f"/api/tables/{table_id}/state")["clock"]
        listed = bob.get("/api/me/games")["games"][0]
        first.kill()
    finally:
        first.stop()
    time.sleep(1)
    second = back_up(first)
    try:
        after = logged_in_again(alice).get(f"/api/tables/{table_id}/state")["clock"]
        assert after["running"] == 1 and abs(after["deadline"] - before["deadline"]) < 0.01
        assert after["remaining"][1] < before["remaining"][1] - 0.9, "the time the server was down counts"
        bob.http.cookies.clear()
        bob.post("/api/auth/login", {"username": "Bobby", "password": "long enough"})
        assert bob.get("/api/me/games")["games"][0]["deadline"] == listed["deadline"]
    finally:
        second.stop()


def test_the_server_expels_only_where_no_person_can_act_on_the_absence(server: ServerProcess) -> None:
    # Both people closed their tabs: nobody can expel anyone, so the server does, seat after seat, once each
    # has been out of time for the grace (here the time per move), and the game ends instead of staying open.
    ann = Player(server.url, "ann30", password="long enough")
    ben = Player(server.url, "ben30", password="long enough")
    abandoned = duel(ann, ben, {"per_move": 1})
    deadline = time.monotonic() + 60
    while (table := ann.get(f"/api/tables/{abandoned}")["table"])["status"] == "playing":
        assert time.monotonic() < deadline, "the abandoned game never ended"
        time.sleep(0.2)
    assert [(s["kind"], s["timed_out"], s["forfeit"], s["person"]) for s in table["seats"]] == [
        ("bot", True, "expelled", "ann30"),
        ("bot", True, "expelled", "ben30"),
    ]
    assert sorted(table["result"]["forfeits"]) == [0, 1]
    for person in (ann, ben):  # a forfeit is never a win, whatever the places of two forfeits say
        [game] = [g for g in person.get(f"/api/users/{person.user['id']}")["games"] if g["id"] == abandoned]
        assert game["won"] is False

    # A person who expelled everyone else, alone with bots and still at the table, is never expelled by the
    # server: nobody waits for them, and they can still move long after their deadline.
    cleo = Player(server.url, "cleo30", password="long enough")
    dan = Player(server.url, "dan30", password="long enough")
    table_id = duel(cleo, dan, {"per_move": 1}, start_player=1)
    present = cleo.socket(table_id)
    waiting(cleo, table_id, 1)
    time.sleep(2.5)  # past the grace: Cleo has the table open, so Dan waits for her to decide
    assert cleo.get(f"/api/tables/{table_id}")["table"]["seats"][1]["kind"] == "human"
    cleo.post(f"/api/tables/{table_id}/expel", {"seat": 1})
    frame = waiting(cleo, table_id, 0)
    time.sleep(3)  # well past her own deadline and the grace
    frame = cleo.get(f"/api/tables/{table_id}/state")
    assert frame["table"]["seats"][0]["kind"] == "human" and frame["legal"], "Cleo was expelled while at the table"
    assert frame["table"]["seats"][1]["forfeit"] == "expelled" and frame["table"]["seats"][1]["person"] == "dan30"
    move(cleo, table_id)
    present.close()
