"""Cardcassonne's scoring rules (rules §8): people, animals, buildings, a claim's points by part, each
seat's score breakdown, final totals and winners."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from kameleon.games.cardcassonne.cards import COLOUR, TYPE, WILD_BUILDING

ANIMAL_POINTS: tuple[int, ...] = (3, 6, 9, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30)
"""Default animal table f(n) = ANIMAL_POINTS[n - 1] for a herd of n cards (§8.2).

Provisional [P]: only f(2) = 6 and f(5) = 14 are printed in the rulebook, f(1) = 3 is
inferred from the lone-wild rule; the rest is the spec's completion (§14 Q1). Games
can replace it with the `animal_points` option."""

LONE_WILD_POINTS = 3
"""A wild animal gained while its owner has no real animal scores this flat value (§8.2)."""
TEN = 10
"""Points of the dragon, the fairy and a misplaced card taken as points (§8.4, §8.5)."""
SET_POINTS = (0, 0, 5, 15, 30)
"""Points of a building set of 0..4 different kinds (§8.3)."""

PARTS = ("people", "animals", "tens", "lone_wilds", "buildings")
"""The named parts of a score, in the order of `claim_parts` and `chest_parts`: people batches (§8.1),
herds scored anew (§8.2), tens for the dragon, the fairy and misplaced cards (§8.4, §8.5), wild animals
scored alone (§8.2), and the chest's building sets at the end of the game (§8.3, §9)."""


def people_points(values: Sequence[int]) -> int:
    """(v1 + ... + vn) x n for one claim's people batch (§8.1).

    >>> people_points([3, 1, 1]), people_points([])
    (15, 0)
    """
    return sum(values) * len(values)


def animal_points(table: Sequence[int], size: int) -> int:
    """f(size) for a herd of `size` cards (0 for an empty herd)."""
    return table[size - 1] if size > 0 else 0


def claim_parts(
    tens: int,
    people_sum: int,
    people_count: int,
    real: Sequence[int],
    wild: Sequence[int],
    touched: int,
    lone_wilds: int,
    table: Sequence[int],
) -> tuple[int, int, int, int, int]:
    """The points of one settled claim by part (`PARTS`; §7.3 steps 2-5).

    `tens` is the flat points of its dragon, fairy and misplaced cards; its people of the
    row's colour sum to `people_sum`; `real` and `wild` are the claimant's real and wild animals
    per kind once the claim's animals joined them, and every kind in the bit mask `touched`
    gained some, so that herd scores whole again (§8.2); `lone_wilds` wild animals came while
    their owner had no real animal.

    >>> claim_parts(10, 4, 2, [2, 0, 1, 0], [1, 0, 0, 0], 0b0001, 1, ANIMAL_POINTS)
    (8, 9, 10, 3, 0)
    """
    animals = 0
    if touched:
        for k in range(4):
            if touched >> k & 1:
                animals += table[real[k] + wild[k] - 1]
    return (people_sum * people_count, animals, tens, LONE_WILD_POINTS * lone_wilds, 0)


def chest_parts(points: int) -> tuple[int, int, int, int, int]:
    """A chest's `points` at the end of the game (§9) as parts (`PARTS`)."""
    return (0, 0, 0, 0, points)


def breakdowns(events: Iterable[tuple[Any, ...]], players: int) -> list[dict[str, int]]:
    """Each seat's score so far by part (`PARTS`), summed over the state's scoring events.

    Each event is `(round, seat, row, points, cards, chest, parts)` (`CardcassonneState.events`).

    >>> breakdowns([(1, 1, 0, 18, [], [], (8, 0, 10, 0, 0))], 2)[1]
    {'people': 8, 'animals': 0, 'tens': 10, 'lone_wilds': 0, 'buildings': 0}
    """
    totals = [[0, 0, 0, 0, 0] for _ in range(players)]
    for event in events:
        seat_totals = totals[event[1]]
        for i, points in enumerate(event[6]):
            seat_totals[i] += points
    return [dict(zip(PARTS, seat_totals, strict=True)) for seat_totals in totals]


@cache
def building_points(counts: tuple[int, int, int, int], wilds: int) -> int:
    """Best grouping of a chest into sets of different kinds (§8.3).

    `counts` are the buildings per colour Y, R, G, B; `wilds` the wild buildings.
    For fixed counts the layered grouping is optimal; every split of the wilds
    over the four kinds is tried.

    >>> building_points((4, 2, 2, 2), 1)
    65
    """
    best = 0
    for wy in range(wilds + 1):
        for wr in range(wilds - wy + 1):
            for wg in range(wilds - wy - wr + 1):
                wb = wilds - wy - wr - wg
                _, a1, a2, a3 = sorted((counts[0] + wy, counts[1] + wr, counts[2] + wg, counts[3] + wb), reverse=True)
                best = max(best, 30 * a3 + 15 * (a2 - a3) + 5 * (a1 - a2))
    return best


def chest_counts(cards: Iterable[int]) -> tuple[list[int], int]:
    """Buildings per colour Y, R, G, B and wild buildings among a chest's cards: what `building_points` groups."""
    counts = [0, 0, 0, 0]
    wilds = 0
    for card in cards:
        if TYPE[card] == WILD_BUILDING:
            wilds += 1
        else:
            counts[COLOUR[card]] += 1
    return counts, wilds


def chest_points(cards: Iterable[int]) -> int:
    """The points of a chest at the end of the game (§9)."""
    counts, wilds = chest_counts(cards)
    return building_points((counts[0], counts[1], counts[2], counts[3]), wilds)


def winners(totals: Sequence[int], building_cards: Sequence[int]) -> list[int]:
    """Highest total wins; among those tied, most building cards; still tied: all win (§9)."""
    top = max(totals)
    tied = [s for s, t in enumerate(totals) if t == top]
    most = max(building_cards[s] for s in tied)
    return [s for s in tied if building_cards[s] == most]
