"""Chromino's bot heuristics on hand-made positions, and the greedy bot against random play."""

from __future__ import annotations

import math
import random

import pytest

import kameleon
from kameleon.ai.greedy import GreedyAgent
from kameleon.games.chromino import value
from kameleon.games.chromino.heuristics import HAND_EASE, STUCK, action_values, ease, evaluate, none_fits
from kameleon.games.chromino.tiles import parse_triple

from .helpers import rig


def ranked(state: kameleon.State) -> list[str]:
    """The legal moves, best first by the heuristic."""
    actions = state.legal_actions()
    values = action_values(state, actions)  # type: ignore[arg-type]
    order = sorted(zip(values, actions, strict=True), key=lambda pair: -pair[0])
    return [state.action_to_str(action) for _, action in order]


def test_ease_orders_the_tile_shapes() -> None:
    shapes = ["R*G", "RRY", "RYG", "RRR", "RYR"]  # chameleon, aab, abc, aaa, aba
    values = [ease(parse_triple(name)) for name in shapes]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)


def test_plays_the_palindrome_and_keeps_the_easy_tile() -> None:
    state = rig(["Y*B H 0,-1", "YRG H 1,-1"], hands=[["RRP", "RYR", "YYG"], ["GGG", "PPP", "BBB"]])
    assert ranked(state)[0].startswith("RYR")


def test_blocks_the_only_spot_of_a_revealed_last_tile() -> None:
    # the opponent's last tile YYY fits only at H -1,-2; BYP can fill that footprint or go elsewhere
    layout = ["Y*B H 0,-1", "BPP V 1,1"]
    theirs = rig(layout, hands=[["YYY"], ["BYP", "PRP"]])
    assert [theirs.action_to_str(a) for a in theirs.legal_actions()] == ["YYY H -1,-2"]
    state = rig(layout, hands=[["BYP", "PRP"], ["YYY"]])
    order = ranked(state)
    assert order[-1] == "PYB H 1,-2" and all(move.endswith("H -1,-2") for move in order[:-1])


def test_a_placement_that_reopens_a_spot_is_worse_than_one_that_closes_it() -> None:
    # both readings of YBG fill the revealed YBY's only spot, but Y-B-G laid there makes a new one
    state = rig(["Y*B H 0,-1", "GYY H -1,-2"], hands=[["RPP", "YBG"], ["YBY"]])
    assert ranked(state) == ["GBY H 1,0", "YBG H 1,0"]


def test_values_use_public_information_only() -> None:
    layout = ["Y*B H 0,-1", "YRG H 1,-1"]
    mine = ["RRP", "RYR", "YYG"]
    one = rig(layout, hands=[mine, ["GGG", "PPP", "BBB"]], bag=["RRR", "YYY"])
    other = rig(layout, hands=[mine, ["RRR", "YYY", "BBB"]], bag=["GGG", "PPP"])
    actions = one.legal_actions()
    assert actions == other.legal_actions()
    assert action_values(one, actions) == action_values(other, actions)


def test_none_fits_is_the_hypergeometric_miss_probability() -> None:
    for pool, fitting, hidden in [(60, 20, 1), (60, 20, 5), (10, 7, 3), (10, 8, 3), (5, 0, 2)]:
        exact = math.comb(pool - fitting, hidden) / math.comb(pool, hidden)
        assert math.isclose(none_fits(pool, fitting, hidden), exact)
    assert none_fits(12, 3, 0) == 1.0


def margin(state: kameleon.State, seat: int = 0) -> float:
    """How far `evaluate` puts `seat` ahead of the other seat (the search compares seats by this)."""
    return evaluate(state, seat) - evaluate(state, 1 - seat)  # type: ignore[arg-type]


def test_evaluate_prefers_a_playable_hand_and_fewer_tiles() -> None:
    state = rig(["Y*B H 0,-1"], hands=[["RYG", "BPP"], ["RRR", "RYR"]])
    assert state.legal_actions()[0] > 1  # seat 0 has a placement; of seat 1's tiles only RYR fits
    assert margin(state) > 0
    fewer = rig(["Y*B H 0,-1"], hands=[["RYG"], ["RRR", "RYR"]])
    assert margin(fewer) > margin(state)
    fewer.out[0] = True
    assert margin(fewer) > margin(rig(["Y*B H 0,-1"], hands=[["RYG"], ["RRR"]]))


def test_a_lone_chameleon_counts_as_blocked() -> None:
    # R*G is the easiest tile there is, but alone in hand it may not be placed (§5.4)
    lone = rig(["Y*B H 0,-1"], hands=[["R*G"], ["RRR"]], bag=["PPP"])
    fitting = rig(["Y*B H 0,-1"], hands=[["RYG"], ["RRR"]], bag=["PPP"])
    assert fitting.legal_actions()[0] > 1 and lone.legal_actions() == [0]
    assert margin(lone) < margin(fitting)


def test_evaluate_is_the_learned_value_where_fitted_and_the_tile_count_elsewhere() -> None:
    two = rig(["Y*B H 0,-1"], hands=[["RYG", "BPP"], ["RRR", "RGR"]])
    assert [evaluate(two, seat) for seat in (0, 1)] == [value.value(two, seat) for seat in (0, 1)]
    four = rig(["Y*B H 0,-1"], hands=[["RYG", "BPP"], ["RRR", "RGR"], ["RYG"], ["RRY", "RYG", "BPP"]])
    assert [evaluate(four, seat) for seat in range(4)] == [value.value(four, seat) for seat in range(4)]
    assert not value.fitted(5)
    five = rig(["Y*B H 0,-1"], hands=[["RYG", "BPP"], ["RRR", "RGR"], ["RYG"], ["RRY", "RYG"], ["BPP", "RGR"]])
    scores = [evaluate(five, seat) for seat in range(3)]  # seats 3-4 only fill the table
    assert scores[2] > scores[0] > scores[1]  # fewer tiles first, then a hand that fits
    assert scores[0] - scores[1] == pytest.approx(STUCK + HAND_EASE * (1.18 - 0.78))


def greedy_win_rate(games: int, seed: int) -> float:
    """Greedy against uniformly random play, 2 players, alternating seats; a shared win counts."""
    game = kameleon.load("chromino", players=2)
    won = 0
    for i in range(games):
        state = game.new_state(seed + i // 2)
        agent, rng, seat = GreedyAgent(seed + i), random.Random(seed + i), i % 2
        while not state.is_terminal:
            legal = state.legal_actions()
            if state.current_player == seat:
                state.apply(agent.act(state))
            else:
                state.apply(legal[rng.randrange(len(legal))])
        won += seat in state.winners()
    return won / games


def test_greedy_beats_random_play_on_a_seeded_sample() -> None:
    # about 70% in the long run (800 games); random play against itself wins about 53% (shared wins)
    assert greedy_win_rate(240, 9000) >= 0.62
