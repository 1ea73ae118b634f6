"""`kameleon bench`: engine speed figures (random games per second, cost per call)."""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.markup import escape
from rich.table import Table

from kameleon.cli.common import console, err_console, fail, parse_options
from kameleon.engine.benchmark import bench_engine
from kameleon.engine.errors import BrokenGame, InvalidOption, KameleonError
from kameleon.engine.game import Game
from kameleon.engine.registry import game_class, games, load

DEFAULT_PLAYERS = 4


def bench_command(
    game: list[str] = typer.Option([], "--game", "-g", help="game to measure (repeatable; default: every game)"),
    players: int | None = typer.Option(
        None, "--players", "-p", help=f"seats (default {DEFAULT_PLAYERS}, or the game's only count)"
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="game option as key=value (repeatable)"),
    seconds: float | None = typer.Option(
        None,
        "--seconds",
        "-s",
        min=0.1,
        help="seconds of random games per game (default 5); --abuse: longest flood (60), login attack (20)",
    ),
    seed: int = typer.Option(0, "--seed", min=0, max=2**32, help="first seed of the random games"),
    max_moves: int | None = typer.Option(
        None, "--max-moves", min=1, help="cap on moves per game (default: the game's bench cap, if any)"
    ),
    as_json: bool = typer.Option(False, "--json", help="print a JSON document instead of a table"),
    rl: bool = typer.Option(
        False,
        "--rl",
        help="measure the research interfaces instead: PettingZoo, Gymnasium and vector env steps/s, OpenSpiel MCTS",
    ),
    arena: bool = typer.Option(False, "--arena", help="measure the web arena instead: bot tables over WebSocket"),
    tables: int | None = typer.Option(
        None, "--tables", min=1, help="--arena: concurrent tables (default 200); --abuse flood: tables played (20)"
    ),
    think: float | None = typer.Option(
        None, "--think", min=0.0, help="--arena: mean pause before each move, seconds (default 0.15; 0: flat out)"
    ),
    url: str | None = typer.Option(None, "--url", help="--arena: a running server to load (default: start one)"),
    workers: int = typer.Option(
        1, "--workers", min=1, help="--arena: server processes to start (above 1: with a throw-away redis-server)"
    ),
    abuse: str | None = typer.Option(
        None,
        "--abuse",
        help="measure what abusive clients cost a fresh arena instead: flood, body, logins or all (JSON)",
    ),
    syncs: int = typer.Option(100_000, "--syncs", min=0, help="--abuse flood: sync messages the spectator sends"),
    outbox_only: bool = typer.Option(False, "--outbox-only", help="--abuse flood: lift the socket message rate limit"),
    measure: float = typer.Option(
        0.0, "--measure", min=0.0, help="--abuse flood: shortest measurement, seconds (for a control run)"
    ),
    attackers: int = typer.Option(50, "--attackers", min=1, help="--abuse logins: client addresses attacking"),
) -> None:
    """Measure random full games per second on one core, and the mean cost of legal_actions, apply and clone.

    Run on a quiet machine: other work on the same cores lowers every figure.
    """
    names = game or games()
    if abuse is not None:
        _bench_abuse(abuse, syncs, seconds, tables or 20, outbox_only, measure, attackers)
        return
    if arena:
        if len(game) > 1 or players is not None or option:
            raise fail("--arena plays two-player tables of one game with its default options: give at most one --game")
        if game and game[0] not in games():
            raise fail(f"unknown game {game[0]!r}; the games are: {', '.join(games())}")
        _bench_arena(names[0] if game else "coloretto", tables or 200, think, url, workers, as_json)
        return
    if rl:
        _bench_rl(names, players, parse_options(option), seconds or 5.0, seed, as_json)
        return
    results = []
    for name in names:
        try:
            instance = _load(name, players, parse_options(option))
        except BrokenGame as exc:
            if game:  # asked for by name: that is the error
                raise fail(str(exc)) from None
            err_console.print(f"[yellow]skipped:[/] {escape(str(exc))}")  # one broken plug-in stops no other game
            continue
        except KameleonError as exc:
            raise fail(str(exc)) from None
        cap = max_moves if max_moves is not None else instance.bench_max_moves
        with err_console.status(f"benchmarking {name} for {seconds or 5.0:g} s…"):
            figures = bench_engine(instance, seconds=seconds or 5.0, seed=seed, max_moves=cap).as_dict()
            figures["max_moves"] = cap
            figures.update(instance.bench_extras(seconds or 5.0))
        results.append(figures)
    if as_json:
        typer.echo(json.dumps(results[0] if len(results) == 1 else results, indent=1))
        return
    table = Table(title="kameleon bench (single thread)")
    # short two-line headers, so that at 80 columns no figure is cut
    for column in ("game", "players", "games/s", "moves/s", "moves/\ngame", "legal\nµs", "apply\nµs", "clone\nµs"):
        table.add_column(column, justify="left" if column == "game" else "right", no_wrap=True)
    # a game's own figures get a table of their own: as one column they were cut to a few characters
    extras = Table(title="game-specific figures")
    for column in ("game", "figure", "value"):
        extras.add_column(column, justify="right" if column == "value" else "left")
    for r in results:
        table.add_row(
            r["game"], str(r["options"]["players"]), f"{r['games_per_s']:,.0f}", f"{r['moves_per_s']:,.0f}",
            f"{r['mean_moves_per_game']:.0f}", f"{r['legal_actions_us']:.2f}", f"{r['apply_us']:.2f}",
            f"{r['clone_us']:.2f}",
        )  # fmt: skip
        for key, value in r.items():
            if key not in _STANDARD:
                extras.add_row(r["game"], key, f"{value:,}" if isinstance(value, int | float) else str(value))
    console.print(table)
    if extras.row_count:
        console.print(extras)


