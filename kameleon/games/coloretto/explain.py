"""Why an action is illegal (rules sections 3, 4 and 9): the engine's explanation, built only on the error path.

`ColorettoState.apply` raises `IllegalAction(why_illegal(state, action))` before changing anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.games.coloretto import notation as nt
from kameleon.games.coloretto.cards import card_name
from kameleon.games.coloretto.phases import DECLARE, OVER, PHASES, PLACE, TURN
from kameleon.games.coloretto.scoring import POSITIVE_COLOURS

if TYPE_CHECKING:
    from kameleon.games.coloretto.state import ColorettoState


def why_illegal(state: ColorettoState, action: object) -> str:
    """The reason `action` cannot be played in `state` (which it must not be able to)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < nt.NUM_ACTIONS:
        return f"{action!r} is not a Coloretto action (expected an index 0..{nt.NUM_ACTIONS - 1})"
    name = nt.action_to_str(action)
    if state.phase == OVER:
        return f"{name}: the game is over"
    k = len(state.rows)
    r = (action - nt.PLACE) % nt.MAX_ROWS
    if nt.PLACE <= action < nt.JOKER_TO and r >= k:
        return f"{name}: there is no row {r + 1}; this game has rows 1 to {k}"
    if state.phase == PLACE and not (nt.PLACE <= action < nt.TAKE):
        return f"{name}: you drew the {card_name(state.drawn)} and must place it first (place <row>)"
    if state.phase == DECLARE:
        return _why_illegal_declaration(state, action, name)
    if state.phase == TURN and nt.PLACE <= action < nt.TAKE:
        return f"{name}: there is no drawn card to place; draw first"
    if nt.JOKER_TO <= action <= nt.DONE:
        return f"{name}: declarations are made after the final round (phase is {PHASES[state.phase]})"
    if action == nt.DRAW:
        if not state.cards_to_draw:
            return "draw: the draw pile has no card left"
        return "draw: every row in the centre is full, so you must take one"
    if state.taken_by[r] >= 0:
        return f"{name}: row {r + 1} was taken this round by seat {state.taken_by[r]}"
    if nt.PLACE <= action < nt.TAKE:
        return f"{name}: row {r + 1} is full (it holds {state.game.capacities[r]})"
    return f"{name}: row {r + 1} is empty; a row can be taken only when it holds a card"


def _why_illegal_declaration(state: ColorettoState, action: int, name: str) -> str:
    seat = state.current_player
    assert seat is not None and state.declared is not None
    jokers, positive, _ = state.declared[seat]
    if not nt.JOKER_TO <= action <= nt.DONE:
        return f"{name}: the game is in the declaration phase (joker <colour>, positive <colour>, done)"
    if action < nt.POSITIVE:
        if action - nt.JOKER_TO not in state.in_play:
            return f"{name}: that colour is not in play"
        return f"{name}: all your wild cards already have a colour"
    left = state.wild_cards(seat) - len(jokers)
    if left:
        return f"{name}: give your {left} remaining wild card(s) a colour first (joker <colour>)"
    colour = action - nt.POSITIVE
    if len(positive) >= POSITIVE_COLOURS:
        return f"{name}: three colours are already positive"
    if colour in positive:
        return f"{name}: that colour is already positive"
    return f"{name}: you hold no card of that colour"
