"""Coloretto (rules/coloretto.md): 2-5 players collect chameleon cards by taking rows.

>>> import kameleon
>>> state = kameleon.load("coloretto", players=3).new_state(seed=1)
>>> state.apply_str("draw")
0
>>> [state.action_to_str(a) for a in state.legal_actions()]
['place 1', 'place 2', 'place 3']

The package, one role per module: `cards.py` (card codes, rows), `options.py`, `setup.py`
(the reproducible setup), `phases.py`, `state.py` (the rules), `notation.py` (actions and
their notation), `scoring.py`, `view.py`, `explain.py` (why a move is illegal),
`determinize.py`, `heuristics.py`, `observation.py` (the RL encoding), `render.py` (the
terminal) and `game.py` (the Game, the package's one plug-in point).
"""

from kameleon.games.coloretto.cards import COLOURS
from kameleon.games.coloretto.game import ColorettoGame
from kameleon.games.coloretto.scoring import Breakdown, best_score
from kameleon.games.coloretto.state import ColorettoState

__all__ = ["COLOURS", "Breakdown", "ColorettoGame", "ColorettoState", "best_score"]
