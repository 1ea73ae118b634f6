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


SEED_CYCLES = {"chromino": 50}
"""Shorter seed tests where PettingZoo's comparison of observations is slow (Chromino's mask: 832,322 entries)."""


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_pettingzoo_seed_test(game: str, players: int) -> None:
    seed_test(lambda: env(game, players=players), num_cycles=SEED_CYCLES.get(game, 300))


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_episode_rewards_and_masks(game: str, players: int) -> None:
    environment = env(game, players=players)
    environment.reset(seed=3)
    encoding = environment.unwrapped.encoding
    rng = random.Random(3)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    steps = 0
    truncated = False
    for agent in environment.agent_iter(max_iter=20_000):
        observation, reward, termination, truncation, info = environment.last()
        totals[agent] += reward
        if termination or truncation:
            assert truncation == ("truncated" in info)
            truncated |= truncation
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        seat = environment.possible_agents.index(agent)
        state = environment.unwrapped.state
        assert state.current_player == seat
        # the mask is exactly the legal actions, none of which lies outside the window (else: truncated)
        assert sorted(encoding.to_action(int(i)) for i in legal) == sorted(state.legal_actions())
        environment.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    assert not environment.agents and steps > 0
    if truncated:
        assert set(totals.values()) == {0.0}
    elif players > 1:
        assert abs(sum(totals.values())) < 1e-9 and max(totals.values()) > 0
    else:
        assert list(totals.values()) in ([1.0], [-1.0])  # solo Chromino: out, or blocked


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_observation_is_a_function_of_the_view(game: str, players: int) -> None:
    environment = raw_env(game, players=players)
    environment.reset(seed=11)
    state = environment.state
    assert state is not None
    rng = random.Random(11)
    for _ in range(60):
        if state.is_terminal:
            break
        for seat in range(players):
            other = state.determinize(seat, random.Random(rng.random()))
            mine = environment.encoding.observe(state, seat)
            assert list(environment.encoding.observe(other, seat)) == list(mine)  # hidden parts never show
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
    assert vars(kameleon.games)["coloretto"]  # the package stays importable next to the callable registry
    with pytest.raises(ValueError, match="unknown render_mode 'rgb_array'; the modes are human, ansi"):
        raw_env("coloretto", players=2, render_mode="rgb_array")
