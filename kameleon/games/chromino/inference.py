"""What a draw tells everybody about a hand (rules §5.2): the player had no tile that fitted.

A player draws, or passes with an empty bag, only when no tile of the hand has a
legal position. Under the default `drawn_tile="must"` a drawn tile that is kept
did not fit either, and the layout does not change during that turn. So every
tile a seat holds now, except those it got since without such a proof, had no
position on the layout of its last turn without a placement. The engine records
that turn (`state.stuck_at`: tiles on the table then) and the tiles got since
whose fit nobody can infer (`state.unbound`: a drawn tile kept under
`drawn_tile="may"`, a draw of §5.4 `immediate`); everything else follows from
public information, so `determinize` and the greedy bot's blocking estimate use
it without seeing any hand.

Chameleons are never ruled out: alone in a hand a chameleon has no legal
placement whether it fits or not (§5.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from kameleon.games.chromino.state import AFTER_DRAW, CHAMELEON_MASK
from kameleon.games.chromino.tiles import NUM_TILES

if TYPE_CHECKING:
    from kameleon.games.chromino.state import ChrominoState

CACHE_SIZE = 256
EVERY_TILE = (1 << NUM_TILES) - 1


class Bound(NamedTuple):
    """Of a seat's hidden tiles, `bound` are among the tiles of `allowed`; the others may be anything unseen."""

    seat: int
    allowed: int
    bound: int


def fitting(state: ChrominoState, laid: int) -> int:
    """Tile mask of the tiles with a legal position on the layout of the first `laid` tiles put on the table.

    The layouts are those of the game being played, so the answer is cached on the game by the placements
    that built the layout."""
    game = state.game
    key = tuple(entry[1] for entry in state.placed[:laid])
    cache = game.layout_fits
    found = cache.get(key)
    if found is not None:
        return found
    scratch = state.clone()
    board = game.start_board(state.placed[0][0])
    for t, action, *_ in state.placed[1:laid]:
        board.place(game.board_fp(action), game.laid[2 * t + ((action - 2) & 1)])
    scratch.board = board
    plane = game.plane
    every = 0
    for pm in game.tile_pmask:
        every |= pm
    tiles = 0
    for action in scratch._placements(every):
        tiles |= 1 << (((action - 2) >> 1) // plane)
    if len(cache) >= CACHE_SIZE:
        cache.clear()
    cache[key] = tiles
    return tiles


def bounds(state: ChrominoState, observer: int) -> list[Bound]:
    """What the draws of the other seats say about their hidden tiles, as seen by `observer`.

    Seats that never drew (or whose hands are open) are left out. A seat that is drawing right now has its
    drawn tile, which may fit, counted among the unbound ones."""
    found = []
    for seat, laid in enumerate(state.stuck_at):
        if seat == observer or laid < 0 or state.out[seat]:
            continue
        hidden = state.sizes[seat] - state.revealed[seat].bit_count()
        free = state.unbound[seat]
        if state.phase == AFTER_DRAW and state.current_player == seat:
            free += 1
        bound = hidden - free
        if bound <= 0:
            continue
        allowed = (EVERY_TILE & ~fitting(state, laid)) | CHAMELEON_MASK
        found.append(Bound(seat, allowed, bound))
    return found
