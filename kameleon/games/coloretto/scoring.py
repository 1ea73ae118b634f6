"""Coloretto scoring (rules section 5): tables, optimal joker and positive choices, breakdowns, tie-break.

Package-internal API (for this game's modules; not part of the public contract):

- `best_total(counts, jokers, plus_two, points)`: the memoised core of `best_score`, on a sorted
  tuple of counts and a points table, for callers that score many collections (heuristics);
- `best_total_with(held, cards, in_play, points)`: the same for a collection held as a count per
  card kind, with some cards added (what taking a row would give);
- `collection_breakdown(held, in_play, scoring)` / `declared_collection_breakdown(held, jokers,
  positive, scoring)`: a seat's breakdown from what it holds, the best one or the declared one;
- `wild_cards(held)`: how many cards of a collection still need a colour.

A collection `held` is a list with one count per card kind (`cards.NUM_KINDS`), as `State.held` keeps it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from kameleon.games.coloretto.cards import COLOURS, GOLDEN, JOKER, NUM_COLOURS, PLUS_TWO

BROWN = (0, 1, 3, 6, 10, 15, 21)
PURPLE = (0, 1, 4, 8, 7, 6, 5)
TABLES = {"brown": BROWN, "purple": PURPLE}
ALIASES = {"violet": "purple", "difficult": "purple"}
"""Other names of the scoring tables (the `scoring` option accepts them too)."""
POSITIVE_COLOURS = 3
MAX_COUNTED = 6
"""A colour pile of more cards scores as this many (5.2)."""
PLUS_TWO_POINTS = 2
"""What each "+2" card is worth."""


def table(scoring: str) -> tuple[int, ...]:
    """The points table named `scoring` (an alias is fine); raises ValueError."""
    try:
        return TABLES[ALIASES.get(scoring, scoring)]
    except KeyError:
        raise ValueError(f"unknown scoring {scoring!r}; expected 'brown' or 'purple'") from None


def value(cards: int, points: Sequence[int]) -> int:
    """Points of one colour pile: 6 or more cards count as 6."""
    return points[min(cards, MAX_COUNTED)]


@dataclass(frozen=True)
class Breakdown:
    """One player's score, with the choices that produce it (colours as indices)."""

    total: int
    counts: tuple[int, ...]
    """Final count per colour index (chameleons plus jokers given to it)."""
    joker_colours: tuple[int, ...]
    """The colour each wild card counts as."""
    positive: tuple[int, ...]
    """The colours that score positively (at most three)."""
    negative: tuple[int, ...]
    """The other colours held: they score negatively."""
    plus_two: int
    largest: int
    """Most cards of one colour after jokers, uncapped: the tie-break of 5.6."""

    def named(self) -> dict[str, Any]:
        """These parts as JSON-safe data with colour names, as views carry them.

        >>> best_breakdown([3, 0, 0, 0, 0, 1, 0], range(7), 1, 1, "brown").named()["joker_colours"]
        ['blue']
        """
        return {
            "total": self.total,
            "counts": {COLOURS[c]: m for c, m in enumerate(self.counts) if m},
            "joker_colours": [COLOURS[c] for c in self.joker_colours],
            "positive": [COLOURS[c] for c in self.positive],
            "negative": [COLOURS[c] for c in self.negative],
            "plus_two": self.plus_two,
            "largest": self.largest,
        }

    def parts(self, points: Sequence[int]) -> dict[str, Any]:
        """The named parts of the total for results tables (rules 5.4): the points of the positive colours, of
        the negative ones (below zero) and of the +2 cards, then each colour pile that counted (`cards` after
        the wild cards, `jokers` of them wild, its signed `points`) and the colour each wild card went to.

        >>> best_breakdown([3, 0, 0, 0, 0, 1, 0], range(7), 1, 1, "brown").parts(BROWN)["piles"][0]
        {'colour': 'blue', 'cards': 4, 'jokers': 1, 'points': 10}
        """
        wild = [self.joker_colours.count(c) for c in range(NUM_COLOURS)]
        signed = [value(self.counts[c], points) for c in self.positive] + [
            -value(self.counts[c], points) for c in self.negative
        ]
        piles: list[dict[str, Any]] = [
            {"colour": COLOURS[c], "cards": m, "jokers": wild[c], "points": sign * value(m, points)}
            for group, sign in ((self.positive, 1), (self.negative, -1))
            for c in group
            for m in (self.counts[c],)
        ]
        return {
            "positive": sum(v for v in signed if v > 0),
            "negative": sum(v for v in signed if v < 0),
            "plus_two": 2 * self.plus_two,
            "total": self.total,
            "piles": piles,
            "jokers": [COLOURS[c] for c in self.joker_colours],
        }


def _total(final: Sequence[int], plus_two: int, points: Sequence[int]) -> int:
    values = sorted((points[min(m, MAX_COUNTED)] for m in final if m), reverse=True)
    return 2 * sum(values[:POSITIVE_COLOURS]) - sum(values) + PLUS_TWO_POINTS * plus_two


def _check_inputs(counts: Sequence[int], jokers: int, plus_two: int) -> None:
    for name, amount in (("jokers", jokers), ("plus_two", plus_two), *(("counts", c) for c in counts)):
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise ValueError(f"{name} must hold non-negative integers, not {amount!r}")
    if jokers and not counts:
        raise ValueError("wild cards need at least one colour in play (counts is empty)")


