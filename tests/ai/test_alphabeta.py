"""The alpha-beta search that `expert` plays in Le Caméléon (kameleon.ai.alphabeta)."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import pytest

import kameleon
from kameleon.ai import make_agent
from kameleon.ai.alphabeta import WIN, AlphaBetaAgent, whole_turns, win_chance
from kameleon.ai.analysis import hint
from kameleon.ai.expert import ExpertAgent
from kameleon.ai.fair import FairPlayError, fair_state
from kameleon.ai.network import NetworkError
from kameleon.engine.errors import KameleonError
from kameleon.engine.game import Game
from kameleon.games.cameleon import CameleonState

from ..cameleon.support import at


def _played(agent: AlphaBetaAgent | ExpertAgent, state: CameleonState) -> str:
    """The displacement the agent chooses, as `c4-d5` (or `c4-d5*` when choices follow it)."""
    return state.action_to_str(agent.act(fair_state(state)))


def test_the_capture_that_ends_the_game_is_played() -> None:
    state = at("8/8/3R4/3y4/8/2Y5/8/8/8 R 0 1")  # c4-d5 flanks the last enemy piece, d6, with d4
    agent = AlphaBetaAgent(1, iterations=200)
    assert _played(agent, state) == "c4-d5*"
    state.replay_tokens(["c4-d5*"])
    for choice in agent.last_turn[1:]:  # the reward's kind and square, chosen by the same search
        state.apply(choice)
    assert state.is_terminal and state.winners() == [0]


def test_the_hint_is_the_whole_ply_the_search_would_play() -> None:
    state = at("8/8/3R4/3y4/8/2Y5/8/8/8 R 0 1")
    token = hint(state, 0, level="expert@200")
    assert token.startswith("c4-d5xd6=") and token in state.legal_tokens()


def test_a_move_into_a_capture_is_avoided() -> None:
    state = at("8/8/8/3y3b/8/2Ry4/8/B7/8 R 0 1")  # red c4 to d5 would stand between the yellows d4 and d6
    for seed in range(3):
        assert _played(AlphaBetaAgent(seed, iterations=2000), state) != "c4-d5"


def test_expert_plays_the_alpha_beta_in_le_cameleon_and_its_budget_counts_positions() -> None:
    expert = make_agent("expert@300", 1)
    state = kameleon.load("cameleon").new_state(0)
    assert isinstance(expert, ExpertAgent)
    assert expert.act(fair_state(state)) in state.legal_actions()
    assert expert.last_iterations == 300  # positions examined, the whole budget
    assert expert._minimax["cameleon"].contempt == kameleon.load("cameleon").expert_settings["contempt"]


def test_the_same_seed_and_budget_give_the_same_game() -> None:
    game = kameleon.load("cameleon")

    def moves() -> list[int]:
        state = game.new_state(0)
        agents = [make_agent("expert@150", 4), make_agent("expert@150", 5)]
        while not state.is_terminal and len(state.history) < 24:
            seat = state.current_player
            assert seat is not None
            state.apply(agents[seat].act(fair_state(state)))
        return state.history

    assert moves() == moves()


def test_a_whole_game_is_played_with_legal_moves_through_the_fair_view() -> None:
    game = kameleon.load("cameleon")
    state = game.new_state(3)
    agents = [AlphaBetaAgent(1, iterations=60), make_agent("random", 2)]
    while not state.is_terminal and len(state.history) < 400:
        seat = state.current_player
        assert seat is not None
        action = agents[seat].act(fair_state(state))
        assert action in state.legal_actions()
        state.apply(action)
    assert state.is_terminal and state.winners() == [0]  # a search beats random play


def test_the_search_asks_only_for_what_the_seat_may_use() -> None:
    view = fair_state(kameleon.load("cameleon").new_state(0))
    with pytest.raises(FairPlayError):
        view.clone()
    assert AlphaBetaAgent(1, iterations=50).act(view) in view.legal_actions()


def test_whole_turns_are_the_plies_of_the_record() -> None:
    # A Caméléon ply is a displacement and the choices it waits for: the search branches on whole plies.
    rng = random.Random(7)
    state = at("8/7b/8/2YrB3/4yY2/2R5/8/8/1O1O4 R 0 1")
    checked = 0
    while not state.is_terminal and checked < 40:
        if state.pending is None:
            turns = whole_turns(state)
            assert len(turns) == len(state.ply_tokens())
            assert all(t.current_player != state.current_player or t.is_terminal for _, t in turns)
            checked += 1
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert checked >= 20


@pytest.mark.parametrize(
    ("name", "players", "said"),
    [
        (
            "coloretto",
            2,
            "it plays games of perfect information, and in Coloretto the seats hold what others do not see",
        ),
        ("chromino", 3, "it plays games of two seats, and this Chromino table has 3"),
    ],
)
def test_games_it_cannot_search_are_refused_by_name(name: str, players: int, said: str) -> None:
    state = kameleon.load(name, players=players).new_state(1)
    with pytest.raises(KameleonError, match=f"alpha-beta cannot search {name}: {said}"):
        AlphaBetaAgent(1, iterations=10).act(fair_state(state))


@pytest.mark.parametrize(
    ("settings", "said"),
    [
        ({}, "give the search a budget"),
        ({"iterations": 0}, "iterations must be a whole number, at least 1, not 0"),
        ({"iterations": 2.5}, "iterations must be a whole number"),
        ({"time_limit": -1}, "time_limit must be a positive, finite number of seconds, not -1"),
        ({"time_limit": 1, "contempt": -0.5}, "contempt must be a number from 0 to 1000, not -0.5"),
        ({"time_limit": 1, "contempt": True}, "contempt must be a number from 0 to 1000, not True"),
        ({"time_limit": 1, "contempt": float("inf")}, "contempt must be a number from 0 to 1000, not inf"),
    ],
)
def test_bad_settings_are_refused(settings: dict[str, float], said: str) -> None:
    with pytest.raises(ValueError, match=said):
        AlphaBetaAgent(1, **settings)  # type: ignore[arg-type]


def test_appraisal_values_turns_as_win_chances_at_the_depth_reached() -> None:
    state = at("8/8/3R4/3y4/8/2Y5/8/8/8 R 0 1")  # c4-d5 takes the last enemy piece
    searcher = AlphaBetaAgent(1, iterations=300)
    lines = [line for line, _ in whole_turns(state)]
    best, chances = searcher.appraise(fair_state(state), lines)
    assert chances[0] == 1.0 and best in lines and state.action_to_str(best[0]) == "c4-d5*"
    assert all(0.0 <= chance <= 1.0 for chance in chances)
    for line, chance in zip(lines, chances[1:], strict=True):
        if line[0] == best[0]:
            assert chance == 1.0  # whatever reward the capture takes, it ends the game
    assert any(chance < 1.0 for chance in chances[1:])  # the other moves do not win at once
    assert win_chance(0.0) == 0.5 and win_chance(-WIN + 1) == 0.0 and 0.5 < win_chance(1.0) < 1.0


def test_appraisal_reads_values_through_the_games_calibration(monkeypatch: pytest.MonkeyPatch) -> None:
    game: Game[Any] = kameleon.load("cameleon")
    state: Any = game.new_state(0)
    rng = random.Random(5)
    for _ in range(24):  # an open middle game: no line is decided within the search's depth
        state.apply(rng.choice(state.legal_actions()))
    lines = [line for line, _ in whole_turns(state)][:4]
    calibrated = AlphaBetaAgent(1, iterations=300).appraise(fair_state(state), lines)
    monkeypatch.setattr(type(game), "value_calibration", 1.0)
    raw = AlphaBetaAgent(1, iterations=300).appraise(fair_state(state), lines)
    assert calibrated[0] == raw[0]  # the calibration changes what a value is read as, never the search
    for wrong in (0.0, -1.0, math.nan, "2"):
        monkeypatch.setattr(type(game), "value_calibration", wrong)
        with pytest.raises(KameleonError, match="Le Caméléon: value_calibration must be a positive number"):
            AlphaBetaAgent(1, iterations=10).appraise(fair_state(state), lines)
    monkeypatch.undo()
    assert game.value_calibration != 1.0
    for odd, even in zip(calibrated[1], raw[1], strict=True):
        assert 0.0 < even < 1.0
        assert math.log(odd / (1 - odd)) == pytest.approx(game.value_calibration * math.log(even / (1 - even)))
    assert win_chance(WIN, 3.0) == 1.0 and win_chance(-WIN, 3.0) == 0.0  # a decided game is not rescaled
    assert win_chance(0.4, 2.5) == pytest.approx(win_chance(1.0)) and win_chance(-800.0, 2.5) == 0.0


def test_the_transposition_table_changes_no_value() -> None:
    # The same fixed-depth search with and without the table, from positions of a game between bots.
    game: Game[Any] = kameleon.load("cameleon")
    state: Any = game.new_state(0)
    rng = random.Random(2)
    agents = [make_agent("medium", 1), make_agent("medium", 2)]
    compared = hits = 0
    while not state.is_terminal and compared < 6:
        if state.pending is None and len(state.history) % 7 == 3:
            values = []
            for key in (game.position_key, lambda _: None):
                searcher = AlphaBetaAgent(1, iterations=1)
                searcher._me, searcher._value, searcher._key = state.turn, game.search_value, key
                table = _Counted()
                searcher._limit, searcher._table = None, table
                values.append(searcher._minimax(state.clone(), 4, 0, -2 * WIN, 2 * WIN))
                hits += table.hits
            assert values[0] == pytest.approx(values[1])
            compared += 1
        seat = state.current_player
        assert seat is not None
        moves = state.legal_actions()
        state.apply(agents[seat].act(fair_state(state)) if rng.random() < 0.7 else moves[rng.randrange(len(moves))])
    assert compared == 6 and hits > 50  # the table was used, and changed nothing


class _Counted(dict[Any, Any]):
    """A transposition table that counts the positions found in it."""

    hits = 0

    def get(self, key: Any, default: Any = None) -> Any:
        found = super().get(key, default)
        self.hits += found is not None
        return found


def test_the_choices_of_the_chosen_turn_are_played_as_planned() -> None:
    state = at("8/8/3R4/3y4/8/2Y5/8/8/8 R 0 1")
    agent = AlphaBetaAgent(1, iterations=200)
    state.apply(agent.act(fair_state(state)))
    planned = agent.last_turn
    while state.current_player == 0 and not state.is_terminal:
        action = agent.act(fair_state(state))
        assert agent.last_iterations == 0 and action == planned[len(state.history)]  # no new search
        state.apply(action)
    assert state.history == list(planned)


def test_an_expert_given_a_network_to_train_plays_it_in_le_cameleon_too(tmp_path: Path) -> None:
    state = kameleon.load("cameleon").new_state(0)
    with pytest.raises(NetworkError, match="no value network at"):
        ExpertAgent(1, iterations=10, network=tmp_path / "gone.npz").act(fair_state(state))


@pytest.mark.parametrize(("name", "scale"), [("cardcassonne", 20.0), ("coloretto", 2.0)])
def test_the_default_search_value_is_the_log_odds_hards_rollouts_give_the_margin(name: str, scale: float) -> None:
    game = kameleon.load(name, players=2)
    state = game.new_state(3)
    rng = random.Random(3)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    values = game.position_values(state)
    mover = state.current_player
    assert mover is not None
    margin = values[mover] - values[1 - mover]
    assert Game.search_value(game, state) == pytest.approx(2 * margin / scale)
    assert win_chance(Game.search_value(game, state)) == pytest.approx((1 + math.tanh(margin / scale)) / 2)
    assert win_chance(-800.0) == 0.0 and win_chance(800.0) == 1.0  # a large margin in points: no overflow
