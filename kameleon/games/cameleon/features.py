"""The compact encoding the `expert` bot's value network reads of a Le Caméléon position for one seat.

The observation encoding of the research interfaces gives the board square by
square; a network trained on it from `medium` games did barely better than a
coin (docs/bots.md): who is winning is a count of pieces, and of the pieces
each side already flanks, that a small network does not find in 700 numbers.
These features give it those counts (by kind, as the heuristic weighs them),
the threats both ways, the reserves that block captures when full, whose move
it is and how near the counter rules are to ending the game in a draw.

The game has no hidden information, so both sides' pieces are read as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.games.cameleon.heuristics import WEIGHTS, material

if TYPE_CHECKING:
    from kameleon.games.cameleon.state import CameleonState

KINDS = "BRYVOGK"
MATERIAL = 10.0
"""Material (heuristics.WEIGHTS) is given in tens: a side starts with 12."""
THREAT = 3.0
PLIES = 300.0
"""Move numbers are given in hundreds of plies, capped at one such unit (games run a few hundred plies)."""

NETWORK_FEATURES = (
    *(f"own {kind} / 4" for kind in KINDS), *(f"enemy {kind} / 4" for kind in KINDS),
    "own material / 10", "enemy material / 10", "material lead / 10",
    "own reserve / 4", "enemy reserve / 4",
    "enemy worth flanked by own pieces / 3", "enemy pieces flanked / 3",
    "own worth flanked by enemy pieces / 3", "own pieces flanked / 3",
    "to move", "plies without progress / limit", "move number / 300",
)  # fmt: skip
"""What `network_features` gives, in order."""


def _threat(state: CameleonState, seat: int) -> tuple[float, float]:
    """The worth and number of enemy pieces `seat` flanks now (0 when its reserve is full: it cannot take)."""
    if state.reserve_full(seat):
        return 0.0, 0.0
    board = state.board
    flanked = state.flanked_by(seat)
    return sum(WEIGHTS[(board[v] & 7) - 1] for v, _ in flanked) / THREAT, len(flanked) / THREAT


def network_features(state: CameleonState, seat: int) -> list[float]:
    """`NETWORK_FEATURES` of `seat` (see the module docstring)."""
    other = 1 - seat
    geo = state.geo
    own_material, enemy_material = material(state, seat), material(state, other)
    limit = state.game.np_limit
    return [
        *(c / 4.0 for c in state.counts[seat]),
        *(c / 4.0 for c in state.counts[other]),
        own_material / MATERIAL,
        enemy_material / MATERIAL,
        (own_material - enemy_material) / MATERIAL,
        (state.occ[seat] & geo.reserve_mask[seat]).bit_count() / 4.0,
        (state.occ[other] & geo.reserve_mask[other]).bit_count() / 4.0,
        *_threat(state, seat),
        *_threat(state, other),
        1.0 if state.turn == seat else 0.0,
        state.no_progress / limit if limit else 0.0,
        min(state.move_number / PLIES, 1.0),
    ]