def best_score(counts: Sequence[int], jokers: int = 0, plus_two: int = 0, scoring: str = "brown") -> int:
    """The best total a player can declare (rules 5.5).

    `counts` has one entry per colour in play (zero for colours not held); each
    wild card may go to any of them.

    >>> best_score([6, 4, 3, 2, 0], jokers=1, plus_two=1)
    41
    >>> best_score([8, 4, 3, 3, 0], scoring="purple")
    18
    """
    _check_inputs(counts, jokers, plus_two)
    return best_total(tuple(sorted(counts)), jokers, plus_two, table(scoring))


@lru_cache(maxsize=65536)
def best_total(counts: tuple[int, ...], jokers: int, plus_two: int, points: tuple[int, ...]) -> int:
    """`best_score` without the checks, memoised: `counts` sorted (the order of colours does not
    change the best total, so sorting makes more calls share an answer), `points` a table."""
    if not jokers:
        return _total(counts, plus_two, points)
    best = None
    for choice in combinations_with_replacement(range(len(counts)), jokers):
        final = list(counts)
        for colour in choice:
            final[colour] += 1
        total = _total(final, plus_two, points)
        if best is None or total > best:
            best = total
    assert best is not None
    return best


def wild_cards(held: Sequence[int]) -> int:
    """The cards of a collection that count as a colour of their owner's choice: jokers, golden ones too."""
    return held[JOKER] + held[GOLDEN]


def best_total_with(held: Sequence[int], cards: Iterable[int], in_play: Sequence[int], points: tuple[int, ...]) -> int:
    """The best total of the collection `held` once it also has `cards` (card kinds, as in a row)."""
    counts = list(held[:NUM_COLOURS])
    jokers, plus_two = wild_cards(held), held[PLUS_TWO]
    for card in cards:
        if card < NUM_COLOURS:
            counts[card] += 1
        elif card == PLUS_TWO:
            plus_two += 1
        else:
            jokers += 1
    return best_total(tuple(sorted(counts[c] for c in in_play)), jokers, plus_two, points)


def best_breakdown(
    counts: Sequence[int], in_play: Sequence[int], jokers: int, plus_two: int, scoring: str
) -> Breakdown:
    """The canonical optimal declaration of 5.5 for `counts` indexed by colour (length 7).

    A collection changes only when its owner takes a row, yet views and bots ask for its score
    after every move: the answer is remembered per collection (a Breakdown is immutable).
    """
    return _best_breakdown(tuple(counts), tuple(in_play), jokers, plus_two, scoring)


@lru_cache(maxsize=65536)
def _best_breakdown(
    counts: tuple[int, ...], in_play: tuple[int, ...], jokers: int, plus_two: int, scoring: str
) -> Breakdown:
    points = table(scoring)
    best: tuple[int, int] | None = None
    chosen: tuple[int, ...] = ()
    for choice in combinations_with_replacement(in_play, jokers):
        final = list(counts)
        for colour in choice:
            final[colour] += 1
        key = (_total(final, plus_two, points), max(final))
        if best is None or key > best:  # strict: the first (lexicographically smallest) choice wins ties
            best, chosen = key, choice
    return declared_breakdown(counts, chosen, None, plus_two, scoring)


def declared_breakdown(
    counts: Sequence[int],
    joker_colours: Sequence[int],
    positive: Sequence[int] | None,
    plus_two: int,
    scoring: str,
) -> Breakdown:
    """Score a declaration (5.4); `positive=None` takes the best three (5.5)."""
    points = table(scoring)
    final = list(counts)
    for colour in joker_colours:
        final[colour] += 1
    held = [c for c, m in enumerate(final) if m]
    if positive is None:
        positive = sorted(held, key=lambda c: (-value(final[c], points), c))[:POSITIVE_COLOURS]
    positive_set = set(positive)
    negative = tuple(c for c in held if c not in positive_set)
    total = sum(value(final[c], points) for c in positive_set) - sum(value(final[c], points) for c in negative)
    return Breakdown(
        total=total + PLUS_TWO_POINTS * plus_two,
        counts=tuple(final),
        joker_colours=tuple(joker_colours),
        positive=tuple(positive),
        negative=negative,
        plus_two=plus_two,
        largest=max(final, default=0),
    )


def collection_breakdown(held: Sequence[int], in_play: Sequence[int], scoring: str) -> Breakdown:
    """The best breakdown (5.5) of a collection: what automatic scoring gives, and the live preview."""
    return best_breakdown(held[:NUM_COLOURS], in_play, wild_cards(held), held[PLUS_TWO], scoring)


def declared_collection_breakdown(
    held: Sequence[int], joker_colours: Sequence[int], positive: Sequence[int], scoring: str
) -> Breakdown:
    """The breakdown of a collection whose owner declared its joker and positive colours (manual scoring)."""
    return declared_breakdown(held[:NUM_COLOURS], joker_colours, positive, held[PLUS_TWO], scoring)


def rank_key(breakdown: Breakdown, tie_break: str) -> tuple[int, int]:
    """Higher is better: total, then (unless `tie_break="none"`) the largest colour count."""
    return (breakdown.total, breakdown.largest if tie_break == "largest_colour" else 0)


def winners(breakdowns: Sequence[Breakdown], tie_break: str) -> list[int]:
    """The seats whose breakdowns rank highest (5.6; several on a tie)."""
    keys = [rank_key(b, tie_break) for b in breakdowns]
    top = max(keys)
    return [seat for seat, key in enumerate(keys) if key == top]
