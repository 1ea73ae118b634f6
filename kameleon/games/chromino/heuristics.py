"""Heuristics for Chromino bots: which placement to make (`action_values`) and how a seat stands (`evaluate`).

Values are for `state.current_player`, higher is better. Chromino is a race to an
empty hand in which a turn is lost whenever no tile of the hand fits, so a
placement is judged by what the layout looks like *after* it:

* going out wins, and dominates everything;
* **keep the easy tiles, play the hard ones.** `EASE` is the share of layouts
  (measured over random games) on which a tile of each shape fits somewhere:
  a chameleon about 95%, `aab` and `abc` tiles about 60%, a single colour `aaa`
  41%, and a palindrome `aba` only 37%. Playing the least easy tile that fits
  now keeps a hand that will fit later;
* **keep the rest of the hand playable**: each remaining tile that still fits
  after the move, plus a little for the number of its positions;
* **block the others**, from public information only: a revealed last tile
  (§5.6) that still fits after the move is one turn from going out, so it
  costs `BLOCK_REVEALED`; for the hidden tiles, the tiles nobody has seen
  (not on the table, not in the mover's hand, not revealed) are the pool an
  opponent's hand was dealt from, less the tiles that fitted when that
  opponent last drew (`determinize.bounds`), and `BLOCK_HIDDEN` rewards the chance that
  none of an opponent's hidden tiles fits (drawn without replacement from the
  pool, of which `m` tiles fit);
* a chameleon may never be the last tile (§5.4): leaving one alone in hand
  costs a turn at least, so it is strongly avoided (and keeping a drawn tile
  under `drawn_tile="may"` is preferred when placing it would leave a lone
  chameleon);
* with Expert scoring the points of the placement (`scoring.placement_points`) are added.

The weights were tuned by seeded matches against uniformly random play
(2 players, 600-800 games a setting). With them the greedy bot wins about 71%
of its games against random play (a shared win counts for both). The luck of
the draw caps what any bot can do: a fair flat Monte Carlo search wins 66-72%
too, one that knows the opponent's hand about 81%, and only one that also knows
the order of the bag 89-93% (`kameleon.research.oracle`, docs/bots.md).

`action_values` serves the greedy bot; `evaluate` scores the rollouts that
ISMCTS cuts short, by the learned position value of `value.py` for the numbers
of players it was fitted for.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from kameleon.games.chromino.determinize import bounds
from kameleon.games.chromino.notation import DRAW, PASS
from kameleon.games.chromino.scoring import placement_points
from kameleon.games.chromino.tiles import CHAMELEON_MASK, NUM_TILES, tiles_of
from kameleon.games.chromino.value import fitted, shape
from kameleon.games.chromino.value import value as learned_value

if TYPE_CHECKING:
    from kameleon.games.chromino.board import Board
    from kameleon.games.chromino.state import ChrominoState

GO_OUT = 100.0
EASE_WEIGHT = 10.0
"""Per unit of the played tile's `EASE`: playing an easy tile gives up a tile that would fit later."""
STILL_FITS = 1.0
"""Per tile left in hand that fits somewhere after the move."""
POSITIONS = 1.5
"""Scale of `1 - exp(-n / POSITIONS_SPAN)` for the `n` positions the rest of the hand has after the move."""
POSITIONS_SPAN = 4.0
BLOCK_REVEALED = 20.0
"""Per opponent's revealed tile that fits somewhere after the move."""
BLOCK_HIDDEN = 10.0
"""Times the probability that none of an opponent's hidden tiles fits after the move."""
LONE_CHAMELEON = 8.0
EXPERT_POINT = 1.0

EASE = (0.95, 0.41, 0.37, 0.60, 0.58)
"""By `value.SHAPES`: chameleon, `aaa`, `aba`, `aab`, `abc`."""

STUCK = 1.2
"""`evaluate` without a learned value: tiles a seat is worth behind when none of its tiles fits."""
HAND_EASE = 0.25
"""`evaluate` without a learned value: per unit of ease of the tiles in hand (an easy hand empties sooner)."""


def ease(colours: tuple[int, int, int]) -> float:
    """The share of layouts on which a tile of this shape fits somewhere (see the module docstring)."""
    return EASE[shape(colours)]


def none_fits(pool: int, fitting: int, hidden: int) -> float:
    """Probability that `hidden` tiles drawn without replacement from `pool` tiles miss all `fitting` ones."""
    if hidden <= 0:
        return 1.0
    if pool - fitting < hidden:
        return 0.0
    p = 1.0
    for i in range(hidden):
        p *= (pool - fitting - i) / (pool - i)
    return p


def _positions(state: ChrominoState, board: Board, pmask: int) -> dict[int, int]:
    """Tile -> number of its legal positions on `board` for the placement bits `pmask`, by the engine's own
    listing (so Bambino is covered too). `state` is a scratch copy whose board is replaced."""
    state.board = board
    tile_of = state.game.tile_of
    counts: dict[int, int] = {}
    for action in state.placements(pmask):
        t = tile_of(action)
        counts[t] = counts.get(t, 0) + 1
    return counts


