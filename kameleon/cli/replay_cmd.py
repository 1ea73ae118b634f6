"""`kameleon replay`: step through a saved game record."""

from __future__ import annotations

import time
from pathlib import Path

import typer
from rich.markup import escape

from kameleon.cli.common import console, fail
from kameleon.cli.game_file import game_option, record_in
from kameleon.cli.helptext import helptext
from kameleon.cli.moves import move_line
from kameleon.cli.outcome import names_of, results, who
from kameleon.cli.speech import choose_language, lang_option, speaker
from kameleon.engine.errors import KameleonError
from kameleon.engine.game import check_seat
from kameleon.engine.messages import msg
from kameleon.engine.record import replay

HELP = helptext("Replay a game record move by move, checking every move and the stored result.")


def replay_command(
    file: Path = typer.Argument(
        ...,
        help=helptext(
            "a game record (JSON) written by kameleon or any implementation of the specs, or a tournament's --out file"
        ),
    ),
    board: bool = typer.Option(False, "--board", help=helptext("show the table after every move, not only at the end")),
    step: bool = typer.Option(
        False, "--step", help=helptext("wait between moves: Enter for the next, q to stop there, a for all the rest")
    ),
    delay: float = typer.Option(0.0, "--delay", min=0.0, max=3600.0, help=helptext("seconds to pause between moves")),
    upto: int | None = typer.Option(None, "--upto", min=0, help=helptext("stop after this many moves")),
    seat: int | None = typer.Option(
        None, "--seat", help=helptext("show the table as this seat sees it (default: spectator)")
    ),
    game: int | None = game_option(),
    lang: str | None = lang_option(),
) -> None:
    language = choose_language(lang)
    try:
        record = record_in(file, game)
        final = replay(record, upto=upto)  # validates the whole record before showing anything
    except KameleonError as exc:
        raise fail(exc.message) from None
    try:
        check_seat(seat, final.num_players, spectator=True)
    except ValueError:
        last = final.num_players - 1
        raise fail(
            msg("cli_no_seat", "--seat: seat {seat} does not exist; seats are 0..{last}", seat=seat, last=last)
        ) from None
    moves = record["moves"] if upto is None else record["moves"][:upto]
    say, board_say = speaker(language, final.game.name), speaker(language, final.game.name, board=True)
    players = names_of(record.get("players"), final.num_players, say)
    render = final.game.renderer()
    state = final.game.new_state(final.seed)
    opening = msg(
        "tui_replay_header",
        "seed {seed}, moves: {count}, players: {players}",
        seed=final.seed,
        count=len(moves),
        players=", ".join(players),
    )
    console.print(f"[bold]{final.game.title}[/] {escape(say(opening))}")  # a name is text, never Rich markup
    seats = [who(name, s, say) for s, name in enumerate(players)]
    played = 0
    for number, token in enumerate(moves, start=1):
        played = number
        before = state.clone()
        state.apply_str(token)
        # Said as the viewer (--seat, else a spectator) may know it, like the board: a face-down card stays "?".
        console.print(move_line(number, before, state, token, seat, seats, render, board_say))
        if board and render is not None:
            console.print(render.render(state, seat, board_say))
        if step and number < len(moves):
            hint = msg("tui_replay_step", "Enter: next move · q: stop here · a: play the rest")
            try:
                answer = console.input(f"[dim]{escape(say(hint))}[/] ").strip().lower()
            except EOFError:
                answer = "a"
            if answer in ("q", "quit"):
                break
            step = answer != "a"
        elif delay:
            time.sleep(delay)
    if render is not None and not (board and moves):  # with --board, the last move's table is the final one
        console.print(render.render(state, seat, board_say))
    if state.is_terminal:
        results(state, players, render, say, board_say)
    else:
        unfinished = msg(
            "tui_replay_unfinished",
            "Game not finished after {count} moves; seat {seat} to play.",
            count=played,
            seat=state.current_player,
        )
        console.print(escape(say(unfinished)))
