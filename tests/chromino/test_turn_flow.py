"""Rules §10.4 Expert scoring and §10.6 turn-flow scenarios, played through State.apply."""

from __future__ import annotations

from typing import Any

import pytest

import kameleon
from kameleon.games.chromino import scoring
from kameleon.games.chromino.phases import AFTER_DRAW
from kameleon.games.chromino.state import ChrominoState

from .helpers import moves, names, rig

START = "Y*B H 0,-1"
WITH_YR = ["YR", "RP", "YB", "YP", "GB"]


def play(state: ChrominoState, *tokens: str) -> None:
    for token in tokens:
        state.apply_str(token)


@pytest.mark.parametrize(
    ("table", "move", "points"),
    [
        (["GGG H 1,1"], "RGG H 0,0", 3),
        (["YYR H 2,0", "YRR H 3,1"], "RRR V 0,3", 5),
        (["YRB V 0,0"], "RBG V 1,1", 6),
        (["YGB H 0,0", "YRB H 2,0"], "Y*B H 1,0", 9),
    ],
    ids=["X1", "X2", "X3", "X4"],
)
def test_expert_points(table: list[str], move: str, points: int) -> None:
    state = rig(table, hands=[[move.split()[0], "PPP"], ["PPP"]], scoring="expert")
    play(state, move)
    assert state.points == [points, 0]
    assert state.view(1)["players"][0]["points"] == points


def test_expert_points_come_from_scoring_before_the_tile_is_laid() -> None:
    state = rig(["YGB H 0,0", "YRB H 2,0"], hands=[["Y*B", "PPP"], ["PPP"]], scoring="expert")
    action = state.parse_action("Y*B H 1,0")
    game = state.game
    assert scoring.placement_points(state, game.tile_of(action), game.board_fp(action)) == 9
    play(state, "Y*B H 1,0")
    assert state.view(None)["breakdowns"] == [{"placement_points": 9}, {"placement_points": 0}]


@pytest.mark.parametrize("mode", ["none", "bga", "expert"])
def test_scores_are_the_sums_of_the_breakdowns(mode: str) -> None:
    sizes, out, points = [0, 2, 5], [True, False, False], [7, 3, 0]
    parts = [scoring.breakdown(mode, n, gone, p) for n, gone, p in zip(sizes, out, points, strict=True)]
    assert scoring.scores(mode, sizes, out, points) == [sum(b.values()) for b in parts]


def test_expert_rulebook_sequence_x5() -> None:
    state = rig(["Y*R H 0,1"], hands=[["GRR", "YBR", "PGR", "YBP", "GGG"]], scoring="expert", chameleon_ends=WITH_YR)
    totals = []
    for move in ("GRR H 1,2", "YBR V -2,4", "PGR H 2,1", "YBP V 0,0"):
        play(state, move)
        totals.append(state.points[0])
    assert totals == [5, 13, 18, 27]


def test_t1_no_voluntary_draw_or_pass() -> None:
    state = rig(hands=[["YYB", "GGG"], ["PPP"]], bag=["RRR"])
    assert moves(state) == ["YYB H -1,-2", "BYY H -1,-2", "YYB H -1,-1", "YYB H 1,-2", "BYY H 1,-2", "YYB H 1,-1"]
    for word in ("draw", "pass"):
        before = state.clone()
        with pytest.raises(kameleon.IllegalAction, match="must place"):
            state.apply_str(word)
        assert state == before


def test_t2_drawn_tile_must_be_placed_and_only_it() -> None:
    state = rig(hands=[["GGG", "YYY"][:1], ["PPP"]], bag=["RRR", "YYB"])
    assert moves(state) == ["draw"]
    play(state, "draw")
    assert state.phase == AFTER_DRAW and state.drawn == 31
    assert moves(state) == ["YYB H -1,-2", "BYY H -1,-2", "YYB H -1,-1", "YYB H 1,-2", "BYY H 1,-2", "YYB H 1,-1"]
    with pytest.raises(kameleon.IllegalAction, match="must be placed"):
        state.apply_str("pass")
    play(state, "YYB H -1,-1")
    assert state.current_player == 1 and names(state, 0) == ["GGG"]


