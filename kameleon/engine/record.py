"""Game records: JSON documents `(game, options, seed, players, moves)` and their replay."""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kameleon.engine.errors import KameleonError, RecordError, os_reason
from kameleon.engine.game import RECORD_FORMAT, RECORD_VERSION, State
from kameleon.engine.messages import msg, plain
from kameleon.engine.options import BadValue
from kameleon.engine.registry import load
from kameleon.engine.seeding import check_seed

_REQUIRED = ("game", "options", "seed", "moves")


def json_kind(value: Any) -> str:
    """What JSON calls the kind of `value` ("array", not Python's "list"): errors about a file speak JSON."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    kinds = ((Mapping, "object"), (list | tuple, "array"), (str, "string"), (int | float, "number"))
    return next((name for kind, name in kinds if isinstance(value, kind)), type(value).__name__)


def replay(record: Mapping[str, Any], *, upto: int | None = None) -> State[Any]:
    """Rebuild the state a record describes (its first `upto` moves if given).

    Raises RecordError naming the first thing that is wrong: a missing field,
    bad options, a move that is not legal where it stands, or a stored result
    that the replayed game does not reach.
    """
    if not isinstance(record, Mapping):
        raise RecordError(msg("record_not_object", "a record is a JSON object, not {kind}", kind=json_kind(record)))
    missing = [key for key in _REQUIRED if key not in record]
    if missing:
        raise RecordError(msg("record_field_missing", "record has no {field!r} field", field=missing[0]))
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(msg("record_format", "not a kameleon record: format is {format!r}", format=record["format"]))
    version = record.get("version", RECORD_VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RecordError(
            msg(
                "record_version_bad",
                "record field 'version' must be a whole number from 1 to {known}, not {version!r}",
                version=version,
                known=RECORD_VERSION,
            )
        )
    if version > RECORD_VERSION:
        raise RecordError(
            msg(
                "record_version",
                "record version {version!r} is newer than this kameleon reads ({known})",
                version=version,
                known=RECORD_VERSION,
            )
        )
    options, moves = record["options"], record["moves"]
    if not isinstance(options, Mapping):
        raise RecordError(msg("record_options", "record field 'options' must be an object"))
    if not isinstance(moves, list):
        raise RecordError(msg("record_moves", "record field 'moves' must be a list of moves in the game's notation"))
    try:
        seed = check_seed(record["seed"]) if record["seed"] is not None else None
        if seed is None:
            raise BadValue(msg("seed_not_integer", "seed must be an integer, not {seed!r}", seed=None))
        game = load(record["game"], **options)
    except (KameleonError, ValueError) as exc:
        detail = exc.message if isinstance(exc, KameleonError | BadValue) else plain(str(exc))
        raise RecordError(msg("record_not_loaded", "record cannot be loaded: {detail}", detail=detail)) from None
    players = record.get("players")
    if players is not None and (
        not isinstance(players, list)
        or len(players) != game.num_players
        or not all(isinstance(name, str) for name in players)
    ):
        raise RecordError(
            msg("record_players", "record field 'players' must list {count} names (text)", count=game.num_players)
        )
    state = game.new_state(seed)
    state.replay_tokens(moves if upto is None else moves[:upto])
    result = record.get("result")
    if (upto is None or upto >= len(moves)) and result is not None:  # the whole game: its result is checked
        _check_result(state, result)
    return state


def _check_result(state: State[Any], result: Any) -> None:
    if not state.is_terminal:
        raise RecordError(msg("record_unfinished", "record has a result but its moves do not finish the game"))
    if not isinstance(result, Mapping):
        raise RecordError(msg("record_result", "record field 'result' must be an object"))
    if "scores" in result and result["scores"] != state.scores():
        raise RecordError(
            msg(
                "record_scores_differ",
                "record says scores {said} but the moves give {found}",
                said=result["scores"],
                found=state.scores(),
            )
        )
    if "winners" in result and result["winners"] != state.winners():
        raise RecordError(
            msg(
                "record_winners_differ",
                "record says winners {said} but the moves give {found}",
                said=result["winners"],
                found=state.winners(),
            )
        )


def game_identity(record: Mapping[str, Any]) -> str:
    """What makes two games one: the same game and options, the same moves, from the same start. The seed is part
    of the start only where it deals something: Le Caméléon starts alike under every seed, so two of its records
    with the same moves are one game (deterministic bots play it again and again), whatever their seeds."""
    options = json.dumps(record["options"], sort_keys=True, default=str)
    dealt = record["seed"] if _deals(record["game"], options) else None
    return json.dumps([record["game"], options, dealt, list(record["moves"])])


@functools.cache
def _deals(game: str, options: str) -> bool:
    """Whether the seed changes how `game` starts with these options (any seat's view, or the spectators', under
    two seeds)."""
    table = load(game, **json.loads(options))
    first, second = table.new_state(1), table.new_state(2)
    seats = [*range(first.num_players), None]
    return [first.view(s) for s in seats] != [second.view(s) for s in seats]


def read_record(path: str | Path) -> dict[str, Any]:
    """Load a record from a JSON file (RecordError on a missing or malformed file)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(
            msg("record_unreadable", "cannot read {path}: {why}", path=str(path), why=os_reason(exc))
        ) from None
    except UnicodeDecodeError:
        raise RecordError(
            msg("record_not_text", "{path} is not a text file (a record is JSON in UTF-8)", path=str(path))
        ) from None
    data = parse_json(text, str(path))
    if not isinstance(data, dict):
        raise RecordError(
            msg(
                "record_not_object",
                "{path} holds a JSON {kind}, not a record object",
                path=str(path),
                kind=json_kind(data),
            )
        )
    return data


def read_record_or_lines(path: str | Path) -> dict[str, Any] | list[str]:
    """The record object a JSON file holds, or the non-blank lines of a JSON-lines file (a tournament's `--out`
    file: one object a line). A file that fails as one JSON document is taken for JSON lines only when it has
    two lines or more and its first is a whole JSON object; anything else (a record cut short, however it was
    indented) raises that document's own RecordError."""
    try:
        return read_record(path)
    except RecordError:
        try:
            lines = [line for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
        except (OSError, UnicodeDecodeError):
            lines = []
        if len(lines) < 2 or not _is_object(lines[0]):
            raise
        return lines


def _is_object(line: str) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, RecursionError):
        return False


def parse_json(text: str, where: str) -> Any:
    """JSON text read from `where` (a file, a line of one); RecordError saying where and what is wrong."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            msg(
                "record_bad_json",
                "{where} is not valid JSON (line {line}, column {column}: {why})",
                where=where,
                line=exc.lineno,
                column=exc.colno,
                why=exc.msg,
            )
        ) from None
    except RecursionError:
        raise RecordError(
            msg("record_too_deep", "{where} is not a record: its JSON is nested too deeply", where=where)
        ) from None


def write_record(record: Mapping[str, Any], path: str | Path) -> None:
    """Write a record atomically, so a crash never leaves half a file."""
    write_whole(path, json.dumps(record, indent=1) + "\n")


def write_whole(path: str | Path, text: str) -> None:
    """Replace the file at `path` by `text` through a file beside it: a crash leaves the old file or the new."""
    target = Path(path)
    spare = target.with_name(target.name + ".tmp")
    try:
        spare.write_text(text, encoding="utf-8")
        spare.replace(target)
    except BaseException:
        with contextlib.suppress(OSError):  # no half-written spare left behind
            spare.unlink()
        raise
