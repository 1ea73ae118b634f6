"""Coloretto's cards and rows as small integers (rules section 1)."""

from __future__ import annotations

COLOURS = ("blue", "brown", "green", "orange", "purple", "red", "yellow")
"""Default display names, in colour-index order 0..6 (section 1)."""

NUM_COLOURS = 7
COPIES = 9

# Card codes. A colour card's code is its colour index; the others follow.
PLUS_TWO = 7
JOKER = 8
GOLDEN = 9
LAST_ROUND = 10
NUM_KINDS = 10
"""Number of card kinds a player can hold (codes 0..9); the last-round card is never held."""

CARD_NAMES = (*COLOURS, "+2", "joker", "golden joker", "last round")

BROWN_ROW_CAPACITY = 3
GREEN_ROW_CAPACITIES = (1, 2, 3)


def card_name(card: int) -> str:
    return CARD_NAMES[card]


def colour_index(name: str) -> int:
    """The colour index of a display name (raises ValueError)."""
    try:
        return COLOURS.index(name)
    except ValueError:
        raise ValueError(f"unknown colour {name!r}; colours are {', '.join(COLOURS)}") from None


def removed_colour_count(players: int) -> int:
    return {2: 2, 3: 1}.get(players, 0)


def row_capacities(players: int, two_player_rows: str) -> tuple[int, ...]:
    if players == 2:
        return GREEN_ROW_CAPACITIES if two_player_rows == "green" else (BROWN_ROW_CAPACITY,) * 3
    return (BROWN_ROW_CAPACITY,) * players


def starting_cards_per_player(players: int) -> int:
    return 2 if players == 2 else 1


def pile_size(players: int) -> int:
    """Drawable cards before the last-round card goes in (table of 2.1): 54 / 64 / 72 / 71."""
    colours = NUM_COLOURS - removed_colour_count(players)
    return colours * COPIES - players * starting_cards_per_player(players) + 13
