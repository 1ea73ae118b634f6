"""Levels by name: make_agent, bot specs with a time per move, and the generic greedy fallback."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import kameleon
from kameleon.ai import (
    HARD_MOVE_TIME,
    BotSpec,
    GreedyAgent,
    ISMCTSAgent,
    RandomAgent,
    agent_names,
    make_agent,
    parse_spec,
)
from kameleon.engine.agent import GameOver
from kameleon.engine.benchmark import random_game
from kameleon.engine.errors import KameleonError
from kameleon.engine.hooks import score_lookahead


def test_levels_are_registered() -> None:
    assert agent_names() == sorted(["easy", "expert", "greedy", "hard", "medium", "random"])


@pytest.mark.parametrize(
    ("spec", "kind", "name"),
    [
        ("random", RandomAgent, "random"),
        ("greedy", GreedyAgent, "greedy"),
        ("easy", GreedyAgent, "easy"),
        ("medium", GreedyAgent, "medium"),
        ("hard", ISMCTSAgent, "hard"),
        (" Hard ", ISMCTSAgent, "hard"),
    ],
)
def test_make_agent_by_level(spec: str, kind: type, name: str) -> None:
    agent = make_agent(spec, seed=3)
    assert isinstance(agent, kind)
    assert agent.name == name


def test_level_settings() -> None:
    easy, medium, hard = make_agent("easy", 1), make_agent("medium", 1), make_agent("hard", 1)
    assert isinstance(easy, GreedyAgent) and easy.noise > 0 and easy.relative_noise
    assert isinstance(medium, GreedyAgent) and medium.noise == 0
    assert isinstance(hard, ISMCTSAgent) and hard.time_limit == HARD_MOVE_TIME and hard.iterations is None
    assert hard.game_settings and hard.per_game == {}


def test_move_time_by_spec_and_by_argument() -> None:
    assert parse_spec("hard:0.25") == BotSpec("hard", move_time=0.25)
    assert parse_spec("medium") == BotSpec("medium")
    assert make_agent("hard:0.2", 1).time_limit == 0.2  # type: ignore[attr-defined]
    assert make_agent("hard", 1, move_time=0.3).time_limit == 0.3  # type: ignore[attr-defined]
    assert make_agent("hard:0.2", 1, move_time=0.3).time_limit == 0.3  # type: ignore[attr-defined]
    assert isinstance(make_agent("medium", 1, move_time=0.3), GreedyAgent)  # bots that do not search ignore it


@pytest.mark.parametrize("spec", ["smart", "hard:", "hard:fast", "hard:-1", "hard:0", "hard:inf", ""])
def test_bad_specs_are_refused_with_a_reason(spec: str) -> None:
    with pytest.raises(KameleonError, match=r"bot|time|seconds"):
        make_agent(spec, 1)


def test_bad_move_time_is_refused() -> None:
    with pytest.raises(KameleonError, match="move_time"):
        make_agent("hard", 1, move_time=0)


def test_hard_spends_about_its_move_time() -> None:
    state = kameleon.load("coloretto", players=4).new_state(3)
    agent = make_agent("hard", 2, move_time=0.1)
    state.apply(agent.act(state))
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    action = agent.act(state)
    assert action in state.legal_actions()
    # It uses its whole budget and stops soon after: a search that ignored its deadline would run on for
    # seconds. How close to the budget it stops is a benchmark figure (the tournaments' "slowest"), since a
    # busy machine can pause any process for a while.
    assert 0.1 <= agent.last_seconds < 1.0  # type: ignore[attr-defined]


def test_easy_is_noisier_than_medium() -> None:
    """Over many decisions easy and medium disagree sometimes; two mediums never do (bar exact ties)."""
    game = kameleon.load("coloretto", players=3)
    rng = random.Random(1)
    differ = 0
    for seed in range(30):
        state = game.new_state(seed)
        for _ in range(rng.randrange(1, 40)):
            if state.is_terminal:
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        if state.is_terminal or len(state.legal_actions()) == 1:
            continue
        differ += make_agent("easy", seed).act(state) != make_agent("medium", seed).act(state)
    assert differ > 0


def test_generic_lookahead_values_the_score_margin() -> None:
    state = kameleon.load("coloretto", players=2).new_state(4)
    while len(state.legal_actions()) == 1 or state.legal_actions()[0] == state.parse_action("draw"):
        actions = state.legal_actions()
        state.apply(actions[-1] if len(actions) > 1 else actions[0])
        if state.is_terminal:
            pytest.fail("no position with only takes was reached")
    actions = state.legal_actions()
    values = score_lookahead(state, actions)
    me = state.current_player
    assert me is not None
    for action, value in zip(actions, values, strict=True):
        child = state.clone()
        child.apply(action)
        scores = child.scores()
        assert value == scores[me] - scores[1 - me]


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "medium", "hard"])
def test_a_bot_asked_to_move_in_a_finished_game_says_the_game_is_over(level: str) -> None:
    state = kameleon.load("coloretto", players=3).new_state(4)
    random_game(state, random.Random(4), None)
    assert state.is_terminal
    with pytest.raises(GameOver, match=r"^the game is over: there is no move to choose$"):
        make_agent(level, 1, move_time=0.05).act(state)


@pytest.mark.parametrize("move_time", ["1", True, float("inf"), float("nan"), -0.5, [1]], ids=repr)
def test_a_move_time_that_is_not_a_positive_number_is_refused(move_time: Any) -> None:
    with pytest.raises(KameleonError, match=r"^move_time must be a positive, finite number of seconds, not "):
        make_agent("hard", 1, move_time=move_time)


def test_a_numpy_move_time_is_a_number_of_seconds() -> None:
    agent = make_agent("hard", 1, move_time=np.float32(0.5))  # type: ignore[arg-type]
    assert isinstance(agent, ISMCTSAgent) and agent.time_limit == 0.5 and type(agent.time_limit) is float


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"time_limit": "1"}, "time_limit must be a positive, finite number of seconds, not '1'"),
        ({"time_limit": float("inf")}, "time_limit must be a positive, finite number of seconds, not inf"),
        ({"iterations": 1.5}, "iterations must be a whole number, at least 1, not 1.5"),
        ({"iterations": True}, "iterations must be a whole number, at least 1, not True"),
    ],
)
def test_ismcts_budget_must_be_numbers(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        ISMCTSAgent(1, **settings)
