"""Full games of every game the arena offers, played over WebSocket by bot clients.

Every frame any seat or spectator receives is checked against the engine: its
`view` must equal `state.view(seat)` after the same moves (nothing hidden
leaks, nothing is missing) and its legal moves must be the engine's.
"""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import pytest

import kameleon
from kameleon.server.catalogue import available_games
from tests.server.harness import Player, ServerProcess, Socket, engine_steps, player_count


def _normalised(value: Any) -> Any:
    return json.loads(json.dumps(value))


class BotClient(threading.Thread):
    """Plays random legal moves for its seat from the frames it receives, until the game is over."""

    def __init__(self, socket: Socket, seed: int, plays: bool = True) -> None:
        super().__init__(daemon=True)
        self.socket, self.rng, self.plays = socket, random.Random(seed), plays
        self.errors: list[dict[str, Any]] = []
        self.failure: BaseException | None = None

    def run(self) -> None:
        sent_at = -1
        try:
            while True:
                frame = self.socket.recv(timeout=60)
                if frame["type"] == "error":
                    self.errors.append(frame)
                if frame["type"] != "state":
                    continue
                if frame["table"]["status"] == "finished":
                    return
                moves = len(frame["log"])
                if self.plays and frame["legal"] and moves != sent_at:
                    sent_at = moves
                    self.socket.send({"type": "move", "move": self.rng.choice(frame["legal"]), "expect": moves})
        except BaseException as exc:  # reported by the test thread
            self.failure = exc


def _logs(record: dict[str, Any], seat: int | None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The log `seat` must be sent while the game runs (each move as it may see it), and once it is over
    (each move as its mover saw it, with the true token), straight from the engine."""
    final = kameleon.replay(record)
    state = final.game.new_state(final.seed)
    running, over = [], []
    for action in final.history:  # the arena stores one move per action (as `engine_steps` says)
        token = state.action_to_str(action)
        after = state.clone()
        after.apply(action)
        mover = state.current_player
        move, event = state.token_seen_by(action, seat), state.event_seen_by(action, after, seat)
        running.append({"seat": mover, "move": move, "event": event})
        over.append({"seat": mover, "move": token, "event": state.event_seen_by(action, after, mover)})
        state = after
    return _normalised(running), _normalised(over)


def _check_frames(socket: Socket, seat: int | None, record: dict[str, Any]) -> int:
    """Compare every state frame with the engine after as many actions; returns how many were checked."""
    _, views = engine_steps(record)
    seen, over = _logs(record, seat)
    legal_by_step = _legal_moves(record, seat)
    checked = 0
    for frame in socket.frames:
        if frame["type"] != "state":
            continue
        step = len(frame["log"])
        assert frame["seat"] == seat
        if frame["table"]["status"] == "playing":
            # A move naming something hidden (a card played face down) reaches the others only as they see it.
            assert frame["log"] == seen[:step]
        else:
            assert frame["log"] == over[:step]
        assert frame["view"] == _normalised(views[(step, seat)]), f"seat {seat} frame after {step} moves"
        assert frame["legal"] == (legal_by_step[step] if frame["table"]["status"] == "playing" else [])
        checked += 1
    return checked


def _legal_moves(record: dict[str, Any], seat: int | None) -> list[list[str]]:
    """The legal moves in notation that `seat` must be offered after each action (none when not its turn)."""
    final = kameleon.replay(record)
    state = final.game.new_state(final.seed)
    result = []
    for action in [*final.history, None]:
        mine = seat is not None and state.current_player == seat
        result.append([state.action_to_str(a) for a in state.legal_actions()] if mine else [])
        if action is not None:
            state.apply(action)
    return result


@pytest.mark.parametrize("game", available_games())
def test_full_game_over_websocket(server: ServerProcess, game: str) -> None:
    players = player_count(game)
    alice, bob = Player(server.url, "Alice"), Player(server.url, "Bob")
    table = alice.post("/api/tables", {"game": game, "options": {"players": players}}, expect=201)["table"]
    table_id = table["id"]
    bob.post(f"/api/tables/{table_id}/join", {"seat": 1})
    if players > 2:
        alice.post(f"/api/tables/{table_id}/bots", {"level": "random"})
    sockets = {0: alice.socket(table_id), 1: bob.socket(table_id), None: Socket(server.url, table_id)}
    for socket in sockets.values():
        assert socket.recv()["table"]["status"] == "open"
    clients = [BotClient(socket, seed=7 + (seat or 0), plays=seat is not None) for seat, socket in sockets.items()]
    for client in clients:
        client.start()
    alice.post(f"/api/tables/{table_id}/start")
    for client in clients:
        client.join(timeout=240)
        assert not client.is_alive(), "the game did not finish"
        assert client.failure is None, repr(client.failure)
        assert client.errors == []
    record = alice.get(f"/api/tables/{table_id}/record")
    state = kameleon.replay(record)
    assert state.is_terminal
    result = alice.get(f"/api/tables/{table_id}")["table"]["result"]
    assert {key: result[key] for key in ("scores", "winners", "breakdown", "reason", "forfeits")} == {
        "scores": state.scores(),
        "winners": state.winners(),
        "breakdown": _normalised(state.score_breakdown()),
        "reason": state.end_reason(),
        "forfeits": [],
    }
    assert [place == 1 for place in result["places"]] == [seat in state.winners() for seat in range(players)]
    assert len(result["ratings"]) == players and result["ratings"][0]["before"] == 1500
    for seat, socket in sockets.items():
        assert _check_frames(socket, seat, record) >= 2
        socket.close()
    # After the game: the replay endpoint steps through the spectator's views.
    tokens, _ = engine_steps(record)
    middle = len(tokens) // 2
    step = alice.get(f"/api/tables/{table_id}/replay/{middle}")
    # A finished game's replay shows what was laid face down (`State.open_view`).
    final = kameleon.replay(record)
    replayed = final.game.new_state(final.seed)
    for action in final.history[:middle]:
        replayed.apply(action)
    assert step["view"] == _normalised(replayed.open_view())
    assert step["log"] == _logs(record, None)[1][:middle]
