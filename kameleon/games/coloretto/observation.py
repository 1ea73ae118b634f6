"""A fixed-length numeric encoding of what one seat sees, for learning agents (PettingZoo, OpenSpiel).

Everything here is public information (rules section 8); seats are rotated so
that the observer is always first. The layout, for `players = n` and `k` rows:

| part | size |
| --- | --- |
| each seat's collection, observer first: count of each card kind / 9 | 10 n |
| each seat still in the round, observer first | n |
| each row: count of each card kind / 3, capacity / 3, in the centre | 12 k |
| the drawn card, one-hot | 10 |
| phase (turn, place, declare, over), one-hot | 4 |
| colours in play | 7 |
| pile: count of each card kind / 9, size / 80, cards above the last-round card / 80, final round | 13 |
| declaration (manual scoring): jokers given to each colour / 3, colours marked positive | 14 |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.games.coloretto.cards import LAST_ROUND, NUM_COLOURS, NUM_KINDS

if TYPE_CHECKING:
    from kameleon.games.coloretto.game import ColorettoGame
    from kameleon.games.coloretto.state import ColorettoState


def size(game: ColorettoGame) -> int:
    n, k = game.num_players, len(game.capacities)
    return 11 * n + 12 * k + 10 + 4 + NUM_COLOURS + 13 + 2 * NUM_COLOURS


def encode(state: ColorettoState, player: int) -> list[float]:
    """The observation of seat `player` (a function of `state.view(player)` only)."""
    n = len(state.held)
    out: list[float] = []
    seats = [(player + i) % n for i in range(n)]
    for seat in seats:
        out += [c / 9 for c in state.held[seat]]
    out += [float(state.active_mask >> seat & 1) for seat in seats]
    caps = state.game.capacities
    for r, row in enumerate(state.rows):
        kinds = [0.0] * NUM_KINDS
        for card in row:
            kinds[card] += 1 / 3
        out += kinds
        out += [caps[r] / 3, float(state.taken_by[r] < 0)]
    drawn = [0.0] * NUM_KINDS
    if state.drawn >= 0:
        drawn[state.drawn] = 1.0
    out += drawn
    phase = [0.0] * 4
    phase[state.phase] = 1.0
    out += phase
    out += [float(c in state.in_play) for c in range(NUM_COLOURS)]
    pile = state.pile_contents()
    out += [c / 9 for c in pile[:NUM_KINDS]]
    above = state.cards_above_last_round
    out += [
        state.pile_size / 80,
        (above if above is not None else 0) / 80,
        float(state.final_round or pile[LAST_ROUND] == 0),
    ]
    jokers, positive = [0.0] * NUM_COLOURS, [0.0] * NUM_COLOURS
    if state.declared is not None:
        for colour in state.declared[player][0]:
            jokers[colour] += 1 / 3
        for colour in state.declared[player][1]:
            positive[colour] = 1.0
    out += jokers + positive
    return out


def max_game_length(game: ColorettoGame) -> int:
    """An upper bound on the number of actions in a game (OpenSpiel needs one).

    Every drawn card is placed (2 actions per card of the pile); each round has at
    least one draw, so at most `pile` rounds of at most `players` takes; plus the
    manual declarations (3 wild cards, 3 positives and `done` per seat).
    """
    from kameleon.games.coloretto.cards import pile_size

    pile = pile_size(game.num_players)
    return 2 * pile + game.num_players * (pile + 1) + 7 * game.num_players
