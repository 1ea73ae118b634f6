"""Play now: the queue in the database seats people who want the same game, with bots after a while if asked,
and with several server processes sharing the database (a real Redis server tells them of each other's tables).
"""

from __future__ import annotations

import time
from pathlib import Path

from kameleon.server.loopback import LocalRedis
from tests.server.harness import Player, ServerProcess
from tests.server.test_fanout import arena

DUEL = {"game": "coloretto", "players": 2}


def seated(player: Player, timeout: float = 15.0) -> str:
    """Poll `GET /api/play` until the player is seated; the table's id."""
    deadline = time.monotonic() + timeout
    while True:
        answer = player.get("/api/play")
        if "table" in answer:
            table_id: str = answer["table"]
            return table_id
        assert answer["status"] == "waiting", answer
        assert time.monotonic() < deadline, f"{player.user['name']} was never seated: {answer}"
        time.sleep(0.2)


def test_two_guests_asking_for_the_same_game_are_seated_together(server: ServerProcess) -> None:
    ann, ben = Player(server.url, "Ann"), Player(server.url, "Ben")
    waiting = ann.post("/api/play", DUEL)
    assert waiting["status"] == "waiting" and waiting["game"] == "coloretto" and waiting["players"] == 2
    assert ann.get("/api/play")["status"] == "waiting"
    answer = ben.post("/api/play", {**DUEL, "options": {}})
    table_id = answer.get("table") or seated(ben)
    assert seated(ann) == table_id
    table = ann.get(f"/api/tables/{table_id}")["table"]
    assert table["status"] == "playing" and table["started_at"]  # it started by itself
    assert sorted(seat["user_id"] for seat in table["seats"]) == sorted([ann.user["id"], ben.user["id"]])
    frame = ann.get(f"/api/tables/{table_id}/state")
    other = ben.get(f"/api/tables/{table_id}/state")
    assert bool(frame["legal"]) != bool(other["legal"])  # one of them is to move


def test_different_wishes_wait_apart_and_leaving_the_queue_forgets_the_request(server: ServerProcess) -> None:
    cleo, dan, eve = Player(server.url, "Cleo"), Player(server.url, "Dan"), Player(server.url, "Eve")
    assert cleo.post("/api/play", {"game": "coloretto", "players": 3})["status"] == "waiting"
    assert dan.post("/api/play", {"game": "coloretto", "players": 4})["status"] == "waiting"
    assert cleo.get("/api/play")["status"] == "waiting" and dan.get("/api/play")["status"] == "waiting"
    left = cleo.http.request("DELETE", "/api/play", json={})
    assert left.status_code == 200 and left.json()["status"] == "left"
    assert cleo.get("/api/play") == {"status": "none"}  # an answer, not an error: the front page asks at every visit
    # Eve asks for what Cleo had asked for: Cleo left, so Eve waits alone (and Dan wanted four players)
    assert eve.post("/api/play", {"game": "coloretto", "players": 3})["status"] == "waiting"
    time.sleep(1.5)  # a round of the background matching
    assert eve.get("/api/play")["status"] == "waiting"
    for person in (dan, eve):
        person.http.request("DELETE", "/api/play", json={})


def test_a_guest_alone_gets_bots_after_the_time_asked(server: ServerProcess) -> None:
    fay = Player(server.url, "Fay")
    asked = time.monotonic()
    waiting = fay.post("/api/play", {"game": "coloretto", "players": 3, "bots_after": 1})
    assert waiting["status"] == "waiting" and waiting["bots_in"] <= 1
    table_id = seated(fay)
    assert time.monotonic() - asked >= 1.0
    table = fay.get(f"/api/tables/{table_id}")["table"]
    assert table["status"] == "playing"
    assert [seat["kind"] for seat in table["seats"]].count("bot") == 2
    assert [seat["user_id"] for seat in table["seats"] if seat["kind"] == "human"] == [fay.user["id"]]


