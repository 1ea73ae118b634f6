"""The puzzle solver of rules §7.8: every position of one tile against a given layout.

A layout is written one placement per line in the move notation (`Y*B H 0,-1`:
colours as laid in reading order, orientation, `row,col` of the anchor).
Puzzle layouts need not come from a game: any triple of `RYGBP` letters with an
optional `*` in the middle is accepted, repeats included. Blank lines and lines
starting with `#` are ignored.

>>> [str(p) for p in placements("Y*B H 0,-1", "YRB")]
['YRB H -1,-1', 'YRB H 1,-1']
>>> count("Y*B H 0,-1", "YYB")
(6, 4)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from kameleon.engine.errors import KameleonError
from kameleon.engine.hooks import Puzzle
from kameleon.engine.messages import msg
from kameleon.games.chromino.board import Board
from kameleon.games.chromino.tiles import TileError, parse_triple, triple_name

_LINE = re.compile(r"^(\S+)\s+(\S+)\s+(\S+)$")
_COORDS = re.compile(r"^(-?\d+),(-?\d+)$")
PLACEMENTS = ("standard", "bambino")


class LayoutError(KameleonError, ValueError):
    """A layout file or tile that cannot be read; the message names the line and the problem."""


@dataclass(frozen=True)
class Position:
    """One position (§7.8): the colours as laid in reading order, orientation and anchor."""

    colours: str
    orientation: str
    row: int
    col: int
    flipped: bool

    def cells(self) -> list[tuple[int, int]]:
        dr, dc = (0, 1) if self.orientation == "H" else (1, 0)
        return [(self.row + i * dr, self.col + i * dc) for i in range(3)]

    def __str__(self) -> str:
        return f"{self.colours} {self.orientation} {self.row},{self.col}"


@dataclass(frozen=True)
class LaidTile:
    colours: tuple[int, int, int]
    orientation: str
    row: int
    col: int
    line: int


def parse_layout(layout: str | Iterable[str]) -> list[LaidTile]:
    """Read a layout (text, or one string per line); raises LayoutError naming the line."""
    lines = layout.splitlines() if isinstance(layout, str) else list(layout)
    tiles = []
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        m = _LINE.match(text)
        if m is None:
            raise LayoutError(
                msg(
                    "layout_not_placement",
                    "line {line}: {text!r} is not a placement such as 'Y*B H 0,-1'",
                    line=number,
                    text=text,
                )
            )
        letters, orientation, coords = m.groups()
        try:
            colours = parse_triple(letters)
        except TileError as exc:
            raise LayoutError(
                msg("layout_bad_tile", "line {line}: unknown tile: {why}", line=number, why=exc.message)
            ) from None
        if orientation.upper() not in ("H", "V"):
            raise LayoutError(
                msg(
                    "layout_orientation",
                    "line {line}: orientation {orientation!r} must be H or V",
                    line=number,
                    orientation=orientation,
                )
            )
        c = _COORDS.match(coords)
        if c is None:
            raise LayoutError(
                msg(
                    "layout_coordinates",
                    "line {line}: malformed coordinates {coords!r}; expected row,col such as -1,2",
                    line=number,
                    coords=coords,
                )
            )
        tiles.append(LaidTile(colours, orientation.upper(), int(c.group(1)), int(c.group(2)), number))
    return tiles


def build_board(tiles: list[LaidTile], bambino: bool = False) -> Board:
    """A board holding `tiles` in order; raises LayoutError on an overlap."""
    reach = max((max(abs(t.row), abs(t.col)) for t in tiles), default=0)
    board = Board(reach + 8, bambino)
    seen: dict[int, int] = {}
    for t in tiles:
        fp = board.S2 * (t.orientation == "V") + board.cell(t.row, t.col)
        for cell in board.footprint(fp):
            if board.info.get(cell, 0) < 0:
                r, c = board.row_col(cell)
                raise LayoutError(
                    msg(
                        "layout_overlap",
                        "line {line}: overlap at {row},{col} with the tile of line {other}",
                        line=t.line,
                        row=r,
                        col=c,
                        other=seen[cell],
                    )
                )
            seen[cell] = t.line
        board.place(fp, t.colours)
    return board


def placements(layout: str | Iterable[str], tile: str, placement: str = "standard") -> list[Position]:
    """All distinct positions of `tile` (a colour triple such as 'YYB') against `layout`, in the
    order of §7.8: H before V, anchor row, anchor column, unflipped before flipped."""
    return solve(layout, tile, placement)


def check_puzzle(tile: str, placement: str) -> tuple[int, int, int]:
    """The tile's colours, once the tile and the placement rule are known to be valid (LayoutError if not)."""
    if placement not in PLACEMENTS:
        raise LayoutError(
            msg(
                "layout_placement_rule",
                "placement must be one of {choices}, not {placement!r}",
                choices=", ".join(map(repr, PLACEMENTS)),
                placement=placement,
            )
        )
    try:
        return parse_triple(tile)
    except TileError as exc:
        raise LayoutError(msg("layout_unknown_tile", "unknown tile: {why}", why=exc.message)) from None


