"""Why an action is illegal in Le Caméléon, and why no move starts from a square: computed only when asked,
so the hot path stays lean.

Each explanation is a `Message` with a stable code, translated through this game's catalogs (`locale/`);
it says why, naming squares but never repeating the move the reader has just tried.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kameleon.engine.messages import Message, msg
from kameleon.games.cameleon import notation as nt

if TYPE_CHECKING:
    from kameleon.games.cameleon.state import CameleonState

END_REASONS = {
    "elimination": msg("reason_elimination", "all the pieces of one side were captured"),
    "three_chameleons": msg("reason_three_chameleons", "only three chameleons were left"),
    "two_chameleons": msg("reason_two_chameleons", "only the two chameleons were left"),
    "lone_piece": msg("reason_lone_piece", "a lone piece was left against two chameleons"),
    "dead_material": msg("reason_dead_material", "neither side could capture any more"),
    "no_progress": msg("reason_no_progress", "too many moves were played without a capture"),
    "repetition": msg("reason_repetition", "the same position occurred three times"),
    "double_pass": msg("reason_double_pass", "both players passed in a row"),
}
"""How a game ended (scoring.REASONS), as Messages."""


def end_reason_text(reason: str | None) -> Message | None:
    return END_REASONS.get(reason) if reason is not None else None


def why_pending(state: CameleonState) -> Message:
    """What the ply being resolved waits for (the state has a pending ply)."""
    geo = state.geo
    first = state.legal_actions()[0]
    if first < geo.kind0:
        return msg(
            "capture_pending_room",
            "finish the capture first: choose which captured piece earns a reward (your reserve is short of room)",
        )
    if first < geo.reserve0:
        return msg("capture_pending_reward", "finish the capture first: choose the colour of the reward")
    return msg("capture_pending_reserve", "finish the capture first: choose a free reserve square for the reward")


def why_illegal(state: CameleonState, action: Any) -> Message:
    """Why `action` cannot be played now (computed only on the error path)."""
    geo = state.geo
    if type(action) is not int or not 0 <= action < geo.num_actions:
        return msg(
            "not_an_action",
            "{action} is not a Le Caméléon action (an integer 0 to {last})",
            action=repr(action),
            last=geo.num_actions - 1,
        )
    if state.is_terminal:
        reason = end_reason_text(state.reason)
        if reason is None:
            return msg("game_over", "the game is over")
        return msg("game_over_because", "the game is over: {reason}", reason=reason)
    if state.pending is not None:
        return why_pending(state)
    if action == geo.pass_action:
        return msg("pass_not_allowed", "you may pass only when you have no legal move")
    if action > geo.pass_action:
        return msg("no_choice_now", "there is no choice to make: no capture is being resolved")
    s, tf, tr, dist = nt.decode_move(action)
    square = geo.names[s]
    if not (0 <= tf < 8 and 0 <= tr < geo.ranks):
        return msg("off_board", "a move from {square} in that direction leaves the board", square=square)
    code = state.board[s]
    if not code:
        return msg("empty_square", "there is no piece on {square}", square=square)
    if code >> 3 != state.turn:
        return msg("opponent_piece", "the piece on {square} is your opponent's", square=square)
    if not _starts_from(state, s):
        return msg(
            "piece_cannot_move",
            "the piece on {square} cannot move: each square it could reach holds one of your pieces "
            "or is off the playing area",
            square=square,
        )
    target = geo.names[8 * tr + tf]
    if geo.moves[action] is None:
        return msg("reserve_row_target", "no move may end on a reserve row ({target})", target=target)
    if dist > 1 and code & 7 != 7:
        return msg("only_chameleons_slide", "only a chameleon moves more than one square")
    return msg(
        "blocked_by_own_piece",
        "the way from {square} to {target} is blocked by your own piece",
        square=square,
        target=target,
    )


def _starts_from(state: CameleonState, s: int) -> bool:
    """Whether a legal displacement starts from square `s`."""
    geo = state.geo
    return any(a < geo.num_moves and (move := geo.moves[a]) is not None and move[0] == s for a in state.legal_actions())


NO_MOVE_REASONS = ("pending", "opponent", "blocked")
"""Why no move starts from a square holding a piece: a ply waits for its choices, the piece is the
opponent's, or each square it could reach holds one of the mover's pieces or is off the playing area."""


def why_no_move_from(state: CameleonState, starts: set[int]) -> dict[int, str]:
    """Square -> reason (one of NO_MOVE_REASONS) for every piece from which no legal displacement starts,
    given the squares `starts` of the legal displacements; empty when the game is over."""
    if state.is_terminal:
        return {}
    turn = state.turn
    reasons = {}
    for s, code in enumerate(state.board):
        if code and s not in starts:
            if state.pending is not None:
                reasons[s] = "pending"
            elif code >> 3 != turn:
                reasons[s] = "opponent"
            else:
                reasons[s] = "blocked"
    return reasons
