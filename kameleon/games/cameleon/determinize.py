"""Determinization of Le Caméléon: the game has perfect information, so nothing is hidden to resample."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kameleon.games.cameleon.state import CameleonState


def determinize(state: CameleonState, seat: int, rng: random.Random) -> CameleonState:
    """A copy of `state` (what `seat` sees is everything); `rng` is unused. The copy has no replayable seed,
    as for every game, so that a determinized state is never taken for the real game."""
    copy = state.clone()
    copy.seed = None
    return copy
