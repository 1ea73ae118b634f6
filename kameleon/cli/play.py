"""`kameleon play`: a game in the terminal, against bots or hot-seat."""

from __future__ import annotations

import random
import shlex
import time
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from kameleon.ai import agent_names, make_agent, parse_spec
from kameleon.ai.expert import ExpertAgent, check_install
from kameleon.ai.fair import fair_state
from kameleon.cli.common import console, fail, load_game, split_names
from kameleon.cli.helptext import helptext
from kameleon.cli.moves import EVERYTHING, move_line
from kameleon.cli.outcome import default_name, person, results, who
from kameleon.cli.speech import choose_language, lang_option, speaker
from kameleon.engine.agent import Agent
from kameleon.engine.errors import IllegalAction, KameleonError, os_reason
from kameleon.engine.game import State
from kameleon.engine.home import data_dir
from kameleon.engine.hooks import TerminalRenderer
from kameleon.engine.messages import Say, msg
from kameleon.engine.record import read_record, replay, write_record
from kameleon.engine.seeding import MAX_SEED, bot_seed

COMMANDS = {word: f"[bold]{word}[/]" for word in ("moves", "board", "help", "quit")}
"""The words the prompt understands besides moves: the same in every language, as the notation is."""


QUIT = ("quit", "exit")
"""What a person types to stop (the game is saved), at the prompt or at a hand-over."""
LONGEST_MOVE = 200
"""Characters of the longest line read as a move (every game's notation is far shorter)."""


def help_text(state: State[Any], say: Say = str, examples_from: set[int] | None = None) -> str:
    """How to answer the prompt, with moves of this very game as examples: the moves of the seat to play, when
    it is one of `examples_from` (default: any), for the examples must be moves the reader could type."""
    mine = examples_from is None or state.current_player in examples_from
    legal = [state.action_to_str(action) for action in state.legal_actions()] if mine else []
    examples = ", ".join(f"[bold]{escape(move)}[/]" for move in dict.fromkeys([legal[0], legal[-1]])) if legal else ""
    if examples:
        how = msg(
            "tui_how_example",
            "Type a move in the game's notation (here, e.g. {examples}) or its number from the list.",
            examples=examples,
        )
    else:
        how = msg("tui_how", "Type a move in the game's notation or its number from the list.")
    renderer = state.game.renderer()
    written = renderer.notation if renderer is not None else None
    commands = msg(
        "tui_commands",
        "Commands: {moves} list the legal moves, {board} show the table again, {help} this text, "
        "{quit} save and leave.",
        **COMMANDS,
    )
    notation = f"\n{escape(say(written))}" if written is not None else ""
    return f"{say(how)}{notation}\n{say(commands)}"


HELP = helptext("Play a game in the terminal. People take the first seats, bots the last ones.")


