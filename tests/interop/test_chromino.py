"""Chromino in the research interfaces: the windowed action space, truncation, observations, solo results."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pyspiel
import pytest

import kameleon
from kameleon.engine.benchmark import random_game
from kameleon.engine.errors import KameleonError
from kameleon.games.chromino import observation as obs
from kameleon.games.chromino.notation import DRAW, PASS
from kameleon.games.chromino.phases import AFTER_DRAW
from kameleon.games.chromino.tiles import tile_id, triple_name
from kameleon.interop.openspiel import short_name
from kameleon.interop.pettingzoo import env, raw_env
from kameleon.interop.spaces import Encoding


def _played(game: Any, seed: int, moves: int) -> list[Any]:
    """Copies of the first `moves` states of a uniformly random game."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_terminal and len(states) < moves:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        states.append(state.clone())
    return states


@pytest.mark.parametrize("placement", ["standard", "bambino"])
def test_window_indices_round_trip(placement: str) -> None:
    game = kameleon.load("chromino", players=3, placement=placement)
    v, count = obs.window(game), obs.num_actions(game)
    assert count == 2 + 320 * (2 * v + 1) ** 2
    assert Encoding.of(game).num_actions == count and Encoding.of(game, windowed=False).num_actions == 32_973_122 + (
        41_062_400 if placement == "bambino" else 0
    )
    seen_outside = 0
    for seed in range(4):
        for state in _played(game, seed, 200):
            actions = state.legal_actions()
            windowed = [obs.to_env(game, a) for a in actions]
            inside = [i for i in windowed if i is not None]
            assert inside == sorted(inside)  # the crop keeps the canonical order
            for action, index in zip(actions, windowed, strict=True):
                if action in (DRAW, PASS):
                    assert index == action
                    continue
                p = game.codec.decode(action)
                assert (index is None) == (max(abs(p.row), abs(p.col)) > v)
                if index is None:
                    seen_outside += 1
                else:
                    assert 2 <= index < count and obs.from_env(game, index) == action
    if placement == "standard":
        assert seen_outside == 0  # random standard games stay well inside ±25
    with pytest.raises(ValueError, match="palindrome"):
        obs.from_env(game, obs.to_env(game, game.codec.parse("RRR H 0,0")) + 1)  # type: ignore[operator]
    with pytest.raises(ValueError, match="not a windowed"):
        obs.from_env(game, count)


def test_an_index_that_denotes_no_action_is_an_illegal_action() -> None:
    environment = env("chromino", players=2)
    environment.reset(seed=5)
    game = environment.unwrapped.game
    agent = environment.agent_selection
    flipped_palindrome = obs.to_env(game, game.codec.parse("RRR H 0,0")) + 1  # type: ignore[operator]
    with pytest.warns(UserWarning, match="palindrome"):
        environment.step(flipped_palindrome)
    assert environment.rewards[agent] == -1.0 and all(environment.terminations.values())


SMALL = 4
"""A window that play leaves within a few moves (`WINDOWS` is the documented knob)."""


def _to_the_edge(game: Any, seeds: range) -> tuple[int, list[int]]:
    """A deal and the moves that lead to the first position where the player to move has a legal
    placement outside the window: every player lays the tile reaching furthest east."""
    for seed in seeds:
        state = game.new_state(seed)
        moves: list[int] = []
        while not state.is_terminal:
            legal = state.legal_actions()
            if any(obs.to_env(game, a) is None for a in legal):
                return seed, moves
            move = max(legal, key=lambda a: game.codec.decode(a).col if a >= 2 else -(10**6))
            state.apply(move)
            moves.append(move)
    raise AssertionError("no deal reached the edge of the window")


