"""The `kameleon` command."""

from __future__ import annotations

import os
import sys
from typing import Any

import typer

from kameleon import __version__
from kameleon.cli import analyse, play, replay_cmd, solve, usage_words
from kameleon.cli.bench import bench_command
from kameleon.cli.common import fail, speak
from kameleon.cli.helptext import helptext, unwrap_all, word_help
from kameleon.cli.research import research_app
from kameleon.cli.serve import serve_command
from kameleon.cli.speech import (
    SPEAKING,
    choose_language,
    command_word,
    help_language,
    lang_after_command,
    lang_given,
    lang_option,
    speaker,
)
from kameleon.cli.tournament import tournament_command
from kameleon.engine.errors import KameleonError
from kameleon.engine.game import ALPHABETA, Game
from kameleon.engine.messages import Say, msg
from kameleon.engine.registry import BUILT_IN, game_class, games, plugin_problems

app = typer.Typer(
    name="kameleon",
    help=helptext("Play, study and beat Coloretto, Chromino, Cardcassonne and Le Caméléon."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _each_command(ctx: typer.Context, lang: str | None = lang_option()) -> None:
    """Every command starts in English; those that speak other languages choose theirs (`--lang`, the locale).
    A `--lang` before the command is the list of commands' (`kameleon --lang it --help`), moved after the name
    of a command that takes one (`lang_after_command`): left here before a tool, it is refused."""
    speak(str)
    if lang is not None:
        choose_language(lang)  # a language kameleon does not speak is refused, whatever follows
        command = ctx.invoked_subcommand
        if command in SPEAKING:  # left here only when written twice before it ("--lang it --lang fr play")
            said = msg("cli_lang_once", "write --lang once, after the command: kameleon {command} --lang {lang}",
                       command=command, lang=lang)  # fmt: skip
            raise fail(said)
        raise fail(msg("cli_tool_lang", "{command} takes no --lang: its texts are in English", command=command))


TOOLS = ("bench", "tournament", "serve", "research")
"""The tools of developers, operators and researchers: their pages are in English, and only the line the list
of commands shows is translated; the commands people play with have their whole help in five languages."""
app.command("play", help=play.HELP)(play.play_command)
app.command("replay", help=replay_cmd.HELP)(replay_cmd.replay_command)
app.command("analyse", help=analyse.HELP)(analyse.analyse_command)
app.command(
    "bench",
    short_help=helptext(
        "Measure random full games per second on one core, and the mean cost of legal_actions, apply and clone."
    ),
)(bench_command)
app.command("solve", help=solve.HELP)(solve.solve_command)
app.command("tournament", short_help=helptext("Play bots against each other in seat-rotated games and rank them."))(
    tournament_command
)
app.command("serve", short_help=helptext("Start the web arena and print its URL."))(serve_command)
app.add_typer(
    research_app,
    name="research",
    short_help=helptext(
        "Research programs: the strength report, the oracle bound, fitting a learned value, calibrating its win "
        "chances, training the expert level's network, a REINFORCE example."
    ),
)


@app.command(
    "games",
    help=helptext(
        "List the games: the built-in ones and the installed plug-ins (entry-point group `kameleon.games`).\n\n"
        "A plug-in that cannot be loaded is named on stderr with the reason; the others are listed as usual."
    ),
)
def games_command(
    verbose: bool = typer.Option(
        False,
        "--verbose",
        "-v",
        help=helptext("also say where each game comes from and what it declares beyond the rules"),
    ),
    lang: str | None = lang_option(),
) -> None:
    say = speaker(choose_language(lang), None)
    for name in games():
        try:
            cls = game_class(name)
        except KameleonError as exc:
            typer.echo(f"warning: {exc}", err=True)
            continue
        typer.echo(f"{name}  {_capabilities(cls, say)}" if verbose else name)
    for problem in plugin_problems():
        typer.echo(f"warning: {problem}", err=True)


def _capabilities(cls: type[Game[Any]], say: Say) -> str:
    """Where a game comes from and which optional capabilities it declares (the others are the defaults)."""
    declared = [
        label
        for label, own in (
            (msg("cap_heuristics", "heuristics"), cls.has_heuristics),
            (msg("cap_evaluation", "evaluation"), cls.has_evaluation),
            (msg("cap_search_settings", "search settings"), bool(cls.search_settings)),
            (msg("cap_observation", "observation"), cls.observation is not Game.observation),
            (msg("cap_terminal_board", "terminal board"), cls.renderer is not Game.renderer),
            (msg("cap_bench_extras", "bench extras"), cls.bench_extras is not Game.bench_extras),
            (msg("cap_alphabeta", "expert by alpha-beta search"), cls.expert_search == ALPHABETA),
        )
        if own
    ]
    folder = cls.network_dir()
    networks = sorted(folder.glob("value-*p.npz")) if folder is not None and folder.is_dir() else []
    if networks:
        sizes = ", ".join(path.stem.removeprefix("value-") for path in networks)
        declared.append(msg("cap_networks", "expert networks for {sizes}", sizes=sizes))
    source = (
        msg("cap_built_in", "built-in")
        if cls.name in BUILT_IN
        else msg("cap_plug_in", "plug-in {module}", module=cls.__module__)
    )
    said = ", ".join(say(label) for label in declared) or say(msg("cap_defaults", "the generic defaults only"))
    return say(msg("cap_line", "{title} ({source}): {declared}", title=cls.title, source=say(source), declared=said))


@app.command("version", help=helptext("Print the version."))
def version_command() -> None:
    typer.echo(__version__)


def main() -> None:
    """The `kameleon` command, its help said in the reader's language (`--lang`, else the locale)."""
    command: Any = typer.main.get_command(app)
    argv = lang_after_command(sys.argv[1:])
    language = help_language(argv, os.environ, commands=tuple(command.commands))
    named = command_word(argv)
    if named is None and lang_given(argv) is not None:  # the list of commands' --lang, refused before its help
        try:
            choose_language(lang_given(argv))
        except typer.Exit as refused:
            raise SystemExit(refused.exit_code) from None
    if named in TOOLS:  # a tool's page is English throughout
        language = "en"
    # Always, English too: Typer's words are module settings, and a process may run several command lines.
    word_help(command, language, english=TOOLS)
    unwrap_all(command)
    usage_words.install(command, language)
    command(args=argv)