def play_command(
    game: str = typer.Argument(
        ..., help=helptext("the game, e.g. coloretto (`kameleon games` lists them, plug-ins included)")
    ),
    players: int | None = typer.Option(
        None,
        "--players",
        "-p",
        help=helptext("number of seats (needed unless the game has one table size, as cameleon)"),
    ),
    bots: str = typer.Option(
        "",
        "--bots",
        "-b",
        help=helptext(
            "comma-separated bots for the last seats ({levels}; hard:SECONDS or hard@ITERATIONS per move); one "
            "per seat for a bots-only game; without it every seat is a person at this keyboard; with --resume, "
            "the saved game's seats unless given",
            levels=", ".join(agent_names()),
        ),
    ),
    option: list[str] = typer.Option([], "--option", "-o", help=helptext("game option as key=value (repeatable)")),
    seed: int | None = typer.Option(
        None, "--seed", min=0, max=MAX_SEED, help=helptext("seed of the deal (random if not given)")
    ),
    save: Path | None = typer.Option(
        None,
        "--save",
        help=helptext("new record file, rewritten after every move (default: a new file in the data directory)"),
    ),
    resume: Path | None = typer.Option(None, "--resume", help=helptext("continue the game of a saved record")),
    delay: float = typer.Option(
        0.0, "--delay", min=0.0, max=3600.0, help=helptext("seconds to pause after each bot move")
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=helptext("bots-only games: print only the result")),
    lang: str | None = lang_option(),
) -> None:
    language = choose_language(lang)
    state, names, robots = _start(game, players, option, seed, resume, split_names(bots))
    say, board = speaker(language, state.game.name), speaker(language, state.game.name, board=True)
    agents = _agents(names, robots, state)
    path = _save_path(state, save, resume)
    render = state.game.renderer()
    humans = [seat for seat, agent in enumerate(agents) if agent is None]
    # Who watches the screen: one person sees what their seat sees; several people at one screen, only what
    # everyone sees; a game of bots alone hides nothing from nobody.
    watcher: int | None = humans[0] if len(humans) == 1 else None
    if humans:
        if len(humans) == 1:
            seats = msg("tui_your_seat", "you play seat {seat}", seat=humans[0])
        else:
            seats = msg("tui_your_seats", "you play seats: {seats}", seats=", ".join(map(str, humans)))
        console.print(Panel(help_text(state, say, set(humans)), title=f"{state.game.title} — {escape(say(seats))}"))
    _save(state, names, path)  # at once: a game left before its first move can be resumed too
    spoken = f" --lang {language}" if lang is not None or language != "en" else ""  # go on in the same language
    again = f"kameleon play {state.game.name} --resume {shlex.quote(str(path))}{spoken}"
    last_person: int | None = None
    ply_before: State[Any] | None = None  # where a bot's ply began, while it is not whole yet
    try:
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            agent = agents[seat]
            if agent is None:
                # Several people at one screen, and this seat sees what the others must not (a hand): the screen
                # waits for them to hand over, and is wiped once they have played.
                private = len(humans) > 1 and _holds_secrets(state, seat)
                handing_over = private and seat != last_person
                last_person = seat
                kept = state.clone()
                if (handing_over and not _hand_over(names, seat, say)) or not _human_turn(
                    state, seat, names, render, path, say, board
                ):
                    saved = msg("tui_saved", "Game saved to {path}; continue with: {again}", path=path, again=again)
                    console.print(escape(say(saved)), soft_wrap=True)
                    return
                if private and state.current_player != seat:
                    _wipe()  # the hand just played with leaves the screen before the next person comes to it
                if len(humans) > 1 or not quiet:  # in the log like a bot's: the others at the screen see it said
                    _log(kept, state, state.move_tokens()[-1], watcher, names, render, say, board)
            else:
                try:
                    action = agent.act(fair_state(state, seat))  # a bot sees its seat's view, as in tournaments
                except KameleonError as exc:  # a bot that cannot play on: the game so far is saved, and said so
                    saved = msg("tui_saved", "Game saved to {path}; continue with: {again}", path=path, again=again)
                    console.print(escape(say(saved)), soft_wrap=True)
                    raise fail(exc.message) from None
                text = state.token_seen_by(action, watcher) if humans else state.action_to_str(action)
                before = None if quiet else state.clone()
                state.apply(action)
                _save(state, names, path)  # before it is shown: a move on the screen is a move on the disk
                if before is not None:
                    # A bot's ply of several actions (a Caméléon capture, then its reward's square) is one line,
                    # as its record and replay have it: said once the ply is whole, with its whole token.
                    ply_before = ply_before or before
                    if not _ply_open(state, seat):
                        seen = watcher if humans else EVERYTHING  # bots only: nobody at the table to hide from
                        whole = ply_before is not before
                        shown = state.move_tokens()[-1] if whole else text
                        _log(ply_before, state, shown, seen, names, render, say, board)
                        ply_before = None
                if delay:
                    time.sleep(delay)
    except KeyboardInterrupt:
        stopped = msg(
            "tui_interrupted", "Interrupted. Game saved to {path}; continue with: {again}", path=path, again=again
        )
        console.print("\n" + escape(say(stopped)), soft_wrap=True)
        raise typer.Exit(130) from None
    if not quiet or humans:  # the result alone: the final board is the last of the moves -q leaves out
        _show(state, watcher, render, board)
    results(state, [person(name, say) for name in names], render, say, board)
    console.print(escape(say(msg("tui_record_saved", "Record saved to {path}", path=path))), soft_wrap=True)


def _log(
    before: State[Any],
    after: State[Any],
    token: str,
    watcher: int | None,
    names: list[str],
    render: TerminalRenderer | None,
    say: Say,
    board: Say,
) -> None:
    """The line of the move from `before` to `after` in the game's log, numbered as the record counts its moves
    (as replay --upto does)."""
    shown = [_who(names, seat, say) for seat in range(after.num_players)]
    console.print(move_line(len(after.move_tokens()), before, after, token, watcher, shown, render, board))


