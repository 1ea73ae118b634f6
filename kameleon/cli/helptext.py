"""The command line's help in the reader's language.

Every help text is a template of the arena's catalog, marked with `helptext(...)` where it is written
(scripts/i18n extracts its first argument, as it does `msg`'s second). `main()` picks the language
before Click parses anything (`speech.help_language`: `--lang` on the command line, else the locale)
and words the commands people play with in it: each command's help, each option's, the help option's
own, and the titles and marks of Typer's panels. The tools (`main.TOOLS`) keep English pages; only
their line in the list of commands is translated. Only texts made by `helptext` are translated: a
plug-in's text, or a template without a translation yet, stays as it was written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer
import typer.rich_utils

from kameleon.engine import translations as i18n

_TEMPLATES: dict[str, tuple[str, dict[str, Any]]] = {}
"""A help text as Click holds it -> the template and fields it was made of."""


def helptext(template: str, **fields: Any) -> str:
    """`template` with `fields` filled in, as English; remembered so that `word_help` can translate it."""
    text = template.format(**fields) if fields else template
    _TEMPLATES[text] = (template, fields)
    return text


HELP_OPTION = helptext("Show this message and exit.")
PANELS = {
    "ARGUMENTS_PANEL_TITLE": helptext("Arguments"),
    "OPTIONS_PANEL_TITLE": helptext("Options"),
    "COMMANDS_PANEL_TITLE": helptext("Commands"),
    "REQUIRED_LONG_STRING": helptext("[required]"),
    "DEFAULT_STRING": helptext("[default: {value}]", value="{}"),
    "ERRORS_PANEL_TITLE": helptext("Error"),
    "RICH_HELP": helptext("Try [blue]'{command_path} {help_option}'[/] for help."),
    "ABORTED_TEXT": helptext("Aborted."),
}
"""Typer's own words in its help panels (module attributes of typer.rich_utils), by attribute."""


def word_help(command: Any, language: str, english: tuple[str, ...] = ()) -> None:
    """Say `command`'s help, and that of every command under it, in `language`; of the commands named in
    `english` (the tools), only the line the list of commands shows."""
    gettext = i18n.translator(language, None, core_first=True)

    def say(text: str) -> str:
        template, fields = _TEMPLATES[text]
        return gettext(template).format(**fields) if fields else gettext(template)

    for name, text in PANELS.items():
        setattr(typer.rich_utils, name, say(text))
    _walk(command, typer.Context(command, info_name=command.name), say, english)


def unwrap(text: str | None) -> str | None:
    """`text` with the line breaks inside its paragraphs joined: Typer keeps a docstring's, so a page written
    at 80 columns came out ragged on any other width. Paragraphs stay apart; one that starts with Click's
    `\\b` (no rewrapping) is kept as written."""
    if not text:
        return text
    paragraphs = text.split("\n\n")
    return "\n\n".join(p if p.startswith("\b") else " ".join(p.split("\n")) for p in paragraphs)


def unwrap_all(command: Any) -> None:
    """`unwrap` the help of `command` and of every command under it (the tools' docstrings included)."""
    command.help = unwrap(command.help)
    for sub in getattr(command, "commands", {}).values():
        unwrap_all(sub)


def _walk(command: Any, ctx: typer.Context, say: Callable[[str], str], english: tuple[str, ...]) -> None:
    # Typer's commands are those of its own copy of Click (typer.main.get_command), read here by their attributes.
    # Only texts made by `helptext` are translated: a plug-in's or a tool's text that happens to equal one
    # is left as written.
    def translated(text: str | None) -> str | None:
        return say(text) if text and text in _TEMPLATES else text

    command.help = translated(command.help)
    command.short_help = translated(command.short_help)
    for param in command.params:
        if getattr(param, "help", None):  # options, and Typer's arguments (Click's have no help)
            param.help = translated(param.help)
    option = command.get_help_option(ctx)  # Click makes it once per command and keeps it
    if option is not None:
        option.help = translated(option.help)
    for name, sub in getattr(command, "commands", {}).items():
        if name in english:
            sub.short_help = translated(sub.short_help)
        else:
            _walk(sub, typer.Context(sub, info_name=name, parent=ctx), say, english)
