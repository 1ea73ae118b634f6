"""Cardcassonne's options (rules §11.3), validated when a game is created."""

from __future__ import annotations

import itertools
from typing import Any

from kameleon.engine.errors import InvalidOption
from kameleon.engine.messages import msg
from kameleon.engine.options import MAX_OPTION_INT, REQUIRED, Option, int_in_range, optional
from kameleon.games.cardcassonne.scoring import ANIMAL_POINTS


def _animal_table(value: Any) -> list[int]:
    if not isinstance(value, list | tuple):
        raise ValueError(f"{value!r} is not a list of 13 integers")
    if len(value) != len(ANIMAL_POINTS):
        raise ValueError(f"{len(value)} values given; the table needs {len(ANIMAL_POINTS)} (herds of 1 to 13 cards)")
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_OPTION_INT:
            raise ValueError(f"{v!r} is not an integer from 0 to {MAX_OPTION_INT}")
    if any(a > b for a, b in itertools.pairwise(value)):
        raise ValueError(f"{list(value)} is not non-decreasing")
    return list(value)


OPTIONS = (
    Option("players", REQUIRED, msg("opt_players_2_5", "number of seats, 2 to 5"), check=int_in_range(2, 5)),
    Option("first_dealer", None, "seat of the first dealer (default: the last seat)", check=optional(int_in_range(0))),
    Option("animal_points", list(ANIMAL_POINTS), "points of a herd of 1..13 animal cards", check=_animal_table),
    Option(
        "face_down_rule",
        "each_player",
        "which card goes face down: each player's first card of a round, or only the round's first card",
        ("each_player", "round_first"),
    ),
    Option("reveal_unclaimed_face_down", True, "turn unsecured face-down cards up at round end", (True, False)),
    Option("chest_visible_to_owner", False, "let a player see the contents of their own chest", (True, False)),
)


def check_options(options: dict[str, Any]) -> None:
    players, dealer = options["players"], options["first_dealer"]
    if dealer is not None and dealer >= players:
        raise InvalidOption(f"bad value for option 'first_dealer': seat {dealer} does not exist with {players} players")
