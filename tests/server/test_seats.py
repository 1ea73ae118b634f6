"""Nobody acts for another seat; bad and malformed input gets a precise error and changes nothing."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.harness import Player, ServerProcess, Socket


@pytest.fixture
def duel(server: ServerProcess) -> tuple[Player, Player, str]:
    """A started 2-player Coloretto table: Alice seat 0, Bob seat 1."""
    alice, bob = Player(server.url, "Alice"), Player(server.url, "Bob")
    table_id = alice.post(
        "/api/tables", {"game": "coloretto", "options": {"players": 2, "start_player": 0}}, expect=201
    )["table"]["id"]
    bob.post(f"/api/tables/{table_id}/join")
    alice.post(f"/api/tables/{table_id}/start")
    return alice, bob, table_id


def _snapshot(player: Player, table_id: str) -> dict[str, Any]:
    frame = player.get(f"/api/tables/{table_id}/state")
    return {"log": frame["log"], "view": frame["view"]}


def test_a_seat_cannot_act_for_another(server: ServerProcess, duel: tuple[Player, Player, str]) -> None:
    alice, bob, table_id = duel
    before = _snapshot(alice, table_id)
    response = bob.http.post(f"/api/tables/{table_id}/moves", json={"move": "draw"})
    assert response.status_code == 409
    assert response.json()["error"] == "it is seat 0's turn, not seat 1's"
    bob_socket = bob.socket(table_id)
    assert bob_socket.recv()["seat"] == 1
    bob_socket.send({"type": "move", "move": "draw"})
    assert bob_socket.next_of("error")["error"] == "it is seat 0's turn, not seat 1's"
    bob_socket.close()
    outsider = Player(server.url, "Eve")
    response = outsider.http.post(f"/api/tables/{table_id}/moves", json={"move": "draw"})
    assert response.status_code == 403
    assert "spectators cannot move" in response.json()["error"]
    spectator = Socket(server.url, table_id)
    assert spectator.recv()["seat"] is None
    spectator.send({"type": "move", "move": "draw"})
    assert "spectators cannot move" in spectator.next_of("error")["error"]
    spectator.close()
    anonymous = httpx.post(f"{server.url}/api/tables/{table_id}/moves", json={"move": "draw"}, trust_env=False)
    assert (anonymous.status_code, anonymous.json()["error"]) == (401, "log in or pick a guest name first")
    assert _snapshot(alice, table_id) == before


def test_a_forged_token_is_a_spectator(server: ServerProcess, duel: tuple[Player, Player, str]) -> None:
    alice, _bob, table_id = duel
    forged = Socket(server.url, table_id, {"Cookie": "kameleon_session=" + alice.token[:-2] + "xx"})
    assert forged.recv()["seat"] is None
    forged.close()
    bearer = Socket(server.url, table_id, {"Authorization": f"Bearer {alice.token}"})
    assert bearer.recv()["seat"] == 0
    bearer.close()


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ("not json", "message is not valid JSON"),
        ("[1, 2]", "a message is a JSON object, not array"),
        ('{"type": "dance"}', "unknown message type 'dance'"),
        ('{"type": "move"}', "'move' must be a non-empty string"),
        ('{"type": "move", "move": 5}', "'move' must be a non-empty string"),
        ('{"type": "move", "move": "fly away"}', "not a move"),
        ('{"type": "move", "move": "take 1"}', "Row 1 is empty"),
        ('{"type": "move", "move": "draw", "expect": 3}', "stale move: you expected 3 moves played but there are 0"),
        ('{"type": "move", "move": "draw", "expect": "0"}', "'expect' must be the integer number of moves"),
        ('{"type": "move", "move": "' + "x" * 300 + '"}', "'move' is longer than 200 characters"),
        ('{"type": "chat", "text": ""}', "'text' must be a non-empty string"),
    ],
)
def test_malformed_messages_get_an_error_frame(duel: tuple[Player, Player, str], message: str, error: str) -> None:
    alice, _bob, table_id = duel
    before = _snapshot(alice, table_id)
    socket = alice.socket(table_id)
    socket.recv()
    socket.send(message)
    frame = socket.next_of("error")
    assert error in frame["error"]
    socket.send({"type": "sync"})
    assert socket.next_of("state")["log"] == before["log"]
    socket.close()
    assert _snapshot(alice, table_id) == before


@pytest.mark.parametrize(
    ("body", "content_type", "status", "error"),
    [
        (b"{", "application/json", 400, "the body is not valid JSON"),
        (b"[]", "application/json", 400, "the body must be a JSON object, not array"),
        (b'{"move": "draw"}', "text/plain", 415, "send the request as JSON"),
        (b'{"move": null}', "application/json", 422, "move: Input should be a valid string"),
        (b'{"move": ""}', "application/json", 422, "move: String should have at least 1 character"),
        (b'{"move": "draw", "expect": true}', "application/json", 422, "expect: Input should be a valid integer"),
        (b'{"move": "place 9"}', "application/json", 422, "row must be a number from 1 to 3"),
    ],
)
def test_malformed_http_moves_are_4xx(
    duel: tuple[Player, Player, str], body: bytes, content_type: str, status: int, error: str
) -> None:
    alice, _bob, table_id = duel
    before = _snapshot(alice, table_id)
    response = alice.http.post(f"/api/tables/{table_id}/moves", content=body, headers={"Content-Type": content_type})
    assert response.status_code == status
    assert error in response.json()["error"]
    assert _snapshot(alice, table_id) == before


def test_an_accepted_move_reaches_both_seats_with_their_own_view(duel: tuple[Player, Player, str]) -> None:
    alice, bob, table_id = duel
    sockets = [alice.socket(table_id), bob.socket(table_id)]
    for socket in sockets:
        socket.recv()
    frame = alice.post(f"/api/tables/{table_id}/moves", {"move": "draw", "expect": 0})
    assert [entry["move"] for entry in frame["log"]] == ["draw"] and frame["log"][0]["seat"] == 0
    for seat, socket in enumerate(sockets):
        update = socket.next_of("state")
        assert update["log"] == frame["log"]
        assert update["view"]["you"] == seat
        socket.close()


def test_moves_and_records_wait_for_the_right_moment(server: ServerProcess) -> None:
    alice = Player(server.url, "Alice")
    table_id = alice.post("/api/tables", {"game": "coloretto", "options": {"players": 2}}, expect=201)["table"]["id"]
    response = alice.http.post(f"/api/tables/{table_id}/moves", json={"move": "draw"})
    assert (response.status_code, response.json()["error"]) == (409, "the game at this table has not started")
    response = alice.http.post(f"/api/tables/{table_id}/start", json={})
    assert (response.status_code, response.json()["error"]) == (409, "seat 1 is empty: invite someone or seat a bot")
    alice.post(f"/api/tables/{table_id}/bots", {"level": "random"})
    alice.post(f"/api/tables/{table_id}/start")
    response = alice.http.get(f"/api/tables/{table_id}/record")
    assert response.status_code == 409
    assert "once the game is over" in response.json()["error"]
    state = alice.get(f"/api/tables/{table_id}/state")
    assert "seed" not in state["table"]


def test_reconnection_restores_the_full_view(duel: tuple[Player, Player, str]) -> None:
    alice, bob, table_id = duel
    socket = alice.socket(table_id)
    socket.recv()
    socket.send({"type": "move", "move": "draw", "expect": 0})
    last = socket.next_of("state")
    socket.close()
    bob_frame = bob.get(f"/api/tables/{table_id}/state")
    again = alice.socket(table_id)
    restored = again.recv()
    # The running clock has ticked between the two frames; everything else is the same.
    ticked, before = restored.pop("clock"), last.pop("clock")
    assert restored == last
    assert ticked["remaining"][1] == before["remaining"][1] and ticked["remaining"][0] <= before["remaining"][0]
    assert restored["legal"] == alice.get(f"/api/tables/{table_id}/state")["legal"] != []
    assert bob_frame["view"] != restored["view"] and bob_frame["legal"] == []
    again.close()


def test_chat_reaches_everyone_within_limits(server: ServerProcess, duel: tuple[Player, Player, str]) -> None:
    _alice, bob, table_id = duel
    spectator = Socket(server.url, table_id)
    spectator.recv()
    socket = bob.socket(table_id)
    socket.recv()
    socket.send({"type": "chat", "text": "  good   luck  "})
    assert spectator.next_of("chat") == {"type": "chat", "name": "Bob", "seat": 1, "text": "good luck"}
    socket.send({"type": "chat", "text": "x" * 301})
    assert socket.next_of("error")["error"] == "chat messages are at most 300 characters"
    spectator.send({"type": "chat", "text": "hi"})
    assert spectator.next_of("error")["error"] == "log in or pick a guest name to chat"
    for _ in range(20):  # the first message counted too: this is the 21st within a minute
        socket.send({"type": "chat", "text": "spam"})
    assert socket.next_of("error")["error"] == "slow down: at most 20 chat messages a minute"
    again = bob.socket(table_id)  # a new connection is the same person: still over the limit
    again.send({"type": "chat", "text": "spam"})
    assert again.next_of("error")["error"] == "slow down: at most 20 chat messages a minute"
    again.close()
    socket.close()
    spectator.close()
    latecomer = Socket(server.url, table_id)
    assert latecomer.recv()["type"] == "state"
    history = [latecomer.next_of("chat") for _ in range(20)]
    assert [line["text"] for line in history] == ["good luck"] + ["spam"] * 19
    assert all(line["history"] for line in history)
    latecomer.close()


def test_logging_out_closes_the_table_sockets_of_that_session(
    server: ServerProcess, duel: tuple[Player, Player, str]
) -> None:
    alice, bob, table_id = duel
    mine, theirs = alice.socket(table_id), bob.socket(table_id)
    mine.recv()
    theirs.recv()
    alice.post("/api/auth/logout")
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            mine.recv(timeout=5)
    assert closed.value.rcvd is not None and (closed.value.rcvd.code, closed.value.rcvd.reason) == (4401, "logged out")
    theirs.send({"type": "ping"})
    assert theirs.next_of("pong") == {"type": "pong"}, "only the person who logged out is disconnected"
    mine.close()
    theirs.close()
