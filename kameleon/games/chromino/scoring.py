"""Scoring (rules §6.3, §7.5, §7.6): Expert placement points, each seat's score breakdown, scores and winners.

Three modes (`scoring` option): `none` counts the tiles left in hand, `bga`
gives +10 for going out and −10 per tile left, `expert` adds up the points of
each seat's placements.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kameleon.games.chromino.state import ChrominoState

GONE_OUT = "gone_out"
TILES_IN_HAND = "tiles_in_hand"
PLACEMENT_POINTS = "placement_points"
"""The named parts of a breakdown."""


def placement_points(state: ChrominoState, tile: int, fp: int) -> int:
    """Expert points (§7.5) of laying `tile` on the board footprint `fp` now: the tile's value plus the value of
    every table tile it touches, each counted once however many contacts it makes (the start tile too)."""
    values = state.game.values
    placed = state.placed
    points = values[tile]
    for number in state.board.touched(fp):
        points += values[placed[number][0]]
    return points


def scores(mode: str, sizes: Sequence[int], out: Sequence[bool], points: Sequence[int]) -> list[int]:
    """`none`: −tiles in hand; `bga`: +10 for going out, else −10 per tile; `expert`: placement points.

    >>> scores("none", [2, 0], [False, True], [0, 0]), scores("bga", [2, 0], [False, True], [0, 0])
    ([-2, 0], [-20, 10])
    """
    if mode == "expert":
        return list(points)
    if mode == "bga":
        return [10 if gone else -10 * size for size, gone in zip(sizes, out, strict=True)]
    return [-size for size in sizes]


def breakdown(mode: str, size: int, out: bool, points: int) -> dict[str, int]:
    """A seat's score (`scores`) in named parts: which rule of its mode gave it.

    >>> breakdown("bga", 3, False, 0), breakdown("bga", 0, True, 0), breakdown("expert", 2, False, 17)
    ({'tiles_in_hand': -30}, {'gone_out': 10}, {'placement_points': 17})
    """
    if mode == "expert":
        return {PLACEMENT_POINTS: points}
    part = GONE_OUT if mode == "bga" and out else TILES_IN_HAND
    return {part: scores(mode, [size], [out], [points])[0]}


def parts(mode: str, size: int, out: bool, points: int) -> dict[str, Any]:
    """A seat's `breakdown` for results tables, with the tiles left in its hand, whether it went out and its total.

    >>> parts("bga", 3, False, 0)
    {'tiles_in_hand': -30, 'tiles_left': 3, 'out': False, 'total': -30}
    """
    named: dict[str, Any] = dict(breakdown(mode, size, out, points))
    named.update(tiles_left=size, out=out, total=scores(mode, [size], [out], [points])[0])
    return named


def end_reason(someone_out: bool) -> str:
    """How a finished game ended: a player went out (§6.1), or a round passed with nothing laid (§6.2)."""
    return "went_out" if someone_out else "blocked"


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
