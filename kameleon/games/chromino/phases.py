"""The phases of a Chromino turn (rules §5), shared by the rules, the view and the explanations.

`TURN`: the seat to move places a tile, or draws (pass with an empty bag) when none fits;
`AFTER_DRAW`: it has drawn and may place only the drawn tile, draw again or pass (§5.3);
`OVER`: the game has ended (§6).
"""

from __future__ import annotations

TURN, AFTER_DRAW, OVER = 0, 1, 2
PHASES = ("turn", "after_draw", "over")
"""The name of each phase, as the view writes it."""
