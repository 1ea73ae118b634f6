"""The material end-of-game rules (rules §8.1 rules 1-5) and the results of §8.2.

These rules depend only on how many pieces of each kind each player has
(board and reserve together), so the state runs them only when material
changes, i.e. after a ply with captures, and once on the starting position.
"""

from __future__ import annotations

from functools import cache

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
