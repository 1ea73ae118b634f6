"""The strength report: how each level fares against the others, for every game; writes docs/strength.md.

    kameleon research strength [--games 16] [--table-games N] [--move-time 0.1] [--workers 2] [--game G]
                               [--out docs/strength.md] [--resume]

For every game whose engine is present and each of 2 and 4 players (when the
game allows it):

- 2 players: every pair of levels (`LEVELS`, `expert` to `random`) plays `games`
  seat-rotated games; the table gives the row level's win rate against the column level.
  Beside it, the fair oracle's rate against `random` (`kameleon.research.oracle`
  seeing `nothing`: flat Monte Carlo from the seat's own determinizations, a
  measuring instrument and not a level), the ceiling a fair bot's "vs random"
  is read against (not in a game where nothing is left to luck: `has_luck`);
- 4 players: the four levels of `TABLE` share a table (first-place rate of each),
  `hard` plays against three `medium` and `expert` against three `hard` (their
  first-place rates), `table_games` games each.

Where a game ships no network for a table size and asks for no search of its
own, `expert` is the same bot as `hard` (`kameleon.ai.expert.is_hard`): its games
are not played and the report says so.

A shared first place is a win for each co-winner in the figures; the report shows
a two-player game's draws apart (derived from the two win counts, see
`_pair_cell`). The searching bots (`expert`, `hard`) run at `move_time` seconds per
move (1 s in play; less here so the report takes minutes), or with `iterations`
at that many search iterations per move, which makes every game of the report
replay the same on any machine. The figures are measured, never edited: rerun
the command to refresh them.

Every game is kept as it ends (`games_dir`, a folder in kameleon's data
directory) until the report is written, so an interrupted run loses nothing:
the same command with `--resume` plays only the games still missing.

The figures are kept beside the report (`docs/strength.json`), each configuration's
with the command, date and machine that measured it, and the report is drawn from
them: a run for some games (`--game`) replaces their sections and keeps the others',
so a slow machine can measure one game at a time.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import hashlib
import itertools
import json
import math
import os
import platform
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kameleon.ai.expert import ExpertAgent, is_hard, network_file
from kameleon.ai.levels import MAX_ITERATIONS
from kameleon.ai.standings import wilson
from kameleon.ai.tournament import Tournament, run_tournament
from kameleon.engine.errors import KameleonError
from kameleon.engine.home import data_dir
from kameleon.engine.provenance import code_version
from kameleon.engine.record import write_whole
from kameleon.engine.registry import games as game_names
from kameleon.engine.registry import load
from kameleon.engine.seeding import MAX_SEED
from kameleon.research.oracle import OracleAgent

if TYPE_CHECKING:
    from kameleon.engine.game import Game

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
"""The command that writes the report (named in each section's first line)."""
DEFAULT_OUT = Path("docs/strength.md")
"""The report the command writes without --out (from the repository's root)."""
FIGURES_VERSION = 1
"""The format of the figures file beside the report."""
ENTRY_KEYS = frozenset(
    {"game", "players", "expert", "pairs", "table", "hard_vs_medium", "expert_vs_hard", "ceiling", "speed",
     "core_minutes", "measured"}
)  # fmt: skip
"""What a configuration's figures hold (`figures`, with `measured`)."""
MEASURED_KEYS = frozenset({"command", "date", "machine", "budget"})

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
    table_games: int | None = None
    """Games of each four-player table (default: `games`): the 2-player pairings are what most needs many."""

    def games_key(self) -> dict[str, Any]:
        """What the games folder records, so that `--resume` refuses another report's games."""
        key: dict[str, Any] = {"games": self.games, "move_time": self.move_time, "seed": self.seed}
        if self.iterations is not None:
            key["iterations"] = self.iterations
        if self.table_games is not None:
            key["table_games"] = self.table_games
        if self.only:
            key["game"] = sorted(set(self.only))  # so a run for other games cannot finish (and delete) these games
        return key

    def command(self, game: str, out: Path = DEFAULT_OUT) -> str:
        """The command line that measures `game`'s sections with these settings into the report `out`."""
        budget = f"--move-time {self.move_time:g}" if self.iterations is None else f"--iterations {self.iterations}"
        tables = "" if self.table_games is None else f" --table-games {self.table_games}"
        report = "" if out.absolute() == DEFAULT_OUT.absolute() else f" --out {shlex.quote(str(out))}"
        return (
            f"{COMMAND} --game {game} --games {self.games}{tables} {budget} --workers {self.workers} --seed {self.seed}"
            f"{report}"
        )

    def check(self, out: Path) -> None:
        """Refuse bad settings and an unwritable report before the first game rather than after the last."""
        for name, value in (("games", self.games), ("workers", self.workers)):
            if value < 1:
                raise KameleonError(f"--{name} must be at least 1, not {value}")
        if not 0 < self.move_time < math.inf:
            raise KameleonError(f"--move-time must be a positive number of seconds, not {self.move_time:g}")
        if self.table_games is not None and self.table_games < 1:
            raise KameleonError("--table-games must be at least 1")
        if self.iterations is not None and not 1 <= self.iterations <= MAX_ITERATIONS:
            raise KameleonError(f"--iterations must be from 1 to {MAX_ITERATIONS:,}")
        if not 0 <= self.seed <= MAX_SEED:
            raise KameleonError(f"--seed must be from 0 to {MAX_SEED}")
        present = {game for game, _ in configurations()}
        unknown = sorted(set(self.only) - present)
        if unknown:
            raise KameleonError(f"unknown game {unknown[0]!r}; the games are: {', '.join(sorted(present))}")
        # Checked, not made: the report's folder is made when the report is written (`write`), so that a run
        # refused later (its --games-dir, say) leaves nothing behind.
        existing = next(p for p in [out.parent, *out.parent.parents] if p.exists())
        if not existing.is_dir():
            raise KameleonError(f"cannot write {out}: {existing} is a file, not a folder")
        if out.is_dir():
            raise KameleonError(f"cannot write {out}: it is a directory")
        if figures_path(out) == out:
            raise KameleonError(f"cannot write the report to {out}: its figures go to a .json file beside it; use .md")
        if not os.access(existing, os.W_OK):
            raise KameleonError(f"cannot write {out}: no permission")
        read_figures(figures_path(out))  # a damaged figures file is refused now, not after the games

    def plans(self) -> dict[Configuration, dict[str, Tournament]]:
        """Every configuration's tournaments, by the name of their games file."""
        wanted = [config for config in configurations() if not self.only or config[0] in self.only]
        return {
            config: plan(
                *config, self.games, self.move_time, self.seed, iterations=self.iterations,
                table_games=self.table_games,
            )
            for config in wanted
        }  # fmt: skip


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


def _pair_cell(pairs: dict[str, dict[str, list[int]]], a: str, b: str) -> str:
    """`a`'s rate against `b` in two-player games, a draw shown apart. The figures count a shared first place
    for both seats, and every game has a first place, so the draws are what the two win counts hold beyond
    the games: they need no figure of their own."""
    (wins, games), (theirs, _) = pairs[a][b], pairs[b][a]
    draws = max(0, wins + theirs - games)
    cell = _cell(wins - draws, games)
    if not draws or not games:
        return cell
    share = f"{draws / games:.0%}"
    return f"{cell}, {'<1%' if share == '0%' else share} drawn"


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


def has_luck(game: Game[Any]) -> bool:
    """Whether luck has a part in `game`: a shuffled setup, or something a seat does not see. Without either
    (Le Caméléon) a fair bot sees everything and only its play limits it, so there is no fair-information
    ceiling to measure: the report plays the oracle only where the game has luck."""
    return game.random_setup or not game.perfect_information


def plan(
    game: str,
    players: int,
    games: int,
    move_time: float,
    seed: int,
    *,
    iterations: int | None = None,
    table_games: int | None = None,
) -> dict[str, Tournament]:
    """The tournaments of one configuration, by the name of their games file (`hard` searches for `iterations`
    per move when given, else for `move_time` seconds; four-player tables play `table_games`, default `games`).
    `expert`'s are left out where it would be `hard` again (`expert.is_hard`: no network for `players`)."""
    budget: dict[str, Any] = {"move_time": move_time} if iterations is None else {"iterations": iterations}
    loaded = load(game, players=players)
    expert = not is_hard(loaded)

    def tournament(bots: tuple[str, ...] | dict[str, Any], salt: int, count: int = games) -> Tournament:
        return Tournament(game, bots, games=count, players=players, seed=seed + salt, **budget)

    stem = f"{game}-{players}p"
    if players == 2:
        pairs = itertools.combinations(LEVELS, 2)  # numbered among all pairs, so each keeps its seed
        tournaments = {
            f"{stem}-{a}-{b}": tournament((a, b), k)
            for k, (a, b) in enumerate(pairs)
            if expert or "expert" not in (a, b)
        }
        if has_luck(loaded):
            oracle = {ORACLE: functools.partial(OracleAgent, "nothing"), CEILING_OPPONENT: CEILING_OPPONENT}
            tournaments[f"{stem}-{ORACLE}-{CEILING_OPPONENT}"] = tournament(oracle, 50)
        return tournaments
    tables = games if table_games is None else table_games
    tournaments = {
        f"{stem}-all": tournament(TABLE, 100, tables),
        f"{stem}-hard-medium": tournament(HARD_VS_MEDIUM, 200, tables),
    }
    if expert:
        tournaments[f"{stem}-expert-hard"] = tournament(EXPERT_VS_HARD, 300, tables)
    return tournaments


def figures(game: str, players: int, played: Sequence[tuple[Tournament, list[dict[str, Any]]]]) -> dict[str, Any]:
    """The tables' figures of one configuration from its tournaments (as `plan` makes them) and their games.

    Every rate is `[wins, seat-games]`; `pairs[a][b]` is level `a`'s against `b`. `expert` is False where it
    played no game (no network for this table size: it is `hard`). `core_minutes` sums the games' own time."""
    out: dict[str, Any] = {
        "game": game, "players": players, "expert": False, "pairs": {}, "table": {}, "hard_vs_medium": None,
        "expert_vs_hard": None, "ceiling": None,
    }  # fmt: skip
    hard_results: list[dict[str, Any]] = []
    seconds = 0.0
    for tournament, results in played:
        bots = tournament.bots
        seconds += sum(result["seconds"] for result in results)
        out["expert"] = out["expert"] or "expert" in bots
        if "hard" in bots:
            hard_results.extend(results)
        if ORACLE in bots:
            out["ceiling"] = list(_rate(results, ORACLE))
        elif players == 2:
            a, b = bots
            out["pairs"].setdefault(a, {})[b] = list(_rate(results, a))
            out["pairs"].setdefault(b, {})[a] = list(_rate(results, b))
        elif tuple(bots) == HARD_VS_MEDIUM:
            out["hard_vs_medium"] = list(_rate(results, "hard"))
        elif tuple(bots) == EXPERT_VS_HARD:
            out["expert_vs_hard"] = list(_rate(results, "expert"))
        else:
            out["table"] = {level: list(_rate(results, level)) for level in TABLE}
    out["speed"] = list(_search_speed(hard_results))
    out["core_minutes"] = round(seconds / 60, 1)
    return out


def _games(measured: dict[str, Any]) -> str:
    """How many games a section's rates rest on, from its figures."""
    pairs = [rate[1] for row in measured["pairs"].values() for rate in row.values()]
    tables = [rate[1] for rate in measured["table"].values()] + (
        [measured["hard_vs_medium"][1]] if measured["hard_vs_medium"] else []
    )
    if pairs:
        return f"{max(pairs)} games per pairing"
    return f"{max(tables, default=0)} games per table"


def _where(how: dict[str, Any]) -> str:
    """The machine, and the version and network of what was measured (where the figures record them)."""
    parts = [how["machine"]]
    if how.get("version"):
        parts.append(f"kameleon {how['version']}")
    if how.get("network"):
        parts.append(f"network {how['network']}")
    return "; ".join(parts)


def _section(entry: dict[str, Any]) -> list[str]:
    game, players, how = entry["game"], entry["players"], entry["measured"]
    lines = [
        f"## {game}, {players} players",
        "",
        f"Measured by `{how['command']}` on {how['date']} ({_where(how)}): {_games(entry)}, "
        f"`expert` and `hard` at {how['budget']}; the games took {entry['core_minutes']:,.1f} minutes, summed over "
        "the workers.",
        "",
    ]
    if not entry["expert"]:
        lines += [
            f"`expert` was the same bot as `hard` here (no network shipped for {players} players when this was "
            "measured), so it played no games of its own.",
            "",
        ]
    levels = [level for level in LEVELS if entry["expert"] or level != "expert"]
    if players == 2:
        lines += [
            "Row level's win rate against the column level; where some games ended level, their share follows"
            " (`drawn`), and the two rates of a pairing and its draws add up to 100%:",
            "",
            "| level | " + " | ".join(f"vs {b}" for b in levels) + " |",
            "| --- |" + " --- |" * len(levels),
        ]
        for a in levels:
            cells = ["—" if a == b else _pair_cell(entry["pairs"], a, b) for b in levels]
            lines.append(f"| {a} | " + " | ".join(cells) + " |")
        if entry["ceiling"] is not None:
            lines += [
                "",
                f"Fair oracle against `{CEILING_OPPONENT}`: {_cell(*entry['ceiling'])} "
                "(`kameleon research oracle --sees nothing`: flat Monte Carlo from the seat's own "
                "determinizations, at its default effort), the reference a fair bot's rate against "
                f"`{CEILING_OPPONENT}` is read against; a search with a good evaluation can pass it.",
            ]
        elif not has_luck(load(game, players=players)):
            lines += [
                "",
                "No fair oracle: nothing in this game is left to luck (a fixed start, no hidden information), so a "
                f"fair bot's rate against `{CEILING_OPPONENT}` has no ceiling below 100% but its own play.",
            ]
    else:
        lines += [
            "First-place rate with all four levels at the table:",
            "",
            "| " + " | ".join(TABLE) + " |",
            "|" + " --- |" * len(TABLE),
            "| " + " | ".join(_cell(*entry["table"][level]) for level in TABLE) + " |",
            "",
            f"`hard` against three `medium`: first place in {_cell(*entry['hard_vs_medium'])}.",
        ]
        if entry["expert_vs_hard"] is not None:
            lines += ["", f"`expert` against three `hard`: first place in {_cell(*entry['expert_vs_hard'])}."]
    speed, per_move, slowest = entry["speed"]
    lines += [
        "",
        f"`hard`'s ISMCTS in these games: {speed:,.0f} iterations/s; {per_move:.3f} s per decision on average,"
        f" slowest {slowest:.3f} s.",
        "",
    ]
    return lines


def render(measured: Sequence[dict[str, Any]], figures_name: str = "strength.json") -> str:
    """The report: a section per measured configuration (`figures` with its `measured`: command, date, machine,
    budget, version, network), in `configurations()` order, and the configurations not measured yet;
    `figures_name` is the figures file it is drawn from."""
    lines = [
        "# Bot strength",
        "",
        f"Drawn from `{figures_name}` beside it, which `{COMMAND}` writes. Do not edit by hand: rerun the command "
        "each section names (`--game` measures one game and keeps the others' sections).",
        "",
        "Levels: `expert` and `hard` = ISMCTS at the budget each section names (1 s per move in play), `expert` "
        "judging positions with the game's value network where it ships one (else it plays as `hard`; in Le "
        "Caméléon `expert` is an alpha-beta search judged by the game's learned value), "
        "`medium` = greedy on the game's heuristic, `easy` = greedy with noise, `random` = uniform.",
        "Each cell is a win rate with its 95% Wilson interval. Two players who end level have drawn: the tables",
        "of two-player games show draws apart; at a four-player table, and for the fair oracle, a shared first",
        "place counts as a win for every co-winner. Every match is seat-rotated: when the games are a multiple of",
        "the seats, each deal is played from every seat.",
        "",
    ]
    order = {config: k for k, config in enumerate(configurations())}
    shown = sorted(measured, key=lambda entry: order.get((entry["game"], entry["players"]), len(order)))
    for entry in shown:
        lines += _section(entry)
    missing = [f"{game}, {players} players" for game, players in order if not _has(measured, game, players)]
    if missing:
        lines += [
            "## Not measured yet",
            "",
            f"{'; '.join(missing)}: `{COMMAND} --game GAME` measures a game's sections.",
            "",
        ]
    return "\n".join(lines)


def _has(measured: Sequence[dict[str, Any]], game: str, players: int) -> bool:
    return any(entry["game"] == game and entry["players"] == players for entry in measured)


def figures_path(out: Path) -> Path:
    """The figures file of the report `out` (`docs/strength.json` beside `docs/strength.md`)."""
    return out.with_suffix(".json")


def read_figures(path: Path) -> list[dict[str, Any]]:
    """The configurations a figures file holds (none when there is no file); a damaged one is refused."""
    if not path.exists():
        return []
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise KameleonError(f"cannot read the report's figures {path}: {exc}; move it away to start anew") from None
    entries = stored.get("configurations") if isinstance(stored, dict) else None
    if (
        not isinstance(stored, dict)
        or stored.get("version") != FIGURES_VERSION
        or not isinstance(entries, list)
        or not all(_whole(entry) for entry in entries)
    ):
        raise KameleonError(
            f"{path} is not a strength report's figures (version {FIGURES_VERSION}); move it away to start anew"
        )
    return entries


def _whole(entry: Any) -> bool:
    """Whether a stored configuration holds everything its section is drawn from."""
    return (
        isinstance(entry, dict)
        and entry.keys() >= ENTRY_KEYS
        and isinstance(entry["measured"], dict)
        and entry["measured"].keys() >= MEASURED_KEYS
        and isinstance(entry["pairs"], dict)
        and isinstance(entry["speed"], list)
        and len(entry["speed"]) == 3
    )


MARKER = "settings.json"


def prepare(folder: Path, settings: Settings, resume: bool, out: Path) -> bool:
    """Make the games folder ready: empty for a new report, or holding the same report's games for `resume`;
    whether it holds games to go on from.

    The folder is deleted once the report is written (`forget`), so it must hold nothing else: a folder with
    other files, or one that would hold the report itself, is refused."""
    marker = folder / MARKER
    key = settings.games_key()
    for written in (out, figures_path(out)):
        if written.resolve().is_relative_to(folder.resolve()):
            raise KameleonError(
                f"--games-dir {folder} would hold the report {written}, and is deleted once the report is written:"
                " choose a folder of its own"
            )
    if folder.exists() and not folder.is_dir():
        raise KameleonError(f"--games-dir {folder} is a file; the games need a folder")
    others = (
        sorted(p.name for p in folder.iterdir() if p.name != MARKER and p.suffix != ".jsonl") if folder.exists() else []
    )
    if others:
        raise KameleonError(
            f"--games-dir {folder} holds files that are not a strength report's games ({', '.join(others[:3])}"
            f"{', ...' if len(others) > 3 else ''}), and is deleted once the report is written: choose an empty"
            " folder or a new one"
        )
    kept = folder.is_dir() and any(games.stat().st_size for games in folder.glob("*.jsonl"))
    if kept and not resume:
        raise KameleonError(
            f"{folder} holds the games of an unfinished report: add --resume to finish it, "
            "or delete the folder to start again"
        )
    if kept and not marker.is_file():
        raise KameleonError(
            f"{folder} holds games but no {MARKER}, so they are not known to be a strength report's:"
            " choose another --games-dir"
        )
    if kept:
        try:
            earlier = json.loads(marker.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            earlier = None
        if earlier != key:
            known = earlier.items() if isinstance(earlier, dict) else ()
            shown = ", ".join(
                f"--{name.replace('_', '-')} {','.join(value) if isinstance(value, list) else value}"
                for name, value in known
                if not (name == "move_time" and "iterations" in earlier)  # kept in the key, but not what ran
            )
            raise KameleonError(
                f"{folder} holds the games of another report ({shown or 'unreadable settings'}): resume "
                "with its settings, or delete the folder to start again"
            )
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_whole(marker, json.dumps(key) + "\n")
    except OSError as exc:
        raise KameleonError(f"cannot keep the games in {folder}: {exc.strerror or exc}") from None
    return kept


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


def write(out: Path, measured: Sequence[dict[str, Any]], settings: Settings) -> None:
    """Add the figures of `play` to the report's figures file (replacing those configurations') and draw
    the report `out` from all of them."""
    how = {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, Python {platform.python_version()}, {settings.workers} worker(s)",
        "budget": f"{settings.move_time:g} s per move"
        if settings.iterations is None
        else f"{settings.iterations} iterations per move",
        "settings": settings.games_key(),
        "version": code_version(),
    }
    new = [
        {
            **entry,
            "measured": {
                **how,
                "command": settings.command(entry["game"], out),
                "network": _network(entry["game"], entry["players"]) if entry["expert"] else None,
            },
        }
        for entry in measured
    ]
    kept = [entry for entry in read_figures(figures_path(out)) if not _has(new, entry["game"], entry["players"])]
    every = kept + new
    text = render(every, figures_path(out).name)  # drawn before anything is written, so the two files agree
    out.parent.mkdir(parents=True, exist_ok=True)
    write_whole(figures_path(out), json.dumps({"version": FIGURES_VERSION, "configurations": every}, indent=1) + "\n")
    write_whole(out, text + "\n")


def _network(game: str, players: int) -> str | None:
    """What `expert` judged positions with: its network's file name, or the learned value its alpha-beta search
    reads (`Game.value_model`), and the start of the file's SHA-256."""
    loaded = load(game, players=players)
    path = network_file(loaded)
    if ExpertAgent.by_alphabeta(loaded):
        model = loaded.value_model()
        path = None if model is None else model.weights_file
        label = "alpha-beta judged by "
    else:
        label = ""
    if path is None or not path.is_file():
        return None
    return f"{label}{path.name} (sha256 {hashlib.sha256(path.read_bytes()).hexdigest()[:12]})"


def forget(games_dir: Path) -> None:
    """Delete the games kept for a report once it is written (the report holds what they were kept for), and the
    folder if that leaves it empty: only the files `prepare` and `play` write there, nothing else."""
    for path in [*games_dir.glob("*.jsonl"), games_dir / MARKER]:
        path.unlink(missing_ok=True)
    with contextlib.suppress(OSError):
        games_dir.rmdir()
