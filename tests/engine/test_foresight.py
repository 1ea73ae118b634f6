"""`foreseen_event`: a move as its seat can know it before playing it (hints and better moves in analysis)."""

from __future__ import annotations

import kameleon
from kameleon.engine.game import foreseen_event


def test_a_draw_foreseen_does_not_tell_the_card_it_reveals() -> None:
    state = kameleon.load("coloretto", players=2).new_state(4)
    seat = state.current_player
    assert seat is not None
    after = state.clone()
    action = after.apply_str("draw")
    assert state.event_seen_by(action, after, seat)["card"]  # once drawn, the card is told
    foreseen = foreseen_event(state, seat, "draw")
    assert foreseen["kind"] == "draw" and foreseen["card"] is None


def test_a_move_with_nothing_hidden_is_foreseen_whole() -> None:
    state = kameleon.load("coloretto", players=2).new_state(4)
    state.apply_str("draw")
    seat = state.current_player
    assert seat is not None
    after = state.clone()
    action = after.apply_str("place 1")
    assert foreseen_event(state, seat, "place 1") == state.event_seen_by(action, after, seat)


def test_a_chromino_draw_foreseen_does_not_tell_the_tile() -> None:
    state = kameleon.load("chromino", players=2).new_state(3)
    while "draw" not in state.legal_tokens():
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None
    foreseen = foreseen_event(state, seat, "draw")
    assert foreseen["kind"] == "draw" and foreseen["tile"] is None
