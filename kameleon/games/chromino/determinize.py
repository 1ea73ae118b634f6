"""Determinization (rules §9): a full state consistent with what one seat has seen, its hidden tiles dealt
again (`determinize`), keeping what the draws told everybody about the hands (`bounds`).

A player draws, or passes with an empty bag, only when no tile of the hand has a
legal position (§5.2), and the layout does not change during that turn. Under the
default `drawn_tile="must"` a drawn tile that is kept did not fit either. The
engine records each such turn of a seat (`state.stuck`: the tiles on the table
then, and how many tiles of the hand provably did not fit). Every tile held then
and still held now had no position on that layout, nor on the layout of any
later such turn; and of the tiles held then, at most as many as the seat has
placed since are gone. So, with `A_j` the tiles that did not fit the layout of
the seat's `j`-th such turn (of `m`) and `c_j` the tiles provably held then,
less those placed since (but for a drawn tile placed at once, which was not
among them) and less the tiles now revealed, at least `c_j` of the
seat's hidden tiles lie in `A_j & ... & A_m`. These sets grow with `j` and the
counts do too, which gives the nested `levels` of a `Bound`.

Everything `bounds` says follows from public information (the layout's history,
hand sizes, draws and passes), so `determinize` and the greedy bot's blocking
estimate (heuristics.py) use it without seeing any hand. A tile got without such
a proof (a drawn tile kept under `drawn_tile="may"`, a draw of §5.4 `immediate`,
the tile being drawn right now) is bound only by later stuck turns. Chameleons
are never ruled out: alone in a hand a chameleon has no legal placement whether
it fits or not (§5.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from kameleon.engine.game import check_seat
from kameleon.games.chromino.phases import AFTER_DRAW
from kameleon.games.chromino.tiles import CHAMELEON_MASK, NUM_TILES, tiles_of

if TYPE_CHECKING:
    import random

    from kameleon.games.chromino.state import ChrominoState

CACHE_SIZE = 256
EVERY_TILE = (1 << NUM_TILES) - 1


class Bound(NamedTuple):
    """Of a seat's hidden tiles, at least `sum(counts[:j + 1])` lie in `levels[j]`; the sets grow with `j`,
    and the rest of the hand may be anything unseen. `levels` and `counts` have one entry per stuck turn
    that still says something, narrowest first."""

    seat: int
    levels: tuple[int, ...]
    counts: tuple[int, ...]

    @property
    def bound(self) -> int:
        """How many hidden tiles these levels bind."""
        return sum(self.counts)


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
    every = 0
    for pm in game.tile_pmask:
        every |= pm
    tiles = 0
    for action in scratch.placements(every):
        tiles |= 1 << game.tile_of(action)
    if len(cache) >= CACHE_SIZE:
        cache.clear()
    cache[key] = tiles
    return tiles


def bounds(state: ChrominoState, observer: int) -> list[Bound]:
    """What the stuck turns of the other seats say about their hidden tiles, as seen by `observer`.

    Seats that never got stuck, went out, or show their whole hand are left out."""
    found = []
    placed = state.placed
    for seat, turns in enumerate(state.stuck):
        if seat == observer or not turns or state.out[seat]:
            continue
        shown = state.revealed[seat].bit_count()
        if state.sizes[seat] == shown:
            continue
        allowed = EVERY_TILE
        since = 0  # tiles the seat has placed after the turn being read
        at = len(placed)
        needed: list[tuple[int, int]] = []
        for laid, proven in reversed(turns):
            for entry in placed[laid:at]:
                since += entry[2] == seat and not entry[3]  # a tile placed at once after a draw is the drawn one
            at = laid
            allowed &= ~fitting(state, laid) | CHAMELEON_MASK
            needed.append((allowed, proven - since - shown))
        levels: list[int] = []
        counts: list[int] = []
        total = 0
        for allowed, held in reversed(needed):
            if held > total:
                levels.append(allowed)
                counts.append(held - total)
                total = held
        if total:
            found.append(Bound(seat, tuple(levels), tuple(counts)))
    return found


def determinize(state: ChrominoState, player: int, rng: random.Random) -> ChrominoState:
    """Deal the tiles `player` cannot see again, keeping every hand size and the bag size (§9), and every
    draw's proof that the drawer had no tile that fitted (`bounds`). The unseen tiles are sorted before
    they are shuffled, so for a given `rng` the sample depends only on what `player` has seen."""
    check_seat(player, len(state.sizes))
    other = state.clone()
    other.seed = None
    if state.game.options["open_hands"]:
        pool = sorted(state.bag)
        rng.shuffle(pool)
        other.bag = pool
        return other
    pool = list(state.bag)
    slots: list[tuple[int, int]] = []  # (seat, hidden tiles to deal)
    drawer_hidden = state.phase == AFTER_DRAW and state.current_player != player
    for seat in range(len(state.sizes)):
        if seat == player:
            continue
        hidden = state.hands[seat] & ~state.revealed[seat]
        tiles = tiles_of(hidden)
        pool.extend(tiles)
        other.hands[seat] = state.revealed[seat]
        slots.append((seat, len(tiles)))
    pool.sort()  # canonical: the sample depends on what `player` sees, not on where the real tiles lie
    rng.shuffle(pool)
    tm = state.game.tile_pmask
    for bound in bounds(state, player):
        # level by level, the first tiles of the shuffled pool that a level allows are a uniform choice
        dealt = 0
        for allowed, count in zip(bound.levels, bound.counts, strict=True):
            chosen = [t for t in pool if allowed >> t & 1][:count]
            if len(chosen) < count:
                break
            for t in chosen:
                other.hands[bound.seat] |= 1 << t
            taken = set(chosen)
            pool = [t for t in pool if t not in taken]
            dealt += count
        slots = [(s, k - dealt if s == bound.seat else k) for s, k in slots]
    if drawer_hidden:
        # the drawn tile is a marked slot of the drawer's hand: whatever lands there is the drawn tile
        other.drawn = pool.pop()
        other.hands[state.current_player] |= 1 << other.drawn  # type: ignore[index]
        slots = [(s, k - 1 if s == state.current_player else k) for s, k in slots]
    for seat, k in slots:
        for _ in range(k):
            other.hands[seat] |= 1 << pool.pop()
        mask = 0
        for t in tiles_of(other.hands[seat]):
            mask |= tm[t]
        other.pmasks[seat] = mask
    other.bag = pool
    return other
