"""Progress bars for the long commands, and plain progress lines where no terminal shows them.

Rich draws a progress bar only on a terminal; written to a file (a log under nohup, a CI job) it shows
nothing until the end, and a strength report runs for hours. There, each task gets a line instead, at most
once a minute and when it is done: "strength report: 176/10600 · 0:21:03 · ~8:40:11" (what, how many of how
many, time so far, time left as Rich estimates it), in symbols that every language reads.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

EVERY = 60.0
"""Seconds between two plain lines of one task."""


def _clock(seconds: float | None) -> str:
    return str(timedelta(seconds=int(seconds))) if seconds is not None else "?"


class Bars(Progress):
    """A Rich progress bar that, on a console that is not a terminal, prints a plain line per task every
    `every` seconds and once more when the task is done."""

    def __init__(
        self,
        *columns: str | ProgressColumn,
        console: Console,
        transient: bool = False,
        every: float = EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        # Where no terminal shows the bar, Rich would still print its last state at the end, after the lines.
        super().__init__(
            *columns, console=console, transient=transient, get_time=clock, disable=not console.is_terminal
        )
        self._every = every
        self._clock = clock
        self._last: dict[TaskID, float] = {}
        self._done: set[TaskID] = set()

    def add_task(self, description: str, start: bool = True, total: float | None = 100.0, completed: int = 0,
                 visible: bool = True, **fields: Any) -> TaskID:  # fmt: skip
        task_id = super().add_task(description, start, total, completed, visible, **fields)
        self._last[task_id] = self._clock()
        return task_id

    def update(self, task_id: TaskID, **changes: Any) -> None:
        super().update(task_id, **changes)
        self._say(task_id)

    def advance(self, task_id: TaskID, advance: float = 1) -> None:
        super().advance(task_id, advance)
        self._say(task_id)

    def _say(self, task_id: TaskID) -> None:
        if self.console.is_terminal or task_id in self._done:
            return
        task = self._tasks[task_id]
        now = self._clock()
        if not task.finished and now - self._last.get(task_id, now) < self._every:
            return
        self._last[task_id] = now
        if task.finished:
            self._done.add(task_id)
        what = Text.from_markup(task.description).plain
        done = f"{int(task.completed)}/{int(task.total)}" if task.total is not None else f"{int(task.completed)}"
        left = "" if task.finished else f" · ~{_clock(task.time_remaining)}"
        self.console.print(f"{what}: {done} · {_clock(task.elapsed)}{left}", markup=False, highlight=False)


def bars(console: Console, *, transient: bool = False, extra: tuple[ProgressColumn, ...] = ()) -> Bars:
    """The long commands' progress bar: what, the bar, done of total, time so far, time left (then `extra`)."""
    return Bars(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TimeRemainingColumn(), *extra, console=console, transient=transient,
    )  # fmt: skip
