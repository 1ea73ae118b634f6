"""Cardcassonne's actions: integer codes that are also their indices, and their notation (rules §11.2).

| action | code |
| --- | --- |
| face `f` face up into row `r` | `4f + r` (0..95; coloured faces only into their own row) |
| face `f` face down into row `r` | `96 + 4f + r` |
| large follower into row `r` | `192 + r` |
| dealer puts the revealed joker into row `r` | `196 + r` |
| keep / ten for the pending misplaced card | `200` / `201` |
| assign the pending wild animal to kind `k` | `202 + k` |

>>> to_str(4 * 2 + 0), to_str(96 + 4 * 2 + 3), to_str(4 * 20 + 2), parse("wild@G")
('YP3', '?YP3@B', 'DRG@G', 204)
"""

from __future__ import annotations

from kameleon.engine.errors import NotationError
from kameleon.engine.messages import Message, msg
from kameleon.games.cardcassonne.cards import COLOURS, FACE_CODES, FACE_INDEX, NUM_FACES, wrong_row

FACE_UP = 0
FACE_DOWN = 96
FOLLOWER = 192
JOKER = 196
KEEP = 200
TEN = 201
WILD = 202
NUM_ACTIONS = 206


def is_action(code: object) -> bool:
    """True for the indices that denote an action (a face-up coloured card only into its own row)."""
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < NUM_ACTIONS:
        return False
    if code < FACE_DOWN:
        f, r = divmod(code, 4)
        return f >= 20 or f // 5 == r
    return True


def to_str(code: int) -> str:
    """The canonical token of an action (§11.2)."""
    if not is_action(code):
        raise ValueError(f"{code!r} is not a Cardcassonne action index")
    if code < FACE_DOWN:
        f, r = divmod(code, 4)
        return FACE_CODES[f] if f < 20 else f"{FACE_CODES[f]}@{COLOURS[r]}"
    if code < FOLLOWER:
        f, r = divmod(code - FACE_DOWN, 4)
        return f"?{FACE_CODES[f]}@{COLOURS[r]}"
    if code < JOKER:
        return f"F@{COLOURS[code - FOLLOWER]}"
    if code < KEEP:
        return f"J@{COLOURS[code - JOKER]}"
    if code == KEEP:
        return "keep"
    if code == TEN:
        return "ten"
    return f"wild@{COLOURS[code - WILD]}"


def _help() -> Message:
    return msg(
        "notation_help",
        "moves are: YP3 (a coloured card face up), DRG@G (a joker face up), ?YP3@B (a card face down), "
        "F@G (the follower), J@R (the setup joker), keep, ten, wild@G",
    )


def _row(text: str, token: str) -> int:
    if len(token) != 1 or token not in COLOURS:
        raise NotationError(
            msg("notation_not_a_row", "{text!r}: {token!r} is not a row; rows are Y, R, G, B", text=text, token=token)
        )
    return COLOURS.index(token)


def _face(text: str, token: str) -> int:
    if token not in FACE_INDEX:
        raise NotationError(
            msg(
                "notation_not_a_face",
                "{text!r}: {token!r} is not a card face (e.g. YP1, RH, GA, DRG, FAI, WA, WH)",
                text=text,
                token=token,
            )
        )
    return FACE_INDEX[token]


def parse(text: str) -> int:
    """The action written as `text` (surrounding spaces and letter case ignored); raises NotationError."""
    if not isinstance(text, str):
        raise NotationError(msg("notation_not_text", "a move is text, not {type}", type=type(text).__name__))
    raw = text.strip()
    word = raw.upper()
    if word == "KEEP":
        return KEEP
    if word == "TEN":
        return TEN
    if not word:
        raise NotationError(msg("notation_empty", "an empty move is not a move; {help}", help=_help()))
    head, at, tail = word.partition("@")
    if at and "@" in tail:
        raise NotationError(msg("notation_two_at", "{text!r} has more than one '@'; {help}", text=raw, help=_help()))
    if head == "WILD" and at:
        return WILD + _row(raw, tail)
    if head in ("F", "J") and at:
        return (FOLLOWER if head == "F" else JOKER) + _row(raw, tail)
    if head.startswith("?"):
        if head == "?":
            raise NotationError(
                msg(
                    "notation_hidden_face",
                    "{text!r} hides the card: name the face you play face down, e.g. ?YP3@B",
                    text=raw,
                )
            )
        f = _face(raw, head[1:])
        if not at:
            raise NotationError(
                msg(
                    "notation_face_down_needs_row",
                    "{text!r}: a face-down card needs a row, e.g. ?{face}@B",
                    text=raw,
                    face=FACE_CODES[f],
                )
            )
        return FACE_DOWN + 4 * f + _row(raw, tail)
    if head in FACE_INDEX:
        f = FACE_INDEX[head]
        if f >= 20:
            if not at:
                raise NotationError(
                    msg(
                        "notation_joker_needs_row",
                        "{text!r}: a joker played face up needs a row, e.g. {face}@G",
                        text=raw,
                        face=FACE_CODES[f],
                    )
                )
            return FACE_UP + 4 * f + _row(raw, tail)
        if at:
            if _row(raw, tail) != f // 5:
                raise NotationError(wrong_row(f))
            raise NotationError(  # which of the two was meant depends on the turn: both are said
                msg(
                    "notation_own_row",
                    "{text!r}: a face-up coloured card goes to its own row, written {face}; face down, it is "
                    "written ?{face}@{row}",
                    text=raw,
                    face=head,
                    row=tail,
                )
            )
        return FACE_UP + 4 * f + f // 5
    if at:
        _face(raw, head)
    raise NotationError(msg("notation_not_a_move", "{text!r} is not a move; {help}", text=raw, help=_help()))


assert len(FACE_CODES) == NUM_FACES