def test_a_bad_request_is_refused_with_its_reason(server: ServerProcess) -> None:
    gil = Player(server.url, "Gil")
    wrong = gil.http.post("/api/play", json={"game": "nope", "players": 2})
    assert wrong.status_code == 422 and "unknown game" in wrong.json()["error"]
    too_many = gil.http.post("/api/play", json={"game": "coloretto", "players": 7})
    assert too_many.status_code == 422
    for time_control in ({"per_move": "5"}, {"initial": "60", "increment": 0}, {"initial": 60, "increment": True}):
        text = gil.http.post("/api/play", json={**DUEL, "time": time_control})  # numbers only, never "5"
        assert (text.status_code, text.json()["code"]) == (422, "invalid_field"), time_control
    late = gil.http.post("/api/play", json={**DUEL, "bots_after": "1"})
    assert (late.status_code, late.json()["code"]) == (422, "invalid_field")
    assert gil.post("/api/play", {**DUEL, "time": {"per_move": 5}})["time"] == {"per_move": 5.0}
    # Leaving, like every bodiless route: an empty JSON request (no body at all) is enough.
    left = gil.http.request("DELETE", "/api/play", headers={"Content-Type": "application/json"})
    assert left.status_code == 200 and left.json()["status"] == "left"
    nobody = Player(server.url, "Hal").http
    nobody.cookies.clear()
    assert nobody.post("/api/play", json=DUEL).status_code == 401


def test_two_processes_pair_through_the_database(tmp_path: Path) -> None:
    redis_server = LocalRedis(tmp_path).start()
    try:
        first = arena(tmp_path, "first", redis_server.url)
        try:
            second = arena(tmp_path, "second", redis_server.url)
            try:
                ida, jon = Player(first.url, "Ida"), Player(second.url, "Jon")
                assert ida.post("/api/play", DUEL)["status"] == "waiting"
                jon.post("/api/play", DUEL)
                table_id = seated(jon)
                assert seated(ida) == table_id
                for person in (ida, jon):  # each process serves the started table
                    assert person.get(f"/api/tables/{table_id}/state")["table"]["status"] == "playing"
            finally:
                second.stop()
        finally:
            first.stop()
    finally:
        redis_server.stop()


def test_turn_based_requests_are_seated_at_a_turn_based_table(server: ServerProcess) -> None:
    kim, lea, max_ = Player(server.url, "Kim"), Player(server.url, "Lea"), Player(server.url, "Max")
    daily = {**DUEL, "time": {"per_move": 86400}}
    assert kim.post("/api/play", daily)["status"] == "waiting"
    assert max_.post("/api/play", DUEL)["status"] == "waiting"  # real time (the default profile): not the same
    lea.post("/api/play", daily)
    table_id = seated(lea)
    assert seated(kim) == table_id
    assert kim.get(f"/api/tables/{table_id}")["table"]["time"] == {"per_move": 86400}
    assert max_.get("/api/play")["status"] == "waiting"
    max_.http.request("DELETE", "/api/play", json={})


def test_logging_out_leaves_the_queue(server: ServerProcess) -> None:
    wish = {**DUEL, "time": {"per_move": 3601}}  # a wish of this test only (the server is shared)
    ivy, jon = Player(server.url, "Ivy"), Player(server.url, "Jon")
    assert ivy.post("/api/play", wish)["status"] == "waiting"
    assert ivy.post("/api/auth/logout", {})["ok"] is True
    assert jon.post("/api/play", wish)["status"] == "waiting"
    time.sleep(1.5)  # a round of the background matching: Ivy is not there to be seated (then expelled)
    assert jon.get("/api/play")["status"] == "waiting"
    jon.http.request("DELETE", "/api/play", json={})


def test_bots_fill_seats_only_for_people_who_asked_for_them(server: ServerProcess) -> None:
    wish = {"game": "coloretto", "players": 3, "time": {"per_move": 3602}}
    kit, lou = Player(server.url, "Kit"), Player(server.url, "Lou")
    assert lou.post("/api/play", wish)["status"] == "waiting"  # Lou wants people only
    answer = kit.post("/api/play", {**wish, "bots_after": 1})
    table_id = answer.get("table") or seated(kit)
    seats = kit.get(f"/api/tables/{table_id}")["table"]["seats"]
    assert sorted(bool(seat["bot"]) for seat in seats) == [False, True, True]  # Kit and two bots, not Lou
    time.sleep(1.5)
    assert lou.get("/api/play")["status"] == "waiting"
    lou.http.request("DELETE", "/api/play", json={})
