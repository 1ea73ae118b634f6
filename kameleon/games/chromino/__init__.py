"""Chromino (rules/chromino.md): 1-8 players lay 1×3 colour tiles edge to edge.

>>> import kameleon
>>> state = kameleon.load("chromino", players=2).new_state(seed=2024)
>>> state.current_player, len(state.bag), state.action_to_str(state.legal_actions()[0])
(1, 63, 'RYP H -1,-2')
"""

from kameleon.games.chromino.game import ChrominoGame
from kameleon.games.chromino.notation import DRAW, PASS, Placement
from kameleon.games.chromino.solver import LayoutError, Position, count, parse_layout, placements
from kameleon.games.chromino.state import ChrominoState

__all__ = [
    "DRAW",
    "PASS",
    "ChrominoGame",
    "ChrominoState",
    "LayoutError",
    "Placement",
    "Position",
    "count",
    "parse_layout",
    "placements",
]
