"""The strength report: one command writes a Markdown table per game and player count."""

from __future__ import annotations

from pathlib import Path

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
