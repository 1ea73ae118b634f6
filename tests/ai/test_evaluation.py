"""The evaluation harness: seat rotation, the figures, reproducibility, every kind of agent, clear errors."""

from __future__ import annotations

import json
import statistics
from typing import Any

import pytest

import kameleon
from kameleon.ai import Evaluation, GreedyAgent, RandomAgent, evaluate, make_agent
from kameleon.ai.standings import wilson
from kameleon.engine.errors import KameleonError

from .test_entrants import Counter, cautious


def _margin(scores: list[int], seat: int) -> int:
    return scores[seat] - max(score for other, score in enumerate(scores) if other != seat)


def test_the_agent_takes_every_seat_of_every_deal_and_the_figures_add_up() -> None:
    result = evaluate("medium", game="coloretto", players=3, opponents=["random", "easy"], games=6, seed=4)
    assert isinstance(result, Evaluation)
    assert (result.agent, result.game, result.players, result.opponents) == (
        "medium",
        "coloretto",
        3,
        ("random", "easy"),
    )
    assert len(result.results) == 6
    wins, margins, scores = 0, [], []
    for index, game in enumerate(result.results):
        seat = index % 3
        assert game["players"][seat] == "medium"
        assert game["players"][(seat + 1) % 3] == "random" and game["players"][(seat + 2) % 3] == "easy"
        wins += seat in game["winners"]
        margins.append(_margin(game["scores"], seat))
        scores.append(game["scores"][seat])
        state = kameleon.replay(game["record"])
        assert state.is_terminal and state.scores() == game["scores"]
    assert result.results[0]["seed"] == result.results[2]["seed"] != result.results[3]["seed"]  # a deal per round
    assert (result.games, result.wins, result.win_rate) == (6, wins, wins / 6)
    assert result.ci == wilson(wins, 6)
    assert result.mean_margin == pytest.approx(statistics.fmean(margins))
    assert result.mean_score == pytest.approx(statistics.fmean(scores))
    assert result.margin_ci is not None and result.margin_ci[0] <= result.mean_margin <= result.margin_ci[1]
    assert [seat.seat for seat in result.seats] == [0, 1, 2] and all(seat.games == 2 for seat in result.seats)
    assert sum(seat.wins for seat in result.seats) == wins
    assert statistics.fmean(seat.mean_margin for seat in result.seats) == pytest.approx(result.mean_margin)
    shown = result.as_dict()
    assert json.loads(json.dumps(shown)) == shown
    assert shown["ci"] == list(result.ci) and len(shown["seats"]) == 3 and shown["players"] == 3
    assert "results" not in shown
    assert (shown["game"], shown["seed"], shown["options"]["players"]) == ("coloretto", 4, 3)
    assert shown["bots"] == {"medium": "medium", "random": "random", "easy": "easy"}
    assert (shown["move_time"], shown["iterations"]) == (None, None)


def test_the_same_call_gives_the_same_games_on_one_process_or_two() -> None:
    arguments: dict[str, Any] = {"game": "coloretto", "players": 2, "opponents": "hard@20", "games": 4, "seed": 9}
    first = evaluate(cautious, **arguments)
    again = evaluate(cautious, **arguments)
    parallel = evaluate(cautious, workers=2, **arguments)
    assert first == again == parallel
    assert [g["record"] for g in first.results] == [g["record"] for g in parallel.results]
    assert first.agent == "cautious" and first.opponents == ("hard@20",)


def test_objects_factories_and_specs_are_all_agents_here() -> None:
    counter = Counter()
    played = evaluate(counter, game="coloretto", players=2, games=2, opponents=RandomAgent)
    assert played.agent == "counter" and played.opponents == ("random",) and counter.moves == 0
    named = evaluate(GreedyAgent(1), name="mine", game="coloretto", players=2, games=2)
    assert named.agent == "mine" and named.opponents == ("random",)  # random opponents by default
    mirror = evaluate("medium", game="coloretto", players=2, opponents="medium", games=2)
    assert mirror.games == 2 and mirror.results[0]["players"] == ["medium", "medium"]
    mapped = evaluate(
        "medium", game="coloretto", players=3, opponents={"a": "random", "b": make_agent("easy")}, games=3
    )
    assert mapped.opponents == ("a", "b")
    loaded = evaluate("medium", game=kameleon.load("coloretto", players=2, scoring="purple"), games=2)
    assert loaded.options["scoring"] == "purple" and loaded.players == 2


def test_a_solo_game_has_no_opponents_and_its_margin_is_the_score() -> None:
    result = evaluate("medium", game="chromino", players=1, games=2, seed=1)
    assert result.opponents == () and result.seats[0].games == 2
    assert result.mean_margin == result.mean_score == statistics.fmean(g["scores"][0] for g in result.results)
    with pytest.raises(KameleonError, match="a solo game has no opponents: leave opponents out"):
        evaluate("medium", game="chromino", players=1, opponents="random", games=1)


def test_one_game_has_no_margin_interval() -> None:
    result = evaluate("random", game="coloretto", players=2, games=1)
    assert result.margin_ci is None and result.seats[1].games == 0 and result.seats[1].win_rate == 0.0
    assert result.as_dict()["margin_ci"] is None


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"opponents": ["random", "random"]}, r"2 opponents given for the 1 other seats"),
        ({"games": 0}, r"^games must be a whole number, at least one game, not 0$"),
        ({"seed": -1}, r"^the seed must be a whole number between 0 and \d+, not -1$"),
        ({"opponents": "wizard"}, r"unknown bot 'wizard'"),
        ({"opponents": "random@3"}, r"random does not search, so it takes no budget"),
        ({"players": 9}, r"players"),
        ({"iterations": 0}, r"iterations must be a whole number from 1"),
        ({"game": 3}, r"game is a game's name or a loaded game, not 3"),
        ({"game": kameleon.load("coloretto", players=2), "players": 2}, r"a loaded game has its options already"),
        ({"opponents": 5}, r"^opponents is a list of bots \(or a mapping name -> bot\), not 5$"),
        ({"opponents": "random, medium"}, r"one bot for every other seat, or a list: give opponents=\['random', "),
    ],
)
def test_bad_evaluations_are_refused_before_any_game(arguments: dict[str, Any], message: str) -> None:
    call: dict[str, Any] = {"game": "coloretto", "players": 2, "games": 2, **arguments}
    with pytest.raises(KameleonError, match=message):
        evaluate("medium", **call)


def test_an_agent_without_a_name_is_told_the_parameter_that_names_it() -> None:
    with pytest.raises(KameleonError, match=r"has no name to show in the standings: name it, name='mine'$"):
        evaluate(lambda seed: RandomAgent(seed), game="coloretto", players=2, games=2)
    for nameless in (lambda seed: RandomAgent(seed), [lambda seed: RandomAgent(seed)]):
        with pytest.raises(KameleonError, match=r"name it, opponents=\{'mine': \.\.\.\}$"):
            evaluate("medium", game="coloretto", players=2, games=2, opponents=nameless)
