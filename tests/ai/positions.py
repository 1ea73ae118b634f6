"""Hand-made Coloretto endings for the bots' tests, and an exact solver to check them.

Each ending is the last round with no card left to draw, so the rest of the
game is taking rows: a small perfect-information tree that `solve` searches
completely.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import kameleon
from kameleon.games.coloretto.cards import NUM_KINDS
from kameleon.games.coloretto.phases import TURN
from kameleon.games.coloretto.state import ColorettoState


def ending(
    held: Sequence[Sequence[int]],
    rows: Sequence[Sequence[int]],
    *,
    to_move: int = 0,
    taken: Sequence[int] = (),
    seed: int = 3,
) -> ColorettoState:
    """A 2-player final-round position: `held[seat]` are card kinds held (0-6 index into the colours in
    play), `rows` the cards in each row (by index into the colours in play), `taken` the seats that
    already took a row this round."""
    players = len(held)
    state: ColorettoState = kameleon.load("coloretto", players=players).new_state(seed)
    colours = state.in_play
    state.final_round = True
    state._drawable = 0
    state.phase = TURN
    state.held = [[0] * NUM_KINDS for _ in range(players)]
    for seat, cards in enumerate(held):
        for card in cards:
            state.held[seat][colours[card]] += 1
    state.rows = [[colours[c] for c in row] for row in rows]
    state.taken_by = [-1] * len(rows)
    open_mask = filled = 0
    for r, row in enumerate(rows):
        if row:
            open_mask |= 1 << r
            filled |= 1 << r
    state.open_mask = open_mask
    state.filled_mask = filled
    state.room_mask = 0
    state.active_mask = (1 << players) - 1
    for seat in taken:
        state.active_mask &= ~(1 << seat)
    state.current_player = to_move
    return state


def solve(state: Any) -> dict[Any, bool]:
    """For each legal move of the player to move: does it win by force (2 players, no chance left)?"""
    me = state.current_player
    return {action: _wins(_after(state, action), me) for action in state.legal_actions()}


def _after(state: Any, action: Any) -> Any:
    child = state.clone()
    child.apply(action)
    return child


def _wins(state: Any, me: int) -> bool:
    if state.is_terminal:
        return state.winners() == [me]
    outcomes = (_wins(_after(state, a), me) for a in state.legal_actions())
    return any(outcomes) if state.current_player == me else all(outcomes)
