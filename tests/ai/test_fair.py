"""Fair play: bots see only their seat's view, and play legal moves through a view-only wrapper."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

import kameleon
from kameleon.ai import agent_names, make_agent
from kameleon.ai.fair import FairPlayError, FairView, fair_state
from tests.ai.games import configs, load

CONFIGS = configs()
PUBLIC_FIELDS = {"game", "current_player", "is_terminal"}
FAST = {"hard": 0.01, "expert": 0.01}
"""Seconds per move of the searching bots in these tests."""


def _bot(name: str, seed: int) -> kameleon.Agent:
    return make_agent(name, seed, move_time=FAST.get(name))


def test_every_game_and_level_is_covered() -> None:
    assert ("coloretto", 2) in CONFIGS and ("coloretto", 4) in CONFIGS
    assert {"random", "greedy", "easy", "medium", "hard", "expert"} <= set(agent_names())


@pytest.mark.parametrize("name", agent_names())
@pytest.mark.parametrize(("game_name", "players"), CONFIGS)
def test_bot_plays_a_whole_game_through_the_wrapper(name: str, game_name: str, players: int) -> None:
    game = load(game_name, players)
    state = game.new_state(17)
    bots = [_bot(name, 1)] + [make_agent("random", seat) for seat in range(1, players)]
    cap = getattr(game, "bench_max_moves", None) or 2_000
    while not state.is_terminal and len(state.history) < cap:
        seat = state.current_player
        before = state.clone()
        action = bots[seat].act(FairView(state, seat))
        assert state == before  # asking for a move never changes the real state
        assert action in state.legal_actions()
        state.apply(action)


@pytest.mark.parametrize(("game_name", "players"), CONFIGS)
def test_bots_play_legal_moves_from_a_determinized_state(game_name: str, players: int) -> None:
    game = load(game_name, players)
    rng = random.Random(4)
    state = game.new_state(23)
    bots = {name: _bot(name, 2) for name in agent_names()}
    for step in range(30):
        if state.is_terminal:
            break
        seat = state.current_player
        sample = state.determinize(seat, rng)
        for bot in bots.values():
            assert bot.act(sample) in state.legal_actions()
        actions = state.legal_actions()
        state.apply(actions[step % len(actions)])


@pytest.mark.parametrize(("game_name", "players"), CONFIGS)
def test_the_wrapper_refuses_hidden_information(game_name: str, players: int) -> None:
    state = load(game_name, players).new_state(5)
    seat = state.current_player
    other = (seat + 1) % players
    fair = FairView(state, seat)
    assert fair.view(seat) == state.view(seat)
    assert fair.view(None) == state.view(None)
    assert fair.determinize(seat, random.Random(1)).view(seat) == state.view(seat)
    assert fair.legal_actions() == state.legal_actions()
    assert fair.current_player == seat and fair.is_terminal is False and fair.game is state.game
    refused = [
        lambda: fair.view(other),
        lambda: fair.determinize(other, random.Random(1)),
        fair.clone,
        lambda: fair.apply(state.legal_actions()[0]),
        fair.scores,
        fair.winners,
        lambda: fair.history,
        lambda: fair.seed,
        lambda: FairView(state, other).legal_actions(),
    ]
    hidden = [name for name in getattr(type(state), "__slots__", ()) if name not in PUBLIC_FIELDS]
    refused.extend(partial(getattr, fair, name) for name in hidden)
    for attempt in refused:
        with pytest.raises(FairPlayError):
            attempt()
    with pytest.raises(FairPlayError):
        fair.current_player = other  # type: ignore[misc]


def test_the_wrapper_names_what_was_read() -> None:
    state = kameleon.load("coloretto", players=3).new_state(2)
    with pytest.raises(FairPlayError, match="'_deck'"):
        _ = FairView(state)._deck


def test_final_results_are_public() -> None:
    state = kameleon.load("coloretto", players=2).new_state(3)
    rng = random.Random(0)
    while not state.is_terminal:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    fair = FairView(state, 0)
    assert fair.scores() == state.scores() and fair.winners() == state.winners()
    assert fair.returns() == state.returns()


class _Peeker:
    """A cheating bot: it reads the order of the draw pile."""

    name = "peeker"

    def act(self, state: kameleon.State[Any]) -> object:
        _ = state._deck  # type: ignore[attr-defined]  # the cheat
        return state.legal_actions()[0]


def test_a_cheating_bot_is_caught() -> None:
    state = kameleon.load("coloretto", players=2).new_state(1)
    assert _Peeker().act(state) in state.legal_actions()  # on the real state the cheat goes unnoticed...
    with pytest.raises(FairPlayError):
        _Peeker().act(fair_state(state))  # ...through the wrapper it is caught
