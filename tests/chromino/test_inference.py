"""What a draw tells the table (`inference`): never rules out the truth, reads only public information,
and binds the hands that `determinize` deals."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon.games.chromino.determinize import bounds
from kameleon.games.chromino.notation import DRAW
from kameleon.games.chromino.phases import TURN
from kameleon.games.chromino.state import ChrominoState
from kameleon.games.chromino.tiles import CHAMELEON_MASK, tiles_of
from tests.depth import examples

OPTION_SETS = st.fixed_dictionaries(
    {
        "players": st.integers(2, 5),
        "draw": st.sampled_from(["one", "until_playable", "up_to_n"]),
        "drawn_tile": st.sampled_from(["must", "may"]),
        "placement": st.sampled_from(["standard", "standard", "bambino"]),
        "chameleon_last_draw": st.sampled_from(["on_turn", "immediate"]),
        "hand_size": st.sampled_from([8, 8, 3]),
    }
)


def hidden(state: ChrominoState, seat: int) -> int:
    return state.hands[seat] & ~state.revealed[seat]


@settings(max_examples=examples(20), deadline=None)
@given(options=OPTION_SETS, seed=st.integers(0, 2**40))
def test_draws_never_rule_out_the_truth_and_bind_every_deal(options: dict[str, Any], seed: int) -> None:
    players = options.pop("players")
    state = kameleon.load("chromino", players=players, **options).new_state(seed % 2**31)
    rng = random.Random(seed)
    while not state.is_terminal:
        observer = rng.randrange(players)
        found = bounds(state, observer)
        sample = state.determinize(observer, rng)
        assert bounds(sample, observer) == found  # public information only
        for b in found:
            assert b.seat != observer and b.bound > 0 and min(b.counts) > 0
            assert all(narrow & ~wide == 0 for narrow, wide in zip(b.levels, b.levels[1:], strict=False))
            for level, allowed in enumerate(b.levels):
                at_least = sum(b.counts[: level + 1])
                assert (hidden(state, b.seat) & allowed).bit_count() >= at_least
                assert (hidden(sample, b.seat) & allowed).bit_count() >= at_least
            assert sample.sizes[b.seat] == state.sizes[b.seat]
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])


def test_a_seat_that_drew_is_never_dealt_a_tile_that_fitted() -> None:
    """Default rules: at the next turn of the seat that drew, every one of its tiles (chameleons aside) had no
    legal position on the layout of its draw, in every deal the other seat imagines."""
    rng = random.Random(7)
    checked = 0
    for seed in range(40):
        state = kameleon.load("chromino", players=2).new_state(seed)
        at_draw: ChrominoState | None = None
        drawer = -1
        while not state.is_terminal and checked < 200:
            seat = state.current_player
            assert seat is not None
            if state.phase == TURN and state.legal_actions() == [DRAW]:
                at_draw, drawer = state.clone(), seat
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            if at_draw is None or state.current_player == drawer or state.is_terminal:
                continue
            if state.stuck[drawer][-1][0] != len(at_draw.placed):
                at_draw = None
                continue
            observer = state.current_player
            assert observer is not None
            for _ in range(5):
                sample = state.determinize(observer, rng)
                for t in tiles_of(hidden(sample, drawer) & ~CHAMELEON_MASK):
                    assert not at_draw.placements(at_draw.game.tile_pmask[t]), (seed, t)
                checked += 1
    assert checked >= 100
