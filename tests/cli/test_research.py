"""`kameleon research ...`: the strength report, the oracle and the value fit on the command line.

Fast settings throughout (a few games, short move times); the figures themselves are the research.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from kameleon.ai.tournament import read_results
from kameleon.cli.main import app
from kameleon.games.chromino import value
from kameleon.research.oracle import SIGHTS
from kameleon.research.strength import LEVELS
from tests.signals import hears_ctrl_c


def research(*args: str) -> Result:
    return CliRunner().invoke(app, ["research", *args], env={"COLUMNS": "200"})


def says(result: Result, message: str) -> bool:
    """Whether stderr holds `message`, however the console broke its lines (even inside a long path)."""
    return "".join(message.split()) in "".join(result.stderr.split())


def test_help_names_every_subcommand_and_its_options() -> None:
    listed = research("--help")
    assert listed.exit_code == 0
    for name in ("strength", "oracle", "fit-value", "calibrate"):
        assert name in listed.stdout
    for command, options in (
        (
            "strength",
            [
                "--games",
                "--table-games",
                "--move-time",
                "--workers",
                "--seed",
                "--game",
                "--out",
                "--games-dir",
                "--resume",
            ],
        ),
        ("oracle", ["--game", "--opponent", "--players", "--sees", "--games", "--rollouts", "--candidates", "--seed"]),
        (
            "fit-value",
            ["--players", "--games", "--seed", "--workers", "--teacher", "--write", "--weights", "--out", "--resume"],
        ),
        ("calibrate", ["--every", "--from-ply", "--iterations", "--workers", "--seed", "--json"]),
    ):
        shown = research(command, "--help")
        assert shown.exit_code == 0, shown.output
        for option in options:
            assert option in shown.stdout, (command, option)
    assert research().exit_code in (0, 2)  # no subcommand: the help


# --- strength ----------------------------------------------------------------------


def test_strength_writes_a_table_per_configuration_and_forgets_its_games(tmp_path: Path) -> None:
    out, kept = tmp_path / "strength.md", tmp_path / "games"
    done = research(
        "strength", "--game", "coloretto", "--games", "2", "--move-time", "0.005", "--workers", "1",
        "--out", str(out), "--games-dir", str(kept), "--resume",
    )  # fmt: skip
    assert done.exit_code == 0, done.output
    assert says(done, f"note: {kept} holds no games yet: --resume starts the report")
    text = out.read_text()
    assert (
        "Measured by `kameleon research strength --game coloretto --games 2 --move-time 0.005 --workers 1 --seed 2026"
        f" --out {out}`" in text
    )
    assert (tmp_path / "strength.json").is_file()
    assert "## coloretto, 2 players" in text and "## coloretto, 4 players" in text
    for level in LEVELS:
        assert f"| {level} |" in text
    assert "`hard` against three `medium`" in text and "`expert` against three `hard`" in text
    assert "Fair oracle against `random`: " in text  # the oracle's rate beside the 2-player table
    assert "iterations/s" in text
    assert not kept.exists() and says(done, f"wrote {out}")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "chess"], "unknown game 'chess'; the games are: cameleon, cardcassonne, chromino, coloretto"),
        (["--games", "0"], "--games must be at least 1, not 0"),
        (["--workers", "0"], "--workers must be at least 1, not 0"),
        (["--move-time", "1", "--iterations", "5"], "give --move-time or --iterations, not both"),
        (["--move-time", "-1"], "--move-time must be a positive number of seconds, not -1"),
        (["--seed", "-1"], "--seed must be from 0 to"),
        (["--table-games", "0"], "--table-games must be at least 1"),
        (["--games", "many"], "Invalid value for '--games'"),
    ],
)
def test_strength_refuses_bad_arguments_before_any_game(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "strength.md"
    refused = research("strength", *args, "--out", str(out), "--games-dir", str(tmp_path / "games"))
    assert refused.exit_code == 2 and says(refused, message)
    assert not out.exists() and not (tmp_path / "games").exists()


def test_strength_refuses_an_unwritable_report_before_any_game(tmp_path: Path) -> None:
    refused = research("strength", "--game", "coloretto", "--out", str(tmp_path))
    assert refused.exit_code == 2 and says(refused, f"cannot write {tmp_path}: it is a directory")


def test_a_folder_without_games_does_not_block_a_new_report(tmp_path: Path) -> None:
    kept = tmp_path / "games"
    kept.mkdir()
    (kept / "settings.json").write_text("[1, 2]")  # left by a run that stopped before its first game
    (kept / "coloretto-2p-hard-medium.jsonl").write_text("")
    out = tmp_path / "strength.md"
    args = ["--game", "coloretto", "--games", "2", "--iterations", "10", "--workers", "1"]
    done = research("strength", *args, "--out", str(out), "--games-dir", str(kept))
    assert done.exit_code == 0, done.output
    assert out.is_file() and not kept.exists()
    kept.mkdir()
    (kept / "coloretto-2p-all.jsonl").write_text('{"index": 0}\n')
    (kept / "settings.json").write_text("[1, 2]")
    refused = research("strength", *args, "--out", str(out), "--games-dir", str(kept), "--resume")
    assert refused.exit_code == 2 and says(refused, "holds the games of another report (unreadable settings)")


def _strength(*args: str) -> list[str]:
    return [sys.executable, "-m", "kameleon", "research", "strength", "--game", "coloretto", "--games", "2", *args]


def test_an_interrupted_report_resumes_from_the_games_kept(tmp_path: Path) -> None:
    out, kept = tmp_path / "strength.md", tmp_path / "games"
    args = ["--iterations", "20", "--workers", "1", "--out", str(out), "--games-dir", str(kept)]
    env = {**os.environ, "COLUMNS": "200"}
    # Its own session, with Ctrl-C's default handling (a background child would ignore it).
    running = subprocess.Popen(
        _strength(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True, env=env,
        preexec_fn=hears_ctrl_c,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while sum(len(read_results(f)) for f in kept.glob("*.jsonl")) < 6:
        assert time.monotonic() < deadline and running.poll() is None, "no game was kept"
        time.sleep(0.05)
    os.killpg(running.pid, signal.SIGINT)
    _, stderr = running.communicate(timeout=60)
    played = {f.name: len(read_results(f)) for f in kept.glob("*.jsonl")}
    assert running.returncode == 130 and not out.exists()
    assert f"interrupted after {sum(played.values())} of 28 games; they are kept in {kept}" in " ".join(stderr.split())
    assert "Traceback" not in stderr

    def command(*more: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(_strength(*args, *more), capture_output=True, text=True, timeout=240, env=env)

    again = command()
    assert again.returncode == 2 and "add --resume to finish it" in again.stderr
    other = command("--seed", "7", "--resume")
    assert (
        other.returncode == 2
        and "holds the games of another report (--games 2, --seed 2026, --iterations 20, --game coloretto)"
        in (" ".join(other.stderr.split()))
    )
    assert {f.name: len(read_results(f)) for f in kept.glob("*.jsonl")} == played  # refusals change nothing

    done = command("--resume")
    assert done.returncode == 0, done.stderr
    assert "## coloretto, 2 players" in out.read_text() and "## coloretto, 4 players" in out.read_text()
    assert not kept.exists()  # the report holds what the games were kept for


# --- oracle ------------------------------------------------------------------------

FAST_ORACLE = ["--games", "2", "--rollouts", "1", "--candidates", "2", "--workers", "1"]


def test_the_oracle_prints_a_table_of_win_rates() -> None:
    done = research("oracle", "--game", "chromino", *FAST_ORACLE)
    assert done.exit_code == 0, done.output
    assert "| oracle sees | wins against random | win rate | 95% interval |" in done.stdout
    for level in SIGHTS:
        assert f"| {level} | " in done.stdout
    assert done.stdout.count("/2 |") == len(SIGHTS)


def test_with_more_players_the_oracle_faces_a_bot_in_every_other_seat() -> None:
    args = ["--game", "chromino", "--players", "4", "--opponent", "medium", "--sees", "everything"]
    done = research("oracle", *args, *FAST_ORACLE)
    assert done.exit_code == 0, done.output
    assert "| oracle sees | wins against 3 × medium |" in done.stdout and "| everything | " in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "chromino", "--sees", "psychic"], "unknown sight level 'psychic'; levels are: nothing, hands"),
        (["--game", "chromino", "--sees", ","], "--sees names no sight level"),
        (["--game", "chromino", "--opponent", "grandmaster"], "unknown bot 'grandmaster'"),
        (["--game", "chess"], "chess"),
        (["--game", "chromino", "--games", "0"], "--games must be at least 1, not 0"),
        (["--game", "chromino", "--rollouts", "0"], "--rollouts must be at least 1, not 0"),
        (["--game", "chromino", "--players", "9"], "option 'players': 9 is out of range"),
        ([], "Missing option '--game'"),
    ],
)
def test_the_oracle_refuses_bad_input_clearly(args: list[str], message: str) -> None:
    refused = research("oracle", *args)
    assert refused.exit_code == 2 and says(refused, message)
    assert refused.stdout == ""


# --- fit-value ---------------------------------------------------------------------

FAST_FIT = ["--players", "3", "--games", "40", "--workers", "1", "--seed", "3"]
WRITTEN_FIT = ["--players", "3", "--games", "200", "--workers", "1", "--seed", "3"]
"""Enough games that the fit beats a coin on its held-out positions: fewer are never written."""


def test_fit_value_prints_the_fit_in_the_weights_files_format() -> None:
    done = research("fit-value", "chromino", *FAST_FIT)
    assert done.exit_code == 0, done.output
    assert "| stage | held-out positions | log-loss (coin: 1.099) |" in done.stdout
    printed = json.loads(done.stdout[done.stdout.index("{") :])
    assert printed["format"] == value.WEIGHTS_FORMAT and list(printed["weights"]) == ["3"]
    assert list(printed["weights"]["3"]) == [str(stage) for stage in range(1, value.STAGES + 1)]


def test_fit_value_writes_the_weights_keeping_the_other_counts(tmp_path: Path) -> None:
    path = tmp_path / "value_weights.json"
    shutil.copy(value.WEIGHTS_FILE, path)
    shipped = value.WEIGHTS_FILE.read_bytes()
    done = research("fit-value", "chromino", *WRITTEN_FIT, "--write", "--weights", str(path))
    assert done.exit_code == 0, done.output
    assert f"weights for 3 players written to {path}" in " ".join(done.stdout.split())
    written = value.load_weights(path)
    assert written[2] == value.WEIGHTS[2] and written[4] == value.WEIGHTS[4] and written[3] != value.WEIGHTS[3]
    assert value.WEIGHTS_FILE.read_bytes() == shipped  # the package's file is untouched


def test_fit_value_keeps_its_games_until_it_is_done(tmp_path: Path) -> None:
    kept = tmp_path / "kept.jsonl"
    kept.write_text('{"fit-value": {"game": "chromino"}}\n{"deal": 3, "samples": []}\n', encoding="utf-8")
    other = research("fit-value", "chromino", *FAST_FIT, "--out", str(kept), "--resume")
    assert other.exit_code == 2 and says(other, "holds the games of another fit") and other.stdout == ""
    again = research("fit-value", "chromino", *FAST_FIT, "--out", str(kept))
    assert again.exit_code == 2 and says(again, "add --resume to go on with it, or delete it to start again")
    kept.unlink()
    done = research("fit-value", "chromino", *FAST_FIT, "--out", str(kept))
    assert done.exit_code == 0, done.output
    assert not kept.exists()  # the fit is done: its figures and weights are what the games were kept for
    nothing = research("fit-value", "chromino", *FAST_FIT, "--resume")
    assert nothing.exit_code == 2 and says(nothing, "nothing to resume")


def test_fit_value_refuses_an_out_file_that_is_no_fit_s(tmp_path: Path) -> None:
    other = tmp_path / "tournament.jsonl"
    other.write_text('{"index": 0, "players": ["a", "b"]}\n', encoding="utf-8")
    for resume in ([], ["--resume"]):
        refused = research("fit-value", "chromino", *FAST_FIT, "--out", str(other), *resume)
        assert refused.exit_code == 2 and refused.stdout == ""
        assert says(refused, f"{other} is not a file of a fit's games (its first line names no fit)")
    assert other.read_text(encoding="utf-8") == '{"index": 0, "players": ["a", "b"]}\n'


def test_a_weights_file_the_fit_could_not_write_is_refused_before_its_games(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    done = research("fit-value", "chromino", *FAST_FIT, "--write", "--weights", str(broken))
    assert done.exit_code == 2 and done.stdout == ""  # no game played, nothing printed
    assert says(done, f"--weights {broken}: the Chromino value weights {broken} are not valid JSON")
    assert broken.read_text(encoding="utf-8") == "{"
    missing = research("fit-value", "chromino", *FAST_FIT, "--write", "--weights", str(tmp_path / "no" / "w.json"))
    assert missing.exit_code == 2 and says(missing, "the folder") and missing.stdout == ""
    created = research("fit-value", "chromino", *WRITTEN_FIT, "--write", "--weights", str(tmp_path / "new.json"))
    assert created.exit_code == 0, created.output
    assert list(value.load_weights(tmp_path / "new.json")) == [3]


def test_weights_no_better_than_a_coin_are_shown_and_not_written(tmp_path: Path) -> None:
    path = tmp_path / "value_weights.json"
    shutil.copy(value.WEIGHTS_FILE, path)
    kept = tmp_path / "kept.jsonl"
    refused = research("fit-value", "chromino", *FAST_FIT, "--write", "--weights", str(path), "--out", str(kept))
    assert refused.exit_code == 2, refused.output
    assert says(refused, f"the weights were not written to {path}: over every stage they predict the held-out")
    assert says(refused, "no better than a coin (1.1") and says(refused, "a coin's 1.099); the games are kept")
    assert says(refused, "predict their held-out positions no better than a coin (1.099); over every stage, 1.1")
    assert json.loads(refused.stdout[refused.stdout.index("{") :])["format"] == value.WEIGHTS_FORMAT  # not lost
    assert path.read_bytes() == value.WEIGHTS_FILE.read_bytes() and kept.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["coloretto"], "there is no learned value to fit for 'coloretto'; games with one: cameleon, chromino"),
        (["chromino", "--games", "3"], "--games must be at least 10"),
        (["chromino", "--players", "1", "--games", "20"], "--players must be from 2 to 8, not 1"),
        (["chromino", "--players", "9", "--games", "20"], "--players must be from 2 to 8, not 9"),
        (["cameleon", "--players", "3", "--games", "20"], "--players must be 2 in cameleon, not 3"),
        (["cameleon", "--teacher", "expert", "--games", "20"], "--teacher expert: give a searching bot its budget"),
        (["chromino", "--games", "20", "--seed", "-1"], "--seed must be from 0 to"),
        (["chromino", "--games", "20", "--workers", "0"], "--workers must be at least 1, not 0"),
        (["chromino", "--weights", "w.json"], "--weights names the file that --write updates: add --write"),
        ([], "name the game: GAME or --game GAME (e.g. chromino)"),
        (["chromino", "--game", "cameleon"], "the game is named twice, chromino and --game cameleon: name it once"),
        (["--game", "coloretto"], "there is no learned value to fit for 'coloretto'"),  # --game as oracle's
    ],
)
def test_fit_value_refuses_bad_input_before_any_game(args: list[str], message: str) -> None:
    refused = research("fit-value", *args)
    assert refused.exit_code == 2 and says(refused, message)
    assert refused.stdout == ""


def test_train_writes_checkpoints_prints_the_fit_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    base = ["train", "coloretto", "--games", "20", "--iterations", "5", "--epochs", "1", "--workers", "1"]
    first = research(*base, "--generations", "1", "--out", str(out))
    assert first.exit_code == 0, first.output
    assert "| 0 |" in first.stdout and "held-out log-loss (coin: 0.693)" in first.stdout
    assert sorted(p.name for p in out.iterdir()) == ["network-0.npz", "progress.json", "samples-0"]
    again = research(*base, "--generations", "1", "--out", str(out))
    assert again.exit_code == 2 and says(again, "already holds a training run: add --resume")
    changed = research("train", "coloretto", "--games", "40", "--out", str(out), "--resume")
    assert changed.exit_code == 2 and says(changed, "--resume goes on with the run's own settings; drop --games 40")
    resumed = research(*base, "--generations", "2", "--out", str(out), "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert "| 1 |" in resumed.stdout and (out / "network-1.npz").exists()
    from kameleon.ai.network import load
    from kameleon.research.train import install

    placed = install(out, tmp_path / "installed" / "value-2p.npz")
    assert load(placed, game="coloretto", players=2).training["generations"] == 2


def test_install_keeps_a_network_that_predicted_its_games_better_unless_forced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 20-game trial run installed over the shipped network (held-out log-loss 0.462) is refused, and the file
    is left as it was; --force replaces it, and the command says what it replaced."""
    import kameleon
    from kameleon.ai import expert
    from kameleon.research import train

    shipped = expert.network_file(kameleon.load("coloretto", players=2))
    assert shipped is not None
    package = tmp_path / "package" / "value-2p.npz"  # the package's file, copied: the test never writes the real one
    package.parent.mkdir()
    shutil.copyfile(shipped, package)
    monkeypatch.setattr(expert, "network_file", lambda game: package)
    monkeypatch.setattr(train, "network_file", lambda game: package)
    out = tmp_path / "run"
    base = ["train", "coloretto", "--games", "20", "--iterations", "5", "--epochs", "1", "--workers", "1"]
    assert research(*base, "--generations", "1", "--out", str(out)).exit_code == 0
    kept = research("train", "coloretto", "--out", str(out), "--resume", "--install")
    assert kept.exit_code == 2, kept.output
    assert says(kept, f"{package} predicted its held-out games better (log-loss 0.462) than this run's network")
    assert says(kept, f"it is kept; add --force to replace it (kameleon research train coloretto --resume --out {out}"
                " --install --force)")  # fmt: skip
    assert package.read_bytes() == shipped.read_bytes()
    forced = research("train", "coloretto", "--out", str(out), "--resume", "--install", "--force")
    assert forced.exit_code == 0, forced.output
    assert f"installed: {package} (held-out log-loss " in forced.stdout
    assert "; the network it replaced: 0.462)" in forced.stdout
    assert package.read_bytes() == (out / "network-0.npz").read_bytes()


