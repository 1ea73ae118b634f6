"""Why an action is illegal (rules sections 3, 4 and 9): the engine's explanation, built only on the error path.

`ColorettoState.apply` raises `IllegalAction(why_illegal(state, action))` before changing anything. Each
explanation is a `Message` with a stable code, translated through this game's catalogs (`locale/`); it
says why, never repeating the move itself, which the reader has just tried.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.engine.messages import Message, msg
from kameleon.games.coloretto import notation as nt
from kameleon.games.coloretto.phases import DECLARE, OVER, PLACE, TURN
from kameleon.games.coloretto.scoring import POSITIVE_COLOURS

if TYPE_CHECKING:
    from kameleon.games.coloretto.state import ColorettoState

CARD_LABELS = (
    msg("card_blue", "blue"),
    msg("card_brown", "brown"),
    msg("card_green", "green"),
    msg("card_orange", "orange"),
    msg("card_purple", "purple"),
    msg("card_red", "red"),
    msg("card_yellow", "yellow"),
    msg("card_plus_two", "+2"),
    msg("card_joker", "joker"),
    msg("card_golden_joker", "golden joker"),
    msg("card_last_round", "last round"),
)
"""Each card code's name as a Message, so that explanations naming a card are translated whole."""


def why_illegal(state: ColorettoState, action: object) -> Message:
    """The reason `action` cannot be played in `state` (which it must not be able to)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < nt.NUM_ACTIONS:
        return msg(
            "not_an_action",
            "{action} is not a Coloretto action (expected an index 0..{last})",
            action=repr(action),
            last=nt.NUM_ACTIONS - 1,
        )
    if state.phase == OVER:
        return msg("game_over", "The game is over.")
    k = len(state.rows)
    r = (action - nt.PLACE) % nt.MAX_ROWS
    if nt.PLACE <= action < nt.JOKER_TO and r >= k:
        return msg("no_such_row", "There is no row {row}; this game has rows 1 to {rows}.", row=r + 1, rows=k)
    if state.phase == PLACE and not (nt.PLACE <= action < nt.TAKE):
        return msg(
            "place_drawn_first", "You drew a card ({card}): place it in a row first.", card=CARD_LABELS[state.drawn]
        )
    if state.phase == DECLARE:
        return _why_illegal_declaration(state, action)
    if state.phase == TURN and nt.PLACE <= action < nt.TAKE:
        return msg("nothing_to_place", "There is no drawn card to place: draw one first.")
    if nt.JOKER_TO <= action <= nt.DONE:
        return msg("not_declaring", "Wild cards and positive colours are declared after the final round.")
    if action == nt.DRAW:
        if not state.cards_to_draw:
            return msg("pile_empty", "The draw pile has no card left.")
        return msg("rows_full", "Every row in the centre is full, so you must take one.")
    if state.taken_by[r] >= 0:
        return msg("row_taken", "Row {row} was taken this round already.", row=r + 1)
    if nt.PLACE <= action < nt.TAKE:
        capacity = state.game.capacities[r]
        return msg("row_full", "Row {row} is full: it holds {capacity} cards.", row=r + 1, capacity=capacity)
    return msg("row_empty", "Row {row} is empty; a row can be taken only when it holds a card.", row=r + 1)


def _why_illegal_declaration(state: ColorettoState, action: int) -> Message:
    seat = state.current_player
    assert seat is not None and state.declared is not None
    jokers, positive, _ = state.declared[seat]
    if not nt.JOKER_TO <= action <= nt.DONE:
        return msg(
            "declaring",
            "The rounds are over: give each wild card a colour, mark your positive colours, then confirm.",
        )
    if action < nt.POSITIVE:
        colour = action - nt.JOKER_TO
        if colour not in state.in_play:
            return msg("colour_not_in_play", "The colour {colour} is not in play.", colour=CARD_LABELS[colour])
        return msg("wild_cards_done", "All your wild cards already have a colour.")
    left = state.wild_cards(seat) - len(jokers)
    if left:
        return msg("wild_cards_left", "First give each of your wild cards a colour ({left} left).", left=left)
    colour = action - nt.POSITIVE
    if len(positive) >= POSITIVE_COLOURS:
        return msg("three_positive", "Three colours are already positive.")
    if colour in positive:
        return msg("already_positive", "The colour {colour} is already positive.", colour=CARD_LABELS[colour])
    return msg("colour_not_held", "You hold no {colour} card.", colour=CARD_LABELS[colour])
