"""Records and replay: round trips, and precise errors on bad records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import kameleon
from kameleon.ai import make_agent
from kameleon.engine.record import game_identity, read_record, write_record


def finished_record(seed: int = 3) -> dict[str, Any]:
    game = kameleon.load("coloretto", players=3)
    agents = [make_agent("greedy", s) for s in range(3)]
    return kameleon.play_match(game, agents, seed=seed).record


def test_record_shape_and_round_trip(tmp_path: Path) -> None:
    record = finished_record()
    assert record["format"] == "kameleon-record" and record["version"] == 1
    assert record["game"] == "coloretto" and record["players"] == ["greedy"] * 3
    assert record["moves"][0] == "draw"
    assert set(record["result"]) == {"scores", "winners"}
    path = tmp_path / "game.json"
    write_record(record, path)
    again = read_record(path)
    assert again == json.loads(json.dumps(record))
    state = kameleon.replay(again)
    assert state.is_terminal and state.record(again["players"]) == record


def test_partial_replay() -> None:
    record = finished_record()
    state = kameleon.replay(record, upto=5)
    assert len(state.history) == 5 and not state.is_terminal
    record["result"]["scores"][0] += 1
    assert not kameleon.replay(record, upto=5).is_terminal, "a part of a game has no result to check"
    with pytest.raises(kameleon.RecordError, match="record says scores"):
        kameleon.replay(record, upto=len(record["moves"]) + 5)  # all of it: the result is checked


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("seed"), "no 'seed' field"),
        (lambda r: r.update(game="chess"), "unknown game 'chess'"),
        (lambda r: r.update(format="pgn"), "not a kameleon record"),
        (lambda r: r.update(version=99), "newer than this kameleon reads"),
        (lambda r: r.update(seed="x"), "seed must be an integer"),
        (lambda r: r.update(options={"players": 9}), "from 2 to 5"),
        (lambda r: r.update(moves="draw"), "list of moves"),
        (lambda r: r["moves"].__setitem__(1, "take 1"), "move 2 'take 1' cannot be played"),
        (lambda r: r["moves"].__setitem__(0, 7), "move 1 is 7"),
        (lambda r: r["moves"].__setitem__(0, "jump"), "move 1 'jump' cannot be played: .*not a move"),
        (lambda r: r.update(result={"scores": [0, 0, 0], "winners": [0]}), "record says scores"),
        (lambda r: r.update(players=["a"]), "must list 3 names"),
        (lambda r: r.update(players=[1, 2, 3]), r"must list 3 names \(text\)"),
        (lambda r: r.update(version=True), r"field 'version' must be a whole number from 1 to 1, not True"),
        (lambda r: r.update(version="1"), r"field 'version' must be a whole number from 1 to 1, not '1'"),
        (lambda r: r.update(version=1.0), r"field 'version' must be a whole number from 1 to 1, not 1\.0"),
        (lambda r: r.update(version=None), r"field 'version' must be a whole number from 1 to 1, not None"),
        (lambda r: r.update(version=0), r"field 'version' must be a whole number from 1 to 1, not 0"),
        (lambda r: r["moves"].pop(), "do not finish the game"),
    ],
)
def test_bad_records_are_named(change: Any, message: str) -> None:
    record = finished_record()
    change(record)
    with pytest.raises(kameleon.RecordError, match=message):
        kameleon.replay(record)


def test_bad_files_are_named(tmp_path: Path) -> None:
    with pytest.raises(kameleon.RecordError, match="cannot read"):
        read_record(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(kameleon.RecordError, match=r"bad.json is not valid JSON \(line 1, column 2: Expecting"):
        read_record(bad)
    bad.write_text("[1, 2]")
    with pytest.raises(kameleon.RecordError, match="JSON array, not a record"):
        read_record(bad)
    bad.write_bytes(b"\xff\xfe{}")
    with pytest.raises(kameleon.RecordError, match=r"bad.json is not a text file \(a record is JSON in UTF-8\)"):
        read_record(bad)
    bad.write_text("[" * 100_000)
    with pytest.raises(kameleon.RecordError, match="nested too deeply"):
        read_record(bad)


def test_a_failed_write_leaves_the_old_file_and_no_spare(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    write_record({"moves": []}, target)
    (tmp_path / "game.json.tmp").mkdir()  # the spare cannot be written
    with pytest.raises(OSError):
        write_record({"moves": ["draw"]}, target)
    assert json.loads(target.read_text()) == {"moves": []}
    with pytest.raises(OSError):
        write_record({"moves": []}, tmp_path)  # a folder is no record file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.tmp"]


def test_determinized_states_have_no_record() -> None:
    import random

    state = kameleon.load("coloretto", players=3).new_state(1)
    with pytest.raises(kameleon.KameleonError, match="determinize"):
        state.determinize(0, random.Random(1)).record()


def test_a_games_identity_is_its_start_and_moves_not_its_seed() -> None:
    """Two seeds of Le Caméléon (no deal) bring the same game when the moves are the same; two Coloretto deals
    played with the same tokens are two games (other cards came up)."""
    moves = ["a4-b5", "b6-c5", "b5-a4", "c5-b6"]
    cameleon = [kameleon.load("cameleon").new_state(seed) for seed in (1, 2)]
    for state in cameleon:
        state.replay_tokens(moves)
    records = [state.record() for state in cameleon]
    assert records[0]["seed"] != records[1]["seed"]
    assert game_identity(records[0]) == game_identity(records[1])
    assert game_identity(records[0]) != game_identity({**records[0], "moves": moves[:2]})
    tokens = ["draw", "place 1", "draw", "place 2"]
    coloretto = [kameleon.load("coloretto", players=2).new_state(seed) for seed in (1, 2)]
    for dealt in coloretto:
        dealt.replay_tokens(tokens)
    assert game_identity(coloretto[0].record()) != game_identity(coloretto[1].record())
    again = kameleon.load("coloretto", players=2).new_state(1)
    again.replay_tokens(tokens)
    assert game_identity(again.record()) == game_identity(coloretto[0].record())
