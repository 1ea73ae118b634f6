"""A fixed-length numeric encoding of a Le Caméléon position for learning agents (PettingZoo, OpenSpiel).

The game has perfect information, so the encoding is the whole position, seen
from the observer: piece planes are owner-relative (the observer's pieces in
the first seven channels of a square), the board keeps its orientation.
For `n` squares (72, or 88 with `board = 8x11`):

| part | size |
| --- | --- |
| per square: observer's piece kind one-hot (7), opponent's (7) | 14 n |
| the displacement whose capture choices are pending: from square, to square | 2 n |
| observer to move, choices pending, last ply a pass, no-progress / limit, move m as m/(m+200), finite supply | 6 |
| trays (finite supply): observer's then opponent's pieces left of kinds V, O, G, K, / box count | 8 |

The first two parts are also offered as (C, H, W) = (16, ranks, 8) planes
(`Observation.planes`): channels 0-13 the piece kinds above, 14 and 15 the pending
displacement's from and to squares; row `r` is rank `r + 1`, column `f` file `a + f`
(plane cell `(r, f)` is square `8r + f`).

The rules bound no game's length, so the move number is squashed into [0, 1) rather than divided: every
entry lies in [0, 1] (`HIGH`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.engine.hooks import Observation, Planes
from kameleon.games.cameleon.chart import BOX, K, V

if TYPE_CHECKING:
    from kameleon.games.cameleon.game import CameleonGame
    from kameleon.games.cameleon.state import CameleonState

KINDS = 7
TRAY_KINDS = (V, V + 1, V + 2, K)
HIGH = 1.0


def size(game: CameleonGame) -> int:
    return 16 * game.geo.size + 6 + 8


def encode(state: CameleonState, player: int) -> list[float]:
    n = state.geo.size
    out = [0.0] * size(state.game)
    for square, code in enumerate(state.board):
        if code:
            owner = (code >> 3) ^ player
            out[square * 14 + owner * KINDS + (code & 7) - 1] = 1.0
    base = 14 * n
    if state.pending is not None:
        move = state.geo.moves[state.pending[2]] if state.pending[2] < len(state.geo.moves) else None
        if move is not None:
            out[base + move[0]] = 1.0
            out[base + n + move[1]] = 1.0
    base += 2 * n
    limit = state.game.np_limit
    out[base : base + 6] = [
        float(state.turn == player),
        float(state.pending is not None),
        float(state.last_pass),
        min(state.no_progress / limit, 1.0) if limit else 0.0,
        state.move_number / (state.move_number + 200),
        float(state.tray is not None),
    ]
    if state.tray is not None:
        base += 6
        for i, seat in enumerate((player, 1 - player)):
            for j, kind in enumerate(TRAY_KINDS):
                out[base + 4 * i + j] = state.tray[seat][j] / BOX[kind]
    return out


def max_game_length(game: CameleonGame) -> int:
    """A practical cap for OpenSpiel, not a proven bound: captures can return material through
    rewards, so the rules bound no game's length; 300 random games measured at most 640 actions."""
    return 20_000


def planes(game: CameleonGame) -> Planes:
    """Where the square-major piece part and the two pending-square parts lie, as planes."""
    n = game.geo.size
    index = [s * 14 + c for c in range(14) for s in range(n)]
    index += [14 * n + s for s in range(n)] + [15 * n + s for s in range(n)]
    return Planes((16, game.geo.ranks, 8), tuple(index))


def encoding(game: CameleonGame) -> Observation:
    """This module as the game's `Game.observation()`."""
    return Observation(
        size=size(game),
        encode=encode,
        max_game_length=max_game_length(game),
        planes=planes(game),
        high=HIGH,
    )
