"""Fitting a learned position value (Chromino's, Le Caméléon's): the regression, and writing the weights file.

The command (`kameleon research fit-value chromino`) is tested in tests/cli/test_research.py.
"""

from __future__ import annotations

import json
import math
import random
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from kameleon.engine.errors import KameleonError
from kameleon.games.cameleon import value as cameleon_value
from kameleon.games.chromino import value
from kameleon.research.value_fit import (
    check,
    fit,
    fit_softmax,
    fittable,
    log_loss,
    model,
    record,
    stage_weights,
    write,
)


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


def test_a_stopped_fit_resumes_to_the_same_weights(tmp_path: Path) -> None:
    whole = fit("chromino", 20, 5, 1, 3)
    kept = tmp_path / "kept.jsonl"
    fit("chromino", 20, 5, 1, 3, kept=kept)
    lines = kept.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == 21 and json.loads(lines[0]) == {
        "fit-value": {"game": "chromino", "players": 3, "teacher": "medium", "seed": 5}
    }
    kept.write_text("".join(lines[:8]) + lines[8][:30], encoding="utf-8")  # stopped while writing game 8
    played: list[None] = []
    assert fit("chromino", 20, 5, 1, 3, kept=kept, resume=True, on_game=lambda: played.append(None)) == whole
    assert len(played) == 20
    resumed = kept.read_bytes().split(b"\n")
    assert len(resumed) == 22 and resumed[-1] == b""  # the torn line cut off, the 13 games after it appended
    assert sorted(json.loads(line)["deal"] for line in resumed[1:-1]) == list(range(5, 25))
    more = fit("chromino", 30, 5, 1, 3, kept=kept, resume=True)  # ten more games on the same fit
    assert more == fit("chromino", 30, 5, 1, 3) and len(kept.read_bytes().split(b"\n")) == 32
    with pytest.raises(KameleonError, match="holds the games of a fit: add --resume to go on with it"):
        fit("chromino", 20, 5, 1, 3, kept=kept)
    with pytest.raises(KameleonError, match=r"holds the games of another fit .*'teacher': 'medium'"):
        fit("chromino", 20, 5, 1, 3, teacher="easy", kept=kept, resume=True)
    with pytest.raises(KameleonError, match="nothing to resume"):
        fit("chromino", 20, 5, 1, 3, kept=tmp_path / "none.jsonl", resume=True)


def test_a_fit_of_real_games_has_every_stage() -> None:
    played: list[None] = []
    found = fit("chromino", 40, 3, 1, 3, on_game=lambda: played.append(None))
    assert len(played) == 40 and sorted(found) == list(range(1, value.STAGES + 1))
    for weights, held, loss in found.values():
        assert len(weights) == len(value.FEATURES) and held > 0 and math.isfinite(loss)


def test_writing_keeps_the_other_counts_of_players(tmp_path: Path) -> None:
    path = tmp_path / "value_weights.json"
    shutil.copy(value.WEIGHTS_FILE, path)
    weights = {stage: tuple(random.Random(stage).uniform(-1, 1) for _ in value.FEATURES) for stage in value.WEIGHTS[2]}
    weights[1] = (-0.0001, *weights[1][1:])  # rounds to a negative zero, written as 0.0
    write("chromino", 3, {stage: (w, 0, 0.0) for stage, w in weights.items()}, path)
    written = value.load_weights(path)
    assert written == {**value.WEIGHTS, 3: stage_weights({s: (w, 0, 0.0) for s, w in weights.items()})}
    assert written[3][1][0] == 0.0 and math.copysign(1, written[3][1][0]) == 1
    assert all(round(w, 3) == w for row in written[3].values() for w in row)
    assert path.read_text(encoding="utf-8") == value.weights_text(written)