def test_train_plays_generation_0_with_the_teacher_and_keeps_it_on_resume(tmp_path: Path) -> None:
    out = tmp_path / "run"
    base = ["train", "coloretto", "--games", "20", "--epochs", "1", "--workers", "1", "--out", str(out)]
    first = research(*base, "--generations", "1", "--teacher", "Hard@ 4")  # kept as records write it
    assert first.exit_code == 0, first.output
    assert "generation 0: hard@4 self-play" in first.output
    assert json.loads((out / "progress.json").read_text())["settings"]["teacher"] == "hard@4"
    from kameleon.ai.network import load

    assert load(out / "network-0.npz").training["settings"]["teacher"] == "hard@4"
    changed = research(*base, "--generations", "2", "--teacher", "medium", "--resume")
    assert changed.exit_code == 2 and says(changed, "drop --teacher medium")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["train", "nosuchgame"], "unknown game 'nosuchgame'"),
        (["train", "--game", "nosuchgame"], "unknown game 'nosuchgame'"),
        (["train", "-g", "coloretto", "--games", "3"], "--games must be at least 20"),
        (["train", "coloretto", "--games", "3"], "--games must be at least 20 (every 10th game is held out), not 3"),
        (["train", "coloretto", "--epochs", "0"], "--epochs must be at least 1, not 0"),
        (["train", "coloretto", "--iterations", "0"], "--iterations must be at least 1, not 0"),
        (["train", "coloretto", "--sample-every", "0"], "--sample-every must be at least 1, not 0"),
        (["train", "coloretto", "--seed", "-1"], "--seed must not be negative, not -1"),
        (["train", "coloretto", "--workers", "0"], "--workers must be at least 1"),
        (["train", "coloretto", "--resume", "--out", "/nonexistent/run"], "nothing to resume in /nonexistent/run"),
        (["train", "coloretto", "--teacher", "hard"], "--teacher hard: give a searching bot its budget"),
        (["train", "cameleon", "--install"], "--install: expert plays cameleon by alpha-beta search and reads no"),
        (["train", "coloretto", "--force"], "--force replaces the package's network with --install: add --install"),
    ],
)
def test_train_refuses_bad_input_before_any_game(args: list[str], message: str) -> None:
    result = research(*args)
    assert result.exit_code == 2 and says(result, message), result.output


