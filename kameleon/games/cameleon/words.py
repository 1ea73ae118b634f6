"""The names of Le Caméléon's pieces and end reasons, as the terminal's board, move words and results say them."""

from __future__ import annotations

from kameleon.engine.messages import Message, msg

KIND_NAMES = {
    "B": msg("tui_colour_blue", "blue"),
    "R": msg("tui_colour_red", "red"),
    "Y": msg("tui_colour_yellow", "yellow"),
    "V": msg("tui_colour_violet", "violet"),
    "O": msg("tui_colour_orange", "orange"),
    "G": msg("tui_colour_green", "green"),
    "K": msg("tui_colour_chameleon", "chameleon"),
}
"""Each kind's name by its CPN letter; a move's words use it for the piece (upper case: the kind)."""
REASONS = {
    "elimination": msg("tui_reason_elimination", "elimination"),
    "three_chameleons": msg("tui_reason_three_chameleons", "three chameleons"),
    "two_chameleons": msg("tui_reason_two_chameleons", "two chameleons"),
    "lone_piece": msg("tui_reason_lone_piece", "lone piece"),
    "dead_material": msg("tui_reason_dead_material", "dead material"),
    "no_progress": msg("tui_reason_no_progress", "no progress"),
    "repetition": msg("tui_reason_repetition", "repetition"),
    "double_pass": msg("tui_reason_double_pass", "double pass"),
}
"""A game's end reason (scoring.REASONS) in a word or two, for the result line."""


def kind_name(letter: str | None) -> Message:
    """A piece's kind by its CPN letter (either case), or "piece" when there is none."""
    return KIND_NAMES[letter.upper()] if letter else msg("tui_piece", "piece")
