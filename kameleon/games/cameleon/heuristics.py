"""Two-ply heuristic for Le Caméléon bots: material, and the captures each side can make next.

`action_values` plays each action on a copy (finishing the ply with the first
choice when the action leaves choices), then lets the opponent answer with
each of its displacements and keeps the worst answer for us (two plies). A
position is worth the material difference, plus part of the value of the
enemy pieces we already flank (they fall at the end of our next ply unless
the opponent breaks the association), from the point of view of the player
who chose the action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kameleon.games.cameleon.state import CameleonState

WEIGHTS = (1.0, 1.0, 1.0, 1.3, 1.3, 1.3, 2.5)
"""Worth of a piece by kind B R Y V O G K: rewards are worth more than primaries, chameleons most."""
THREAT = 0.5
"""Share of a flanked enemy piece's worth counted before it is actually taken."""
WIN = 1000.0


def material(state: CameleonState, seat: int) -> float:
    return sum(c * w for c, w in zip(state.counts[seat], WEIGHTS, strict=True))


def evaluate(state: CameleonState, seat: int) -> float:
    """Worth of `state` for `seat` (a position between plies)."""
    if state.is_terminal:
        winners = state.winners()
        return 0.0 if len(winners) != 1 else WIN if winners[0] == seat else -WIN
    value = material(state, seat) - material(state, 1 - seat)
    if state.turn == seat and state.free_reserve():
        board = state.board
        value += THREAT * sum(WEIGHTS[(board[v] & 7) - 1] for v, _ in state.flanked())
    return value


def finish_ply(state: CameleonState) -> None:
    """Make the remaining choices of a ply (the first of each): rewards' squares rarely matter."""
    while state.pending is not None:
        state.apply(state.legal_actions()[0])


def worst_reply(state: CameleonState, seat: int) -> float:
    """The value for `seat` after the opponent's best displacement (`state` is the opponent's turn)."""
    if state.is_terminal:
        return evaluate(state, seat)
    worst = float("inf")
    for reply in state.legal_actions():
        after = state.clone()
        after.apply(reply)
        finish_ply(after)
        worst = min(worst, evaluate(after, seat))
    return worst


def action_values(state: CameleonState, actions: list[int]) -> list[float]:
    """Higher is better for `state.current_player`."""
    seat = state.turn
    values = []
    for action in actions:
        after = state.clone()
        after.apply(action)
        finish_ply(after)
        values.append(worst_reply(after, seat))
    return values
