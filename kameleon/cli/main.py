"""The `kameleon` command."""

from __future__ import annotations

from typing import Any

import typer

from kameleon import __version__
from kameleon.cli.analyse import analyse_command
from kameleon.cli.bench import bench_command
from kameleon.cli.common import speak
from kameleon.cli.play import play_command
from kameleon.cli.replay_cmd import replay_command
from kameleon.cli.research import research_app
from kameleon.cli.serve import serve_command
from kameleon.cli.solve import solve_command
from kameleon.cli.tournament import tournament_command
from kameleon.engine.errors import KameleonError
from kameleon.engine.game import Game
from kameleon.engine.registry import BUILT_IN, game_class, games, plugin_problems

app = typer.Typer(
    name="kameleon",
    help="Play, study and beat Coloretto, Chromino, Cardcassonne and Le Caméléon.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _each_command() -> None:
    """Every command starts in English; those that speak other languages choose theirs (`--lang`, the locale)."""
    speak(str)


app.command("play")(play_command)
app.command("replay")(replay_command)
app.command("analyse")(analyse_command)
app.command("bench")(bench_command)
app.command("solve")(solve_command)
app.command("tournament")(tournament_command)
app.command("serve")(serve_command)
app.add_typer(research_app, name="research")


@app.command("games")
def games_command(
    verbose: bool = typer.Option(
        False, "--verbose", "-v", help="also say where each game comes from and what it declares beyond the rules"
    ),
) -> None:
    """List the games: the built-in ones and the installed plug-ins (entry-point group `kameleon.games`).

    A plug-in that cannot be loaded is named on stderr with the reason; the others are listed as usual.
    """
    for name in games():
        try:
            cls = game_class(name)
        except KameleonError as exc:
            typer.echo(f"warning: {exc}", err=True)
            continue
        typer.echo(f"{name}  {_capabilities(cls)}" if verbose else name)
    for problem in plugin_problems():
        typer.echo(f"warning: {problem}", err=True)


def _capabilities(cls: type[Game[Any]]) -> str:
    """Where a game comes from and which optional capabilities it declares (the others are the defaults)."""
    declared = [
        label
        for label, own in (
            ("heuristics", cls.has_heuristics),
            ("evaluation", cls.has_evaluation),
            ("search settings", bool(cls.search_settings)),
            ("observation", cls.observation is not Game.observation),
            ("terminal board", cls.renderer is not Game.renderer),
            ("bench extras", cls.bench_extras is not Game.bench_extras),
        )
        if own
    ]
    folder = cls.network_dir()
    networks = sorted(folder.glob("value-*p.npz")) if folder is not None and folder.is_dir() else []
    if networks:
        declared.append("expert networks for " + ", ".join(path.stem.removeprefix("value-") for path in networks))
    source = "built-in" if cls.name in BUILT_IN else f"plug-in {cls.__module__}"
    return f"{cls.title} ({source}): {', '.join(declared) or 'the generic defaults only'}"


@app.command("version")
def version_command() -> None:
    """Print the version."""
    typer.echo(__version__)


def main() -> None:
    app()
