"""The strength report: how each level fares against the others, for every game; writes docs/strength.md.

    python -m kameleon.ai.strength [--games 16] [--move-time 0.1] [--workers 2] [--out docs/strength.md] [--resume]

For every game whose engine is present and each of 2 and 4 players (when the
game allows it):

- 2 players: every pair of levels plays `games` seat-rotated games; the table
  gives the row level's win rate against the column level;
- 4 players: the four levels share a table (first-place rate of each), and
  `hard` plays against three `medium` (its first-place rate).

A shared first place is a win for each co-winner, so two rates of one pairing
can add up to more than 100%. The `hard` bot runs at `--move-time` seconds per
move (1 s in play; less here so the report takes minutes). The figures are
measured, never edited: rerun the command to refresh them.

Every game is kept as it ends (`--games-dir`, a folder in kameleon's data
directory) until the report is written, so an interrupted run loses nothing:
the same command with `--resume` plays only the games still missing.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import os
import platform
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from kameleon.ai.tournament import Tournament, run_tournament, wilson
from kameleon.engine.errors import KameleonError
from kameleon.engine.home import data_dir
from kameleon.engine.record import write_whole
from kameleon.engine.registry import games as game_names
from kameleon.engine.registry import load
from kameleon.engine.seeding import MAX_SEED

LEVELS = ("hard", "medium", "easy", "random")


def configurations() -> list[tuple[str, int]]:
    """(game, players) for every present game at 2 and 4 players, where the game allows that count."""
    found = []
    for name in game_names():
        for players in (2, 4):
            try:
                load(name, players=players)
            except KameleonError:
                continue
            found.append((name, players))
    return found


HARD_VS_MEDIUM = ("hard", "medium", "medium", "medium")


def _rate(results: Sequence[dict[str, Any]], bot: str) -> tuple[int, int]:
    """(wins, seat-games) of `bot` in these results."""
    wins = games = 0
    for result in results:
        for seat, name in enumerate(result["players"]):
            if name == bot:
                games += 1
                wins += seat in result["winners"]
    return wins, games


def _cell(wins: int, games: int) -> str:
    if not games:
        return "—"
    low, high = wilson(wins, games)
    return f"{wins / games:.0%} ({low:.0%}–{high:.0%})"


def _search_speed(results: Sequence[dict[str, Any]]) -> tuple[float, float, float]:
    """(iterations per second, mean seconds per decision, slowest decision) of the `hard` seats."""
    iterations = seconds = decisions = 0.0
    slowest = 0.0
    for result in results:
        for seat, name in enumerate(result["players"]):
            if name == "hard":
                think = result["thinking"][seat]
                iterations += think["iterations"]
                seconds += think["seconds"]
                decisions += think["decisions"]
                slowest = max(slowest, think["slowest"])
    return (iterations / seconds if seconds else 0.0), (seconds / decisions if decisions else 0.0), slowest


def plan(game: str, players: int, games: int, move_time: float, seed: int) -> dict[str, Tournament]:
    """The tournaments of one configuration, by the name of their games file."""

    def tournament(bots: tuple[str, ...], salt: int) -> Tournament:
        return Tournament(game, bots, games=games, players=players, move_time=move_time, seed=seed + salt)

    stem = f"{game}-{players}p"
    if players == 2:
        pairs = itertools.combinations(LEVELS, 2)
        return {f"{stem}-{a}-{b}": tournament((a, b), k) for k, (a, b) in enumerate(pairs)}
    return {f"{stem}-all": tournament(LEVELS, 100), f"{stem}-hard-medium": tournament(HARD_VS_MEDIUM, 200)}


def figures(game: str, players: int, played: Sequence[tuple[Tournament, list[dict[str, Any]]]]) -> dict[str, Any]:
    """The tables' figures of one configuration from its tournaments (as `plan` makes them) and their games."""
    out: dict[str, Any] = {"game": game, "players": players, "pairs": {}, "table": {}, "hard_vs_medium": None}
    hard_results: list[dict[str, Any]] = []
    for tournament, results in played:
        bots = tournament.bots
        if "hard" in bots:
            hard_results.extend(results)
        if players == 2:
            a, b = bots
            out["pairs"][(a, b)] = _rate(results, a)
            out["pairs"][(b, a)] = _rate(results, b)
        elif bots == HARD_VS_MEDIUM:
            out["hard_vs_medium"] = _rate(results, "hard")
        else:
            out["table"] = {level: _rate(results, level) for level in LEVELS}
    out["speed"] = _search_speed(hard_results)
    return out


