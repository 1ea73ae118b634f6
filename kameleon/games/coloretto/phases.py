"""Coloretto's phases (rules section 9), shared by the rules, the view, the explanations and the bots.

They live apart from `state.py` so that the modules reading a state's phase need not import the rules.
"""

from __future__ import annotations

TURN = 0
"""The seat to move draws a card or takes a row."""
PLACE = 1
"""The seat that drew places the drawn card in a row."""
DECLARE = 2
"""After the final round, with manual scoring: each seat in turn gives its wild cards a colour and marks
its positive colours."""
OVER = 3

PHASES = ("turn", "place", "declare", "over")
"""Each phase's name, as views show it."""
