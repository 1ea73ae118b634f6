"""Each stored move as a language-neutral event (rules §4-§6, §10.2), for move logs that interfaces word.

A ply is one displacement action (or the pass) followed, only when its resolution leaves the mover a
choice, by choice actions; each action is one stored move, so each gets an event. The action that
completes the ply (the displacement itself when nothing is left to choose, else the last choice) carries
the whole ply: the displacement and every capture with its reward and reserve square. Squares and pieces
are named as `view()` names them (`"c4"`, CPN letters: upper case Round, lower case Square). Le Caméléon
hides nothing, so every seat learns the same event.

>>> import kameleon
>>> game = kameleon.load("cameleon", start="8/5b2/3R4/3y3b/8/2Y5/8/8/8 R 0 1")
>>> state = game.new_state(0)
>>> after = state.clone()
>>> action = after.apply_str("c4-d5*")
>>> event(state, action, after, None)["choices_follow"]
True
>>> last = after.clone()
>>> choice = last.apply_str("@h1")
>>> event(after, choice, last, None)["captures"]
[{'victim': 'd6', 'piece': 'y', 'reward': 'O', 'square': 'h1'}]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kameleon.games.cameleon import notation as nt
from kameleon.games.cameleon.chart import KIND_LETTERS, piece_letter
from kameleon.games.cameleon.view import SIDES, action_facts, pending_facts

if TYPE_CHECKING:
    from kameleon.games.cameleon.state import CameleonState


def event(before: CameleonState, action: int, after: CameleonState, seat: int | None) -> dict[str, Any]:
    """What `action`, played in `before` and leading to `after`, did (the same for every `seat`).

    Kinds: `move` {piece, from, to, leaves_reserve} and `pass` {} for a displacement; `choice` {choice:
    "room" | "reward" | "reserve", victim: the captured piece's square the choice is about, reward: the
    reward kind (not for "room"), square: the reserve square (for "reserve")} for a choice inside a ply. Every event
    has `side` ("round"/"square", the mover's), `choices_follow` (the ply waits for more choices),
    `captures` (once the ply is complete: each `{"victim", "piece", "reward", "square"}`, reward and square
    None for a capture without reward), `game_over` and `reason` (the end reason, or None). A `choice` event
    that completes its ply also repeats the ply's displacement under `ply` (`{"pass": True}` or piece,
    from, to, leaves_reserve).
    """
    del seat  # perfect information: every seat sees the same
    geo = before.geo
    names = geo.names
    out: dict[str, Any]
    if action > geo.pass_action:
        move = nt.choice_text(action, geo, geo.reserve[before.turn])
        pending = pending_facts(before)
        option = next(o for o in pending["options"] if o["move"] == move)
        step = pending["step"]
        out = {"kind": "choice", "choice": step, "victim": option.get("victim")}
        if step != "room":
            out["reward"] = option.get("kind")
        if step == "reserve":
            out["square"] = option["square"]
    elif action == geo.pass_action:
        out = {"kind": "pass"}
    else:
        facts = action_facts(before, action)
        out = {"kind": "move", **{k: facts[k] for k in ("piece", "from", "to", "leaves_reserve")}}
    out["side"] = SIDES[before.turn]
    complete = after.pending is None
    out["choices_follow"] = not complete
    captures: list[dict[str, Any]] = []
    if complete and after.last_ply is not None:
        # The victims still stand on `before`'s board: a ply's captures are made only when it completes.
        board = before.board
        for v, k, sq in after.last_ply[1]:
            captures.append(
                {
                    "victim": names[v],
                    "piece": piece_letter(board[v]) if board[v] else None,
                    "reward": KIND_LETTERS[k] if k >= 0 else None,
                    "square": names[sq] if k >= 0 else None,
                }
            )
        if out["kind"] == "choice":
            out["ply"] = displacement(before, after.last_ply[0])
    out["captures"] = captures
    out["game_over"] = after.is_terminal
    out["reason"] = after.reason
    return out


def displacement(state: CameleonState, action: int) -> dict[str, Any]:
    """The displacement `action` of the ply now being resolved in `state`: `{"pass": True}` or the moved
    piece (as it stands on its target square now), from, to and leaves_reserve."""
    geo = state.geo
    if action == geo.pass_action:
        return {"pass": True}
    move = geo.moves[action]
    assert move is not None
    s, t = move[0], move[1]
    code = state.board[t]
    return {
        "piece": piece_letter(code) if code else None,
        "from": geo.names[s],
        "to": geo.names[t],
        "leaves_reserve": bool(geo.reserve_rows >> s & 1),
    }
