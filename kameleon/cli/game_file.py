"""A game named on the command line: a record file, or one game of a tournament's --out file (`--game N`), for
the commands that read one game (`kameleon analyse`, `kameleon replay`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import typer

from kameleon.cli.helptext import helptext
from kameleon.engine.errors import KameleonError
from kameleon.engine.messages import msg
from kameleon.engine.record import parse_json, read_record_or_lines


def game_option() -> int | None:
    return typer.Option(
        None, "--game", min=1, help=helptext("which game of a tournament's --out file (JSON lines; 1 = the first line)")
    )


def record_in(file: Path, game: int | None) -> dict[str, Any]:
    """The record `file` holds: a record, or game number `game` of a tournament's JSON-lines file (each
    line an object whose "record" is the game's record). KameleonError naming what is wrong."""
    found = read_record_or_lines(file)
    whole = found if isinstance(found, dict) else None
    lines = [json.dumps(whole)] if whole is not None else cast(list[str], found)
    if whole is not None and "record" not in whole:
        if game is not None:
            raise KameleonError(
                msg("cli_one_record", "--game picks a game of a tournament's file; {file} holds one record", file=file)
            )
        return whole
    if game is None and len(lines) > 1:
        raise KameleonError(
            msg(
                "cli_choose_game",
                "{file} holds {count} games (a tournament's JSON lines): choose one with --game N",
                file=file,
                count=len(lines),
            )
        )
    number = game or 1
    if number > len(lines):
        raise KameleonError(
            msg(
                "cli_no_such_game",
                "--game {number}: {file} holds {count} game(s)",
                number=number,
                file=file,
                count=len(lines),
            )
        )
    line = parse_json(lines[number - 1], f"line {number} of {file}")
    if not isinstance(line, dict) or not isinstance(line.get("record"), dict):
        raise KameleonError(
            msg(
                "cli_not_a_game_line",
                "line {number} of {file} is not a tournament's game: it has no 'record' object",
                number=number,
                file=file,
            )
        )
    return cast(dict[str, Any], line["record"])
