"""OpenSpiel games: OpenSpiel's own random_sim_test, and its MCTS bot playing full games."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

from kameleon.interop.openspiel import REGISTERED, parse_options, short_name

from .conftest import CASES, IDS


def test_every_encoded_game_is_registered() -> None:
    assert {short_name(name) for name, _ in CASES} <= set(REGISTERED)
    assert set(REGISTERED) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_random_sim_test(game: str, players: int) -> None:
    spiel_game = pyspiel.load_game(short_name(game), {"players": players})
    pyspiel.random_sim_test(spiel_game, num_sims=3, serialize=True, verbose=False)


QUICK = {"cameleon": "no_progress_plies:6"}
"""Options that shorten games whose random rollouts are long, to keep the suite fast."""


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_openspiel_mcts_completes_a_game(game: str, players: int) -> None:
    params = {"players": players, "deals": 64, "options": QUICK.get(game, "")}
    spiel_game = pyspiel.load_game(short_name(game), params)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(spiel_game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    returns = state.returns()
    assert all(-1.0 <= r <= 1.0 for r in returns)
    if spiel_game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
        assert players > 1 and abs(sum(returns)) < 1e-9
    else:
        assert players == 1  # a solo game's result is not zero-sum


def test_observations_and_information_states() -> None:
    game = pyspiel.load_game(short_name("coloretto"), {"players": 2})
    state = game.new_initial_state()
    state.apply_action(7)
    state.apply_action(state.legal_actions()[0])
    tensor = np.asarray(state.observation_tensor(0))
    assert tensor.shape == (game.observation_tensor_size(),) and tensor.any()
    assert state.observation_string(0) != state.observation_string(1)  # "you" differs
    assert state.information_state_string(0).endswith("| draw")
    restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(restored) == str(state)


def test_options_parameter() -> None:
    game = pyspiel.load_game(f"{short_name('coloretto')}(players=4,options=scoring:purple preset:bga)")
    state = game.new_initial_state()
    state.apply_action(0)
    assert '"scoring": "purple"' in str(state) and '"jokers": "plain"' in str(state)
    assert parse_options("a:1 b:x c:[1]") == {"a": 1, "b": "x", "c": [1]}
    with pytest.raises(ValueError, match="key:value"):
        parse_options("scoring=purple")


def test_information_states_hide_face_down_cards() -> None:
    game = pyspiel.load_game(short_name("cardcassonne"), {"players": 3, "deals": 16})
    state = game.new_initial_state()
    state.apply_action(5)
    plays: list[tuple[int, str]] = []  # (mover, full token) of every action
    while not state.is_terminal() and len(plays) < 40:
        mover, action = state.current_player(), state.legal_actions()[0]
        plays.append((mover, state.action_to_string(mover, action)))
        state.apply_action(action)
    face_down = [(mover, token) for mover, token in plays if token.startswith("?")]
    assert face_down, "the first card of each player's round goes face down"
    for seat in range(3):
        log = state.information_state_string(seat).split(" | ")[-1].split(" ; ")
        assert len(log) == len(plays)
        for (mover, token), seen in zip(plays, log, strict=True):
            if token.startswith("?") and mover != seat:
                assert seen == "?@" + token[-1]  # the row only
            else:
                assert seen == token
