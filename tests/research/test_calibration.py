"""`kameleon research calibrate`: the scale that turns the alpha-beta search's values into win chances."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner, Result

import kameleon
from kameleon.ai.levels import make_agent
from kameleon.cli.main import app
from kameleon.engine.errors import KameleonError
from kameleon.engine.record import replay
from kameleon.research import calibration


def _game(seed: int, *, finished: bool = True) -> dict[str, Any]:
    # Two noisy bots: the side ahead does not always win, so the values predict the results, but not all of them.
    state: Any = kameleon.load("cameleon").new_state(seed)
    bots = [make_agent("easy", seed), make_agent("easy", seed + 100)]
    while not state.is_terminal and (finished or len(state.history) < 40):
        state.apply(bots[state.current_player].act(state))
    return dict(state.record())


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("calibrate") / "games.jsonl"
    path.write_text("".join(json.dumps({"record": _game(seed)}) + "\n" for seed in (1, 2, 3, 4)), encoding="utf-8")
    return path


def calibrate(*args: str) -> Result:
    return CliRunner().invoke(app, ["research", "calibrate", *args], env={"COLUMNS": "200"})


def test_the_scale_found_is_the_least_log_loss_over_the_positions_judged(games: Path) -> None:
    done = calibrate(str(games), "--every", "25", "--iterations", "30", "--workers", "2", "--json")
    assert done.exit_code == 0, done.stderr
    found = json.loads(done.stdout)
    lengths = [len(json.loads(line)["record"]["moves"]) for line in games.read_text().splitlines()]
    looked_at = sum(len(range(20, moves, 25)) for moves in lengths)
    assert found["games"] == found["judged_games"] == 4
    assert found["positions"] > 0 and found["positions"] + found["decided"] <= looked_at
    assert found["value_calibration"] == kameleon.load("cameleon").value_calibration
    losses = found["log_loss"]
    assert losses["best"] <= min(losses["1"], losses["current"]) + 1e-9
    # the values predict the results better than a coin, from the right side: labels taken from the wrong seat
    # would put the best scale at the bottom of the range, values that ignore the results at its top
    assert calibration.LOW + 0.01 < found["best"] < calibration.HIGH - 0.01 and losses["best"] < math.log(2) - 0.01
    low, high = found["interval"]
    assert found["at_bound"] == (low < calibration.LOW + 0.01 or high > calibration.HIGH - 0.01)  # four games: rough
    assert calibration.LOW <= found["interval"][0] <= found["best"] <= found["interval"][1] <= calibration.HIGH
    assert found["settings"] == {"every": 25, "from_ply": 20, "iterations": 30, "seed": 0}
    table = calibrate(str(games), "--every", "25", "--iterations", "30", "--workers", "1")
    assert table.exit_code == 0 and f"| 4 (4) | {found['positions']} | {found['decided']} |" in table.stdout
    assert f"{found['best']:.2f} ({found['interval'][0]:.2f}–{found['interval'][1]:.2f})" in table.stdout
    assert "Only 4 games with a position judged" in table.stdout


def test_a_known_scale_is_found_again_from_results_drawn_at_it() -> None:
    rng = np.random.default_rng(7)
    values = rng.normal(0.0, 1.0, 20000)
    results = (rng.random(20000) < 1.0 / (1.0 + np.exp(-2.5 * values))).astype(float)
    best = calibration.best_scale(values, results)
    assert best == pytest.approx(2.5, abs=0.15)
    for nearby in (best - 0.05, best + 0.05):
        assert calibration.log_loss(values, results, best) <= calibration.log_loss(values, results, nearby)
    assert calibration.log_loss(values, results, 0.0) == pytest.approx(math.log(2))  # a coin


def test_the_values_are_the_searchs_own_whatever_the_games_scale(games: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = json.loads(games.read_text().splitlines()[0])["record"]
    task = (record, (30, 60, 90), 50, 3)
    before = calibration.judge(task)
    monkeypatch.setattr(type(kameleon.load("cameleon")), "value_calibration", 7.0)
    assert calibration.judge(task) == before
    assert len(before) == 3 and any(value is not None for value, _ in before)
    won = replay(record).winners()
    state = kameleon.load("cameleon").new_state(record["seed"])
    for token in record["moves"][:30]:
        state.apply_str(token)
    assert before[0][1] == (0.5 if len(won) == 2 else float(won == [state.current_player]))


def test_the_interval_is_drawn_over_whole_games() -> None:
    # The same 16 positions, first as 16 games of 10 copies each, then as 160 games: copies within a game
    # tell nothing new, so resampling whole games gives the wider interval, as wide as 16 games' would be.
    rng = random.Random(1)
    rows = [(rng.gauss(0.0, 1.0), float(rng.random() < 0.6)) for _ in range(12)]
    rows += [(value, 1.0 - result) for value, result in rows[:4]]  # not separable: an interval inside the range
    copies = [(value, result, game) for game, (value, result) in enumerate(rows) for _ in range(10)]
    apart = [(value, result, index) for index, (value, result, _) in enumerate(copies)]
    grouped = calibration.fit("cameleon", len(rows), list(copies), 2.0, 0, {})
    alone = calibration.fit("cameleon", len(apart), list(apart), 2.0, 0, {})
    assert grouped.best == pytest.approx(alone.best, abs=1e-3)
    assert grouped.high - grouped.low > 2 * (alone.high - alone.low)
    with pytest.raises(KameleonError, match="no position looked at was a decision"):
        calibration.fit("cameleon", 2, [], 2.0, 0, {})
    with pytest.raises(KameleonError, match="every position judged was decided or drawn"):
        calibration.fit("cameleon", 1, [(None, 1.0, 0)], 2.0, 0, {})
    with pytest.raises(KameleonError, match=r"1 game\(s\) had a position judged that was not decided"):
        calibration.fit("cameleon", 2, [(0.5, 1.0, 0), (None, 1.0, 1)], 2.0, 0, {})


@pytest.mark.parametrize(
    ("sign", "edge", "said"),
    [(1.0, "top", "reaches the top of the range searched (20) and is cut off"), (-1.0, "bottom", "the wrong way")],
)
def test_a_scale_at_the_edge_of_the_range_is_said(sign: float, edge: str, said: str) -> None:
    # Values that separate the results entirely push the best scale to the top; values that point the wrong way
    # round, to the bottom. Either way the figures are not a calibration, and the report says so.
    rng = random.Random(3)
    found: list[tuple[float | None, float, int]] = []
    for game in range(12):
        for _ in range(8):
            value = rng.uniform(0.2, 2.0) * rng.choice((-1.0, 1.0))
            found.append((value, float(sign * value > 0), game))
    result = calibration.fit("cameleon", 12, found, 2.0, 0, {})
    assert result.at_bound and result.to_json()["at_bound"]
    assert (result.best > 19.9) if edge == "top" else (result.best < 0.02)
    assert said in result.table() and said in " ".join(result.notes())
    assert "Only" not in result.table()  # twelve games are enough for the interval


def test_bad_input_is_refused_by_name(games: Path, tmp_path: Path) -> None:
    other = tmp_path / "coloretto.json"
    state: Any = kameleon.load("coloretto", players=2).new_state(1)
    bot = make_agent("random", 1)
    while not state.is_terminal:
        state.apply(bot.act(state))
    other.write_text(json.dumps(state.record()), encoding="utf-8")
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(json.dumps(_game(5, finished=False)), encoding="utf-8")
    lines = tmp_path / "lines.jsonl"
    lines.write_text('{"a": 1}\n{"b": 2}\n', encoding="utf-8")
    first, second = games.read_text().splitlines()[:2]
    damaged = tmp_path / "damaged.jsonl"
    broken = json.loads(second)
    del broken["record"]["options"]
    damaged.write_text(first + "\n" + json.dumps(broken) + "\n", encoding="utf-8")
    blank = tmp_path / "blank.jsonl"
    blank.write_text("\n \n\n", encoding="utf-8")
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(json.loads(first)["record"], indent=1)[:200], encoding="utf-8")
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps([1, 2], indent=1), encoding="utf-8")
    one = tmp_path / "one.json"
    one.write_text(json.dumps(json.loads(first)["record"]), encoding="utf-8")
    # Le Caméléon has no deal: the same moves under another seed are the same game (deterministic bots replay it).
    reseeded = tmp_path / "reseeded.json"
    reseeded.write_text(json.dumps({**json.loads(first)["record"], "seed": 12345}), encoding="utf-8")
    for args, said in (
        ([str(other)], "coloretto: analysis judges it by ISMCTS"),
        (
            [str(games), str(other)],
            f"{other} is a game of coloretto, where the first game given was one of cameleon: measure one game"
            " at a time",
        ),
        ([str(unfinished)], f"{unfinished} is not finished"),
        ([str(lines)], f"line 1 of {lines} is not a tournament's game"),
        ([str(tmp_path / "none.json")], "cannot read"),
        ([str(games), "--every", "0"], "--every must be at least 1, not 0"),
        ([str(games), "--iterations", "0"], "--iterations must be from 1 to"),
        ([str(damaged)], f"line 2 of {damaged}: "),
        ([str(blank)], f"{blank} holds no game: it is empty"),
        ([str(cut)], f"{cut} is not valid JSON (line "),
        ([str(listed)], f"{listed} holds a JSON array, not a record object"),
        ([str(games), str(one)], f"{one} is the game of line 1 of {games} again: each game counts once"),
        ([str(games), str(reseeded)], f"{reseeded} is the game of line 1 of {games} again: each game counts once"),
        ([str(one)], "1 game(s) with a ply from 20 on: the scale's interval is drawn over games, so give at least 2"),
        ([str(games), "--from-ply", "100000"], "0 game(s) with a ply from 100000 on"),
        ([str(games), "--seed", "-1"], "--seed must be from 0 to"),
    ):
        done = calibrate(*args)
        assert done.exit_code == 2 and said in " ".join(done.stderr.split()), (args, done.stderr)
        assert done.stdout == ""


@pytest.mark.usefixtures("damaged_cameleon_value")
def test_a_damaged_value_file_is_refused_before_any_search(games: Path) -> None:
    done = calibrate(str(games), "--workers", "1")
    assert done.exit_code == 2 and "are not valid JSON" in done.stderr and "Traceback" not in done.output
    assert done.stdout == ""
