"""Reproducible budgets: `hard@ITERATIONS` wherever a bot spec is read, and the same seed gives the same games."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import kameleon
from kameleon.ai import MAX_ITERATIONS, BotSpec, ISMCTSAgent, make_agent, parse_spec
from kameleon.ai.tournament import Tournament, read_results, run_tournament
from kameleon.engine.errors import KameleonError
from kameleon.research.strength import Settings, plan


def _records(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [result["record"] for result in results]


@pytest.mark.parametrize(
    ("spec", "parsed", "canonical"),
    [
        ("hard@50", BotSpec("hard", iterations=50), "hard@50"),
        (" HARD @ 0050 ", BotSpec("hard", iterations=50), "hard@50"),
        ("hard:0.50", BotSpec("hard", move_time=0.5), "hard:0.5"),
        ("hard", BotSpec("hard"), "hard"),
        ("medium", BotSpec("medium"), "medium"),
    ],
)
def test_specs_parse_to_one_budget(spec: str, parsed: BotSpec, canonical: str) -> None:
    assert parse_spec(spec) == parsed and str(parse_spec(spec)) == canonical


def test_an_iteration_budget_makes_a_search_without_a_clock() -> None:
    agent = make_agent("hard@50", seed=1)
    assert isinstance(agent, ISMCTSAgent) and agent.iterations == 50 and agent.time_limit is None
    assert agent.name == "hard"
    timed = make_agent("hard@50", 1, move_time=0.2)  # an explicit budget replaces the spec's
    assert isinstance(timed, ISMCTSAgent) and timed.time_limit == 0.2 and timed.iterations is None
    counted = make_agent("hard:0.2", 1, iterations=30)
    assert isinstance(counted, ISMCTSAgent) and counted.iterations == 30 and counted.time_limit is None
    state = kameleon.load("coloretto", players=3).new_state(2)
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    agent.act(state)
    assert agent.last_iterations == 50


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("hard@0", r"bot 'hard@0': '0' is not a number of search iterations per move \(a whole number from 1"),
        ("hard@x", r"bot 'hard@x': 'x' is not a number of search iterations per move"),
        ("hard@2.5", r"'2.5' is not a number of search iterations per move"),
        ("hard@-3", r"'-3' is not a number of search iterations per move"),
        ("hard@", r"'' is not a number of search iterations per move"),
        ("hard@²", r"'²' is not a number of search iterations per move"),
        (f"hard@{MAX_ITERATIONS + 1}", r"is not a number of search iterations per move"),
        ("hard@" + "9" * 5000, r"is not a number of search iterations per move"),
        ("hard@50:0.2", r"bot 'hard@50:0.2': give one budget, NAME:SECONDS or NAME@ITERATIONS, not both"),
        ("hard:0.2@50", r"give one budget, NAME:SECONDS or NAME@ITERATIONS, not both"),
        (
            "random@5",
            r"bot 'random@5': random does not search, so it takes no budget \(the levels that search: expert, hard\)",
        ),
        ("medium:0.1", r"bot 'medium:0.1': medium does not search, so it takes no budget"),
        ("wizard@5", r"unknown bot 'wizard@5'; bots are: easy, expert, greedy, hard, medium, random"),
    ],
)
def test_bad_budgets_are_refused_by_name(spec: str, message: str) -> None:
    with pytest.raises(KameleonError, match=message):
        parse_spec(spec)
    with pytest.raises(KameleonError, match=message):
        Tournament("coloretto", (spec, "random"), games=1, players=2)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"iterations": 0}, r"^iterations must be a whole number from 1 to 10,000,000, not 0$"),
        ({"iterations": 2.5}, r"^iterations must be a whole number from 1 to 10,000,000, not 2.5$"),
        ({"iterations": True}, r"^iterations must be a whole number from 1 to 10,000,000, not True$"),
        ({"iterations": 5, "move_time": 0.1}, r"^give move_time or iterations, not both: a search stops at one"),
    ],
)
def test_bad_budget_arguments_are_refused(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(KameleonError, match=message):
        make_agent("hard", 1, **arguments)
    with pytest.raises(KameleonError, match=message):
        Tournament("coloretto", ("hard", "random"), games=1, players=2, **arguments)


def test_the_same_tournament_with_hard_at_50_gives_the_same_games_run_twice_and_on_workers() -> None:
    tournament = Tournament("coloretto", ("hard@50", "medium", "random"), games=3, players=3, seed=11)
    first, stats = run_tournament(tournament)
    again, stats_again = run_tournament(
        Tournament("coloretto", ("hard@50", "medium", "random"), games=3, players=3, seed=11)
    )
    assert _records(first) == _records(again) and stats == stats_again
    on_workers, _ = run_tournament(tournament, workers=2)
    assert _records(on_workers) == _records(first)
    assert stats["hard@50"].games == 3
    thinking = first[0]["thinking"][first[0]["players"].index("hard@50")]
    assert thinking["iterations"] > 0 and thinking["iterations"] % 50 == 0  # every search ran exactly 50


@pytest.mark.parametrize("game", kameleon.games())
def test_every_game_replays_the_same_with_an_iteration_budget(game: str) -> None:
    tournament = Tournament(game, ("hard@8", "random"), games=1, players=2, seed=5)
    first, _ = run_tournament(tournament)
    again, _ = run_tournament(tournament)
    assert _records(first) == _records(again)


def test_a_tournament_iteration_budget_applies_to_specs_without_their_own(tmp_path: Path) -> None:
    tournament = Tournament("coloretto", ("hard", "hard:0.01"), games=2, players=2, seed=3, iterations=20)
    assert tournament.iterations == 20 and tournament.tasks()[0].iterations == 20
    out = tmp_path / "games.jsonl"
    first, _ = run_tournament(tournament, out=out)
    assert all(result["iterations"] == 20 for result in first)
    for result in first:
        seat = result["players"].index("hard")
        assert result["thinking"][seat]["iterations"] <= 20 * result["thinking"][seat]["decisions"]
    unlike = r"line 1 of .* holds a game played at --iterations 20: resume as it was started"
    with pytest.raises(KameleonError, match=unlike):
        run_tournament(Tournament("coloretto", ("hard", "hard:0.01"), games=2, players=2, seed=3), out=out, resume=True)
    with pytest.raises(KameleonError, match=r"line 1 of .* holds a game played at --iterations 20"):
        run_tournament(
            Tournament("coloretto", ("hard", "hard:0.01"), games=2, players=2, seed=3, iterations=30),
            out=out,
            resume=True,
        )
    kept, _ = run_tournament(tournament, out=out, resume=True)
    assert _records(kept) == _records(first) and len(read_results(out)) == 2


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "160"}
    return subprocess.run(
        [sys.executable, "-m", "kameleon", *args], capture_output=True, text=True, env=env, timeout=300
    )


def test_the_cli_reads_iteration_budgets_and_gives_the_same_games(tmp_path: Path) -> None:
    outs = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    for out in outs:
        done = _cli(
            "tournament", "-g", "coloretto", "-p", "2", "--bots", "hard@30,medium", "--games", "2", "--seed", "4",
            "--out", str(out), "--json",
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert list(json.loads(done.stdout)["bots"]) == ["hard@30", "medium"]
    assert _records(read_results(outs[0])) == _records(read_results(outs[1]))
    counted = _cli(
        "tournament", "-g", "coloretto", "-p", "2", "--bots", "hard,random", "--games", "1", "--iterations", "10",
        "--json",
    )  # fmt: skip
    assert counted.returncode == 0, counted.stderr
    bad = _cli("tournament", "-g", "coloretto", "-p", "2", "--bots", "hard@0,random", "--games", "1")
    assert bad.returncode == 2 and "'0' is not a number of search iterations per move" in " ".join(bad.stderr.split())
    bad = _cli(
        "tournament", "-g", "coloretto", "-p", "2", "--bots", "hard,random", "--iterations", "5", "--move-time", "1"
    )
    assert bad.returncode == 2 and "give --move-time or --iterations, not both" in " ".join(bad.stderr.split())
    played = _cli("play", "coloretto", "-p", "2", "--bots", "hard@10,random", "--seed", "3", "-q")
    assert played.returncode == 0, played.stderr
    bad = _cli("play", "coloretto", "-p", "2", "--bots", "random@5,random", "-q")
    assert bad.returncode == 2 and "random does not search, so it takes no budget" in " ".join(bad.stderr.split())


def test_the_strength_report_can_count_iterations() -> None:
    settings = Settings(games=2, seed=3, iterations=40, only=("coloretto",))
    assert settings.games_key() == {"games": 2, "move_time": 0.1, "seed": 3, "iterations": 40, "game": ["coloretto"]}
    tournaments = plan("coloretto", 2, 2, 0.1, 3, iterations=40)
    assert all(t.iterations == 40 and t.move_time is None for t in tournaments.values())
    assert all(t.move_time == 0.1 and t.iterations is None for t in plan("coloretto", 2, 2, 0.1, 3).values())
    assert settings.command("coloretto").endswith("--games 2 --iterations 40 --workers 2 --seed 3")
    with pytest.raises(KameleonError, match="--iterations must be from 1 to"):
        Settings(iterations=0).check(Path("docs/strength.md"))
