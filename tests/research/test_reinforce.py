"""The worked example of docs/research.md: REINFORCE against `medium` in the single-agent env, then evaluated."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

from kameleon.cli.main import app
from kameleon.research.reinforce import train


def reinforce(*args: str) -> tuple[int, str, str]:
    done = CliRunner().invoke(app, ["research", "reinforce", *args], env={"COLUMNS": "200"})
    return done.exit_code, done.stdout, done.stderr


def test_the_example_runs_with_tiny_settings() -> None:
    code, out, _ = reinforce("--steps", "300", "--games", "4", "--seed", "3")
    assert code == 0, out
    assert out.startswith("trained ") and "steps (" in out
    for name in ("random", "trained"):
        line = next(line for line in out.splitlines() if line.strip().startswith(f"{name} vs medium: win rate"))
        assert "over 4 games, mean margin" in line


def test_the_help_names_every_option() -> None:
    code, out, _ = reinforce("--help")
    assert code == 0
    for option in ("--game", "--players", "--opponents", "--steps", "--games", "--seed"):
        assert option in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--steps", "0"], "--steps must be at least 1, not 0"),
        (["--games", "0"], "--games must be at least 1, not 0"),
        (["--game", "nope"], "unknown game 'nope'"),
        (["--opponents", "zzz"], "--opponents: unknown bot 'zzz'"),
        (["--opponents", "random,medium"], "--opponents is one bot, the one in every other seat, not a list"),
        (["--opponents", "hard"], "--opponents hard: give a searching bot its budget in iterations (hard@50)"),
        (["--seed", "-1"], "--seed must be from 0 to 9007199254740991, not -1"),
        (["--players", "9"], "'players': 9 is out of range"),
        (["--game", "chromino"], "makes 14,310,112,146 weights: too many for this linear example"),
    ],
)
def test_bad_settings_are_refused_before_training(args: list[str], message: str) -> None:
    code, out, err = reinforce(*args)
    assert code == 2 and message in " ".join(err.split()) and out == ""


def test_training_is_reproducible_and_the_policy_plays_legal_actions() -> None:
    one, _ = train(steps=200, seed=5)
    two, _ = train(steps=200, seed=5)
    assert np.array_equal(one.weights, two.weights) and np.abs(one.weights).sum() > 0
    mask = np.zeros(one.bias.size, dtype=np.int8)
    mask[[3, 7]] = 1
    assert one(np.ones(one.weights.shape[0], dtype=np.float32), mask) in (3, 7)


def test_numpy_is_imported_only_when_needed() -> None:
    import subprocess
    import sys

    code = "import sys, kameleon.research.reinforce; print('numpy' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "False\n"
