"""The bitboard capture detection against a plain reading of §5.1-5.2 (coordinates, the spec's `association`)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon.games.cameleon import CameleonState, association
from kameleon.games.cameleon.chart import NONE
from tests.depth import examples


def reference_candidates(state: CameleonState, mover: int, opposite: bool) -> list[tuple[int, int]]:
    """Every enemy piece of the playing area flanked by a valid association of `mover`, with its outcome mask."""
    geo = state.geo
    found = []
    for v, code in enumerate(state.board):
        file, rank = v % 8, v // 8 + 1
        if not code or code >> 3 == mover or not 2 <= rank <= geo.ranks - 1:
            continue
        sides = {}
        for name, (df, dr) in {"n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0)}.items():
            f, r = file + df, rank + dr
            if 0 <= f < 8 and 2 <= r <= geo.ranks - 1:
                neighbour = state.board[8 * (r - 1) + f]
                if neighbour and neighbour >> 3 == mover:
                    sides[name] = (neighbour & 7) - 1
        mask = 0
        for x, y in combinations(sorted(sides), 2):
            if opposite and {x, y} not in ({"n", "s"}, {"e", "w"}):
                continue
            outcome = association(sides[x], sides[y], (code & 7) - 1)
            if outcome != NONE:
                mask |= 1 << outcome
        if mask:
            found.append((v, mask))
    return sorted(found, key=lambda c: (c[0] % 8, c[0] // 8))


@pytest.mark.parametrize("geometry", ["any_two", "opposite"])
@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_bitboard_candidates_match_the_reference(geometry: str, seed: int) -> None:
    # A full reserve keeps flanked pieces on the board, so late positions hold many associations.
    state = kameleon.load("cameleon", capture_geometry=geometry).new_state(seed)
    assert isinstance(state, CameleonState)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal:
        if state.pending is None:
            for mover in (0, 1):
                probe = state.clone()
                probe.turn = mover
                assert probe.flanked() == reference_candidates(state, mover, geometry == "opposite")
                assert state.flanked_by(mover) == probe.flanked()
                checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 20
