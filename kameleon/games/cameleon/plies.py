"""Whole plies as text (rules §9.3-§9.4): the actions a ply token stands for, every legal ply's token, and
the game's plies so far. A ply is a displacement and the choices of its resolution; these helpers work on
clones, never on the state they are given."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.engine.errors import IllegalAction, KameleonError, NotationError
from kameleon.games.cameleon import notation as nt
from kameleon.games.cameleon.resolution import Resolutions, spell

if TYPE_CHECKING:
    from kameleon.games.cameleon.state import CameleonState


def expand(state: CameleonState, text: str, ply: nt.PlyText) -> tuple[list[int], CameleonState]:
    """The actions of a whole-ply token, and the state after them (`state` is unchanged)."""
    geo = state.geo
    probe = state.clone()
    probe.apply(ply.action)
    if probe.pending is None and ply.captures is None:
        return [ply.action], probe
    res = ply_resolutions(state, ply.action)
    tokens = [nt.displacement_text(ply.action, geo) + o.suffix for o in res.outcomes]
    if ply.captures is None:
        kinds = {tuple((v, k) for v, k, _ in o.captures) for o in res.outcomes}
        if len(kinds) != 1:
            raise NotationError(f"{text!r} is ambiguous; write the whole move: {' '.join(sorted(tokens))}")
        free = iter(state._free())
        wanted = tuple((v, k, next(free) if k >= 0 else -1) for v, k, _ in res.outcomes[0].captures)
    else:
        wanted = ply.captures
    index = res.spellings.get(wanted)
    if index is None:
        raise IllegalAction(
            f"{text!r} does not match the captures of this move; the legal moves are: {' '.join(sorted(tokens))}"
        )
    target = res.outcomes[index]
    actions = [ply.action]
    while probe.pending is not None:
        choice = target.choices[probe.pending[1]]
        probe.apply(choice)
        actions.append(choice)
    return actions, probe


def ply_resolutions(state: CameleonState, action: int) -> Resolutions:
    """Every outcome of the legal displacement `action`, from the current position."""
    probe = state.clone()
    moved = -1
    if action != state.geo.pass_action:
        move = state.geo.moves[action]
        assert move is not None
        s, moved = move[0], move[1]
        probe.board[moved], probe.board[s] = probe.board[s], 0
        probe.occ[state.turn] ^= (1 << s) | (1 << moved)
    return probe._resolutions(probe._candidates(moved))


def ply_tokens(state: CameleonState) -> list[str]:
    """The canonical tokens of the legal plies (every resolution of every legal displacement)."""
    if state.pending is not None or state.is_terminal:
        return []
    out: list[str] = []
    for action in state.legal_actions():
        head = nt.displacement_text(action, state.geo)
        out.extend(head + o.suffix for o in ply_resolutions(state, action).outcomes)
    return sorted(out)


def move_tokens(state: CameleonState) -> list[str]:
    """One canonical token per ply (§9.4); an unfinished last ply as `c4-d5*` and its choices so far."""
    if state.seed is None:
        raise KameleonError("this state was made by determinize and has no replayable history")
    replica = state.game.new_state(state.seed)
    tokens: list[str] = []
    partial: list[str] = []
    for action in state.history:
        partial.append(replica.action_to_str(action) if partial else nt.displacement_text(action, state.geo) + "*")
        replica.apply(action)
        if replica.pending is None:
            assert replica.last_ply is not None
            tokens.append(nt.displacement_text(replica.last_ply[0], state.geo) + spell(replica.last_ply[1], state.geo))
            partial = []
    return tokens + partial
