"""The 130 game cards (rules §2.3-2.4): integer ids, faces, colours and values.

Integer id `30k + offset` for colour `k` (Y=0, R=1, G=2, B=3): offsets 0-7 people "1",
8-12 people "2", 13-15 people "3", 16-20 buildings, 21-29 animals; then the jokers
DRG 120, FAI 121, WA 122-125, WH 126-129. Face indices `5k + t` (t = P1 0, P2 1,
P3 2, H 3, A 4) and 20-23 for DRG, FAI, WA, WH. Ids of one face are contiguous and
faces grow with ids, so a sorted hand lists each face's copies together.
"""

from __future__ import annotations

from kameleon.engine.messages import Message, msg

NUM_CARDS = 130
NUM_FACES = 24
NUM_ROWS = 4
COLOURS = "YRGB"
"""Colour codes in row / kind order: yellow, red, green, blue."""
COLOUR_NAMES = ("yellow", "red", "green", "blue")

COLOUR_LABELS = (
    msg("colour_yellow", "yellow"),
    msg("colour_red", "red"),
    msg("colour_green", "green"),
    msg("colour_blue", "blue"),
)
"""Each row's (and animal kind's) colour, in row order Y, R, G, B."""

ROW_LABELS = (
    msg("row_yellow", "the yellow row"),
    msg("row_red", "the red row"),
    msg("row_green", "the green row"),
    msg("row_blue", "the blue row"),
)
"""Each row as a phrase (written whole, so that languages with genders and cases need no agreement rules)."""

CARD_LABELS = (
    msg("card_yp1", "yellow people 1"),
    msg("card_yp2", "yellow people 2"),
    msg("card_yp3", "yellow people 3"),
    msg("card_yh", "yellow building"),
    msg("card_ya", "yellow animal"),
    msg("card_rp1", "red people 1"),
    msg("card_rp2", "red people 2"),
    msg("card_rp3", "red people 3"),
    msg("card_rh", "red building"),
    msg("card_ra", "red animal"),
    msg("card_gp1", "green people 1"),
    msg("card_gp2", "green people 2"),
    msg("card_gp3", "green people 3"),
    msg("card_gh", "green building"),
    msg("card_ga", "green animal"),
    msg("card_bp1", "blue people 1"),
    msg("card_bp2", "blue people 2"),
    msg("card_bp3", "blue people 3"),
    msg("card_bh", "blue building"),
    msg("card_ba", "blue animal"),
    msg("card_dragon", "dragon"),
    msg("card_fairy", "fairy"),
    msg("card_wild_animal", "wild animal"),
    msg("card_wild_building", "wild building"),
)
"""Each face (index order of `FACE_CODES`) named in words, written whole for the same reason."""


def wrong_row(face: int) -> Message:
    """Why the coloured face `face` cannot go face up into a row of another colour (§5.1)."""
    return msg(
        "wrong_row_face_up",
        "Face up, this card ({card}) can only go to {row}; only a face-down card may go to another row.",
        card=CARD_LABELS[face],
        row=ROW_LABELS[face // 5],
    )


# card types
PEOPLE, BUILDING, ANIMAL, DRAGON, FAIRY, WILD_ANIMAL, WILD_BUILDING = range(7)

DRG, FAI, WA, WH = 20, 21, 22, 23
"""Face indices of the jokers."""

_TYPE_CODES = ("P1", "P2", "P3", "H", "A")
_OFFSETS = ((0, 8), (8, 13), (13, 16), (16, 21), (21, 30))
"""Per coloured face type t: the id offsets [start, stop) within a colour."""

FACE_CODES: tuple[str, ...] = (*(c + t for c in COLOURS for t in _TYPE_CODES), "DRG", "FAI", "WA", "WH")
FACE_INDEX = {code: f for f, code in enumerate(FACE_CODES)}


def _face_of(card: int) -> int:
    if card >= 120:
        return (DRG, FAI, WA, WA, WA, WA, WH, WH, WH, WH)[card - 120]
    k, off = divmod(card, 30)
    return 5 * k + next(t for t, (lo, hi) in enumerate(_OFFSETS) if lo <= off < hi)


FACE: tuple[int, ...] = tuple(_face_of(c) for c in range(NUM_CARDS))
"""Face index of every card id."""
COLOUR: tuple[int, ...] = tuple(f // 5 if f < 20 else -1 for f in FACE)
"""Colour of every card id, -1 for jokers."""
FACE_COLOUR: tuple[int, ...] = tuple(f // 5 if f < 20 else -1 for f in range(NUM_FACES))
FACE_TYPE: tuple[int, ...] = tuple(
    (PEOPLE, PEOPLE, PEOPLE, BUILDING, ANIMAL)[f % 5] if f < 20 else (DRAGON, FAIRY, WILD_ANIMAL, WILD_BUILDING)[f - 20]
    for f in range(NUM_FACES)
)
TYPE: tuple[int, ...] = tuple(FACE_TYPE[f] for f in FACE)
VALUE: tuple[int, ...] = tuple(f % 5 + 1 if f < 20 and f % 5 < 3 else 0 for f in FACE)
"""People value of every card id (0 for other cards)."""
FIRST_ID: tuple[int, ...] = tuple(FACE.index(f) for f in range(NUM_FACES))
COPIES: tuple[int, ...] = tuple(FACE.count(f) for f in range(NUM_FACES))


def card_name(card: int) -> str:
    """String id `<face>.<copy>` of §2.4 (`DRG` and `FAI` have no copy number)."""
    f = FACE[card]
    if COPIES[f] == 1:
        return FACE_CODES[f]
    return f"{FACE_CODES[f]}.{card - FIRST_ID[f] + 1}"


CARD_NAMES: tuple[str, ...] = tuple(card_name(c) for c in range(NUM_CARDS))
CARD_BY_NAME = {name: c for c, name in enumerate(CARD_NAMES)}


def face_code(card: int) -> str:
    return FACE_CODES[FACE[card]]


DOWN = 256
"""Flag of a face-down card in a row entry (`card | DOWN | (seat + 1) << 9`)."""

DEAL_TABLE = {2: (6, 10), 3: (5, 8), 4: (5, 6), 5: (4, 6)}
"""Players -> (cards per round H, rounds N) (§3)."""
SETUP_CARDS = 10
