"""Tournaments: seating, statistics, local workers, Ray, the CLI and its JSON, replayable records."""

from __future__ import annotations

import contextlib
import importlib.util
import itertools
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import kameleon
from kameleon.ai.standings import clustered_wilson, repeated, summarize, summary_json, wilson
from kameleon.ai.tournament import Tournament, lineups, read_results, run_tasks, run_tournament
from kameleon.engine.errors import KameleonError
from tests.signals import hears_ctrl_c


def _cli(*args: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "160"}
    command = [sys.executable, "-m", "kameleon", "tournament", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=timeout)


def _check_results(results: list[dict[str, Any]], bots: set[str]) -> None:
    for result in results:
        state = kameleon.replay(result["record"])
        assert state.is_terminal
        assert state.scores() == result["scores"] and state.winners() == result["winners"]
        assert set(result["players"]) <= bots
        assert result["record"]["players"] == result["players"]


def test_lineups_rotate_every_bot_through_every_seat() -> None:
    for bots, seats in [(2, 2), (4, 4), (3, 4), (2, 4)]:
        table = lineups(bots, seats)
        for bot in range(bots):
            per_seat = {sum(lineup[seat] == bot for lineup in table) for seat in range(seats)}
            assert len(per_seat) == 1 and per_seat != {0}  # every seat equally often
    assert all(len(set(lineup)) == 2 for lineup in lineups(5, 2))


def test_more_bots_than_seats_share_games_and_seats_out_evenly_from_the_first_game() -> None:
    for bots, seats in [(3, 2), (4, 2), (5, 2), (5, 4), (6, 3)]:
        table = lineups(bots, seats)
        assert sorted(table) == sorted(itertools.permutations(range(bots), seats))
        for played in range(1, len(table) + 1):
            games = [sum(bot in lineup for lineup in table[:played]) for bot in range(bots)]
            assert max(games) - min(games) <= 1, (bots, seats, played)
        first = [lineup[0] for lineup in table[:bots]]
        assert sorted(first) == list(range(bots)), "the first games do not all seat the same bot first"


def test_cli_warns_when_the_games_do_not_fill_the_lineups() -> None:
    done = _cli("--game", "coloretto", "-p", "2", "--bots", "random,easy,medium", "--games", "4", "--json")
    assert done.returncode == 0, done.stderr
    message = " ".join(done.stderr.split())
    assert "warning: 4 games do not fill the 6 lineups evenly" in message and "--games 6" in message
    assert json.loads(done.stdout)["provenance"]["lineups"] == 6


def test_seats_and_deals_are_paired() -> None:
    tasks = Tournament("coloretto", ("hard", "medium"), games=4, players=2, seed=9).tasks()
    assert [t.seats for t in tasks] == [("hard", "medium"), ("medium", "hard")] * 2
    assert tasks[0].deal_seed == tasks[1].deal_seed != tasks[2].deal_seed
    again = Tournament("coloretto", ("hard", "medium"), games=4, players=2, seed=9).tasks()
    assert again == tasks


def test_wilson_interval() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.2 < high < 0.35
    low, high = wilson(50, 100)
    assert low < 0.5 < high and abs((0.5 - low) - (high - 0.5)) < 1e-9
    assert wilson(0, 0) == (0.0, 1.0)


