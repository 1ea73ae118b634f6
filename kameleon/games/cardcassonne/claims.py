"""What a follower secures (rules §6) and one claim of round-end resolution (§7.3).

`secured` splits a row into the cards each of its followers secures and the
open end a follower put there now would secure: the rules, the view, the
observation and the bots read rows through it. `ROLE` says what each secured
card does in its claim. A claim is classified when it is opened; misplaced
animals and buildings then wait for `keep` / `ten`, and wild animals for their
herd, before the claim is settled (points added, cards moved). Claims only
exist during resolution, so `Claim` is not on the hot path of a turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from kameleon.games.cardcassonne.cards import (
    ANIMAL,
    BUILDING,
    COLOUR,
    NUM_CARDS,
    NUM_ROWS,
    PEOPLE,
    TYPE,
    VALUE,
    WILD_ANIMAL,
    WILD_BUILDING,
)
from kameleon.games.cardcassonne.scoring import TEN

OPEN = -1
"""The seat of the last span of `secured`: the row's open end, which no follower secures yet."""


def secured(row: Sequence[int]) -> list[tuple[int, int, int]]:
    """How a row's entries (the state's encoding) split into what followers secure (§6).

    One `(seat, start, stop)` per follower, left to right: the follower of `seat`
    stands at index `stop` and secures `row[start:stop]`, every card since the
    previous follower or the row's start. Last comes `(OPEN, start, len(row))`:
    the open end, the cards a follower put into the row now would secure.

    >>> secured([5, -2, 7, 8, -1, 9])
    [(1, 0, 1), (0, 2, 4), (-1, 5, 6)]
    """
    spans = []
    start = 0
    for i, e in enumerate(row):
        if e < 0:
            spans.append((-1 - e, start, i))
            start = i + 1
    spans.append((OPEN, start, len(row)))
    return spans


def misplaced(card: int, row: int) -> bool:
    """Whether `card` lies misplaced in `row` (§8.5): a coloured card in a row of another colour, face up or
    down; jokers never are.

    >>> misplaced(0, 0), misplaced(0, 1), misplaced(120, 1)
    (False, True, False)
    """
    colour = COLOUR[card]
    return colour >= 0 and colour != row


PEOPLE_IN_ROW, FOR_TEN, MISPLACED, HERD, CHEST, WILD_CHEST, WILD = range(7)
"""What a secured card does in its claim (§7.3 step 1): people of the row's colour score as a batch (§8.1);
the dragon, the fairy and people of another colour give 10 points and leave the game (§8.4, §8.5); an animal
or building of another colour waits for keep / ten; an animal of the row's colour joins its herd (§8.2); a
building of the row's colour or a wild building goes under the chest (§8.3); a wild animal joins a herd or
stays loose (§8.2)."""


def _role(card: int, row: int) -> int:
    t, colour = TYPE[card], COLOUR[card]
    if t == PEOPLE:
        return PEOPLE_IN_ROW if colour == row else FOR_TEN
    if t == ANIMAL:
        return HERD if colour == row else MISPLACED
    if t == BUILDING:
        return CHEST if colour == row else MISPLACED
    if t == WILD_ANIMAL:
        return WILD
    if t == WILD_BUILDING:
        return WILD_CHEST
    return FOR_TEN  # dragon, fairy


ROLE: tuple[tuple[int, ...], ...] = tuple(tuple(_role(c, r) for c in range(NUM_CARDS)) for r in range(NUM_ROWS))
"""`ROLE[row][card]`: what `card` does in a claim of `row`."""


class Claim:
    """Claimant `seat` secured `cards` (ids, left to right) in `row`."""

    __slots__ = (
        "animal_ids",
        "assign",
        "cards",
        "chest",
        "choices",
        "kinds",
        "out",
        "pending",
        "people",
        "people_sum",
        "points",
        "real",
        "row",
        "seat",
        "to_assign",
        "wilds",
    )

    def __init__(self, seat: int, row: int, cards: list[int]) -> None:
        self.seat = seat
        self.row = row
        self.cards = cards
        self.points = 0
        """Flat points so far: dragon, fairy, misplaced people, tens."""
        self.people: list[int] = []
        self.real = [0, 0, 0, 0]
        """New real animals per kind (matched and kept misplaced)."""
        self.animal_ids: list[int] = []
        self.chest: list[int] = []
        self.wilds: list[int] = []
        self.out: list[int] = []
        """Cards that leave the game."""
        self.pending: list[int] = []
        """Misplaced animals and buildings still waiting for keep / ten, left to right."""
        self.kinds: list[int] | None = None
        """Herds a wild may join; None until every misplaced card is decided."""
        self.assign = False
        """True when the claimant will own a real animal: wilds must be assigned."""
        self.to_assign = 0
        self.choices: list[int] = []
        people, real, chest, out, pending = self.people, self.real, self.chest, self.out, self.pending
        role = ROLE[row]
        points = psum = 0
        for card in cards:
            r = role[card]
            if r == PEOPLE_IN_ROW:
                people.append(card)
                psum += VALUE[card]
            elif r == FOR_TEN:
                points += TEN
                out.append(card)
            elif r == MISPLACED:
                pending.append(card)
            elif r == HERD:
                real[row] += 1
                self.animal_ids.append(card)
            elif r == WILD:
                self.wilds.append(card)
            else:  # CHEST, WILD_CHEST
                chest.append(card)
        self.points = points
        self.people_sum = psum

    def decide(self, keep: bool) -> None:
        """`keep` or `ten` for the leftmost pending misplaced card."""
        card = self.pending.pop(0)
        if not keep:
            self.points += TEN
            self.out.append(card)
        elif TYPE[card] == ANIMAL:
            self.real[COLOUR[card]] += 1
            self.animal_ids.append(card)
        else:
            self.chest.append(card)

    def plan_wilds(self, owned_real: list[int], loose: int) -> None:
        """Once the misplaced cards are decided: which herds the claimant's wilds may join (§8.2)."""
        if not self.wilds and not loose:  # no wild animal to place: the claim settles as it stands
            self.kinds = []
            return
        kinds = [k for k in range(4) if owned_real[k] + self.real[k]]
        self.kinds = kinds
        self.assign = bool(kinds)
        if kinds:
            self.to_assign = loose + len(self.wilds)
            if len(kinds) == 1:  # a single legal option is applied automatically (§7.3)
                self.choices = kinds * self.to_assign

    @property
    def waiting(self) -> bool:
        """True while a decision of the claimant is pending."""
        return bool(self.pending) or self.kinds is None or len(self.choices) < self.to_assign

    def copy(self) -> Claim:
        other = object.__new__(Claim)
        other.seat, other.row, other.cards = self.seat, self.row, self.cards
        other.points = self.points
        other.people = self.people[:]
        other.people_sum = self.people_sum
        other.real = self.real[:]
        other.animal_ids = self.animal_ids[:]
        other.chest = self.chest[:]
        other.wilds = self.wilds[:]
        other.out = self.out[:]
        other.pending = self.pending[:]
        other.kinds = None if self.kinds is None else self.kinds[:]
        other.assign = self.assign
        other.to_assign = self.to_assign
        other.choices = self.choices[:]
        return other

    def key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in Claim.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Claim) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]