def render(measured: Sequence[dict[str, Any]], settings: dict[str, Any]) -> str:
    lines = [
        "# Bot strength",
        "",
        "Generated by `python -m kameleon.ai.strength "
        f"--games {settings['games']} --move-time {settings['move_time']:g} --workers {settings['workers']} "
        f"--seed {settings['seed']}` on {settings['date']} ({settings['machine']}); "
        f"it took {settings['minutes']:.1f} minutes. Do not edit by hand: rerun the command.",
        "",
        f"Levels: `hard` = ISMCTS at **{settings['move_time']:g} s per move** here (1 s in play), "
        "`medium` = greedy on the game's heuristic, `easy` = greedy with noise, `random` = uniform.",
        "Each cell is a win rate with its 95% Wilson interval; a shared first place counts as a win for",
        "every co-winner. Every match is seat-rotated and each deal is played from every seat.",
        f"Games per pairing: {settings['games']} — small, so the intervals are wide.",
        "",
    ]
    for entry in measured:
        game, players = entry["game"], entry["players"]
        lines.append(f"## {game}, {players} players")
        lines.append("")
        if players == 2:
            lines.append("Row level's win rate against the column level:")
            lines.append("")
            lines.append("| level | " + " | ".join(f"vs {b}" for b in LEVELS) + " |")
            lines.append("| --- |" + " --- |" * len(LEVELS))
            for a in LEVELS:
                cells = ["—" if a == b else _cell(*entry["pairs"][(a, b)]) for b in LEVELS]
                lines.append(f"| {a} | " + " | ".join(cells) + " |")
        else:
            lines.append("First-place rate with all four levels at the table:")
            lines.append("")
            lines.append("| " + " | ".join(LEVELS) + " |")
            lines.append("|" + " --- |" * len(LEVELS))
            lines.append("| " + " | ".join(_cell(*entry["table"][level]) for level in LEVELS) + " |")
            lines.append("")
            lines.append(f"`hard` against three `medium`: first place in {_cell(*entry['hard_vs_medium'])}.")
        speed, per_move, slowest = entry["speed"]
        lines.append("")
        lines.append(
            f"ISMCTS: {speed:,.0f} iterations/s; {per_move:.3f} s per decision on average, slowest {slowest:.3f} s."
        )
        lines.append("")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kameleon.ai.strength", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=16, help="games per pairing (default 16)")
    parser.add_argument("--move-time", type=float, default=0.1, help="hard bot's seconds per move (default 0.1)")
    parser.add_argument("--workers", type=int, default=2, help="local processes (default 2)")
    parser.add_argument("--seed", type=int, default=2026, help="tournament seed")
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--out", type=Path, default=Path("docs/strength.md"), help="the Markdown file to write")
    parser.add_argument(
        "--games-dir",
        type=Path,
        default=None,
        help="where every game is kept as it ends, until the report is written (default: the strength "
        "folder in $KAMELEON_HOME or the user's data directory)",
    )
    parser.add_argument("--resume", action="store_true", help="finish an interrupted report from the games kept")
    args = parser.parse_args(argv)
    if args.games_dir is None:
        args.games_dir = data_dir() / "strength"
    _check_arguments(parser, args)
    settings = {"games": args.games, "move_time": args.move_time, "seed": args.seed}
    _prepare(parser, args.games_dir, settings, args.resume)
    wanted = [(game, players) for game, players in configurations() if not args.game or game in args.game]
    plans = {config: plan(*config, args.games, args.move_time, args.seed) for config in wanted}
    total = sum(len(tournament.tasks()) for tournaments in plans.values() for tournament in tournaments.values())
    start = time.perf_counter()
    measured = []
    done = 0
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TimeRemainingColumn(), console=Console(stderr=True), transient=True,
    )  # fmt: skip
    with progress:
        bar = progress.add_task("strength report", total=total)

        def advance(result: dict[str, Any]) -> None:
            nonlocal done
            done += 1
            progress.update(bar, advance=1)

        try:
            for (game, players), tournaments in plans.items():
                tick = time.perf_counter()
                played = []
                for name, tournament in tournaments.items():
                    progress.update(bar, description=f"{game} ×{players}: {' '.join(tournament.bots)}")
                    out = args.games_dir / f"{name}.jsonl"
                    results, _ = run_tournament(
                        tournament, workers=args.workers, out=out, resume=True, on_result=advance
                    )
                    played.append((tournament, results))
                measured.append(figures(game, players, played))
                progress.console.print(f"{game} ×{players}: {time.perf_counter() - tick:.0f} s")
        except KameleonError as exc:
            progress.stop()
            parser.exit(2, f"{parser.prog}: error: {exc}\n")
        except KeyboardInterrupt:
            progress.stop()
            parser.exit(
                130,
                f"interrupted after {done} of {total} games; they are kept in {args.games_dir}: "
                "the same command with --resume plays the rest\n",
            )
    settings |= {
        "workers": args.workers,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, Python {platform.python_version()}, {args.workers} worker(s)",
        "minutes": (time.perf_counter() - start) / 60,
    }
    write_whole(args.out, render(measured, settings) + "\n")
    shutil.rmtree(args.games_dir)  # the report holds what the games were kept for
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


