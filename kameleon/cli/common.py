"""Helpers shared by the CLI commands: option parsing, seats, renderers, errors."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress

from kameleon.engine.errors import KameleonError
from kameleon.engine.game import Game
from kameleon.engine.messages import Message, Say, msg
from kameleon.engine.registry import load

console = Console(highlight=False, emoji=False)
err_console = Console(stderr=True, highlight=False, emoji=False)
_say: list[Say] = [str]
"""How this command words its errors: English until a command that speaks other languages chose one."""


def speak(say: Say) -> None:
    """Word this command's errors with `say` from now on (`kameleon play --lang it`, the locale)."""
    _say[0] = say


def said(message: Message) -> str:
    return _say[0](message)


def fail(message: str | Message, code: int = 2) -> typer.Exit:
    """Print `message` (a Message in the command's language) on stderr and return the Exit to raise."""
    text = message if isinstance(message, str) else said(message)
    label = said(msg("cli_error", "error:"))
    # One line, however long (soft_wrap); escaped: file names and records may hold brackets.
    err_console.print(f"[bold red]{escape(label)}[/] {escape(text)}", soft_wrap=True)
    return typer.Exit(code)


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Inside, a SIGTERM (`kill PID`, a job manager or `timeout` stopping a long run) ends it as Ctrl-C does: what
    was done is kept and said, and the worker processes stop with it, instead of a silent death that leaves them
    playing on."""

    owner = os.getpid()

    def interrupt(signum: int, frame: Any) -> None:
        if os.getpid() != owner:  # a forked worker inherited this handler: it ends as a SIGTERM ends a process
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise KeyboardInterrupt

    try:
        earlier = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread (a program calling the command): SIGTERM is left as it is
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, earlier)


@contextmanager
def stopped_cleanly(progress: Progress, interrupted: Callable[[], str]) -> Iterator[None]:
    """A KameleonError, Ctrl-C or SIGTERM inside stops the progress bar and leaves with a clear message."""
    try:
        with sigterm_as_interrupt():
            yield
    except KameleonError as exc:
        progress.stop()
        raise fail(exc.message) from None
    except KeyboardInterrupt:
        progress.stop()
        raise fail(interrupted(), 130) from None


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """`key=value` pairs; values are read as JSON when they parse (numbers, lists, true), else as text."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise fail(msg("cli_option_form", "option {pair!r} is not of the form key=value", pair=pair))
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        options[key.strip()] = value
    return options


def game_options(players: int | None, pairs: Sequence[str]) -> dict[str, Any]:
    """The game options of `-o key=value` pairs with `--players` among them (refused where the two disagree)."""
    options = parse_options(pairs)
    if players is not None:
        if "players" in options and options["players"] != players:
            raise fail(
                msg(
                    "cli_players_disagree",
                    "--players {players} and -o players={option} disagree: give one of them",
                    players=players,
                    option=options["players"],
                )
            )
        options["players"] = players
    return options


def load_game(name: str, players: int | None, pairs: Sequence[str]) -> Game[Any]:
    options = game_options(players, pairs)
    try:
        return load(name, **options)
    except KameleonError as exc:
        raise refused_options(exc, players) from None


def refused_options(exc: KameleonError, players: int | None) -> typer.Exit:
    """A game's refusal of its options, where a bad `--players` is named as it was typed, not as the game's
    option."""
    said = exc.message
    if players is not None and said.code == "bad_option_value" and said.params.get("option") == "players":
        said = msg("cli_bad_players", "--players: {detail}", detail=said.params["detail"])
    return fail(said)


def split_names(text: str | None, what: str = "--bots") -> list[str]:
    """The names of a comma-separated list; an empty one (`a,,b`, a lone comma) is refused by name."""
    if not text:
        return []
    names = [part.strip() for part in text.split(",")]
    if not all(names):
        raise fail(
            msg(
                "cli_empty_name",
                "{what} {text!r} has an empty name: write the names with one comma between two",
                what=what,
                text=text,
            )
        )
    return names
