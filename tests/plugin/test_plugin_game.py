"""DESIGN.md's claim, shown: a game published as its own package (here Rainbow, tests/plugin/site) is listed,
checked by the contract, played by every bot level, in tournaments, in the terminal, benchmarked and played in
the arena, with no edit inside kameleon; a plug-in that cannot load is named and breaks nothing else."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import kameleon
from kameleon import testing
from kameleon.ai import agent_names, make_agent
from kameleon.ai.tournament import Tournament, run_tournament
from kameleon.engine.errors import BrokenGame, KameleonError
from kameleon.engine.registry import BUILT_IN, plugin_problems
from tests.plugin.conftest import BROKEN_SITE, SITE, plugin_env
from tests.server.harness import Player, ServerProcess

pytestmark = pytest.mark.usefixtures("rainbow")


def _random_game(seed: int, players: int = 3) -> kameleon.State[Any]:
    state = kameleon.load("rainbow", players=players).new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_registry_lists_and_loads_it_beside_the_built_in_games() -> None:
    assert "rainbow" in kameleon.games() and set(BUILT_IN) < set(kameleon.games())
    game = kameleon.load("rainbow", players=3, hand=2)
    assert type(game).__module__ == "kameleon_rainbow.game" and game.num_players == 3
    with pytest.raises(kameleon.InvalidOption, match="'hand'"):
        kameleon.load("rainbow", hand=9)


def test_generic_capabilities_stand_in_for_what_it_does_not_declare() -> None:
    game = kameleon.load("rainbow")
    assert not game.has_heuristics and not game.has_evaluation
    assert game.observation() is None and game.renderer() is None and game.bench_extras(0.01) == {}
    state = game.new_state(5)
    state.apply(state.legal_actions()[0])
    moves = state.legal_actions()
    # the generic heuristic: the mover's margin after each card, read from the engine's scores alone
    expected = []
    for move in moves:
        child = state.clone()
        child.apply(move)
        expected.append(float(child.scores()[1] - child.scores()[0]))
    assert game.action_values(state, moves) == expected
    assert game.position_values(state) == [float(s) for s in state.scores()]


def test_contract_replay_views_determinize_clone_and_notation() -> None:
    """The contract checks every built-in game passes (kameleon.testing), run on the plug-in."""
    testing.check_game(kameleon.load("rainbow", players=3), seeds=range(6))
    testing.check_game(kameleon.load("rainbow", players=2, hand=2), seeds=range(2))


@pytest.mark.parametrize("level", agent_names())
def test_every_bot_level_plays_it_through_the_generic_defaults(level: str) -> None:
    game = kameleon.load("rainbow", players=2)
    agents = [make_agent(level, seed=1, move_time=0.02), make_agent("random", seed=2)]
    result = kameleon.play_match(game, agents, seed=11)
    assert result.state.is_terminal and len(result.state.history) == 6


def test_a_tournament_of_levels() -> None:
    results, stats = run_tournament(Tournament("rainbow", ("hard", "greedy", "random"), games=6, move_time=0.02))
    assert len(results) == 6 and sum(s.games for s in stats.values()) == 6 * 2  # two seats a game


def test_the_research_adapters_say_it_has_no_observation_encoder() -> None:
    pettingzoo = pytest.importorskip("kameleon.interop.pettingzoo")
    with pytest.raises(KameleonError, match="'rainbow' has no observation encoder"):
        pettingzoo.env("rainbow", players=2)


def _command(
    *args: str, home: Path, sites: tuple[Path, ...] = (SITE,), stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    env = {**plugin_env(*sites), "KAMELEON_HOME": str(home), "COLUMNS": "120"}
    return subprocess.run(
        [sys.executable, "-m", "kameleon", *args], input=stdin, capture_output=True, text=True, env=env, timeout=120
    )


def test_the_command_lists_plays_replays_benchmarks_and_runs_tournaments(tmp_path: Path) -> None:
    listed = _command("games", home=tmp_path)
    assert listed.returncode == 0 and listed.stdout.split() == [*kameleon.games()], listed.stderr
    # a person against a bot, answering with move numbers, the board shown generically from the view
    played = _command("play", "rainbow", "--bots", "hard:0.02", "--seed", "3", home=tmp_path, stdin="1\n" * 3)
    assert played.returncode == 0, played.stderr
    assert "'hand'" in played.stdout and "Result" in played.stdout
    record = tmp_path / "games" / "rainbow-3.json"
    assert json.loads(record.read_text())["result"]["winners"]
    assert _command("replay", str(record), home=tmp_path).returncode == 0
    bench = _command("bench", "--game", "rainbow", "--seconds", "0.2", "--json", home=tmp_path)
    assert bench.returncode == 0, bench.stderr
    assert json.loads(bench.stdout)["games_per_s"] > 0
    tournament = _command("tournament", "--game", "rainbow", "--bots", "medium,random", "--games", "2", home=tmp_path)
    assert tournament.returncode == 0 and "medium" in tournament.stdout, tournament.stderr


def test_a_broken_plugin_is_named_and_the_other_games_still_work(broken_plugins: None, tmp_path: Path) -> None:
    assert "broken" in kameleon.games() and "rainbow" in kameleon.games()
    with pytest.raises(BrokenGame, match=r"'broken' \(kameleon_broken_missing.game:BrokenGame\) failed to import"):
        kameleon.load("broken")
    assert kameleon.load("coloretto", players=2).name == "coloretto"  # the built-in game is not replaced
    problems = " ".join(plugin_problems())
    assert "'coloretto'" in problems and "a built-in game has that name" in problems and "'Bad-Name'" in problems
    listed = _command("games", home=tmp_path, sites=(SITE, BROKEN_SITE))
    assert listed.returncode == 0 and "broken" not in listed.stdout.split() and "rainbow" in listed.stdout
    assert "'broken'" in listed.stderr and "failed to import" in listed.stderr


def test_the_arena_offers_it_and_plays_it_to_the_end_with_bots(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "arena.db", env={"PYTHONPATH": plugin_env(SITE)["PYTHONPATH"]}).start()
    try:
        player = Player(server.url, "Ada")
        offered = {game["name"]: game for game in player.get("/api/games")["games"]}
        assert offered["rainbow"]["players"] == [2, 3, 4] and "medium" in player.get("/api/games")["bots"]
        table = player.post("/api/tables", {"game": "rainbow", "options": {"players": 3}, "bots": "medium"}, expect=201)
        table_id = table["table"]["id"]
        player.post(f"/api/tables/{table_id}/start")
        deadline = time.monotonic() + 60
        frame = player.get(f"/api/tables/{table_id}/state")
        while frame["table"]["status"] != "finished" and time.monotonic() < deadline:
            if frame["legal"]:
                frame = player.post(
                    f"/api/tables/{table_id}/moves", {"move": frame["legal"][0], "expect": len(frame["log"])}
                )
            else:
                time.sleep(0.05)
            frame = player.get(f"/api/tables/{table_id}/state")
        assert frame["table"]["status"] == "finished"
        record = player.get(f"/api/tables/{table_id}/record")
        assert kameleon.replay(record).is_terminal and len(record["moves"]) == 9
    finally:
        server.stop()
