"""The Cardcassonne heuristic on hand-made positions: follower timing, herd growth, building sets,
the position estimate used by searches, and the greedy bot against random play."""

from __future__ import annotations

import kameleon
from kameleon import Agent
from kameleon.ai.greedy import GreedyAgent
from kameleon.ai.random_agent import RandomAgent
from kameleon.engine.match import play_match
from kameleon.games.cardcassonne.cards import FACE_INDEX, FIRST_ID
from kameleon.games.cardcassonne.heuristics import action_values, claim_points, evaluate
from kameleon.games.cardcassonne.state import CardcassonneState

from .helpers import position


def _mid_round(state: CardcassonneState, placed: dict[int, str] | None = None) -> CardcassonneState:
    """Every seat has played its face-down card; seats in `placed` already have a follower in that row."""
    for seat, colour in (placed or {}).items():
        state.rows["YRGB".index(colour)].append(-1 - seat)
        state.follower[seat] = 1
    state.played = [1] * state.num_players
    for q, hand in enumerate(state.hands):
        state.set_hand(q, hand)  # its legal moves follow the new round flags
    return state


def _values(state: CardcassonneState) -> dict[str, float]:
    actions = state.legal_actions()
    return {state.action_to_str(a): v for a, v in zip(actions, action_values(state, actions), strict=True)}


def _card(face: str) -> int:
    return FIRST_ID[FACE_INDEX[face]]


def test_waits_to_grow_the_row_once_the_opponent_has_placed() -> None:
    # Seat 1 is committed elsewhere: nobody can take row Y before seat 0, so adding YP3 first beats claiming now.
    state = _mid_round(
        position(2, {"Y": ["YP2", "YP2", "YP1"], "B": ["BP1"]}, hands=[["YP3", "GP1"], ["RP1"]]), placed={1: "B"}
    )
    values = _values(state)
    assert max(values, key=values.__getitem__) == "YP3"
    assert values["YP3"] > values["F@Y"] > values["F@B"]


def test_claims_the_rich_row_while_the_opponent_is_free() -> None:
    # Seat 1 could take row Y next turn; a low card adds little, so seat 0 secures the row now.
    state = _mid_round(position(2, {"Y": ["YP3", "YP3", "YP2", "YP2"]}, hands=[["GP1", "BP1"], ["RP1", "RP2"]]))
    values = _values(state)
    assert max(values, key=values.__getitem__) == "F@Y"


def test_does_not_feed_a_free_opponent_after_placing() -> None:
    # Seat 0's follower is out; YP3 would enrich row Y, which seat 1 (still free) is about to take.
    state = _mid_round(
        position(2, {"Y": ["YP3", "YP2", "YP2"], "B": ["BP1"]}, hands=[["YP3", "GH"], ["RP1", "RP2"]]), placed={0: "B"}
    )
    values = _values(state)
    assert values["GH"] > values["YP3"]


def test_herd_growth_is_worth_more_early_in_the_game() -> None:
    state = position(2, {}, herds={0: {"G": 2}})
    early = claim_points(state, 0, 2, [_card("GA")])
    state.round_no = state.game.rounds
    late = claim_points(state, 0, 2, [_card("GA")])
    assert late == 9  # the herd of three is scored again (3, 6, 9, ...)
    assert early > late


def test_a_building_that_completes_a_set_beats_a_duplicate() -> None:
    state = _mid_round(
        position(2, {"Y": ["YH"], "B": ["BH"]}, hands=[["GP1", "RP1"], ["GP2", "RP2"]], chests={0: ["YH", "RH", "GH"]})
    )
    values = _values(state)
    assert values["F@B"] > values["F@Y"]
    assert claim_points(state, 0, 3, [_card("BH")]) > claim_points(state, 1, 3, [_card("BH")])


def test_evaluate_favours_the_seat_ahead() -> None:
    state = _mid_round(position(2, {"Y": ["YP1"]}, hands=[["GP1"], ["GP2"]], scores={0: 60, 1: 20}))
    assert evaluate(state, 0) > evaluate(state, 1)


def test_evaluate_counts_the_claim_a_follower_holds() -> None:
    # Equal scores; seat 0's follower secures a rich people row, seat 1's a single low card.
    state = _mid_round(
        position(2, {"Y": ["YP3", "YP3", "YP2"], "R": ["RP1"]}, hands=[["GP1"], ["GP2"]]), placed={0: "Y", 1: "R"}
    )
    assert evaluate(state, 0) - evaluate(state, 1) == 8 * 3 - 1


def test_evaluate_is_the_final_score_when_the_game_is_over() -> None:
    game = kameleon.load("cardcassonne", players=2)
    result = play_match(game, [GreedyAgent(1), GreedyAgent(2)], seed=4)
    assert isinstance(result.state, CardcassonneState)
    assert [evaluate(result.state, seat) for seat in range(2)] == result.scores


def test_greedy_beats_random() -> None:
    game = kameleon.load("cardcassonne", players=2)
    wins = 0
    for deal in range(3):
        for seat in range(2):
            agents: list[Agent] = [RandomAgent(10 * deal + q) for q in range(2)]
            agents[seat] = GreedyAgent(10 * deal + 5)
            wins += seat in play_match(game, agents, seed=deal).winners
    assert wins == 6
