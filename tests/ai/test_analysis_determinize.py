"""Every game's `determinize` is canonical: for a given rng its output depends only on what the seat sees.

So resampling a determinization gives what resampling the real state gives, and a search on a seat's
view (bots, analysis) cannot tell two real states that the seat cannot tell apart.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.ai.games import configs, load
from tests.depth import examples


@pytest.mark.parametrize(("name", "players"), configs())
@given(seed=st.integers(0, 10_000), every=st.integers(3, 12), first=st.integers(0, 2**32), k=st.integers(0, 2**32))
@settings(max_examples=examples(6), deadline=None)
def test_determinize_depends_only_on_the_seats_view(
    name: str, players: int, seed: int, every: int, first: int, k: int
) -> None:
    """At positions along a random game, for every seat: resampling a determinization with `Random(k)` gives
    what resampling the real state with `Random(k)` gives (and the seat's view is kept)."""
    state = load(name, players).new_state(seed)
    rng = random.Random(seed)
    moves = 0
    while not state.is_terminal and moves < 600:
        if moves % every == 0:
            for seat in range(players):
                direct = state.determinize(seat, random.Random(k))
                again = state.determinize(seat, random.Random(first)).determinize(seat, random.Random(k))
                assert again == direct, f"move {moves}, seat {seat}: determinize reads the real hidden parts"
                assert again.view(seat) == state.view(seat)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        moves += 1
