"""A fixed-size encoding of what one seat sees, and a windowed action space, for learning agents.

The board has no edge and the full index space of §12 has ≈ 33 million entries,
so learning environments use a window (§12 "RL masks"): the same index formula
with a smaller `W′` instead of W, a centred crop of the same planes:

    2 + ((((tile·2 + o)·S′ + row + W′)·S′ + col + W′)·2 + flipped),  S′ = 2W′ + 1

`draw` = 0 and `pass` = 1 as in the game. `W′ = WINDOWS[placement]`: 25 for the
standard game (`num_actions` = 2 + 320·51² = 832,322) and 48 for Bambino, whose
chains run further (2 + 320·97² = 3,010,882). Change `WINDOWS` before building an
environment to trade mask size for fewer truncations. A placement whose anchor has
|row| or |col| > W′ has no windowed index (`to_env` returns None); an adapter must
then end the episode as truncated rather than hide the move (both adapters do).
Measured with uniformly random play: standard games reach it in about 1 solo game
in 300 and not in 300 games of 2, 4 or 8 players; Bambino in about 1 in 100 games of
4 players and 6 in 100 of 8.

Observation layout (only what `view(player)` shows; seats rotated so the observer
comes first; `D = 2W′ + 3` (53 standard, 99 Bambino), `n` seats, 80 tiles by id):

| part | size |
| --- | --- |
| board: colour planes R, Y, G, B, P, wild centre over rows and cols −W′..W′+2, plane-major, rows then cols | 6 D² |
| tiles on the layout, by id | 80 |
| each seat: the tiles of its hand the observer sees, by id (a) | 80 n |
| each seat: hand size / 80, gone out, to move, first player, first out, Expert points p as p / (p + 100) | 6 n |
| the drawn tile, one-hot (to the drawer, or to all with `open_hands`) | 80 |
| phase (turn, after_draw, over), bag size / 80, draws this turn / 80, final round, stalemate count / n | 7 |

(a) the observer's whole hand; another seat's last tile once revealed (§9), or
its whole hand with `open_hands`.

The planes cover every cell a tile anchored inside the window can cover, so while
an episode runs (no placement outside the window has been possible) the whole
layout is in view. Expert points are public (§7.5) and have no small bound, so they are squashed into
[0, 1) rather than divided: every entry lies in [0, 1] (`HIGH`).

The board part is also offered as (C, H, W) = (6, D, D) planes (`Observation.planes`):
plane row `i` is board row `i − W′`, column `j` is column `j − W′`, so a windowed
placement index unravels (`numpy.unravel_index(index − 2, (80, 2, S′, S′, 2))`) to
(tile, orientation, anchor row, anchor column, flipped) with the anchor at that same
plane cell: a convolutional policy can score every placement on the planes' grid.
Adapters that list the legal actions instead of masking 832,322 indices use
`MAX_LEGAL` slots (random play needs at most about 40, Bambino 75).
"""

from __future__ import annotations

from array import array
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from kameleon.engine.hooks import ActionWindow, Observation, Planes
from kameleon.games.chromino.notation import DRAW, PASS, Codec
from kameleon.games.chromino.tiles import NUM_TILES

if TYPE_CHECKING:
    from kameleon.games.chromino.game import ChrominoGame
    from kameleon.games.chromino.state import ChrominoState

WINDOWS = {"standard": 25, "bambino": 48}
"""W′ per `placement` option: anchors with |row|, |col| ≤ W′ have a windowed action index."""
CHANNELS = 6
MAX_LEGAL = 512
"""Slots of the legal-action list (`Observation.max_legal`); a state with more truncates the episode."""
LOW = 0.0
HIGH = 1.0
_SEAT = NUM_TILES + 6
_TAIL = NUM_TILES + 7


def window(game: ChrominoGame) -> int:
    """W′ of this game (by its `placement` option)."""
    return WINDOWS[game.options["placement"]]


def size(game: ChrominoGame) -> int:
    d = 2 * window(game) + 3
    return CHANNELS * d * d + NUM_TILES + _SEAT * game.num_players + _TAIL


class _Frame:
    """Per-game constants of the encoding, and board cell -> offset in a plane (-1 outside the planes)."""

    __slots__ = ("d", "offsets", "plane", "zeros")

    def __init__(self, game: ChrominoGame) -> None:
        v = window(game)
        self.d = d = 2 * v + 3
        self.plane = d * d
        s = game.codec.S
        shift = game.codec.W - v  # board coordinate minus observed coordinate, on each axis
        self.zeros = bytes(4 * size(game))
        outside = [-1] * d
        self.offsets: list[int] = []
        for r in range(s):
            if 0 <= r - shift < d:
                self.offsets += [-1] * shift + [(r - shift) * d + c for c in range(d)]
                self.offsets += [-1] * (s - shift - d)
            else:
                self.offsets += outside + [-1] * (s - d)


_FRAMES: dict[tuple[str, int], _Frame] = {}


def _frame(game: ChrominoGame) -> _Frame:
    key = (game.options["placement"], game.num_players)
    frame = _FRAMES.get(key)
    if frame is None or len(frame.zeros) != 4 * size(game):  # WINDOWS may have changed
        frame = _FRAMES[key] = _Frame(game)
    return frame


