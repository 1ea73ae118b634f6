"""Chromino actions and their notation: int codes equal to the normative indices of rules §12.

`draw` is 0, `pass` is 1, and a placement `(tile, o, row, col, flipped)` is
`2 + ((((tile·2 + o)·S + row + W)·S + col + W)·2 + flipped)`, W = 160 (240 in
Bambino), S = 2W + 1. Written with the board's cell numbering that is
`2 + 2·fp + tile·4S² + flipped` where `fp = o·S² + cell(row, col)`.

>>> codec = Codec(160)
>>> codec.num_actions, codec.parse("PRR H 0,-1"), codec.to_str(12879481)
(32973122, 1751697, 'BYY H -1,-2')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kameleon.engine.errors import NotationError
from kameleon.engine.messages import msg
from kameleon.games.chromino.tiles import DEFAULT_CHAMELEON_ENDS, tile_colours, tile_id, triple_name

DRAW = 0
PASS = 1
STANDARD_W = 160
BAMBINO_W = 240
_TOKEN = re.compile(r"^\s*([A-Za-z*]{3})\s+([HhVv])\s+(-?\d+)\s*,\s*(-?\d+)\s*$")
_PARTIAL = re.compile(r"^\s*([RYGBPrygbp][RYGBPrygbp*][RYGBPrygbp])(?:\s+([HhVv])(?:\s+-?\d+\s*,?\s*)?)?\s*$")
"""The start of a placement without its square (or its orientation): said as such, not as no move at all."""


@dataclass(frozen=True)
class Placement:
    """A decoded placement action in normal form (rules §3.2)."""

    tile: int
    orientation: str
    row: int
    col: int
    flipped: bool


class Codec:
    """Index arithmetic and notation for one window size `w` and one chameleon set."""

    def __init__(self, w: int, ends: tuple[str, ...] = DEFAULT_CHAMELEON_ENDS) -> None:
        self.W = w
        self.S = 2 * w + 1
        self.S2 = self.S * self.S
        self.tile_stride = 4 * self.S2
        self.num_actions = 2 + 320 * self.S2
        self.ends = ends
        self.colours = tile_colours(ends)
        self.palindrome = tuple(c[0] == c[2] for c in self.colours)

    # --- indices ----------------------------------------------------------------

    def encode(self, tile: int, orientation: int, row: int, col: int, flipped: bool) -> int:
        w, s = self.W, self.S
        if not (0 <= tile < 80 and -w <= row <= w and -w <= col <= w):
            raise ValueError(f"no action index for tile {tile} at {row},{col} (window ±{w})")
        f = 1 if flipped and not self.palindrome[tile] else 0
        return 2 + ((((tile * 2 + orientation) * s + row + w) * s + col + w) * 2 + f)

    def decode(self, index: int) -> Placement:
        """The placement with this index (raises ValueError for draw/pass, holes and bad ints)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 2 <= index < self.num_actions:
            raise ValueError(f"{index!r} is not a Chromino placement index 2..{self.num_actions - 1}")
        k = index - 2
        f = k & 1
        k >>= 1
        col = k % self.S - self.W
        k //= self.S
        row = k % self.S - self.W
        k //= self.S
        o = k & 1
        tile = k >> 1
        if f and self.palindrome[tile]:
            raise ValueError(f"index {index} denotes no action: tile {tile} is a palindrome and is never flipped")
        return Placement(tile, "HV"[o], row, col, bool(f))

    def check(self, action: object) -> int:
        """`action` itself if it is an action index of this game (raises ValueError otherwise)."""
        if isinstance(action, bool) or not isinstance(action, int):
            raise ValueError(f"{action!r} is not a Chromino action (an int index)")
        if action in (DRAW, PASS):
            return action
        self.decode(action)
        return action

    def laid_colours(self, tile: int, flipped: int) -> tuple[int, int, int]:
        a, b, c = self.colours[tile]
        return (c, b, a) if flipped else (a, b, c)

    # --- notation ---------------------------------------------------------------

    def to_str(self, action: int) -> str:
        if isinstance(action, bool) or not isinstance(action, int):  # True would read as `pass`
            raise ValueError(f"{action!r} is not a Chromino action index 0..{self.num_actions - 1}")
        if action == DRAW:
            return "draw"
        if action == PASS:
            return "pass"
        p = self.decode(action)
        return f"{triple_name(self.laid_colours(p.tile, p.flipped))} {p.orientation} {p.row},{p.col}"

    def parse(self, text: str) -> int:
        """The action written as `text` (letters in any case; extra spaces ignored)."""
        if not isinstance(text, str):
            raise NotationError(msg("move_not_text", "A move is text, not {kind}.", kind=type(text).__name__))
        word = text.strip().lower()
        if word == "draw":
            return DRAW
        if word == "pass":
            return PASS
        m = _TOKEN.match(text)
        partial = _PARTIAL.match(text) if m is None else None
        if partial is not None:
            example = " ".join((partial[1].upper(), (partial[2] or "H").upper(), "0,-1"))
            raise NotationError(
                msg(
                    "placement_incomplete",
                    "{text!r} is not a whole placement: after the colours come H or V, then row,col of the top-left "
                    "square, e.g. '{example}'.",
                    text=text.strip(),
                    example=example,
                )
            )
        if m is None:
            raise NotationError(
                msg(
                    "not_a_move",
                    "{text!r} is not a move; moves are 'draw', 'pass' or a placement such as 'PRR H 0,-1' "
                    "(colours in reading order, H or V, then row,col of the top-left square).",
                    text=text.strip(),
                )
            )
        letters, orientation, row_text, col_text = m.groups()
        letters = letters.upper()
        try:
            tile = tile_id(letters, self.ends)
        except ValueError:
            raise NotationError(
                msg(
                    "no_such_tile",
                    "No tile reads {letters}; tiles are three colour letters of R, Y, G, B, P "
                    "(* in the middle for a chameleon).",
                    letters=letters,
                )
            ) from None
        row, col = int(row_text), int(col_text)
        if abs(row) > self.W or abs(col) > self.W:
            raise NotationError(
                msg(
                    "outside_window",
                    "The square {row},{col} is outside the board (±{size}).",
                    row=row,
                    col=col,
                    size=self.W,
                )
            )
        flipped = triple_name(self.colours[tile]) != letters
        return self.encode(tile, 0 if orientation.upper() == "H" else 1, row, col, flipped)