def test_t2_drawn_tile_may_be_kept() -> None:
    state = rig(hands=[["GGG"], ["PPP"]], bag=["YYB"], drawn_tile="may")
    play(state, "draw")
    assert moves(state)[0] == "pass" and len(moves(state)) == 7
    play(state, "pass")
    assert names(state, 0) == ["GGG", "YYB"] and state.current_player == 1


def test_t2_drawn_tile_that_does_not_fit_ends_the_turn_with_a_pass() -> None:
    state = rig(hands=[["GGG", "YYY"][:1], ["PPP"]], bag=["YYB", "RRR"])
    play(state, "draw")
    assert moves(state) == ["pass"]
    with pytest.raises(kameleon.IllegalAction, match="draw"):
        state.apply_str("draw")
    play(state, "pass")
    assert names(state, 0) == ["GGG", "RRR"] and state.bag == [31]


def test_draw_until_playable_and_up_to_n() -> None:
    state = rig(hands=[["GGG"], ["PPP"]], bag=["YYB", "RRP", "GGB", "RRR"], draw="until_playable")
    for _ in range(3):
        play(state, "draw")
        assert moves(state) == ["draw"]
    play(state, "draw")
    assert moves(state)[0] == "YYB H -1,-2"
    limited = rig(hands=[["GGG"], ["PPP"]], bag=["YYB", "RRP", "GGB", "RRR"], draw="up_to_n", draw_limit=2)
    play(limited, "draw")
    assert moves(limited) == ["draw"]
    play(limited, "draw")
    assert moves(limited) == ["pass"]
    play(limited, "pass")
    assert limited.sizes[0] == 3 and limited.current_player == 1
    empty = rig(hands=[["GGG"], ["PPP"]], bag=["RRR"], draw="until_playable")
    play(empty, "draw")
    assert moves(empty) == ["pass"]


def test_t3_lone_chameleon_must_draw_and_place_a_fitting_tile() -> None:
    state = rig(hands=[["R*P"], ["PPP", "GGG"]], bag=["YYB"])
    assert state.view(1)["players"][0]["revealed"] == ["R*P"]
    assert moves(state) == ["draw"]
    with pytest.raises(kameleon.IllegalAction, match="last tile"):
        state.apply_str("R*P H -1,-2")
    play(state, "draw")
    assert all(m.startswith(("YYB", "BYY")) for m in moves(state))
    play(state, "YYB H 1,-1")
    assert names(state, 0) == ["R*P"]


def test_t3_lone_chameleon_keeps_a_tile_that_does_not_fit_and_plays_later() -> None:
    state = rig(hands=[["R*P"], ["PPP", "GGG"]], bag=["GGB"])
    play(state, "draw", "pass")
    assert names(state, 0) == ["GGB", "R*P"]
    play(state, "pass")  # seat 1: nothing fits, bag empty
    assert "R*P H -1,-2" in moves(state)
    play(state, "R*P H -1,-2")
    assert state.view(1)["players"][0]["revealed"] == ["GGB"]


def test_t4_lone_chameleon_empty_bag_passes_and_wins_a_blocked_game() -> None:
    state = rig(hands=[["R*P"], ["GGG", "PPP"]], bag=[])
    assert moves(state) == ["pass"]
    play(state, "pass", "pass")
    assert state.is_terminal
    assert state.winners() == [0] and state.scores() == [-1, -2]


def _t5(last: tuple[str, ...] = ("RBB",), **options: Any) -> ChrominoState:
    state = rig(hands=[["YYY", "GGG"], ["BBB"], ["GGG", "PPP"], last], bag=[], **options)
    play(state, "YYY H -1,-2", "BBB H 1,0")
    assert state.out == [False, True, False, False] and state.view(None)["final_round"]
    return state


