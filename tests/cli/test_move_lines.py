"""The move lines of `play` and `replay`: each move in words, then its notation, as the watcher may know it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import kameleon
from tests.cli.test_cli import run


def _cardcassonne_record(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    path = tmp_path / "cc.json"
    out = run("play", "cardcassonne", "-p", "2", "-b", "random,random", "--seed", "3", "--save", str(path),
              "-q", home=tmp_path)  # fmt: skip
    assert out.returncode == 0, out.stderr
    return path, json.loads(path.read_text())


def test_a_seat_s_replay_names_no_card_another_seat_laid_face_down(tmp_path: Path) -> None:
    path, record = _cardcassonne_record(tmp_path)
    moves = record["moves"]
    assert isinstance(moves, list)
    state = kameleon.replay({key: value for key, value in record.items() if key != "result"} | {"moves": []})
    hidden = []  # (number, token) of seat 1's face-down cards
    for number, token in enumerate(moves, start=1):
        if state.current_player == 1 and token.startswith("?"):
            hidden.append((number, token))
        state.apply_str(token)
    assert hidden
    seen = run("replay", str(path), "--seat", "0", home=tmp_path, columns=250).stdout
    spectator = run("replay", str(path), home=tmp_path, columns=250).stdout  # as its board: a spectator's
    own = run("replay", str(path), "--seat", "1", home=tmp_path, columns=250).stdout
    for number, token in hidden:
        for watched in (seen, spectator):
            line = re.search(rf"^ *{number} (.*)$", watched, re.M)
            assert line is not None and "face down" in line[1] and line[1].endswith(f"?@{token[-1]}"), line
        full = re.search(rf"^ *{number} (.*)$", own, re.M)
        assert full is not None and full[1].endswith(token) and ": " in full[1], "its player's replay names it"


def test_a_name_cannot_drive_the_reader_s_terminal(tmp_path: Path) -> None:
    path, record = _cardcassonne_record(tmp_path)
    record["players"] = ["\x1b]0;pwned\x07\x1b[2J\x1b[31mEVIL\u202e", "Bob"]
    path.write_text(json.dumps(record))
    out = run("replay", str(path), home=tmp_path, columns=250)
    assert out.returncode == 0, out.stderr
    assert "\x1b" not in out.stdout and "\x07" not in out.stdout and "\u202e" not in out.stdout
    assert "]0;pwned[2J[31mEVIL (seat 0)" in out.stdout


def test_play_numbers_a_ply_of_several_actions_as_its_record_and_replay_do(tmp_path: Path) -> None:
    path = tmp_path / "cm.json"
    played = run("play", "cameleon", "-b", "medium,random", "--seed", "3", "--save", str(path), home=tmp_path,
                 columns=250).stdout  # fmt: skip
    record = json.loads(path.read_text())
    first = next(n for n, token in enumerate(record["moves"], start=1) if "x" in token)  # a capture: choices
    lines = re.findall(rf"^ *{first} (.*\(seat \d\).*)$", played, re.M)
    # a bot's ply of several actions is one line, once whole, with the record's whole token: as replay says it
    assert len(lines) == 1 and "captured" in lines[0] and lines[0].endswith(record["moves"][first - 1])
    replayed = run("replay", str(path), "--upto", str(first), home=tmp_path, columns=250).stdout
    said = re.search(rf"^ *{first} (.*)$", replayed, re.M)
    assert said is not None and said[1] == lines[0]


def test_a_long_sentence_wraps_under_itself_and_its_notation_follows_the_last_words() -> None:
    from rich.console import Console

    from kameleon.cli.moves import MoveLine

    sentence = "player 1 (seat 0) took row 2: +2, green · discarded: yellow, red, +2"
    console = Console(width=44, record=True, color_system=None)
    console.print(MoveLine(98, sentence, "take 2"))
    assert console.export_text().splitlines() == [
        "  98 player 1 (seat 0) took row 2: +2, green",
        "     · discarded: yellow, red, +2  take 2",  # after the last words, not beside the first
    ]
    console = Console(width=40, record=True, color_system=None)
    console.print(MoveLine(98, sentence, "take 2"))
    assert console.export_text().splitlines()[1:] == ["     green · discarded: yellow, red, +2", "     take 2"]
    console = Console(width=120, record=True, color_system=None)
    console.print(MoveLine(3, "player 1 (seat 0) drew red", "draw"))
    assert console.export_text() == "   3 player 1 (seat 0) drew red  draw\n"  # one line where it fits
