"""One claim of round-end resolution (rules §7.3): the cards a follower secured and the decisions they need.

A claim is classified when it is opened; misplaced animals and buildings then
wait for `keep` / `ten`, and wild animals for their herd, before the claim is
settled (points added, cards moved). Claims only exist during resolution, so
this is not on the hot path of a turn.
"""

from __future__ import annotations

from kameleon.games.cardcassonne.cards import (
    ANIMAL,
    BUILDING,
    COLOUR,
    PEOPLE,
    TYPE,
    VALUE,
    WILD_ANIMAL,
    WILD_BUILDING,
)
from kameleon.games.cardcassonne.scoring import TEN


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
        people, real, chest, out = self.people, self.real, self.chest, self.out
        points = psum = 0
        for card in cards:
            t = TYPE[card]
            if t == PEOPLE:
                if COLOUR[card] == row:
                    people.append(card)
                    psum += VALUE[card]
                else:
                    points += TEN
                    out.append(card)
            elif t == ANIMAL:
                if COLOUR[card] == row:
                    real[row] += 1
                    self.animal_ids.append(card)
                else:
                    self.pending.append(card)
            elif t == BUILDING:
                if COLOUR[card] == row:
                    chest.append(card)
                else:
                    self.pending.append(card)
            elif t == WILD_ANIMAL:
                self.wilds.append(card)
            elif t == WILD_BUILDING:
                chest.append(card)
            else:  # dragon, fairy
                points += TEN
                out.append(card)
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
