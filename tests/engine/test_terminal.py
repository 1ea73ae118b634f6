"""A board's key wraps between its entries, never inside one; coloured pieces go where a sentence says."""

from __future__ import annotations

import io

import pytest
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

import kameleon
from kameleon.engine.terminal import HOLE, Fitting, Legend, fill


def lines_at(width: int, legend: RenderableType) -> list[str]:
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


def test_a_table_too_wide_for_the_terminal_gives_way_to_lines() -> None:
    table = Table("seat", "blue", "brown", "green", "score")
    table.add_row("0", "1", "2", "", "5")
    fitting = Fitting(table, Text("seat 0: blue 1  brown 2  score 5"))
    wide = lines_at(80, fitting)
    assert any("brown" in line for line in wide) and any(line.startswith("│ 0") for line in wide)
    assert lines_at(35, fitting) == ["seat 0: blue 1  brown 2  score 5"]


@pytest.mark.parametrize(
    ("game", "players", "title"), [("coloretto", 4, "Collections"), ("cardcassonne", 3, "Players")]
)
def test_a_narrow_terminal_shows_every_seat_and_score_whole(game: str, players: int, title: str) -> None:
    state = kameleon.load(game, players=players).new_state(3)
    for _ in range(25):
        state.apply(state.legal_actions()[0])
    renderer = state.game.renderer()
    assert renderer is not None
    shown = lines_at(40, renderer.render(state, 0, str))
    part = shown[shown.index(title) :]
    for seat in range(players):
        line = next(line for line in part if f"seat {seat}" in line)
        assert "…" not in line
    assert sum("score" in line for line in part) >= players
