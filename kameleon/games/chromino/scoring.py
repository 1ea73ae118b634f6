"""Results (rules §6.3): scores and winners for the three scoring modes."""

from __future__ import annotations

from collections.abc import Sequence


def scores(mode: str, sizes: Sequence[int], out: Sequence[bool], points: Sequence[int]) -> list[int]:
    """`none`: −tiles in hand; `bga`: +10 for going out, else −10 per tile; `expert`: placement points."""
    if mode == "expert":
        return list(points)
    if mode == "bga":
        return [10 if gone else -10 * size for size, gone in zip(sizes, out, strict=True)]
    return [-size for size in sizes]


def winners(mode: str, sizes: Sequence[int], out: Sequence[bool], points: Sequence[int]) -> list[int]:
    """The seats with the best score; under `expert` ties go to fewer tiles in hand, then are shared.

    >>> winners("none", [2, 4, 2], [False] * 3, [0] * 3)
    [0, 2]
    >>> winners("expert", [0, 1, 3], [True, False, False], [9, 9, 12])
    [2]
    """
    result = scores(mode, sizes, out, points)
    tie_break = sizes if mode == "expert" else [0] * len(sizes)
    keys = [(s, -n) for s, n in zip(result, tie_break, strict=True)]
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]