def test_an_interval_counts_games_not_seat_games() -> None:
    """One seat a game: Wilson's interval as it is. Two seats that win or lose together are worth one; three that
    exclude each other (one of them comes first, so the others do not) no more than three independent draws."""
    alone = [
        {"index": i, "players": ["a", "b"], "scores": [0, 0], "winners": [0 if i % 3 == 0 else 1]} for i in range(30)
    ]
    stats = summarize(alone)
    assert stats["a"].interval == pytest.approx(wilson(10, 30)) and stats["b"].interval == pytest.approx(wilson(20, 30))
    excluding = [
        {"index": i, "players": ["e", "h", "h", "h"], "scores": [0] * 4, "winners": [0 if i % 4 == 0 else 1 + i % 3]}
        for i in range(40)
    ]
    h = summarize(excluding)["h"]
    assert (h.wins, h.games) == (30, 120)
    assert h.interval == pytest.approx(wilson(30, 120))  # worth 360 by the spread: kept at the seat-games
    one_loss = [(1, 3)] * 99 + [(0, 3)]  # a hundred games of three seats, one of them lost by all three
    assert clustered_wilson(one_loss) == pytest.approx(wilson(99, 300))  # not 14 times narrower than without
    assert clustered_wilson([(1, 3)] * 100) == pytest.approx(wilson(100, 300))
    assert clustered_wilson([(0, 3)] * 10) == pytest.approx(wilson(0, 10))  # never won: the games are the count
    together = [
        {"index": i, "players": ["x", "x", "y", "y"], "scores": [0] * 4, "winners": [0, 1] if i % 2 else [2, 3]}
        for i in range(20)
    ]
    x = summarize(together)["x"]
    assert (x.wins, x.games) == (20, 40) and x.interval == pytest.approx(wilson(10, 20))
    assert x.interval[0] < wilson(20, 40)[0]


def test_a_game_played_again_move_for_move_counts_once_in_the_interval() -> None:
    def game(index: int, moves: list[str]) -> dict[str, Any]:
        record = {"game": "cameleon", "options": {}, "seed": index, "moves": moves}
        players = ["a", "b"] if index % 2 == 0 else ["b", "a"]
        return {"index": index, "players": players, "scores": [1, -1], "winners": [0], "record": record}

    results = [game(0, ["a1-a2"]), game(1, ["b1-b2"]), game(2, ["a1-a2"]), game(3, ["b1-b2"])]
    assert repeated(results) == 2
    a = summarize(results)["a"]
    assert (a.wins, a.games) == (2, 4)
    assert a.interval == pytest.approx(wilson(1, 2)) and a.interval[0] < wilson(2, 4)[0]
    alike_moves_other_seats = [game(0, ["a1-a2"]), game(1, ["a1-a2"])]
    assert repeated(alike_moves_other_seats) == 1  # the same moves, though the bots changed seats
    assert summarize(alike_moves_other_seats)["a"].interval == pytest.approx(wilson(1, 2))  # two games for the bots


def test_summary_counts_shared_wins_and_merges_a_repeated_bot() -> None:
    results = [
        {"index": 0, "players": ["a", "b", "b"], "scores": [5, 5, 1], "winners": [0, 1]},
        {"index": 1, "players": ["b", "a", "b"], "scores": [9, 2, 3], "winners": [0]},
    ]
    stats = summarize(results, ["a", "b"])
    assert (stats["a"].games, stats["a"].wins, stats["a"].mean_score) == (2, 1, 3.5)
    assert (stats["b"].games, stats["b"].wins, stats["b"].mean_score) == (4, 2, 4.5)
    assert stats["a"].rating_mu is not None and stats["b"].rating_sigma is not None
    summary = summary_json(stats, 2)
    assert summary["games"] == 2 and list(summary["bots"]) == ["a", "b"]
    for name, figures in (("a", (2, 1, 0.5, 3.5)), ("b", (4, 2, 0.5, 4.5))):
        shown = summary["bots"][name]
        assert (shown["games"], shown["wins"], shown["win_rate"], shown["mean_score"]) == figures
        assert shown["ci"] == pytest.approx(wilson(figures[1], figures[0]))  # b: one of its two seats each time
        rating = stats[name]
        assert shown["rating"] == {"mu": rating.rating_mu, "sigma": rating.rating_sigma, "ordinal": rating.ordinal}
    json.dumps(summary)