def _ply_open(state: State[Any], seat: int) -> bool:
    """Whether `seat`, to move again, is in the middle of one ply: the record counts its next action as part of
    the same move (the count of record tokens stays as it is)."""
    if state.is_terminal or state.current_player != seat:
        return False
    probe = state.clone()
    probe.apply(probe.legal_actions()[0])
    return len(probe.move_tokens()) == len(state.move_tokens())


def _holds_secrets(state: State[Any], seat: int) -> bool:
    """Whether `seat` sees something another seat does not (a hand): what that seat could guess of it, drawn
    from its own information, differs from what `seat` sees."""
    rng = random.Random(0)
    mine = state.view(seat)
    return any(state.determinize(other, rng).view(seat) != mine for other in range(state.num_players) if other != seat)


def _wipe() -> None:
    """Clear the terminal and its scrollback (`ESC[3J`), so that nobody scrolls back to a hand; nothing on a pipe."""
    console.clear()
    if console.is_terminal and not console.is_dumb_terminal:
        console.file.write("\x1b[3J")
        console.file.flush()


def _hand_over(names: list[str], seat: int, say: Say) -> bool:
    """Wait until the person at seat `seat` has the keyboard; False when they quit. The screen holds only what
    everyone sees: the last person's hand was wiped once they had played (the moves since stay in view)."""
    asked = msg(
        "tui_hand_over",
        "Pass the keyboard to {who}, then press Enter (only they should look).",
        who=_who(names, seat, say),
    )
    try:
        answer = console.input(f"[bold]{escape(say(asked))}[/] ").strip().lower()
    except EOFError:
        return False
    return answer not in QUIT


def _who(names: list[str], seat: int, say: Say) -> str:
    return who(person(names[seat], say), seat, say)


def _save(state: State[Any], names: list[str], path: Path) -> None:
    try:
        write_record(state.record(names), path)
    except OSError as exc:
        why = os_reason(exc)
        raise fail(msg("cli_cannot_write", "cannot write the record to {path}: {why}", path=path, why=why)) from None


def _save_path(state: State[Any], save: Path | None, resume: Path | None) -> Path:
    """Where the game is kept: never over another game's record."""
    if save is not None and save.is_dir():
        raise fail(msg("cli_save_folder", "--save {save} is a folder: give the name of a new file", save=save))
    if save is not None and save.exists() and save != resume:
        raise fail(
            msg(
                "cli_save_exists",
                "{save} already exists: choose another --save file, or continue its game with --resume {save}",
                save=save,
            )
        )
    if save is not None or resume is not None:
        path = save or resume
        assert path is not None
    else:
        folder = data_dir() / "games"
        path = folder / f"{state.game.name}-{state.seed}.json"
        number = 2
        while path.exists():  # the same deal played again, or with other options
            path, number = folder / f"{state.game.name}-{state.seed}-{number}.json", number + 1
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = os_reason(exc)
        raise fail(msg("cli_cannot_mkdir", "cannot make the folder {path}: {why}", path=path.parent, why=why)) from None
    return path


def _start(
    game: str,
    players: int | None,
    option: list[str],
    seed: int | None,
    resume: Path | None,
    bots: list[str],
) -> tuple[State[Any], list[str], set[int]]:
    """The state, the seats' names and which seats bots play."""
    saved: list[str] | None = None
    if resume is not None:
        given = [
            flag
            for flag, value in (("--players", players), ("--option", option or None), ("--seed", seed))
            if value is not None
        ]
        if given:
            raise fail(
                msg(
                    "cli_resume_fixed",
                    "{flags} cannot change a saved game: {resume} fixes the players, options and seed",
                    flags=", ".join(given),
                    resume=resume,
                )
            )
        try:
            record = read_record(resume)
            state = replay(record)
        except KameleonError as exc:
            raise fail(exc.message) from None
        if record["game"] != game:
            raise fail(
                msg(
                    "cli_other_game",
                    "{resume} holds a game of {saved}, not {game}",
                    resume=resume,
                    saved=record["game"],
                    game=game,
                )
            )
        saved = record.get("players")
    else:
        state = load_game(game, players, option).new_state(seed)
    n = state.num_players
    if len(bots) > n:
        raise fail(msg("cli_too_many_bots", "bots given: {bots}, for seats: {seats}", bots=len(bots), seats=n))
    for name in bots:
        try:
            parse_spec(name)
        except KameleonError as exc:
            raise fail(exc.message) from None
    if saved is not None and not bots:  # the saved game's own seats: its bots play on
        return state, list(saved), {seat for seat, name in enumerate(saved) if _is_bot(name)}
    people = n - len(bots)
    names = [default_name(i + 1) for i in range(people)] + [b.lower() for b in bots]
    return state, names, set(range(people, n))


