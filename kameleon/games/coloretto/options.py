"""Coloretto's options (rules section 6), validated when a game is created."""

from __future__ import annotations

from typing import Any

from kameleon.engine.errors import InvalidOption
from kameleon.engine.messages import msg
from kameleon.engine.options import REQUIRED, Option, int_in_range, optional
from kameleon.games.coloretto.cards import NUM_COLOURS, pile_size, removed_colour_count
from kameleon.games.coloretto.scoring import ALIASES, TABLES

BGA_PRESET = {"jokers": "plain", "last_round_depth": 15, "scoring_choices": "auto"}


def _colour_list(value: Any) -> list[int]:
    if not isinstance(value, list | tuple):
        raise ValueError(f"{value!r} is not a list of colour indices")
    for colour in value:
        if isinstance(colour, bool) or not isinstance(colour, int) or not 0 <= colour < NUM_COLOURS:
            raise ValueError(f"{colour!r} is not a colour index 0..{NUM_COLOURS - 1}")
    if len(set(value)) != len(value):
        raise ValueError(f"colours {list(value)} repeat")
    return sorted(value)


def _seat_lists(value: Any) -> list[list[int]]:
    if not isinstance(value, list | tuple):
        raise ValueError(f"{value!r} is not a list with one list of colours per seat")
    return [_colour_list(seat) for seat in value]


OPTIONS = (
    Option("players", REQUIRED, msg("opt_players_2_5", "number of seats, 2 to 5"), check=int_in_range(2, 5)),
    Option("scoring", "brown", "scoring table", tuple(TABLES), ALIASES),
    Option("last_round_depth", 16, "cards beneath the last-round card", check=int_in_range(1)),
    Option("jokers", "golden", "2 jokers + golden joker, or 3 plain jokers", ("golden", "plain")),
    Option("scoring_choices", "auto", "who picks joker and positive colours", ("auto", "manual")),
    Option("tie_break", "largest_colour", "tie-break on equal totals", ("largest_colour", "none")),
    Option("two_player_start", "distinct", "2 players: starting colours", ("distinct", "per_player")),
    Option("two_player_rows", "green", "2 players: rows 1/2/3 or three rows of 3", ("green", "three_of_three")),
    Option("removed_colours", None, "colours removed with 2/3 players", check=optional(_colour_list)),
    Option("starting_colours", None, "starting colours per seat", check=optional(_seat_lists)),
    Option("start_player", None, "first seat to play", check=optional(int_in_range(0))),
    Option("preset", "rulebook", "rulebook defaults or Board Game Arena's", ("rulebook", "bga")),
)


def expand_presets(options: dict[str, Any]) -> dict[str, Any]:
    if options.get("preset") == "bga":
        for name, value in BGA_PRESET.items():
            options.setdefault(name, value)
    return options


def check_options(options: dict[str, Any]) -> None:
    """Cross-option rules of section 6 and 4.3 rule 4."""
    players = options["players"]
    limit = pile_size(players)
    if options["last_round_depth"] > limit:
        raise InvalidOption(
            f"bad value for option 'last_round_depth': {options['last_round_depth']} is more than "
            f"the {limit} cards of the {players}-player draw pile"
        )
    start = options["start_player"]
    if start is not None and start >= players:
        raise InvalidOption(f"bad value for option 'start_player': seat {start} does not exist with {players} players")
    removed = options["removed_colours"]
    wanted = removed_colour_count(players)
    if removed is not None and len(removed) != wanted:
        raise InvalidOption(
            f"bad value for option 'removed_colours': {players} players remove exactly {wanted} colours, "
            f"not {len(removed)}"
        )
    starting = options["starting_colours"]
    if starting is not None:
        _check_starting(options, starting)


def _check_starting(options: dict[str, Any], starting: list[list[int]]) -> None:
    players = options["players"]
    per_seat = 2 if players == 2 else 1
    prefix = "bad value for option 'starting_colours'"
    if len(starting) != players:
        raise InvalidOption(f"{prefix}: {len(starting)} seats given for {players} players")
    for seat, colours in enumerate(starting):
        if len(colours) != per_seat:
            raise InvalidOption(f"{prefix}: seat {seat} needs {per_seat} colours, not {len(colours)}")
    removed = options["removed_colours"]
    if removed_colour_count(players) and removed is None:
        raise InvalidOption(
            f"{prefix}: with {players} players give removed_colours too, so the colours in play are known"
        )
    clash = set(removed or ()) & {c for colours in starting for c in colours}
    if clash:
        raise InvalidOption(f"{prefix}: colour {min(clash)} is removed from the game")
    if not (players == 2 and options["two_player_start"] == "per_player"):
        flat = [c for colours in starting for c in colours]
        if len(set(flat)) != len(flat):
            raise InvalidOption(f"{prefix}: two seats start with the same colour")
