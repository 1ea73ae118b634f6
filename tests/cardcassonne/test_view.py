"""The rule-derived facts the view carries for interfaces: what each follower secures, the claim's pending
card, whose next card goes face down, the score by part and the engine's reason why nothing can be placed."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import kameleon
from kameleon import IllegalAction
from kameleon.games.cardcassonne import render
from kameleon.games.cardcassonne.claims import OPEN, secured
from kameleon.games.cardcassonne.scoring import PARTS

from .helpers import position, resolve


def test_secured_splits_a_row_at_its_followers() -> None:
    assert secured([]) == [(OPEN, 0, 0)]
    assert secured([-3]) == [(2, 0, 0), (OPEN, 1, 1)]
    assert secured([4, 5, -1, -2, 6]) == [(0, 0, 2), (1, 3, 3), (OPEN, 4, 5)]


def test_view_says_what_each_follower_secures() -> None:
    state = position(3, {"B": ["BP1", "?GA(1)", "F(0)", "F(2)", "BP2", "BH", "F(1)", "BP3"]}, hands=[["YP1"]] * 3)
    row = state.view(0)["rows"][3]
    owners = [e.get("secured_by") for e in row["entries"] if e["kind"] == "card"]
    assert owners == [0, 0, 1, 1, None]
    assert [e["secures"] for e in row["entries"] if e["kind"] == "follower"] == [2, 0, 2]
    assert row["open"] == 1
    assert state.view(None)["rows"][0] == {"row": "Y", "entries": [], "open": 0}


def test_view_points_at_the_claims_pending_card() -> None:
    state = position(4, {"R": ["RP2", "?GA(3)", "?YH(0)", "WA", "F(0)"]}, herds={0: {"Y": 1}})
    resolve(state)
    claim = state.view(1)["claim"]
    assert claim["cards"] == ["RP2", "GA", "YH", "WA"] and claim["pending_index"] == 1
    state.apply_str("keep")
    assert state.view(1)["claim"]["pending_index"] == 2
    state.apply_str("keep")
    assert state.view(1)["claim"]["pending_index"] is None


def test_cannot_place_is_the_engines_reason() -> None:
    state = position(2, {"Y": ["YP1"]}, hands=[["RP1", "GP1"], ["BP1", "BP2"]])
    view = state.view(0)
    assert view["cannot_place"] == {"card": None, "follower": None}
    assert state.view(1)["cannot_place"] is None and state.view(None)["cannot_place"] is None
    assert [p["next_card_face_down"] for p in view["players"]] == [True, True]
    state.apply_str("F@Y")
    state.apply_str("?BP1@R")
    placed = "You have already placed your follower this round."
    assert state.view(0)["cannot_place"] == {"card": None, "follower": "follower_placed"}
    assert [p["next_card_face_down"] for p in state.view(None)["players"]] == [True, False]
    with pytest.raises(IllegalAction) as refused:
        state.apply_str("F@R")
    assert refused.value.reason == placed and refused.value.message.code == "follower_placed"

    state = position(4, {"R": ["GA", "F(0)"]})
    resolve(state)
    code = "decide_misplaced_first"
    assert state.view(0)["cannot_place"] == {"card": code, "follower": code}
    with pytest.raises(IllegalAction, match="First decide whether to keep the misplaced green animal") as refused:
        state.apply_str("F@Y")
    assert refused.value.message.code == code


def test_score_parts_add_up_to_the_score() -> None:
    state = position(4, {"R": ["RP2", "RP1", "GA", "DRG", "F(0)"], "G": ["GA", "WA", "F(1)"], "Y": ["WA", "F(2)"]})
    resolve(state)
    state.apply_str("ten")
    parts = [p["score_parts"] for p in state.view(None)["players"]]
    assert parts[0] == {"people": 6, "animals": 0, "tens": 20, "lone_wilds": 0, "buildings": 0}
    assert parts[1] == {"people": 0, "animals": 6, "tens": 0, "lone_wilds": 0, "buildings": 0}
    assert parts[2] == {"people": 0, "animals": 0, "tens": 0, "lone_wilds": 3, "buildings": 0}
    for seed in range(3):
        state = kameleon.load("cardcassonne", players=3).new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        view = state.view(None)
        for player in view["players"]:
            assert sum(player["score_parts"][part] for part in PARTS) == player["score"]
            assert player["score_parts"]["buildings"] == player["chest_points"]
        console = Console(width=120, record=True)
        console.print(render.summary(state, ["Ann", "Bo", "Cy"]))
        text = console.export_text()
        assert "lone wilds" in text and "Bo" in text
