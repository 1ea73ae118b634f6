"""PettingZoo environments: PettingZoo's own api_test and seed_test, and observations hide what they must."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import kameleon
from kameleon.engine.seeding import MAX_SEED
from kameleon.games.chromino import observation as chromino_observation
from kameleon.interop.pettingzoo import NoEpisode, env, raw_env

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
        state = environment.unwrapped.game_state
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
    state = environment.game_state
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
    said = {name: info["illegal_action"] for name, info in environment.infos.items()}
    assert said[agent].startswith("action 6: ") and len(said[agent]) > len("action 6: ")
    assert all(text == f"{agent} played an illegal action" for name, text in said.items() if name != agent)
    with pytest.raises(NotImplementedError):  # PettingZoo's global state: these games offer none
        environment.unwrapped.state()
    with pytest.raises(ValueError, match="outside the action space"):
        fresh = env("coloretto", players=3)
        fresh.reset(seed=1)
        fresh.step(99)


def test_render_is_text() -> None:
    environment = raw_env("coloretto", players=2, render_mode="ansi")
    environment.reset(seed=2)
    text = environment.render()
    assert isinstance(text, str) and "Coloretto" in text and "pile_size" in text
    without = raw_env("coloretto", players=2)
    without.reset(seed=2)
    with pytest.warns(UserWarning, match="render\\(\\) needs a render_mode"):
        assert without.render() is None
    assert vars(kameleon.games)["coloretto"]  # the package stays importable next to the callable registry
    with pytest.raises(ValueError, match="unknown render_mode 'rgb_array'; the modes are human, ansi"):
        raw_env("coloretto", players=2, render_mode="rgb_array")


def _played_once(game: str, players: int, seed: int) -> raw_env:
    """An environment one move into the deal of `seed`."""
    environment = raw_env(game, players=players)
    environment.reset(seed=seed)
    legal = np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"])
    environment.step(int(legal[0]))
    return environment


def test_numpy_integer_seeds_are_seeds() -> None:
    by_numpy, by_int = raw_env("coloretto", players=3), raw_env("coloretto", players=3)
    by_numpy.reset(seed=np.int64(5))  # type: ignore[arg-type]
    by_int.reset(seed=5)
    assert by_numpy.game_state == by_int.game_state
    by_numpy.reset()
    by_int.reset()
    assert by_numpy.game_state == by_int.game_state  # the generator of later seeds too


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        (True, TypeError),
        (np.True_, TypeError),
        ("abc", TypeError),
        (1.5, TypeError),
        (5.0, TypeError),
        (np.array([5]), TypeError),
        (-5, ValueError),  # random.seed would take its absolute value: the deals of seed 5 again
        (MAX_SEED + 1, ValueError),
    ],
)
def test_bad_seeds_are_refused_and_change_nothing(seed: Any, error: type[Exception]) -> None:
    environment = _played_once("coloretto", 3, seed=7)
    assert environment.game_state is not None
    before = environment.game_state.clone()
    with pytest.raises(error, match=rf"^a seed is an integer from 0 to {MAX_SEED}, or None for the next seed, not "):
        environment.reset(seed=seed)
    assert environment.game_state == before and environment.agents
    environment.reset()
    reference = raw_env("coloretto", players=3)
    reference.reset(seed=7)
    reference.reset()
    assert environment.game_state == reference.game_state  # the generator of later seeds was not touched


def test_reset_refuses_game_options_and_warns_about_other_keys() -> None:
    environment = _played_once("coloretto", 3, seed=2)
    assert environment.game_state is not None
    before = environment.game_state.clone()
    with pytest.raises(
        ValueError,
        match=r"cannot change the game option\(s\) players: game options are given when the environment is made, "
        r"env\('coloretto', players=\.\.\.\)",
    ):
        environment.reset(seed=3, options={"players": 4})
    assert environment.game_state == before
    with pytest.raises(TypeError, match="reset options must be a dict or None, not"):
        environment.reset(seed=3, options=[("players", 4)])  # type: ignore[arg-type]
    assert environment.game_state == before
    with pytest.warns(UserWarning, match=r"reset ignores options 'verbose'.*env\('coloretto', \.\.\.\)"):
        environment.reset(seed=3, options={"verbose": True})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        environment.reset(seed=3, options={})
    assert environment.game_state is not None and environment.game_state.history == []


@pytest.mark.parametrize(
    "action",
    ["0", 0.7, 0.0, True, np.True_, np.float64(0), np.array(0.0), [0], (0,), np.array([0]), np.array([0, 1]), {}],
    ids=repr,
)
def test_step_refuses_what_is_not_an_integer_index_and_changes_nothing(action: Any) -> None:
    environment = env("coloretto", players=3)
    environment.reset(seed=1)
    state = environment.unwrapped.game_state
    before, agent = state.clone(), environment.agent_selection
    with pytest.raises(
        TypeError, match=r"^an action is an integer index into the action space 0\.\.\d+, not .+ \(\w+\)$"
    ):
        environment.step(action)
    assert environment.unwrapped.game_state == before and environment.agent_selection == agent
    assert not any(environment.terminations.values()) and set(environment.rewards.values()) == {0.0}


@pytest.mark.parametrize("kind", [int, np.int64, np.int32, np.uint16, np.array], ids=lambda k: k.__name__)
def test_step_takes_python_and_numpy_integers(kind: Callable[[int], Any]) -> None:
    environment = env("coloretto", players=3)
    environment.reset(seed=1)
    observation, *_ = environment.last()
    legal = int(np.flatnonzero(observation["action_mask"])[0])
    environment.step(kind(legal))  # np.array(legal) is a 0-d integer array
    state = environment.unwrapped.game_state
    assert len(state.history) == 1 and not any(environment.terminations.values())


def test_step_none_for_an_agent_still_playing_is_refused() -> None:
    environment = env("coloretto", players=3)
    environment.reset(seed=1)
    with pytest.raises(ValueError, match=r"action None is only for an agent whose episode has ended; player_\d is"):
        environment.step(None)
    assert environment.unwrapped.game_state.history == []


@pytest.mark.parametrize("wrapped", [True, False], ids=["env", "raw_env"])
def test_a_closed_environment_says_so_until_reset(wrapped: bool) -> None:
    environment = env("coloretto", players=2) if wrapped else raw_env("coloretto", players=2)
    environment.reset(seed=1)
    environment.close()
    calls: list[Callable[[], Any]] = [
        lambda: environment.observe("player_0"),
        environment.last,
        lambda: environment.step(0),
    ]
    for call in calls:
        with pytest.raises(NoEpisode, match=r"^the environment is closed; reset\(\) it or make a new one$"):
            call()
    environment.reset(seed=1)
    observation, *_ = environment.last()
    assert observation["action_mask"].sum() >= 1
    unused = raw_env("coloretto", players=2)
    with pytest.raises(NoEpisode, match=r"has not been reset; call reset\(\) first"):
        unused.observe("player_0")


def test_a_truncation_shows_its_example_move_to_the_mover_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(chromino_observation.WINDOWS, "standard", 2)  # play leaves so small a window at once
    environment = env("chromino", players=2)
    environment.reset(seed=0)
    for _ in range(100):
        if any(environment.truncations.values()):
            break
        observation, *_ = environment.last()
        environment.step(int(np.flatnonzero(observation["action_mask"])[-1]))
    else:
        raise AssertionError("play did not leave the window")
    mover = environment.agent_selection
    state = environment.unwrapped.game_state
    game = environment.unwrapped.game
    outside = [a for a in state.legal_actions() if chromino_observation.to_env(game, a) is None]
    assert outside
    hand_moves = [state.action_to_str(a) for a in state.legal_actions()]  # they may show tiles of the hidden hand
    for agent in environment.possible_agents:
        reason = environment.infos[agent]["truncated"]
        assert mover in reason and "outside the action window" in reason
        assert not [token for token in hand_moves if token in reason]
    assert environment.infos[mover]["truncated_example"] == state.action_to_str(outside[0])
    assert all("truncated_example" not in environment.infos[a] for a in environment.possible_agents if a != mover)


def test_infos_carry_the_final_scores_and_winners() -> None:
    environment = env("coloretto", players=2)
    environment.reset(seed=3)
    final: dict[str, dict[str, Any]] = {}
    for agent in environment.agent_iter():
        observation, _, termination, truncation, info = environment.last()
        if termination or truncation:
            final[agent] = info
            environment.step(None)
            continue
        assert "scores" not in info  # scores may not be public before the end
        environment.step(int(observation["action_mask"].nonzero()[0][0]))
    state = environment.unwrapped.game_state
    assert state is not None and state.is_terminal
    assert final == {
        agent: {"scores": state.scores(), "winners": state.winners()} for agent in ("player_0", "player_1")
    }
