"""PettingZoo environments: PettingZoo's own api_test and seed_test, and observations hide what they must."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import kameleon
from kameleon.interop.pettingzoo import env, raw_env

from .conftest import CASES, IDS


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_pettingzoo_api_test(game: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # dict observations, as in PettingZoo's classic games
        api_test(env(game, players=players), num_cycles=400)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_pettingzoo_seed_test(game: str, players: int) -> None:
    seed_test(lambda: env(game, players=players), num_cycles=300)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_episode_rewards_and_masks(game: str, players: int) -> None:
    environment = env(game, players=players)
    environment.reset(seed=3)
    rng = random.Random(3)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    steps = 0
    for agent in environment.agent_iter(max_iter=20_000):
        observation, reward, termination, truncation, _ = environment.last()
        totals[agent] += reward
        if termination or truncation:
            environment.step(None)
            continue
        mask = observation["action_mask"]
        legal = np.flatnonzero(mask)
        seat = environment.possible_agents.index(agent)
        expected = environment.unwrapped.state.legal_actions()
        assert sorted(legal.tolist()) == sorted(environment.unwrapped.game.action_index(a) for a in expected)
        assert environment.unwrapped.state.current_player == seat
        environment.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    assert not environment.agents and steps > 0
    assert abs(sum(totals.values())) < 1e-9 and max(totals.values()) > 0


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_observation_is_a_function_of_the_view(game: str, players: int) -> None:
    environment = raw_env(game, players=players)
    environment.reset(seed=11)
    state = environment.state
    rng = random.Random(11)
    for _ in range(60):
        if state.is_terminal:
            break
        for seat in range(players):
            other = state.determinize(seat, random.Random(rng.random()))
            mine = environment.encoding.observe(state, seat)
            assert environment.encoding.observe(other, seat) == mine  # hidden parts never show
            assert len(mine) == environment.encoding.observation_size
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])


def test_illegal_action_ends_the_game_with_a_penalty() -> None:
    environment = env("coloretto", players=3)
    environment.reset(seed=1)
    agent = environment.agent_selection
    with pytest.warns(UserWarning, match="illegal action 6"):
        environment.step(6)  # take row 1 while it is empty
    assert environment.rewards[agent] == -1.0
    assert all(environment.terminations.values())
    with pytest.raises(ValueError, match="outside the action space"):
        fresh = env("coloretto", players=3)
        fresh.reset(seed=1)
        fresh.step(99)


def test_render_is_text() -> None:
    environment = raw_env("coloretto", players=2, render_mode="ansi")
    environment.reset(seed=2)
    text = environment.render()
    assert isinstance(text, str) and "Coloretto" in text and "pile_size" in text
    assert kameleon.games.coloretto  # the package stays importable next to the callable registry