def solve(layout: str | Iterable[str], tile: str, placement: str = "standard") -> list[Position]:
    """`placements`, under the name the CLI uses; raises LayoutError for a bad layout or tile."""
    colours = check_puzzle(tile, placement)
    tiles = parse_layout(layout)
    if not tiles:
        raise LayoutError("the layout is empty; give at least one placement such as 'Y*B H 0,-1'")
    board = build_board(tiles, placement == "bambino")
    found = []
    for fp, flipped in board.positions(colours):
        o, a = divmod(fp, board.S2)
        row, col = board.row_col(a)
        laid = tuple(reversed(colours)) if flipped else colours
        found.append(Position(triple_name(laid), "HV"[o], row, col, flipped))
    found.sort(key=lambda p: (p.orientation, p.row, p.col, p.flipped))
    return found


def count(layout: str | Iterable[str], tile: str, placement: str = "standard") -> tuple[int, int]:
    """(positions, footprints) of `tile` against `layout` (§7.8)."""
    return count_positions(placements(layout, tile, placement))


def count_positions(found: list[Position]) -> tuple[int, int]:
    """(positions, distinct footprints) of a list of positions."""
    return len(found), len({(p.orientation, p.row, p.col) for p in found})


def picture(layout: str | Iterable[str], position: Position | None = None) -> str:
    """An ASCII diagram in the style of §3.6: the layout in capitals (`*` a wild centre), the new
    tile in lower case (`@` its wild centre), `.` for empty cells, with row and column numbers.

    >>> print(picture("Y*B H 0,-1", placements("Y*B H 0,-1", "YRB")[0]))
    col:    -1  0  1
    row -1:  y  r  b
    row 0:   Y  *  B
    """
    grid: dict[tuple[int, int], str] = {}
    for t in parse_layout(layout):
        dr, dc = (0, 1) if t.orientation == "H" else (1, 0)
        for i, x in enumerate(triple_name(t.colours)):
            grid[(t.row + i * dr, t.col + i * dc)] = x
    if position is not None:
        for (r, c), x in zip(position.cells(), position.colours, strict=True):
            grid[(r, c)] = "@" if x == "*" else x.lower()
    if not grid:
        return ""
    rows = [r for r, _ in grid]
    cols = [c for _, c in grid]
    labels = {r: f"row {r}:" for r in range(min(rows), max(rows) + 1)}
    width = max(len(label) for label in labels.values())
    lines = ["col:".ljust(width) + "".join(f"{c:>3}" for c in range(min(cols), max(cols) + 1))]
    for r, label in labels.items():
        cells = "".join(f"{grid.get((r, c), '.'):>3}" for c in range(min(cols), max(cols) + 1))
        lines.append(label.ljust(width) + cells)
    return "\n".join(lines)


PUZZLE = Puzzle(
    piece="a tile as colours such as YYB or R*G",
    rules=PLACEMENTS,
    check=check_puzzle,
    solve=solve,
    count=count_positions,
    picture=picture,
)
"""The solver as `ChrominoGame.puzzle()` offers it to `kameleon solve chromino`."""