def test_ratings_order_a_strong_bot_first() -> None:
    results: list[dict[str, Any]] = [
        {"index": i, "players": ["strong", "weak"][:: 1 if i % 2 == 0 else -1], "scores": [0, 0], "winners": []}
        for i in range(20)
    ]
    for result in results:
        result["winners"] = [result["players"].index("strong")]
    stats = summarize(results)
    assert stats["strong"].rating_mu > stats["weak"].rating_mu  # type: ignore[operator]


def test_bad_tournaments_are_refused() -> None:
    with pytest.raises(KameleonError, match="unknown bot"):
        Tournament("coloretto", ("medium", "wizard"), games=2, players=2)
    with pytest.raises(KameleonError, match="at least one game"):
        Tournament("coloretto", ("medium",), games=0, players=2)
    with pytest.raises(KameleonError, match="players"):
        Tournament("coloretto", ("medium",), games=1, players=9).tasks()


def test_two_local_workers_play_the_same_games_as_one(tmp_path: Path) -> None:
    tournament = Tournament("coloretto", ("hard:0.01", "medium", "random"), games=6, players=2, seed=3)
    out = tmp_path / "games.jsonl"
    parallel, stats = run_tournament(tournament, workers=2, out=out)
    assert [r["index"] for r in parallel] == list(range(6))
    assert sum(s.games for s in stats.values()) == 12
    on_disk = read_results(out)
    assert sorted(r["index"] for r in on_disk) == list(range(6))
    _check_results(on_disk, {"hard:0.01", "medium", "random"})
    serial, _ = run_tournament(Tournament("coloretto", ("medium", "random"), games=4, players=2, seed=3))
    again, _ = run_tournament(Tournament("coloretto", ("medium", "random"), games=4, players=2, seed=3), workers=2)
    assert [r["record"] for r in serial] == [r["record"] for r in again]  # same seed, same games


def test_a_torn_last_line_is_ignored_and_a_torn_middle_one_named(tmp_path: Path) -> None:
    path = tmp_path / "crash.jsonl"
    path.write_text('{"index": 0, "players": []}\n{"index": 1, "pla')
    assert read_results(path) == [{"index": 0, "players": []}]
    path.write_text('{"index": 0, "players": []}\n{"index": 1, "pla\n{"index": 2, "players": []}\n')
    with pytest.raises(KameleonError, match=re.escape(f"line 2 of {path} is not valid JSON (line 1, column")):
        read_results(path)
    path.write_bytes(b'{"index": 0}\n\xff\xfe\n')
    with pytest.raises(KameleonError, match=re.escape(f"{path} is not a tournament's file: it is not text in UTF-8")):
        read_results(path)