def test_a_weights_file_that_does_not_read_is_not_replaced(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text("WEIGHTS = {}\n", encoding="utf-8")
    with pytest.raises(KameleonError, match=r"--weights .*other.json: the Chromino value weights .* are not valid"):
        write("chromino", 2, {}, other)
    assert other.read_text(encoding="utf-8") == "WEIGHTS = {}\n"
    with pytest.raises(KameleonError, match=r"weights.json: the folder .*nowhere does not exist"):
        write("chromino", 2, {}, tmp_path / "nowhere" / "weights.json")
    assert not (tmp_path / "nowhere").exists()
    with pytest.raises(KameleonError, match=r"--weights .*: it is a folder; name the weights file \(\.json\) in it"):
        write("chromino", 2, {}, tmp_path)


def test_a_new_weights_file_holds_the_count_fitted_alone(tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    row = tuple(float(i) for i in range(len(value.FEATURES)))
    write("chromino", 3, {stage: (row, 1, 0.5) for stage in range(1, value.STAGES + 1)}, path)
    assert value.load_weights(path) == {3: dict.fromkeys(range(1, value.STAGES + 1), row)}


@pytest.mark.parametrize(
    ("games", "seed", "workers", "players", "message"),
    [
        (3, 10, 1, 2, "--games must be at least 10 (every 5th game is held out), not 3"),
        (20, -1, 1, 2, "--seed must be from 0 to 9007199254740972 (the deals are --seed, --seed + 1, ...)"),
        (20, 9007199254740990, 1, 2, "--seed must be from 0 to 9007199254740972"),
        (20, 10, 0, 2, "--workers must be at least 1, not 0"),
        (20, 10, 1, 1, "--players must be from 2 to 8, not 1"),
        (20, 10, 1, 9, "--players must be from 2 to 8, not 9"),
    ],
)
def test_bad_settings_are_refused_before_any_game(
    games: int, seed: int, workers: int, players: int, message: str
) -> None:
    with pytest.raises(KameleonError, match=re.escape(message)):
        check("chromino", games, seed, workers, players)


def test_the_games_with_a_learned_value_are_found_through_their_game_class() -> None:
    assert fittable() == ["cameleon", "chromino"]
    assert model("chromino").weights_file == value.WEIGHTS_FILE and model("chromino").features == value.FEATURES
    with pytest.raises(
        KameleonError, match="no learned value to fit for 'coloretto'; games with one: cameleon, chromino"
    ):
        check("coloretto", 20, 10, 1, 2)


def test_le_cameleon_is_fitted_from_games_of_the_teacher_each_after_random_moves() -> None:
    # The game always starts from the same position: without a stretch of random moves, games between bots that
    # search alike would all be the same.
    first = record(11, "cameleon", 2, "expert@40")
    assert first and all(len(label) == 2 for _, label, _ in first)
    assert first != record(12, "cameleon", 2, "expert@40") and first == record(11, "cameleon", 2, "expert@40")
    # The fit of each stage, on the positions these games reached in it (the whole command is too long here)
    samples = first + record(12, "cameleon", 2, "expert@40")
    stages = sorted({stage for stage, _, _ in samples})
    assert stages[0] == 1 and set(stages) <= set(range(1, cameleon_value.STAGES + 1))
    for stage in stages:
        rows = [(label, features) for at, label, features in samples if at == stage]
        y = np.array([label for label, _ in rows])
        x = np.array([features for _, features in rows])
        weights = fit_softmax(x, y)
        assert weights.shape == (len(cameleon_value.FEATURES),) and np.isfinite(weights).all()
        assert log_loss(x, y, weights) <= log_loss(x, y, np.zeros(len(weights))) + 1e-9


@pytest.mark.parametrize(
    ("teacher", "message"),
    [
        ("hard", "--teacher hard: give a searching bot its budget in iterations (hard@50)"),
        ("wizard", "--teacher: unknown bot 'wizard'"),
    ],
)
def test_a_teacher_whose_games_would_not_replay_is_refused(teacher: str, message: str) -> None:
    with pytest.raises(KameleonError, match=re.escape(message)):
        check("cameleon", 20, 10, 1, 2, teacher)


def test_le_cameleon_s_weights_file_is_the_one_the_fit_writes(tmp_path: Path) -> None:
    path = tmp_path / "value_weights.json"
    row = tuple(round(0.1 * i - 0.3, 3) for i in range(len(cameleon_value.FEATURES)))
    stages = range(1, cameleon_value.STAGES + 1)
    write("cameleon", 2, {stage: (row, 10, 0.6) for stage in stages}, path)
    assert cameleon_value.load_weights(path) == {2: dict.fromkeys(stages, row)}
    assert path.read_text(encoding="utf-8") == cameleon_value.FORMAT.text({2: dict.fromkeys(stages, row)})
    shipped = cameleon_value.WEIGHTS_FILE.read_text(encoding="utf-8")
    assert shipped == cameleon_value.FORMAT.text(cameleon_value.load_weights())  # as the fit writes it
