"""The language terminal play speaks: `--lang`, else the environment's locale, else English.

The texts are the arena's: the same gettext catalogs (`kameleon.engine.translations`),
so that a move refused at the terminal is explained in the words the web table uses.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping, Sequence

import typer

from kameleon.cli.common import fail, speak
from kameleon.cli.helptext import helptext
from kameleon.engine import translations as i18n
from kameleon.engine.messages import Say, msg

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where gettext looks for the reader's language, in its order; the first one set decides."""


def lang_option() -> str | None:
    return typer.Option(
        None,
        "--lang",
        help=helptext(
            "language of the texts, of this help and of the errors ({languages}; default: the locale's, else en)",
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


SPEAKING = ("play", "replay", "analyse", "solve", "games")
"""The commands that take `--lang`, as the list of commands does (`kameleon --lang it --help`); the tools speak
English."""


def command_word(argv: Sequence[str]) -> str | None:
    """The command a command line names: its first word that is neither an option nor the value of a `--lang`
    before it (`kameleon --lang it --help` names none)."""
    words = list(argv[: argv.index("--")] if "--" in argv else argv)
    for i, word in enumerate(words):
        if not word.startswith("-") and (i == 0 or words[i - 1] != "--lang"):
            return word
    return None


def lang_after_command(argv: Sequence[str]) -> list[str]:
    """`argv` with a `--lang` written before a command that takes one moved after that command's name
    ("--lang it play coloretto" is "play --lang it coloretto"); any other command line as it is."""
    words = list(argv)
    if words[:1] == ["--lang"] and len(words) > 2 and words[2] in SPEAKING:
        return [words[2], *words[:2], *words[3:]]
    if words and words[0].startswith("--lang=") and len(words) > 1 and words[1] in SPEAKING:
        return [words[1], words[0], *words[2:]]
    return words


def lang_given(argv: Sequence[str]) -> str | None:
    """The value of the last `--lang` of a command line (before a "--"), or None."""
    words = list(argv[: argv.index("--")] if "--" in argv else argv)
    given = None
    for i, word in enumerate(words):
        if word.startswith("--lang="):
            given = word.removeprefix("--lang=")
        elif word == "--lang" and i + 1 < len(words):
            given = words[i + 1]
    return given


def help_language(argv: Sequence[str], environ: Mapping[str, str], commands: Collection[str] = ()) -> str:
    """The language the help and usage errors of this command line are said in: the last `--lang` of a command
    that takes one, or of the list of commands (no command named: `kameleon --lang it --help`), when it names a
    language kameleon speaks (as the command itself would read it), else the locale's. A bad `--lang` is the
    command's to refuse, in the locale's language. A command that is none of `commands` (a mistyped name: "plya
    --lang it") is refused in the language of its `--lang` too."""
    words = list(argv[: argv.index("--")] if "--" in argv else argv)
    command = command_word(words)
    chosen = None
    if command is None or command in SPEAKING or (commands and command not in commands):
        chosen = lang_given(words)
    if chosen is not None and language_code(chosen) in i18n.LANGUAGES:
        return language_code(chosen)
    return from_environment(environ)


def choose_language(given: str | None) -> str:
    """The language of `--lang` (else the locale's), in which the command's errors are said from now on."""
    if given is None:
        code = from_environment(os.environ)
    else:
        code = language_code(given)
        if code not in i18n.LANGUAGES:
            speak(speaker(from_environment(os.environ), None))  # refused in the locale's language
            known = ", ".join(i18n.LANGUAGES)
            said = msg("cli_bad_lang", "--lang {given!r} is not a language kameleon speaks: choose one of {known}",
                       given=given, known=known)  # fmt: skip
            raise fail(said)
    speak(speaker(code, None))
    return code


def speaker(language: str, game: str | None, *, board: bool = False) -> Say:
    """Words a Message in `language`: the command line's own texts with the arena's catalog first, then the
    game's (None: every game's); with `board`, a game's renderer's texts, the game's catalog first. The two
    orders differ where a game words a short text otherwise ("loss": a lost game, or win chance lost)."""
    return i18n.speaker(language, game, core_first=not board)
