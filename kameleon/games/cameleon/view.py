"""What a seat sees (rules §10.1): Le Caméléon has perfect information, so every seat sees everything."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kameleon.games.cameleon import notation as nt
from kameleon.games.cameleon.chart import piece_letter

if TYPE_CHECKING:
    from kameleon.games.cameleon.state import CameleonState

SIDES = ("round", "square")


def full_view(state: CameleonState) -> dict[str, Any]:
    """The whole state as JSON-safe data: the same for both seats and spectators."""
    geo = state.geo
    pending = None
    if state.pending is not None:
        pending = {
            "displacement": nt.displacement_text(state.pending[2], geo),
            "choices": [state.action_to_str(a) for a in state.legal_actions()],
        }
    return {
        "cpn": state.to_cpn(),
        "pieces": {geo.names[s]: piece_letter(code) for s, code in enumerate(state.board) if code},
        "to_move": SIDES[state.turn],
        "current_player": state.current_player,
        "no_progress": state.no_progress,
        "move_number": state.move_number,
        "last_pass": state.last_pass,
        "trays": None if state.tray is None else [dict(zip("VOGK", t, strict=True)) for t in state.tray],
        "pending": pending,
        "terminal": state.is_terminal,
        "winners": state.winners(),
        "reason": state.reason,
    }
