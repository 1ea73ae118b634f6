"""A board's key wraps between its entries, never inside one; coloured pieces go where a sentence says."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text

from kameleon.engine.terminal import HOLE, Legend, fill


def lines_at(width: int, legend: Legend) -> list[str]:
    console = Console(record=True, width=width, color_system=None, file=io.StringIO())
    console.print(legend)
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_a_legend_breaks_only_between_entries() -> None:
    legend = Legend(["Y żółty", "R czerwony", "G zielony", "B niebieski", "W dziki"])
    assert lines_at(80, legend) == ["Y żółty · R czerwony · G zielony · B niebieski · W dziki"]
    assert lines_at(30, legend) == ["Y żółty · R czerwony", "G zielony · B niebieski", "W dziki"]


def test_pieces_go_where_the_translated_sentence_puts_them() -> None:
    chip = Text(" R ", style="bold white on red")
    said = fill(f"Il posto 1 ha pescato {HOLE}: mettila in una fila.", chip)
    assert said.plain == "Il posto 1 ha pescato  R : mettila in una fila."
    assert [span.style for span in said.spans] == ["bold white on red"]
