"""Chromino's options (rules §7.1), validated when a game is created."""

from __future__ import annotations

from typing import Any

from kameleon.engine.errors import InvalidOption
from kameleon.engine.messages import msg
from kameleon.engine.options import REQUIRED, Option, int_in_range, optional
from kameleon.games.chromino.tiles import COLOUR_CODES, DEFAULT_CHAMELEON_ENDS, normalise_ends

PRESETS: dict[str, dict[str, Any]] = {
    "rulebook": {},
    "bga": {"drawn_tile": "may", "scoring": "bga", "first_player": None},
    "bambino": {"placement": "bambino"},
    "expert": {"scoring": "expert"},
}


def _pair(value: Any) -> str:
    if isinstance(value, str):
        letters = value.upper().replace("*", "").replace("-", "")
    elif isinstance(value, list | tuple) and len(value) == 2:
        letters = ""
        for end in value:
            if isinstance(end, int) and not isinstance(end, bool) and 0 <= end < 5:
                letters += COLOUR_CODES[end]
            elif isinstance(end, str) and len(end) == 1:
                letters += end.upper()
            else:
                raise ValueError(f"{end!r} is not a colour (R, Y, G, B, P or 0..4)")
    else:
        raise ValueError(f"{value!r} is not a pair of colours such as 'RG'")
    if len(letters) != 2 or any(x not in COLOUR_CODES for x in letters):
        raise ValueError(f"{value!r} is not a pair of colours such as 'RG'")
    if letters[0] == letters[1]:
        raise ValueError(f"{value!r}: a chameleon's ends have two different colours")
    return letters


def _chameleon_ends(value: Any) -> list[str]:
    if not isinstance(value, list | tuple) or len(value) != 5:
        raise ValueError(f"{value!r} is not a list of 5 colour pairs")
    pairs = list(normalise_ends([_pair(v) for v in value]))
    if len(set(pairs)) != 5:
        raise ValueError(f"{value!r}: the 5 pairs must be different")
    return pairs


OPTIONS = (
    Option("players", REQUIRED, msg("opt_players_1_8", "number of seats, 1 to 8"), check=int_in_range(1, 8)),
    Option("first_player", None, "first seat to play (random when None)", check=optional(int_in_range(0))),
    Option("hand_size", 8, "tiles dealt to each seat (rulebook: 8)", check=int_in_range(1, 8)),
    Option("chameleon_ends", list(DEFAULT_CHAMELEON_ENDS), "end colours of the 5 chameleons", check=_chameleon_ends),
    Option("draw", "one", "how many tiles a blocked player draws", ("one", "until_playable", "up_to_n")),
    Option("draw_limit", 3, "most draws in a turn with draw='up_to_n'", check=int_in_range(1)),
    Option("drawn_tile", "must", "a drawn tile that fits must or may be placed", ("must", "may")),
    Option("open_hands", False, "every hand is face up", (False, True)),
    Option("placement", "standard", "two-contact rule or domino-style Bambino", ("standard", "bambino")),
    Option("scoring", "none", "results: tiles left, Expert points or BGA points", ("none", "expert", "bga")),
    Option("final_round", "complete_round", "after a player goes out", ("complete_round", "one_more_turn")),
    Option("chameleon_last_draw", "on_turn", "when a lone chameleon makes its owner draw", ("on_turn", "immediate")),
    Option("preset", "rulebook", "a named set of options", tuple(PRESETS)),
)


def expand_presets(options: dict[str, Any]) -> dict[str, Any]:
    preset = options.get("preset", "rulebook")
    if isinstance(preset, str) and preset in PRESETS:
        for name, value in PRESETS[preset].items():
            options.setdefault(name, value)
    return options


def check_options(options: dict[str, Any]) -> None:
    first = options["first_player"]
    if first is not None and first >= options["players"]:
        raise InvalidOption(
            f"bad value for option 'first_player': seat {first} does not exist with {options['players']} players"
        )