def encode(state: ChrominoState, player: int) -> array[float]:
    """The observation of seat `player` (a function of `state.view(player)` only), as float32.

    An `array('f')` rather than a list: numpy reads it without a copy, which matters at
    this size (a list of 17,000 floats costs about 1 ms to convert).
    """
    game = state.game
    frame = _frame(game)
    n = len(state.sizes)
    out = array("f", frame.zeros)
    plane, offsets = frame.plane, frame.offsets
    for (a, b, c), (x, y, z) in state.board.laid:
        a, b, c = offsets[a], offsets[b], offsets[c]
        if a >= 0 and b >= 0 and c >= 0:  # always, in an episode that was never truncated
            out[x * plane + a] = out[y * plane + b] = out[z * plane + c] = 1.0
        else:
            for at, colour in ((a, x), (b, y), (c, z)):
                if at >= 0:
                    out[colour * plane + at] = 1.0
    base = CHANNELS * plane
    for placed in state.placed:
        out[base + placed[0]] = 1.0
    base += NUM_TILES
    open_hands = game.options["open_hands"]
    hands, revealed = state.hands, state.revealed
    seats = [(player + i) % n for i in range(n)]
    for q in seats:
        seen = hands[q] if open_hands or q == player else revealed[q]
        while seen:
            low = seen & -seen
            out[base + low.bit_length() - 1] = 1.0
            seen ^= low
        base += NUM_TILES
    sizes, gone, points = state.sizes, state.out, state.points
    mover, first, first_out, expert = state.current_player, state.first, state.final_from, game.expert
    for q in seats:
        out[base] = sizes[q] / 80
        out[base + 1] = float(gone[q])
        out[base + 2] = float(mover == q)
        out[base + 3] = float(first == q)
        out[base + 4] = float(first_out == q)
        out[base + 5] = points[q] / (points[q] + 100) if expert else 0.0
        base += 6
    if state.drawn >= 0 and (open_hands or mover == player):
        out[base + state.drawn] = 1.0
    base += NUM_TILES
    out[base + state.phase] = 1.0
    out[base + 3] = len(state.bag) / 80
    out[base + 4] = state.turn_draws / 80
    out[base + 5] = float(first_out >= 0)
    out[base + 6] = state.stall / n
    return out


# --- the windowed action space ---------------------------------------------------


def _window_codec(game: ChrominoGame) -> Codec:
    """The §12 index arithmetic with W′ instead of W: the window is a centred crop of the same planes."""
    return _codec(window(game), game.codec.ends)


@lru_cache(maxsize=8)
def _codec(w: int, ends: tuple[str, ...]) -> Codec:
    return Codec(w, ends)


def num_actions(game: ChrominoGame) -> int:
    """Size of the windowed action space: 2 + 320·S′² (832,322 for W′ = 25)."""
    return _window_codec(game).num_actions


def to_env(game: ChrominoGame, action: int) -> int | None:
    """The windowed index of a game action, None when its anchor lies outside the window.

    >>> import kameleon
    >>> game = kameleon.load("chromino", players=2)
    >>> to_env(game, game.codec.parse("PRR H 0,-1")), to_env(game, game.codec.parse("RRR V 26,0"))
    (44217, None)
    """
    if action in (DRAW, PASS):
        return action
    codec = game.codec
    if type(action) is not int or not 2 <= action < codec.num_actions:
        codec.decode(action)  # the ValueError naming what is wrong
    # The index arithmetic of `Codec.decode` and `Codec.encode` inlined: adapters call this for every
    # legal action of every step.
    big, w = codec.S, codec.W
    k = action - 2
    flipped = k & 1
    k >>= 1
    col = k % big - w
    k //= big
    row = k % big - w
    k //= big  # tile * 2 + orientation
    if flipped and codec.palindrome[k >> 1]:
        codec.decode(action)
    v = window(game)
    if not (-v <= row <= v and -v <= col <= v):
        return None
    s = 2 * v + 1
    return 2 + (((k * s + row + v) * s + col + v) * 2 + flipped)


def from_env(game: ChrominoGame, index: int) -> int:
    """The game action of a windowed index (ValueError for indices that denote no action).

    >>> import kameleon
    >>> game = kameleon.load("chromino", players=2)
    >>> game.codec.to_str(from_env(game, 44217))
    'PRR H 0,-1'
    """
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < num_actions(game):
        raise ValueError(f"{index!r} is not a windowed Chromino index 0..{num_actions(game) - 1}")
    if index in (DRAW, PASS):
        return index
    p = _window_codec(game).decode(index)  # ValueError for a flipped palindrome
    return game.codec.encode(p.tile, "HV".index(p.orientation), p.row, p.col, p.flipped)


# --- OpenSpiel's needs ----------------------------------------------------------------


def max_game_length(game: ChrominoGame) -> int:
    """An upper bound on the number of actions in a game (OpenSpiel needs one).

    At most 79 placements, 79 draws (the bag) and one `pass` after each draw; every
    other `pass` is a turn that began with an empty bag and placed nothing, and `n`
    of those in a row end the game (§6.2), so there are fewer than `n` per placement,
    plus `n`.
    """
    n = game.num_players
    return 3 * (NUM_TILES - 1) + n * NUM_TILES


def returns(state: ChrominoState) -> list[float]:
    """Results for learning agents: `State.returns()`, except solo, which it would score 0 always.

    Solo (§7.7) is a success or a failure: +1 for going out, −1 for a blocked game.
    With 2 or more players the engine's zero-sum returns stand.
    """
    if len(state.sizes) == 1:
        return [1.0 if state.out[0] else -1.0] if state.is_terminal else [0.0]
    return state.returns()


def encoding(game: ChrominoGame) -> Observation:
    """This module as the game's `Game.observation()`."""
    d = 2 * window(game) + 3
    return Observation(
        size=size(game),
        encode=encode,
        max_game_length=max_game_length(game),
        low=LOW,
        high=HIGH,
        window=ActionWindow(num_actions(game), partial(to_env, game), partial(from_env, game)),
        returns=returns,
        planes=Planes((CHANNELS, d, d)),
        max_legal=MAX_LEGAL,
    )
