"""Observations of every game: a learner can tell whose turn it is."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import kameleon
from kameleon.interop.spaces import Encoding

from .conftest import CASES, IDS


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_two_states_a_seat_observes_alike_have_the_same_seat_to_move(game: str, players: int) -> None:
    """Coloretto's and Cardcassonne's encodings once left the seat to move out; after one draw, deals 13 and 77
    of two-player Coloretto showed seat 0 the same table, with a different seat to move."""
    loaded = kameleon.load(game, players=players)
    encoding = Encoding.of(loaded)
    mover_of: dict[tuple[int, tuple[float, ...]], int | None] = {}
    for seed in range(6):
        state, rng = loaded.new_state(seed), random.Random(seed)
        for _ in range(60):
            if state.is_terminal:
                break
            for seat in range(players):
                key = (seat, tuple(encoding.observe(state, seat)))
                assert mover_of.setdefault(key, state.current_player) == state.current_player
            state.apply(rng.choice(state.legal_actions()))


BOUND_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "chromino": [{"scoring": "expert"}, {"placement": "bambino", "scoring": "expert"}],
    "cardcassonne": [
        {"reveal_unclaimed_face_down": False},
        {"reveal_unclaimed_face_down": False, "face_down_rule": "round_first"},
    ],
    "cameleon": [{"finite_supply": True}],
    "coloretto": [{"jokers": "plain"}],
}
"""Options besides the defaults that fill entries otherwise left at zero (Chromino's Expert points), let counts grow
(face-down cards left face down in Cardcassonne's rows) or change the bound."""


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_every_observation_lies_within_the_finite_bounds_the_encoding_declares(game: str, players: int) -> None:
    for options in [{}, *BOUND_OPTIONS.get(game, [])]:
        loaded = kameleon.load(game, players=players, **options)
        encoding = Encoding.of(loaded)
        low, high = encoding.low, encoding.high
        assert math.isfinite(low) and math.isfinite(high) and low < high
        seen_high = low
        for seed in range(3):
            state, rng = loaded.new_state(seed), random.Random(seed)
            while True:
                # A seat in turn at each move (the encoding costs ~17,000 entries a seat in Chromino), every seat
                # at the end.
                for seat in range(players) if state.is_terminal else [len(state.history) % players]:
                    values = encoding.observe(state, seat)
                    assert low <= min(values) and max(values) <= high, (
                        f"{options}, seed {seed}, move {len(state.history)}"
                    )
                    seen_high = max(seen_high, max(values))
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_actions()))
        assert seen_high >= 1.0, "the one-hot entries reach 1"
        if game == "coloretto":
            assert seen_high == pytest.approx(high), "the pile's ten +2 cards reach the bound"
