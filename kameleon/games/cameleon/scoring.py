"""How Le Caméléon ends on material (rules §8.1 rules 1-5) and what each side scores (§8.2).

The material rules depend only on how many pieces of each kind each player
has (board and reserve together), so the state runs them only when material
changes, i.e. after a ply with captures, and once on the starting position.
The counter rules 6-8 (no progress, repetition, double pass) live with the
counters in state.py.

A result is the tuple of winners (`DRAW` = both seats) and its reason; the
score is +1 for a win, -1 for a loss, 0 for a draw or an unfinished game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from kameleon.games.cameleon.chart import ASSOC, NONE, K

REASONS = (
    "elimination", "three_chameleons", "two_chameleons", "lone_piece", "dead_material",
    "no_progress", "repetition", "double_pass",
)  # fmt: skip
DRAW = (0, 1)


@cache
def _can_capture(mine: tuple[int, ...], theirs: tuple[bool, ...]) -> bool:
    """§8.1 rule 5: two distinct pieces of `mine` (counts capped at 2) can take a kind present in `theirs`."""
    for a in range(7):
        if not mine[a]:
            continue
        for b in range(a, 7):
            if mine[b] < (2 if a == b else 1):
                continue
            base = a * 49 + b * 7
            for v in range(7):
                if theirs[v] and ASSOC[base + v] != NONE:
                    return True
    return False


def can_capture(mine: list[int], theirs: list[int]) -> bool:
    return _can_capture(tuple(min(c, 2) for c in mine), tuple(c > 0 for c in theirs))


def material_result(counts: list[list[int]], lone_piece_rule: bool) -> tuple[tuple[int, ...], str] | None:
    """(winners, reason) if rules 1-5 end the game with this material, else None."""
    c0, c1 = counts
    n0, n1 = sum(c0), sum(c1)
    if n0 == 0 or n1 == 0:
        return (DRAW if n0 == n1 else (0,) if n1 == 0 else (1,)), "elimination"
    kings = c0[K] + c1[K]
    if n0 + n1 == 3 and kings == 3:
        return ((0,) if c0[K] == 2 else (1,)), "three_chameleons"
    if n0 == 1 and n1 == 1 and c0[K] == 1 and c1[K] == 1:
        return DRAW, "two_chameleons"
    if lone_piece_rule:
        if n0 == 1 and c1[K] >= 2:
            return (1,), "lone_piece"
        if n1 == 1 and c0[K] >= 2:
            return (0,), "lone_piece"
    if not can_capture(c0, c1) and not can_capture(c1, c0):
        return DRAW, "dead_material"
    return None


def scores(result: tuple[int, ...] | None) -> list[int]:
    """§8.2: [1, -1], [-1, 1], or [0, 0] for a draw or an unfinished game."""
    if result is None or len(result) != 1:
        return [0, 0]
    return [1, -1] if result[0] == 0 else [-1, 1]


@dataclass(frozen=True)
class Breakdown:
    """One seat's score and the material behind it."""

    outcome: str | None
    """'win', 'loss' or 'draw'; None while the game goes on."""
    points: int
    """The score of §8.2."""
    pieces: int
    """Pieces left, board and reserve together."""
    chameleons: int
    """Of those, chameleons."""
    captured: int
    """Enemy pieces this seat has captured."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "points": self.points,
            "pieces": self.pieces,
            "chameleons": self.chameleons,
            "captured": self.captured,
        }

    def parts(self) -> dict[str, Any]:
        """The named parts of a results table: outcome, pieces, chameleons, captured, and the score as total."""
        return {
            "outcome": self.outcome,
            "pieces": self.pieces,
            "chameleons": self.chameleons,
            "captured": self.captured,
            "total": self.points,
        }


def breakdowns(result: tuple[int, ...] | None, counts: list[list[int]], eliminated: list[list[int]]) -> list[Breakdown]:
    """Each seat's breakdown, from the result, the pieces left and the pieces eliminated, per seat and kind."""
    points = scores(result)
    out = []
    for seat in (0, 1):
        outcome = None if result is None else "draw" if len(result) != 1 else "win" if result[0] == seat else "loss"
        out.append(Breakdown(outcome, points[seat], sum(counts[seat]), counts[seat][K], sum(eliminated[1 - seat])))
    return out
