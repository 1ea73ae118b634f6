"""Rules §9: what each seat sees, and determinize keeping it."""

from __future__ import annotations

import random
import re

import pytest

import kameleon
from kameleon.games.chromino.explain import TILE_REFUSALS
from kameleon.games.chromino.phases import AFTER_DRAW

from .helpers import rig


def test_a_drawn_tile_is_seen_by_its_drawer_only() -> None:
    state = rig(hands=[["GGG", "PPP"], ["RRR", "RPR"]], bag=["BBB", "YYB"])
    state.apply_str("draw")
    assert state.view(0)["drawn"] == "YYB"
    assert state.view(1)["drawn"] is None and state.view(None)["drawn"] is None
    assert state.view(1)["draws_this_turn"] == 1 and state.view(1)["players"][0]["hand_size"] == 3
    state.apply_str("YYB H -1,-1")
    assert state.view(1)["layout"][-1] == {
        "tile": "YYB",
        "move": "YYB H -1,-1",
        "cells": [[-1, -1], [-1, 0], [-1, 1]],
        "colours": "YYB",
        "seat": 0,
        "drawn": True,
        "move_number": 2,
    }
    assert state.view(None)["moves"] == ["draw", "YYB H -1,-1"]


def test_the_seat_to_move_sees_each_placement_with_its_tile_and_squares() -> None:
    game = kameleon.load("chromino", players=2)
    flipped = 0
    for seed in range(6):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            legal = state.legal_actions()
            placements = [a for a in legal if state.action_to_str(a) not in ("draw", "pass")]
            assert [p["move"] for p in view["placements"]] == [state.action_to_str(a) for a in placements]
            hand = view["players"][seat]["hand"]
            for p, action in zip(view["placements"], placements, strict=True):
                assert p["tile"] in hand and p["colours"] in (p["tile"], p["tile"][::-1])
                flipped += p["colours"] != p["tile"]
                state_copy = state.clone()
                state_copy.apply(action)
                assert state_copy.view(None)["layout"][-1]["cells"] == p["cells"]
                assert state_copy.view(None)["layout"][-1]["colours"] == p["colours"]
            assert state.view(1 - seat)["placements"] is None and state.view(None)["placements"] is None
            state.apply(legal[rng.randrange(len(legal))])
    assert flipped, "some placement lays a tile in its reversed reading"


def test_determinize_resamples_a_hidden_drawn_tile_into_its_slot() -> None:
    game = kameleon.load("chromino", players=3)
    for seed in range(40):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal and state.phase != AFTER_DRAW:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.is_terminal:
            continue
        drawer = state.current_player
        assert drawer is not None
        other = (drawer + 1) % 3
        seen = set()
        for k in range(20):
            sample = state.determinize(other, random.Random(k))
            assert sample.view(other) == state.view(other)
            assert sample.hands[drawer] >> sample.drawn & 1
            assert sample.hands[other] == state.hands[other]
            assert sample.sizes == state.sizes and len(sample.bag) == len(state.bag)
            seen.add(sample.drawn)
            sample.legal_actions()  # the resampled drawn tile drives the drawer's options
        assert len(seen) > 1
        mine = state.determinize(drawer, random.Random(1))
        assert mine.drawn == state.drawn and mine.legal_actions() == state.legal_actions()
        return
    pytest.fail("no game reached a draw")


def test_open_hands_show_everything_but_the_bag() -> None:
    state = rig(hands=[["GGG", "PPP"], ["RRR", "RPR"]], bag=["YYB"], open_hands=True)
    assert state.view(1)["players"][0]["hand"] == ["GGG", "PPP"]
    assert state.view(None)["players"][1]["hand"] == ["RRR", "RPR"]
    state.apply_str("draw")
    assert state.view(None)["drawn"] == "YYB"
    sample = state.determinize(1, random.Random(3))
    assert sample.hands == state.hands and sample.view(1) == state.view(1)


def test_hand_size_one_is_revealed_at_setup() -> None:
    state = kameleon.load("chromino", players=3, hand_size=1).new_state(9)
    for seat in range(3):
        assert state.view(None)["players"][seat]["revealed"] == [
            state.game.codec.to_str(state.game.codec.encode(state.hand(seat)[0], 0, 0, 0, False)).split()[0]
        ]


def test_bad_seats_and_bad_actions_are_named() -> None:
    state = kameleon.load("chromino", players=2).new_state(1)
    before = state.clone()
    with pytest.raises(ValueError, match="seat 2"):
        state.view(2)
    with pytest.raises(ValueError, match="seat"):
        state.determinize(-1, random.Random(0))
    for bad in ("draw", None, True, -5, 10**9, 3.0):
        with pytest.raises(kameleon.IllegalAction, match="not a Chromino"):
            state.apply(bad)  # type: ignore[arg-type]
    with pytest.raises(kameleon.IllegalAction, match="do not hold"):
        state.apply_str("GGG H -1,-1")
    with pytest.raises(kameleon.IllegalAction, match="touch the layout along 0 edge"):
        state.apply(state.game.codec.encode(state.hand(state.current_player)[0], 0, 40, 40, False))  # type: ignore[arg-type]
    assert state == before


def test_the_seat_to_move_sees_the_engines_reasons_and_nobody_else_does() -> None:
    state = rig(hands=[["YYB", "GGG"], ["PPP"]], bag=["RRR", "BBB"])
    mine = state.view(0)
    assert mine["unplayable"] == {"GGG": "stuck"} and mine["forced"] is None
    for other in (1, None):
        assert state.view(other)["unplayable"] is None and state.view(other)["forced"] is None
    stuck = rig(hands=[["GGG", "PPP"], ["RRR"]], bag=["BBB", "RRR"])
    assert stuck.view(0)["unplayable"] == {"GGG": "stuck", "PPP": "stuck"} and stuck.view(0)["forced"] == "must_draw"
    stuck.apply_str("draw")  # RRR does not fit either: the drawing stops
    assert stuck.view(0)["unplayable"] == {"GGG": "only_drawn", "PPP": "only_drawn", "RRR": "stuck"}
    assert stuck.view(0)["forced"] == "drawn_stuck" and stuck.view(1)["forced"] is None
    empty = rig(hands=[["GGG", "PPP"], ["RRR"]])
    assert empty.view(0)["forced"] == "must_pass"


def test_a_lone_chameleon_is_refused_for_the_reason_the_engine_gives() -> None:
    state = rig(hands=[["Y*B"], ["PPP"]], bag=["RRR"])
    assert state.view(0)["unplayable"] == {"Y*B": "chameleon_last"} and state.view(0)["forced"] == "must_draw"
    with pytest.raises(kameleon.IllegalAction, match=re.escape(str(TILE_REFUSALS["chameleon_last"]))):
        state.apply_str("Y*B H -1,-1")
