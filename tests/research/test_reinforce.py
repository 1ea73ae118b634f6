"""The worked example of docs/research.md: REINFORCE against `medium` in the single-agent env, then evaluated."""

from __future__ import annotations

import numpy as np
import pytest

from kameleon.research.reinforce import main, train


def test_the_example_runs_with_tiny_settings(capsys: pytest.CaptureFixture[str]) -> None:
    report = main(["--steps", "300", "--games", "4", "--seed", "3"])
    assert report["training"]["steps"] >= 300 and report["training"]["episodes"] >= 1
    for name in ("random", "trained"):
        figures = report[name]
        assert figures["games"] == 4 and 0 <= figures["ci"][0] <= figures["win_rate"] <= figures["ci"][1] <= 1
    out = capsys.readouterr().out
    assert "trained vs medium: win rate" in out and "random vs medium: win rate" in out


def test_training_is_reproducible_and_the_policy_plays_legal_actions() -> None:
    one, _ = train(steps=200, seed=5)
    two, _ = train(steps=200, seed=5)
    assert np.array_equal(one.weights, two.weights) and np.abs(one.weights).sum() > 0
    mask = np.zeros(one.bias.size, dtype=np.int8)
    mask[[3, 7]] = 1
    assert one(np.ones(one.weights.shape[0], dtype=np.float32), mask) in (3, 7)
