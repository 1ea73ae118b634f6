"""Why an action is illegal in Le Caméléon, and why no move starts from a square: computed only when asked,
so the hot path stays lean."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kameleon.games.cameleon import notation as nt

if TYPE_CHECKING:
    from kameleon.games.cameleon.state import CameleonState


def why_illegal(state: CameleonState, action: Any) -> str:
    """Why `action` cannot be played now (computed only on the error path)."""
    geo = state.geo
    if type(action) is not int or not 0 <= action < geo.num_actions:
        return f"{action!r} is not a Le Caméléon action (an integer 0 to {geo.num_actions - 1})"
    if state.is_terminal:
        return f"the game is over ({state.reason})"
    if state.pending is not None:
        legal = " ".join(state.action_to_str(a) for a in state.legal_actions())
        return f"the ply {nt.displacement_text(state.pending[2], state.geo)} is waiting for a choice: one of {legal}"
    if action == geo.pass_action:
        return "you may pass only when you have no legal move"
    if action > geo.pass_action:
        return "there is no choice to make: no capture is being resolved"
    s, tf, tr, dist = nt.decode_move(action)
    if not (0 <= tf < 8 and 0 <= tr < geo.ranks):
        return f"a move from {geo.names[s]} in that direction leaves the board"
    text = nt.displacement_text(action, geo)
    code = state.board[s]
    if not code:
        return f"{text}: there is no piece on {geo.names[s]}"
    if code >> 3 != state.turn:
        return f"{text}: the piece on {geo.names[s]} is your opponent's"
    if geo.moves[action] is None:
        return f"{text}: no move may end on a reserve row"
    if dist > 1 and code & 7 != 7:
        return f"{text}: only a chameleon moves more than one square"
    return f"{text}: the way is blocked by your own piece"


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
