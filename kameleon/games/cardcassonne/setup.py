"""The reproducible shuffle of rules §3 step 4: same seed, same game, in any implementation."""

from __future__ import annotations

import random

from kameleon.games.cardcassonne.cards import NUM_CARDS


def shuffled_deck(seed: int) -> tuple[int, ...]:
    """`deck = list(range(130)); random.Random(seed).shuffle(deck)`; deck[0] is the top card.

    This shuffle is the only random event of a game: the ten display cards and all
    the deals are taken from the top of this order.
    """
    deck = list(range(NUM_CARDS))
    random.Random(seed).shuffle(deck)
    return tuple(deck)
