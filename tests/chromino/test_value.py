"""The learned position value: its features and its weights file (the fit is in tests/research)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kameleon.engine.errors import KameleonError
from kameleon.games.chromino import value
from kameleon.games.chromino.tiles import parse_triple

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


def test_the_shipped_weights_file_loads_in_its_format() -> None:
    data = json.loads(value.WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert (
        (data["format"], data["version"])
        == (value.WEIGHTS_FORMAT, value.WEIGHTS_VERSION)
        == (
            "kameleon chromino value weights",
            1,
        )
    )
    assert data["features"] == list(value.FEATURES)
    assert value.load_weights() == value.WEIGHTS
    assert sorted(value.WEIGHTS) == [2, 3, 4]
    # The numbers the weights were fitted to (value.py held them as a literal before they became data).
    assert value.WEIGHTS[2][1][:3] == (-0.549, -0.462, -0.416) and value.WEIGHTS[4][7][-1] == -0.363
    assert all(type(w) is float for stages in value.WEIGHTS.values() for row in stages.values() for w in row)


def test_saved_weights_read_back_and_the_file_reads_as_it_is_written(tmp_path: Path) -> None:
    path = tmp_path / "weights.json"
    value.save_weights(value.WEIGHTS, path)
    assert path.read_text(encoding="utf-8") == value.WEIGHTS_FILE.read_text(encoding="utf-8")
    changed = {**value.WEIGHTS, 5: {stage: tuple(0.5 * stage for _ in value.FEATURES) for stage in range(1, 8)}}
    value.save_weights(changed, path)
    assert value.load_weights(path) == changed


def _edit(change: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(value.WEIGHTS_FILE.read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "are missing"),
        ('{"format": ', "are not valid JSON"),
        ("[1, 2]", "is not a file of Chromino value weights"),
        (_edit(lambda d: d.update(format="other")), "is not a file of Chromino value weights"),
        (_edit(lambda d: d.update(version=2)), "holds version 2 of the weights format; this kameleon reads version 1"),
        (_edit(lambda d: d["features"].pop()), "weighs other features than this kameleon measures"),
        (_edit(lambda d: d.update(weights=[])), '"weights" is not an object of player counts'),
        (_edit(lambda d: d["weights"].update(nine={})), "'nine' is not a number of players from 1 to 8"),
        (_edit(lambda d: d["weights"]["2"].pop("7")), "the weights of 2 players are not one row per stage 1 to 7"),
        (_edit(lambda d: d["weights"]["3"]["2"].pop()), "the weights of 3 players at stage 2 are not a list of 14"),
        (_edit(lambda d: d["weights"]["4"]["1"].__setitem__(0, "x")), "is not a finite number"),
        (_edit(lambda d: d["weights"]["4"]["1"].__setitem__(0, True)), "is not a finite number"),
    ],
)
def test_a_missing_or_corrupt_weights_file_is_a_clear_error(tmp_path: Path, text: str | None, message: str) -> None:
    path = tmp_path / "value_weights.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(value.WeightsError, match=re.escape(message)) as error:
        value.load_weights(path)
    assert str(path) in str(error.value)
    assert isinstance(error.value, KameleonError)


def test_weights_that_cannot_be_read_back_are_not_written(tmp_path: Path) -> None:
    path = tmp_path / "weights.json"
    with pytest.raises(value.WeightsError, match="is not a finite number"):
        value.save_weights({2: {stage: (float("nan"),) * 14 for stage in range(1, 8)}}, path)
    with pytest.raises(value.WeightsError, match="not one row per stage"):
        value.save_weights({2: {1: (0.0,) * 14}}, path)
    assert not path.exists()
