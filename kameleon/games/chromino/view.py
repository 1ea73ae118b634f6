"""What a seat sees (rules §9): the layout, counts, revealed tiles, and its own hand only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kameleon.engine.game import check_seat
from kameleon.games.chromino.tiles import triple_name

if TYPE_CHECKING:
    from kameleon.games.chromino.state import ChrominoState


def build_view(state: ChrominoState, player: int | None) -> dict[str, Any]:
    """A JSON-safe dict of the public items of §9 plus `player`'s hand (all hands with open_hands)."""
    from kameleon.games.chromino.state import AFTER_DRAW, PHASES, tiles_of

    n = len(state.sizes)
    check_seat(player, n, spectator=True)
    game = state.game
    codec = game.codec
    names = [triple_name(c) for c in codec.colours]
    open_hands = game.options["open_hands"]
    layout = [
        {
            "tile": names[t],
            "move": codec.to_str(a),
            "seat": None if seat < 0 else seat,
            "drawn": drawn,
            "move_number": None if number < 0 else number + 1,
        }
        for t, a, seat, drawn, number in state.placed
    ]
    players = []
    for seat in range(n):
        seen = open_hands or seat == player
        entry: dict[str, Any] = {
            "seat": seat,
            "hand_size": state.sizes[seat],
            "revealed": [names[t] for t in tiles_of(state.revealed[seat])],
            "hand": [names[t] for t in tiles_of(state.hands[seat])] if seen else None,
            "out": state.out[seat],
            "turns": state.turns[seat],
            "draws": state.draws[seat],
        }
        if game.expert:
            entry["points"] = state.points[seat]
        players.append(entry)
    drawer = state.current_player if state.phase == AFTER_DRAW else None
    drawn = None
    if drawer is not None and (open_hands or drawer == player):
        drawn = names[state.drawn]
    return {
        "game": game.name,
        "you": player,
        "options": dict(game.options),
        "phase": PHASES[state.phase],
        "round": state.round,
        "first_player": state.first,
        "current_player": state.current_player,
        "final_round": state.final_from >= 0,
        "first_out": None if state.final_from < 0 else state.final_from,
        "stalemate_count": state.stall,
        "bag_size": len(state.bag),
        "draws_this_turn": state.turn_draws,
        "drawn": drawn,
        "layout": layout,
        "players": players,
        "moves": [codec.to_str(a) for a in state.history],
        "events": [{"move": m, "seat": s, "kind": k} for m, s, k in state.events],
        "scores": state.scores() if state.is_terminal or game.expert else None,
        "winners": state.winners() if state.is_terminal else None,
    }
