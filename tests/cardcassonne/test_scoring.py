"""Scoring rules on their own: TV-06 people, TV-10 buildings (checked against brute force), TV-13, TV-14."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kameleon.games.cardcassonne.scoring import (
    ANIMAL_POINTS,
    SET_POINTS,
    building_points,
    people_points,
    winners,
)
from kameleon.games.cardcassonne.view import track
from tests.depth import examples

from .helpers import position, resolve


@pytest.mark.parametrize(
    ("values", "points"),
    [([3, 1, 1], 15), ([1, 1, 2], 12), ([2], 2), ([3, 3, 2, 2], 40), ([1] * 8 + [2] * 5 + [3] * 3, 432), ([], 0)],
)
def test_tv06_people(values: list[int], points: int) -> None:
    assert people_points(values) == points


def test_animal_table_anchors() -> None:
    assert len(ANIMAL_POINTS) == 13
    assert ANIMAL_POINTS[0] == 3 and ANIMAL_POINTS[1] == 6 and ANIMAL_POINTS[4] == 14
    assert all(a <= b for a, b in itertools.pairwise(ANIMAL_POINTS))
    assert list(ANIMAL_POINTS) == [3 * n if n <= 4 else 2 * n + 4 for n in range(1, 14)]


@pytest.mark.parametrize(
    ("counts", "wilds", "points"),
    [
        ((4, 2, 2, 2), 1, 65),
        ((1, 1, 1, 1), 0, 30),
        ((1, 1, 1, 0), 0, 15),
        ((1, 1, 0, 0), 0, 5),
        ((2, 0, 0, 0), 0, 0),
        ((2, 2, 0, 0), 0, 10),
        ((0, 0, 0, 0), 1, 0),
        ((0, 0, 0, 0), 4, 30),
        ((1, 0, 0, 0), 2, 15),
        ((3, 3, 3, 0), 2, 75),
        ((5, 0, 0, 0), 3, 30),
        ((5, 5, 5, 5), 4, 180),
    ],
)
def test_tv10_buildings(counts: tuple[int, int, int, int], wilds: int, points: int) -> None:
    assert building_points(counts, wilds) == points


@cache
def _brute(cards: tuple[int, ...]) -> int:
    """Best grouping by exhaustive search: cards are kinds 0..3 or 4 (wild), sets of different kinds."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = 0
    for size in range(0, min(3, len(rest)) + 1):
        for others in set(itertools.combinations(rest, size)):
            group = (first, *others)
            kinds = [c for c in group if c < 4]
            if len(set(kinds)) != len(kinds):
                continue
            left = list(rest)
            for c in others:
                left.remove(c)
            best = max(best, SET_POINTS[len(group)] + _brute(tuple(left)))
    return best


@settings(max_examples=examples(60), deadline=None)
@given(counts=st.tuples(*[st.integers(0, 3)] * 4), wilds=st.integers(0, 3))
def test_building_formula_equals_exhaustive_grouping(counts: tuple[int, int, int, int], wilds: int) -> None:
    cards = tuple(sorted([k for k in range(4) for _ in range(counts[k])] + [4] * wilds))
    assert building_points(counts, wilds) == _brute(cards)


def test_tv13_tie_break_on_building_cards() -> None:
    assert winners([130, 130], [4, 2]) == [0]
    assert winners([130, 130], [4, 4]) == [0, 1]
    assert winners([10, 130, 129], [9, 0, 9]) == [1]


def test_tv13_final_scoring_in_a_game() -> None:
    state = position(2, {}, chests={0: ["YH", "RH", "GH", "BH"], 1: ["YH", "RH"]}, scores={0: 100, 1: 125})
    state.set_undealt(())  # an empty deck: the game ends after this resolution
    resolve(state)
    assert state.is_terminal and state.scores() == [130, 130] and state.winners() == [0]
    assert state.chest_points == [30, 5]


@pytest.mark.parametrize(
    ("score", "space", "tile"), [(100, 100, None), (101, 1, 100), (200, 100, 100), (201, 1, 200), (1, 1, None)]
)
def test_tv14_score_track(score: int, space: int, tile: int | None) -> None:
    assert track(score) == {"space": space, "tile": tile}
