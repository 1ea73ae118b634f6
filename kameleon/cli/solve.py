"""`kameleon solve GAME FILE --tile YYB`: a game's puzzle solver (`Game.puzzle()`) on the command line.

Chromino's is the puzzle mode of rules §7.8 (`kameleon solve chromino FILE --tile YYB`).

FILE holds a layout, one placement per line in the move notation (`Y*B H 0,-1`);
the command prints how many positions and footprints the tile has and lists the
positions in the spec's order (`--show` adds a picture of each, `--json` prints
`{"positions": N, "footprints": M, "placements": [...]}`).
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from kameleon.cli.common import console, fail
from kameleon.cli.helptext import helptext
from kameleon.cli.speech import choose_language, lang_option, speaker
from kameleon.engine.errors import BrokenGame, KameleonError, os_reason
from kameleon.engine.hooks import Puzzle
from kameleon.engine.messages import msg
from kameleon.engine.registry import game_class, games


def solvable() -> list[str]:
    """The games that offer a puzzle solver (plug-ins included; one that does not load is left out)."""
    found = []
    for name in games():
        try:
            if game_class(name).puzzle() is not None:
                found.append(name)
        except BrokenGame:
            continue
    return found


def _puzzle(game: str) -> Puzzle:
    try:
        puzzle = game_class(game).puzzle()
    except KameleonError as exc:
        raise fail(exc.message) from None
    if puzzle is None:
        raise fail(
            msg(
                "cli_no_puzzle",
                "there is no puzzle solver for {game!r}; solvable games: {games}",
                game=game,
                games=", ".join(solvable()) or "-",
            )
        )
    return puzzle


HELP = helptext("List every position of a piece against a layout (a game's puzzle mode, e.g. Chromino's).")


def solve_command(
    game: str = typer.Argument(
        ..., help=helptext("the game whose puzzle to solve (a game with a solver, e.g. chromino)")
    ),
    file: Path = typer.Argument(..., help=helptext("layout file: one placement per line, e.g. 'Y*B H 0,-1'")),
    tile: str = typer.Option(
        ..., "--tile", help=helptext("the piece to place (chromino: a tile as colours such as YYB or R*G)")
    ),
    json_output: bool = typer.Option(False, "--json", help=helptext("print a JSON document")),
    show: bool = typer.Option(False, "--show", help=helptext("draw each position as an ASCII picture")),
    placement: str = typer.Option(
        "standard", "--placement", help=helptext("placement rule (chromino: standard or bambino)")
    ),
    lang: str | None = lang_option(),
) -> None:
    say = speaker(choose_language(lang), game)
    puzzle = _puzzle(game)
    try:
        puzzle.check(tile, placement)
    except KameleonError as exc:
        raise fail(exc.message) from None
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise fail(msg("cli_cannot_read", "cannot read {path}: {why}", path=file, why=os_reason(exc))) from None
    except UnicodeDecodeError:
        raise fail(msg("cli_not_text", "{path} is not a text file (a layout is text in UTF-8)", path=file)) from None
    try:
        found = puzzle.solve(text, tile, placement)
    except KameleonError as exc:
        raise fail(msg("cli_in_file", "{file}: {what}", file=file, what=exc.message)) from None
    positions, footprints = puzzle.count(found)
    if json_output:
        typer.echo(
            json.dumps({"positions": positions, "footprints": footprints, "placements": [str(p) for p in found]})
        )
        return
    typer.echo(say(msg("tui_positions", "positions: {count}", count=positions)))
    typer.echo(say(msg("tui_footprints", "footprints: {count}", count=footprints)))
    for number, position in enumerate(found, start=1):
        typer.echo(f"{number:>3}. {position}")
        if show:
            console.print(puzzle.picture(text, position), highlight=False, markup=False)
            typer.echo("")
