"""The strength report: how each level fares against the others, for every game; writes docs/strength.md.

    kameleon research strength [--games 16] [--move-time 0.1] [--workers 2] [--out docs/strength.md] [--resume]

For every game whose engine is present and each of 2 and 4 players (when the
game allows it):

- 2 players: every pair of levels (`LEVELS`, `expert` to `random`) plays `games`
  seat-rotated games; the table gives the row level's win rate against the column level.
  Beside it, the fair oracle's rate against `random` (`kameleon.research.oracle`
  seeing `nothing`: flat Monte Carlo from the seat's own determinizations, a
  measuring instrument and not a level), the ceiling a fair bot's "vs random"
  is read against;
- 4 players: the four levels of `TABLE` share a table (first-place rate of each),
  `hard` plays against three `medium` and `expert` against three `hard` (their
  first-place rates).

A shared first place is a win for each co-winner, so two rates of one pairing
can add up to more than 100%. The searching bots (`expert`, `hard`) run at `move_time` seconds per
move (1 s in play; less here so the report takes minutes), or with `iterations`
at that many search iterations per move, which makes every game of the report
replay the same on any machine. The figures are measured, never edited: rerun
the command to refresh them.

Every game is kept as it ends (`games_dir`, a folder in kameleon's data
directory) until the report is written, so an interrupted run loses nothing:
the same command with `--resume` plays only the games still missing.
"""

from __future__ import annotations

import datetime
import functools
import itertools
import json
import os
import platform
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kameleon.ai.levels import MAX_ITERATIONS
from kameleon.ai.standings import wilson
from kameleon.ai.tournament import Tournament, run_tournament
from kameleon.engine.errors import KameleonError
from kameleon.engine.home import data_dir
from kameleon.engine.record import write_whole
from kameleon.engine.registry import games as game_names
from kameleon.engine.registry import load
from kameleon.engine.seeding import MAX_SEED
from kameleon.research.oracle import OracleAgent

LEVELS = ("expert", "hard", "medium", "easy", "random")
"""The levels of the two-player tables, strongest first."""
TABLE = ("hard", "medium", "easy", "random")
"""The four levels at one four-player table."""
HARD_VS_MEDIUM = ("hard", "medium", "medium", "medium")
EXPERT_VS_HARD = ("expert", "hard", "hard", "hard")
ORACLE = "oracle"
"""The fair oracle's name in the report's games (`OracleAgent` seeing `nothing`, its default effort)."""
CEILING_OPPONENT = "random"
COMMAND = "kameleon research strength"
"""The command that writes the report (named in the report's first line)."""

Configuration = tuple[str, int]
"""(game, players)."""


def configurations() -> list[Configuration]:
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


def default_games_dir() -> Path:
    """Where the games are kept until the report is written: `strength/` in kameleon's data directory."""
    return data_dir() / "strength"


@dataclass(frozen=True)
class Settings:
    """What a report is measured with; `games`, `move_time` (or `iterations`) and `seed` decide its games (and
    `--resume` checks them), `workers` only how fast they are played."""

    games: int = 16
    move_time: float = 0.1
    workers: int = 2
    seed: int = 2026
    only: tuple[str, ...] = ()
    """The games to measure (all when empty)."""
    iterations: int | None = None
    """Search iterations per move of `hard` instead of `move_time` (reproducible games)."""

    def games_key(self) -> dict[str, Any]:
        """What the games folder records, so that `--resume` refuses another report's games."""
        key: dict[str, Any] = {"games": self.games, "move_time": self.move_time, "seed": self.seed}
        if self.iterations is not None:
            key["iterations"] = self.iterations
        return key

    def check(self, out: Path) -> None:
        """Refuse bad settings and an unwritable report before the first game rather than after the last."""
        if self.games < 1 or self.workers < 1 or not self.move_time > 0:
            raise KameleonError("--games and --workers must be at least 1 and --move-time positive")
        if self.iterations is not None and not 1 <= self.iterations <= MAX_ITERATIONS:
            raise KameleonError(f"--iterations must be from 1 to {MAX_ITERATIONS:,}")
        if not 0 <= self.seed <= MAX_SEED:
            raise KameleonError(f"--seed must be from 0 to {MAX_SEED}")
        present = {game for game, _ in configurations()}
        unknown = sorted(set(self.only) - present)
        if unknown:
            raise KameleonError(f"unknown game {unknown[0]!r}; the games are: {', '.join(sorted(present))}")
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise KameleonError(f"cannot write {out}: {exc.strerror or exc}") from None
        if out.is_dir():
            raise KameleonError(f"cannot write {out}: it is a directory")
        if not os.access(out.parent, os.W_OK):
            raise KameleonError(f"cannot write {out}: no permission")

    def plans(self) -> dict[Configuration, dict[str, Tournament]]:
        """Every configuration's tournaments, by the name of their games file."""
        wanted = [config for config in configurations() if not self.only or config[0] in self.only]
        return {
            config: plan(*config, self.games, self.move_time, self.seed, iterations=self.iterations)
            for config in wanted
        }


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