def test_train_refuses_a_file_as_its_folder(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("mine")
    result = research("train", "coloretto", "--out", str(afile))
    assert result.exit_code == 2 and says(result, f"--out {afile} is a file; a training run needs a folder")
    resumed = research("train", "coloretto", "--out", str(afile), "--resume")
    assert resumed.exit_code == 2 and says(resumed, f"--out {afile} is a file; a training run needs a folder")
    assert afile.read_text() == "mine"


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads a process's children from /proc (Linux)")
def test_train_stopped_by_a_sigterm_to_its_process_group_says_how_to_resume_without_a_traceback(
    tmp_path: Path,
) -> None:
    """What `timeout`, a batch scheduler or `docker stop` do: the run says how to go on, and nothing else (the
    workers killed by the signal broke the pool under the futures it was cancelling: a thread's traceback)."""
    command = [sys.executable, "-m", "kameleon", "research", "train", "coloretto", "--teacher", "hard@5",
               "--workers", "2", "--out", str(tmp_path / "run")]  # fmt: skip
    running = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, env={**os.environ, "COLUMNS": "200"})  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while len(_children(running.pid)) < 3:  # the two workers and multiprocessing's resource tracker
            assert time.monotonic() < deadline and running.poll() is None, "no worker started"
            time.sleep(0.05)
        workers = _children(running.pid)
        os.killpg(running.pid, signal.SIGTERM)
        _, stderr = running.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(running.pid, signal.SIGKILL)  # nothing of a failed run is left playing
    assert running.returncode == 130, stderr
    assert f"interrupted: go on with --resume --out {tmp_path / 'run'}" in " ".join(stderr.split())
    assert "Traceback" not in stderr and "Exception in thread" not in stderr, stderr
    gone = time.monotonic() + 10  # the resource tracker ends once it sees the run's end
    while any(Path(f"/proc/{worker}").exists() for worker in workers):
        assert time.monotonic() < gone, "a worker outlived the run"
        time.sleep(0.05)


@pytest.mark.parametrize(
    ("progress", "message"),
    [
        (
            '{"settings": {"game": "coloretto"}, "done": []}',
            "is not a training progress file: it has no settings.hidden",
        ),
        ('{"settings": {"game": "coloretto", "hidden": [8]}}', "is not a training progress file: it has no done"),
        ("[1]", "is not a training progress file (it is not a JSON object with an object of settings)"),
        ("{", "is not a training progress file (Expecting property name"),
    ],
)
def test_train_names_what_a_damaged_progress_file_lacks(tmp_path: Path, progress: str, message: str) -> None:
    (tmp_path / "progress.json").write_text(progress)
    result = research("train", "coloretto", "--out", str(tmp_path), "--resume")
    assert result.exit_code == 2 and says(result, message), result.output
