"""The `kameleon` command, run for real as a subprocess."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

import kameleon
from kameleon.ai.tournament import Tournament, run_tournament
from tests.signals import hears_ctrl_c


def run(
    *args: str,
    stdin: str = "",
    home: Path,
    timeout: float = 120,
    columns: int = 120,
    language: str = "en",
    terminal: bool = False,
) -> subprocess.CompletedProcess[str]:
    # LANGUAGE comes first among the locale's variables: the tests read the language they chose, whatever the locale.
    env = {**os.environ, "KAMELEON_HOME": str(home), "COLUMNS": str(columns), "LANGUAGE": language}
    if terminal:  # Rich writes to the pipe as to a terminal: colours, and the escapes that clear the screen
        env["FORCE_COLOR"] = "1"
    command = [sys.executable, "-m", "kameleon", *args]
    return subprocess.run(command, input=stdin, capture_output=True, text=True, env=env, timeout=timeout)


def test_bots_only_game_exits_zero_and_saves_a_replayable_record(tmp_path: Path) -> None:
    out = run("play", "coloretto", "--players", "3", "--bots", "greedy,random,greedy", "--seed", "4", home=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "Final scores" in out.stdout and "★" in out.stdout
    saved = tmp_path / "games" / "coloretto-4.json"
    record = json.loads(saved.read_text())
    assert record["players"] == ["greedy", "random", "greedy"] and record["result"]["winners"]
    # Each move is said in words, then in notation: "   1 random (seat 1) drew +2  draw".
    assert re.search(r"^ +1 \w+ \(seat \d\) drew \S+  draw$", out.stdout, re.M), out.stdout[:300]
    replayed = run("replay", str(saved), home=tmp_path, language="it")
    assert replayed.returncode == 0, replayed.stderr
    assert re.search(r"^ +2 \w+ \(posto \d\) ha messo \S+ nella fila (\d)  place \1$", replayed.stdout, re.M)
    winners = [f"{record['players'][seat]} (seat {seat})" for seat in record["result"]["winners"]]
    ending = "★ Vince: " if len(winners) == 1 else "★ Primo posto condiviso: "
    assert ending + ", ".join(winners).replace("seat", "posto") in replayed.stdout


def test_human_moves_errors_and_quit_then_resume(tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    script = "help\nmoves\ntake 1\nplace 1\nbanana\n99\n1\n1\nquit\n"
    out = run(
        "play", "coloretto", "-p", "2", "--bots", "greedy", "--seed", "8", "-o", "start_player=0", "--save", str(save),
        stdin=script, home=tmp_path,
    )  # fmt: skip
    assert out.returncode == 0, "quitting saves the game: nothing went wrong"
    assert "Row 1 is empty" in out.stdout
    assert "no drawn card to place" in out.stdout
    assert "'banana' is not a move" in out.stdout
    assert "There is no move 99" in out.stdout
    record = json.loads(save.read_text())
    assert record["moves"][:2] == ["draw", "place 1"]
    resumed = run("play", "coloretto", "--bots", "greedy", "--resume", str(save), stdin="quit\n", home=tmp_path)
    assert resumed.returncode == 0
    assert json.loads(save.read_text())["moves"][:2] == ["draw", "place 1"]
    # The printed command resumes the game as it was: the saved game's bot plays on, the person is asked.
    again = out.stdout.split("continue with: ")[-1].split()
    assert again[:2] == ["kameleon", "play"]
    finished_resume = run(*again[1:], stdin="1\n" * 400, home=tmp_path)
    assert finished_resume.returncode == 0 and "Final scores" in finished_resume.stdout
    record = json.loads(save.read_text())
    assert record["players"] == ["player 1", "greedy"] and record["result"]["winners"]
    # Hot-seat to the end: answer every prompt with the first legal move.
    finished = run("play", "coloretto", "-p", "2", "--seed", "8", stdin="1\n" * 400, home=tmp_path)
    assert finished.returncode == 0 and "Final scores" in finished.stdout


def test_odd_answers_at_the_prompt_are_refused_and_the_game_goes_on(tmp_path: Path) -> None:
    save = tmp_path / "odd.json"
    script = "²\n" + "9" * 150 + "\n" + "9" * 5000 + "\n0\n[red]x\n1\nquit\n"
    out = run("play", "cameleon", "--bots", "random", "--seed", "1", "--save", str(save), stdin=script, home=tmp_path)
    assert out.returncode == 0, out.stderr
    said = " ".join(out.stdout.split())
    assert "There is no move 0;" in said and "There is no move 999999999999…;" in said
    assert "That line is 5,000 characters long: no move is longer than 200." in said
    assert "Not possible: '²' is not a move token" in said
    assert "Not possible: '[red]x' is not a move token" in said, "typed text is shown as typed, never as markup"
    assert len(json.loads(save.read_text())["moves"]) >= 1


def test_saved_games_are_never_overwritten_and_quitting_at_once_saves(tmp_path: Path) -> None:
    first = run("play", "coloretto", "-p", "2", "--seed", "5", stdin="quit\n", home=tmp_path)
    assert first.returncode == 0
    kept = tmp_path / "games" / "coloretto-5.json"
    assert json.loads(kept.read_text())["moves"] == [], "quitting before the first move still saves the game"
    second = run("play", "coloretto", "-p", "3", "--seed", "5", "--bots", "greedy,greedy,greedy", "-q", home=tmp_path)
    assert second.returncode == 0 and "coloretto-5-2.json" in second.stdout
    assert "Final scores" in second.stdout and "Rows" not in second.stdout, "-q prints the result, not the board"
    assert json.loads(kept.read_text())["options"]["players"] == 2, "the other game's record is untouched"
    taken = run("play", "coloretto", "-p", "2", "--bots", "greedy,greedy", "--save", str(kept), home=tmp_path)
    assert taken.returncode == 2 and "already exists" in " ".join(taken.stderr.split())
    folder = run("play", "coloretto", "-p", "2", "--bots", "greedy,greedy", "--save", str(tmp_path), home=tmp_path)
    assert folder.returncode == 2 and "is a folder" in " ".join(folder.stderr.split())
    assert json.loads(kept.read_text())["moves"] == []


def test_ctrl_c_while_a_bot_thinks_saves_and_says_how_to_go_on(tmp_path: Path) -> None:
    save = tmp_path / "long.json"
    env = {**os.environ, "KAMELEON_HOME": str(tmp_path), "COLUMNS": "200"}
    command = [sys.executable, "-m", "kameleon", "play", "coloretto", "-p", "2", "--bots", "hard,hard"]
    process = subprocess.Popen(
        [*command, "--save", str(save)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=hears_ctrl_c,
    )
    assert process.stdout is not None
    assert "(seat" in process.stdout.readline(), "a first move was played"
    process.send_signal(signal.SIGINT)
    rest = process.stdout.read()
    assert process.wait(30) == 130
    assert f"Interrupted. Game saved to {save}; continue with: kameleon play coloretto --resume {save}" in rest
    assert kameleon.replay(json.loads(save.read_text())).history


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "coloretto", "-p", "2", "--bots", ",,"], "--bots ',,' has an empty name"),
        (["play", "coloretto", "-p", "4", "-o", "players=3"], "--players 4 and -o players=3 disagree"),
        (["play", "coloretto", "-p", "9"], "--players: 9 is out of range; expected an integer from 2 to 5"),
        (["play", "coloretto", "-o", "players=9"], "bad value for option 'players': 9 is out of range"),
        (["tournament", "-g", "coloretto", "-b", "random,medium", "-p", "1"], "--players: 1 is out of range"),
        (
            ["tournament", "-g", "coloretto", "-b", "random,medium", "-p", "2", "-o", "players=3"],
            "--players 2 and -o players=3 disagree",
        ),
        (["replay", "[/]odd.json"], "cannot read [/]odd.json"),
        (["replay", "a:smile:b.json"], "cannot read a:smile:b.json"),  # no emoji made of a file name
        (["play", "coloretto", "-p", "7"], "from 2 to 5"),
        (["play", "coloretto", "-p", "2", "--bots", "greedy,smart"], "unknown bot 'smart'"),
        (["play", "coloretto", "-p", "2", "--bots", "random,random,random"], "bots given: 3, for seats: 2"),
        (["play", "coloretto", "-p", "2", "-o", "scoring"], "not of the form key=value"),
        (["play", "coloretto", "-p", "2", "-o", "scoring=pink"], "'scoring'"),
        (["replay", "nowhere.json"], "cannot read"),
        (["replay", "nowhere.json", "--delay", "-1"], "'--delay': Input should be greater than or equal to 0"),
        (["play", "coloretto", "-p", "2", "--delay", "-1"], "'--delay': Input should be greater than or equal to 0"),
        (["play", "coloretto", "-p", "3", "--resume", "saved.json"], "--players cannot change a saved game"),
        (["play", "coloretto", "--seed", "0", "--resume", "saved.json"], "--seed cannot change a saved game"),
        (["bench", "-g", "chess"], "unknown game 'chess'"),
        (["bench", "--arena", "-g", "colorado", "--tables", "2"], "unknown game 'colorado'; the games are: "),
        (["bench", "--arena", "-p", "4"], "--arena plays two-player tables of one game"),
        (["bench", "-g", "coloretto", "--seed", "-5"], "'--seed': Input should be greater than or equal to 0"),
        (["play", "coloretto", "-p", "2", "--seed", "-5"], "'--seed': Input should be greater than or equal to 0"),
        (["serve", "--workers", "2"], "--workers above 1 needs --redis-url"),
        (["serve", "--redis-url", "redis://127.0.0.1:1/0"], "cannot reach Redis at redis://127.0.0.1:1/0"),
        (["serve", "--redis-url", "redis://me:secret@127.0.0.1:1/0"], "redis://me:***@127.0.0.1:1/0"),
        (["serve", "--port", "70000"], "less than or equal to 65535"),
        (["serve", "--database-url", "nosuchdb://x"], "cannot open the database nosuchdb://x: Can't load plugin"),
        (["serve", "--database-url", "sqlite:////nonexistent-kameleon/a.db"], "unable to open database file"),
        (["serve", "--database-url", "postgresql://me:secret@127.0.0.1:1/db"], "postgresql://me:***@127.0.0.1:1/db"),
        (["serve", "--host", "192.0.2.1"], "cannot listen on 192.0.2.1:8000"),  # an address of no interface here
    ],
)
def test_bad_input_gets_a_clear_error(tmp_path: Path, args: list[str], message: str) -> None:
    out = run(*args, home=tmp_path)
    assert out.returncode == 2
    assert message in " ".join(out.stderr.split())  # as one line, however the terminal wrapped it


def test_replay_refuses_a_seat_the_game_does_not_have(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    state = kameleon.load("coloretto", players=2).new_state(4)
    state.apply_str("draw")
    saved.write_text(json.dumps(state.record()))
    out = run("replay", str(saved), "--seat", "2", home=tmp_path)
    assert out.returncode == 2 and out.stdout == ""
    assert "--seat: seat 2 does not exist; seats are 0..1" in " ".join(out.stderr.split())
    assert run("replay", str(saved), "--seat", "1", home=tmp_path).returncode == 0


def test_replay_reads_a_game_of_a_tournaments_file(tmp_path: Path) -> None:
    """As analyse does: --game N picks line N; without it, a file of several games says how to choose one."""
    games = tmp_path / "games.jsonl"
    run_tournament(Tournament("coloretto", ("greedy", "random"), games=2, players=2, seed=3), out=games)
    lines = [json.loads(line) for line in games.read_text().splitlines()]
    second = run("replay", str(games), "--game", "2", home=tmp_path)
    assert second.returncode == 0, second.stderr
    winner = lines[1]["players"][lines[1]["winners"][0]]
    assert f"Winner: {winner} (seat {lines[1]['winners'][0]})" in second.stdout
    unchosen = run("replay", str(games), home=tmp_path)
    assert unchosen.returncode == 2 and "holds 2 games (a tournament's JSON lines): choose one with --game N" in (
        " ".join(unchosen.stderr.split())
    )


def test_a_replay_names_a_face_down_card_only_to_the_seat_that_played_it(tmp_path: Path) -> None:
    # The board of a replay is a spectator's unless --seat says whose; its log is the same watcher's.
    state = kameleon.load("cardcassonne", players=3).new_state(31)
    while True:
        before, action = state.clone(), state.legal_actions()[0]
        state.apply(action)
        if before.token_seen_by(action, None) != before.token_seen_by(action, before.current_player):
            break
    mover = before.current_player
    hidden, shown = before.token_seen_by(action, None), before.token_seen_by(action, mover)
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(state.record()))
    spectator, own = (
        next(line.split() for line in run("replay", str(saved), *seat, home=tmp_path).stdout.splitlines()
             if "face down" in line)
        for seat in ([], ["--seat", str(mover)])
    )  # fmt: skip
    assert hidden.startswith("?") and spectator[-1] == hidden
    assert own[-1] == shown != hidden


def test_a_drawn_game_is_said_to_be_a_draw_not_a_shared_win(tmp_path: Path) -> None:
    done = run("play", "cameleon", "--bots", "random,random", "--seed", "51", home=tmp_path)
    assert done.returncode == 0 and "draw (no progress)" in done.stdout  # the game's own end
    assert "★ Draw" in done.stdout and "Shared first place" not in done.stdout


def test_a_tournament_seats_one_per_bot_where_the_game_has_no_number_of_its_own(tmp_path: Path) -> None:
    done = run("tournament", "-g", "coloretto", "-b", "random,medium", "-n", "2", "--json", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["provenance"]["options"]["players"] == 2


def test_a_line_too_long_to_be_a_move_is_not_echoed(tmp_path: Path) -> None:
    line = "x" * 100_000
    done = run("play", "coloretto", "-p", "2", "--seed", "3", home=tmp_path, stdin=f"{line}\nquit\n")
    assert "That line is 100,000 characters long: no move is longer than 200." in " ".join(done.stdout.split())
    assert line not in done.stdout and len(done.stdout) < 20_000


def test_a_replay_step_by_step_says_what_to_press_and_stops_on_q(tmp_path: Path) -> None:
    state = kameleon.load("coloretto", players=2).new_state(4)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(state.record()))
    done = run("replay", str(saved), "--step", stdin="\nq\n", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Enter: next move · q: stop here · a: play the rest") == 2
    assert "Game not finished after 2 moves" in done.stdout
    rest = run("replay", str(saved), "--step", stdin="a\n", home=tmp_path)
    assert rest.stdout.count("Enter: next move") == 1 and "Game not finished after 6 moves" in rest.stdout


def test_a_persons_move_is_said_in_the_log_like_a_bots(tmp_path: Path) -> None:
    hot_seat = run("play", "coloretto", "-p", "2", "--seed", "8", stdin="1\n1\nquit\n", home=tmp_path).stdout
    assert "   1 player 2 (seat 1) drew " in hot_seat and "   2 player 2 (seat 1) put " in hot_seat
    against = run("play", "coloretto", "-p", "2", "--seed", "8", "--bots", "medium", stdin="1\nquit\n", home=tmp_path)
    assert "   3 player 1 (seat 0) drew " in against.stdout


def test_a_hot_seat_game_with_hands_waits_for_the_keyboard_to_change_hands(tmp_path: Path) -> None:
    shared = run("play", "chromino", "-p", "2", "--seed", "4", stdin="\nquit\n", home=tmp_path).stdout
    asked = "Pass the keyboard to player 1 (seat 0), then press Enter (only they should look)."
    assert asked in " ".join(shared.split())
    assert shared.index("Pass the keyboard") < shared.index("Your hand"), "no hand is shown before the hand-over"
    quitting = run("play", "chromino", "-p", "2", "--seed", "4", stdin="quit\n", home=tmp_path).stdout
    assert "Your hand" not in quitting and "Game saved to" in quitting
    open_cards = run("play", "coloretto", "-p", "2", "--seed", "4", stdin="quit\n", home=tmp_path).stdout
    assert "Pass the keyboard" not in open_cards  # nothing private to hide: no pause
    alone = run("play", "chromino", "-p", "2", "--seed", "4", "--bots", "random", stdin="quit\n", home=tmp_path)
    assert "Pass the keyboard" not in alone.stdout  # one person at the screen


def test_a_hand_leaves_the_screen_and_its_scrollback_before_the_keyboard_changes_hands(tmp_path: Path) -> None:
    played = run("play", "chromino", "-p", "2", "--seed", "4", stdin="\n1\n\nquit\n", home=tmp_path, terminal=True)
    shown = re.sub(r"\x1b\[[0-9;]*m", "", played.stdout)  # colours out; the clearing escapes stay
    first_hand, wiped = shown.index("Your hand"), shown.index("\x1b[2J\x1b[H\x1b[3J")
    second_turn = shown.index("Pass the keyboard to player 2")
    assert first_hand < wiped < second_turn, "player 1's hand is still on the screen when player 2 is called"
    assert "player 1 (seat 0) laid" in shown[wiped:second_turn]  # what was played stays in view
    assert shown.count("\x1b[2J") == 1  # not wiped again once player 2 has the keyboard: the moves stay


def test_serve_refuses_a_taken_port_before_printing_its_url(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = run("serve", "--port", str(port), home=tmp_path)
    assert out.returncode == 2 and "http://" not in out.stdout
    message = f"cannot listen on 127.0.0.1:{port}: Address already in use (choose another with --port)"
    assert message in " ".join(out.stderr.split())


def test_bench_json(tmp_path: Path) -> None:
    out = run("bench", "-g", "coloretto", "-p", "4", "--seconds", "0.5", "--json", home=tmp_path)
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    assert figures["game"] == "coloretto" and figures["games"] > 10
    assert figures["games_per_s"] > 0 and figures["apply_us"] > 0 and figures["capped_games"] == 0


def test_bench_table_cuts_no_figure_at_80_columns(tmp_path: Path) -> None:
    out = run("bench", "-g", "chromino", "-g", "coloretto", "--seconds", "0.2", home=tmp_path, columns=80)
    assert out.returncode == 0, out.stderr
    assert "…" not in out.stdout
    for name in ("chromino", "coloretto", "placements_hand8_layout60_median_ms", "determinize_4p_us"):
        assert name in out.stdout


def test_help_lists_the_commands(tmp_path: Path) -> None:
    out = run("--help", home=tmp_path)
    assert out.returncode == 0
    for command in ("play", "replay", "bench"):
        assert command in out.stdout


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("KAMELEON_LEASE_SECONDS", "abc", "KAMELEON_LEASE_SECONDS must be a number, not 'abc'"),
        ("KAMELEON_LEASE_SECONDS", "0", "(KAMELEON_LEASE_SECONDS) must be a positive number of seconds, not 0.0"),
        ("KAMELEON_SESSION_SWEEP", "-5", "(KAMELEON_SESSION_SWEEP) must be a positive number of seconds, not -5.0"),
        ("KAMELEON_BOT_DELAY", "-1", "(KAMELEON_BOT_DELAY) must be 0 or more seconds, not -1.0"),
        ("KAMELEON_SQLITE_SYNC", "sometimes", "KAMELEON_SQLITE_SYNC must be FULL or NORMAL, not 'SOMETIMES'"),
    ],
)
def test_a_bad_server_setting_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variable: str, value: str, message: str
) -> None:
    monkeypatch.setenv(variable, value)
    out = run("serve", "--port", "1", home=tmp_path)
    assert out.returncode == 2 and message in " ".join(out.stderr.split())


def test_the_help_panel_says_how_a_chromino_placement_is_written(tmp_path: Path) -> None:
    """Coordinates are not to be guessed from the tokens: the game's own sentence is in the help panel."""
    out = run("play", "chromino", "-p", "2", "--bots", "random", "--seed", "3", stdin="quit\n", home=tmp_path)
    said = " ".join(out.stdout.replace("│", " ").split())  # the panel's lines, read as one text
    assert "then the row,col of its top-left square: PRR H 0,-1" in said, out.stdout
    italian = run("play", "chromino", "-p", "2", "--bots", "random", "--lang", "it", stdin="quit\n", home=tmp_path)
    assert "della sua casella in alto a sinistra" in " ".join(italian.stdout.replace("│", " ").split())
    coloretto = run("play", "coloretto", "-p", "2", "--bots", "random", stdin="quit\n", home=tmp_path)
    assert "top-left" not in coloretto.stdout  # tokens that say it all need no sentence