def _games(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The results without their timings, which differ from one run to the next."""
    return [{k: v for k, v in r.items() if k not in ("seconds", "thinking")} for r in results]


def test_a_crashed_tournament_resumes_where_it_stopped(tmp_path: Path) -> None:
    tournament = Tournament("coloretto", ("medium", "random"), games=5, players=2, seed=8)
    whole, stats = run_tournament(tournament)
    out = tmp_path / "games.jsonl"
    run_tournament(tournament, out=out)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text(lines[3] + lines[0] + lines[4][:40])  # two games kept, out of order, and a torn one
    seen: list[int] = []
    resumed, resumed_stats = run_tournament(
        tournament, out=out, resume=True, on_result=lambda r: seen.append(r["index"])
    )
    assert seen[:2] == [0, 3] and sorted(seen) == list(range(5))
    assert _games(resumed) == _games(whole) and resumed_stats == stats
    assert _games(sorted(read_results(out), key=lambda r: r["index"])) == _games(whole)
    assert len(out.read_text().splitlines()) == 5  # the torn line is gone


def test_resuming_refuses_a_line_that_is_no_game_and_rewrites_nothing(tmp_path: Path) -> None:
    """Only a last line cut short by a crash (no newline) is dropped: a whole line that is not a game means the
    file is someone else's, and it is left as it was."""
    out = tmp_path / "notes.txt"
    tournament = Tournament("coloretto", ("medium", "random"), games=2, players=2, seed=1)
    for content, message in (
        ("precious\n", "line 1 of .* is not valid JSON"),
        ('"a string"\n', "line 1 of .* is not a tournament's game: it holds no JSON object"),
    ):
        out.write_text(content)
        with pytest.raises(KameleonError, match=message):
            run_tournament(tournament, out=out, resume=True)
        assert out.read_text() == content
    run_tournament(tournament, out=out.with_suffix(".jsonl"))
    games = out.with_suffix(".jsonl").read_text()
    out.write_text(games + "junk line\n")
    with pytest.raises(KameleonError, match=r"line 3 of .* is not valid JSON"):
        run_tournament(tournament, out=out, resume=True)
    assert out.read_text() == games + "junk line\n"
    out.write_text(games)
    with pytest.raises(KameleonError, match=r"cannot reach a Ray cluster at 127\.0\.0\.1:9"):
        run_tournament(tournament, out=out, resume=True, ray_address="127.0.0.1:9")
    with pytest.raises(KameleonError, match="--ray 'nowhere': give local, auto"):
        run_tournament(tournament, out=tmp_path / "new.jsonl", ray_address="nowhere")
    assert out.read_text() == games and not (tmp_path / "new.jsonl").exists()


def test_resuming_checks_the_file_belongs_to_the_tournament(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    tournament = Tournament("coloretto", ("medium", "random"), games=3, players=2, seed=1)
    run_tournament(tournament, out=out)
    before = out.read_text()
    with pytest.raises(
        KameleonError, match="is not empty: finish its tournament with --resume, or choose another file"
    ):
        run_tournament(tournament, out=out)
    other_seed = Tournament("coloretto", ("medium", "random"), games=3, players=2, seed=2)
    with pytest.raises(KameleonError, match=r"line 1 of .* holds a game of another tournament"):
        run_tournament(other_seed, out=out, resume=True)
    other_options = Tournament(
        "coloretto", ("medium", "random"), games=3, players=2, seed=1, options={"scoring": "purple"}
    )
    with pytest.raises(KameleonError, match=r"line 1 of .* holds a game of another tournament"):
        run_tournament(other_options, out=out, resume=True)
    shorter = Tournament("coloretto", ("medium", "random"), games=2, players=2, seed=1)
    with pytest.raises(
        KameleonError, match=r"line 3 of .* holds a game numbered 2; this tournament's are numbered 0 to 1"
    ):
        run_tournament(shorter, out=out, resume=True)
    with pytest.raises(KameleonError, match="needs the file of the games already played"):
        run_tournament(tournament, resume=True)
    assert out.read_text() == before  # every refusal left the file as it was
    slower = Tournament("coloretto", ("medium", "random"), games=3, players=2, seed=1, move_time=0.5)
    with pytest.raises(
        KameleonError, match=r"line 1 of .* holds a game played without --move-time: resume as it was started"
    ):
        run_tournament(slower, out=out, resume=True)
    first, *rest = [json.loads(line) for line in before.splitlines()]
    for change, message in (
        (lambda r: r.update(scores=[1000, 0]), r"the game on line 1 of .* reports scores \[1000, 0\]"),
        (lambda r: r.pop("scores"), r"the game on line 1 of .* reports scores None"),
        (lambda r: r["record"]["moves"].pop(), r"the game on line 1 of .* (does not replay|is not finished)"),
        (
            lambda r: r["record"]["moves"].__setitem__(0, "take 1"),
            r"the game on line 1 of .* does not replay: move 1 'take 1'",
        ),
    ):
        tampered = json.loads(json.dumps(first))
        change(tampered)
        out.write_text("".join(json.dumps(r) + "\n" for r in [tampered, *rest]))
        with pytest.raises(KameleonError, match=message):
            run_tournament(tournament, out=out, resume=True)
    out.write_text(before + before.splitlines(keepends=True)[0])
    with pytest.raises(KameleonError, match=r"line 4 of .* holds game number 0 again"):
        run_tournament(tournament, out=out, resume=True)


def test_cli_interrupted_says_how_to_resume_and_resume_finishes(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["--game", "coloretto", "-p", "2", "--bots", "hard@40,random", "--games", "12", "--out", str(out)]
    env = {**os.environ, "COLUMNS": "160"}
    command = [sys.executable, "-m", "kameleon", "tournament", *args]
    # Its own session, with Ctrl-C's default handling (a background child would ignore it).
    running = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True,
        preexec_fn=hears_ctrl_c,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while not (out.exists() and out.read_text().count("\n") >= 2):
        assert time.monotonic() < deadline and running.poll() is None, "no game was written"
        time.sleep(0.05)
    os.killpg(running.pid, signal.SIGINT)
    _, stderr = running.communicate(timeout=60)
    kept = len(read_results(out))
    assert running.returncode == 130 and 2 <= kept < 12
    message = " ".join(stderr.split())
    assert f"interrupted after {kept} of 12 games; the {kept} finished are in {out}" in message
    assert "the same command with --resume plays the rest" in message and "Traceback" not in stderr
    done = _cli(*args, "--resume", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 12
    assert sorted(r["index"] for r in read_results(out)) == list(range(12))


@pytest.mark.parametrize("sent", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_an_interrupt_sent_to_the_main_process_alone_stops_the_games_in_flight(
    tmp_path: Path, sent: signal.Signals
) -> None:
    """`kill -INT PID` and `kill PID` reach the main process only: the workers' games (a minute each here) are
    stopped, not waited for, nor left playing; the run ends as Ctrl-C ends it."""
    out = tmp_path / "games.jsonl"
    args = ["--game", "coloretto", "-p", "2", "--bots", "hard:2,random", "--games", "4", "--workers", "2"]
    running = subprocess.Popen(
        [sys.executable, "-m", "kameleon", "tournament", *args, "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=hears_ctrl_c,
    )  # fmt: skip
    time.sleep(4)  # the workers have started their games
    os.kill(running.pid, sent)
    interrupted = time.monotonic()
    try:
        _, stderr = running.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):  # whatever of its session is left, workers included
            os.killpg(running.pid, signal.SIGKILL)
    assert time.monotonic() - interrupted < 10, "the main process waited for the games to end"
    assert running.returncode == 130 and "interrupted after 0 of 4 games" in " ".join(stderr.split())
    assert "Traceback" not in stderr and read_results(out) == []


def test_resume_on_a_new_file_says_so_and_the_summary_counts_the_games_played_now(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["--game", "coloretto", "-p", "2", "--bots", "random,medium", "--out", str(out), "--resume"]
    first = _cli(*args, "--games", "1")
    assert first.returncode == 0, first.stderr
    said = " ".join(first.stderr.split())
    assert f"note: {out} does not exist yet: --resume starts the tournament in it" in said
    assert f"{out} holds 1 game (1 played now)" in " ".join(first.stdout.split())
    second = _cli(*args, "--games", "2")
    assert second.returncode == 0 and "does not exist" not in second.stderr
    assert f"{out} holds the 2 games (1 played now)" in " ".join(second.stdout.split())


def test_cli_json_summary_and_records(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    done = _cli(
        "--game", "coloretto", "--players", "4", "--bots", "hard,medium,easy,random", "--games", "4",
        "--move-time", "0.01", "--workers", "2", "--seed", "5", "--out", str(out), "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert set(summary) == {"games", "repeated", "bots", "provenance"} and summary["games"] == 4
    assert summary["repeated"] == 0  # dealt games: no two alike
    provenance = summary["provenance"]
    assert provenance["game"] == "coloretto" and provenance["seed"] == 5 and provenance["games"] == 4
    assert provenance["options"]["players"] == 4 and provenance["bots"]["hard"] == "hard"
    assert (provenance["move_time"], provenance["iterations"]) == (0.01, None)
    assert list(summary["bots"]) == ["hard", "medium", "easy", "random"]
    for figures in summary["bots"].values():
        assert set(figures) == {"games", "wins", "shared_wins", "win_rate", "ci", "mean_score", "rating"}
        assert 0 <= figures["shared_wins"] <= figures["wins"]
        assert figures["games"] == 4 and figures["win_rate"] == figures["wins"] / 4
        assert figures["ci"] == list(wilson(figures["wins"], 4))
        assert set(figures["rating"]) == {"mu", "sigma", "ordinal"}
        assert figures["rating"]["ordinal"] == pytest.approx(figures["rating"]["mu"] - 3 * figures["rating"]["sigma"])
    results = read_results(out)
    assert len(results) == 4
    wins = sum(len(r["winners"]) for r in results)
    assert sum(f["wins"] for f in summary["bots"].values()) == wins
    _check_results(results, {"hard", "medium", "easy", "random"})
    hard_seat = results[0]["players"].index("hard")
    assert results[0]["thinking"][hard_seat]["slowest"] < 0.5


def test_cli_table_and_errors(tmp_path: Path) -> None:
    done = _cli("--game", "coloretto", "-p", "2", "--bots", "medium,random", "--games", "2", "-o", "scoring=purple")
    assert done.returncode == 0, done.stderr
    assert "medium" in done.stdout and "win rate (95% CI)" in done.stdout and "OpenSkill" in done.stdout
    bad = _cli("--game", "coloretto", "-p", "2", "--bots", "medium,wizard", "--games", "2")
    assert bad.returncode == 2 and "unknown bot 'wizard'" in bad.stderr
    bad = _cli("--game", "coloretto", "-p", "2", "--bots", "medium", "--games", "2", "-o", "scoring=green")
    assert bad.returncode == 2 and "scoring" in bad.stderr
    nowhere = tmp_path / "missing" / "games.jsonl"
    bad = _cli("--game", "coloretto", "-p", "2", "--bots", "medium", "--games", "2", "--out", str(nowhere))
    assert bad.returncode == 2 and f"cannot write the records to {nowhere}: No such file" in " ".join(
        bad.stderr.split()
    )


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="needs ray: pip install 'kameleon[ray]'")
def test_a_ray_address_nothing_answers_at_is_refused_at_once() -> None:
    tournament = Tournament("coloretto", ("random",), games=1, players=2, seed=1)
    with socket.socket() as probe:  # a port of this machine that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    for address, message in (
        (f"127.0.0.1:{port}", f"cannot reach a Ray cluster at 127.0.0.1:{port}"),
        (f"ray://127.0.0.1:{port}", f"cannot reach a Ray cluster at ray://127.0.0.1:{port}"),
        ("bogus", "--ray 'bogus': give local, auto, or a cluster's HOST:PORT"),
    ):
        with pytest.raises(KameleonError, match=re.escape(message)):  # at once: Ray would retry for minutes
            run_tournament(tournament, ray_address=address)


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="needs ray: pip install 'kameleon[ray]'")
def test_ray_runs_the_same_tournament(tmp_path: Path) -> None:
    tournament = Tournament("coloretto", ("medium", "random"), games=4, players=2, seed=6)
    local, _ = run_tournament(tournament)
    out = tmp_path / "ray.jsonl"
    on_ray, stats = run_tournament(tournament, ray_address="local", workers=2, out=out)
    assert [r["record"] for r in on_ray] == [r["record"] for r in local]
    assert len(read_results(out)) == 4 and stats["medium"].games == 4


@pytest.mark.parametrize("games", [1.5, "3", True, None], ids=repr)
def test_a_number_of_games_that_is_not_a_whole_number_is_refused(games: Any) -> None:
    with pytest.raises(KameleonError, match=r"^games must be a whole number, at least one game, not "):
        Tournament("coloretto", ("medium", "random"), games=games, players=2)


def test_numpy_numbers_are_numbers_and_results_stay_json() -> None:
    numbers: dict[str, Any] = {"games": np.int64(1), "seed": np.int64(2), "move_time": np.float32(0.5)}
    tournament = Tournament("coloretto", ("random",), players=2, **numbers)
    assert (tournament.games, tournament.seed, tournament.move_time) == (1, 2, 0.5)
    assert type(tournament.games) is int and type(tournament.seed) is int and type(tournament.move_time) is float
    results, _ = run_tournament(tournament)
    json.dumps(results)


def test_bots_given_as_one_string_are_refused_with_the_list_to_give() -> None:
    hint = r"bots is a list of bots, not the string 'random,medium': give bots=\('random', 'medium'\)"
    with pytest.raises(KameleonError, match=hint):
        Tournament("coloretto", "random,medium", games=2, players=2)
    with pytest.raises(KameleonError, match=r"a bot is a spec \(a string such as 'medium' or 'hard@200'\), .* not 3$"):
        Tournament("coloretto", ("random", 3), games=2, players=2)
    with pytest.raises(KameleonError, match=r"bots is a list of bots \(or a mapping name -> bot\), not 3"):
        Tournament("coloretto", 3, games=2, players=2)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seed", "3", r"the seed must be a whole number between 0 and \d+, not '3'"),
        ("seed", -1, r"the seed must be a whole number between 0 and \d+, not -1"),
        ("move_time", "1", r"the time per move must be a positive, finite number of seconds, not '1'"),
        ("move_time", float("inf"), r"the time per move must be a positive, finite number of seconds, not inf"),
    ],
)
def test_bad_seed_and_move_time_are_refused(field: str, value: Any, message: str) -> None:
    with pytest.raises(KameleonError, match=f"^{message}$"):
        Tournament("coloretto", ("random",), games=1, players=2, **{field: value})


@pytest.mark.parametrize("workers", [0, -1, 1.5, True], ids=repr)
def test_fewer_than_one_worker_is_refused_before_anything_runs(workers: Any, tmp_path: Path) -> None:
    tournament = Tournament("coloretto", ("random",), games=1, players=2, seed=1)
    out = tmp_path / "games.jsonl"
    message = rf"^workers is the number of processes playing games, at least 1, not {re.escape(repr(workers))}$"
    with pytest.raises(KameleonError, match=message):
        run_tournament(tournament, workers=workers, out=out)
    assert not out.exists()
    with pytest.raises(KameleonError, match=message):
        run_tasks(tournament.tasks(), workers=workers)


def test_games_played_again_move_for_move_are_counted_and_said() -> None:
    """Le Caméléon has no deal and its alpha-beta search no chance: with iteration budgets the same two bots play
    the same game whenever the seats come round. The summary counts the repeats and says the intervals count
    each such game once; a draw is a win shared by both seats."""
    done = _cli("-g", "cameleon", "-b", "expert@30,expert@40", "-n", "4", "--seed", "5", "--json")
    assert done.returncode == 0, done.stderr
    repeats = json.loads(done.stdout)["repeated"]
    assert repeats >= 2  # games 2 and 3 seat the bots as games 0 and 1 did (here all four may be one game)
    table = _cli("-g", "cameleon", "-b", "expert@30,expert@40", "-n", "4", "--seed", "5")
    said = " ".join(table.stdout.split())
    assert f"{repeats} of 4 games repeat an earlier one move for move" in said
    assert "the intervals count each such game once" in said
    results = [
        {"index": 0, "players": ["a", "b"], "scores": [0, 0], "winners": [0, 1]},
        {"index": 1, "players": ["b", "a"], "scores": [1, -1], "winners": [0]},
    ]
    stats = summarize(results)
    assert (stats["a"].wins, stats["a"].shared, stats["b"].wins, stats["b"].shared) == (1, 1, 2, 1)
