"""The strength report: one command writes a Markdown table per game and player count."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kameleon.ai.strength import LEVELS, configurations, main
from kameleon.ai.tournament import read_results


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


def _strength(*args: str) -> list[str]:
    return [sys.executable, "-m", "kameleon.ai.strength", "--game", "coloretto", "--games", "4", *args]


def test_an_interrupted_report_resumes_from_the_games_kept(tmp_path: Path) -> None:
    out, kept = tmp_path / "strength.md", tmp_path / "games"
    args = ["--move-time", "0.01", "--workers", "1", "--out", str(out), "--games-dir", str(kept)]
    # Its own session, with Ctrl-C's default handling (a background child would ignore it).
    running = subprocess.Popen(
        _strength(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while sum(len(read_results(f)) for f in kept.glob("*.jsonl")) < 6:
        assert time.monotonic() < deadline and running.poll() is None, "no game was kept"
        time.sleep(0.05)
    os.killpg(running.pid, signal.SIGINT)
    _, stderr = running.communicate(timeout=60)
    played = {f.name: len(read_results(f)) for f in kept.glob("*.jsonl")}
    assert running.returncode == 130 and not out.exists()
    assert f"interrupted after {sum(played.values())} of 32 games; they are kept in {kept}" in " ".join(stderr.split())
    assert "Traceback" not in stderr

    again = subprocess.run(_strength(*args), capture_output=True, text=True, timeout=60)
    assert again.returncode == 2 and "add --resume to finish it" in again.stderr
    other = subprocess.run(_strength(*args, "--seed", "7", "--resume"), capture_output=True, text=True, timeout=60)
    assert other.returncode == 2 and "holds the games of another report (--games 4, --move-time 0.01, --seed 2026)" in (
        " ".join(other.stderr.split())
    )
    assert {f.name: len(read_results(f)) for f in kept.glob("*.jsonl")} == played  # refusals change nothing

    done = subprocess.run(_strength(*args, "--resume"), capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    assert "## coloretto, 2 players" in out.read_text() and "## coloretto, 4 players" in out.read_text()
    assert not kept.exists()  # the report holds what the games were kept for


def test_a_folder_without_games_does_not_block_a_new_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kept = tmp_path / "games"
    kept.mkdir()
    (kept / "settings.json").write_text("[1, 2]")  # left by a run that stopped before its first game
    (kept / "coloretto-2p-hard-medium.jsonl").write_text("")
    out = tmp_path / "strength.md"
    args = ["--game", "coloretto", "--games", "2", "--move-time", "0.005", "--workers", "1"]
    assert main([*args, "--out", str(out), "--games-dir", str(kept)]) == 0
    assert out.is_file() and not kept.exists()
    (kept / "x").mkdir(parents=True)
    (kept / "coloretto-2p-all.jsonl").write_text('{"index": 0}\n')
    (kept / "settings.json").write_text("[1, 2]")
    with pytest.raises(SystemExit):
        main([*args, "--out", str(out), "--games-dir", str(kept), "--resume"])
    assert "holds the games of another report (unreadable settings)" in capsys.readouterr().err
