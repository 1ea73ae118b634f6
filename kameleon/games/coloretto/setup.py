"""The reproducible setup of rules section 2.3: same seed, same game, in any implementation."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from kameleon.games.coloretto.cards import (
    COPIES,
    GOLDEN,
    JOKER,
    LAST_ROUND,
    NUM_COLOURS,
    PLUS_TWO,
    removed_colour_count,
)


@dataclass(frozen=True)
class Setup:
    removed: tuple[int, ...]
    in_play: tuple[int, ...]
    start_player: int
    starting: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    """Top card first; the last-round card is in it."""


def deal(options: dict[str, Any], seed: int) -> Setup:
    rng = random.Random(seed)
    players = options["players"]
    # (a) removed colours; an override still consumes the same rng call.
    removed = sorted(rng.sample(range(NUM_COLOURS), removed_colour_count(players)))
    if options["removed_colours"] is not None:
        removed = list(options["removed_colours"])
    in_play = [c for c in range(NUM_COLOURS) if c not in removed]
    # (b) start player
    start = rng.randrange(players)
    if options["start_player"] is not None:
        start = options["start_player"]
    # (c) starting colours
    starting = _starting_colours(rng, players, in_play, options["two_player_start"])
    if options["starting_colours"] is not None:
        starting = [list(colours) for colours in options["starting_colours"]]
    # (d) drawable cards in canonical order, starting cards being the lowest copies
    given = [0] * NUM_COLOURS
    for colours in starting:
        for colour in colours:
            given[colour] += 1
    deck = [c for c in in_play for _ in range(given[c], COPIES)]
    deck += [PLUS_TWO] * 10
    deck += [JOKER, JOKER, GOLDEN] if options["jokers"] == "golden" else [JOKER] * 3
    rng.shuffle(deck)
    # (e) the last-round card, exactly D cards from the bottom
    deck.insert(len(deck) - options["last_round_depth"], LAST_ROUND)
    return Setup(
        removed=tuple(removed),
        in_play=tuple(in_play),
        start_player=start,
        starting=tuple(tuple(colours) for colours in starting),
        deck=tuple(deck),
    )


def _starting_colours(rng: random.Random, players: int, in_play: list[int], two_player_start: str) -> list[list[int]]:
    if players == 2 and two_player_start == "per_player":
        return [rng.sample(in_play, 2), rng.sample(in_play, 2)]
    order = list(in_play)
    rng.shuffle(order)
    if players == 2:
        return [[order[0], order[1]], [order[2], order[3]]]
    return [[order[i]] for i in range(players)]
