"""The strength report: one command writes a Markdown table per game and player count."""

from __future__ import annotations

from pathlib import Path

import pytest

from kameleon.ai.strength import LEVELS, configurations, main


def test_report_has_a_table_per_configuration(tmp_path: Path) -> None:
    out = tmp_path / "strength.md"
    assert (
        main(["--game", "coloretto", "--games", "2", "--move-time", "0.005", "--workers", "1", "--out", str(out)]) == 0
    )
    text = out.read_text()
    assert "## coloretto, 2 players" in text and "## coloretto, 4 players" in text
    assert "--games 2 --move-time 0.005" in text
    for level in LEVELS:
        assert f"| {level} |" in text  # a row per level in the 2-player table
    assert "`hard` against three `medium`" in text and "iterations/s" in text


def test_configurations_cover_two_and_four_players() -> None:
    found = configurations()
    assert ("coloretto", 2) in found and ("coloretto", 4) in found
    assert all(players in (2, 4) for _, players in found)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "chess"], "unknown game 'chess'; the games are: cameleon, cardcassonne, chromino, coloretto"),
        (["--games", "0"], "--games and --workers must be at least 1 and --move-time positive"),
        (["--move-time", "-1"], "--games and --workers must be at least 1 and --move-time positive"),
        (["--seed", "-1"], "--seed must be from 0 to"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    out = tmp_path / "strength.md"
    with pytest.raises(SystemExit) as exit_info:
        main([*args, "--out", str(out)])
    assert exit_info.value.code == 2 and message in capsys.readouterr().err
    assert not out.exists()


def test_an_unwritable_report_is_refused_before_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--game", "coloretto", "--out", str(tmp_path)])
    assert f"cannot write {tmp_path}: it is a directory" in capsys.readouterr().err
