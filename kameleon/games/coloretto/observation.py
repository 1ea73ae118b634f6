"""A fixed-length numeric encoding of what one seat sees, for learning agents (PettingZoo, OpenSpiel).

Everything here is public information (rules section 8); seats are rotated so
that the observer is always first. The layout, for `players = n` and `k` rows:

| part | size |
| --- | --- |
| each seat's collection, observer first: count of each card kind / 9 | 10 n |
| each seat still in the round, observer first | n |
| the seat to move, one-hot, observer first (none once the game is over) | n |
| each row: count of each card kind / 3, capacity / 3, in the centre | 12 k |
| the drawn card, one-hot | 10 |
| phase (turn, place, declare, over), one-hot | 4 |
| colours in play | 7 |
| pile: count of each card kind / 9, size / 80, cards above the last-round card / 80, final round | 13 |
| declaration (manual scoring): jokers given to each colour / 3, colours marked positive | 14 |

Every entry lies in [0, 10 / 9] (`HIGH`): the most cards of one kind are the ten +2 cards, counted in ninths.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from kameleon.engine.hooks import Observation
from kameleon.games.coloretto.cards import LAST_ROUND, NUM_COLOURS, NUM_KINDS, pile_size

if TYPE_CHECKING:
    from kameleon.games.coloretto.game import ColorettoGame
    from kameleon.games.coloretto.state import ColorettoState


def size(game: ColorettoGame) -> int:
    n, k = game.num_players, len(game.capacities)
    return 12 * n + 12 * k + 10 + 4 + NUM_COLOURS + 13 + 2 * NUM_COLOURS


_NINTHS = tuple(k / 9 for k in range(100))
HIGH = 10 / 9
_THIRD = 1 / 3


@lru_cache(maxsize=64)
def _in_play_flags(in_play: tuple[int, ...]) -> tuple[float, ...]:
    return tuple(float(c in in_play) for c in range(NUM_COLOURS))


def encode(state: ColorettoState, player: int) -> list[float]:
    """The observation of seat `player` (a function of `state.view(player)` only)."""
    held = state.held
    n = len(held)
    ninths = _NINTHS.__getitem__
    out: list[float] = []
    extend = out.extend
    seats = [(player + i) % n for i in range(n)]
    for seat in seats:
        extend(map(ninths, held[seat]))
    active = state.active_mask
    extend([float(active >> seat & 1) for seat in seats])
    extend([float(seat == state.current_player) for seat in seats])  # the same table, but whose turn?
    caps, taken_by = state.game.capacities, state.taken_by
    for r, row in enumerate(state.rows):
        part = [0.0] * (NUM_KINDS + 2)
        for card in row:
            part[card] += _THIRD
        part[NUM_KINDS] = caps[r] * _THIRD
        part[NUM_KINDS + 1] = float(taken_by[r] < 0)
        extend(part)
    tail = [0.0] * (NUM_KINDS + 4)
    if state.drawn >= 0:
        tail[state.drawn] = 1.0
    tail[NUM_KINDS + state.phase] = 1.0
    extend(tail)
    extend(_in_play_flags(state.in_play))
    pile = state.pile_contents()
    extend(map(ninths, pile[:NUM_KINDS]))
    above = state.cards_above_last_round
    extend((state.pile_size / 80, (above or 0) / 80, float(state.final_round or not pile[LAST_ROUND])))
    jokers, positive = [0.0] * NUM_COLOURS, [0.0] * NUM_COLOURS
    if state.declared is not None:
        for colour in state.declared[player][0]:
            jokers[colour] += _THIRD
        for colour in state.declared[player][1]:
            positive[colour] = 1.0
    extend(jokers)
    extend(positive)
    return out


def max_game_length(game: ColorettoGame) -> int:
    """An upper bound on the number of actions in a game (OpenSpiel needs one).

    Every drawn card is placed (2 actions per card of the pile); each round has at
    least one draw, so at most `pile` rounds of at most `players` takes; plus the
    manual declarations (3 wild cards, 3 positives and `done` per seat).
    """
    pile = pile_size(game.num_players)
    return 2 * pile + game.num_players * (pile + 1) + 7 * game.num_players


def encoding(game: ColorettoGame) -> Observation:
    """This module as the game's `Game.observation()`."""
    return Observation(
        size=size(game),
        encode=encode,
        max_game_length=max_game_length(game),
        high=HIGH,
    )
