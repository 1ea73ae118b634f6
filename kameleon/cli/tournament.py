"""`kameleon tournament`: bots against bots, seat-rotated, with win rates, intervals and ratings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich import box
from rich.markup import escape
from rich.progress import TextColumn
from rich.table import Table

from kameleon.ai import agent_names
from kameleon.ai.standings import BotStats, repeated, summarize, summary_json
from kameleon.ai.tournament import Tournament, read_results, run_tournament
from kameleon.cli.common import (
    console,
    err_console,
    fail,
    game_options,
    refused_options,
    sigterm_as_interrupt,
    split_names,
)
from kameleon.cli.progress import bars
from kameleon.engine.errors import KameleonError
from kameleon.engine.options import REQUIRED
from kameleon.engine.registry import game_class
from kameleon.engine.terminal import add_column, fitted


def tournament_command(
    game: str = typer.Option(..., "--game", "-g", help="the game to play"),
    players: int | None = typer.Option(
        None, "--players", "-p", help="seats per game (default: the game's, else one per bot of --bots)"
    ),
    bots: str = typer.Option(
        ...,
        "--bots",
        "-b",
        help=f"comma-separated bots ({', '.join(agent_names())}); a searching bot takes NAME:SECONDS per move, or "
        "NAME@ITERATIONS per move (reproducible: the same seed gives the same games)",
    ),
    games: int = typer.Option(100, "--games", "-n", min=1, help="number of games"),
    move_time: float | None = typer.Option(
        None,
        "--move-time",
        help="seconds per move of the searching bots, hard and expert (default 1; a NAME:SECONDS spec wins)",
    ),
    iterations: int | None = typer.Option(
        None,
        "--iterations",
        help="search iterations per move of the searching bots instead of seconds: reproducible games "
        "(a bot's own NAME@ITERATIONS or NAME:SECONDS wins)",
    ),
    workers: int = typer.Option(1, "--workers", "-w", min=1, help="local processes playing games in parallel"),
    ray: str | None = typer.Option(
        None,
        "--ray",
        help="run on Ray at this address ('auto': a running cluster; 'local': start one with --workers CPUs)",
    ),
    out: Path | None = typer.Option(
        None, "--out", help="JSON-lines file: one line per game with its record, written as each game ends"
    ),
    resume: bool = typer.Option(
        False, "--resume", help="keep the games the --out file already holds and play only the missing ones"
    ),
    as_json: bool = typer.Option(False, "--json", help="print only the JSON summary"),
    seed: int = typer.Option(0, "--seed", help="tournament seed: deals and bot seeds derive from it"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option as key=value (repeatable)"),
) -> None:
    """Play bots against each other in seat-rotated games and rank them.

    A shared first place is a win for each co-winner. A bot listed twice is one
    bot at several seats (its games are seat-games). Win rates come with 95%
    Wilson intervals; ratings are OpenSkill (Plackett-Luce) mu ± sigma; --json
    prints both.
    """
    names = tuple(split_names(bots))
    if move_time is not None and iterations is not None:
        raise fail("give --move-time or --iterations, not both")
    options = game_options(players, option)
    try:
        if "players" not in options and _seats_required(game):
            if len(names) < 2:
                raise fail(
                    f"--bots names one bot, so a game of {game} would have one seat: a tournament needs at least 2;"
                    " give --players 2 or more, or more --bots"
                )
            options["players"] = len(names)
        tournament = Tournament(
            game=game,
            bots=names,
            games=games,
            players=options.get("players"),
            move_time=move_time,
            iterations=iterations,
            seed=seed,
            options=options,
        )
        tournament.tasks()  # validates the game and its options before anything starts
        lineups = tournament.lineup_count()
    except KameleonError as exc:
        raise refused_options(exc, players) from None
    if games % lineups:
        fewer, more = games // lineups * lineups, -(-games // lineups) * lineups
        err_console.print(
            f"[yellow]warning:[/] {games} games do not fill the {lineups} lineups evenly: some bots play more "
            f"games, or more from some seats, than others; --games {more}"
            + (f" (or {fewer})" if fewer else "")
            + " seats every bot alike"
        )
    kept = _kept(out) if resume else 0
    if resume and out is not None and not out.exists():  # a mistyped name would otherwise start over unnoticed
        said = f"{escape(str(out))} does not exist yet: --resume starts the tournament in it"
        err_console.print(f"[yellow]note:[/] {said}")
    results: list[dict[str, Any]] = []
    progress = bars(err_console, transient=as_json, extra=(TextColumn("{task.fields[leader]}"),))

    with progress:
        bar = progress.add_task(f"{game} ×{tournament.game_options()['players']}", total=games, leader="")

        def advance(result: dict[str, Any]) -> None:
            results.append(result)
            stats = summarize(results, tournament.names) if len(results) % 5 == 0 or len(results) == games else None
            leader = _leader(stats) if stats is not None else progress.tasks[0].fields["leader"]
            progress.update(bar, advance=1, leader=leader)

        try:
            with sigterm_as_interrupt():
                done, stats = run_tournament(
                    tournament, workers=workers, ray_address=ray, out=out, resume=resume, on_result=advance
                )
        except KameleonError as exc:
            progress.update(bar, visible=False)
            raise fail(str(exc)) from None
        except KeyboardInterrupt:
            progress.update(bar, visible=False)
            where = f"; the {len(results)} finished are in {out}: the same command with --resume plays the rest"
            raise fail(f"interrupted after {len(results)} of {games} games{where if out else ''}", 130) from None
    repeats = repeated(done)
    if as_json:
        typer.echo(json.dumps({**summary_json(stats, len(done), repeats), "provenance": tournament.provenance()}))
        return
    console.print(fitted(_table(stats, len(done), tournament), lead=1))
    if repeats:
        console.print(
            f"{repeats} of {len(done)} games repeat an earlier one move for move from the same start (bots that play"
            " without chance): the intervals count each such game once"
        )
    if out is not None:
        held = "1 game" if len(done) == 1 else f"the {len(done)} games"
        console.print(f"{out} holds {held} ({len(done) - kept} played now)")


def _kept(out: Path | None) -> int:
    """How many games the --out file holds before a --resume (0 where it cannot be read: the run says why)."""
    try:
        return len(read_results(out)) if out is not None and out.is_file() else 0
    except (KameleonError, OSError):
        return 0


def _leader(stats: dict[str, BotStats]) -> str:
    return "  ".join(f"{name} {s.win_rate:.0%}" for name, s in stats.items())


def _table(stats: dict[str, BotStats], games: int, tournament: Tournament) -> Table:
    seats = tournament.game_options()["players"]
    table = Table(title=f"{tournament.game}, {seats} players, {games} games (seed {tournament.seed})")
    # Fits 80 columns: no inner rules, and each rate beside its interval. Where it does not fit, `fitted` gives
    # a line per bot rather than cutting names ("expert@…" beside "expert@…" tells nothing) or the last column.
    table.box, table.show_edge, table.padding = box.SIMPLE_HEAD, False, (0, 1, 0, 0)
    table.add_column("bot")
    for column in ("seat-games", "wins", "shared", "win rate (95% CI)", "mean score", "OpenSkill"):
        add_column(table, column, "right")
    ranked = sorted(stats.items(), key=lambda kv: -(kv[1].ordinal if kv[1].ordinal is not None else kv[1].win_rate))
    for name, s in ranked:
        low, high = s.interval
        rating = "—" if s.rating_mu is None else f"{s.rating_mu:.1f} ± {s.rating_sigma:.1f}"
        table.add_row(
            escape(name), str(s.games), str(s.wins), str(s.shared), f"{s.win_rate:.1%} ({low:.1%}–{high:.1%})",
            f"{s.mean_score:.1f}", rating,
        )  # fmt: skip
    return table


def _seats_required(game: str) -> bool:
    """Whether `game` has no number of players of its own (then a tournament seats one per bot)."""
    specs = {spec.name: spec for spec in game_class(game).option_specs}
    return "players" in specs and specs["players"].default is REQUIRED