@pytest.mark.parametrize("players", [1, 2, 4, 8])
def test_pettingzoo_truncates_when_a_legal_placement_leaves_the_window(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(obs.WINDOWS, "standard", SMALL)
    environment = env("chromino", players=players)
    game = environment.unwrapped.game
    assert environment.unwrapped.encoding.num_actions == 2 + 320 * (2 * SMALL + 1) ** 2
    seed, moves = _to_the_edge(game, range(20))
    assert moves, "the start position lies inside the window"
    environment.reset(seed=seed)
    for move in moves:
        assert not any(environment.truncations.values())
        index = obs.to_env(game, move)
        observation = environment.observe(environment.agent_selection)
        assert index is not None and observation["action_mask"][index] == 1
        environment.step(index)
    state = environment.unwrapped.game_state
    outside = [a for a in state.legal_actions() if obs.to_env(game, a) is None]
    assert outside and not state.is_terminal
    with pytest.raises(KameleonError, match="no index in this action space"):
        environment.unwrapped.encoding.legal_indices(state)
    assert all(environment.truncations.values()) and not any(environment.terminations.values())
    assert set(environment.rewards.values()) == {0.0}
    mover = environment.agent_selection
    for agent in environment.possible_agents:  # the reason names no move: it may place the mover's hidden tile
        assert state.action_to_str(outside[0]) not in environment.infos[agent]["truncated"]
    assert environment.infos[mover]["truncated_example"] == state.action_to_str(outside[0])
    assert all("truncated_example" not in environment.infos[a] for a in environment.possible_agents if a != mover)
    for _agent in environment.agent_iter():
        _, reward, termination, truncation, _ = environment.last()
        assert truncation and not termination and reward == 0.0
        environment.step(None)
    assert not environment.agents


def test_openspiel_ends_a_game_as_truncated_when_a_legal_placement_leaves_the_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(obs.WINDOWS, "standard", SMALL)
    # deals=99: parameters no other test uses, since the adapter caches each game's encoding by its parameters
    spiel_game = pyspiel.load_game(short_name("chromino"), {"players": 2, "deals": 99})
    assert spiel_game.num_distinct_actions() == 2 + 320 * (2 * SMALL + 1) ** 2
    game = kameleon.load("chromino", players=2)
    seed, moves = _to_the_edge(game, range(20))
    state = spiel_game.new_initial_state()
    state.apply_action(seed)
    for move in moves:
        assert not state.is_terminal()
        state.apply_action(obs.to_env(game, move))
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert "truncated" in str(state) and state.legal_actions() == []
    inner = game.new_state(seed)
    for move in moves:
        inner.apply(move)
    outside = [a for a in inner.legal_actions() if obs.to_env(game, a) is None]
    assert not any(inner.action_to_str(a) in str(state) for a in outside), "the mover's hidden tile is not named"
    with pytest.raises(ValueError, match="the game is over"):
        state.apply_action(0)


def test_observation_shows_the_layout_and_what_the_seat_sees() -> None:
    for options in ({}, {"open_hands": True}):
        game = kameleon.load("chromino", players=3, **options)
        d = 2 * obs.window(game) + 3
        board = obs.CHANNELS * d * d
        for state in _played(game, 21, 150):
            for seat in range(3):
                values = np.asarray(obs.encode(state, seat))
                assert values.shape == (obs.size(game),) and values.min() >= 0.0
                assert values[:board].sum() == 3 * len(state.placed)  # every square, one colour each
                laid = np.flatnonzero(values[board : board + 80]).tolist()
                assert laid == sorted(t for t, *_ in state.placed)
                hands = values[board + 80 : board + 80 + 80 * 3].reshape(3, 80)
                players = state.view(seat)["players"]
                for i in range(3):
                    q = (seat + i) % 3
                    names = players[q]["hand"] if players[q]["hand"] is not None else players[q]["revealed"]
                    assert np.flatnonzero(hands[i]).tolist() == sorted(tile_id(name) for name in names)
                    assert (players[q]["hand"] is not None) == (bool(options) or q == seat)
                drawn = values[board + 80 * 4 + 6 * 3 : board + 80 * 5 + 6 * 3]
                sees_drawn = state.phase == AFTER_DRAW and (bool(options) or seat == state.current_player)
                assert np.flatnonzero(drawn).tolist() == ([state.drawn] if sees_drawn else [])


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3, "open_hands": True, "drawn_tile": "may"},
        {"players": 2, "scoring": "expert", "draw": "until_playable"},
        {"players": 4, "chameleon_last_draw": "immediate", "hand_size": 3},
        {"players": 2, "placement": "bambino"},
    ],
)
def test_observations_are_equal_across_determinize(options: dict[str, Any]) -> None:
    game = kameleon.load("chromino", **options)
    rng = random.Random(8)
    for state in _played(game, 8, 120):
        for seat in range(game.num_players):
            other = state.determinize(seat, random.Random(rng.random()))
            assert list(obs.encode(other, seat)) == list(obs.encode(state, seat))