_STANDARD = {
    "game", "options", "games", "seconds", "games_per_s", "moves_per_s", "mean_moves_per_game",
    "capped_games", "legal_actions_us", "apply_us", "clone_us", "max_moves",
}  # fmt: skip


def _bench_arena(name: str, tables: int, think: float | None, url: str | None, workers: int, as_json: bool) -> None:
    try:
        from kameleon.server.loadtest import THINK, arena_bench
    except ImportError as exc:
        missing = getattr(exc, "name", None) or str(exc)
        raise fail(
            f"the arena benchmark needs {missing}, which is missing: pip install 'kameleon[server]' "
            "(or reinstall it, if an older version of kameleon installed that extra without it)"
        ) from None
    think = THINK if think is None else think
    with err_console.status(f"{tables} {name} tables over WebSocket…"):
        try:
            result = arena_bench(tables=tables, url=url, game=name, think=think, workers=workers)
        except (RuntimeError, ValueError) as exc:
            raise fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(result))
        return
    processes = f", {workers} server processes" if workers > 1 else ""
    table = Table(title=f"kameleon bench --arena ({name}, think {think:g} s{processes})")
    for column in ("tables", "moves", "moves/s", "p50 ms", "p99 ms", "errors"):
        table.add_column(column, justify="right")
    table.add_row(
        str(result["tables"]), str(result["moves"]), f"{result['moves_per_s']:,.0f}",
        f"{result['p50_ms']:.1f}", f"{result['p99_ms']:.1f}", str(result["errors"]),
    )  # fmt: skip
    console.print(table)


def _bench_abuse(
    what: str, syncs: int, seconds: float | None, tables: int, outbox_only: bool, measure: float, attackers: int
) -> None:
    try:
        from kameleon.server.abuse import WHAT, run
    except ImportError as exc:
        missing = getattr(exc, "name", None) or str(exc)
        raise fail(f"the abuse measurements need {missing}, which is missing: pip install 'kameleon[server]'") from None
    if what not in WHAT:
        raise fail(f"--abuse takes {', '.join(WHAT)}, not {what!r}")
    with err_console.status(f"abuse measurement: {what}…"):
        try:
            report = run(what, syncs, seconds, tables, outbox_only, measure, attackers)
        except (RuntimeError, ValueError) as exc:
            raise fail(str(exc)) from None
    typer.echo(json.dumps(report, indent=2))


def _bench_rl(
    names: list[str], players: int | None, options: dict[str, Any], seconds: float, seed: int, as_json: bool
) -> None:
    try:
        from kameleon.interop.bench import MEASUREMENTS
    except ImportError as exc:
        raise fail(f"the research interfaces need the rl extra (pip install 'kameleon[rl]'): {exc}") from None
    results = []
    for name in names:
        try:
            instance = _load(name, players, options)
        except KameleonError as exc:
            raise fail(str(exc)) from None
        row: dict[str, Any] = {"game": name, "players": instance.num_players}
        extra = {k: v for k, v in instance.options.items() if k in options and k != "players"}
        errors = []
        for measurement in MEASUREMENTS:
            with err_console.status(f"{measurement.label} on {name}…"):
                try:
                    row.update(measurement.run(name, seconds, instance.num_players, seed, extra))
                except KameleonError as exc:
                    errors.append(f"{measurement.label}: {exc}")
        if row.get("openspiel_mcts_simulations_per_s") and "ismcts_iterations_per_s" in row:
            row["ismcts_speedup"] = round(row["ismcts_iterations_per_s"] / row["openspiel_mcts_simulations_per_s"], 1)
        if errors:
            row["error"] = "; ".join(errors)
        results.append(row)
    if as_json:
        typer.echo(json.dumps(results[0] if len(results) == 1 else results, indent=1))
        return
    table = Table(title="kameleon bench --rl (single thread; random legal actions)")
    for column in ("game", "players", "interface", "figure", "unit"):
        table.add_column(column, justify="right" if column in ("players", "figure") else "left")
    for r in results:
        for measurement in MEASUREMENTS:
            if measurement.key in r:
                figure = f"{r[measurement.key]:,.0f}"
                table.add_row(r["game"], str(r["players"]), measurement.label, figure, measurement.unit)
        if "ismcts_speedup" in r:
            table.add_row(r["game"], str(r["players"]), "ISMCTS / OpenSpiel MCTS", f"{r['ismcts_speedup']:g}", "×")
        if "error" in r:
            table.add_row(r["game"], str(r["players"]), "not measured", "", r["error"])
    console.print(table)


def _load(name: str, players: int | None, options: dict[str, Any]) -> Game[Any]:
    if players is not None:
        return load(name, players=players, **options)
    game_class(name)  # unknown names fail here with the list of games
    try:
        return load(name, players=DEFAULT_PLAYERS, **options)
    except InvalidOption:
        return load(name, **options)
