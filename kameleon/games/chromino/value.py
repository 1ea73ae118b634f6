"""A learned value of a Chromino position: how likely each seat is to win the race to an empty hand.

`value(state, seat)` is a linear score over `features(state, seat)`, in log-odds
of a multinomial logit model: the chance that seat `i` wins is
`exp(value(s, i)) / sum(exp(value(s, j)) for every seat j)`, which with two
players is `sigmoid(value(s, 0) - value(s, 1))`. ISMCTS scores the rollouts it
cuts short by exactly these chances (`heuristics.evaluate`, `cutoff="softmax"`,
`evaluation_scale` 2).

What a tile in hand costs depends on how near the end the race is, so the
weights differ by `stage`, the smallest hand of a seat still in (1 to
`STAGES`, larger hands counted as `STAGES`), and by the number of players
(`fitted` tells which counts have weights). A seat that went out is worth
`OUT`, above any seat that did not.

`WEIGHTS` were fitted by `python -m kameleon.games.chromino.value_fit --players N`
(multinomial logistic regression on positions of games between greedy bots,
some of them after a stretch of random moves, labelled by who won; docs/bots.md
gives the commands and what they measured); no weight was set by hand.
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
WEIGHTS: dict[int, dict[int, tuple[float, ...]]] = {
    2: {
        1: (-0.549, -0.462, -0.416, -0.134, -0.113, 0.249, 0.347, 0.939, 2.221, -0.197, 0.676, -1.766, -1.351, -0.817),
        2: (-0.356, -0.376, -0.353, -0.091, -0.103, 0.121, 0.211, 0.027, 0.000, 0.000, 0.053, -1.600, -1.545, -0.091),
        3: (-0.124, -0.266, -0.263, -0.030, -0.045, 0.120, 0.124, 0.097, 0.000, 0.000, 0.029, -1.115, -1.152, -0.053),
        4: (-0.081, -0.197, -0.220, -0.009, -0.023, 0.090, 0.096, 0.086, 0.000, 0.000, 0.022, -0.894, -0.950, -0.047),
        5: (-0.069, -0.158, -0.191, -0.004, -0.018, 0.072, 0.063, 0.087, 0.000, 0.000, 0.019, -1.392, -1.687, -0.039),
        6: (-0.054, -0.137, -0.165, -0.002, -0.017, 0.046, 0.066, 0.086, 0.000, 0.000, 0.031, -0.233, 0.000, -0.054),
        7: (-0.056, -0.128, -0.136, -0.007, -0.029, 0.011, 0.065, -0.015, 0.000, 0.000, 0.010, 0.000, -5.546, -0.027),
    },
    3: {
        1: (-0.733, -0.583, -0.628, -0.269, -0.285, 0.249, 0.360, 0.467, 1.774, -0.356, 0.436, -1.248, -1.182, -0.606),
        2: (-0.464, -0.466, -0.524, -0.183, -0.225, 0.145, 0.284, 0.013, 0.000, 0.000, 0.075, -0.982, -1.346, -0.153),
        3: (-0.200, -0.334, -0.400, -0.105, -0.134, 0.132, 0.152, 0.065, 0.000, 0.000, 0.051, -1.470, -0.919, -0.120),
        4: (-0.127, -0.300, -0.335, -0.080, -0.103, 0.105, 0.073, 0.046, 0.000, 0.000, 0.050, -6.612, -6.625, -0.115),
        5: (-0.107, -0.254, -0.275, -0.060, -0.077, 0.064, 0.096, 0.050, 0.000, 0.000, 0.049, 0.186, -2.783, -0.122),
        6: (-0.054, -0.207, -0.213, -0.025, -0.041, 0.025, 0.113, 0.040, 0.000, 0.000, 0.036, 0.000, 0.000, -0.116),
        7: (0.023, -0.145, -0.136, 0.031, 0.017, 0.016, 0.050, -0.114, 0.000, 0.000, 0.007, 0.000, 0.000, -0.091),
    },
    4: {
        1: (-1.016, -0.858, -0.895, -0.504, -0.488, 0.223, 0.416, 0.268, 1.422, -0.821, 0.484, -2.502, -2.983, -0.747),
        2: (-0.794, -0.716, -0.749, -0.388, -0.411, 0.172, 0.302, -0.039, 0.000, 0.000, 0.145, -0.612, -3.691, -0.289),
        3: (-0.448, -0.539, -0.572, -0.239, -0.272, 0.106, 0.244, 0.025, 0.000, 0.000, 0.109, 0.964, -5.250, -0.251),
        4: (-0.317, -0.467, -0.486, -0.185, -0.214, 0.073, 0.169, 0.038, 0.000, 0.000, 0.108, 0.000, 0.000, -0.258),
        5: (-0.218, -0.380, -0.395, -0.136, -0.158, 0.035, 0.159, 0.049, 0.000, 0.000, 0.097, 0.000, 0.000, -0.305),
        6: (-0.114, -0.291, -0.303, -0.073, -0.094, 0.017, 0.120, -0.020, 0.000, 0.000, 0.064, 0.000, 0.000, -0.278),
        7: (0.083, -0.125, -0.119, 0.088, 0.070, 0.009, 0.056, -0.127, 0.000, 0.000, 0.000, 0.000, 0.000, -0.363),
    },
}
# fmt: on
"""Players -> stage -> weights of `FEATURES` (see the module docstring)."""


def fitted(players: int) -> bool:
    """Whether the value has weights for games of this many players."""
    return players in WEIGHTS


def value(state: ChrominoState, seat: int) -> float:
    """The seat's score in log-odds (only differences between seats of one state mean anything)."""
    if state.out[seat]:
        return OUT
    weights = WEIGHTS[len(state.sizes)][stage(state)]
    return sum(w * f for w, f in zip(weights, features(state, seat), strict=True))
