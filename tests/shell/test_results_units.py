"""Places, forfeits and the completion of old results (kameleon/server/results.py), without a server."""

from __future__ import annotations

from typing import Any

import kameleon
from kameleon.server import results
from kameleon.server.live import LiveTable
from kameleon.server.notation import SeatLogs, replay


def test_places_share_ties_and_put_forfeits_last() -> None:
    assert results.places([5, 9, 9, 1], [1, 2], []) == [2, 1, 1, 3]
    assert results.places([5, 9, 7], [1], [1]) == [2, 3, 1], "the winner left: the best of those who stayed is first"
    assert results.places([5, 5], [0, 1], [0, 1]) == [1, 1]
    assert results.places([3, 8, 8], [1, 2], [0]) == [2, 1, 1], "places are dense: 1, 1, then 2"


def finished_coloretto() -> Any:
    state = kameleon.load("coloretto", players=2).new_state(4)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    return state


def test_an_old_result_is_completed_once_and_keeps_what_it_had() -> None:
    state = finished_coloretto()
    seats: list[dict[str, Any]] = [{"user_id": 1, "bot": "easy"}, {"user_id": None, "bot": "easy"}]  # seat 0 left
    old = {"scores": state.scores(), "winners": state.winners()}
    done = results.complete(old, state, seats)
    assert done is not None
    assert done["forfeits"] == [0] and done["places"][0] == 2 and 0 not in done["winners"]
    assert done["breakdown"] == state.score_breakdown()
    assert results.complete(done, state, seats) is None, "a complete result is left alone"


def test_a_rebuilt_table_logs_what_the_live_one_logged() -> None:
    game = kameleon.load("cardcassonne", players=3)
    state = game.new_state(9)
    live = LiveTable(id="t", meta={"status": "playing", "seats": []}, state=state, logs=SeatLogs(state))
    tokens: list[str] = []
    while not live.state.is_terminal and len(tokens) < 60:
        before = live.state
        action = before.legal_actions()[0]
        after = before.clone()
        after.apply(action)
        token = before.action_to_str(after.history[-1])
        live.logs.add(before, after.history[-1], after, token)
        live.state = after
        tokens.append(token)
    _, rebuilt = replay(game.new_state(9), tokens)
    for viewer in (0, 1, 2, None):
        assert rebuilt.seen_by(viewer) == live.logs.seen_by(viewer)
    assert rebuilt.final() == live.logs.final()
    assert [entry["move"] for entry in live.logs.final()] == tokens
    hidden = [i for i, entry in enumerate(live.logs.seen_by(None)) if entry["move"] != tokens[i]]
    assert hidden, "Cardcassonne plays cards face down: some moves must read differently to a spectator"
    for viewer in (0, 1, 2, None):
        assert live.log_for(viewer) == live.logs.seen_by(viewer)
        assert live.frame_text(viewer).endswith(live.logs.log_text(viewer, False) + "}")
