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

`WEIGHTS` are data, read once at import from `value_weights.json` beside this
module (`load_weights`; `WEIGHTS_FORMAT` version `WEIGHTS_VERSION`). They were
fitted by `kameleon research fit-value chromino --players N --write`
(multinomial logistic regression on positions of games between greedy bots,
some of them after a stretch of random moves, labelled by who won; docs/bots.md
gives the commands and what they measured); no weight was set by hand.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from kameleon.engine.hooks import ValueModel
from kameleon.engine.weights import Weights, WeightsError, WeightsFormat  # noqa: F401  (WeightsError: callers catch it here)
from kameleon.games.chromino.tiles import CHAMELEON_MASK, WILD, tiles_of

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
    positions = state.placements(state.turn_mask(seat))
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


NETWORK_FEATURES = (*FEATURES, "out", "tiles in the bag / 10", "hand / 10", "smallest other hand / 10",
                    *(f"stage {k}" for k in range(1, STAGES + 1)))  # fmt: skip
"""What `network_features` gives the `expert` bot's network, in order."""


def network_features(state: ChrominoState, seat: int) -> list[float]:
    """`NETWORK_FEATURES` of a seat (what it sees: its hand, the table, everybody's hand sizes): the
    value's features (zeros once out), then the race around it and the stage as one-hot."""
    out = state.out[seat]
    sizes = state.sizes
    others = min((size for other, size in enumerate(sizes) if other != seat and not state.out[other]), default=0)
    stages = [0.0] * STAGES
    stages[stage(state) - 1] = 1.0
    head = [0.0] * len(FEATURES) if out else features(state, seat)
    return [*head, float(out), len(state.bag) / 10, sizes[seat] / 10, others / 10, *stages]


WEIGHTS_FILE = Path(__file__).with_name("value_weights.json")
WEIGHTS_FORMAT = "kameleon chromino value weights"
WEIGHTS_VERSION = 1
FORMAT = WeightsFormat("Chromino", WEIGHTS_FORMAT, WEIGHTS_VERSION, FEATURES, STAGES)


def load_weights(path: Path = WEIGHTS_FILE) -> Weights:
    """The weights a file holds (`kameleon.engine.weights`; WeightsError naming the problem)."""
    return FORMAT.load(path)


def weights_text(weights: Mapping[int, Mapping[int, Sequence[float]]]) -> str:
    """The file `load_weights` reads, one row of weights a line (so a refit reads as a short diff)."""
    return FORMAT.text(weights)


def save_weights(weights: Mapping[int, Mapping[int, Sequence[float]]], path: Path = WEIGHTS_FILE) -> None:
    """Write `weights` to `path` whole (a crash leaves the old file or the new one), checked first."""
    FORMAT.save(weights, path)


WEIGHTS: Weights = FORMAT.shipped(WEIGHTS_FILE)
"""Players -> stage -> weights of `FEATURES`, from `WEIGHTS_FILE`."""


def fitted(players: int) -> bool:
    """Whether the value has weights for games of this many players."""
    return players in WEIGHTS


def value(state: ChrominoState, seat: int) -> float:
    """The seat's score in log-odds (only differences between seats of one state mean anything)."""
    if state.out[seat]:
        return OUT
    weights = WEIGHTS[len(state.sizes)][stage(state)]
    return sum(w * f for w, f in zip(weights, features(state, seat), strict=True))


def _sampled(state: ChrominoState) -> bool:
    """Positions in which no seat has gone out: once one has, the race is decided for it (`OUT`)."""
    return not any(state.out)


MODEL = ValueModel(
    features=FEATURES,
    stages=STAGES,
    stage=stage,
    measure=features,
    weights_file=WEIGHTS_FILE,
    load=load_weights,
    save=save_weights,
    text=weights_text,
    players=range(2, 9),
    sampled=_sampled,
)
"""The value as `ChrominoGame.value_model()` offers it to `kameleon research fit-value chromino`."""
