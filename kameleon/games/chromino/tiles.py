"""The 80 Chromino tiles (rules §2): colours, canonical names, ids and Expert values.

Colours are small ints (R=0, Y=1, G=2, B=3, P=4) and the wild centre of a
chameleon is `WILD` (5), so that a laid tile is a triple of ints and the
placement tests are integer comparisons.

>>> TILE_NAMES[7], TILE_NAMES[26], TILE_NAMES[56], TILE_NAMES[79]
('RYG', 'YRG', 'GBP', 'G*B')
>>> tile_id("BYR"), tile_id("Y*B")
(8, 77)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from kameleon.engine.errors import KameleonError
from kameleon.engine.messages import msg

COLOUR_CODES = "RYGBP"
COLOUR_NAMES = ("red", "yellow", "green", "blue", "purple")
WILD = 5
LETTERS = COLOUR_CODES + "*"
"""Letter of each colour code 0..5 (`*` is the wild centre)."""
NUM_TILES = 80
NUM_STANDARD = 75
CHAMELEONS = (75, 76, 77, 78, 79)
CHAMELEON_MASK = sum(1 << t for t in CHAMELEONS)
"""The chameleons as a tile mask (hands are masks over tile ids)."""
DEFAULT_CHAMELEON_ENDS = ("RG", "RP", "YB", "YP", "GB")
"""The five chameleon end pairs of §2.4, in id order."""
_BASE = (0, 25, 45, 60, 70)


def standard_id(a: int, b: int, c: int) -> int:
    """The id of the standard tile read (a, b, c) in either direction (§2.3 closed form)."""
    if a > c:
        a, c = c, a
    return _BASE[a] + b * (5 - a) + (c - a)


def _standard_tiles() -> list[tuple[int, int, int]]:
    tiles = [(a, b, c) for a in range(5) for b in range(5) for c in range(a, 5)]
    assert [standard_id(*t) for t in tiles] == list(range(NUM_STANDARD))
    return tiles


def normalise_ends(pairs: Sequence[str]) -> tuple[str, ...]:
    """Chameleon end pairs as canonical 2-letter strings in id order (§7.1: unordered pairs)."""
    canon = []
    for pair in pairs:
        x, y = sorted(pair, key=COLOUR_CODES.index)
        canon.append(x + y)
    return tuple(sorted(canon, key=lambda p: (COLOUR_CODES.index(p[0]), COLOUR_CODES.index(p[1]))))


@cache
def tile_colours(ends: tuple[str, ...] = DEFAULT_CHAMELEON_ENDS) -> tuple[tuple[int, int, int], ...]:
    """The canonical colour triple of every id 0..79 for a chameleon set."""
    chameleons = [(COLOUR_CODES.index(p[0]), WILD, COLOUR_CODES.index(p[1])) for p in normalise_ends(ends)]
    return (*_standard_tiles(), *chameleons)


def triple_name(colours: Sequence[int]) -> str:
    return "".join(LETTERS[x] for x in colours)


def tile_names(ends: tuple[str, ...] = DEFAULT_CHAMELEON_ENDS) -> tuple[str, ...]:
    return tuple(triple_name(t) for t in tile_colours(ends))


TILE_NAMES = tile_names()


def tiles_of(mask: int) -> list[int]:
    """The tile ids in a tile mask (a hand), ascending.

    >>> tiles_of(0b1010)
    [1, 3]
    """
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def is_palindrome(colours: Sequence[int]) -> bool:
    return colours[0] == colours[2]


def tile_value(colours: Sequence[int]) -> int:
    """Expert value (§7.5): the number of different colours; a chameleon is worth 3."""
    if colours[1] == WILD:
        return 3
    return len(set(colours))


class TileError(KameleonError, ValueError):
    """Colour letters that name no tile; its message says why, in words the reader's language has."""

    code = "bad_tile"


def parse_triple(text: str) -> tuple[int, int, int]:
    """Colour letters as ints; `*` is accepted in the middle only (raises TileError, a ValueError)."""
    if len(text) != 3:
        raise TileError(msg("tile_not_three", "{text!r} is not three colour letters", text=text))
    codes = []
    for i, letter in enumerate(text.upper()):
        if letter == "*" and i == 1:
            codes.append(WILD)
        elif letter in COLOUR_CODES:
            codes.append(COLOUR_CODES.index(letter))
        elif letter == "*":
            raise TileError(
                msg("tile_wild_middle", "{text!r}: the wild centre '*' can only be the middle square", text=text)
            )
        else:
            raise TileError(
                msg(
                    "tile_bad_letter",
                    "{text!r}: {letter!r} is not a colour (R, Y, G, B, P, or * in the middle)",
                    text=text,
                    letter=letter,
                )
            )
    return codes[0], codes[1], codes[2]


def tile_id(text: str, ends: tuple[str, ...] = DEFAULT_CHAMELEON_ENDS) -> int:
    """The id of the tile read as `text` in either direction (raises ValueError if no tile reads so)."""
    triple = parse_triple(text)
    by_triple = _ids_by_triple(ends)
    if triple in by_triple:
        return by_triple[triple]
    raise ValueError(f"{text.upper()!r} is not one of the 80 tiles")


@cache
def _ids_by_triple(ends: tuple[str, ...]) -> dict[tuple[int, int, int], int]:
    table = {}
    for tid, (a, b, c) in enumerate(tile_colours(ends)):
        table[(a, b, c)] = tid
        table[(c, b, a)] = tid
    return table
