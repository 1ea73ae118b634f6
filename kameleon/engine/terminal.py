"""What the terminal boards share: a key that wraps between its entries, coloured pieces in a sentence,
table columns whose translated headers wrap between words, and a table that becomes lines on a narrow
terminal.

Rich wraps text at any space, which would part a symbol from its word ("A" at the end of one line,
"animal" on the next); a translated key is often longer than the English one, so it must wrap well.
And a translated sentence puts its words in its own order, so a coloured card goes where the sentence
says (`HOLE`), not where the English had it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, JustifyMethod, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

GAP = " · "


class Legend:
    """Entries joined by `gap` (" · ") in as few lines as the console's width allows, each entry whole on its
    line: a board's key, a status line of several facts, a hand of tiles."""

    def __init__(self, entries: Sequence[Text | str], style: str = "dim", gap: str = GAP) -> None:
        self.entries = [entry if isinstance(entry, Text) else Text(entry, style=style) for entry in entries]
        self.gap = gap
        self.gap_width = cell_len(gap)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = Text()
        for entry in self.entries:
            if line and line.cell_len + self.gap_width + entry.cell_len > options.max_width:
                yield line
                line = Text()
            if line:
                line.append(self.gap, style="dim")
            line.append_text(entry)
        if line:
            yield line


HOLE = "\x00"
"""Where a translated sentence takes coloured pieces: give it as the Message's parameter, then `fill` it."""


def fill(sentence: str, *pieces: Text) -> Text:
    """A translated sentence with the pieces (coloured cards, tiles) put where its `HOLE` is, whatever the
    word order of the language."""
    before, _, after = sentence.partition(HOLE)
    return Text.assemble(before, *pieces, after)


def add_column(table: Table, header: str, justify: JustifyMethod = "left", *, least: int = 0) -> None:
    """A column at least as wide as the longest word of its (translated) header and `least`: at 80 columns
    Rich then wraps the header between its words instead of cutting one short ("giocato…")."""
    table.add_column(header, justify=justify, min_width=max(least, *(cell_len(w) for w in header.split()), 1))


class Fitting:
    """`wide` where the console has room for it whole, else `narrow`: a table of many columns cut to "…" on a
    narrow terminal says nothing, so there it gives way to the same facts, one line per row."""

    def __init__(self, wide: RenderableType, narrow: RenderableType) -> None:
        self.wide = wide
        self.narrow = narrow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        natural = Measurement.get(console, options.update(max_width=10_000), self.wide).maximum  # not cut to fit
        fits = natural <= options.max_width
        yield self.wide if fits else self.narrow


def _text(cell: RenderableType) -> Text:
    """A table cell as one line of text: a str cell is Rich markup, as the table would have read it."""
    text = cell.copy() if isinstance(cell, Text) else Text.from_markup(str(cell))
    text.plain = text.plain.replace("\n", " ")  # a cell of several lines on one; as long, so its colours stay
    return text


def as_lines(table: Table, lead: int = 2) -> Group:
    """The same facts as `table`, one entry per row: its first `lead` cells (who), then each other column as
    "header value", wrapped between those pairs, never inside one. What a table gives way to where the
    terminal is too narrow for it (`fitted`)."""
    cells = [[_text(cell) for cell in column.cells] for column in table.columns]
    headers = [_text(column.header) for column in table.columns]
    lines: list[RenderableType] = [Text(str(table.title), style="italic")] if table.title else []
    for row in zip(*cells, strict=True):
        who = Text(" ").join(cell for cell in row[:lead] if cell.plain)
        who.stylize("bold")
        facts = [
            Text.assemble(header, " ", cell)
            for header, cell in zip(headers[lead:], row[lead:], strict=True)
            if cell.plain
        ]
        first = Text.assemble(who, " — ", *facts[:1])  # who, and on their line at least one fact
        lines.append(Legend([first, *facts[1:]], style=""))
    return Group(*lines)


def fitted(shown: RenderableType, lead: int = 2) -> RenderableType:
    """A table where the console has room for it whole, else its rows as lines (`as_lines`), rather than a word
    cut short or a last column cut off; anything else as it is."""
    return Fitting(shown, as_lines(shown, lead)) if isinstance(shown, Table) else shown


def compact_table(title: str) -> Table:
    """A table of many columns titled `title` that fits 80 columns: no inner rules, no edge, one space between
    columns (a game's final scores, with translated headers)."""
    return Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), show_edge=False)
