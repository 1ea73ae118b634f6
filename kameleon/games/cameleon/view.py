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
        pending = pending_facts(state)
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
        "sides": list(SIDES),
        "moves_played": len(state.history),
    }


def pending_facts(state: CameleonState) -> dict[str, Any]:
    """What a ply waiting for its choices shows (the state has a pending ply): the displacement (its token,
    and `from`/`to`/`piece`, or `pass`), the captures still possible (`captures`: each victim, its piece,
    the rewards it may earn and whether it falls whatever the choices, `certain`), which choice is asked
    (`step`: "room", "reward" or "reserve") and `options`, one per legal choice: its `move` (the notation
    to send) and what it picks (`victim`, `kind`, `square`; a reserve square also names the reward `kind`
    and the `victim` that earns it). `choices` lists the options' notation."""
    geo = state.geo
    names = geo.names
    assert state.pending is not None
    outcomes, k, displacement, _ = state.pending
    board = state.board
    legal = state.legal_actions()
    first = legal[0]
    step = "room" if first < geo.kind0 else "reward" if first < geo.reserve0 else "reserve"
    victims: dict[int, set[int]] = {}
    falls: dict[int, int] = {}
    for o in outcomes:
        for v, kind, _sq in o.captures:
            victims.setdefault(v, set())
            if kind >= 0:
                victims[v].add(kind)
            falls[v] = falls.get(v, 0) + 1
    captures = [
        {
            "victim": names[v],
            "piece": piece_letter(board[v]),
            "rewards": sorted(KIND_LETTERS[kind] for kind in kinds),
            "certain": falls[v] == len(outcomes),
        }
        for v, kinds in sorted(victims.items(), key=lambda item: geo.order[item[0]])
    ]
    common = [_shared(o for o in outcomes if o.choices[k] == a) for a in legal]
    options = []
    for a, shared in zip(legal, common, strict=True):
        option: dict[str, Any] = {"move": nt.choice_text(a, geo, geo.reserve[state.turn])}
        if step == "room":
            option["victim"] = names[a - geo.victim0]
        elif step == "reward":
            option["kind"] = KIND_LETTERS[V + a - geo.kind0]
            decided = _decided_victim(outcomes, k, a, legal, geo)
            option["victim"] = names[decided] if decided is not None else None
        else:
            square = geo.reserve[state.turn][a - geo.reserve0]
            option["square"] = names[square]
            placed = [c for c in shared if c[2] == square]
            option["kind"] = KIND_LETTERS[placed[0][1]] if placed else None
            option["victim"] = names[placed[0][0]] if placed else None
        options.append(option)
    head: dict[str, Any]
    if displacement == geo.pass_action:
        head = {"pass": True}
    else:
        move = geo.moves[displacement]
        assert move is not None
        head = {"from": names[move[0]], "to": names[move[1]], "piece": piece_letter(board[move[1]])}
    return {
        "displacement": nt.displacement_text(displacement, geo),
        "choices": [o["move"] for o in options],
        **head,
        "captures": captures,
        "step": step,
        "options": options,
    }


def _decided_victim(outcomes: Any, k: int, action: int, legal: list[int], geo: Any) -> int | None:
    """The victim whose reward kind the choice `action` (among `legal`, choice index `k`) settles."""
    pairs: list[set[tuple[int, int]]] = []
    for a in legal:
        picked = [{(v, kind) for v, kind, _ in o.captures} for o in outcomes if o.choices[k] == a]
        pairs.append(set.intersection(*picked))
    everywhere: set[tuple[int, int]] = set.intersection(*pairs)
    mine = pairs[legal.index(action)] - everywhere
    decided = sorted((v for v, kind in mine if kind >= 0), key=geo.order.__getitem__)
    return decided[0] if decided else None


def _shared(outcomes: Any) -> set[tuple[int, int, int]]:
    """The captures (victim, reward kind, reserve square) common to every outcome given."""
    sets = [set(o.captures) for o in outcomes]
    return set.intersection(*sets) if sets else set()


def _victim(state: CameleonState, square: int) -> dict[str, Any]:
    code = state.board[square]
    return {"victim": state.geo.names[square], "piece": piece_letter(code) if code else None}


def action_facts(state: CameleonState, action: int) -> dict[str, Any]:
    """What `action` does now, as JSON-safe facts for an interface's words.

    A choice: `{"choice": "room", "victim": "d6"}`, `{"choice": "reward", "kind": "O"}` or
    `{"choice": "reserve", "square": "b1"}`. A displacement: `{"pass": True}` or the moving `piece` (its CPN
    letter), `from`, `to` and `leaves_reserve`; then `choices_follow` (the ply waits for choices) and
    `captures`, each `{"victim": square, "piece": letter, "reward": letter or None, "square": square or None}`
    (none for an action that is not legal now, or where choices follow); where choices follow,
    `sure_victims` (taken whatever is chosen) and `maybe_victims` (taken by some choices only), each
    `{"victim": square, "piece": letter}`. `{"off_area": True}` for a displacement ending off the
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
    # Where choices follow, the pieces the ply takes whatever is chosen, and those only some choices take.
    outcomes = state.pending_outcomes(action) if captures is None else ()
    taken = [{v for v, _, _ in outcome.captures} for outcome in outcomes]
    sure = set.intersection(*taken) if taken else set()
    facts["sure_victims"] = [_victim(state, v) for v in sorted(sure)]
    facts["maybe_victims"] = [_victim(state, v) for v in sorted(set().union(*taken) - sure)]
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
