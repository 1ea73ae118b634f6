"""The learned position value: its features, its fit and the command that fits it."""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest

from kameleon.games.chromino import value
from kameleon.games.chromino.tiles import parse_triple
from kameleon.games.chromino.value_fit import fit_logistic, log_loss, main, weights_block, write

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
    assert len(mine) == len(value.FEATURES) == len(value.WEIGHTS[1])
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
    assert set(value.WEIGHTS) == set(range(1, value.STAGES + 1))
    big = rig(["Y*B H 0,-1"], hands=[["RYG"] * 9, ["RRR"] * 12])
    assert value.stage(big) == value.STAGES
    state = rig(["Y*B H 0,-1"], hands=[["RYG"], ["RRY", "RYG"]])
    state.out[0] = True
    assert value.value(state, 0) == value.OUT > value.value(state, 1)


def test_the_fit_recovers_known_weights() -> None:
    rng = np.random.default_rng(7)
    truth = np.array([1.5, -0.8, 0.3])
    x = rng.normal(size=(20000, 3))
    y = (rng.random(20000) < 1 / (1 + np.exp(-(x @ truth)))).astype(float)
    w = fit_logistic(x, y)
    assert np.allclose(w, truth, atol=0.08)
    assert log_loss(x @ w, y) < log_loss(x @ np.zeros(3), y) == pytest.approx(math.log(2))


def test_the_command_fits_and_writes_the_weights(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "40", "--workers", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "| stage | held-out positions |" in out and "WEIGHTS: dict[int, tuple[float, ...]] = {" in out
    source = tmp_path / "value.py"
    source.write_text(Path(value.__file__).read_text(encoding="utf-8"), encoding="utf-8")
    weights = {stage: tuple(random.Random(stage).uniform(-1, 1) for _ in value.FEATURES) for stage in value.WEIGHTS}
    block = weights_block({stage: (w, 0, 0.0) for stage, w in weights.items()})
    write(block, source)
    namespace: dict[str, object] = {}
    exec(compile(source.read_text(encoding="utf-8"), str(source), "exec"), namespace)
    assert namespace["WEIGHTS"] == {stage: tuple(round(v, 3) for v in w) for stage, w in weights.items()}


def test_bad_arguments_are_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "3"]) == 2
    assert "--games must be at least" in capsys.readouterr().err
    other = tmp_path / "other.py"
    other.write_text("WEIGHTS = {}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no WEIGHTS block"):
        write("WEIGHTS = {}", other)
    assert other.read_text(encoding="utf-8") == "WEIGHTS = {}\n"


def test_a_negative_seed_is_refused_before_any_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "20", "--seed", "-1"]) == 2
    assert "--seed not negative" in capsys.readouterr().err
