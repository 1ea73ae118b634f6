"""Le Caméléon at the arena: the state frame's log of events (one per stored move, the count the board shows),
refused moves with the engine's code in the request's language, and the finished frame's result."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Player, ServerProcess, my_turn, play

SHORT_GAME = "8/8/8/8/8/8/7R/B3Y2y/8 R 0 1"
"""Round a2-b3, Square's forced h2-g3, Round e2-f3 takes g3 for an orange and wins by elimination."""
OPPONENT = {
    "en": "the piece on g3 is your opponent's",
    "it": "la pedina in g3 è dell'avversario",
    "pl": "pionek na g3 należy do przeciwnika",
    "fr": "le pion en g3 est à votre adversaire",
    "uk": "фішка на g3 належить суперникові",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("cm-api")) / "arena.sqlite3").start()
    yield process
    process.stop()


def test_a_game_at_the_arena_tells_events_codes_and_result(server: ServerProcess) -> None:
    player = Player(server.url, "cmapi")
    table_id = player.post(
        "/api/tables", {"game": "cameleon", "options": {"start": SHORT_GAME}, "bots": "random"}, expect=201
    )["table"]["id"]
    player.post(f"/api/tables/{table_id}/start")
    frame = my_turn(player, table_id)
    play(player, table_id, frame, frame["view"]["moves"]["a2"]["b3"])
    frame = my_turn(player, table_id)
    log = frame["log"]
    assert [entry["seat"] for entry in log] == [0, 1]
    assert log[0]["event"] == {
        "kind": "move",
        "piece": "B",
        "from": "a2",
        "to": "b3",
        "leaves_reserve": False,
        "side": "round",
        "choices_follow": False,
        "captures": [],
        "game_over": False,
        "reason": None,
    }
    assert (log[1]["event"]["piece"], log[1]["event"]["from"], log[1]["event"]["to"]) == ("y", "h2", "g3")

    # Moving the bot's piece: refused with the engine's code, in the account's language.
    for language, said in OPPONENT.items():
        player.post("/api/me/language", {"language": language})
        answer = player.http.post(
            f"/api/tables/{table_id}/moves",
            json={"move": "g3-f4", "expect": len(log)},
            headers={"Accept-Language": language},
        )
        assert answer.status_code == 422, answer.text
        assert answer.json()["code"] == "opponent_piece"
        assert said in answer.json()["error"], (language, answer.json())

    # The capture waits for the reward's square; the view names the victim, the reward and the squares.
    frame = play(player, table_id, frame, frame["view"]["moves"]["e2"]["f3"])
    pending = frame["view"]["pending"]
    assert pending["step"] == "reserve" and pending["captures"][0]["victim"] == "g3"
    assert [(o["square"], o["kind"]) for o in pending["options"]] == [(s, "O") for s in ("b1", "d1", "f1", "h1")]
    assert frame["log"][-1]["event"]["choices_follow"] is True
    answer = player.http.post(
        f"/api/tables/{table_id}/moves",
        json={"move": "a2-b1", "expect": len(frame["log"])},
    )
    assert answer.json()["code"] == "capture_pending_reserve"
    assert "спершу завершіть взяття" in answer.json()["error"]  # the account's language, set last
    frame = play(player, table_id, frame, pending["options"][1]["move"])

    frame = player.get(f"/api/tables/{table_id}/state")
    log = frame["log"]
    assert len(log) == 4 == frame["view"]["moves_played"] == frame["table"]["moves"]
    last = log[-1]["event"]
    assert last["kind"] == "choice" and last["choice"] == "reserve" and last["square"] == "d1"
    assert last["ply"] == {"piece": "Y", "from": "e2", "to": "f3", "leaves_reserve": False}
    assert last["captures"] == [{"victim": "g3", "piece": "y", "reward": "O", "square": "d1"}]
    assert last["game_over"] is True and last["reason"] == "elimination"
    result = frame["table"]["result"]
    assert result["winners"] == [0] and result["places"] == [1, 2]
    assert result["reason"] == "elimination"
    assert result["breakdown"] == [
        {"outcome": "win", "pieces": 4, "chameleons": 0, "captured": 1, "total": 1},
        {"outcome": "loss", "pieces": 0, "chameleons": 0, "captured": 0, "total": -1},
    ]
