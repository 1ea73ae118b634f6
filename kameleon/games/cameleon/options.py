"""Le Caméléon's options (rules §10.3), validated when a game is created."""

from __future__ import annotations

from typing import Any

from kameleon.engine.errors import InvalidOption
from kameleon.engine.options import MAX_OPTION_INT, Option, int_in_range, optional
from kameleon.games.cameleon import cpn
from kameleon.games.cameleon.board import geometry, ranks_of


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{value!r} is not true or false")
    return value


def _repetition(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or (value != 0 and not 2 <= value <= MAX_OPTION_INT):
        raise ValueError(f"{value!r} is not 0 (off) or an integer from 2 to {MAX_OPTION_INT}")
    return value


def _cpn_text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{value!r} is not a CPN string")
    return value


OPTIONS = (
    Option("players", 2, "number of seats (always 2)", (2,)),
    Option("capture_geometry", "any_two", "which pairs of neighbours capture (§5.1)", ("any_two", "opposite")),
    Option("capture_trigger", "any_flanked", "which associations are resolved (§5.5)", ("any_flanked", "moved_piece")),
    Option("full_reserve_blocks", "all", "what a full reserve forbids (§6.3)", ("all", "rewarded")),
    Option("reserve_placement", "choose", "who places rewards (§5.5 rule 7)", ("choose", "auto")),
    Option("finite_supply", False, "box counts for rewards (§6.5)", check=_bool),
    Option("lone_piece_rule", True, "a lone piece loses to two chameleons (§8.1 rule 4)", check=_bool),
    Option(
        "no_progress_plies", 80, "plies without capture or reserve exit before a draw; 0 = off", check=int_in_range(0)
    ),
    Option("repetition_count", 3, "occurrences of a position that draw; 0 = off", check=_repetition),
    Option("first_player", "round", "side to move of the standard start (§3.1)", ("round", "square")),
    Option("board", "8x9", "8x9 (standard) or 8x11 (§13 Q1)", ("8x9", "8x11")),
    Option("start", None, "start position in CPN (§9.2); None = the standard start", check=optional(_cpn_text)),
)


def check_options(options: dict[str, Any]) -> None:
    """Parse a `start` CPN against the chosen board and store it in canonical form."""
    start = options["start"]
    if start is None:
        return
    geo = geometry(ranks_of(options["board"]))
    try:
        position = cpn.read(start, geo)
    except InvalidOption as exc:
        raise InvalidOption(f"bad value for option 'start': {exc}") from None
    options["start"] = cpn.write(position.board, position.to_move, position.no_progress, position.move_number, geo)
