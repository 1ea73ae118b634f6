"""Le Caméléon's learned value, which the `expert` level's alpha-beta search judges its leaves by."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

import kameleon
from kameleon.engine.weights import WeightsError
from kameleon.games.cameleon import value
from kameleon.games.chromino import value as chromino_value

from .support import at


def test_the_features_count_pieces_threats_moves_and_the_turn() -> None:
    state = kameleon.load("cameleon").new_state(0)
    assert value.features(state, 0) == [12.0, 0.0, 0.0, 0.0, 0.0, state.mobility(0) / 10, 0.0, 1.0]
    # Round's yellow d5 and red d7 flank Square's yellow d6: a capture at the end of Round's ply when it is to
    # move, a threat Square must answer when it is Square's turn
    for to_move, threat in (("R", [1.0, 0.0]), ("S", [0.0, 1.0])):
        state = at(f"8/8/3R4/3y4/3Y4/8/8/8/8 {to_move} 0 1")
        assert value.features(state, 0) == [2.0, 0.0, 0.0, *threat, 0.8, 0.0, float(to_move == "R")]
        assert value.features(state, 1) == [1.0, 0.0, 0.0, 0.0, 0.0, 0.4, 0.0, float(to_move == "S")]


def test_the_search_value_is_the_difference_of_the_two_sides_from_the_mover_s() -> None:
    state = kameleon.load("cameleon").new_state(0)
    for token in ("a4-b5", "f6-e5", "c4-d5"):
        state.apply_str(token)
        me = state.turn
        assert value.search_value(state) == pytest.approx(value.value(state, me) - value.value(state, 1 - me))


def test_the_shipped_weights_load_and_the_contempt_for_a_draw_is_in_log_odds() -> None:
    row = value.shipped_row()
    assert value.load_weights() == {2: {1: row}} and value.STAGES == 1
    assert len(row) == len(value.FEATURES) and all(math.isfinite(w) for w in row)
    assert kameleon.load("cameleon").expert_settings == {"contempt": 0.05}  # in log-odds, as the value


def test_a_damaged_weights_file_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    data = json.loads(value.WEIGHTS_FILE.read_text(encoding="utf-8"))
    data["weights"]["2"]["1"] = data["weights"]["2"]["1"][:3]
    path.write_text(json.dumps(data), encoding="utf-8")
    message = f"the Le Caméléon value weights {path} are malformed: the weights of 2 players at stage 1 are not a list"
    with pytest.raises(WeightsError, match=re.escape(message)):
        value.load_weights(path)
    with pytest.raises(WeightsError, match="is not a file of Le Caméléon value weights"):
        value.load_weights(chromino_value.WEIGHTS_FILE)


def test_a_damaged_shipped_file_stops_only_what_judges_by_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    damaged = tmp_path / "value_weights.json"
    damaged.write_text(value.WEIGHTS_FILE.read_text(encoding="utf-8")[:40], encoding="utf-8")  # a broken install
    monkeypatch.setattr(value, "WEIGHTS_FILE", damaged)
    value.shipped_row.cache_clear()
    try:
        state = kameleon.load("cameleon").new_state(0)  # the game itself loads and plays
        state.apply(state.legal_actions()[0])
        with pytest.raises(WeightsError, match=r"are not valid JSON .*: reinstall kameleon"):
            value.search_value(state)
    finally:
        monkeypatch.undo()
        value.shipped_row.cache_clear()
    assert value.search_value(state) == pytest.approx(
        value.value(state, state.turn) - value.value(state, 1 - state.turn)
    )