def plan(
    game: str, players: int, games: int, move_time: float, seed: int, *, iterations: int | None = None
) -> dict[str, Tournament]:
    """The tournaments of one configuration, by the name of their games file (`hard` searches for `iterations`
    per move when given, else for `move_time` seconds)."""
    budget: dict[str, Any] = {"move_time": move_time} if iterations is None else {"iterations": iterations}

    def tournament(bots: tuple[str, ...] | dict[str, Any], salt: int) -> Tournament:
        return Tournament(game, bots, games=games, players=players, seed=seed + salt, **budget)

    stem = f"{game}-{players}p"
    if players == 2:
        pairs = itertools.combinations(LEVELS, 2)
        tournaments = {f"{stem}-{a}-{b}": tournament((a, b), k) for k, (a, b) in enumerate(pairs)}
        oracle = {ORACLE: functools.partial(OracleAgent, "nothing"), CEILING_OPPONENT: CEILING_OPPONENT}
        tournaments[f"{stem}-{ORACLE}-{CEILING_OPPONENT}"] = tournament(oracle, 50)
        return tournaments
    return {
        f"{stem}-all": tournament(TABLE, 100),
        f"{stem}-hard-medium": tournament(HARD_VS_MEDIUM, 200),
        f"{stem}-expert-hard": tournament(EXPERT_VS_HARD, 300),
    }


def figures(game: str, players: int, played: Sequence[tuple[Tournament, list[dict[str, Any]]]]) -> dict[str, Any]:
    """The tables' figures of one configuration from its tournaments (as `plan` makes them) and their games."""
    out: dict[str, Any] = {
        "game": game, "players": players, "pairs": {}, "table": {}, "hard_vs_medium": None, "expert_vs_hard": None,
        "ceiling": None,
    }  # fmt: skip
    hard_results: list[dict[str, Any]] = []
    for tournament, results in played:
        bots = tournament.bots
        if "hard" in bots:
            hard_results.extend(results)
        if ORACLE in bots:
            out["ceiling"] = _rate(results, ORACLE)
        elif players == 2:
            a, b = bots
            out["pairs"][(a, b)] = _rate(results, a)
            out["pairs"][(b, a)] = _rate(results, b)
        elif bots == HARD_VS_MEDIUM:
            out["hard_vs_medium"] = _rate(results, "hard")
        elif bots == EXPERT_VS_HARD:
            out["expert_vs_hard"] = _rate(results, "expert")
        else:
            out["table"] = {level: _rate(results, level) for level in TABLE}
    out["speed"] = _search_speed(hard_results)
    return out


