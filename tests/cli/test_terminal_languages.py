"""Terminal play in the reader's language: `--lang`, else the locale's variables, else English."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kameleon
from kameleon.cli.speech import from_environment
from tests.cli.test_cli import run


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, "en"),
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LANG": "uk_UA.UTF-8", "LC_MESSAGES": "fr_FR"}, "fr"),
        ({"LANG": "pl_PL.UTF-8", "LC_ALL": "C.UTF-8"}, "en"),  # LC_ALL wins, and C is English
        ({"LANG": "pl_PL.UTF-8", "LC_ALL": "de_DE.UTF-8"}, "en"),  # a language kameleon does not speak
        ({"LANGUAGE": "de:uk:fr", "LANG": "it_IT.UTF-8"}, "uk"),  # the first of the list that it speaks
        ({"LANGUAGE": "de", "LANG": "fr_FR@euro"}, "fr"),
        ({"LANG": "POSIX"}, "en"),
    ],
)
def test_the_locale_variables_choose_the_language_in_gettexts_order(environ: dict[str, str], language: str) -> None:
    assert from_environment(environ) == language


def test_an_italian_game_at_the_terminal_is_said_in_italian_and_saved_as_any_other(tmp_path: Path) -> None:
    save = tmp_path / "partita.json"
    script = "help\ntake 1\n99\n1\nquit\n"
    out = run(
        "play", "coloretto", "-p", "2", "--bots", "greedy", "--seed", "8", "-o", "start_player=0", "--save", str(save),
        "--lang", "it", stdin=script, home=tmp_path,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    said = " ".join(out.stdout.split())
    assert "giochi al posto 0" in said and "Comandi: moves elenca le mosse possibili" in said
    assert "Non è possibile: La fila 1 è vuota" in said, "the engine's explanation, from the game's catalog"
    assert "Non c'è una mossa 99; scegli da 1 a 1." in said
    assert "carte nel mazzo:" in said and "Collezioni" in said and "scopri la prima carta del mazzo" in said
    assert "Partita salvata in" in said and f"--resume {save} --lang it" in said, "the game goes on in Italian"
    record = json.loads(save.read_text())
    assert record["moves"] == ["draw"] and record["players"] == ["player 1", "greedy"], "names are kept as given"
    replayed = run("replay", str(save), "--lang", "uk_UA", home=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert "Гру не завершено" in replayed.stdout and "Колекції" in replayed.stdout
    assert "гравець 1 (місце 0)" in replayed.stdout, "the name kameleon gave is said in the reader's language"


def test_the_locale_speaks_when_no_language_is_given_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    out = run("play", "cameleon", "--bots", "random", "--seed", "1", stdin="quit\n", home=tmp_path, language="fr")
    assert out.returncode == 0, out.stderr
    assert "Commandes :" in out.stdout
    refused = run("play", "cameleon", "--lang", "de", stdin="quit\n", home=tmp_path / "other")
    assert refused.returncode == 2
    assert "--lang 'de' is not a language kameleon speaks: choose one of en, it, pl, fr, uk" in refused.stderr
    assert not (tmp_path / "other" / "games").exists(), "nothing was started, nothing saved"


def test_errors_are_said_in_the_chosen_language_and_change_nothing(tmp_path: Path) -> None:
    empty = run("play", "coloretto", "-p", "2", "--bots", "greedy,,greedy", "--lang", "pl", home=tmp_path)
    assert empty.returncode == 2
    said = " ".join(empty.stderr.split())
    assert said == "błąd: --bots 'greedy,,greedy' zawiera pustą nazwę: rozdzielaj nazwy jednym przecinkiem"
    option = run("play", "coloretto", "-p", "2", "-o", "scoring=nope", "--lang", "it", home=tmp_path)
    assert option.returncode == 2
    assert " ".join(option.stderr.split()).startswith("errore: valore non valido per l'opzione 'scoring': 'nope'")
    assert not (tmp_path / "games").exists()


@pytest.mark.parametrize("game", ["coloretto", "chromino", "cardcassonne", "cameleon"])
def test_the_prompt_s_help_says_how_every_game_writes_its_moves(game: str) -> None:
    """Examples of this very turn are not enough to learn a notation: each game explains its own, in the
    reader's language, and its examples are moves the game reads."""
    from kameleon.cli.play import help_text
    from kameleon.cli.speech import speaker

    state = kameleon.load(game, players=2).new_state(1)
    renderer = state.game.renderer()
    written = renderer.notation if renderer is not None else None
    assert written is not None
    assert written.template in help_text(state)
    italian = speaker("it", game, board=True)
    assert italian(written) != written.template and italian(written) in help_text(state, italian)
    tokens = {
        "coloretto": ["draw", "place 2", "take 2", "joker red", "positive red", "done"],
        "chromino": ["PRR H 0,-1"],
        "cardcassonne": ["YP3", "DRG@G", "?YP3@B", "F@G", "J@R", "keep", "ten", "wild@G"],
        "cameleon": ["c4-d5", "c4-d5xd6=O@b1", "pass"],
    }[game]
    for token in tokens:
        assert token in written.template
        if game != "cameleon":  # Le Caméléon reads a ply against the position it is played in
            state.parse_action(token)
