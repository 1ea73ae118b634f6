"""A board's key wraps between its entries, never inside one; coloured pieces go where a sentence says."""

from __future__ import annotations

import io

import pytest
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

import kameleon
from kameleon.engine.terminal import HOLE, Fitting, Legend, as_lines, fill, fitted


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


@pytest.mark.parametrize(("game", "players"), [("coloretto", 4), ("cardcassonne", 4), ("cameleon", 2)])
@pytest.mark.parametrize("width", [40, 60])
def test_the_final_scores_keep_every_total_on_a_narrow_terminal(game: str, players: int, width: int) -> None:
    """Cut at the terminal's edge, a final table loses its last column, the total; there it gives way to lines."""
    state = kameleon.load(game, players=players).new_state(3)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    renderer = state.game.renderer()
    assert renderer is not None and renderer.summary is not None
    names = [f"player {seat + 1}" for seat in range(players)]
    shown = lines_at(width, fitted(renderer.summary(state, names, str)))
    assert not any("…" in line for line in shown) and all(len(line) <= width for line in shown)
    view = state.view(None)
    for seat in range(players):
        entry = next(k for k, line in enumerate(shown) if f"player {seat + 1}" in line)
        following = next((k for k in range(entry + 1, len(shown)) if "player " in shown[k]), len(shown))
        said = " ".join(shown[entry:following])
        if game == "cameleon":
            assert f"score {view['scores'][seat]['points']:+d}" in said
        else:
            assert f"total {state.scores()[seat]}" in said


def test_a_table_as_lines_keeps_its_colours_and_names_each_fact() -> None:
    table = Table("seat", "player", "positive", "total", title="Final scores")
    table.add_row("0", "Ann ★", Text(" 4 ", style="on blue"), "18")
    table.add_row("1", "[b]Bo[/b]", "", "12")  # a str cell is markup, as the table reads it; an empty one is left out
    assert lines_at(80, as_lines(table)) == ["Final scores", "0 Ann ★ — positive  4  · total 18", "1 Bo — total 12"]
    console = Console(width=80, file=io.StringIO())
    assert any(segment.style is not None and segment.style.bgcolor for segment in console.render(as_lines(table)))
