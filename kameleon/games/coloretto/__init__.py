"""Coloretto (rules/coloretto.md): 2-5 players collect chameleon cards by taking rows.

>>> import kameleon
>>> state = kameleon.load("coloretto", players=3).new_state(seed=1)
>>> state.apply_str("draw"); state.legal_actions()
[1, 2, 3]
"""

from kameleon.games.coloretto.cards import COLOURS
from kameleon.games.coloretto.game import ColorettoGame
from kameleon.games.coloretto.scoring import Breakdown, best_score
from kameleon.games.coloretto.state import ColorettoState

__all__ = ["COLOURS", "Breakdown", "ColorettoGame", "ColorettoState", "best_score"]
