"""Seeds: every random choice of a game comes from `random.Random(seed)`."""

from __future__ import annotations

import operator
import random
import secrets
from typing import Any

from kameleon.engine.messages import msg
from kameleon.engine.options import BadValue

MAX_SEED = 2**53 - 1
"""Seeds stay below 2**53 so that JSON clients in JavaScript read them exactly."""


def bot_seed(deal: int, seat: int) -> int:
    """The seed of the bot at `seat` in the game dealt from `deal`, from a stream of its own. The deal is
    `random.Random(deal)`: a bot seeded with `deal` would draw its samples from the very numbers that shuffled the
    real cards (the first determinization of a Chromino hand then shares a third more tiles with the real one than
    chance gives), and one seeded with `deal + 1` would repeat the next game's deal."""
    # The stream's name is the one the oracle measured its ceilings with: its figures replay as published.
    return random.Random(f"kameleon-oracle:{deal}:{seat}").getrandbits(53)


def fresh_seed() -> int:
    return secrets.randbelow(MAX_SEED + 1)


def whole_number(value: Any) -> int | None:
    """`value` as an int when it is a Python or NumPy integer (or a 0-d integer array), else None.

    `operator.index` refuses floats, strings, lists and larger arrays, which `int()` would round, parse or
    unpack; a bool is an integer to Python but a mistake wherever a count, an index or a seed is asked for.
    """
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def check_seed(seed: Any) -> int:
    if seed is None:
        return fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadValue(msg("seed_not_integer", "seed must be an integer, not {seed!r}", seed=seed))
    if not 0 <= seed <= MAX_SEED:
        raise BadValue(
            msg("seed_out_of_range", "seed must be between 0 and {most}, not {seed}", most=MAX_SEED, seed=seed)
        )
    return seed
