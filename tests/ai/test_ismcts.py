"""ISMCTS on Coloretto: legal moves, budgets, seeded determinism, forced wins, rewards, options."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon.ai.fair import fair_state
from kameleon.ai.ismcts import ISMCTSAgent, reward_vector
from kameleon.engine.match import play_match
from tests.ai.games import configs
from tests.ai.positions import ending, solve
from tests.depth import examples

# Seat 0 to move in the last round of a 2-player game, nothing left to draw. Only taking row 3 wins
# against every reply; the greedy one-ply heuristic prefers row 2 (it scores more at once).
TRAP_HELD = ([0, 1, 1, 1, 2, 2, 3, 3, 4, 4, 4, 4], [0, 0, 2, 2, 2, 3, 4, 4, 4, 4])
TRAP_ROWS = ([0], [1, 1], [0, 2, 4])


def _midgame(players: int, seed: int, moves: int) -> Any:
    """A position after `moves` arbitrary moves, moved on to the next real decision (two moves or more)."""
    state = kameleon.load("coloretto", players=players).new_state(seed)
    k = 0
    while not state.is_terminal and (k < moves or len(state.legal_actions()) == 1):
        actions = state.legal_actions()
        state.apply(actions[(seed + k) % len(actions)])
        k += 1
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_full_game_is_legal_and_ends(players: int) -> None:
    game = kameleon.load("coloretto", players=players)
    agents = [ISMCTSAgent(seat, iterations=20, name=f"m{seat}") for seat in range(players)]
    result = play_match(game, agents, seed=players)  # play_match raises on an illegal move
    assert result.state.is_terminal
    assert kameleon.replay(result.record) == result.state


def test_time_budget_is_respected() -> None:
    state = _midgame(4, seed=5, moves=3)
    agent = ISMCTSAgent(1, time_limit=0.15)
    tick = time.perf_counter()
    action = agent.act(state)
    spent = time.perf_counter() - tick
    assert action in state.legal_actions()
    # The deadline is checked between iterations; the margin is for a loaded machine (CI saw 0.30 s), not for speed.
    assert spent < 1.0
    assert agent.last_seconds >= 0.15
    assert agent.last_iterations > 1


def test_iteration_budget_is_exact() -> None:
    state = _midgame(2, seed=8, moves=4)
    agent = ISMCTSAgent(2, iterations=123, reuse_tree=False)
    agent.act(state)
    assert agent.last_iterations == 123
    root_visits = sum(stat["visits"] for stat in agent.action_stats())
    assert root_visits == 123


@given(seed=st.integers(0, 10_000), moves=st.integers(0, 60))
@settings(max_examples=examples(12), deadline=None)
def test_same_seed_same_move(seed: int, moves: int) -> None:
    state = _midgame(3, seed, moves)
    if state.is_terminal:
        return
    before = state.clone()
    first = ISMCTSAgent(seed, iterations=60).act(state)
    second = ISMCTSAgent(seed, iterations=60).act(state)
    assert first == second
    assert first in state.legal_actions()
    assert state == before  # the bot never moves the real state


def test_finds_the_forced_win_that_greedy_misses() -> None:
    state = ending(TRAP_HELD, TRAP_ROWS)
    winning = [action for action, wins in solve(state).items() if wins]
    assert winning == [state.parse_action("take 3")]
    for seed in range(3):
        assert ISMCTSAgent(seed, iterations=400).act(state) == winning[0]


def test_takes_the_last_row_that_wins() -> None:
    # Seat 1 already took a row; seat 0 chooses between row 2 (a sixth "blue", worth nothing more)
    # and row 3 (fills its third colour): only row 3 overtakes seat 1.
    state = ending([[0] * 6 + [1] * 4 + [2] * 2, [3] * 6 + [4] * 4 + [1] * 3], [[], [0, 0], [2, 2, 2]], taken=[1])
    winning = [action for action, wins in solve(state).items() if wins]
    assert winning == [state.parse_action("take 3")]
    assert ISMCTSAgent(4, iterations=200).act(state) == winning[0]


def test_single_move_returns_at_once() -> None:
    state = kameleon.load("coloretto", players=2).new_state(1)
    while len(state.legal_actions()) != 1:
        state.apply(state.legal_actions()[0])  # draws and fills the rows until only taking is left
    agent = ISMCTSAgent(1, iterations=10_000)
    assert agent.act(state) == state.legal_actions()[0]


def test_tree_is_reused_along_the_game() -> None:
    game = kameleon.load("coloretto", players=2)
    agent = ISMCTSAgent(3, iterations=300)
    state = game.new_state(12)
    reused = []
    while not state.is_terminal and len(state.history) < 12:
        if state.current_player == 0:
            action = agent.act(state)
            if len(state.legal_actions()) > 1:
                reused.append(agent.last_reused)
        else:
            action = state.legal_actions()[0]
        state.apply(action)
    assert reused[0] == 0
    assert any(r > 0 for r in reused[1:])


def test_progressive_widening_limits_children() -> None:
    state = _midgame(4, seed=2, moves=1)
    agent = ISMCTSAgent(5, iterations=16, widening=0.5, reuse_tree=False, rollout="heuristic", rollout_greedy=0.3)
    agent.act(state)
    # at most ceil(0.5 * (visits + 1) ** 0.5) children: 2 after 16 visits
    assert 1 <= len(agent.action_stats()) <= 3


@pytest.mark.parametrize("rollout_depth", [None, 4])
def test_heuristic_rollouts_and_cutoffs_play_legally(rollout_depth: int | None) -> None:
    game = kameleon.load("coloretto", players=2)
    agents = [
        ISMCTSAgent(1, iterations=10, rollout="heuristic", rollout_greedy=0.2, rollout_depth=rollout_depth),
        ISMCTSAgent(2, iterations=10, rollout_depth=rollout_depth),
    ]
    assert play_match(game, agents, seed=9).state.is_terminal


@given(
    scores=st.lists(st.integers(-30, 80), min_size=2, max_size=5),
    weight=st.floats(0.0, 1.0),
    scale=st.one_of(st.none(), st.floats(1.0, 100.0)),
)
@settings(max_examples=examples(60))
def test_rewards_are_bounded_and_ordered(scores: list[int], weight: float, scale: float | None) -> None:
    rewards = reward_vector(scores, None, weight, scale)
    assert all(-1e-9 <= r <= 1 + 1e-9 for r in rewards)
    for a in range(len(scores)):
        for b in range(len(scores)):
            if scores[a] > scores[b]:
                assert rewards[a] >= rewards[b]


def test_margin_scale_tells_narrow_from_wide_wins() -> None:
    narrow, wide = reward_vector([11, 10], [0], 0.0, 10.0), reward_vector([40, 10], [0], 0.0, 10.0)
    assert 0.5 < narrow[0] < wide[0] < 1.0 and wide[1] < narrow[1] < 0.5
    assert reward_vector([11, 10], [0], 0.0) == reward_vector([40, 10], [0], 0.0) == [1.0, 0.0]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 0},
        {"time_limit": 0},
        {"rollout": "smart"},
        {"win_weight": 2},
        {"rollout_greedy": -1},
        {"cutoff": "rank"},
        {"rollout_mix": 1.5},
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=next(iter(kwargs))):
        ISMCTSAgent(1, **kwargs)  # type: ignore[arg-type]


# Le Caméléon, second player to move: of its 18 moves only the capture b6-a5xc6 ends the game at once in its
# favour (found by a search over random games, checked below by trying every move). The other moves do not
# lose by force, so a search alone rates several of them as sure wins; the decisive-move check makes the bot
# take the win now instead of later.
CAMELEON_WIN = "8/1o3o2/o1v5/1gVv1v1b/2b1y3/3k4/2b1o3/8/8 S 1 159"


def _immediate_wins(state: Any) -> list[Any]:
    me = state.current_player
    wins = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if child.is_terminal and child.winners() == [me]:
            wins.append(action)
    return wins


def test_takes_the_capture_that_wins_le_cameleon() -> None:
    state = kameleon.load("cameleon").from_cpn(CAMELEON_WIN)
    winning = _immediate_wins(state)
    assert [state.action_to_str(a) for a in winning] == ["b6-a5xc6"]
    assert len(state.legal_actions()) == 18
    for seed in range(2):
        assert ISMCTSAgent(seed, iterations=300).act(state) == winning[0]
        assert ISMCTSAgent(seed, iterations=1).act(fair_state(state)) == winning[0]
    searched = ISMCTSAgent(0, iterations=300, decisive=False)
    searched.act(state)
    best = max(stat["mean"] for stat in searched.action_stats())
    assert [s["mean"] for s in searched.action_stats() if s["action"] == winning[0]] == [best]


@pytest.mark.parametrize(("game_name", "players"), configs())
def test_every_game_plays_legally_with_widening(game_name: str, players: int) -> None:
    game = kameleon.load(game_name, players=players)
    agents = [ISMCTSAgent(seat, iterations=6, widening=1.0, rollout_depth=10) for seat in range(players)]
    state = game.new_state(31)
    for _ in range(40):
        if state.is_terminal:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(fair_state(state)))  # raises on an illegal move
    assert state.is_terminal or len(state.history) >= 40


def test_per_game_settings_apply_to_that_game_only() -> None:
    agent = ISMCTSAgent(1, iterations=20, per_game={"cameleon": {"rollout_depth": 3, "exploration": 0.3}})
    agent.act(_midgame(2, seed=3, moves=2))
    assert agent.rollout_depth is None and agent.exploration == 0.7
    state = kameleon.load("cameleon").new_state(1)
    agent.act(state)
    assert agent.rollout_depth == 3 and agent.exploration == 0.3
    with pytest.raises(ValueError, match="per_game"):
        ISMCTSAgent(1, per_game={"coloretto": {"time_limit": 3}})


def test_cutoff_rewards_use_the_game_evaluation() -> None:
    from kameleon.games.cameleon.heuristics import evaluate

    state = kameleon.load("cameleon").from_cpn(CAMELEON_WIN)
    agent = ISMCTSAgent(1, iterations=1, rollout_depth=0, decisive=False)
    agent.act(state)  # the search loads the game's evaluation
    rewards = agent._cutoff(state)
    margin = evaluate(state, 1) - evaluate(state, 0)
    assert (rewards[1] > 0.5) == (margin > 0) and abs(rewards[0] + rewards[1] - 1.0) < 1e-9


def _cutoff_rewards(players: int, cutoff: str, scale: float) -> list[float]:
    state = _midgame(players, seed=5, moves=6)
    agent = ISMCTSAgent(1, iterations=1, rollout_depth=0, decisive=False, cutoff=cutoff, evaluation_scale=scale)
    agent.act(state)  # the search loads the game's evaluation
    return agent._cutoff(state)


@pytest.mark.parametrize("scale", [0.5, 2.0, 7.0])
def test_softmax_cutoff_is_the_margin_cutoff_with_two_players(scale: float) -> None:
    assert _cutoff_rewards(2, "softmax", scale) == pytest.approx(_cutoff_rewards(2, "margin", scale))


def test_softmax_cutoff_shares_one_unit_between_four_seats_in_the_order_of_their_values() -> None:
    values = _midgame(4, seed=5, moves=6).scores()  # Coloretto has no evaluate: the standing scores serve
    rewards = _cutoff_rewards(4, "softmax", 2.0)
    assert sum(rewards) == pytest.approx(1.0) and all(r > 0 for r in rewards)
    assert len(set(values)) > 1
    for a in range(4):
        for b in range(4):
            if values[a] > values[b]:
                assert rewards[a] > rewards[b]


def test_a_rollout_mix_blends_the_judged_rewards_with_the_games_end() -> None:
    game = kameleon.load("coloretto", players=2)
    state = _midgame(2, seed=4, moves=9)
    judged = ISMCTSAgent(1, iterations=1, rollout_depth=0, win_weight=1.0)
    judged._configure(game)
    judged._evaluate = game.position_values
    values = judged._cutoff(state.clone())
    for mix in (0.0, 0.25, 1.0):
        agent = ISMCTSAgent(1, iterations=1, rollout_depth=0, win_weight=1.0, rollout_mix=mix)
        agent._configure(game)
        agent._evaluate = game.position_values
        end = state.clone()
        rewards = agent._rollout(end, random.Random(5), None)
        assert end.is_terminal == (mix > 0)  # without a mix the rollout stops where it is judged
        final = reward_vector(end.scores(), end.winners(), 1.0) if mix else values
        assert rewards == pytest.approx([mix * f + (1 - mix) * j for f, j in zip(final, values, strict=True)])
