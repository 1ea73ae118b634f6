"""A full state consistent with what one seat sees (rules section 8), for bots that search.

Only the order of the draw pile is hidden: every card in it is countable at the table
(`view()["pile_contents"]`), and so is the depth of the last-round card.

The sample is canonical: the pile is sorted before it is shuffled, so for a given `rng` the result
depends only on what the seat sees, never on the real order (a search cannot tell two real states
apart that the seat cannot).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from kameleon.engine.game import check_seat
from kameleon.games.coloretto.cards import LAST_ROUND

if TYPE_CHECKING:
    from kameleon.games.coloretto.state import ColorettoState


def determinize(state: ColorettoState, seat: int, rng: random.Random) -> ColorettoState:
    """A copy of `state` with the unseen pile reshuffled by `rng`; the last-round card keeps its depth."""
    check_seat(seat, state.num_players)
    other = state.clone()
    other.seed = None
    shuffle_pile(other, rng)
    return other


def shuffle_pile(state: ColorettoState, rng: random.Random) -> None:
    """Shuffle the draw pile of `state` in place by `rng`; the last-round card keeps its depth (public).
    The result does not depend on the pile's order before (it is sorted first)."""
    pile = sorted(state.unseen_pile())
    above = state.cards_above_last_round
    if above is not None:
        pile.remove(LAST_ROUND)
    rng.shuffle(pile)
    if above is not None:
        pile.insert(above, LAST_ROUND)
    state.restack(pile)
