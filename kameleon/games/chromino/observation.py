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
| each seat: hand size / 80, gone out, to move, first player, first out, Expert points / 100 | 6 n |
| the drawn tile, one-hot (to the drawer, or to all with `open_hands`) | 80 |
| phase (turn, after_draw, over), bag size / 80, draws this turn / 80, final round, stalemate count / n | 7 |

(a) the observer's whole hand; another seat's last tile once revealed (§9), or
its whole hand with `open_hands`.

The planes cover every cell a tile anchored inside the window can cover, so while
an episode runs (no placement outside the window has been possible) the whole
layout is in view. Expert points are public (§7.5) and have no small bound, hence `HIGH = inf`.
"""

from __future__ import annotations

from array import array
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from kameleon.engine.hooks import ActionWindow, Observation
from kameleon.games.chromino.notation import DRAW, PASS, Codec
from kameleon.games.chromino.tiles import NUM_TILES

if TYPE_CHECKING:
    from kameleon.games.chromino.game import ChrominoGame
    from kameleon.games.chromino.state import ChrominoState

WINDOWS = {"standard": 25, "bambino": 48}
"""W′ per `placement` option: anchors with |row|, |col| ≤ W′ have a windowed action index."""
CHANNELS = 6
LOW = 0.0
HIGH = float("inf")
_SEAT = NUM_TILES + 6
_TAIL = NUM_TILES + 7


def window(game: ChrominoGame) -> int:
    """W′ of this game (by its `placement` option)."""
    return WINDOWS[game.options["placement"]]


def size(game: ChrominoGame) -> int:
    d = 2 * window(game) + 3
    return CHANNELS * d * d + NUM_TILES + _SEAT * game.num_players + _TAIL


class _Frame:
    """Per-game constants of the encoding, and board cell -> offset in a plane (or -1), filled as met."""

    __slots__ = ("d", "offsets", "plane", "s", "shift", "zeros")

    def __init__(self, game: ChrominoGame) -> None:
        v = window(game)
        self.d = 2 * v + 3
        self.plane = self.d * self.d
        self.s = game.codec.S
        self.shift = game.codec.W - v  # board coordinate minus observed coordinate, on each axis
        self.zeros = bytes(4 * size(game))
        self.offsets: dict[int, int] = {}

    def offset(self, cell: int) -> int:
        r = cell // self.s - self.shift
        c = cell % self.s - self.shift
        found = r * self.d + c if 0 <= r < self.d and 0 <= c < self.d else -1
        self.offsets[cell] = found
        return found


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
    for cells, colours in state.board.laid:
        for i in (0, 1, 2):
            cell = cells[i]
            at = offsets.get(cell)
            if at is None:
                at = frame.offset(cell)
            if at >= 0:  # always, in an episode that was never truncated
                out[colours[i] * plane + at] = 1.0
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
        out[base + 5] = points[q] / 100 if expert else 0.0
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
    p = game.codec.decode(action)
    v = window(game)
    if not (-v <= p.row <= v and -v <= p.col <= v):
        return None
    return _window_codec(game).encode(p.tile, "HV".index(p.orientation), p.row, p.col, p.flipped)


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
    return Observation(
        size=size(game),
        encode=encode,
        max_game_length=max_game_length(game),
        low=LOW,
        high=HIGH,
        window=ActionWindow(num_actions(game), partial(to_env, game), partial(from_env, game)),
        returns=returns,
    )