def render(measured: Sequence[dict[str, Any]], settings: dict[str, Any]) -> str:
    iterations = settings.get("iterations")
    if iterations is None:
        budget_flag = f"--move-time {settings['move_time']:g}"
        budget = f"{settings['move_time']:g} s per move"
    else:
        budget_flag = f"--iterations {iterations}"
        budget = f"{iterations} iterations per move"
    lines = [
        "# Bot strength",
        "",
        f"Generated by `{COMMAND} "
        f"--games {settings['games']} {budget_flag} --workers {settings['workers']} "
        f"--seed {settings['seed']}` on {settings['date']} ({settings['machine']}); "
        f"it took {settings['minutes']:.1f} minutes. Do not edit by hand: rerun the command.",
        "",
        f"Levels: `expert` and `hard` = ISMCTS at **{budget}** here (1 s in play), `expert` judging positions"
        " with the game's value network where it ships one (else it plays as `hard`), "
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
            if entry.get("ceiling") is not None:
                lines.append("")
                lines.append(
                    f"Fair ceiling against `{CEILING_OPPONENT}`: {_cell(*entry['ceiling'])}, the oracle's "
                    "rate (`kameleon research oracle --sees nothing`)."
                )
        else:
            lines.append("First-place rate with all four levels at the table:")
            lines.append("")
            lines.append("| " + " | ".join(TABLE) + " |")
            lines.append("|" + " --- |" * len(TABLE))
            lines.append("| " + " | ".join(_cell(*entry["table"][level]) for level in TABLE) + " |")
            lines.append("")
            lines.append(f"`hard` against three `medium`: first place in {_cell(*entry['hard_vs_medium'])}.")
            lines.append("")
            lines.append(f"`expert` against three `hard`: first place in {_cell(*entry['expert_vs_hard'])}.")
        speed, per_move, slowest = entry["speed"]
        lines.append("")
        lines.append(
            f"ISMCTS: {speed:,.0f} iterations/s; {per_move:.3f} s per decision on average, slowest {slowest:.3f} s."
        )
        lines.append("")
    return "\n".join(lines)


def prepare(folder: Path, settings: Settings, resume: bool) -> None:
    """Make the games folder ready: empty for a new report, or holding the same report's games for `resume`."""
    marker = folder / "settings.json"
    key = settings.games_key()
    kept = folder.is_dir() and any(games.stat().st_size for games in folder.glob("*.jsonl"))
    if kept and not resume:
        raise KameleonError(
            f"{folder} holds the games of an unfinished report: add --resume to finish it, "
            "or delete the folder to start again"
        )
    if kept and marker.is_file():
        try:
            earlier = json.loads(marker.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            earlier = None
        if earlier != key:
            known = earlier.items() if isinstance(earlier, dict) else ()
            shown = ", ".join(f"--{name.replace('_', '-')} {value}" for name, value in known)
            raise KameleonError(
                f"{folder} holds the games of another report ({shown or 'unreadable settings'}): resume "
                "with its settings, or delete the folder to start again"
            )
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_whole(marker, json.dumps(key) + "\n")
    except OSError as exc:
        raise KameleonError(f"cannot keep the games in {folder}: {exc.strerror or exc}") from None


def play(
    plans: dict[Configuration, dict[str, Tournament]],
    settings: Settings,
    games_dir: Path,
    *,
    on_tournament: Callable[[Configuration, Tournament], None] | None = None,
    on_result: Callable[[dict[str, Any]], None] | None = None,
    on_configuration: Callable[[Configuration], None] | None = None,
) -> list[dict[str, Any]]:
    """Play (or take from `games_dir`) every tournament of `plans`; the figures of each configuration.

    `on_tournament` runs as a tournament starts, `on_result` as each game ends (or is found kept),
    `on_configuration` as the figures of a configuration are complete.
    """
    measured = []
    for config, tournaments in plans.items():
        played = []
        for name, tournament in tournaments.items():
            if on_tournament is not None:
                on_tournament(config, tournament)
            out = games_dir / f"{name}.jsonl"
            results, _ = run_tournament(tournament, workers=settings.workers, out=out, resume=True, on_result=on_result)
            played.append((tournament, results))
        measured.append(figures(*config, played))
        if on_configuration is not None:
            on_configuration(config)
    return measured


def write(out: Path, measured: Sequence[dict[str, Any]], settings: Settings, minutes: float) -> None:
    """Write the report (the figures of `play`) to `out`."""
    shown = {
        **settings.games_key(),
        "workers": settings.workers,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, Python {platform.python_version()}, {settings.workers} worker(s)",
        "minutes": minutes,
    }
    write_whole(out, render(measured, shown) + "\n")


def forget(games_dir: Path) -> None:
    """Delete the games kept for a report once it is written: the report holds what they were kept for."""
    shutil.rmtree(games_dir)
