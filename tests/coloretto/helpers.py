"""Test helpers: arrange the draw pile of a Coloretto state (same multiset, chosen order)."""

from __future__ import annotations

from collections.abc import Sequence

from kameleon.games.coloretto.cards import LAST_ROUND
from kameleon.games.coloretto.state import ColorettoState


def stack_pile(state: ColorettoState, top: Sequence[int]) -> None:
    """Put the cards `top` (by kind, in order) on top of the pile; the rest keeps its order.

    The last-round card stays at its depth unless `top` names it.
    """
    rest = list(state.unseen_pile())
    depth = len(rest) - rest.index(LAST_ROUND) - 1 if LAST_ROUND in rest else None
    if LAST_ROUND not in top and depth is not None:
        rest.remove(LAST_ROUND)
    for card in top:
        rest.remove(card)
    pile = [*top, *rest]
    if LAST_ROUND not in top and depth is not None:
        pile.insert(len(pile) - depth, LAST_ROUND)
    state.restack(pile)


def play(state: ColorettoState, *moves: str) -> None:
    for move in moves:
        state.apply_str(move)


def set_pile(state: ColorettoState, cards: Sequence[int]) -> None:
    """Replace the whole draw pile by `cards` (top first): for the non-standard cases of rules 4.3.

    No game reaches such a pile, so no State method makes one: this reaches into the state's private fields."""
    state._deck = tuple(cards)
    state._pos = 0
    state._last_at = state._deck.index(LAST_ROUND) if LAST_ROUND in state._deck else -1
    state._drawable = sum(card != LAST_ROUND for card in cards)
    state._pile_left = [list(cards).count(kind) for kind in range(LAST_ROUND + 1)]
