"""Cardcassonne's phases (rules §3, §5, §7, §9), shared by the rules, the view, the explanations and the bots.

They live apart from `state.py` so that the modules reading a state's phase need not import the rules.
"""

from __future__ import annotations

SETUP_JOKER = 0
"""The display turned up a joker: the dealer puts it into a row (§3 step 5)."""
PLAY = 1
"""Players in turn put a card or their follower into a row (§5, §6)."""
RESOLVE = 2
"""Round-end resolution waits for the claimant's keep / ten or wild-animal choice (§7.3)."""
OVER = 3

PHASES = ("setup_joker", "play", "resolve", "over")
"""Each phase's name, as views show it."""
