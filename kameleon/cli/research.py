"""`kameleon research ...`: the research programs (`kameleon.research`) on the command line.

Each subcommand checks its settings before the first game, draws a progress bar
on stderr while it plays, and prints what it measured on stdout.
"""

from __future__ import annotations

import contextlib
import json
import math
import shlex
import time
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from kameleon.cli.common import err_console, fail, stopped_cleanly
from kameleon.cli.progress import Bars, bars
from kameleon.engine.errors import KameleonError
from kameleon.engine.registry import load

research_app = typer.Typer(
    name="research",
    help=(
        "Research programs: the strength report, the oracle bound, fitting a learned value, calibrating its win"
        " chances, training the expert level's network, a REINFORCE example."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _progress(*, transient: bool = True) -> Bars:
    return bars(err_console, transient=transient)


@research_app.command("strength")
def strength_command(
    games: int = typer.Option(16, "--games", "-n", help="games per pairing"),
    table_games: int | None = typer.Option(
        None, "--table-games", help="games of each four-player table (default: --games)"
    ),
    move_time: float | None = typer.Option(None, "--move-time", help="seconds per move of the hard bot (default 0.1)"),
    iterations: int | None = typer.Option(
        None, "--iterations", help="search iterations per move of the hard bot instead of --move-time (reproducible)"
    ),
    workers: int = typer.Option(2, "--workers", "-w", help="local processes playing games in parallel"),
    seed: int = typer.Option(2026, "--seed", help="report seed: every tournament's seed derives from it"),
    game: list[str] = typer.Option([], "--game", "-g", help="only this game (repeatable; default: every game)"),
    given_out: Path | None = typer.Option(
        None, "--out", help="the Markdown file to write (default: docs/strength.md)", show_default=False
    ),
    games_dir: Path | None = typer.Option(
        None,
        "--games-dir",
        help="a folder of its own where every game is kept as it ends; its games are deleted once the report is "
        "written (default: strength/ in $KAMELEON_HOME or the user's data directory)",
    ),
    resume: bool = typer.Option(False, "--resume", help="finish an interrupted report from the games kept"),
) -> None:
    """Regenerate docs/strength.md: every bot level against the others, for every game at 2 and 4 players.

    Two players: every pair of levels plays seat-rotated games (the row level's
    win rate against the column level), and the fair oracle plays random. Four
    players: the four levels at one table, hard against three medium and expert
    against three hard. Where a game ships no network, expert is hard and plays
    no games of its own. Win rates come with 95% Wilson intervals; a shared
    first place is a win for each co-winner. Games are kept in --games-dir as
    they end, so after Ctrl-C or a crash the same command with --resume plays
    only the missing ones. The figures are kept in strength.json beside the
    report: with --game, that game's sections are measured again and the
    others' are kept.
    """
    from kameleon.research import strength

    out = strength.DEFAULT_OUT if given_out is None else given_out
    if move_time is not None and iterations is not None:
        raise fail("give --move-time or --iterations, not both: a search stops at one budget")
    settings = strength.Settings(
        games=games,
        move_time=0.1 if move_time is None else move_time,
        workers=workers,
        seed=seed,
        only=tuple(dict.fromkeys(game)),
        iterations=iterations,
        table_games=table_games,
    )
    folder = strength.default_games_dir() if games_dir is None else games_dir
    try:
        settings.check(out)
        kept = strength.prepare(folder, settings, resume, out)
        plans = settings.plans()
    except KameleonError as exc:
        raise fail(str(exc)) from None
    if resume and not kept:  # a mistyped --games-dir would otherwise start over unnoticed
        err_console.print(f"[yellow]note:[/] {escape(str(folder))} holds no games yet: --resume starts the report")
    total = sum(len(tournament.tasks()) for tournaments in plans.values() for tournament in tournaments.values())
    done = 0
    progress = _progress()
    with progress:
        bar = progress.add_task("strength report", total=total)
        tick = time.perf_counter()

        def tournament_starts(config: tuple[str, int], tournament: Any) -> None:
            progress.update(bar, description=f"{config[0]} ×{config[1]}: {' '.join(tournament.bots)}")

        def game_ends(result: dict[str, Any]) -> None:
            nonlocal done
            done += 1
            progress.update(bar, advance=1)

        def configuration_ends(config: tuple[str, int]) -> None:
            nonlocal tick
            progress.console.print(f"{config[0]} ×{config[1]}: {time.perf_counter() - tick:.0f} s")
            tick = time.perf_counter()

        with stopped_cleanly(
            progress,
            lambda: (
                f"interrupted after {done} of {total} games; they are kept in {folder}: "
                "the same command with --resume plays the rest"
            ),
        ):
            measured = strength.play(
                plans,
                settings,
                folder,
                on_tournament=tournament_starts,
                on_result=game_ends,
                on_configuration=configuration_ends,
            )
    try:
        strength.write(out, measured, settings)
    except OSError as exc:
        raise fail(f"cannot write {out}: {exc.strerror or exc}; the games are kept in {folder}") from None
    except KameleonError as exc:
        raise fail(f"{exc}; the games are kept in {folder}") from None
    strength.forget(folder)
    err_console.print(f"wrote {out}", markup=False)


@research_app.command("oracle")
def oracle_command(
    game: str = typer.Option(..., "--game", "-g", help="the game"),
    opponent: str = typer.Option("random", "--opponent", help="the bot in every other seat"),
    players: int = typer.Option(2, "--players", "-p", help="seats at the table"),
    sees: str = typer.Option(
        "nothing,hands,everything", "--sees", help="comma-separated sight levels: nothing, hands, everything"
    ),
    games: int = typer.Option(200, "--games", "-n", help="games per sight level"),
    rollouts: int = typer.Option(8, "--rollouts", help="playouts per candidate move"),
    candidates: int = typer.Option(6, "--candidates", help="moves searched per decision"),
    workers: int = typer.Option(2, "--workers", "-w", help="local processes playing games in parallel"),
    seed: int = typer.Option(0, "--seed", help="first deal seed"),
) -> None:
    """Bound a bot target: how often a search that cheats comes first, at three sight levels.

    The oracle is flat Monte Carlo on the real state over the moves the game's
    greedy heuristic likes best. It sees nothing hidden (as a fair bot), every
    hand (what nobody has seen, the draw pile, shuffled again: `State.shuffle_unseen`) or everything, the draw
    pile's order included. Every other seat is an --opponent bot; the same deals
    are played at every level. Prints a Markdown table of first places with 95%
    Wilson intervals.
    """
    from kameleon.research import oracle

    levels = [level.strip() for level in sees.split(",") if level.strip()]
    settings: dict[str, Any] = {"players": players, "rollouts": rollouts, "candidates": candidates}
    try:
        oracle.check(game, levels, opponent, games, workers=workers, seed=seed, **settings)
    except KameleonError as exc:
        raise fail(str(exc)) from None
    with _progress() as progress:
        bar = progress.add_task(f"{game}: oracle vs {opponent}", total=games * len(levels))
        with stopped_cleanly(progress, lambda: "interrupted: the oracle keeps nothing, run it again"):
            found = oracle.measure(
                game, levels, opponent, games, workers=workers, seed=seed, on_game=lambda: progress.advance(bar),
                **settings,
            )  # fmt: skip
    typer.echo(oracle.report(found, opponent, players))


@research_app.command("fit-value")
def fit_value_command(
    named: str | None = typer.Argument(
        None, metavar="GAME", help="the game whose learned value to fit (a game with one, e.g. chromino)"
    ),
    game_option: str | None = typer.Option(
        None, "--game", "-g", help="the game, as the other research programs name it"
    ),
    players: int = typer.Option(2, "--players", "-p", help="seats at the table, 2 to 8"),
    games: int = typer.Option(40000, "--games", "-n", help="games to play"),
    seed: int = typer.Option(10000, "--seed", help="first deal seed"),
    workers: int = typer.Option(2, "--workers", "-w", help="local processes playing games in parallel"),
    write: bool = typer.Option(
        False, "--write", help="put the weights into the game's weights file (keeping other counts) instead of printing"
    ),
    weights: Path | None = typer.Option(
        None,
        "--weights",
        help="the weights file --write updates, or creates (default: the one shipped in the game's package)",
    ),
    teacher: str = typer.Option(
        "medium",
        "--teacher",
        help="the bots that play the games: a level, a searching one with @ITERATIONS, e.g. expert@300",
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="where each game's positions are kept as it ends, until the fit is done (default: fit-value/ in "
        "kameleon's data directory)",
    ),
    resume: bool = typer.Option(False, "--resume", help="go on with a stopped fit: play only the games not kept yet"),
) -> None:
    """Fit a game's learned position value from games between bots.

    For the games that offer one (`Game.value_model()`; Chromino, Le Caméléon): a
    multinomial logistic regression per stage on the positions of games between
    --teacher bots (60% of them with a stretch of random moves; all of them in a
    game that always starts from the same position), labelled by who won; every
    fifth game is held out, and its log-loss is printed beside a coin's. Without
    --write the weights are printed in the weights file's format; weights no
    better than a coin over every stage's held-out positions are never written.
    """
    from kameleon.research import value_fit

    game = _the_game(named, game_option)
    teacher = _canonical(teacher)
    try:
        model = value_fit.model(game)
    except KameleonError as exc:
        raise fail(str(exc)) from None
    if weights is not None and not write:
        raise fail("--weights names the file that --write updates: add --write")
    try:
        value_fit.check(game, games, seed, workers, players, teacher)
        if write:
            value_fit.kept_weights(game, weights)  # a file the fit could not write is refused before its games
    except KameleonError as exc:
        raise fail(str(exc)) from None
    kept = out if out is not None else value_fit.default_kept(game, players, teacher, seed)
    again = "interrupted: the games played are kept; go on with the same command and --resume"
    with _progress() as progress:
        bar = progress.add_task(f"{game}: {teacher} games of {players}", total=games)
        with stopped_cleanly(progress, lambda: again):
            found = value_fit.fit(
                game, games, seed, workers, players, teacher=teacher, on_game=lambda: progress.advance(bar),
                kept=kept, resume=resume,
            )  # fmt: skip
    typer.echo(f"| stage | held-out positions | log-loss (coin: {math.log(players):.3f}) |")
    typer.echo("| --- | --- | --- |")
    coin = math.log(players)
    for stage, (_, held, loss) in found.items():
        typer.echo(f"| {stage} | {held} | {loss:.3f} |")
    held_out = sum(held for _, held, _ in found.values())
    overall = sum(held * loss for _, held, loss in found.values()) / held_out if held_out else math.inf
    worse = [f"{stage} ({loss:.3f})" for stage, (_, _, loss) in found.items() if not loss < coin]
    if worse:
        one = len(worse) == 1
        err_console.print(
            f"[bold yellow]warning:[/] {'stage' if one else 'stages'} {', '.join(worse)}"
            f" {'predicts its' if one else 'predict their'} held-out positions no better than a coin ({coin:.3f});"
            f" over every stage, {overall:.3f}: more games (--games) fit them better",
            soft_wrap=True,
        )
    if write and not held_out:
        typer.echo(value_fit.weights_text(game, players, found), nl=False)
        raise fail(
            "the weights were not written: no position was held out to judge them by; the games are kept, so the"
            " same command with more --games and --resume plays only the new ones"
        )
    if write and not overall < coin:
        typer.echo(value_fit.weights_text(game, players, found), nl=False)  # the fit is shown, not written
        raise fail(
            f"the weights were not written to {model.weights_file if weights is None else weights}: over every"
            f" stage they predict the held-out positions no better than a coin ({overall:.3f}, a coin's"
            f" {coin:.3f}); the games are kept, so the same command with more --games and --resume plays only the"
            " new ones"
        )
    if not write:
        typer.echo(value_fit.weights_text(game, players, found), nl=False)
        _forget(kept)
        return
    path = model.weights_file if weights is None else weights
    try:
        value_fit.write(game, players, found, path)
    except (OSError, KameleonError) as exc:
        typer.echo(value_fit.weights_text(game, players, found), nl=False)  # the fit is not lost
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise fail(
            f"the weights above could not be written to {path}: {reason}; the games are kept, so the same command"
            " with --resume fits again without playing them"
        ) from None
    _forget(kept)
    typer.echo(f"weights for {players} players written to {path}")


def _the_game(named: str | None, option: str | None) -> str:
    """The game a command line names, as GAME or as --game (the other research programs' way)."""
    if named is not None and option is not None and named != option:
        raise fail(f"the game is named twice, {named} and --game {option}: name it once")
    game = named if named is not None else option
    if game is None:
        raise fail("name the game: GAME or --game GAME (e.g. chromino)")
    return game


def _canonical(spec: str) -> str:
    """A bot spec as the records keep it ("hard@ 5" is hard@5), so that a run resumes whichever way it was
    written; one that does not read is left for the command's own check to refuse."""
    from kameleon.ai.tournament import normalise_spec

    with contextlib.suppress(KameleonError):
        return normalise_spec(spec)
    return spec


def _forget(kept: Path) -> None:
    """Delete a fit's kept games once its figures and weights are out: what they were kept for."""
    with contextlib.suppress(OSError):
        kept.unlink()


@research_app.command("calibrate")
def calibrate_command(
    files: list[Path] = typer.Argument(
        ..., help="finished games to measure on: tournaments' --out files (JSON lines) or records"
    ),
    every: int = typer.Option(9, "--every", help="judge the position before every N-th move"),
    start: int = typer.Option(20, "--from-ply", help="the first ply judged (the opening is left out)"),
    iterations: int = typer.Option(
        2000, "--iterations", help="positions the search examines per judgement (analysis's default)"
    ),
    workers: int = typer.Option(2, "--workers", "-w", help="local processes judging games in parallel"),
    seed: int = typer.Option(0, "--seed", help="analysis's seed, and the bootstrap's"),
    as_json: bool = typer.Option(False, "--json", help="print the figures as JSON"),
) -> None:
    """Measure the scale that turns a game's searched values into win chances (Game.value_calibration).

    For a game whose expert plays the alpha-beta search (Le Caméléon): the
    position before every --every-th move of the games from --from-ply on is
    searched as analysis searches it, and the scale k for which sigmoid(k v)
    best predicts who won (the least log-loss) is printed with a 95% bootstrap
    interval over games, beside the log-loss at k = 1, at the game's own
    scale, and a coin's.
    """
    from kameleon.ai.expert import check_install
    from kameleon.research import calibration

    try:
        calibration.check(every, start, iterations, workers, seed)
        name, games = calibration.read_games(files, every, start)
        check_install(load(name))  # a damaged value file is refused now, not in a worker
    except KameleonError as exc:
        raise fail(str(exc)) from None
    current = load(name).value_calibration
    total = sum(len(game.plies) for game in games)
    with _progress() as progress:
        bar = progress.add_task(f"{name}: positions judged", total=total)
        with stopped_cleanly(progress, lambda: "interrupted: nothing is kept, run it again"):
            found = calibration.measure(games, iterations, workers, seed, on_game=lambda n: progress.advance(bar, n))
    settings = {"every": every, "from_ply": start, "iterations": iterations, "seed": seed}
    try:
        result = calibration.fit(name, len(games), found, current, seed, settings)
    except KameleonError as exc:
        raise fail(str(exc)) from None
    typer.echo(json.dumps(result.to_json(), indent=1) if as_json else result.table())


@research_app.command("reinforce")
def reinforce_command(
    game: str = typer.Option("coloretto", "--game", "-g", help="the game (one with an observation encoding)"),
    players: int = typer.Option(2, "--players", "-p", help="seats at the table"),
    opponents: str = typer.Option("medium", "--opponents", help="the bot in every other seat"),
    steps: int = typer.Option(20_000, "--steps", help="agent steps of training"),
    games: int = typer.Option(200, "--games", "-n", help="evaluation games for each policy"),
    seed: int = typer.Option(0, "--seed", help="training seed"),
) -> None:
    """Train a linear softmax policy by REINFORCE against --opponents, then evaluate it (needs the rl extra).

    docs/research.md's worked example: the single-agent Gymnasium environment with
    the score-margin reward trains the policy; then it and the `random` bot each
    play --games seat-rotated games against --opponents, and their win rates (95%
    Wilson intervals) and mean margins are printed.
    """
    from kameleon.research import reinforce

    try:
        reinforce.check(game, players, opponents, steps, games, seed)
    except KameleonError as exc:
        raise fail(str(exc)) from None
    setting: dict[str, Any] = {"game": game, "players": players, "opponents": opponents}
    with _progress() as progress:
        bar = progress.add_task(f"{game}: training against {opponents}", total=steps)
        with stopped_cleanly(progress, lambda: "interrupted: the example keeps nothing, run it again"):
            policy, figures = reinforce.train(
                **setting, steps=steps, seed=seed, log=lambda line: progress.console.print(line, markup=False),
                on_steps=lambda n: progress.advance(bar, n),
            )  # fmt: skip
            report = {}
            for name in ("random", "trained"):
                played = progress.add_task(f"{game}: {name} against {opponents}", total=games)
                report[name] = reinforce.evaluate_policy(
                    name if name == "random" else policy, **setting, games=games,
                    on_game=partial(progress.advance, played),
                )  # fmt: skip
    typer.echo(reinforce.summary(figures))
    for name in ("random", "trained"):
        typer.echo(reinforce.result_line(name, opponents, report[name]))


@research_app.command("train")
def train_command(
    named: str | None = typer.Argument(None, metavar="GAME", help="the game whose value network to train"),
    game_option: str | None = typer.Option(
        None, "--game", "-g", help="the game, as the other research programs name it"
    ),
    players: int | None = typer.Option(None, "--players", "-p", help="seats at the table (default 2)"),
    generations: int | None = typer.Option(
        None,
        "--generations",
        "-G",
        help="self-play generations, the first playing --teacher (default 3; with --resume: the run's own)",
    ),
    games: int | None = typer.Option(
        None, "--games", "-n", help="self-play games per generation, at least 20 (default 2000)"
    ),
    iterations: int | None = typer.Option(
        None, "--iterations", help="search iterations per move of the self-play expert (default 100)"
    ),
    epochs: int | None = typer.Option(
        None,
        "--epochs",
        help="most passes over the samples in a generation's fit; held-out games may stop it (default 6)",
    ),
    seed: int | None = typer.Option(
        None, "--seed", help="training seed: every game's deal and every bot's seed derive from it (default 1)"
    ),
    sample_every: int | None = typer.Option(
        None, "--sample-every", help="keep one position in this many of each game, for long games (default 1)"
    ),
    teacher: str | None = typer.Option(
        None,
        "--teacher",
        help="the bots of generation 0: a level, a searching one with @ITERATIONS, e.g. hard@50 (default medium)",
    ),
    workers: int = typer.Option(2, "--workers", "-w", help="local processes (or Ray CPUs) playing games"),
    out: Path | None = typer.Option(
        None, "--out", help="folder of the run's checkpoints (default: kameleon-train/GAME-Np in this folder)"
    ),
    resume: bool = typer.Option(False, "--resume", help="go on with the run in --out after its last generation"),
    install: bool = typer.Option(
        False, "--install", help="copy the final network into the game's package, where the expert level finds it"
    ),
    force: bool = typer.Option(
        False,
        "--force",
        help="with --install, replace the package's network even where it predicted its held-out games better",
    ),
    ray: str | None = typer.Option(
        None, "--ray", help="play on Ray: local, auto, or a cluster's HOST:PORT (needs the ray extra)"
    ),
) -> None:
    """Train GAME's value network for the expert level by self-play (NumPy only).

    Generation 0 plays --teacher bots (some games with a stretch of random moves); each
    later one plays expert@--iterations with the previous network. After each
    generation the network is refitted (Adam, softmax cross-entropy on who won) and
    written to --out with the samples and progress.json, so an interrupted run goes
    on with --resume (with the run's own settings: only --generations may change).
    Each generation's held-out log-loss is printed beside a coin's; a network no
    better than a coin is reported and never installed, nor, without --force, one
    that predicted its held-out games worse than the package's network did.
    """
    from kameleon.ai.expert import network_file
    from kameleon.research import train

    game = _the_game(named, game_option)
    if force and not install:
        raise fail("--force replaces the package's network with --install: add --install")
    folder = out if out is not None else Path("kameleon-train") / f"{game}-{players or 2}p"
    teacher = None if teacher is None else _canonical(teacher)
    given = {
        "players": players, "generations": generations, "games": games, "iterations": iterations, "epochs": epochs,
        "seed": seed, "sample_every": sample_every, "teacher": teacher,
    }  # fmt: skip
    try:
        if resume:
            saved = train.Progress.read(folder).settings
            if game != saved.game:
                raise KameleonError(f"{folder} holds a run for {saved.game}, not {game}")
            changed = saved.differences(given)
            if changed:
                raise KameleonError(
                    f"--resume goes on with the run's own settings; drop {', '.join(changed)}"
                    " (only --generations may change)"
                )
            settings = replace(saved, generations=saved.generations if generations is None else generations)
        else:
            chosen: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
            settings = train.Settings(game, **chosen)
        if install:  # refused now rather than after hours of games
            train.check_installable(load(settings.game, players=settings.players))
    except KameleonError as exc:
        raise fail(str(exc)) from None
    with _progress(transient=False) as progress:
        bar: list[Any] = []

        def generation(k: int, total: int, first: bool) -> None:
            who = settings.teacher if first else f"expert@{settings.iterations}"
            bar[:] = [progress.add_task(f"generation {k}: {who} self-play", total=total)]

        def fitting(k: int, epochs: int) -> None:
            bar[:] = [progress.add_task(f"generation {k}: fitting", total=epochs)]

        hooks = train.Hooks(
            generation=generation, game=lambda: progress.advance(bar[0]), fitting=fitting,
            epoch=lambda: progress.advance(bar[0]),
        )  # fmt: skip
        with stopped_cleanly(progress, lambda: f"interrupted: go on with --resume --out {folder}"):
            done = train.train(settings, folder, resume=resume, workers=workers, ray_address=ray, hooks=hooks)
    coin = math.log(done.settings.players)
    typer.echo(f"| generation | positions | best epoch | held-out log-loss (coin: {coin:.3f}) | seconds |")
    typer.echo("| --- | --- | --- | --- | --- |")
    for row in done.done:
        typer.echo(
            f"| {row['generation']} | {row['positions']} | {row.get('epochs', '—')} | {row['held_out_log_loss']:.3f}"
            f" | {row['seconds']} |"
        )
    typer.echo(f"network: {train.final_network(folder)}")
    last = done.done[-1]["held_out_log_loss"] if done.done else math.inf
    if not last < coin:
        err_console.print(
            f"[bold yellow]warning:[/] the final network predicts the held-out games no better than a coin"
            f" (log-loss {last:.3f}, a coin's {coin:.3f}): play more games before using it",
            soft_wrap=True,
        )
        if install:
            raise fail("the network was not installed: it is no better than a coin")
    if install:
        target = network_file(load(done.settings.game, players=done.settings.players))
        before = train.recorded_loss(target) if target is not None else None
        try:
            placed = train.install(folder, force=force)
        except (OSError, KameleonError) as exc:
            again = f"kameleon research train {game} --resume --out {shlex.quote(str(folder))} --install --force"
            hint = f" ({again})" if "--force" in str(exc) else ""
            raise fail(f"the network could not be installed: {exc}{hint}") from None
        mine = train.recorded_loss(placed)
        said = "" if mine is None else f"held-out log-loss {mine:.3f}"
        replaced = "" if before is None else f"; the network it replaced: {before:.3f}"
        typer.echo(f"installed: {placed} ({said}{replaced})" if said or replaced else f"installed: {placed}")
