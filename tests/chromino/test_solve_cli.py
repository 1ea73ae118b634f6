"""`kameleon solve chromino FILE --tile ...` through typer's CliRunner on a small app around solve_command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from kameleon.cli.solve import solve_command

app = typer.Typer()
app.command()(solve_command)
runner = CliRunner()

RULEBOOK = "Y*R H 0,1\nGRR H 1,2\nYBR V -2,4\nPGR H 2,1\nYBP V 0,0\n"


def layout(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "layout.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_counts_and_listing_in_order(tmp_path: Path) -> None:
    result = runner.invoke(app, ["chromino", str(layout(tmp_path, RULEBOOK)), "--tile", "YYB"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:2] == ["positions: 4", "footprints: 4"]
    assert [line.split(". ", 1)[1] for line in lines[2:]] == ["BYY H -1,-1", "YYB H -1,0", "YYB V -3,5", "YYB V -1,-1"]
    italian = runner.invoke(app, ["chromino", str(layout(tmp_path, RULEBOOK)), "--tile", "YYB", "--lang", "it"])
    assert italian.stdout.splitlines() == ["posizioni: 4", "ingombri: 4", *lines[2:]], "the same answer, in Italian"


def test_json_output(tmp_path: Path) -> None:
    result = runner.invoke(app, ["chromino", str(layout(tmp_path, "Y*B H 0,-1\n")), "--tile", "YYB", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "positions": 6,
        "footprints": 4,
        "placements": ["YYB H -1,-2", "BYY H -1,-2", "YYB H -1,-1", "YYB H 1,-2", "BYY H 1,-2", "YYB H 1,-1"],
    }


def test_show_draws_each_position(tmp_path: Path) -> None:
    result = runner.invoke(app, ["chromino", str(layout(tmp_path, "Y*B H 0,-1\n")), "--tile", "YRB", "--show"])
    assert result.exit_code == 0
    assert "row -1:  y  r  b\nrow 0:   Y  *  B" in result.stdout
    assert "row 0:  Y  *  B\nrow 1:  y  r  b" in result.stdout


def test_bambino_placement_option(tmp_path: Path) -> None:
    path = layout(tmp_path, "# a lone start\nY*B H 0,-1\n\n")
    result = runner.invoke(app, ["chromino", str(path), "--tile", "R*G", "--placement", "bambino", "--json"])
    assert json.loads(result.stdout)["positions"] == 8


@pytest.mark.parametrize(
    ("text", "tile", "message"),
    [
        ("Y*B H 0,-1\nYYX H 1,0\n", "YYB", "line 2: unknown tile"),
        ("Y*B H 0,-1\n*YB H 1,0\n", "YYB", "line 2: unknown tile"),
        ("Y*B H 0,-1\nYYB H 0,0\n", "YYB", "line 2: overlap at 0,0 with the tile of line 1"),
        ("Y*B H 0,-1\nYYB H 1;0\n", "YYB", "line 2: malformed coordinates"),
        ("Y*B H 0,-1\nYYB D 1,0\n", "YYB", "line 2: orientation"),
        ("Y*B H\n", "YYB", "line 1:"),
        ("Y*B H 0,-1\n", "YYQ", "unknown tile: 'YYQ': 'Q' is not a colour"),
        ("Y*B H 0,-1\n", "*YY", "unknown tile"),
        ("\n", "YYB", "empty"),
    ],
)
def test_bad_input_exits_2_naming_the_problem(tmp_path: Path, text: str, tile: str, message: str) -> None:
    result = runner.invoke(app, ["chromino", str(layout(tmp_path, text)), "--tile", tile])
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.split())
    assert result.stdout == ""


def test_other_games_and_missing_files_are_errors(tmp_path: Path) -> None:
    result = runner.invoke(app, ["coloretto", str(layout(tmp_path, "Y*B H 0,-1\n")), "--tile", "YYB"])
    assert result.exit_code == 2 and "no puzzle solver for 'coloretto'" in result.stderr
    missing = runner.invoke(app, ["chromino", str(tmp_path / "nope.txt"), "--tile", "YYB"])
    assert missing.exit_code == 2 and "cannot read" in missing.stderr and "no such file or folder" in missing.stderr
    italian = runner.invoke(app, ["chromino", str(tmp_path), "--tile", "YYB", "--lang", "it"])
    assert italian.exit_code == 2 and f"impossibile leggere {tmp_path}: è una cartella" in italian.stderr


def test_a_bad_tile_or_rule_is_named_before_the_file_is_read(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.txt")
    tile = runner.invoke(app, ["chromino", missing, "--tile", "QYB"])
    assert tile.exit_code == 2 and " ".join(tile.stderr.split()) == (
        "error: unknown tile: 'QYB': 'Q' is not a colour (R, Y, G, B, P, or * in the middle)"
    )
    rule = runner.invoke(app, ["chromino", missing, "--tile", "YYB", "--placement", "weird"])
    assert rule.exit_code == 2 and "placement must be one of 'standard', 'bambino', not 'weird'" in rule.stderr
    assert "nope.txt" not in tile.stderr + rule.stderr
    polish = runner.invoke(app, ["chromino", missing, "--tile", "Y*Q", "--lang", "pl"])
    assert polish.exit_code == 2 and " ".join(polish.stderr.split()) == (
        "błąd: nieznana płytka: 'Y*Q': 'Q' to nie kolor (R, Y, G, B, P albo * w środku)"
    )
