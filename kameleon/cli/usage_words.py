"""Click's own sentences in the reader's language: usage errors and the "Usage:" line.

Typer's copy of Click writes its usage errors as English f-strings ("Missing argument 'game'.",
"No such option: --bogus") and Pydantic words the values it cannot convert ("Input should be a valid
integer, ..."). Neither offers a catalog, so the sentences are recognised here by their shape and said
again from templates of the arena's catalog (marked with `helptext`, extracted by scripts/i18n). A
sentence of another shape (a plug-in's, or one a newer Click words differently) is shown as it was
written: nothing is lost, it is only left in English.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import typer.rich_utils

from kameleon.cli.helptext import helptext
from kameleon.engine import translations as i18n

Say = Callable[[str], str]
"""A template's translation (not yet filled in)."""

USAGE = helptext("Usage:")
METAVARS = {"[OPTIONS]": helptext("[OPTIONS]"), "COMMAND [ARGS]...": helptext("COMMAND [ARGS]...")}
"""Click's placeholders in a usage line, by what Click writes."""
ERRORS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"Missing argument (?P<name>.+?)\.", re.DOTALL), helptext("Missing argument {name}.")),
    (re.compile(r"Missing option (?P<name>.+?)\.", re.DOTALL), helptext("Missing option {name}.")),
    (re.compile(r"Missing parameter:? (?P<name>.+?)\.?", re.DOTALL), helptext("Missing parameter {name}.")),
    (
        re.compile(r"No such option: (?P<name>.+?) \(Possible options: (?P<options>.+)\)"),
        helptext("No such option: {name} (similar options: {options})"),
    ),
    (re.compile(r"No such option: (?P<name>.+)"), helptext("No such option: {name}")),
    (re.compile(r"Got unexpected extra argument\(s\) \((?P<words>.*)\)"), helptext("Unexpected words: {words}")),
    (
        re.compile(r"No such command (?P<name>.+?)\. Did you mean (?P<commands>.+)\?"),
        helptext("No such command {name} (similar commands: {commands})."),
    ),
    (re.compile(r"No such command (?P<name>.+)\."), helptext("No such command {name}.")),
    (re.compile(r"Missing command\."), helptext("Missing command.")),
    (re.compile(r"Option (?P<name>.+) requires an argument\."), helptext("Option {name} needs a value.")),
    (re.compile(r"Option (?P<name>.+) requires (?P<n>\d+) arguments\."), helptext("Option {name} needs {n} values.")),
    (re.compile(r"Option (?P<name>.+) does not take a value\."), helptext("Option {name} takes no value.")),
    (
        re.compile(r"Invalid value for (?P<name>.+?): (?P<detail>Input should .+)", re.DOTALL),
        helptext("Invalid value for {name}: {detail}"),
    ),
    (
        re.compile(r"Invalid value for (?P<name>'[^']*'(?: / '[^']*')*): (?P<detail>.+)", re.DOTALL),
        helptext("Invalid value for {name}: {detail}"),
    ),
    (re.compile(r"Invalid value: (?P<detail>.+)", re.DOTALL), helptext("Invalid value: {detail}")),
]
"""Click's usage errors by their shape (matched whole, first match wins) -> the template that says them."""
DETAILS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"Input should be a valid integer\b.*"), helptext("Input should be a valid integer")),
    (re.compile(r"Input should be a valid number\b.*"), helptext("Input should be a valid number")),
    (re.compile(r"Input should be a valid boolean\b.*"), helptext("Input should be a valid boolean")),
    (
        re.compile(r"Input should be greater than or equal to (?P<limit>\S+)"),
        helptext("Input should be greater than or equal to {limit}"),
    ),
    (re.compile(r"Input should be greater than (?P<limit>\S+)"), helptext("Input should be greater than {limit}")),
    (
        re.compile(r"Input should be less than or equal to (?P<limit>\S+)"),
        helptext("Input should be less than or equal to {limit}"),
    ),
    (re.compile(r"Input should be less than (?P<limit>\S+)"), helptext("Input should be less than {limit}")),
]
"""What Pydantic says of a value it cannot convert -> the template that says it: the arena's own words for
Pydantic's (kameleon's own words, the rest, are already in the reader's language)."""

_ENGLISH_ERROR = typer.rich_utils.rich_format_error


def _said(text: str, shapes: list[tuple[re.Pattern[str], str]], say: Say) -> str | None:
    for shape, template in shapes:
        found = shape.fullmatch(text)
        if found:
            fields = dict(found.groupdict())
            if "detail" in fields:
                fields["detail"] = _said(fields["detail"], DETAILS, say) or fields["detail"]
            return say(template).format(**fields)
    return None


def word_error(english: str, say: Say) -> str:
    """Click's usage error `english` in the language of `say`, or as it is when its shape is not known."""
    return _said(english, ERRORS, say) or english


def word_usage(english: str, say: Say) -> str:
    """A "Usage: kameleon play [OPTIONS] {game}" line with its first word in the language of `say`."""
    prefix = "Usage: "
    return f"{say(USAGE)} {english.removeprefix(prefix)}" if english.startswith(prefix) else english


def install(command: Any, language: str) -> None:
    """From now on, say the usage lines of `command` and of the commands under it, and every usage error Typer
    prints, in `language` (Click's own words in English)."""
    if language == i18n.DEFAULT:
        setattr(typer.rich_utils, "rich_format_error", _ENGLISH_ERROR)  # noqa: B010 - Typer declares its own type
        return
    gettext = i18n.translator(language, None, core_first=True)
    _usage_in(command, gettext)

    def rich_format_error(error: Any) -> None:
        english = error.format_message()
        error.format_message = lambda: word_error(english, gettext)
        _ENGLISH_ERROR(error)

    setattr(typer.rich_utils, "rich_format_error", rich_format_error)  # noqa: B010 - Typer declares its own type


def _usage_in(command: Any, say: Say) -> None:
    for attribute in ("options_metavar", "subcommand_metavar"):
        written = getattr(command, attribute, None)
        if written in METAVARS:
            setattr(command, attribute, say(METAVARS[written]))
    english = command.get_usage
    command.get_usage = lambda ctx: word_usage(english(ctx), say)
    for sub in getattr(command, "commands", {}).values():
        _usage_in(sub, say)
