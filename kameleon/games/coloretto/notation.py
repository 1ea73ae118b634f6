"""Coloretto's actions and their notation (rules section 9).

An action is a small integer that is also its stable index (`num_distinct_actions = 26`):

>>> action_to_str(TAKE + 1), parse_action(" Joker  RED ")
('take 2', 16)
"""

from __future__ import annotations

from kameleon.engine.errors import NotationError
from kameleon.engine.messages import msg
from kameleon.games.coloretto.cards import COLOURS, colour_index

DRAW = 0
PLACE = 1  # place the drawn card in row r: PLACE + r, r = 0..4
TAKE = 6  # take row r: TAKE + r
JOKER_TO = 11  # give the next wild card colour c: JOKER_TO + c
POSITIVE = 18  # mark colour c positive: POSITIVE + c
DONE = 25
NUM_ACTIONS = 26
MAX_ROWS = 5

HELP = "moves are: draw, place <row>, take <row>, joker <colour>, positive <colour>, done"
_ROW_WORDS = {"place": PLACE, "take": TAKE}
_COLOUR_WORDS = {"joker": JOKER_TO, "positive": POSITIVE}


def action_to_str(action: int) -> str:
    """The notation of `action` (raises ValueError for a value that is no Coloretto action)."""
    if isinstance(action, bool) or not isinstance(action, int):
        raise ValueError(f"{action!r} is not a Coloretto action index 0..{NUM_ACTIONS - 1}")
    if action == DRAW:
        return "draw"
    if PLACE <= action < TAKE:
        return f"place {action - PLACE + 1}"
    if TAKE <= action < JOKER_TO:
        return f"take {action - TAKE + 1}"
    if JOKER_TO <= action < POSITIVE:
        return f"joker {COLOURS[action - JOKER_TO]}"
    if POSITIVE <= action < DONE:
        return f"positive {COLOURS[action - POSITIVE]}"
    if action == DONE:
        return "done"
    raise ValueError(f"{action!r} is not a Coloretto action index 0..{NUM_ACTIONS - 1}")


def parse_action(text: str, rows: int = MAX_ROWS, choices: bool = True) -> int:
    """The action written as `text` (case and extra spaces ignored) at a table of `rows` rows; raises
    NotationError. `choices`: the game has the end's scoring choices (`scoring_choices` manual), so the
    error for a word that is no move names them too."""
    if not isinstance(text, str):
        raise NotationError(msg("move_not_text", "A move is text, not {kind}.", kind=type(text).__name__))
    words = text.lower().split()
    if words in (["draw"], ["done"]):
        return DRAW if words[0] == "draw" else DONE
    if len(words) == 2 and words[0] in _ROW_WORDS:
        if not words[1].isdigit() or not 1 <= int(words[1]) <= rows:
            raise NotationError(msg("row_number", "The row must be a number from 1 to {rows}.", rows=rows))
        return _ROW_WORDS[words[0]] + int(words[1]) - 1
    if len(words) == 1 and words[0] in _ROW_WORDS:
        raise NotationError(
            msg(
                "row_missing",
                "{word!r} needs a row: {word} <row>, a number from 1 to {rows} (e.g. {word} 1).",
                word=words[0],
                rows=rows,
            )
        )
    if len(words) == 1 and words[0] in _COLOUR_WORDS and choices:
        raise NotationError(
            msg(
                "colour_missing",
                "{word!r} needs a colour: {word} <colour>, one of {colours}.",
                word=words[0],
                colours=", ".join(COLOURS),
            )
        )
    if len(words) == 2 and words[0] in _COLOUR_WORDS:
        if words[1] not in COLOURS:
            raise NotationError(
                msg(
                    "unknown_colour",
                    "There is no colour {colour!r}; the colours are {colours}.",
                    colour=words[1],
                    colours=", ".join(COLOURS),
                )
            )
        return _COLOUR_WORDS[words[0]] + colour_index(words[1])
    if not choices:
        raise NotationError(
            msg(
                "not_a_move_plain",
                "{text!r} is not a move; moves are: draw, place <row>, take <row>.",
                text=text.strip(),
            )
        )
    raise NotationError(
        msg(
            "not_a_move",
            "{text!r} is not a move; moves are: draw, place <row>, take <row>, joker <colour>, positive <colour>, "
            "done.",
            text=text.strip(),
        )
    )
