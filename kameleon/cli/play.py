"""`kameleon play`: a game in the terminal, against bots or hot-seat."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer
from rich.panel import Panel
from rich.table import Table

from kameleon.ai import agent_names, make_agent, parse_spec
from kameleon.cli.common import console, fail, load_game, renderer, split_names
from kameleon.engine.agent import Agent
from kameleon.engine.errors import IllegalAction, KameleonError
from kameleon.engine.game import State
from kameleon.engine.home import data_dir
from kameleon.engine.record import read_record, replay, write_record
from kameleon.engine.seeding import MAX_SEED

HELP_TEXT = (
    "Type a move in the game's notation (e.g. [bold]draw[/], [bold]take 2[/]) or its number from the list.\n"
    "Commands: [bold]moves[/] list the legal moves, [bold]board[/] show the table again, "
    "[bold]help[/] this text, [bold]quit[/] save and leave."
)


def play_command(
    game: str = typer.Argument(..., help="coloretto, chromino, cardcassonne or cameleon"),
    players: int | None = typer.Option(None, "--players", "-p", help="number of seats (default: the game's)"),
    bots: str = typer.Option(
        "",
        "--bots",
        "-b",
        help=f"comma-separated bots for the last seats ({', '.join(agent_names())}); one per seat for a bots-only game",
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="game option as key=value (repeatable)"),
    seed: int | None = typer.Option(None, "--seed", min=0, max=MAX_SEED, help="seed of the deal (random if not given)"),
    save: Path | None = typer.Option(
        None, "--save", help="record file, rewritten after every move (default: in the data directory)"
    ),
    resume: Path | None = typer.Option(None, "--resume", help="continue the game of a saved record"),
    delay: float = typer.Option(0.0, "--delay", min=0.0, help="seconds to pause after each bot move"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="bots-only games: print only the result"),
) -> None:
    """Play a game in the terminal. People take the first seats, bots the last ones."""
    bot_names = split_names(bots)
    state, names = _start(game, players, option, seed, resume, bot_names)
    agents = _agents(names, len(names) - len(bot_names), state)
    path = save or resume or data_dir() / "games" / f"{state.game.name}-{state.seed}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    render = renderer(state.game.name)
    humans = [seat for seat, agent in enumerate(agents) if agent is None]
    if humans:
        console.print(Panel(HELP_TEXT, title=f"{state.game.title} — you play seat(s) {', '.join(map(str, humans))}"))
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        agent = agents[seat]
        if agent is None:
            if not _human_turn(state, seat, names, render, path):
                console.print(f"Game saved to {path}; continue with: kameleon play {state.game.name} --resume {path}")
                raise typer.Exit(1)
        else:
            action = agent.act(state)
            text = state.action_to_str(action)
            state.apply(action)
            if not quiet:
                console.print(f"[dim]{len(state.history):>4}[/] {names[seat]} (seat {seat}): [bold]{text}[/]")
            if delay:
                time.sleep(delay)
        write_record(state.record(names), path)
    _show(state, humans[0] if len(humans) == 1 else None, render)
    _results(state, names, render)
    console.print(f"Record saved to {path}")


def _start(
    game: str, players: int | None, option: list[str], seed: int | None, resume: Path | None, bots: list[str]
) -> tuple[State[Any], list[str]]:
    if resume is not None:
        given = [
            flag
            for flag, value in (("--players", players), ("--option", option or None), ("--seed", seed))
            if value is not None
        ]
        if given:
            raise fail(
                f"{' and '.join(given)} cannot change a saved game: {resume} fixes the players, options and seed"
            )
        try:
            record = read_record(resume)
            state = replay(record)
        except KameleonError as exc:
            raise fail(str(exc)) from None
        if record["game"] != game:
            raise fail(f"{resume} is a {record['game']} game, not {game}")
    else:
        state = load_game(game, players, option).new_state(seed)
    n = state.num_players
    if len(bots) > n:
        raise fail(f"{len(bots)} bots given for {n} seats")
    for name in bots:
        try:
            parse_spec(name)
        except KameleonError as exc:
            raise fail(str(exc)) from None
    people = n - len(bots)
    names = [f"player {i + 1}" for i in range(people)] + [b.lower() for b in bots]
    return state, names


def _agents(names: list[str], people: int, state: State[Any]) -> list[Agent | None]:
    seed = state.seed or 0
    return [None if seat < people else make_agent(name, seed * 31 + seat) for seat, name in enumerate(names)]


def _show(state: State[Any], seat: int | None, render: Any) -> None:
    if render is not None:
        console.print(render.render(state, seat))
    else:
        console.print(state.view(seat))


def _move_list(state: State[Any], render: Any) -> list[Any]:
    actions = state.legal_actions()
    describe = getattr(render, "describe", None)
    table = Table.grid(padding=(0, 2))
    cells = []
    for i, action in enumerate(actions, start=1):
        text = state.action_to_str(action)
        if describe is not None:
            text = f"{text}  [dim]{describe(state, action)}[/]"
        cells.append(f"[cyan]{i:>3}[/] {text}")
    columns = 1 if describe is not None or len(cells) <= 8 else 3
    for start in range(0, len(cells), columns):
        table.add_row(*cells[start : start + columns])
    console.print(table)
    return actions


def _human_turn(state: State[Any], seat: int, names: list[str], render: Any, path: Path) -> bool:
    """Ask seat `seat` for a move until one is played; False when the player quits."""
    _show(state, seat, render)
    actions = _move_list(state, render)
    while True:
        try:
            text = console.input(f"[bold]{names[seat]} (seat {seat})[/] > ").strip()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return False
        if not text:
            continue
        command = text.lower()
        if command in ("quit", "exit"):
            return False
        if command in ("help", "?"):
            console.print(HELP_TEXT)
            continue
        if command == "moves":
            actions = _move_list(state, render)
            continue
        if command == "board":
            _show(state, seat, render)
            continue
        try:
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(actions):
                    console.print(f"[red]There is no move {number}; choose 1 to {len(actions)}.[/]")
                    continue
                state.apply(actions[number - 1])
            else:
                state.apply_str(text)
        except IllegalAction as exc:
            console.print(f"[red]Not possible:[/] {exc.reason}")
            continue
        write_record(state.record(names), path)
        return True


def _results(state: State[Any], names: list[str], render: Any) -> None:
    summary = getattr(render, "summary", None)
    if summary is not None:
        console.print(summary(state, names))
        return
    table = Table(title="Result")
    table.add_column("seat")
    table.add_column("player")
    table.add_column("score", justify="right")
    winners = state.winners()
    for seat, score in enumerate(state.scores()):
        mark = " ★" if seat in winners else ""
        table.add_row(str(seat), names[seat] + mark, str(score))
    console.print(table)
