"""The table shell over the API: each move of the frame's `log` as an event for the seat that reads it (hidden
cards only for those who see them), one move count everywhere, the finished table's result (places,
breakdown, reason, forfeits, rating changes) and the ratings people see (a 1500-based scale, no bots)."""

from __future__ import annotations

import time
from typing import Any

from tests.server.harness import Player, ServerProcess

ENTRY_KEYS = {"seat", "move", "event"}


def secret_table(server: ServerProcess) -> tuple[Player, Player, Player, str]:
    """Alice (seat 0) and Bob (seat 1) at a started Secret table, and Carol, who watches."""
    alice, bob, carol = Player(server.url, "Alice"), Player(server.url, "Bob"), Player(server.url, "Carol")
    table_id = alice.post("/api/tables", {"game": "secret", "options": {"players": 2, "hand": 3}}, expect=201)["table"][
        "id"
    ]
    bob.post(f"/api/tables/{table_id}/join", {"seat": 1})
    alice.post(f"/api/tables/{table_id}/start")
    return alice, bob, carol, table_id


def test_each_seat_reads_the_moves_as_it_may_see_them_and_everything_once_it_is_over(server: ServerProcess) -> None:
    alice, bob, carol, table_id = secret_table(server)
    players = [alice, bob]
    played: list[tuple[int, str]] = []
    while True:
        frames = [p.get(f"/api/tables/{table_id}/state") for p in (alice, bob, carol)]
        if frames[0]["table"]["status"] != "playing":
            break
        seat = frames[0]["table"]["current_player"]
        for viewer, frame in zip((0, 1, None), frames, strict=True):
            assert frame["seat"] == viewer
            assert len(frame["log"]) == len(played) == frame["table"]["moves"], "one move count"
            for entry, (mover, card) in zip(frame["log"], played, strict=True):
                assert set(entry) == ENTRY_KEYS and entry["seat"] == mover
                # Only the seat that played a card knows it: never the other seat, never a spectator.
                mine = viewer == mover
                assert entry["move"] == (card if mine else "?")
                assert entry["event"] == {"kind": "play", "card": card if mine else None}
        card = frames[seat]["legal"][0]
        after = players[seat].post(f"/api/tables/{table_id}/moves", {"move": card, "expect": len(played)})
        played.append((seat, card))
        assert after["log"][-1] == {"seat": seat, "move": card, "event": {"kind": "play", "card": card}}
    # Over: every seat and the spectator read every move as its mover saw it.
    expected = [{"seat": s, "move": c, "event": {"kind": "play", "card": c}} for s, c in played]
    assert all(frame["log"] == expected for frame in frames)
    record = alice.get(f"/api/tables/{table_id}/record")
    assert record["moves"] == [card for _, card in played], "the record counts the moves the table counted"
    middle = len(played) // 2
    step = carol.get(f"/api/tables/{table_id}/replay/{middle}")
    assert step["log"] == expected[:middle] and step["moves"] == len(played)

    result = frames[0]["table"]["result"]
    scores = result["scores"]
    assert result["breakdown"] == [{"matches": s, "total": s} for s in scores]
    assert result["reason"] == "hands_empty" and result["forfeits"] == []
    top = max(scores)
    assert result["winners"] == [seat for seat, s in enumerate(scores) if s == top]
    assert result["places"] == [1 if s == top else 2 for s in scores], "ties share a place"
    for seat, change in enumerate(result["ratings"]):
        assert change["before"] == 1500 and change["provisional"] is True
        assert change["change"] == change["after"] - change["before"]
        assert (change["change"] > 0) == (seat in result["winners"] and len(result["winners"]) == 1)


def wait_finished(player: Player, table_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        table: dict[str, Any] = player.get(f"/api/tables/{table_id}")["table"]
        if table["status"] == "finished":
            return table
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)


def test_a_forfeit_is_last_and_a_loss_on_the_result_the_leaderboard_and_the_profile(server: ServerProcess) -> None:
    dora = Player(server.url, "Dora")
    table_id = dora.post("/api/tables", {"game": "rainbow", "options": {"players": 2}, "bots": "random"}, expect=201)[
        "table"
    ]["id"]
    dora.post(f"/api/tables/{table_id}/start")
    dora.post(f"/api/tables/{table_id}/leave")  # the bot that takes her seat over plays it to the end
    result = wait_finished(dora, table_id)["result"]
    assert result["forfeits"] == [0]
    assert result["places"][0] == 2 and result["places"][1] == 1
    assert result["winners"] == [1], "whatever the bot did for her, she did not win"
    mine, bot = result["ratings"]
    assert bot is None, "a bot's rating is never shown"
    assert mine["before"] == 1500 and mine["change"] < 0 and mine["after"] < 1500
    profile = dora.get(f"/api/users/{dora.user['id']}")
    game = next(g for g in profile["games"] if g["id"] == table_id)
    assert (game["won"], game["place"], game["rating"]) == (False, 2, mine)
    assert [(r["rating"], r["provisional"]) for r in profile["ratings"]] == [(mine["after"], True)]
    board = dora.get("/api/leaderboard/rainbow")["players"]
    assert board and all(entry["player"].startswith("user:") for entry in board), "bots are never listed"
    assert {"player": f"user:{dora.user['id']}", "rating": mine["after"]}.items() <= next(
        entry for entry in board if entry["player"] == f"user:{dora.user['id']}"
    ).items()
