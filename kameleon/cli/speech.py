"""The language terminal play speaks: `--lang`, else the environment's locale, else English.

The texts are the arena's: the same gettext catalogs (`kameleon.engine.translations`),
so that a move refused at the terminal is explained in the words the web table uses.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

import typer

from kameleon.cli.common import fail, speak
from kameleon.cli.helptext import helptext
from kameleon.engine import translations as i18n
from kameleon.engine.messages import Say

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where gettext looks for the reader's language, in its order; the first one set decides."""


def lang_option() -> str | None:
    return typer.Option(
        None,
        "--lang",
        help=helptext(
            "language of the table's texts ({languages}; default: the locale's, else en)",
            languages=", ".join(i18n.LANGUAGES),
        ),
        show_default=False,
    )


def language_code(locale: str) -> str:
    """The language of a locale's name: `it`, `IT`, `it_IT`, `it-IT`, `it_IT.UTF-8` and `it_IT@euro` are `it`."""
    return locale.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def from_environment(environ: Mapping[str, str]) -> str:
    """The first interface language named by the locale variables (`it_IT.UTF-8` is Italian); English else.

    `LANGUAGE` may list several (`uk:pl`): the first one kameleon speaks wins, as in gettext. Unlike gettext,
    a `LANGUAGE` that names none kameleon speaks leaves the choice to the next variables, which name the
    locale itself: `LANGUAGE=de LANG=fr_FR.UTF-8` plays in French rather than in English."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for item in value.split(":") if variable == "LANGUAGE" else [value]:
            code = language_code(item)
            if code in i18n.LANGUAGES:
                return code
        if variable != "LANGUAGE":
            return i18n.DEFAULT  # LC_ALL=C, or a language kameleon does not speak: the next variables do not count
    return i18n.DEFAULT


def help_language(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language the help of this command line is said in: its `--lang` when it names one kameleon speaks,
    else the locale's. A bad `--lang` is the command's to refuse; its help is then in the locale's language."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = arg.removeprefix("--lang=") if arg.startswith("--lang=") else None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        if value is not None and language_code(value) in i18n.LANGUAGES:
            return language_code(value)
    return from_environment(environ)


def choose_language(given: str | None) -> str:
    """The language of `--lang` (else the locale's), in which the command's errors are said from now on."""
    if given is None:
        code = from_environment(os.environ)
    else:
        code = language_code(given)
        if code not in i18n.LANGUAGES:
            known = ", ".join(i18n.LANGUAGES)
            raise fail(f"--lang {given!r} is not a language kameleon speaks: choose one of {known}")
    speak(speaker(code, None))
    return code


def speaker(language: str, game: str | None, *, board: bool = False) -> Say:
    """Words a Message in `language`: the command line's own texts with the arena's catalog first, then the
    game's (None: every game's); with `board`, a game's renderer's texts, the game's catalog first. The two
    orders differ where a game words a short text otherwise ("loss": a lost game, or win chance lost)."""
    return i18n.speaker(language, game, core_first=not board)
