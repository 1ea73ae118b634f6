"""`kameleon solve chromino FILE --tile YYB`: the Chromino puzzle solver of rules §7.8 on the command line.

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
from kameleon.games.chromino.solver import LayoutError, check_puzzle, count_positions, picture, solve

SOLVABLE = ("chromino",)


def solve_command(
    game: str = typer.Argument(..., help="the game whose puzzle to solve (chromino)"),
    file: Path = typer.Argument(..., help="layout file: one placement per line, e.g. 'Y*B H 0,-1'"),
    tile: str = typer.Option(..., "--tile", help="the tile to place, as colours such as YYB or R*G"),
    json_output: bool = typer.Option(False, "--json", help="print a JSON document"),
    show: bool = typer.Option(False, "--show", help="draw each position as an ASCII picture"),
    placement: str = typer.Option("standard", "--placement", help="placement rule: standard or bambino"),
) -> None:
    """List every position of a tile against a layout (Chromino puzzle mode)."""
    if game != "chromino":
        raise fail(f"there is no puzzle solver for {game!r}; solvable games: {', '.join(SOLVABLE)}")
    try:
        check_puzzle(tile, placement)
    except LayoutError as exc:
        raise fail(str(exc)) from None
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(f"cannot read {file}: {exc}") from None
    try:
        found = solve(text, tile, placement)
    except LayoutError as exc:
        raise fail(f"{file}: {exc}") from None
    positions, footprints = count_positions(found)
    if json_output:
        typer.echo(
            json.dumps({"positions": positions, "footprints": footprints, "placements": [str(p) for p in found]})
        )
        return
    typer.echo(f"positions: {positions}")
    typer.echo(f"footprints: {footprints}")
    for number, position in enumerate(found, start=1):
        typer.echo(f"{number:>3}. {position}")
        if show:
            console.print(picture(text, position), highlight=False, markup=False)
            typer.echo("")
