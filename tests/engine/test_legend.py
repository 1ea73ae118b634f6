"""A board's key wraps between its entries, never inside one, whatever the console's width."""

from __future__ import annotations

import io

from rich.console import Console

from kameleon.engine.legend import Legend


def lines_at(width: int, legend: Legend) -> list[str]:
    console = Console(record=True, width=width, color_system=None, file=io.StringIO())
    console.print(legend)
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_a_legend_breaks_only_between_entries() -> None:
    legend = Legend(["Y żółty", "R czerwony", "G zielony", "B niebieski", "W dziki"])
    assert lines_at(80, legend) == ["Y żółty · R czerwony · G zielony · B niebieski · W dziki"]
    assert lines_at(30, legend) == ["Y żółty · R czerwony", "G zielony · B niebieski", "W dziki"]