def _is_bot(name: str) -> bool:
    try:
        parse_spec(name)
    except KameleonError:
        return False
    return True


def _agents(names: list[str], robots: set[int], state: State[Any]) -> list[Agent | None]:
    seed = state.seed or 0
    agents = [make_agent(name, bot_seed(seed, seat)) if seat in robots else None for seat, name in enumerate(names)]
    if any(isinstance(agent, ExpertAgent) for agent in agents):
        try:
            check_install(state.game)  # what expert reads, read now: a damaged file is refused before the first move
        except KameleonError as exc:
            raise fail(exc.message) from None
    return agents


def _show(state: State[Any], seat: int | None, render: TerminalRenderer | None, board: Say) -> None:
    if render is not None:
        console.print(render.render(state, seat, board))
    else:
        console.print(state.view(seat))


def _move_list(state: State[Any], render: TerminalRenderer | None, board: Say) -> list[Any]:
    actions = state.legal_actions()
    describe = render.describe if render is not None else None
    table = Table.grid(padding=(0, 2))
    cells = []
    for i, action in enumerate(actions, start=1):
        text = escape(state.action_to_str(action))  # notation and descriptions are text, never Rich markup
        if describe is not None:
            text = f"{text}  [dim]{escape(describe(state, action, board))}[/]"
        cells.append(f"[cyan]{i:>3}[/] {text}")
    columns = 1 if describe is not None or len(cells) <= 8 else 3
    for start in range(0, len(cells), columns):
        table.add_row(*cells[start : start + columns])
    console.print(table)
    return actions


def _human_turn(
    state: State[Any],
    seat: int,
    names: list[str],
    render: TerminalRenderer | None,
    path: Path,
    say: Say,
    board: Say,
) -> bool:
    """Ask seat `seat` for a move until one is played; False when the player quits."""
    _show(state, seat, render, board)
    actions = _move_list(state, render, board)
    while True:
        try:
            text = console.input(f"[bold]{escape(_who(names, seat, say))}[/] > ").strip()
        except EOFError:
            console.print()
            return False
        if not text:
            continue
        command = text.lower()
        if command in QUIT:
            return False
        if command in ("help", "?"):
            console.print(help_text(state, say))
            continue
        if command == "moves":
            actions = _move_list(state, render, board)
            continue
        if command == "board":
            _show(state, seat, render, board)
            continue
        if len(text) > LONGEST_MOVE:  # not echoed: a pasted megabyte would fill the terminal
            long = msg(
                "tui_line_too_long",
                "That line is {length:,} characters long: no move is longer than {most}.",
                length=len(text),
                most=LONGEST_MOVE,
            )
            console.print(f"[red]{escape(say(long))}[/]")
            continue
        try:
            if text.isascii() and text.isdigit():  # '²' is a digit to Python, and no number of a move
                digits = text.lstrip("0")
                number = int(digits) if 0 < len(digits) <= 12 else 0  # no move has a thousand-digit number
                if not 1 <= number <= len(actions):
                    shown = text if len(text) <= 12 else f"{text[:12]}…"
                    none = msg(
                        "tui_no_such_move",
                        "There is no move {shown}; choose 1 to {count}.",
                        shown=shown,
                        count=len(actions),
                    )
                    console.print(f"[red]{escape(say(none))}[/]")
                    continue
                state.apply(actions[number - 1])
            else:
                state.apply_str(text)
        except IllegalAction as exc:
            refused = say(msg("tui_not_possible", "Not possible:"))
            console.print(f"[red]{escape(refused)}[/] {escape(board(exc.message))}")
            continue
        _save(state, names, path)
        return True
