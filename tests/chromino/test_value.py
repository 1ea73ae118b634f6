"""The learned position value: its features, its fit and the command that fits it."""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest

from kameleon.games.chromino import value
from kameleon.games.chromino.tiles import parse_triple
from kameleon.games.chromino.value_fit import fit_softmax, log_loss, main, weights_block, write

from .helpers import rig


def feature(state: object, seat: int, name: str) -> float:
    return value.features(state, seat)[value.FEATURES.index(name)]  # type: ignore[arg-type]


def test_shapes() -> None:
    for name, expected in [("R*G", "chameleon"), ("RRR", "aaa"), ("RYR", "aba"), ("RRY", "aab"), ("YRR", "aab")]:
        assert value.SHAPES[value.shape(parse_triple(name))] == expected
    assert value.SHAPES[value.shape(parse_triple("RYG"))] == "abc"


def test_features_of_a_rigged_position() -> None:
    state = rig(["Y*B H 0,-1"], hands=[["RYG", "BPP", "R*G"], ["RRR", "RGR"]], first=1)
    mine, theirs = value.features(state, 0), value.features(state, 1)
    assert len(mine) == len(value.FEATURES) == len(value.WEIGHTS[2][1])
    assert mine[:5] == [1.0, 0.0, 0.0, 1.0, 1.0] and theirs[:5] == [0.0, 1.0, 1.0, 0.0, 0.0]
    assert feature(state, 0, "tiles that fit") >= 1 and feature(state, 0, "stuck") == 0
    assert feature(state, 1, "tiles that fit") == 0 and feature(state, 1, "stuck") == 1
    assert feature(state, 1, "to move") == 1 and feature(state, 0, "to move") == 0
    assert feature(state, 1, "stuck, to move") == 1
    assert feature(state, 1, "stuck, bag empty") == 1 and feature(state, 1, "tiles, bag empty") == 2
    assert value.stage(state) == 2


def test_the_last_tile_features() -> None:
    lone = rig(["Y*B H 0,-1"], hands=[["R*G"], ["RRR"]], bag=["PPP"])
    assert feature(lone, 0, "lone chameleon") == 1 and feature(lone, 0, "last tile fits") == 0
    assert feature(lone, 0, "stuck, bag empty") == 0
    fits = rig(["Y*B H 0,-1"], hands=[["RYG"], ["RRR"]], bag=["PPP"])
    assert feature(fits, 0, "last tile fits") == 1 and feature(fits, 0, "lone chameleon") == 0


def test_stages_cover_every_hand_size_and_a_seat_out_is_ahead() -> None:
    assert value.fitted(2) and value.fitted(3) and value.fitted(4) and not value.fitted(8)
    for players, stages in value.WEIGHTS.items():
        assert set(stages) == set(range(1, value.STAGES + 1)), players
    big = rig(["Y*B H 0,-1"], hands=[["RYG"] * 9, ["RRR"] * 12])
    assert value.stage(big) == value.STAGES
    state = rig(["Y*B H 0,-1"], hands=[["RYG"], ["RRY", "RYG"]])
    state.out[0] = True
    assert value.value(state, 0) == value.OUT > value.value(state, 1)


@pytest.mark.parametrize("seats", [2, 4])
def test_the_fit_recovers_known_weights(seats: int) -> None:
    rng = np.random.default_rng(7)
    truth = np.array([1.5, -0.8, 0.3])
    x = rng.normal(size=(20000, seats, 3))
    z = x @ truth
    chances = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    winner = (rng.random((20000, 1)) > chances.cumsum(axis=1)).sum(axis=1)
    y = np.eye(seats)[winner]
    w = fit_softmax(x, y)
    assert np.allclose(w, truth, atol=0.08)
    assert log_loss(x, y, w) < log_loss(x, y, np.zeros(3)) == pytest.approx(math.log(seats))


def test_with_two_seats_the_fit_is_the_logistic_regression_on_the_difference() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(size=(3000, 2, 3))
    y = np.eye(2)[(rng.random(3000) < 0.4).astype(int)]
    w = fit_softmax(x, y)
    d = x[:, 0] - x[:, 1]  # the logistic model's score condition: its gradient vanishes at the optimum
    p = 1 / (1 + np.exp(-(d @ w)))
    assert np.allclose(d.T @ (p - y[:, 0]) + 1e-3 * w, 0, atol=1e-6)


def test_the_command_fits_and_writes_the_weights(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "3", "--games", "40", "--workers", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "| stage | held-out positions | log-loss (coin: 1.099) |" in out
    assert "WEIGHTS: dict[int, dict[int, tuple[float, ...]]] = {\n    3: {" in out
    source = tmp_path / "value.py"
    source.write_text(Path(value.__file__).read_text(encoding="utf-8"), encoding="utf-8")
    weights = {stage: tuple(random.Random(stage).uniform(-1, 1) for _ in value.FEATURES) for stage in value.WEIGHTS[2]}
    write(3, {stage: (w, 0, 0.0) for stage, w in weights.items()}, source)
    namespace: dict[str, object] = {}
    exec(compile(source.read_text(encoding="utf-8"), str(source), "exec"), namespace)
    written = namespace["WEIGHTS"]
    assert written == {**value.WEIGHTS, 3: {stage: tuple(round(v, 3) for v in w) for stage, w in weights.items()}}
    assert list(written) == sorted(written)
    assert weights_block(written) in source.read_text(encoding="utf-8")


def test_bad_arguments_are_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "3"]) == 2
    assert "--games must be at least" in capsys.readouterr().err
    for players in ("1", "9"):
        assert main(["--players", players, "--games", "20"]) == 2
        assert "--players from 2 to 8" in capsys.readouterr().err
    other = tmp_path / "other.py"
    other.write_text("WEIGHTS = {}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no WEIGHTS block"):
        write(2, {}, other)
    assert other.read_text(encoding="utf-8") == "WEIGHTS = {}\n"


def test_a_negative_seed_is_refused_before_any_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "20", "--seed", "-1"]) == 2
    assert "--seed not negative" in capsys.readouterr().err