class _Public:
    """What the mover knows about the other seats: their revealed tiles and, for their hidden ones, the pool
    of unseen tiles they were dealt from (the table and the mover's hand excluded), narrowed by their draws
    (`determinize.bounds`): tiles that fitted when a seat last drew are not in its hand."""

    __slots__ = ("hidden", "pool", "pool_size", "revealed")

    def __init__(self, state: ChrominoState, seat: int) -> None:
        on_table = 0
        for entry in state.placed:
            on_table |= 1 << entry[0]
        open_hands = state.game.options["open_hands"]
        self.revealed = 0
        sizes: dict[int, int] = {}
        for other, size in enumerate(state.sizes):
            if other == seat or state.out[other]:
                continue
            shown = state.hands[other] if open_hands else state.revealed[other]
            self.revealed |= shown
            sizes[other] = size - shown.bit_count()
        everything = (1 << NUM_TILES) - 1
        self.pool = everything & ~on_table & ~state.hands[seat] & ~self.revealed
        self.pool_size = self.pool.bit_count()
        self.hidden: list[tuple[tuple[tuple[int, int], ...], int]] = []
        """Per seat with hidden tiles: ((pool of a level, tiles it binds), ...) and how many tiles are free."""
        narrowed = {} if open_hands else {b.seat: b for b in bounds(state, seat)}
        for other, k in sizes.items():
            b = narrowed.get(other)
            levels = () if b is None else tuple(zip((self.pool & a for a in b.levels), b.counts, strict=True))
            if any(pool.bit_count() < count for pool, count in levels):
                levels = ()
            self.hidden.append((levels, k - sum(count for _, count in levels)))

    def blocking(self, fitting: dict[int, int]) -> float:
        """How well a layout on which exactly the tiles of `fitting` fit blocks the other seats."""
        value = 0.0
        for t in tiles_of(self.revealed):
            if t in fitting:
                value -= BLOCK_REVEALED
        if self.hidden:
            fits = 0
            for t in fitting:
                fits |= 1 << t
            m = (fits & self.pool).bit_count()
            for levels, free in self.hidden:
                p = none_fits(self.pool_size, m, free)
                for pool, count in levels:
                    p *= none_fits(pool.bit_count(), (fits & pool).bit_count(), count)
                value += BLOCK_HIDDEN * p
        return value


def action_values(state: ChrominoState, actions: list[int]) -> list[float]:
    seat = state.current_player
    assert seat is not None
    game = state.game
    board = state.board
    hand = state.hands[seat]
    size = state.sizes[seat]
    public = _Public(state, seat)
    scratch = state.clone()
    watched = _pmask(state, public.pool | public.revealed)
    values = []
    for action in actions:
        if action in (DRAW, PASS):
            values.append(_keep_value(state, seat))
            continue
        t = game.tile_of(action)
        if size == 1:
            values.append(GO_OUT)
            continue
        left = hand & ~(1 << t)
        after = board.clone()
        after.place(game.board_fp(action), game.laid[2 * t + ((action - 2) & 1)])
        left_pmask = _pmask(state, left)
        mine = _positions(scratch, after, left_pmask)
        theirs = _positions(scratch, after, watched)
        value = -EASE_WEIGHT * ease(game.codec.colours[t])
        value += STILL_FITS * len(mine) + POSITIONS * (1.0 - math.exp(-sum(mine.values()) / POSITIONS_SPAN))
        value += public.blocking(theirs)
        if size == 2 and left & CHAMELEON_MASK:
            value -= LONE_CHAMELEON
        if game.expert:
            value += EXPERT_POINT * placement_points(state, t, game.board_fp(action))
        values.append(value)
    return values


def _pmask(state: ChrominoState, tiles: int) -> int:
    """Placement bits of a set of tiles (a hand mask)."""
    table = state.game.tile_pmask
    mask = 0
    for t in tiles_of(tiles):
        mask |= table[t]
    return mask


def _keep_value(state: ChrominoState, seat: int) -> float:
    """Drawing or passing: forced unless a drawn tile may be kept; keeping is worth it only to avoid
    leaving a lone chameleon, which the placements' own penalty already expresses."""
    return -LONE_CHAMELEON / 2 if state.sizes[seat] == 2 else 0.0


def evaluate(state: ChrominoState, seat: int) -> float:
    """How well `seat` stands (higher is better; the search compares the seats of one state, so only the
    differences between them mean anything, and a seat that went out is ahead of every seat that did not).

    The learned `value.value`, in log-odds, when it was fitted for this number of players. Otherwise a
    hand-made score: minus the tiles in hand, less `STUCK` when none of them fits now (a lone chameleon never
    does), plus `HAND_EASE` per unit of their ease. Used by ISMCTS to score rollouts cut short
    (`rollout_depth`)."""
    if fitted(len(state.sizes)):
        return learned_value(state, seat)
    if state.out[seat]:
        return 1.0
    colours = state.game.codec.colours
    score = -float(state.sizes[seat]) + HAND_EASE * sum(ease(colours[t]) for t in tiles_of(state.hands[seat]))
    if not state.placements(state.turn_mask(seat)):
        score -= STUCK
    return score