def test_information_states_show_a_drawn_tile_to_its_drawer_only() -> None:
    spiel_game = pyspiel.load_game(short_name("chromino"), {"players": 2, "deals": 64})
    for deal in range(64):
        state = spiel_game.new_initial_state()
        state.apply_action(deal)
        while not state.is_terminal() and state.legal_actions() != [DRAW]:
            state.apply_action(state.legal_actions()[0])
        if state.is_terminal():
            continue
        drawer = state.current_player()
        state.apply_action(DRAW)
        tile = triple_name(state.inner.game.codec.colours[state.inner.drawn])
        last = {seat: state.information_state_string(seat).rsplit(" ; ", 1)[1] for seat in (0, 1)}
        assert last[drawer].rsplit(" ", 1)[0] == f"draw {tile}"  # the move as seen, then a digest of the view
        assert last[1 - drawer].rsplit(" ", 1)[0] == "draw"
        assert f'"drawn": "{tile}"' in state.observation_string(drawer)
        assert '"drawn": null' in state.observation_string(1 - drawer)
        return
    raise AssertionError("no deal led to a draw")


def test_solo_results_and_game_types() -> None:
    game = kameleon.load("chromino", players=1)
    outcomes = set()
    for seed in range(12):
        state = game.new_state(seed)
        random_game(state, random.Random(seed), None)
        assert state.returns() == [0.0]  # the engine's: every finished game has a winner
        assert obs.returns(state) == ([1.0] if state.out[0] else [-1.0])
        outcomes.add(state.out[0])
    assert outcomes == {True, False}
    solo = pyspiel.load_game(short_name("chromino"), {"players": 1})
    assert solo.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (solo.min_utility(), solo.max_utility()) == (-1.0, 1.0)
    duo = pyspiel.load_game(short_name("chromino"), {"players": 2})
    assert duo.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM and duo.utility_sum() == 0.0


@pytest.mark.parametrize(
    "options",
    [
        {"players": 8, "hand_size": 1},
        {"players": 3, "draw": "until_playable", "drawn_tile": "may"},
        {"players": 2, "draw": "up_to_n", "draw_limit": 5, "chameleon_last_draw": "immediate"},
    ],
)
def test_max_game_length_bounds_random_games(options: dict[str, Any]) -> None:
    game = kameleon.load("chromino", **options)
    for seed in range(30):
        state = game.new_state(seed)
        moves = random_game(state, random.Random(seed), None)
        assert state.is_terminal and moves <= obs.max_game_length(game)


def test_raw_env_observations_are_float32_arrays() -> None:
    environment = raw_env("chromino", players=2)
    environment.reset(seed=1)
    observation = environment.observe(environment.agent_selection)
    assert observation["observation"].dtype == np.float32
    assert observation["observation"].shape == (obs.size(kameleon.load("chromino", players=2)),)
    assert observation["action_mask"].shape == (832_322,) and observation["action_mask"].sum() > 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
