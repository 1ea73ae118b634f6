"""What a seat sees (rules §9): the layout, counts, revealed tiles, and its own hand only.

The seat to move also gets the engine's reasons behind its options (`explain.py`), so that
interfaces show them instead of working them out: which tiles of its hand it may not place,
and why, and why it may only draw or pass. Every tile of the layout and every legal placement of
the seat to move comes with the squares it covers and their colours, and each placement with the
hand tile it lays (rules §2.3), so no interface reads move notation to draw or group them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kameleon.engine.game import check_seat
from kameleon.games.chromino import scoring
from kameleon.games.chromino.explain import forced, tile_refusals
from kameleon.games.chromino.notation import DRAW, PASS
from kameleon.games.chromino.phases import AFTER_DRAW, PHASES
from kameleon.games.chromino.tiles import tiles_of, triple_name

if TYPE_CHECKING:
    from kameleon.games.chromino.state import ChrominoState


def view(state: ChrominoState, player: int | None) -> dict[str, Any]:
    """A JSON-safe dict of the public items of §9 plus `player`'s hand (all hands with open_hands).

    `unplayable` (tile name -> `explain.TILE_REFUSALS` key), `forced` (an `explain.FORCED` key, or
    None) and `placements` (each legal placement as `{"move", "tile", "cells", "colours"}`: its notation,
    the hand tile's name, the [row, col] squares in reading order and their colour letters) are filled
    for the seat to move only; each `layout` item has the same `cells` and `colours`;
    `players[i]["points"]` (Expert scoring only) are the running Expert points, and `breakdowns`
    each seat's score in named parts (`scoring.breakdown`)
    whenever `scores` is shown.
    """
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
            **_squares(state, a),
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
    to_move = player is not None and player == state.current_player
    shown = state.is_terminal or game.expert
    mode = game.options["scoring"]
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
        "unplayable": {names[t]: why for t, why in tile_refusals(state).items()} if to_move else None,
        "forced": forced(state) if to_move else None,
        "placements": _placements(state, names) if to_move else None,
        "scores": state.scores() if shown else None,
        "breakdowns": [
            scoring.breakdown(mode, state.sizes[seat], state.out[seat], state.points[seat]) for seat in range(n)
        ]
        if shown
        else None,
        "winners": state.winners() if state.is_terminal else None,
    }


def _squares(state: ChrominoState, action: int) -> dict[str, Any]:
    """The squares placement `action` covers, in reading order, and the colour letters laid on them."""
    game = state.game
    board = state.board
    p = game.codec.decode(action)
    return {
        "cells": [list(board.row_col(cell)) for cell in board.footprint(game.board_fp(action))],
        "colours": triple_name(game.laid[2 * p.tile + p.flipped]),
    }


def _placements(state: ChrominoState, names: list[str]) -> list[dict[str, Any]]:
    game = state.game
    return [
        {"move": game.codec.to_str(a), "tile": names[game.tile_of(a)], **_squares(state, a)}
        for a in state.legal_actions()
        if a not in (DRAW, PASS)
    ]
