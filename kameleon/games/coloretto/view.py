"""What a seat sees (rules section 8): everything but the order of the draw pile.

Besides the table itself, a view carries the facts the rules derive from it, so that interfaces
(the terminal, the web board) show them and never work them out again: each row's `free` places
(its capacity less its cards), each seat's score `breakdown` in `scores` (from `scoring.py`: the
colour each wild card counts as, the colours that count positively and negatively, the total),
the legal moves of the seat to move, and the move notation a click on each row (`move`: place there
while a drawn card waits, take it otherwise) or on the pile (`pile_move`) stands for, and, while the seat to
move declares its wild cards and positive colours (manual scoring), `declaration_moves` (the move of each
colour it may give its next wild card, of each colour it may mark positive, and of `done`), so that
interfaces never write notation themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kameleon.engine.game import check_seat
from kameleon.games.coloretto import notation as nt
from kameleon.games.coloretto.cards import COLOURS, GOLDEN, JOKER, PLUS_TWO, card_name
from kameleon.games.coloretto.phases import DECLARE, PHASES, PLACE

if TYPE_CHECKING:
    from kameleon.games.coloretto.state import ColorettoState


def view(state: ColorettoState, seat: int | None) -> dict[str, Any]:
    """The public information of section 8 as a JSON-safe dict (identical for every seat but `you` and
    `legal_moves`); `seat=None` is a spectator."""
    check_seat(seat, state.num_players, spectator=True)
    game = state.game
    row_action = nt.PLACE if state.phase == PLACE else nt.TAKE
    return {
        "game": game.name,
        "you": seat,
        "options": dict(game.options),
        "phase": PHASES[state.phase],
        "round": state.round,
        "round_start": state.round_start,
        "current_player": state.current_player,
        "final_round": state.final_round,
        "drawn": None if state.drawn < 0 else card_name(state.drawn),
        "rows": [
            {
                "row": r + 1,
                "capacity": capacity,
                "cards": [card_name(c) for c in row],
                "free": capacity - len(row),
                "taken_by": None if taker < 0 else taker,
                "move": nt.action_to_str(row_action + r),
            }
            for r, (capacity, row, taker) in enumerate(zip(game.capacities, state.rows, state.taken_by, strict=True))
        ],
        "active": list(state.active),
        "players": [_collection(state, s) for s in range(state.num_players)],
        "colours_in_play": [COLOURS[c] for c in state.in_play],
        "removed_colours": [COLOURS[c] for c in state.removed],
        "discarded": [card_name(c) for c in state.discarded],
        "pile_size": state.pile_size,
        "pile_move": nt.action_to_str(nt.DRAW),
        "cards_above_last_round": state.cards_above_last_round,
        "pile_contents": {card_name(k): n for k, n in enumerate(state.pile_contents()) if n},
        "events": [{"move": move, "kind": kind, "card": card_name(card)} for move, kind, card in state.events],
        "moves_played": len(state.history),
        "legal_moves": [state.action_to_str(a) for a in state.legal_actions()] if seat == state.current_player else [],
        "scores": [b.named() for b in state.breakdowns()],
        "final": state.is_terminal,
        "winners": state.winners(),
        "declarations": _declarations(state),
        "declaration_moves": _declaration_moves(state) if seat == state.current_player else None,
    }


def _collection(state: ColorettoState, seat: int) -> dict[str, Any]:
    held = state.held[seat]
    return {
        "seat": seat,
        "colours": {COLOURS[c]: held[c] for c in state.in_play},
        "plus_two": held[PLUS_TWO],
        "jokers": held[JOKER],
        "golden_jokers": held[GOLDEN],
        "cards": sum(held),
    }


def _declaration_moves(state: ColorettoState) -> dict[str, Any] | None:
    """While declaring (manual scoring), the moves of the seat to move by what they do: a colour for the next
    wild card (`joker`), a colour to mark positive (`positive`) and `done`, so boards need no notation."""
    if state.phase != DECLARE:
        return None
    joker: dict[str, str] = {}
    positive: dict[str, str] = {}
    done = None
    for action in state.legal_actions():
        if nt.JOKER_TO <= action < nt.POSITIVE:
            joker[COLOURS[action - nt.JOKER_TO]] = nt.action_to_str(action)
        elif nt.POSITIVE <= action < nt.DONE:
            positive[COLOURS[action - nt.POSITIVE]] = nt.action_to_str(action)
        else:
            done = nt.action_to_str(action)
    return {"joker": joker, "positive": positive, "done": done}


def _declarations(state: ColorettoState) -> list[dict[str, Any]] | None:
    if state.declared is None:
        return None
    return [
        {"jokers": [COLOURS[c] for c in jokers], "positive": [COLOURS[c] for c in positive], "done": done}
        for jokers, positive, done in state.declared
    ]
