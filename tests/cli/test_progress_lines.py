"""The long commands' progress where no terminal shows a bar: a plain line a minute per task, and one at the end."""

from __future__ import annotations

import io

from rich.console import Console
from rich.progress import TextColumn

from kameleon.cli.progress import Bars


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _run(terminal: bool) -> list[str]:
    out = io.StringIO()
    clock = Clock()
    progress = Bars(TextColumn("{task.description}"), console=Console(file=out, force_terminal=terminal), clock=clock)
    with progress:
        task = progress.add_task("strength report", total=10)
        for _ in range(10):
            clock.now += 25.0
            progress.advance(task)
    return [line for line in out.getvalue().splitlines() if " · " in line]


def test_a_log_gets_a_line_a_minute_and_one_when_done() -> None:
    lines = _run(terminal=False)
    assert lines == [
        "strength report: 3/10 · 0:01:15 · ~0:02:55",
        "strength report: 6/10 · 0:02:30 · ~0:01:40",
        "strength report: 9/10 · 0:03:45 · ~0:00:25",
        "strength report: 10/10 · 0:04:10",
    ]


def test_a_terminal_gets_the_bar_and_no_lines() -> None:
    assert _run(terminal=True) == []
