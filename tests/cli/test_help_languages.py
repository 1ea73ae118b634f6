"""The command line's help in the reader's language: `--lang`, else the locale, as the commands speak."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer

from kameleon.cli import helptext, usage_words
from kameleon.cli.main import app
from kameleon.cli.speech import help_language, lang_after_command
from kameleon.engine.translations import LANGUAGES, translator
from tests.cli.test_cli import run

PLAYED = ("play", "replay", "analyse", "solve", "games", "version")
"""The commands whose whole help is translated (the tools' pages stay English: README.md)."""


@pytest.mark.parametrize(
    ("argv", "environ", "language"),
    [
        (["play", "--help", "--lang", "it"], {}, "it"),
        (["play", "--lang=fr_FR", "--help"], {"LANGUAGE": "uk"}, "fr"),
        (["--help"], {"LANGUAGE": "pl"}, "pl"),
        (["play", "--lang", "de", "--help"], {"LANG": "uk_UA.UTF-8"}, "uk"),  # the command refuses "de" itself
        (["play", "--help", "--lang", "it", "--lang", "fr"], {}, "fr"),  # the last, as Click reads it
        (["replay", "--", "--lang", "it"], {}, "en"),  # after "--" it is a file's name
        (["games", "--help", "--lang", "it"], {"LANGUAGE": "pl"}, "it"),
        (["--help", "--lang", "it"], {"LANGUAGE": "pl"}, "it"),  # the list of commands'
        (["--lang=fr", "--help"], {}, "fr"),
        (["--lang", "it", "tournament", "--help"], {}, "en"),  # a tool's page is English: the tool refuses it
        (["--help"], {}, "en"),
        (["plya", "--lang", "it"], {}, "en"),  # without the list of commands, a mistyped one is not known as such
    ],
)
def test_the_help_speaks_the_language_of_the_command(argv: list[str], environ: dict[str, str], language: str) -> None:
    assert help_language(argv, environ) == language


def test_the_list_of_commands_takes_a_lang_before_or_after_its_help(tmp_path: Path) -> None:
    for argv in (("--help", "--lang", "it"), ("--lang", "it", "--help")):
        italian = run(*argv, home=tmp_path, columns=200)
        assert italian.returncode == 0 and "Gioca, studia e batti" in italian.stdout, italian.stderr
    unknown = run("--lang", "xx", "--help", home=tmp_path, columns=200)
    assert unknown.returncode == 2 and not unknown.stdout
    assert "--lang 'xx' is not a language kameleon speaks: choose one of" in unknown.stderr
    tool = run("--lang", "it", "tournament", "-g", "coloretto", home=tmp_path, columns=200)
    assert tool.returncode == 2 and "tournament non accetta --lang: i suoi testi sono in inglese" in tool.stderr
    twice = run("--lang", "it", "--lang", "fr", "play", "coloretto", home=tmp_path, columns=200)
    assert twice.returncode == 2 and "écrivez --lang une seule fois, après la commande : kameleon play --lang fr" in (
        twice.stderr
    )
    listed = run("--lang", "pl", "games", "--verbose", home=tmp_path, columns=200)
    assert listed.returncode == 0 and "coloretto  Coloretto (wbudowana)" in listed.stdout, listed.stderr


def _texts(command: Any) -> list[str]:
    found = [command.help] + [p.help for p in command.params if getattr(p, "help", None)]
    return [text for text in found if text]


def test_every_help_text_of_the_played_commands_is_a_catalog_template() -> None:
    group: Any = typer.main.get_command(app)
    texts = [group.help] + [group.commands[name].short_help or group.commands[name].help for name in group.commands]
    for name in PLAYED:
        texts += _texts(group.commands[name])
    untranslatable = [text for text in texts if text not in helptext._TEMPLATES]
    assert not untranslatable


def test_play_help_in_italian_and_the_command_list_in_polish(tmp_path: Path) -> None:
    italian = run("play", "--help", "--lang", "it", home=tmp_path, columns=200)
    assert italian.returncode == 0, italian.stderr
    for said in ("Gioca una partita nel terminale", "Opzioni", "seme della distribuzione", "[obbligatorio]",
                 "Mostra questo messaggio ed esce.", "easy, expert, greedy, hard, medium, random"):  # fmt: skip
        assert said in italian.stdout, said
    polish = run("--help", home=tmp_path, columns=200, language="pl")
    assert "Polecenia" in polish.stdout and "Rozgrywa partię w terminalu." in polish.stdout
    english = run("analyse", "--help", home=tmp_path, columns=200)
    assert "Labels: best (under 1), good (under 5)" in english.stdout and "Options" in english.stdout
    french = run("analyse", "--help", home=tmp_path, columns=200, language="fr")
    assert "Étiquettes : meilleur (sous 1), bon (sous 5)" in french.stdout and "[par défaut : 0]" in french.stdout


def test_a_usage_error_is_said_in_the_chosen_language(tmp_path: Path) -> None:
    out = run("play", "coloretto", "--players", "x", "--lang", "pl", home=tmp_path, columns=120)
    assert out.returncode == 2
    assert "Użycie: " in out.stderr and "kameleon play [OPCJE] {game}" in out.stderr
    assert "Pomoc: " in out.stderr and "kameleon play --help'." in out.stderr
    assert "Błąd" in out.stderr and "Nieprawidłowa wartość dla '--players' / '-p': " in out.stderr
    assert "Input" not in out.stderr and "Usage" not in out.stderr


USAGE_ERRORS = [
    ["play"],
    ["play", "coloretto", "--players", "x"],
    ["play", "coloretto", "--bogus"],
    ["play", "coloretto", "--bots"],
    ["play", "coloretto", "extra"],
    ["replay", "--upto", "-3", "record.json"],
    ["analyse", "record.json", "--move-time", "soon"],
    ["frob"],
    ["plya"],
]
"""Command lines Click refuses before kameleon reads them, each with a different sentence."""


def _click_says(argv: list[str]) -> str:
    command: Any = typer.main.get_command(app)
    with pytest.raises(Exception) as refused:  # Typer's own copy of Click's UsageError
        command.main(args=argv, prog_name="kameleon", standalone_mode=False)
    said: str = refused.value.format_message()  # type: ignore[attr-defined]
    return said


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_sentence_click_refuses_with_is_known_and_said_in_every_language(language: str) -> None:
    say = translator(language, None, core_first=True)
    english = [_click_says(argv) for argv in USAGE_ERRORS]
    assert len(set(english)) == len(english), english
    for sentence in english:
        said = usage_words.word_error(sentence, say)
        assert said != sentence and "Input should" not in said, (sentence, said)
    assert usage_words.word_usage("Usage: kameleon play", say) == f"{say('Usage:')} kameleon play"
    assert usage_words.word_error("A sentence of no known shape.", say) == "A sentence of no known shape."


def test_a_tool_s_page_stays_english_and_a_bad_language_is_refused_in_the_locale_s(tmp_path: Path) -> None:
    tool = run("tournament", "--help", home=tmp_path, columns=200, language="pl")
    assert tool.returncode == 0 and "Options" in tool.stdout and "Opcje" not in tool.stdout
    assert "[required]" in tool.stdout and "game option as key=value" in tool.stdout
    listing = run("--help", home=tmp_path, columns=200, language="pl")
    assert "Rozgrywa partie botów przeciw sobie" in listing.stdout  # the tool's line in the list is translated
    refused = run("play", "coloretto", "-p", "2", "--lang", "de", home=tmp_path, language="pl")
    assert refused.returncode == 2
    assert "błąd: --lang 'de' to nie język, którym mówi kameleon: wybierz jeden z en, it, pl, fr, uk" in refused.stderr


def test_a_mistyped_command_is_refused_in_the_language_of_its_lang() -> None:
    assert help_language(["plya", "--lang", "it"], {}, commands=("play", "games")) == "it"
    assert help_language(["tournament", "--lang", "it"], {"LANGUAGE": "pl"}, commands=("play", "tournament")) == "pl"


def test_an_english_command_line_after_an_italian_one_is_english_again() -> None:
    command: Any = typer.main.get_command(app)
    helptext.word_help(command, "it")
    usage_words.install(command, "it")
    assert typer.rich_utils.ERRORS_PANEL_TITLE == "Errore"
    helptext.word_help(command, "en")
    usage_words.install(command, "en")
    assert typer.rich_utils.ERRORS_PANEL_TITLE == "Error" and typer.rich_utils.ABORTED_TEXT == "Aborted."
    assert typer.rich_utils.rich_format_error is usage_words._ENGLISH_ERROR


def test_a_delay_too_long_for_the_clock_is_refused_not_a_crash(tmp_path: Path) -> None:
    out = run("play", "coloretto", "-b", "random,random", "--delay", "inf", home=tmp_path, columns=120)
    assert out.returncode == 2 and "Traceback" not in out.stderr and "--delay" in out.stderr


def test_a_lang_before_the_command_is_the_command_s() -> None:
    assert lang_after_command(["--lang", "it", "play", "coloretto"]) == ["play", "--lang", "it", "coloretto"]
    assert lang_after_command(["--lang=fr", "replay", "r.json"]) == ["replay", "--lang=fr", "r.json"]
    assert lang_after_command(["--lang", "it", "games"]) == ["games", "--lang", "it"]
    assert lang_after_command(["--lang", "it", "bench"]) == ["--lang", "it", "bench"]  # a tool takes none: refused
    assert lang_after_command(["play", "--lang", "it"]) == ["play", "--lang", "it"]


def test_a_missing_table_size_is_said_with_its_range_in_the_chosen_language(tmp_path: Path) -> None:
    out = run("--lang", "pl", "play", "coloretto", home=tmp_path)  # --lang before the command is the command's
    assert out.returncode == 2
    assert "błąd: opcja 'players' jest wymagana w grze coloretto: liczba miejsc, od 2 do 5" in out.stderr


def test_the_list_of_games_and_what_they_declare_speaks_the_locale(tmp_path: Path) -> None:
    english = run("games", "--verbose", home=tmp_path, columns=300)
    assert "coloretto  Coloretto (built-in): heuristics, observation, terminal board, expert networks for 2p, 4p" in (
        english.stdout
    )
    assert "bench extras, expert by alpha-beta search\n" in english.stdout.split("cameleon  Le Caméléon")[1]
    polish = run("games", "-v", home=tmp_path, columns=300, language="pl")
    assert (
        "coloretto  Coloretto (wbudowana): heurystyki, obserwacja, plansza w terminalu, sieci poziomu expert dla"
        in (polish.stdout)
    )
    assert "poziom expert z przeszukiwaniem alfa-beta" in polish.stdout


def test_help_paragraphs_flow_to_the_terminal_width(tmp_path: Path) -> None:
    """A docstring's line breaks (written at 80 columns) are not kept: at 60 columns they broke lines early."""
    narrow = run("tournament", "--help", home=tmp_path, columns=60)
    assert narrow.returncode == 0, narrow.stderr
    words = " ".join(narrow.stdout.split())
    assert "A bot listed twice is one bot at several seats" in words
    lines = [line.strip() for line in narrow.stdout.splitlines()]
    # Every line of the flowed paragraph but its last fills the width (Rich wraps at a word).
    start = next(i for i, line in enumerate(lines) if line.startswith("A shared first place"))
    paragraph = lines[start : lines.index("", start)]
    assert len(paragraph) > 1 and all(len(line) > 45 for line in paragraph[:-1])


def test_unwrap_keeps_paragraphs_and_unwrapped_blocks() -> None:
    assert helptext.unwrap("one\ntwo\n\nthree\nfour") == "one two\n\nthree four"
    assert helptext.unwrap("\b\nkept\nas is\n\nflow\ned") == "\b\nkept\nas is\n\nflow ed"
    assert helptext.unwrap(None) is None