def _prepare(parser: argparse.ArgumentParser, folder: Path, settings: dict[str, Any], resume: bool) -> None:
    """Make the games folder ready: empty for a new report, or holding the same report's games for --resume."""
    marker = folder / "settings.json"
    kept = folder.is_dir() and any(games.stat().st_size for games in folder.glob("*.jsonl"))
    if kept and not resume:
        parser.error(
            f"{folder} holds the games of an unfinished report: add --resume to finish it, "
            "or delete the folder to start again"
        )
    if kept and marker.is_file():
        try:
            earlier = json.loads(marker.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            earlier = None
        if earlier != settings:
            known = earlier.items() if isinstance(earlier, dict) else ()
            shown = ", ".join(f"--{key.replace('_', '-')} {value}" for key, value in known)
            parser.error(f"{folder} holds the games of another report ({shown or 'unreadable settings'}): resume "
                         "with its settings, or delete the folder to start again")  # fmt: skip
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_whole(marker, json.dumps(settings) + "\n")
    except OSError as exc:
        parser.error(f"cannot keep the games in {folder}: {exc.strerror or exc}")


def _check_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse bad arguments before the first game rather than after the last (parser.error exits with 2)."""
    if args.games < 1 or args.workers < 1 or not args.move_time > 0:
        parser.error("--games and --workers must be at least 1 and --move-time positive")
    if not 0 <= args.seed <= MAX_SEED:
        parser.error(f"--seed must be from 0 to {MAX_SEED}")
    present = {game for game, _ in configurations()}
    unknown = sorted(set(args.game) - present)
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; the games are: {', '.join(sorted(present))}")
    try:
        args.out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        parser.error(f"cannot write {args.out}: {exc.strerror or exc}")
    if args.out.is_dir():
        parser.error(f"cannot write {args.out}: it is a directory")
    if not os.access(args.out.parent, os.W_OK):
        parser.error(f"cannot write {args.out}: no permission")


if __name__ == "__main__":
    raise SystemExit(main())
