"""A move's line in `play` and `replay`: what it did in words, as the watcher may know it, then its notation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from kameleon.engine.game import State
from kameleon.engine.hooks import TerminalRenderer
from kameleon.engine.messages import Say

EVERYTHING = -1
"""The watcher of a bots-only game: shown the true notation, each move said as its mover knows it (a card it laid
face down by its name). A replay is watched as a spectator or as the seat `--seat` names."""


def move_line(
    number: int,
    before: State[Any],
    after: State[Any],
    token: str,
    watcher: int | None,
    names: Sequence[str],
    render: TerminalRenderer | None,
    board: Say,
) -> RenderableType:
    """The line of the move `token` that led from `before` to `after`, numbered `number`: the renderer's sentence
    for the move's event as `watcher` (a seat, None: a spectator, or EVERYTHING) may know it, then the token as
    that watcher sees it; without a sentence, who played and the token. A token that stands for several
    actions (a whole ply) is said by its last action's event, which carries the ply.

    `names` are every seat's, as shown (plain text)."""
    mover = before.current_player
    actions = after.history[len(before.history) :]
    last = before
    if len(actions) > 1:
        last = before.clone()
        for action in actions[:-1]:
            last.apply(action)
    seat = last.current_player
    sentence = None
    if render is not None and render.narrate is not None and seat is not None and actions:
        seen = seat if watcher == EVERYTHING else watcher
        sentence = render.narrate(last.event_seen_by(actions[-1], after, seen), seat, names, board)
    if watcher != EVERYTHING and len(actions) == 1:
        token = before.token_seen_by(actions[0], watcher)  # a card laid face down by another seat: "?@R"
    if sentence is not None:
        return MoveLine(number, sentence, token)
    line = Table.grid(padding=(0, 1))
    line.add_column(no_wrap=True, style="dim")
    line.add_column(no_wrap=True)
    line.add_column(no_wrap=True, style="bold")
    who = names[mover] if mover is not None else "?"
    line.add_row(Text(f"{number:>4}"), Text(f"{who}:"), Text(token))
    return line


class MoveLine:
    """A move's number, its sentence, then its notation ("  14 player 1 took row 2: … · discarded: …  take 2"). A
    sentence too long for the terminal wraps under itself, and the notation follows its last line (or comes on a
    line of its own), never in the middle of the words."""

    def __init__(self, number: int, sentence: str, token: str) -> None:
        self.number, self.sentence, self.token = number, sentence, token

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        head = f"{self.number:>4} "
        room = max(1, options.max_width - len(head))
        lines = Text(self.sentence).wrap(console, room)
        tail = f"  {self.token}"
        if lines[-1].cell_len + cell_len(tail) <= room:
            lines[-1].append(tail, style="dim")
        else:
            lines.append(Text(self.token, style="dim"))
        for i, words in enumerate(lines):
            yield Text.assemble((head, "dim") if i == 0 else " " * len(head), words, overflow="fold")
