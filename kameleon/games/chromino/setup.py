"""The reproducible setup of rules §4.1, call for call, so records replay across implementations."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from kameleon.games.chromino.tiles import CHAMELEONS, NUM_TILES


@dataclass(frozen=True)
class Setup:
    start: int
    hands: tuple[tuple[int, ...], ...]
    """Tile ids per seat in the order drawn."""
    bag: tuple[int, ...]
    """The end is the top of the bag."""
    first: int


def deal(options: dict[str, Any], seed: int) -> Setup:
    """§4.1: start tile, shuffled bag, hands seat by seat from the top, then the first player.

    >>> s = deal({"players": 4, "hand_size": 8, "first_player": None}, 7)
    >>> s.start, s.hands[0], s.first, len(s.bag), s.bag[-3:]
    (77, (19, 50, 6, 9, 68, 12, 46, 7), 0, 47, (61, 2, 66))
    """
    rng = random.Random(seed)
    start = rng.choice(list(CHAMELEONS))
    bag = [i for i in range(NUM_TILES) if i != start]
    rng.shuffle(bag)
    hands = []
    for _ in range(options["players"]):
        hands.append(tuple(bag.pop() for _ in range(options["hand_size"])))
    first = options["first_player"]
    if first is None:
        first = rng.randrange(options["players"])
    return Setup(start=start, hands=tuple(hands), bag=tuple(bag), first=first)
