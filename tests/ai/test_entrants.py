"""Tournaments of agent objects and factories, not only specs: names, copies, worker processes, clear errors."""

from __future__ import annotations

import functools
import sys
import types
from typing import Any

import pytest

import kameleon
from kameleon.ai import GreedyAgent, RandomAgent, make_agent
from kameleon.ai.entrants import check_portable, entrants
from kameleon.ai.tournament import Tournament, run_tournament
from kameleon.engine.agent import Agent
from kameleon.engine.errors import KameleonError
from kameleon.engine.game import State


def cautious(seed: int) -> Agent:
    """A module-level factory: worker processes can import it."""
    return GreedyAgent(seed, name="cautious")


class Counter:
    """Plays the first legal move and counts its moves: a copy per game starts from zero."""

    name = "counter"

    def __init__(self) -> None:
        self.moves = 0
        self.seen: list[int] = []

    def act(self, state: State[Any]) -> Any:
        self.moves += 1
        self.seen.append(self.moves)
        return state.legal_actions()[0]


class Peeker:
    """An agent object that reads a hidden field: the tournament's FairView stops it."""

    name = "peeker"

    def act(self, state: State[Any]) -> Any:
        state.held  # type: ignore[attr-defined]  # noqa: B018
        return state.legal_actions()[0]


def _check(results: list[dict[str, Any]]) -> None:
    for result in results:
        state = kameleon.replay(result["record"])
        assert state.is_terminal and state.scores() == result["scores"]


def test_agent_objects_factories_and_classes_play_with_names_in_the_standings() -> None:
    counter = Counter()
    tournament = Tournament("coloretto", [counter, cautious, RandomAgent, "medium"], games=4, players=4, seed=2)
    assert tournament.bots == ("counter", "cautious", "random", "medium")
    results, stats = run_tournament(tournament)
    _check(results)
    assert list(stats) == ["counter", "cautious", "random", "medium"]
    assert all(s.games == 4 for s in stats.values())
    assert counter.moves == 0, "every game plays a copy of the object, never the object itself"
    again, _ = run_tournament(tournament)
    assert [r["record"] for r in again] == [r["record"] for r in results]


def test_a_mapping_names_the_bots_and_a_spec_may_go_by_another_name() -> None:
    tournament = Tournament(
        "coloretto", {"mine": functools.partial(GreedyAgent, name="x"), "quick": "hard@10"}, games=2, players=2
    )
    assert tournament.bots == ("mine", "quick")
    results, stats = run_tournament(tournament)
    assert set(stats) == {"mine", "quick"} and results[0]["players"] in (["mine", "quick"], ["quick", "mine"])
    _check(results)


def test_the_same_object_twice_is_one_bot_at_two_seats() -> None:
    counter = Counter()
    results, stats = run_tournament(Tournament("coloretto", [counter, counter, "random"], games=3, players=3))
    assert stats["counter"].games == 6 and stats["random"].games == 3
    _check(results)


def test_factories_cross_to_worker_processes_and_play_the_same_games() -> None:
    tournament = Tournament("coloretto", [cautious, Counter(), "random"], games=3, players=3, seed=5)
    serial, _ = run_tournament(tournament)
    parallel, _ = run_tournament(tournament, workers=2)
    assert [r["record"] for r in parallel] == [r["record"] for r in serial]


def test_worker_processes_get_each_factory_once_and_tasks_name_it() -> None:
    """A factory may hold a large model: it goes to each worker once (its initializer), not with every game."""
    from kameleon.ai.tournament import Sent, _sent_once

    model = Counter()
    tournament = Tournament("coloretto", [cautious, model, "random"], games=6, players=3, seed=5)
    light, sent = _sent_once(tournament.tasks())
    assert len(sent) == 2 and cautious in sent
    for task in light:
        assert all(entry is None or isinstance(entry, str | Sent) for entry in task.agents)
        assert {entry.number for entry in task.agents if isinstance(entry, Sent)} == {0, 1}


def test_provenance_names_every_bot_and_the_budget() -> None:
    tournament = Tournament("coloretto", [cautious, Counter(), "hard"], games=3, players=3, seed=5, iterations=20)
    provenance = tournament.provenance()
    assert provenance["bots"] == {
        "cautious": f"factory {__name__}.cautious", "counter": f"agent {__name__}.Counter", "hard": "hard",
    }  # fmt: skip
    assert (provenance["iterations"], provenance["move_time"], provenance["seed"]) == (20, None, 5)
    assert provenance["options"]["players"] == 3


def test_a_lambda_plays_in_one_process_and_is_refused_for_workers_with_the_reason() -> None:
    tournament = Tournament(
        "coloretto", {"lam": lambda seed: RandomAgent(seed), "medium": "medium"}, games=2, players=2
    )
    _, stats = run_tournament(tournament)
    assert stats["lam"].games == 2
    with pytest.raises(KameleonError, match=r"bot 'lam' cannot be sent to worker processes .*not a lambda"):
        run_tournament(tournament, workers=2)


def test_a_bot_defined_in_an_interactive_session_is_refused_for_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    def typed_in(seed: int) -> Agent:
        return RandomAgent(seed)

    typed_in.__module__ = "__main__"
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))  # a REPL's main has no __file__
    with pytest.raises(KameleonError, match=r"bot 'typed_in' is defined in an interactive session"):
        check_portable([("typed_in", typed_in)])


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ([lambda seed: RandomAgent(seed), "medium"], r"has no name to show in the standings: name it, bots="),
        ([Counter(), Counter()], r"two different bots are named 'counter': give them names of their own"),
        ([cautious, {"cautious": 1}], r"a bot is a spec .* not \{'cautious': 1\}"),
        ({"": "medium"}, r"a bot's name is a non-empty string, not ''"),
        ({"a": 3}, r"a bot is a spec .*not 3$"),
        (["medium", GreedyAgent(1, name="medium")], r"two different bots are named 'medium'"),
    ],
)
def test_bad_bots_are_refused_by_name(bots: Any, message: str) -> None:
    with pytest.raises(KameleonError, match=message):
        entrants(bots)
    with pytest.raises(KameleonError, match=message):
        Tournament("coloretto", bots, games=1, players=2)


def test_a_factory_that_makes_no_agent_and_an_unfair_agent_fail_clearly() -> None:
    def broken(seed: int) -> Any:
        return "not an agent"

    with pytest.raises(KameleonError, match=r"the factory of bot 'broken' returned 'not an agent', not an agent"):
        run_tournament(Tournament("coloretto", [broken, "random"], games=1, players=2))
    with pytest.raises(KameleonError, match=r"a bot read 'held' of the real state"):
        run_tournament(Tournament("coloretto", [Peeker(), "random"], games=1, players=2))


def test_an_object_that_cannot_be_copied_is_refused_with_the_way_out() -> None:
    class Locked(Counter):
        def __deepcopy__(self, memo: dict[int, Any]) -> Any:
            raise TypeError("cannot copy a lock")

    with pytest.raises(KameleonError, match=r"cannot be copied for each game .*give a factory"):
        run_tournament(Tournament("coloretto", [Locked(), "random"], games=1, players=2))


def test_make_agent_still_refuses_what_is_not_a_spec() -> None:
    with pytest.raises(KameleonError, match="a bot is named by a string, not 3"):
        make_agent(3)  # type: ignore[arg-type]
