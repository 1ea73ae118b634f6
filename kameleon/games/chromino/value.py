"""A learned value of a Chromino position: how likely each seat is to win the race to an empty hand.

`value(state, seat)` is a linear score over `features(state, seat)`, in log-odds:
with two players, `sigmoid(value(s, 0) - value(s, 1))` estimates the chance that
seat 0 wins. ISMCTS scores the rollouts it cuts short by exactly that difference
(`heuristics.evaluate`, `evaluation_scale` 2: `0.5 + 0.5 tanh(d / 2)` is
`sigmoid(d)`).

What a tile in hand costs depends on how near the end the race is, so the
weights differ by `stage`: the smallest hand of a seat still in (1 to
`STAGES`, larger hands counted as `STAGES`). A seat that went out is worth
`OUT`, above any seat that did not.

`WEIGHTS` were fitted by `python -m kameleon.games.chromino.value_fit` (logistic
regression on positions of two-player games between greedy bots, some of them
after a stretch of random moves, labelled by who won; docs/bots.md gives the
command and what it measured); no weight was set by hand.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from kameleon.games.chromino.state import CHAMELEON_MASK, tiles_of
from kameleon.games.chromino.tiles import WILD

if TYPE_CHECKING:
    from kameleon.games.chromino.state import ChrominoState

SHAPES = ("chameleon", "aaa", "aba", "aab", "abc")
"""Tile shapes by the colours of their three squares (a chameleon's middle square is wild)."""

FEATURES = (
    *(f"{name} tiles" for name in SHAPES),
    "tiles that fit",
    "log(1 + positions)",
    "stuck",
    "last tile fits",
    "lone chameleon",
    "to move",
    "stuck, bag empty",
    "tiles, bag empty",
    "stuck, to move",
)
"""What `features` measures of a seat, in order."""

STAGES = 7
OUT = 10.0
"""The value of a seat that went out."""


def shape(colours: tuple[int, int, int]) -> int:
    """Index in `SHAPES` of a tile with these colours."""
    a, b, c = colours
    if b == WILD:
        return 0
    if a == c:
        return 1 if a == b else 2
    return 3 if b in (a, c) else 4


def stage(state: ChrominoState) -> int:
    """The smallest hand of a seat still in, from 1 to `STAGES`."""
    smallest = min((size for size, out in zip(state.sizes, state.out, strict=True) if not out), default=1)
    return min(max(smallest, 1), STAGES)


def features(state: ChrominoState, seat: int) -> list[float]:
    """`FEATURES` of a seat that has not gone out, from its hand (a determinized state's hand for the others)."""
    game = state.game
    hand = state.hands[seat]
    size = state.sizes[seat]
    counts = [0.0] * len(SHAPES)
    colours = game.codec.colours
    for t in tiles_of(hand):
        counts[shape(colours[t])] += 1.0
    positions = state._placements(state._turn_mask(seat))
    fitting = len({game.tile_of(action) for action in positions})
    stuck = 0.0 if fitting else 1.0
    empty = 0.0 if state.bag else 1.0
    to_move = 1.0 if state.current_player == seat else 0.0
    last = size == 1
    return [
        *counts,
        float(fitting),
        math.log1p(len(positions)),
        stuck,
        1.0 if last and fitting else 0.0,
        1.0 if last and hand & CHAMELEON_MASK else 0.0,
        to_move,
        stuck * empty,
        size * empty,
        stuck * to_move,
    ]


# fmt: off
WEIGHTS: dict[int, tuple[float, ...]] = {
    1: (-0.549, -0.462, -0.416, -0.134, -0.113, 0.249, 0.347, 0.939, 2.221, -0.197, 0.676, -1.766, -1.351, -0.817),
    2: (-0.356, -0.376, -0.353, -0.091, -0.103, 0.121, 0.211, 0.027, 0.000, 0.000, 0.053, -1.600, -1.545, -0.091),
    3: (-0.124, -0.266, -0.263, -0.030, -0.045, 0.120, 0.124, 0.097, 0.000, 0.000, 0.029, -1.115, -1.152, -0.053),
    4: (-0.081, -0.197, -0.220, -0.009, -0.023, 0.090, 0.096, 0.086, 0.000, 0.000, 0.022, -0.894, -0.950, -0.047),
    5: (-0.069, -0.158, -0.191, -0.004, -0.018, 0.072, 0.063, 0.087, 0.000, 0.000, 0.019, -1.392, -1.687, -0.039),
    6: (-0.054, -0.137, -0.165, -0.002, -0.017, 0.046, 0.066, 0.086, 0.000, 0.000, 0.031, -0.233, 0.000, -0.054),
    7: (-0.056, -0.128, -0.136, -0.007, -0.029, 0.011, 0.065, -0.015, 0.000, 0.000, 0.010, 0.000, -5.546, -0.027),
}
# fmt: on
"""Stage -> weights of `FEATURES` (see the module docstring)."""


def value(state: ChrominoState, seat: int) -> float:
    """The seat's score in log-odds (only differences between seats of one state mean anything)."""
    if state.out[seat]:
        return OUT
    weights = WEIGHTS[stage(state)]
    return sum(w * f for w, f in zip(weights, features(state, seat), strict=True))
