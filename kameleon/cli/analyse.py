"""`kameleon analyse`: judge every decision of a game record with the strongest level (docs/analysis.md)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.table import Table

from kameleon.ai.analysis import BEST_LOSS, DEFAULT_ITERATIONS, LABELS, Analysis, analyse
from kameleon.ai.levels import MAX_ITERATIONS, SEARCHING, STRONGEST
from kameleon.cli.common import console, err_console, fail
from kameleon.cli.game_file import game_option, record_in
from kameleon.cli.helptext import helptext
from kameleon.cli.outcome import names_of
from kameleon.cli.progress import bars
from kameleon.cli.speech import choose_language, lang_option, speaker
from kameleon.engine.errors import KameleonError
from kameleon.engine.messages import Say, msg
from kameleon.engine.seeding import MAX_SEED

_COLOURS = {"best": "green", "good": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
_LABEL_WORDS = {
    "best": msg("tui_label_best", "best"),
    "good": msg("tui_label_good", "good"),
    "inaccuracy": msg("tui_label_inaccuracy", "inaccuracy"),
    "mistake": msg("tui_label_mistake", "mistake"),
    "blunder": msg("tui_label_blunder", "blunder"),
}
"""The labels as a reader sees them in the tables; `--json` keeps the codes, which programs read."""


HELP = helptext(
    "Judge every decision of every seat in a game record, from that seat's information at the time.\n\n"
    "Each move with a choice is searched by the strongest level from what its player could see then (never the "
    "real hidden cards). Values are chances of winning: the loss of a move is how many points of percentage it "
    "gave away against the best move. Labels: best (under {best:g}), good (under {good:g}), inaccuracy (under "
    "{inaccuracy:g}), mistake (under {mistake:g}), blunder. Accuracy is lichess's formula over a player's losses "
    "(0 to 100). Forced moves are left out. The progress bar goes to stderr; --json prints the analysis alone on "
    "stdout.",
    best=100 * BEST_LOSS,
    **{label: 100 * bound for label, bound in LABELS},
)


def analyse_command(
    file: Path = typer.Argument(
        ...,
        help=helptext(
            "a game record (JSON), as `kameleon play --save` or the arena write, or a tournament's --out file"
        ),
    ),
    game: int | None = game_option(),
    move_time: float | None = typer.Option(
        None,
        "--move-time",
        help=helptext("seconds of search per decision instead of iterations (depends on the machine)"),
    ),
    iterations: int | None = typer.Option(
        None,
        "--iterations",
        help=helptext(
            "search iterations per decision, or positions examined where the level plays an alpha-beta search "
            "(default {iterations}; reproducible: the same record, level and seed give the same analysis)",
            iterations=DEFAULT_ITERATIONS,
        ),
    ),
    level: str | None = typer.Option(
        None,
        "--level",
        help=helptext(
            "the searching level that judges ({levels}; default {strongest}, the strongest); NAME@ITERATIONS or "
            "NAME:SECONDS also sets the budget",
            levels=", ".join(sorted(SEARCHING)),
            strongest=STRONGEST,
        ),
    ),
    seed: int = typer.Option(
        0, "--seed", min=0, max=MAX_SEED, help=helptext("seed of the searches (each decision derives its own)")
    ),
    as_json: bool = typer.Option(
        False, "--json", help=helptext("print only the analysis as JSON (see docs/analysis.md)")
    ),
    lang: str | None = lang_option(),
) -> None:
    language = choose_language(lang)
    _check_budget(move_time, iterations, level)
    try:
        record = record_in(file, game)
    except KameleonError as exc:
        raise fail(exc.message) from None
    say = speaker(language, str(record.get("game", "")))
    progress = bars(err_console, transient=True)
    with progress:
        bar = progress.add_task(escape(say(msg("tui_analysing", "analysing {file}", file=file.name))), total=None)

        def advance(done: int, total: int) -> None:
            progress.update(bar, completed=done, total=total)

        try:
            result = analyse(
                record, move_time=move_time, iterations=iterations, level=level, seed=seed, on_decision=advance
            )
        except KameleonError as exc:
            progress.update(bar, visible=False)
            raise fail(exc.message) from None
        except KeyboardInterrupt:
            progress.update(bar, visible=False)
            raise fail(msg("cli_analysis_interrupted", "interrupted: nothing was analysed to the end"), 130) from None
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    names = names_of(record.get("players"), result.num_players, say)
    console.print(_decisions(result, names, say))
    console.print(_players(result, names, say))
    if not result.finished:
        unfinished = msg(
            "tui_analysis_unfinished",
            "The game was not finished: {moves} moves were analysed, and the accuracies are over those alone.",
            moves=len(record["moves"]),
        )
        console.print(escape(say(unfinished)), style="yellow")


def _check_budget(move_time: float | None, iterations: int | None, level: str | None) -> None:
    """The budget options, checked with their own names (the library's checks name its arguments)."""
    if move_time is not None and iterations is not None:
        raise fail(msg("cli_two_budgets", "give --move-time or --iterations, not both: a search stops at one budget"))
    if level is not None and ("@" in level or ":" in level) and (move_time is not None or iterations is not None):
        raise fail(
            msg(
                "cli_level_has_budget",
                "--level {level} names its own budget: give no {option} beside it",
                level=level.strip(),
                option="--iterations" if iterations is not None else "--move-time",
            )
        )
    if move_time is not None and not 0 < move_time < math.inf:
        raise fail(
            msg(
                "cli_bad_move_time",
                "--move-time must be a positive number of seconds per decision, not {move_time:g}",
                move_time=move_time,
            )
        )
    if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
        raise fail(
            msg(
                "cli_bad_iterations",
                "--iterations must be a whole number from 1 to {most:,}, not {iterations}",
                most=MAX_ITERATIONS,
                iterations=iterations,
            )
        )


def _decisions(result: Analysis, names: list[Any], say: Say) -> Table:
    title = msg("tui_analysis_title", "analysis by {level} (win chances; move numbers from 1)", level=result.level)
    table = Table(title=escape(say(title)))
    columns = (
        msg("tui_move", "move"),
        msg("tui_seat", "seat"),
        msg("tui_player", "player"),
        msg("tui_played", "played"),
        msg("tui_best_move", "best move"),
        msg("tui_loss", "loss"),
        msg("tui_label", "label"),
    )
    for column in columns:
        table.add_column(
            say(column), justify="right" if column.code in ("tui_move", "tui_seat", "tui_loss") else "left"
        )
    for d in result.decisions:
        colour = _COLOURS[d.label]
        table.add_row(
            str(d.ply + 1),
            str(d.seat),
            escape(str(names[d.seat])),
            escape(d.played),
            "" if d.best == d.played else escape(d.best),
            f"{100 * d.loss:.1f}",
            f"[{colour}]{escape(say(_LABEL_WORDS[d.label]))}[/]",
        )
    return table


def _players(result: Analysis, names: list[Any], say: Say) -> Table:
    table = Table(title=say(msg("tui_accuracy_title", "accuracy")))
    columns = (
        msg("tui_seat", "seat"),
        msg("tui_player", "player"),
        msg("tui_decisions", "decisions"),
        msg("tui_accuracy", "accuracy"),
        msg("tui_mistakes", "mistakes"),
        msg("tui_blunders", "blunders"),
    )
    for column in columns:
        table.add_column(say(column), justify="left" if column.code == "tui_player" else "right")
    for seat in range(result.num_players):
        mine = [d for d in result.decisions if d.seat == seat]
        table.add_row(
            str(seat),
            escape(str(names[seat])),
            str(len(mine)),
            f"{result.accuracy(seat):.1f}",
            str(sum(d.label == "mistake" for d in mine)),
            str(sum(d.label == "blunder" for d in mine)),
        )
    return table
