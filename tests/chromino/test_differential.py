"""Differential tests: the incremental generator against the brute force of helpers.py on random layouts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon.engine.benchmark import random_game
from kameleon.games.chromino import placements
from kameleon.games.chromino.state import ChrominoState
from kameleon.games.chromino.tiles import LETTERS, tile_colours, triple_name
from tests.depth import examples

from .helpers import brute_force, cells_of


def _fast(state: ChrominoState, tile: int) -> set[tuple[str, int, int, bool]]:
    found = set()
    for action in state.placements(state.game.tile_pmask[tile]):
        p = state.game.codec.decode(action)
        found.add((p.orientation, p.row, p.col, p.flipped))
    return found


@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(1, 8), moves=st.integers(0, 120))
def test_game_layouts_every_tile(seed: int, players: int, moves: int) -> None:
    """Layouts reached in random games: every one of the 80 tiles, fast generator vs brute force."""
    state = kameleon.load("chromino", players=players).new_state(seed)
    rng = random.Random(seed)
    random_game(state, rng, max_moves=moves)
    cells = {state.board.row_col(c): x for cells_, laid in state.board.laid for c, x in zip(cells_, laid, strict=True)}
    for tile, colours in enumerate(tile_colours()):
        assert _fast(state, tile) == brute_force(cells, colours), tile


def _random_puzzle(rng: random.Random, size: int) -> list[str]:
    """Non-overlapping tiles of any colours (a puzzle layout need not be legal), around the origin."""
    taken: set[tuple[int, int]] = set()
    lines: list[str] = []
    while len(lines) < size:
        orientation = rng.choice("HV")
        row, col = rng.randint(-4, 4), rng.randint(-4, 4)
        cells = [(row, col + i) if orientation == "H" else (row + i, col) for i in range(3)]
        if taken & set(cells):
            continue
        taken |= set(cells)
        middle = rng.choice(LETTERS)
        lines.append(f"{rng.choice('RYGBP')}{middle}{rng.choice('RYGBP')} {orientation} {row},{col}")
    return lines


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**40), size=st.integers(1, 12))
def test_random_puzzle_layouts(seed: int, size: int) -> None:
    """Arbitrary colourings (wild centres anywhere in the middle, repeated tiles): solver vs brute force."""
    rng = random.Random(seed)
    layout = _random_puzzle(rng, size)
    cells = cells_of(layout)
    for _ in range(12):
        colours = (rng.randrange(5), rng.randrange(6), rng.randrange(5))
        found = {(p.orientation, p.row, p.col, p.flipped) for p in placements(layout, triple_name(colours))}
        assert found == brute_force(cells, colours)
