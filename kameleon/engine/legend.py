"""A terminal board's key ("B blue · R red · ..."): entries packed into lines that break only between entries.

Rich wraps text at any space, which would part a symbol from its word ("A" at the end of one line,
"animal" on the next); a translated key is often longer than the English one, so it must wrap well.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

GAP = " · "


class Legend:
    """Entries joined by `gap` (" · ") in as few lines as the console's width allows, each entry whole on its
    line: a board's key, a status line of several facts, a hand of tiles."""

    def __init__(self, entries: Sequence[Text | str], style: str = "dim", gap: str = GAP) -> None:
        self.entries = [entry if isinstance(entry, Text) else Text(entry, style=style) for entry in entries]
        self.gap = gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = Text()
        for entry in self.entries:
            if line and line.cell_len + len(self.gap) + entry.cell_len > options.max_width:
                yield line
                line = Text()
            if line:
                line.append(self.gap, style="dim")
            line.append_text(entry)
        if line:
            yield line
