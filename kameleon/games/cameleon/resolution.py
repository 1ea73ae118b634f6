"""The mover's choices in a capture resolution (rules §5.5, §5.6, §6.5).

`resolutions()` takes the capture candidates found after a displacement and
returns every distinct outcome of the ply, each with the choice actions of
§10.2 that select it. Two choice sequences giving the same position are one
move: only the one whose token is the smallest in ASCII order is kept, so
every outcome has exactly one choice sequence and one canonical token.

A capture is `(victim square, reward kind or -1, reserve square or -1)`;
captures are listed in victim order (file, then rank).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, permutations, product

from kameleon.games.cameleon.board import Geometry
from kameleon.games.cameleon.chart import PLAIN_BIT, REWARD_BITS, K, V
from kameleon.games.cameleon.notation import spell

Capture = tuple[int, int, int]
REWARD_KINDS = (V, V + 1, V + 2, K)


@dataclass(frozen=True)
class Outcome:
    """One distinct result of a resolution: its canonical capture list and the choices that select it."""

    captures: tuple[Capture, ...]
    choices: tuple[int, ...]
    suffix: str
    """The capture part of the canonical token, e.g. 'xd6=O@b1'."""


@dataclass(frozen=True)
class Resolutions:
    outcomes: tuple[Outcome, ...]
    spellings: dict[tuple[Capture, ...], int]
    """Every valid capture list (canonical or not) -> index of its outcome in `outcomes`."""


def apply_finite_trays(masks: list[int], tray: list[int]) -> list[int]:
    """§6.5 step 1: a reward kind whose tray is empty counts as a plain capture."""
    out = []
    for mask in masks:
        for k in REWARD_KINDS:
            if mask >> k & 1 and tray[k - V] == 0:
                mask = (mask & ~(1 << k)) | PLAIN_BIT
        out.append(mask)
    return out


def resolutions(
    candidates: list[tuple[int, int]],
    free: tuple[int, ...],
    reserve: tuple[int, ...],
    tray: list[int] | None,
    blocks_all: bool,
    auto: bool,
    geo: Geometry,
) -> Resolutions:
    """All distinct outcomes for `candidates` (victim, outcome mask) in victim order.

    `free` are the mover's free reserve squares in file order, `reserve` all of
    them (a PickReserve action names its index there), `tray` the mover's tray
    with finite supply (None: unlimited).
    """
    if tray is not None:
        masks = apply_finite_trays([m for _, m in candidates], tray)
        candidates = [(v, m) for (v, _), m in zip(candidates, masks, strict=True)]
    plain = [v for v, m in candidates if not m & REWARD_BITS]
    rewarding = [(v, m) for v, m in candidates if m & REWARD_BITS]
    if not free or not rewarding:
        if not free and blocks_all:
            return _single((), geo)
        taken = plain + [v for v, m in rewarding if m & PLAIN_BIT]
        return _single(tuple((v, -1, -1) for v in sorted(taken, key=geo.order.__getitem__)), geo)
    raw: list[tuple[tuple[Capture, ...], tuple[int, ...]]] = []
    if len(rewarding) <= len(free):
        room: list[tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = [(tuple(rewarding), ())]
    else:
        room = [(combo, tuple(geo.victim0 + v for v, _ in combo)) for combo in combinations(rewarding, len(free))]
    for chosen, picks in room:
        chosen_set = {v for v, _ in chosen}
        dropped = [v for v, m in rewarding if v not in chosen_set and m & PLAIN_BIT]
        kind_options = [[k for k in REWARD_KINDS if m >> k & 1] for _, m in chosen]
        for kinds in product(*kind_options):
            kind_choices = tuple(
                geo.kind0 + k - V for k, opts in zip(kinds, kind_options, strict=True) if len(opts) > 1
            )
            wanted = [(v, k) for (v, _), k in zip(chosen, kinds, strict=True)]
            for given, unrewarded, supply_picks in _supply_splits(wanted, tray, geo):
                placements = [free[: len(given)]] if auto else list(permutations(free, len(given)))
                for squares in placements:
                    reserve_choices = () if auto else tuple(geo.reserve0 + reserve.index(sq) for sq in squares)
                    captures = [(v, -1, -1) for v in plain + dropped + unrewarded]
                    captures += [(v, k, sq) for (v, k), sq in zip(given, squares, strict=True)]
                    captures.sort(key=lambda c: geo.order[c[0]])
                    raw.append((tuple(captures), picks + kind_choices + supply_picks + reserve_choices))
    return _dedupe(raw, geo)


def _supply_splits(
    wanted: list[tuple[int, int]], tray: list[int] | None, geo: Geometry
) -> list[tuple[list[tuple[int, int]], list[int], tuple[int, ...]]]:
    """§6.5 step 2: when more pieces of a kind are wanted than the tray holds, the mover picks who gets them."""
    if tray is None:
        return [(wanted, [], ())]
    options_per_kind = []
    for k in REWARD_KINDS:
        victims = [v for v, kind in wanted if kind == k]
        have = tray[k - V]
        if len(victims) > have:
            options_per_kind.append([set(c) for c in combinations(victims, have)])
    if not options_per_kind:
        return [(wanted, [], ())]
    splits = []
    for selection in product(*options_per_kind):
        lucky = set().union(*selection)
        over = {k for k in REWARD_KINDS if sum(1 for _, kind in wanted if kind == k) > tray[k - V]}
        given = [(v, k) for v, k in wanted if k not in over or v in lucky]
        unrewarded = [v for v, k in wanted if k in over and v not in lucky]
        picks = tuple(geo.victim0 + v for chosen in selection for v in sorted(chosen, key=geo.order.__getitem__))
        splits.append((given, unrewarded, picks))
    return splits


def _single(captures: tuple[Capture, ...], geo: Geometry) -> Resolutions:
    return Resolutions((Outcome(captures, (), spell(captures, geo)),), {captures: 0})


def _dedupe(raw: list[tuple[tuple[Capture, ...], tuple[int, ...]]], geo: Geometry) -> Resolutions:
    best: dict[tuple[frozenset[int], frozenset[tuple[int, int]]], tuple[str, tuple[Capture, ...], tuple[int, ...]]] = {}
    key_of: dict[tuple[Capture, ...], tuple[frozenset[int], frozenset[tuple[int, int]]]] = {}
    for captures, choices in raw:
        key = (frozenset(v for v, _, _ in captures), frozenset((sq, k) for _, k, sq in captures if k >= 0))
        key_of[captures] = key
        suffix = spell(captures, geo)
        if key not in best or suffix < best[key][0]:
            best[key] = (suffix, captures, choices)
    keys = sorted(best, key=lambda key: best[key][0])
    index = {key: i for i, key in enumerate(keys)}
    outcomes = tuple(Outcome(best[key][1], best[key][2], best[key][0]) for key in keys)
    return Resolutions(outcomes, {captures: index[key] for captures, key in key_of.items()})
