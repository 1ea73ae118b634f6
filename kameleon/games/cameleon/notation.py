"""Le Caméléon's actions, their stable indices (rules §10.2) and the move notation (§9.3, §9.4).

Actions are ints that are their own indices. For a board of `size` squares:

| indices | action |
| --- | --- |
| `(4 s + d) 7 + (n - 1)` for `28 size` values | displacement from square s in direction d by n squares |
| `28 size` | pass |
| then `size` values | choice: the reward room goes to the victim on square s (`xd6`) |
| then 3 values | choice: reward kind V, O or G (`=O`) |
| then 4 values | choice: the reward goes to the mover's reserve square i (`@b1`) |

A whole ply is one token, `c4-d5xd6=O@b1`: the displacement and the captures of
its resolution. Two extensions of the spec's tokens serve the action level:
`c4-d5*` is the displacement alone, its choices to follow as separate tokens
(`xd6`, `=O`, `@b1`), and a record of a game stopped in the middle of a ply
ends with such a token and the choices made so far.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from kameleon.engine.errors import IllegalAction, KameleonError, NotationError
from kameleon.engine.messages import msg
from kameleon.games.cameleon.chart import KIND_LETTERS, V

if TYPE_CHECKING:
    from kameleon.games.cameleon.board import Geometry
    from kameleon.games.cameleon.state import CameleonState

# --- actions and their indices (§10.2) ---------------------------------------

DIRECTIONS = ((1, 1), (-1, 1), (1, -1), (-1, -1))
"""Direction d as (file step, rank step)."""
MAX_DISTANCE = 7


class ActionLayout(NamedTuple):
    """Where each kind of action starts in the index space of a board of `size` squares."""

    num_moves: int
    pass_action: int
    victim0: int
    kind0: int
    reserve0: int
    num_actions: int


def action_layout(size: int) -> ActionLayout:
    num_moves = 28 * size
    victim0 = num_moves + 1
    kind0 = victim0 + size
    reserve0 = kind0 + 3
    return ActionLayout(num_moves, num_moves, victim0, kind0, reserve0, reserve0 + 4)


def move_index(square: int, direction: int, distance: int) -> int:
    return (4 * square + direction) * 7 + distance - 1


def move_action(s: int, t: int) -> int | None:
    """The action index of the displacement s -> t, or None if it is not a diagonal line."""
    df, dr = (t & 7) - (s & 7), (t >> 3) - (s >> 3)
    if df == 0 or abs(df) != abs(dr) or abs(df) > MAX_DISTANCE:
        return None
    return move_index(s, DIRECTIONS.index((1 if df > 0 else -1, 1 if dr > 0 else -1)), abs(df))


def decode_move(action: int) -> tuple[int, int, int, int]:
    """(from square, file of target, rank index of target, distance); the target may be off the board."""
    s, rest = divmod(action, 28)
    d, dist0 = divmod(rest, 7)
    df, dr = DIRECTIONS[d]
    return s, (s & 7) + df * (dist0 + 1), (s >> 3) + dr * (dist0 + 1), dist0 + 1


# --- tokens --------------------------------------------------------------------

_SQUARE = r"[a-h](?:1[01]|[1-9])"
_PLY = re.compile(
    rf"^(?:(?P<pass>pass)|(?P<src>{_SQUARE})-(?P<dst>{_SQUARE}))(?P<star>\*)?(?P<caps>(?:x{_SQUARE}(?:=[VOGK]@{_SQUARE})?)*)$"
)
_UNPLACED = re.compile(rf"^(?:pass|{_SQUARE}-{_SQUARE})\*?(?:x{_SQUARE}(?:=[VOGK](?:@{_SQUARE})?)?)*$")
"""A ply token but for a reward without its reserve square (`c4-d5xd6=O`): said as such."""
_REWARD_WITHOUT_SQUARE = re.compile(rf"x({_SQUARE})=([VOGK])(?!@)")
_CAPTURE = re.compile(rf"x({_SQUARE})(?:=([VOGK])@({_SQUARE}))?")
_CHOICE = re.compile(rf"^(?:x(?P<victim>{_SQUARE})|=(?P<kind>[VOG])|@(?P<reserve>{_SQUARE}))$")


@dataclass(frozen=True)
class PlyText:
    """A parsed ply token: the displacement action, and its captures (None when the token has no capture part)."""

    action: int
    displacement_only: bool
    captures: tuple[tuple[int, int, int], ...] | None


def square(text: str, geo: Geometry, token: str) -> int:
    s = geo.by_name.get(text)
    if s is None:
        raise NotationError(
            msg(
                "no_such_square",
                "there is no square {square} on this board (files a-h, ranks 1-{ranks})",
                square=text,
                ranks=geo.ranks,
            )
        )
    return s


def canonical(text: str) -> str:
    """`text` in the notation's case, for a reader who typed `A4-B5` or `=o`: squares, `x` and `pass` in lower
    case, the kind of a reward (the letter after `=`) in upper case."""
    return re.sub(r"=([a-z])", lambda found: "=" + found[1].upper(), text.strip().lower())


def parse_ply(text: str, geo: Geometry) -> PlyText:
    if not isinstance(text, str):
        raise NotationError(msg("move_not_string", "a move is a string, not {value}", value=repr(text)))
    token = canonical(text)
    match = _PLY.match(token)
    unplaced = _REWARD_WITHOUT_SQUARE.search(token) if match is None and _UNPLACED.match(token) else None
    if unplaced is not None:
        raise NotationError(
            msg(
                "reward_without_square",
                "{text}: the reward for the capture on {victim} needs the free square of the reserve it goes to, "
                "written x{victim}={kind}@<square>",
                text=repr(text),
                victim=unplaced[1],
                kind=unplaced[2],
            )
        )
    if match is None:
        raise NotationError(
            msg(
                "not_a_move_token",
                "{text} is not a move token; expected e.g. c4-d5, c4-d5xd6=O@b1 or pass (inside a ply: xd6, =O, @b1)",
                text=repr(text),
            )
        )
    if match["pass"]:
        action = geo.pass_action
    else:
        s, t = square(match["src"], geo, token), square(match["dst"], geo, token)
        found = move_action(s, t)
        if found is None:
            raise NotationError(
                msg(
                    "not_diagonal",
                    "pieces move diagonally: {target} is not on a diagonal line from {square}",
                    square=match["src"],
                    target=match["dst"],
                )
            )
        action = found
    if match["star"] and match["caps"]:
        raise NotationError(
            msg(
                "star_with_captures",
                "a displacement marked * has no capture part (its choices follow as separate moves)",
            )
        )
    if not match["caps"]:
        return PlyText(action, bool(match["star"]), None)
    captures = []
    for victim, kind, where in _CAPTURE.findall(match["caps"]):
        v = square(victim, geo, token)
        if kind:
            captures.append((v, KIND_LETTERS.index(kind), square(where, geo, token)))
        else:
            captures.append((v, -1, -1))
    victims = [c[0] for c in captures]
    if len(set(victims)) != len(victims):
        raise NotationError(msg("victim_twice", "{text} names a captured piece twice", text=repr(token)))
    captures.sort(key=lambda c: geo.order[c[0]])
    return PlyText(action, False, tuple(captures))


def is_ply_text(text: object) -> bool:
    """Whether `text` is written as a whole ply or a displacement (not as a choice inside a ply)."""
    return isinstance(text, str) and _PLY.match(canonical(text)) is not None


def parse_choice(
    text: str, geo: Geometry, reserve: tuple[int, ...], waiting: Callable[[], Sequence[str]] | None = None
) -> int:
    """A choice action inside a ply: 'xd6', '=O' or '@b1' (a square of the mover's `reserve`); `waiting()`, the
    choices the ply can take now, are named to a reader who wrote something else (asked only then: a record's
    replay parses every choice)."""
    token = canonical(text) if isinstance(text, str) else text
    match = _CHOICE.match(token) if isinstance(token, str) else None
    if match is None:
        if waiting is not None:
            raise NotationError(
                msg(
                    "not_a_choice_now",
                    "{text} is not a choice the ply can take; it is waiting for one of: {choices}",
                    text=repr(text),
                    choices=", ".join(waiting()),
                )
            )
        raise NotationError(
            msg(
                "not_a_choice",
                "{text} is not a choice; the ply is waiting for x<victim>, =V, =O, =G or @<reserve square>",
                text=repr(text),
            )
        )
    if match["victim"]:
        return geo.victim0 + square(match["victim"], geo, token)
    if match["kind"]:
        return geo.kind0 + KIND_LETTERS.index(match["kind"]) - V
    s = square(match["reserve"], geo, token)
    if s not in reserve:
        names = " ".join(geo.names[r] for r in reserve)
        raise NotationError(
            msg(
                "not_your_reserve",
                "{square} is not one of your reserve squares ({squares})",
                square=geo.names[s],
                squares=names,
            )
        )
    return geo.reserve0 + reserve.index(s)


def choice_text(action: int, geo: Geometry, reserve: tuple[int, ...]) -> str:
    if action < geo.kind0:
        return "x" + geo.names[action - geo.victim0]
    if action < geo.reserve0:
        return "=" + KIND_LETTERS[V + action - geo.kind0]
    return "@" + geo.names[reserve[action - geo.reserve0]]


def displacement_text(action: int, geo: Geometry) -> str:
    """`c4-d5` or `pass`; raises NotationError for an index whose target is off the board."""
    if action == geo.pass_action:
        return "pass"
    s, tf, tr, _ = decode_move(action)
    if not (0 <= tf < 8 and 0 <= tr < geo.ranks):
        raise NotationError(
            msg(
                "no_notation",
                "action {action} leaves the board from {square}; it has no notation",
                action=action,
                square=geo.names[s],
            )
        )
    return f"{geo.names[s]}-{geo.names[8 * tr + tf]}"


def spell(captures: tuple[tuple[int, int, int], ...], geo: Geometry) -> str:
    """The capture part of a token (§9.3): `xd6` for a plain capture, `xd6=O@b1` for a rewarded one."""
    names = geo.names
    return "".join(f"x{names[v]}" if k < 0 else f"x{names[v]}={KIND_LETTERS[k]}@{names[sq]}" for v, k, sq in captures)


# --- the notation of a state's actions and plies --------------------------------


def action_to_str(state: CameleonState, action: int) -> str:
    """Choices as `xd6`, `=O`, `@b1`; a displacement as its full token when its resolution is unique,
    else as `c4-d5*` (its choices follow); an action not legal now as the bare displacement.
    `action` is an index of the game's action space (the State checks that)."""
    geo = state.geo
    if action > geo.pass_action:
        return choice_text(action, geo, geo.reserve[state.turn])
    text = displacement_text(action, geo)
    if state.pending is not None or state.is_terminal:
        return text
    try:
        captures = state.unique_captures(action)
    except IllegalAction:
        return text
    return text + "*" if captures is None else text + spell(captures, geo)


def choices(state: CameleonState) -> list[str]:
    """The choices a pending ply can take now, as written ('xd6', '=O', '@b1')."""
    geo = state.geo
    return [choice_text(action, geo, geo.reserve[state.turn]) for action in state.legal_actions()]


def parse_action(state: CameleonState, text: str) -> int:
    """One action: a choice inside a ply, a displacement (`c4-d5`, `c4-d5*`, `pass`), or a whole-ply token
    that stands for a single action. A token standing for several actions is played by `apply_str`."""
    geo = state.geo
    if state.pending is not None:
        return parse_choice(text, geo, geo.reserve[state.turn], lambda: choices(state))
    ply = parse_ply(text, geo)
    if ply.captures is None:
        return ply.action
    actions, _ = expand(state, text, ply)
    if len(actions) != 1:
        raise NotationError(
            msg(
                "whole_ply_token",
                "{text} is a whole ply of {count} actions (a displacement and its choices); play it with apply_str",
                text=repr(text),
                count=len(actions),
            )
        )
    return actions[0]


def expand(state: CameleonState, text: str, ply: PlyText) -> tuple[list[int], CameleonState]:
    """The actions of a whole-ply token, and the state after them (`state` is unchanged).

    A token without its capture part is accepted when the outcomes differ only in reserve squares: the
    rewards then go to the free squares in file order."""
    geo = state.geo
    probe = state.clone()
    probe.apply(ply.action)
    if probe.pending is None and ply.captures is None:
        return [ply.action], probe
    res = state.displacement_outcomes(ply.action)
    tokens = [displacement_text(ply.action, geo) + o.suffix for o in res.outcomes]
    if ply.captures is None:
        kinds = {tuple((v, k) for v, k, _ in o.captures) for o in res.outcomes}
        if len(kinds) != 1:
            raise NotationError(
                msg(
                    "ambiguous_move",
                    "{text} is ambiguous; write the whole move: {tokens}",
                    text=repr(text),
                    tokens=" ".join(sorted(tokens)),
                )
            )
        free = iter(state.free_reserve())
        wanted = tuple((v, k, next(free) if k >= 0 else -1) for v, k, _ in res.outcomes[0].captures)
    else:
        wanted = ply.captures
    index = res.spellings.get(wanted)
    if index is None:
        raise IllegalAction(
            msg(
                "captures_do_not_match",
                "{text} does not match the captures of this move; the legal moves are: {tokens}",
                text=repr(text),
                tokens=" ".join(sorted(tokens)),
            )
        )
    target = res.outcomes[index]
    actions = [ply.action]
    while probe.pending is not None:
        choice = target.choices[probe.pending[1]]
        probe.apply(choice)
        actions.append(choice)
    return actions, probe


def ply_tokens(state: CameleonState) -> list[str]:
    """The canonical tokens of the legal plies (every resolution of every legal displacement)."""
    if state.pending is not None or state.is_terminal:
        return []
    out: list[str] = []
    for action in state.legal_actions():
        head = displacement_text(action, state.geo)
        out.extend(head + o.suffix for o in state.displacement_outcomes(action).outcomes)
    return sorted(out)


def move_tokens(state: CameleonState) -> list[str]:
    """One canonical token per ply (§9.4); an unfinished last ply as `c4-d5*` and its choices so far."""
    if state.seed is None:
        raise KameleonError("this state was made by determinize and has no replayable history")
    geo = state.geo
    replica = state.game.new_state(state.seed)
    tokens: list[str] = []
    partial: list[str] = []
    for action in state.history:
        partial.append(action_to_str(replica, action) if partial else displacement_text(action, geo) + "*")
        replica.apply(action)
        if replica.pending is None:
            assert replica.last_ply is not None
            tokens.append(displacement_text(replica.last_ply[0], geo) + spell(replica.last_ply[1], geo))
            partial = []
    return tokens + partial