def test_t5_complete_round_and_co_winners() -> None:
    state = _t5()
    play(state, "pass", "BBR H 0,2")
    assert state.is_terminal and state.winners() == [1, 3] and state.turns == [1, 1, 1, 1]
    other = _t5(("RBB", "GGG"))
    play(other, "pass", "BBR H 0,2")
    assert other.is_terminal and other.winners() == [1]


def test_t5_one_more_turn_gives_seat_0_a_turn() -> None:
    state = _t5(("GGG",), final_round="one_more_turn")
    play(state, "pass", "pass")
    assert not state.is_terminal and state.current_player == 0
    play(state, "pass")
    assert state.is_terminal and state.turns == [2, 1, 1, 1]


def test_t6_going_out_as_the_last_seat_ends_at_once() -> None:
    state = rig(hands=[["GGG", "PPP"], ["GGG", "PPP"], ["GGG", "PPP"], ["YYY"]], bag=[])
    play(state, "pass", "pass", "pass", "YYY H -1,-2")
    assert state.is_terminal and state.winners() == [3] and state.scores() == [-2, -2, -2, 0]


def test_t7_stalemate_fewest_tiles_share_the_win() -> None:
    state = rig(hands=[["GGG", "PPP"], ["GGG", "PPP", "RRR", "RPR"], ["GGG", "PPP"]], bag=[])
    play(state, "pass", "pass")
    assert not state.is_terminal and state.stall == 2
    play(state, "pass")
    assert state.is_terminal and state.winners() == [0, 2] and state.scores() == [-2, -4, -2]


def test_stalemate_counter_resets_after_a_turn_that_began_with_tiles_in_the_bag() -> None:
    state = rig(hands=[["GGG", "PPP"], ["GGG"]], bag=["RRR"])
    play(state, "draw", "pass")
    assert state.stall == 0 and not state.bag
    play(state, "pass")
    assert state.stall == 1 and not state.is_terminal
    play(state, "pass")
    assert state.is_terminal and state.winners() == [1]


def test_t8_bga_scores() -> None:
    state = rig(hands=[["YYY"], ["GGG", "PPP"], ["GGG", "PPP", "RRR", "RPR", "GPG"]], bag=[], scoring="bga")
    play(state, "YYY H -1,-2", "pass", "pass")
    assert state.is_terminal and state.scores() == [10, -20, -50] and state.winners() == [0]


def test_t9_revealed_tile_stays_public_after_a_draw() -> None:
    state = rig(hands=[["YYY", "GGG"], ["PPP", "RRR"]], bag=["RPR", "GPG"])
    play(state, "YYY H -1,-2")
    assert state.view(1)["players"][0]["revealed"] == ["GGG"]
    play(state, "draw", "pass", "draw", "pass")
    seen = state.view(1)["players"][0]
    assert seen["revealed"] == ["GGG"] and seen["hand_size"] == 2 and seen["hand"] is None
    assert state.view(0)["players"][0]["hand"] == ["RPR", "GGG"]


def test_immediate_draw_after_leaving_a_lone_chameleon() -> None:
    state = rig(hands=[["YYY", "R*P"], ["PPP", "GGG"]], bag=["RRR", "GPG"], chameleon_last_draw="immediate")
    play(state, "YYY H -1,-2")
    assert names(state, 0) == ["GPG", "R*P"] and state.events == [(1, 0, "draw")]
    assert state.view(1)["players"][0]["revealed"] == ["R*P"]


def test_solo_game_going_out_ends_at_once() -> None:
    state = rig(hands=[["YYY"]], bag=["RRR"])
    play(state, "YYY H -1,-2")
    assert state.is_terminal and state.winners() == [0] and state.scores() == [0]
    blocked = rig(hands=[["GGG"]], bag=[])
    play(blocked, "pass")
    assert blocked.is_terminal and blocked.scores() == [-1]


def test_moves_after_the_end_are_refused() -> None:
    state = rig(hands=[["YYY"]], bag=[])
    play(state, "YYY H -1,-2")
    with pytest.raises(kameleon.IllegalAction, match="over"):
        state.apply_str("pass")
    assert state.legal_actions() == []
