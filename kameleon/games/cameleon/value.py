"""A learned value of a Le Caméléon position, which the `expert` level's alpha-beta search judges its leaves by.

`value(state, seat)` is a linear score over `features(state, seat)`, in log-odds
of a logistic model: the chance that Round wins (a draw counting half) is
`sigmoid(value(s, 0) - value(s, 1))`, and `search_value` is that difference from
the side of the player to move. The features are what a capture game turns on:
the pieces each side has by family, the enemy pieces it flanks (they fall at the
end of its ply when it is to move; when it is not, the other must answer the
threat), how many displacements it has, whether its reserve is full (then it
cannot capture) and whose move it is.

The weights are data, read once, at the first judgement, from `value_weights.json` beside this
module (`kameleon.engine.weights`, format `WEIGHTS_FORMAT`). They were fitted by
`kameleon research fit-value cameleon --teacher expert@300 --games 500 --seed 10000
--write`: logistic regression on the positions of 500 games the `expert` search
played against itself (judging by the weights before these, set by hand), each
after a stretch of random moves (the game always starts from the same position),
labelled by who won; no weight was set by hand. docs/bots.md gives what the fit
and the search measured. With `capture_trigger="moved_piece"` no piece stands
flanked between plies, so the two threat features are 0 there.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from kameleon.engine.hooks import ValueModel
from kameleon.engine.weights import Weights, WeightsError, WeightsFormat

if TYPE_CHECKING:
    from kameleon.games.cameleon.state import CameleonState

FEATURES = (
    "primaries", "rewards", "chameleons", "enemy pieces flanked, to move", "enemy pieces flanked, not to move",
    "displacements / 10", "reserve full", "to move",
)  # fmt: skip
"""What `features` gives, in order."""
STAGES = 1
"""One row of weights: a stage is how Chromino's value changes its weights as the race nears its end."""


def features(state: CameleonState, seat: int) -> list[float]:
    """`FEATURES` of `seat` (the game has no hidden information: both sides are read as they are)."""
    counts = state.counts[seat]
    full = state.reserve_full(seat)
    # A full reserve forbids every capture by default (full_reserve_blocks="all"), else only the rewarded ones.
    flanked = 0 if full and state.game.blocks_all else len(state.flanked_by(seat))
    to_move = state.turn == seat
    return [
        float(counts[0] + counts[1] + counts[2]),
        float(counts[3] + counts[4] + counts[5]),
        float(counts[6]),
        float(flanked if to_move else 0),
        float(0 if to_move else flanked),
        state.mobility(seat) / 10,
        1.0 if full else 0.0,
        1.0 if to_move else 0.0,
    ]


def stage(state: CameleonState) -> int:
    """Every position is stage 1: the value has one row of weights."""
    return 1


def _sampled(state: CameleonState) -> bool:
    """Positions between plies: inside one, the displaced piece's captures are not yet made."""
    return state.pending is None


WEIGHTS_FILE = Path(__file__).with_name("value_weights.json")
WEIGHTS_FORMAT = "kameleon cameleon value weights"
FORMAT = WeightsFormat("Le Caméléon", WEIGHTS_FORMAT, 1, FEATURES, STAGES)


def load_weights(path: Path = WEIGHTS_FILE) -> Weights:
    """The weights a file holds (`kameleon.engine.weights`; WeightsError naming the problem)."""
    return FORMAT.load(path)


def save_weights(weights: Mapping[int, Mapping[int, Sequence[float]]], path: Path = WEIGHTS_FILE) -> None:
    """Write `weights` to `path` whole, checked first."""
    FORMAT.save(weights, path)


@functools.cache
def shipped_row() -> tuple[float, ...]:
    """The shipped weights of `FEATURES` (2 players, stage 1), read from `WEIGHTS_FILE` at the first judgement
    rather than at import: a damaged file stops only what judges by it (`expert`, analysis, hints), never the
    game itself. WeightsError names the problem."""
    weights = FORMAT.shipped(WEIGHTS_FILE)
    if 2 not in weights:
        raise WeightsError(f"the Le Caméléon value weights {WEIGHTS_FILE} hold none for 2 players: reinstall kameleon")
    return tuple(weights[2][1])


def value(state: CameleonState, seat: int) -> float:
    """The seat's score in log-odds (only the difference between the two seats means anything)."""
    return _score(shipped_row(), state, seat)


def search_value(state: CameleonState) -> float:
    """The advantage of the player to move, in log-odds of its winning."""
    me, row = state.turn, shipped_row()  # the weights looked up once: the search judges every leaf by this
    return _score(row, state, me) - _score(row, state, 1 - me)


def _score(row: tuple[float, ...], state: CameleonState, seat: int) -> float:
    return sum(w * f for w, f in zip(row, features(state, seat), strict=True))


MODEL = ValueModel(
    features=FEATURES,
    stages=STAGES,
    stage=stage,
    measure=features,
    weights_file=WEIGHTS_FILE,
    load=load_weights,
    save=save_weights,
    text=FORMAT.text,
    players=range(2, 3),
    sampled=_sampled,
)
"""The value as `CameleonGame.value_model()` offers it to `kameleon research fit-value cameleon`."""
