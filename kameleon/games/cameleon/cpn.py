"""CPN, the Caméléon position notation (rules §9.2): reading and writing.

    8/1b1b1b1b/r1r1r1r1/1y1y1y1y/8/Y1Y1Y1Y1/1R1R1R1R/B1B1B1B1/8 R 0 1

Readers accept any split of empty runs into digits (`44` for `8`); writers
always use one digit per maximal run, so `write(read(cpn)) == cpn` for every
canonical CPN.
"""

from __future__ import annotations

from dataclasses import dataclass

from kameleon.engine.errors import InvalidOption
from kameleon.games.cameleon.board import Geometry, piece_code
from kameleon.games.cameleon.chart import KIND_LETTERS, K, V, piece_letter

STANDARD = {
    9: "8/1b1b1b1b/r1r1r1r1/1y1y1y1y/8/Y1Y1Y1Y1/1R1R1R1R/B1B1B1B1/8 R 0 1",
    11: "8/1b1b1b1b/r1r1r1r1/1y1y1y1y/8/8/8/Y1Y1Y1Y1/1R1R1R1R/B1B1B1B1/8 R 0 1",
}
"""The start positions of §3.1 and §10.3 (board=8x11)."""


@dataclass(frozen=True)
class Position:
    board: tuple[int, ...]
    to_move: int
    no_progress: int
    move_number: int


def read(text: str, geo: Geometry) -> Position:
    """Parse a CPN for the board `geo`; raises InvalidOption naming the first problem."""
    if not isinstance(text, str):
        raise InvalidOption(f"a CPN is a string, not {text!r}")
    fields = text.split(" ")
    if len(fields) != 4:
        raise InvalidOption(f"CPN {text!r} must have 4 fields separated by single spaces, not {len(fields)}")
    placement, side, counter, number = fields
    rows = placement.split("/")
    if len(rows) != geo.ranks:
        raise InvalidOption(f"CPN {text!r} has {len(rows)} ranks; this board has {geo.ranks}")
    board = [0] * geo.size
    for i, row in enumerate(rows):
        rank = geo.ranks - i
        file = 0
        for char in row:
            if char in "12345678":
                file += int(char)
                continue
            if char.upper() not in KIND_LETTERS:
                raise InvalidOption(f"CPN {text!r}: {char!r} on rank {rank} is not a piece letter (BRYVOGK, bgryvogk)")
            if file >= 8:
                raise InvalidOption(f"CPN {text!r}: rank {rank} ({row!r}) describes more than 8 files")
            s = 8 * (rank - 1) + file
            owner = 0 if char.isupper() else 1
            kind = KIND_LETTERS.index(char.upper())
            _check_square(text, geo, s, owner, kind, char)
            board[s] = piece_code(owner, kind)
            file += 1
        if file != 8:
            raise InvalidOption(f"CPN {text!r}: rank {rank} ({row!r}) describes {file} files, not 8")
    if side not in ("R", "S"):
        raise InvalidOption(f"CPN {text!r}: side to move must be R or S, not {side!r}")
    if not counter.isdigit():
        raise InvalidOption(f"CPN {text!r}: the no-progress counter must be an integer >= 0, not {counter!r}")
    if not number.isdigit() or int(number) < 1:
        raise InvalidOption(f"CPN {text!r}: the move number must be an integer >= 1, not {number!r}")
    return Position(tuple(board), 0 if side == "R" else 1, int(counter), int(number))


def _check_square(text: str, geo: Geometry, s: int, owner: int, kind: int, char: str) -> None:
    name = geo.names[s]
    if geo.is_light(s) != (owner == 0):
        who, colour = ("Round", "light") if owner == 0 else ("Square", "dark")
        raise InvalidOption(f"CPN {text!r}: {char} on {name}: {who} pieces stand only on {colour} squares")
    if geo.reserve_rows >> s & 1:
        if s not in geo.reserve[owner]:
            raise InvalidOption(
                f"CPN {text!r}: {char} on {name}: that reserve-row square is not its owner's reserve square"
            )
        if kind < V or kind > K:
            raise InvalidOption(
                f"CPN {text!r}: {char} on {name}: reserve squares hold only complementary pieces and chameleons"
            )


def write(board: list[int] | tuple[int, ...], to_move: int, no_progress: int, move_number: int, geo: Geometry) -> str:
    rows = []
    for rank in range(geo.ranks, 0, -1):
        row = []
        empty = 0
        for s in range(8 * (rank - 1), 8 * rank):
            code = board[s]
            if code:
                if empty:
                    row.append(str(empty))
                    empty = 0
                row.append(piece_letter(code))
            else:
                empty += 1
        if empty:
            row.append(str(empty))
        rows.append("".join(row))
    return f"{'/'.join(rows)} {'RS'[to_move]} {no_progress} {move_number}"
