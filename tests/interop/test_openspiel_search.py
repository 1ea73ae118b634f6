"""OpenSpiel's own algorithms on every game: the Python ISMCTS bot (its default information-state keys),
`resample_from_infostate`, and `rl_environment`."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts

from kameleon.interop.openspiel import KameleonSpielState, resampler, short_name

from .conftest import CASES, IDS

QUICK = {"cameleon": "no_progress_plies:6"}
"""Options that shorten games whose random rollouts are long, to keep the suite fast."""

HIDDEN = [(game, players) for game, players in CASES if game != "cameleon"]


def _load(game: str, players: int) -> Any:
    chance = pyspiel.load_game(short_name(game), {"players": players}).get_type().chance_mode
    deals = {"deals": 1024} if chance == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC else {}
    return pyspiel.load_game(short_name(game), {"players": players, **deals, "options": QUICK.get(game, "")})


def _play(game: Any, bot: Any, rng: np.random.RandomState) -> KameleonSpielState:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state


def _check_returns(game: Any, returns: list[float]) -> None:
    assert all(-1.0 <= r <= 1.0 for r in returns)
    if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
        assert abs(sum(returns)) < 1e-9


@pytest.mark.parametrize(("game", "players"), HIDDEN, ids=[f"{g}-{p}p" for g, p in HIDDEN])
def test_openspiel_ismcts_plays_whole_games(game: str, players: int) -> None:
    """The bot as shipped: its default keys (information-state strings) and its default resampling, whose
    root-key assertion holds on every sample."""
    spiel_game = _load(game, players)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(spiel_game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 4, random_state=rng)
    _check_returns(spiel_game, _play(spiel_game, bot, rng).returns())


def test_openspiel_ismcts_is_reproducible_with_a_seeded_resampler() -> None:
    spiel_game = _load("coloretto", 2)
    histories = []
    for _ in range(2):
        rng = np.random.RandomState(5)
        bot = ismcts.ISMCTSBot(spiel_game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 4, random_state=rng)
        bot.set_resampler(resampler(11))
        histories.append(_play(spiel_game, bot, rng).history())
    assert histories[0] == histories[1]


def test_openspiel_ismcts_refuses_a_perfect_information_game() -> None:
    """OpenSpiel's ISMCTS asserts an imperfect-information game; on Le Caméléon its MCTS is the search to use
    (test_openspiel.py), and a resampled state is the same position."""
    spiel_game = _load("cameleon", 2)
    state = spiel_game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    bot = ismcts.ISMCTSBot(spiel_game, mcts.RandomRolloutEvaluator(1), 2.0, 4)
    with pytest.raises(AssertionError):
        bot.step(state)
    again = state.resample_from_infostate(0, random.Random(1).random)
    assert again.information_state_string(0) == state.information_state_string(0)
    assert (
        again.inner == state.inner.determinize(0, random.Random(0)) and again.legal_actions() == state.legal_actions()
    )


def _seen_alike(state: KameleonSpielState, other: KameleonSpielState, seat: int) -> None:
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert other.observation_string(seat) == state.observation_string(seat)
    assert other.observation_tensor(seat) == state.observation_tensor(seat)
    assert other.current_player() == state.current_player() and other.is_terminal() == state.is_terminal()
    if seat == state.current_player():
        assert other.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_resampled_states_keep_the_players_information_state(game: str, players: int) -> None:
    spiel_game = _load(game, players)
    rng = random.Random(3)
    state = spiel_game.new_initial_state()
    if state.is_chance_node():
        again = state.resample_from_infostate(0, rng.random)
        assert again.is_chance_node() and again.information_state_string(0) == "before the deal"
        state.apply_action(state.chance_outcomes()[3][0])
        again = state.resample_from_infostate(0, rng.random)
        assert again.is_chance_node() and len(again.chosen) == 1, "nobody has seen the deal's first digit"
    worlds: set[str] = set()
    moves = 0
    while not state.is_terminal() and moves < 60:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        if moves % 7 == 3:
            for seat in range(players):
                sampled = state.resample_from_infostate(seat, rng.random)
                _seen_alike(state, sampled, seat)
                assert sampled.history() == [], "the true history would name the true deal"
                twice = sampled.resample_from_infostate(seat, rng.random)
                _seen_alike(state, twice, seat)
                worlds.add(str(sampled))
                other = (seat + 1) % players
                if other != seat:
                    assert sampled.information_state_string(other).startswith(f"p{other} | resampled p{seat}:")
                # the sample plays on, and the seat's string grows from its own
                known = sampled.information_state_string(seat)
                clone = sampled.clone()
                if not clone.is_terminal():
                    clone.apply_action(clone.legal_actions()[-1])
                    assert clone.information_state_string(seat).startswith(known + " ; ")
                    assert sampled.information_state_string(seat) == known, "a clone's moves are its own"
        action = state.legal_actions()
        state.apply_action(action[rng.randrange(len(action))])
        moves += 1
    assert all(world.startswith("world ") for world in worlds)
    if game != "cameleon" and players > 1:
        assert len(worlds) > 1, "hidden information is resampled"


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_rl_environment_plays_whole_games(game: str, players: int) -> None:
    spiel_game = _load(game, players)
    environment = rl_environment.Environment(spiel_game)
    assert environment.use_observation, "no information-state tensor: the environment observes"
    environment.seed(2)
    rng = random.Random(2)
    for _ in range(2):
        time_step = environment.reset()
        while not time_step.last():
            mover = time_step.observations["current_player"]
            legal = time_step.observations["legal_actions"][mover]
            assert legal and all(not time_step.observations["legal_actions"][p] for p in range(players) if p != mover)
            for tensor in time_step.observations["info_state"]:
                assert len(tensor) == spiel_game.observation_tensor_size()
            time_step = environment.step([legal[rng.randrange(len(legal))]])
        _check_returns(spiel_game, time_step.rewards)
        assert time_step.rewards == environment.get_state.returns()


def test_python_and_cpp_paths_agree() -> None:
    """The methods a Python caller reaches directly give what OpenSpiel's C++ side computes through the
    observers and trampolines."""
    for game, players in (("coloretto", 3), ("chromino", 2), ("cardcassonne", 2), ("cameleon", 2)):
        spiel_game = _load(game, players)
        rng = random.Random(4)
        state = spiel_game.new_initial_state()
        for step in range(40):
            if state.is_terminal():
                break
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.rewards() == pyspiel.State.rewards(state)
            if state.is_chance_node():
                assert state.chance_outcomes() == pyspiel.State.chance_outcomes(state)
            for seat in range(players):
                if state.is_chance_node():  # OpenSpiel's binding gives any seat the deal's outcomes (docs/research.md)
                    assert state.legal_actions(seat) == []
                else:
                    assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
                    assert state.legal_actions_mask(seat) == pyspiel.State.legal_actions_mask(state, seat)
                if step % 9 == 0:
                    assert state.observation_tensor(seat) == pyspiel.State.observation_tensor(state, seat)
                    assert state.observation_string(seat) == pyspiel.State.observation_string(state, seat)
                    information = pyspiel.State.information_state_string(state, seat)
                    assert state.information_state_string(seat) == information
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
