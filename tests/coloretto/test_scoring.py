"""Scoring: every vector of rules 5.8, the worked examples of 5.7 and the tie-break of 5.6."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kameleon.games.coloretto import best_score
from kameleon.games.coloretto.scoring import best_breakdown, declared_breakdown, winners

# (id, side, piles, J, P, best) from the table of section 5.8
VECTORS = [
    ("T1", "brown", [6, 4, 3, 2], 1, 1, 41),
    ("T2", "brown", [6, 4, 3, 2], 0, 0, 34),
    ("T3", "brown", [6, 5, 4, 3], 0, 0, 40),
    ("T4", "purple", [6, 5, 4, 3], 0, 0, 16),
    ("T5", "purple", [8, 4, 3, 3], 0, 0, 18),
    ("T6", "purple", [3, 3], 1, 0, 17),
    ("T7", "purple", [3, 3, 3, 4], 1, 0, 18),
    ("T8", "purple", [3, 3, 3, 5], 1, 0, 19),
    ("T9", "purple", [6, 6, 3, 1], 1, 0, 17),
    ("T10", "purple", [3, 3, 3], 1, 0, 23),
    ("T11", "purple", [2, 2, 2], 2, 0, 20),
    ("T12", "purple", [1, 1, 1, 1, 1], 3, 0, 11),
    ("T13", "purple", [4, 4, 1], 1, 0, 18),
    ("T14", "purple", [2, 1], 1, 0, 9),
    ("T15", "purple", [5, 5, 5, 2], 0, 0, 14),
    ("T16", "brown", [5, 4, 3, 3, 2, 1], 0, 2, 25),
    ("T17", "brown", [4, 2, 1], 3, 0, 28),
    ("T18", "brown", [5, 5], 2, 0, 42),
    ("T19", "brown", [6, 6, 6, 6], 1, 1, 44),
    ("T20", "brown", [2, 2, 2, 2, 2, 2, 2], 0, 0, -3),
    ("T21", "brown", [9], 0, 0, 21),
    ("T22", "purple", [9], 0, 0, 5),
    ("T23", "brown", [], 0, 1, 2),
    ("T24", "brown", [], 3, 0, 6),
    ("T25", "purple", [], 3, 0, 8),
]


def padded(piles: list[int], colours: int = 7) -> list[int]:
    return [*piles, *[0] * (colours - len(piles))]


@pytest.mark.parametrize(("vid", "side", "piles", "jokers", "plus_two", "best"), VECTORS, ids=[v[0] for v in VECTORS])
def test_vector(vid: str, side: str, piles: list[int], jokers: int, plus_two: int, best: int) -> None:
    assert best_score(padded(piles), jokers, plus_two, side) == best
    breakdown = best_breakdown(padded(piles), range(7), jokers, plus_two, side)
    assert breakdown.total == best
    assert len(breakdown.joker_colours) == jokers


def test_rulebook_example_puts_the_joker_on_yellow() -> None:
    # Barbara: green 6, yellow 4, red 3, blue 2, one joker, one "+2" (5.7); colour indices from section 1.
    blue, green, red, yellow = 0, 2, 5, 6
    counts = [0] * 7
    counts[green], counts[yellow], counts[red], counts[blue] = 6, 4, 3, 2
    b = best_breakdown(counts, range(7), 1, 1, "brown")
    assert b.total == 41
    assert b.joker_colours == (yellow,)
    assert b.positive == (green, yellow, red)
    assert b.negative == (blue,)
    # The alternatives the rulebook lists.
    assert declared_breakdown(counts, [red], None, 1, "brown").total == 40
    assert declared_breakdown(counts, [green], None, 1, "brown").total == 36


def test_purple_positives_are_not_the_largest_piles() -> None:
    b = best_breakdown(padded([8, 4, 3, 3]), range(7), 0, 0, "purple")
    assert b.negative == (0,)  # the 8-pile
    assert declared_breakdown(padded([8, 4, 3, 3]), [], [0, 1, 2], 0, "purple").total == 12


def test_tie_break_prefers_the_largest_colour() -> None:
    a = best_breakdown(padded([6, 4, 3, 2]), range(7), 1, 1, "brown")
    b = best_breakdown(padded([5, 5, 3, 1]), range(7), 0, 3, "brown")
    assert a.total == b.total == 41
    assert winners([a, b], "largest_colour") == [0]
    assert winners([a, b], "none") == [0, 1]
    c = best_breakdown(padded([6, 4, 3, 2]), range(7), 1, 1, "brown")
    assert winners([a, c], "largest_colour") == [0, 1]


def test_canonical_breakdown_prefers_the_larger_pile_then_the_smallest_colours() -> None:
    # T19: the joker goes on a full pile; all placements on a 6-pile tie, the canonical one is colour 0.
    b = best_breakdown(padded([6, 6, 6, 6]), range(7), 1, 1, "brown")
    assert b.total == 44 and b.largest == 7 and b.joker_colours == (0,)
    # T10: every placement gives 23; the largest pile is preferred (a 3-pile becomes 4).
    b = best_breakdown(padded([3, 3, 3]), range(7), 1, 0, "purple")
    assert b.total == 23 and b.joker_colours == (0,) and b.largest == 4


def test_wild_cards_only_go_to_colours_in_play() -> None:
    counts = [0, 3, 0, 3, 0, 0, 0]
    b = best_breakdown(counts, [1, 3, 5, 6], 1, 0, "purple")
    assert b.joker_colours == (5,) and b.total == 17


def test_bad_inputs_are_named() -> None:
    with pytest.raises(ValueError, match="scoring"):
        best_score([1, 2], scoring="pink")
    with pytest.raises(ValueError, match="jokers"):
        best_score([1, 2], jokers=-1)
    with pytest.raises(ValueError, match="counts"):
        best_score([1, "2"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="colour"):
        best_score([], jokers=1)
    assert best_score([1, 2], scoring="violet") == best_score([1, 2], scoring="purple")


def brute_force(counts: list[int], jokers: int, plus_two: int, side: str) -> int:
    """Every assignment of every wild card and every positive set of size <= 3 (the definition)."""
    from itertools import combinations, product

    table = {"brown": [0, 1, 3, 6, 10, 15, 21], "purple": [0, 1, 4, 8, 7, 6, 5]}[side]
    best = None
    for assignment in product(range(len(counts)), repeat=jokers):
        final = list(counts)
        for colour in assignment:
            final[colour] += 1
        held = [c for c, m in enumerate(final) if m]
        for size in range(min(3, len(held)) + 1):
            for positive in combinations(held, size):
                total = sum(table[min(final[c], 6)] * (1 if c in positive else -1) for c in held) + 2 * plus_two
                best = total if best is None else max(best, total)
    assert best is not None
    return best


@given(
    counts=st.lists(st.integers(0, 8), min_size=5, max_size=7),
    jokers=st.integers(0, 3),
    plus_two=st.integers(0, 4),
    side=st.sampled_from(["brown", "purple"]),
)
def test_best_score_matches_exhaustive_search(counts: list[int], jokers: int, plus_two: int, side: str) -> None:
    assert best_score(counts, jokers, plus_two, side) == brute_force(counts, jokers, plus_two, side)
