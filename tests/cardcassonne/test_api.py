"""Cardcassonne at the arena: the state frame's log of events, the view's moves, refused moves with their
code in the request's language, the finished frame's result and the open replay of a finished game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.harness import Player, ServerProcess, my_turn, play

EXPLAINED = {
    "en": "You have already placed your follower this round.",
    "it": "Hai già piazzato il tuo seguace in questo turno.",
    "pl": "W tej rundzie twój podwładny już stoi w rzędzie.",
    "fr": "Vous avez déjà posé votre partisan cette manche.",
    "uk": "Ви вже виставили свого підданого в цьому раунді.",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("cc-api")) / "arena.sqlite3").start()
    yield process
    process.stop()


def test_a_game_at_the_arena_tells_events_codes_and_result(server: ServerProcess) -> None:
    player = Player(server.url, "ccapi")
    table_id = player.post(
        "/api/tables", {"game": "cardcassonne", "options": {"players": 2}, "bots": "random"}, expect=201
    )["table"]["id"]
    player.post(f"/api/tables/{table_id}/start")
    frame = my_turn(player, table_id)
    view = frame["view"]
    assert view["phase"] == "play" and view["moves"] is not None
    place = view["moves"]["place"]
    hand = view["players"][0]["hand"]
    assert set(place) == {*hand, "F"}
    # The view's moves name the legal ones (the first card goes face down, into any row).
    card = hand[0]
    assert {place[card][row] for row in "YRGB"} <= set(frame["legal"])
    frame = play(player, table_id, frame, place["F"]["G"])
    assert frame["log"][-1]["event"]["kind"] == "follower" and frame["log"][-1]["seat"] == 0

    # The follower again: refused with the engine's code, in the account's language.
    frame = my_turn(player, table_id)
    again = frame["view"]["moves"]["place"]["F"]["Y"]
    for language, said in EXPLAINED.items():
        player.post("/api/me/language", {"language": language})
        answer = player.http.post(
            f"/api/tables/{table_id}/moves",
            json={"move": again, "expect": len(frame["log"])},
            headers={"Accept-Language": language},
        )
        assert answer.status_code == 422, answer.text
        assert answer.json()["code"] == "follower_placed"
        assert said in answer.json()["error"], (language, answer.json())

    # Our face-down card shows its face to us.
    frame = play(player, table_id, frame, frame["view"]["moves"]["place"][frame["view"]["players"][0]["hand"][0]]["B"])
    assert frame["log"][-1]["event"]["face"] is not None

    # Play the rest (first legal move each turn) to the end. While the game runs, every face-down card of the
    # bot is a card with no face for us (when the bot lays one depends on its random choices: over the game it does).
    hidden_seen = 0
    while frame["table"]["status"] != "finished":
        frame = my_turn(player, table_id)
        if frame["table"]["status"] == "finished":
            break
        hidden = [
            e["event"]
            for e in frame["log"]
            if e["seat"] == 1 and e["event"]["kind"] == "card" and e["event"]["face_down"]
        ]
        assert all(event["face"] is None for event in hidden)
        hidden_seen = max(hidden_seen, len(hidden))
        frame = play(player, table_id, frame, frame["legal"][0])
    assert hidden_seen > 0
    frame = player.get(f"/api/tables/{table_id}/state")
    result = frame["table"]["result"]
    assert sorted(result["places"]) in ([1, 1], [1, 2])
    for seat, parts in enumerate(result["breakdown"]):
        assert set(parts) == {"people", "animals", "tens", "lone_wilds", "buildings", "total"}
        assert parts["total"] == result["scores"][seat] == sum(v for k, v in parts.items() if k != "total")
    events = [entry["event"] for entry in frame["log"]]
    assert events[-1]["game_over"] and len(events[-1]["chests"]) == 2
    # Once the game is over every face-down card is named in the log.
    assert all(e["face"] is not None for e in events if e["kind"] == "card")
    assert sum(len(e["claims"]) for e in events) >= 10

    # The replay of the finished game shows the face-down cards face up.
    downs = [i for i, e in enumerate(events) if e["kind"] == "card" and e["face_down"]]
    step = downs[0] + 1
    replay = httpx.get(f"{server.url}/api/tables/{table_id}/replay/{step}", trust_env=False).json()
    entries = [e for row in replay["view"]["rows"] for e in row["entries"] if e["kind"] == "card"]
    assert any(e["face_down"] for e in entries)
    assert all(e["face"] is not None for e in entries)
