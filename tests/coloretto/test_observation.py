"""What a learner sees of Coloretto: the encoding tells positions apart that the seat tells apart."""

from __future__ import annotations

import kameleon
from kameleon.games.coloretto import observation


def test_the_observation_says_whose_turn_it_is() -> None:
    """Two deals where one draw leaves the same public table, with seat 0 to move in one and seat 1 in the other."""
    game = kameleon.load("coloretto", players=2)
    first, second = game.new_state(13), game.new_state(77)
    for state in (first, second):
        state.apply_str("draw")
    assert first.current_player != second.current_player
    assert observation.encode(first, 0) != observation.encode(second, 0)
    for state in (first, second):
        for seat in (0, 1):
            shown = observation.encode(state, seat)
            assert len(shown) == observation.size(game)
            to_move = shown[22:24]  # after 10 kinds per seat and the seats still in the round, observer first
            assert to_move == [float((seat + i) % 2 == state.current_player) for i in range(2)]
