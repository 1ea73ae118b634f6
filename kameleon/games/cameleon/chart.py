"""Pieces and the colour chart (rules §1, §5.2-5.4).

Kinds are small ints 0..6 in the order B R Y V O G K. The association outcome
of two attackers and a victim is computed once, by the spec's `association()`
pseudo-code, into the flat table `ASSOC` (index `a * 49 + b * 7 + v`), so that a
corrected chart is a change of `association` only.
"""

from __future__ import annotations

B, R, Y, V, O, G, K = range(7)  # noqa: E741 (O is orange, as in the spec)
KIND_LETTERS = "BRYVOGK"
PRIMARIES = frozenset((B, R, Y))
COMPLEMENTARIES = frozenset((V, O, G))
MIX = {frozenset((B, R)): V, frozenset((R, Y)): O, frozenset((Y, B)): G}

NONE = -1
PLAIN = 7
"""Outcome codes: NONE (no capture), PLAIN (capture, no reward) or a reward kind V, O, G, K."""
PLAIN_BIT = 1 << PLAIN
REWARD_BITS = (1 << V) | (1 << O) | (1 << G) | (1 << K)

BOX = {V: 6, O: 6, G: 6, K: 5}
"""Pieces of each earned kind in one player's tray at the start (finite_supply, §6.5)."""
PRIMARY_BOX = 4
"""Pieces of each primary colour per player."""


def association(a: int, b: int, v: int) -> int:
    """The outcome of attackers of kinds a, b against a victim of kind v (§5.2, verbatim)."""
    if a == K and b == K:
        return PLAIN
    if a == K or b == K:
        c = b if a == K else a
        return NONE if v == c else PLAIN
    if v == K:
        return PLAIN if a == b else NONE
    colours = frozenset((a, b, v))
    if len(colours) != 2:
        return NONE
    if colours <= PRIMARIES:
        return MIX[colours]
    if colours <= COMPLEMENTARIES:
        return K
    return PLAIN


ASSOC: tuple[int, ...] = tuple(association(a, b, v) for a in range(7) for b in range(7) for v in range(7))
"""`ASSOC[a * 49 + b * 7 + v]` = association(a, b, v)."""


def chart_cell(a: int, b: int, v: int) -> str:
    """The §5.4 table notation of one cell: '-', 'x' or 'x' + reward letter."""
    outcome = ASSOC[a * 49 + b * 7 + v]
    if outcome == NONE:
        return "-"
    return "x" if outcome == PLAIN else "x" + KIND_LETTERS[outcome]


def piece_letter(code: int) -> str:
    """The CPN letter of a piece code (see `board.piece_code`)."""
    letter = KIND_LETTERS[(code & 7) - 1]
    return letter if code < 8 else letter.lower()
