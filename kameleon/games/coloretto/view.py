"""What a seat sees (rules section 8): everything but the order of the draw pile."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kameleon.engine.game import check_seat
from kameleon.games.coloretto.cards import COLOURS, GOLDEN, JOKER, PLUS_TWO, card_name
from kameleon.games.coloretto.scoring import Breakdown

if TYPE_CHECKING:
    from kameleon.games.coloretto.state import ColorettoState


def build_view(state: ColorettoState, player: int | None) -> dict[str, Any]:
    """The public information of section 8 as a JSON-safe dict (identical for every seat but `you`)."""
    from kameleon.games.coloretto.state import PHASES

    check_seat(player, state.num_players, spectator=True)
    game = state.game
    return {
        "game": game.name,
        "you": player,
        "options": dict(game.options),
        "phase": PHASES[state.phase],
        "round": state.round,
        "round_start": state.round_start,
        "current_player": state.current_player,
        "final_round": state.final_round,
        "drawn": None if state.drawn < 0 else card_name(state.drawn),
        "rows": [
            {"row": r + 1, "capacity": cap, "cards": [card_name(c) for c in row], "taken_by": None if t < 0 else t}
            for r, (cap, row, t) in enumerate(zip(game.capacities, state.rows, state.taken_by, strict=True))
        ],
        "active": list(state.active),
        "players": [_collection(state, seat) for seat in range(state.num_players)],
        "colours_in_play": [COLOURS[c] for c in state.in_play],
        "removed_colours": [COLOURS[c] for c in state.removed],
        "discarded": [card_name(c) for c in state.discarded],
        "pile_size": state.pile_size,
        "cards_above_last_round": state.cards_above_last_round,
        "pile_contents": {card_name(k): n for k, n in enumerate(state.pile_contents()) if n},
        "events": [{"move": move, "kind": kind, "card": card_name(card)} for move, kind, card in state.events],
        "moves_played": len(state.history),
        "legal_moves": [state.action_to_str(a) for a in state.legal_actions()]
        if player == state.current_player
        else [],
        "scores": [_breakdown(b) for b in state.breakdowns()],
        "final": state.is_terminal,
        "winners": state.winners(),
        "declarations": _declarations(state),
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


def _breakdown(b: Breakdown) -> dict[str, Any]:
    return {
        "total": b.total,
        "counts": {COLOURS[c]: m for c, m in enumerate(b.counts) if m},
        "joker_colours": [COLOURS[c] for c in b.joker_colours],
        "positive": [COLOURS[c] for c in b.positive],
        "negative": [COLOURS[c] for c in b.negative],
        "plus_two": b.plus_two,
        "largest": b.largest,
    }


def _declarations(state: ColorettoState) -> list[dict[str, Any]] | None:
    if state.declared is None:
        return None
    return [
        {"jokers": [COLOURS[c] for c in jokers], "positive": [COLOURS[c] for c in positive], "done": done}
        for jokers, positive, done in state.declared
    ]
