"""The registry, options, seeds and the match runner."""

from __future__ import annotations

from typing import Any

import pytest

import kameleon
from kameleon.ai import RandomAgent, make_agent
from kameleon.engine.agent import GameOver, seat_to_move
from kameleon.engine.match import AgentError, ranks
from kameleon.engine.options import Option, int_in_range, validate_options


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(kameleon.UnknownGame, match="coloretto"):
        kameleon.load("colorado", players=2)


def test_options_validation() -> None:
    specs = [
        Option("n", 2, "count", check=int_in_range(1, 3)),
        Option("mode", "a", "mode", ("a", "b"), {"alpha": "a"}),
        Option("flag", False, "flag", (False, True)),
        Option("seats", 2, "seats", (2,)),
    ]
    assert validate_options("g", specs, {}) == {"n": 2, "mode": "a", "flag": False, "seats": 2}
    assert validate_options("g", specs, {"mode": "alpha", "n": 3})["mode"] == "a"
    cases: list[tuple[dict[str, Any], str]] = [
        ({"n": 4}, "out of range"),
        ({"n": "2"}, "not an integer"),
        ({"n": True}, "not an integer"),
        ({"mode": "c"}, "expected one of 'a', 'b'"),
        ({"flag": 1}, "expected one of False, True"),
        ({"seats": 3}, "bad value for option 'seats': 3; expected only 2"),
        ({"size": 1}, "unknown option 'size' for g; known options: flag, mode, n, seats"),
    ]
    for given, message in cases:
        with pytest.raises(kameleon.InvalidOption, match=message):
            validate_options("g", specs, given)
    # What a message echoes of its input is shortened in the middle, however long the input.
    for given in ({"s" * 10**5: 1}, {"mode": "m" * 10**5}, {"n": "7" * 10**5}, {"n": 10**1000}):
        with pytest.raises(kameleon.InvalidOption) as refused:
            validate_options("g", specs, given)
        assert len(str(refused.value)) < 200 and "..." in str(refused.value)


@pytest.mark.parametrize("seed", [-1, 2**53, "7", 1.0, True])
def test_bad_seeds_are_rejected(seed: Any) -> None:
    with pytest.raises(ValueError, match="seed must be"):
        kameleon.load("coloretto", players=2).new_state(seed)


def test_fresh_seeds_are_recorded() -> None:
    state = kameleon.load("coloretto", players=2).new_state()
    assert isinstance(state.seed, int)
    assert kameleon.replay(state.record()) == state


def test_match_runner_plays_to_the_end_and_records() -> None:
    game = kameleon.load("coloretto", players=4)
    result = kameleon.play_match(game, [make_agent("random", i) for i in range(4)], seed=9)
    assert result.state.is_terminal
    assert result.scores == result.state.scores() and result.winners == result.state.winners()
    assert kameleon.replay(result.record) == result.state


def test_match_runner_rejects_bad_agents() -> None:
    game = kameleon.load("coloretto", players=2)

    class Cheater(RandomAgent):
        name = "cheater"

        def act(self, state: Any) -> Any:
            return 10  # take row 5, which does not exist

    with pytest.raises(AgentError, match="agent 'cheater' at seat 0 played an illegal move"):
        kameleon.play_match(
            game,
            [Cheater(), RandomAgent()],
            seed=1,
        )
    with pytest.raises(ValueError, match="1 agents given for 2 seats"):
        kameleon.play_match(game, [RandomAgent()])
    with pytest.raises(kameleon.KameleonError, match="unknown bot 'smart'"):
        make_agent("smart")


def test_greedy_beats_random_at_coloretto() -> None:
    game = kameleon.load("coloretto", players=2)
    wins = 0
    for seed in range(40):
        agents = [make_agent("greedy", seed), make_agent("random", seed)]
        if seed % 2:
            agents.reverse()
        result = kameleon.play_match(game, agents, seed=seed)
        wins += (seed % 2) in result.winners
    assert wins >= 32  # measured: about 98% over 200 games


def test_returns_are_zero_sum() -> None:
    state = kameleon.play_match(kameleon.load("coloretto", players=4), [RandomAgent(i) for i in range(4)], 2).state
    assert abs(sum(state.returns())) < 1e-9
    assert max(state.returns()) > 0


def test_rating_ranks_put_winners_first_and_share_ties() -> None:
    assert ranks([30, 40, 40, 10], winners=[1, 2]) == [2, 1, 1, 3]
    assert ranks([25, 25, 20], winners=[1]) == [2, 1, 3]  # a tie-break winner outranks an equal score


def test_seat_to_move_is_the_current_player_until_the_game_is_over() -> None:
    state = kameleon.load("coloretto", players=3).new_state(6)
    assert seat_to_move(state) == state.current_player
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    with pytest.raises(GameOver, match=r"^the game is over: there is no move to choose$") as refused:
        seat_to_move(state)
    assert isinstance(refused.value, kameleon.KameleonError) and isinstance(refused.value, ValueError)
    with pytest.raises(GameOver):
        RandomAgent(1).act(state)  # was "empty range for randrange()"
