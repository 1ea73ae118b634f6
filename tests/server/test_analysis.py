"""Game analysis and hints against a real arena (SQLite, a spawned analysis worker, no mocks).

A finished table's analysis is asked once, runs in the background, is stored and served to everyone who may
watch the replay; a pending job survives a restart; hints are given only in unrated games against bots.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import kameleon
from kameleon.ai.analysis import analyst
from kameleon.server.analysis_api import MAX_ANALYSED_MOVES
from tests.server.harness import Player, ServerProcess, my_turn, play

FAST = {"KAMELEON_ANALYSIS_ITERATIONS": "12", "KAMELEON_ANALYSIS_RATE": "3/minute"}


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("analysis")) / "arena.sqlite3", env=FAST).start()
    yield process
    process.stop()


def new_table(player: Player, **extra: Any) -> str:
    body = {"game": "coloretto", "options": {"players": 2}, "bots": "random", **extra}
    table_id: str = player.post("/api/tables", body, expect=201)["table"]["id"]
    player.post(f"/api/tables/{table_id}/start")
    return table_id


def finished_game(player: Player, **extra: Any) -> str:
    """A 2-player Coloretto table against a random bot, played to its end (the first legal move each time)."""
    table_id = new_table(player, **extra)
    frame = my_turn(player, table_id)
    while frame["table"]["status"] != "finished":
        play(player, table_id, frame, frame["legal"][0])
        frame = my_turn(player, table_id)
    return table_id


def wait_done(client: Player, table_id: str, timeout: float = 180.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    seen = set()
    while True:
        job = client.get(f"/api/tables/{table_id}/analysis")
        seen.add(job["status"])
        if job["status"] in ("done", "failed"):
            job["seen"] = seen
            return job
        assert time.monotonic() < deadline, f"the analysis is still {job}"
        time.sleep(0.3)


def stored(database: Path, table_id: str) -> tuple[str, dict[str, Any] | None]:
    with sqlite3.connect(database) as db:
        status, result = db.execute("SELECT status, result FROM analyses WHERE table_id = ?", (table_id,)).fetchone()
    return status, json.loads(result) if result else None


def test_an_analysis_is_asked_once_stored_and_shown_to_every_watcher(arena: ServerProcess) -> None:
    alice, bob = Player(arena.url, "Alice"), Player(arena.url, "Bob")
    table_id = finished_game(alice)
    assert bob.get(f"/api/tables/{table_id}/analysis") == {"status": "none", "done": 0, "total": None}

    asked = bob.post(f"/api/tables/{table_id}/analysis")  # a spectator may ask: anyone who may see the replay
    assert asked["status"] in ("pending", "running", "done")
    again = alice.post(f"/api/tables/{table_id}/analysis")  # the same job, not a second one
    assert again["status"] in ("pending", "running", "done")

    job = wait_done(bob, table_id)
    assert job["status"] == "done", job
    analysis = job["analysis"]
    record = alice.get(f"/api/tables/{table_id}/record")
    assert analysis["unit"] == "win_chance"
    assert {p["seat"] for p in analysis["players"]} == {0, 1}
    assert all(0 <= p["accuracy"] <= 100 for p in analysis["players"])
    assert analysis["decisions"], "a whole game has decisions"
    for decision in analysis["decisions"]:
        assert record["moves"][decision["ply"]] == decision["played"]
        assert 0 <= decision["value"] <= 1 and 0 <= decision["best_value"] <= 1
        assert decision["label"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        if decision["best"] != decision["played"]:
            entry = decision["best_entry"]  # the better move as a log entry, for the board's sentence
            assert entry["move"] == decision["best"] and entry["seat"] == decision["seat"]
            assert entry["event"]["kind"] in ("draw", "place", "take", "joker", "positive", "done")

    status, result = stored(arena.database, table_id)
    assert status == "done" and result == analysis

    # Served to everyone who may watch the replay, without an account too.
    anonymous = httpx.get(f"{arena.url}/api/tables/{table_id}/analysis", timeout=10, trust_env=False).json()
    assert anonymous["status"] == "done" and anonymous["analysis"] == analysis
    # Asking once more answers the stored analysis and starts nothing.
    assert alice.post(f"/api/tables/{table_id}/analysis")["analysis"] == analysis
    # The better move is drawn on its seat's view of the position before it (`?seat=`).
    decision = analysis["decisions"][0]
    view = bob.get(f"/api/tables/{table_id}/replay/{decision['ply']}?seat={decision['seat']}")["view"]
    assert view["current_player"] == decision["seat"]
    assert decision["best"] in view["legal_moves"]


def test_an_analysis_is_refused_before_the_end_and_to_whoever_may_not_watch(arena: ServerProcess) -> None:
    carol, dave = Player(arena.url, "Carol"), Player(arena.url, "Dave")
    playing = new_table(carol)
    response = carol.http.post(f"/api/tables/{playing}/analysis", json={})
    assert response.status_code == 409 and response.json()["code"] == "record_too_early"
    assert carol.http.get(f"/api/tables/{playing}/analysis").json()["code"] == "record_too_early"

    private = finished_game(carol, private=True)
    for response in (
        dave.http.get(f"/api/tables/{private}/analysis"),
        dave.http.post(f"/api/tables/{private}/analysis", json={}),
    ):
        assert response.status_code == 403 and response.json()["code"] == "table_private_watch"
    anonymous = httpx.post(f"{arena.url}/api/tables/{private}/analysis", json={}, timeout=10, trust_env=False)
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "login_needed"


def test_new_analyses_are_bounded_per_person(arena: ServerProcess) -> None:
    erin = Player(arena.url, "Erin")
    tables = [finished_game(erin) for _ in range(4)]
    for table_id in tables[:3]:
        erin.post(f"/api/tables/{table_id}/analysis")
        erin.post(f"/api/tables/{table_id}/analysis")  # asking again for the same game costs nothing
    erin.post("/api/me/language", {"language": "it"})  # the account's language is the one its errors speak
    response = erin.http.post(f"/api/tables/{tables[3]}/analysis", json={})
    assert response.status_code == 429 and response.json()["code"] == "rate_limited"
    assert "analisi" in response.json()["error"]


def test_a_pending_analysis_is_picked_up_after_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "arena.sqlite3"
    first = ServerProcess(database, env={**FAST, "KAMELEON_ANALYSIS_WORKERS": "0"}).start()
    try:
        alice = Player(first.url, "Alice", password="long enough")
        table_id = finished_game(alice)
        assert alice.post(f"/api/tables/{table_id}/analysis")["status"] == "pending"
        time.sleep(1)
        assert stored(database, table_id)[0] == "pending"  # no analyser in this process
        first.kill()
    finally:
        first.stop()
    second = ServerProcess(database, env=FAST)
    second.port = first.port
    second.start()
    try:
        watcher = Player(second.url, "Watcher")
        job = wait_done(watcher, table_id)
        assert job["status"] == "done" and job["analysis"]["decisions"]
        assert stored(database, table_id)[0] == "done"
    finally:
        second.stop()


def test_hints_only_in_unrated_games_against_bots(arena: ServerProcess) -> None:
    frank = Player(arena.url, "Frank")
    friendly = new_table(frank, rated=False)
    assert frank.get(f"/api/tables/{friendly}")["table"]["rated"] is False
    frame = my_turn(frank, friendly)
    hint = frank.post(f"/api/tables/{friendly}/hint")
    assert hint["move"] in frame["legal"] and hint["moves"] == len(frame["log"])
    assert hint["entry"]["seat"] == frame["seat"] and hint["entry"]["event"]["kind"] in ("draw", "place", "take")
    # The hint is a legal move of the position it was asked in: playing it is accepted.
    play(frank, friendly, frame, hint["move"])

    rated = new_table(frank)
    my_turn(frank, rated)
    frank.post("/api/me/language", {"language": "fr"})
    refused = frank.http.post(f"/api/tables/{rated}/hint", json={})
    assert refused.status_code == 409 and refused.json()["code"] == "hint_rated"
    assert "partie classée" in refused.json()["error"]

    # Against a person, even unrated: no hint.
    grace = Player(arena.url, "Grace")
    table_id = frank.post("/api/tables", {"game": "coloretto", "options": {"players": 2}, "rated": False}, expect=201)
    table_id = table_id["table"]["id"]
    grace.post(f"/api/tables/{table_id}/join")
    frank.post(f"/api/tables/{table_id}/start")
    mover = frank if frank.get(f"/api/tables/{table_id}/state")["legal"] else grace
    refused = mover.http.post(f"/api/tables/{table_id}/hint", json={})
    assert refused.status_code == 409 and refused.json()["code"] == "hint_against_people"

    # A spectator holds no seat to be helped with.
    refused = grace.http.post(f"/api/tables/{friendly}/hint", json={})
    assert refused.status_code == 403 and refused.json()["code"] == "hint_not_seated"


def test_a_failed_analysis_says_so_and_starts_again_when_asked(arena: ServerProcess) -> None:
    henry = Player(arena.url, "Henry")
    table_id = finished_game(henry)
    henry.post(f"/api/tables/{table_id}/analysis")
    assert wait_done(henry, table_id)["status"] == "done"
    with sqlite3.connect(arena.database) as db:  # as a worker that crashed three times leaves it
        db.execute(
            "UPDATE analyses SET status = 'failed', result = NULL, error = 'boom' WHERE table_id = ?", (table_id,)
        )
    henry.post("/api/me/language", {"language": "uk"})
    failed = henry.get(f"/api/tables/{table_id}/analysis")
    assert failed["status"] == "failed" and failed["code"] == "analysis_failed"
    assert failed["error"] == "аналіз цієї гри не вдався; попросіть ще раз, щоб спробувати знову"
    assert "boom" not in json.dumps(failed)  # what went wrong is for the server's log, not for people
    assert henry.post(f"/api/tables/{table_id}/analysis")["status"] in ("pending", "running", "done")
    assert wait_done(henry, table_id)["status"] == "done"


def test_a_game_longer_than_any_real_one_is_not_analysed(arena: ServerProcess) -> None:
    # Every decision is a search: a record of a thousand moves and more would hold the worker for hours.
    state = kameleon.load("cameleon", repetition_count=0, no_progress_plies=0).new_state(seed=1)
    state.replay_tokens((["a4-b5", "b6-c5", "b5-a4", "c5-b6"] * 251)[: MAX_ANALYSED_MOVES + 1])
    ivan = Player(arena.url, "Ivan")
    table_id = ivan.post("/api/records", state.record(), expect=201)["table"]["id"]
    refused = ivan.http.post(f"/api/tables/{table_id}/analysis", json={})
    assert refused.status_code == 422 and refused.json()["code"] == "analysis_too_long", refused.text
    assert "this game has 1001 moves: games of at most 1000 are analysed" in refused.json()["error"]
    assert ivan.get(f"/api/tables/{table_id}/analysis")["status"] == "none"


def test_an_analysis_by_another_analyst_is_stale_and_made_again_when_asked(arena: ServerProcess) -> None:
    judy, kim = Player(arena.url, "Judy"), Player(arena.url, "Kim")
    table_id = finished_game(judy)
    judy.post(f"/api/tables/{table_id}/analysis")
    made = wait_done(judy, table_id)
    game = kameleon.load("coloretto", players=2)
    assert made["analysis"]["analyst"] == analyst(game, iterations=int(FAST["KAMELEON_ANALYSIS_ITERATIONS"]))
    assert made["stale"] is False
    assert judy.post(f"/api/tables/{table_id}/analysis") == {key: made[key] for key in made if key != "seen"}

    with sqlite3.connect(arena.database) as db:  # stored by a server whose analyst judged otherwise
        db.execute(
            "UPDATE analyses SET result = json_set(result, '$.analyst', 'earlier') WHERE table_id = ?", (table_id,)
        )
    old = kim.get(f"/api/tables/{table_id}/analysis")
    assert old["status"] == "done" and old["stale"] is True
    assert old["analysis"]["decisions"] == made["analysis"]["decisions"]  # still shown until asked again
    anonymous = httpx.post(f"{arena.url}/api/tables/{table_id}/analysis", json={}, timeout=10, trust_env=False)
    assert anonymous.status_code == 401 and stored(arena.database, table_id)[0] == "done"  # nothing changed

    again = kim.post(f"/api/tables/{table_id}/analysis")  # anyone who may watch may ask again; it is a new job
    assert again["status"] in ("pending", "running") or again["stale"] is False
    remade = wait_done(kim, table_id)
    assert remade["status"] == "done" and remade["stale"] is False
    assert remade["analysis"] == made["analysis"]  # the same judge, record and seed: the same verdicts
