"""What a seat sees (rules §10.1): Le Caméléon has perfect information, so every seat sees everything.

Besides the position, the view carries the rule-derived facts interfaces draw
(the terminal renderer, the web board), so that none of them recomputes a rule:
each seat's reserve squares, the legal displacements by square, why no move
starts from the other pieces, and each seat's score breakdown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kameleon.engine.errors import IllegalAction
from kameleon.games.cameleon import notation as nt
from kameleon.games.cameleon.chart import KIND_LETTERS, V, piece_letter
from kameleon.games.cameleon.explain import why_no_move_from

if TYPE_CHECKING:
    from kameleon.games.cameleon.state import CameleonState

SIDES = ("round", "square")


def view(state: CameleonState, seat: int | None) -> dict[str, Any]:
    """The whole state as JSON-safe data: the same for both seats and spectators (perfect information).

    `moves` maps a square to the targets of the legal displacements from it, each with the action's
    notation (as in the legal move list); `no_move_from` maps every other square holding a piece to why no
    move starts there (explain.NO_MOVE_REASONS)."""
    geo = state.geo
    names = geo.names
    pending = None
    moves: dict[str, dict[str, str]] = {}
    starts: set[int] = set()
    if state.pending is not None:
        pending = {
            "displacement": nt.displacement_text(state.pending[2], geo),
            "choices": [state.action_to_str(a) for a in state.legal_actions()],
        }
    elif not state.is_terminal:
        for action in state.legal_actions():
            move = geo.moves[action] if action < geo.num_moves else None
            if move is not None:
                starts.add(move[0])
                moves.setdefault(names[move[0]], {})[names[move[1]]] = nt.action_to_str(state, action)
    return {
        "cpn": state.to_cpn(),
        "ranks": geo.ranks,
        "pieces": {names[s]: piece_letter(code) for s, code in enumerate(state.board) if code},
        "reserves": [[names[s] for s in squares] for squares in geo.reserve],
        "to_move": SIDES[state.turn],
        "current_player": state.current_player,
        "no_progress": state.no_progress,
        "move_number": state.move_number,
        "last_pass": state.last_pass,
        "trays": None if state.tray is None else [dict(zip("VOGK", t, strict=True)) for t in state.tray],
        "pending": pending,
        "moves": moves,
        "no_move_from": {names[s]: why for s, why in why_no_move_from(state, starts).items()},
        "terminal": state.is_terminal,
        "winners": state.winners(),
        "reason": state.reason,
        "scores": [b.as_dict() for b in state.breakdowns()],
    }


def action_facts(state: CameleonState, action: int) -> dict[str, Any]:
    """What `action` does now, as JSON-safe facts for an interface's words.

    A choice: `{"choice": "room", "victim": "d6"}`, `{"choice": "reward", "kind": "O"}` or
    `{"choice": "reserve", "square": "b1"}`. A displacement: `{"pass": True}` or the moving `piece` (its CPN
    letter), `from`, `to` and `leaves_reserve`; then `choices_follow` (the ply waits for choices) and
    `captures`, each `{"victim": square, "piece": letter, "reward": letter or None, "square": square or None}`
    (none for an action that is not legal now). `{"off_area": True}` for a displacement ending off the
    playing area."""
    geo = state.geo
    names = geo.names
    if action > geo.pass_action:
        if action < geo.kind0:
            return {"choice": "room", "victim": names[action - geo.victim0]}
        if action < geo.reserve0:
            return {"choice": "reward", "kind": KIND_LETTERS[V + action - geo.kind0]}
        return {"choice": "reserve", "square": names[geo.reserve[state.turn][action - geo.reserve0]]}
    facts: dict[str, Any]
    if action == geo.pass_action:
        facts = {"pass": True}
    else:
        move = geo.moves[action]
        if move is None:
            return {"off_area": True}
        s, t = move[0], move[1]
        code = state.board[s]
        facts = {
            "piece": piece_letter(code) if code else None,
            "from": names[s],
            "to": names[t],
            "leaves_reserve": bool(geo.reserve_rows >> s & 1),
        }
    try:
        captures = () if state.pending is not None or state.is_terminal else state.unique_captures(action)
    except IllegalAction:
        captures = ()
    facts["choices_follow"] = captures is None
    facts["captures"] = [
        {
            "victim": names[v],
            "piece": piece_letter(state.board[v]) if state.board[v] else None,
            "reward": KIND_LETTERS[k] if k >= 0 else None,
            "square": names[sq] if k >= 0 else None,
        }
        for v, k, sq in captures or ()
    ]
    return facts
