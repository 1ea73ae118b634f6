"""Move tokens (rules §9.3): parsing text into its parts and writing actions.

A whole ply is one token, `c4-d5xd6=O@b1`. The engine's actions are finer
(§10.2): a displacement (`c4-d5`, `pass`) and, when the resolution leaves the
mover a choice, choice actions written `xd6` (room for this victim), `=O`
(reward kind) and `@b1` (reserve square). Two extensions of the spec's tokens
serve the action level: `c4-d5*` is the displacement alone, its choices to
follow as separate tokens, and a record of a game stopped in the middle of a
ply ends with such a token and the choices made so far.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kameleon.engine.errors import NotationError
from kameleon.games.cameleon.board import Geometry
from kameleon.games.cameleon.chart import KIND_LETTERS, V

_SQUARE = r"[a-h](?:1[01]|[1-9])"
_PLY = re.compile(
    rf"^(?:(?P<pass>pass)|(?P<src>{_SQUARE})-(?P<dst>{_SQUARE}))(?P<star>\*)?(?P<caps>(?:x{_SQUARE}(?:=[VOGK]@{_SQUARE})?)*)$"
)
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
        raise NotationError(f"{token!r}: there is no square {text} on this board (files a-h, ranks 1-{geo.ranks})")
    return s


def parse_ply(text: str, geo: Geometry) -> PlyText:
    if not isinstance(text, str):
        raise NotationError(f"a move is a string, not {text!r}")
    token = text.strip()
    match = _PLY.match(token)
    if match is None:
        raise NotationError(
            f"{text!r} is not a move token; expected e.g. 'c4-d5', 'c4-d5xd6=O@b1', 'pass' "
            "(or, inside a ply, 'xd6', '=O', '@b1')"
        )
    if match["pass"]:
        action = geo.pass_action
    else:
        s, t = square(match["src"], geo, token), square(match["dst"], geo, token)
        found = geo.move_action(s, t)
        if found is None:
            raise NotationError(f"{token!r}: {match['src']}-{match['dst']} is not a diagonal line of 1 to 7 squares")
        action = found
    if match["star"] and match["caps"]:
        raise NotationError(f"{token!r}: a displacement marked '*' has no capture part (its choices follow as tokens)")
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
        raise NotationError(f"{token!r} names a victim twice")
    captures.sort(key=lambda c: geo.order[c[0]])
    return PlyText(action, False, tuple(captures))


def parse_choice(text: str, geo: Geometry, reserve: tuple[int, ...]) -> int:
    """A choice action inside a ply: 'xd6', '=O' or '@b1' (a square of the mover's `reserve`)."""
    token = text.strip() if isinstance(text, str) else text
    match = _CHOICE.match(token) if isinstance(token, str) else None
    if match is None:
        raise NotationError(
            f"{text!r} is not a choice; the ply is waiting for 'x<victim>', '=V|O|G' or '@<reserve square>'"
        )
    if match["victim"]:
        return geo.victim0 + square(match["victim"], geo, token)
    if match["kind"]:
        return geo.kind0 + KIND_LETTERS.index(match["kind"]) - V
    s = square(match["reserve"], geo, token)
    if s not in reserve:
        names = " ".join(geo.names[r] for r in reserve)
        raise NotationError(f"{token!r}: {geo.names[s]} is not one of your reserve squares ({names})")
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
    s, tf, tr, _ = geo.decode_move(action)
    if not (0 <= tf < 8 and 0 <= tr < geo.ranks):
        raise NotationError(f"action {action} leaves the board from {geo.names[s]}; it has no notation")
    return f"{geo.names[s]}-{geo.names[8 * tr + tf]}"
