"""A move's line in `play` and `replay`: what it did in words, as the watcher may know it, then its notation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.markup import escape

from kameleon.engine.game import State
from kameleon.engine.hooks import TerminalRenderer
from kameleon.engine.messages import Say


def move_line(
    number: int,
    before: State[Any],
    after: State[Any],
    token: str,
    watcher: int | None,
    names: Sequence[str],
    render: TerminalRenderer | None,
    board: Say,
) -> str:
    """Rich markup for the move `token` that led from `before` to `after` (one action, or a whole ply of
    several), numbered `number`: the renderer's sentence for each action's event as `watcher` (None: a
    spectator) may know it, else who played (`names`: every seat's, as shown) and the token."""
    mover = before.current_player
    sentences: list[str] = []
    if render is not None and render.narrate is not None:
        state = before.clone()
        for action in after.history[len(before.history) :]:
            seat = state.current_player
            nxt = state.clone()
            nxt.apply(action)
            said = (
                None if seat is None else render.narrate(state.event_seen_by(action, nxt, watcher), seat, names, board)
            )
            if said is None:
                sentences = []
                break
            sentences.append(said)
            state = nxt
    if sentences:
        return f"[dim]{number:>4}[/] {escape(' · '.join(sentences))}  [dim]{escape(token)}[/]"
    who = names[mover] if mover is not None else "?"
    return f"[dim]{number:>4}[/] {escape(who)}: [bold]{escape(token)}[/]"
