"""What the terminal says of the players and of a game's end, in the reader's language (play and replay)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from rich.markup import escape
from rich.table import Table

from kameleon.cli.common import console
from kameleon.engine.game import State
from kameleon.engine.hooks import TerminalRenderer
from kameleon.engine.messages import Say, msg
from kameleon.engine.terminal import fitted

PLAYER = re.compile(r"player ([1-9][0-9]*)")
"""The name `kameleon play` gives a person who gave none; a record keeps it in English, as every name is kept."""


def default_name(number: int) -> str:
    return f"player {number}"


def person(name: str, say: Say) -> str:
    """A seat's name as the reader sees it: "player 2" in the reader's language, any other name as it is, but
    for control and direction characters: a record's names are anyone's text, and an escape sequence in one
    would drive the reader's terminal (clear it, retitle it, recolour what follows)."""
    found = PLAYER.fullmatch(name)
    if found:
        return say(msg("tui_player_n", "player {number}", number=int(found[1])))
    return "".join(c for c in name if unicodedata.category(c) not in ("Cc", "Cf")) or "?"


def names_of(saved: list[Any] | None, seats: int, say: Say) -> list[str]:
    """A record's players as the reader sees them; a record that names none: "seat 0", "seat 1"..."""
    if not saved:
        return [say(msg("tui_seat_n", "seat {seat}", seat=seat)) for seat in range(seats)]
    return [person(str(name), say) for name in saved]


def who(name: str, seat: int, say: Say) -> str:
    """A player and their seat, as every line of the terminal names them."""
    return say(msg("tui_who", "{name} (seat {seat})", name=name, seat=seat))


def results(state: State[Any], names: list[str], render: TerminalRenderer | None, say: Say, board: Say) -> None:
    """The end of a game: the game's own score table (else a plain one), then who won, in words (`say` words the
    command line's texts, `board` the game's renderer's)."""
    summary = render.summary if render is not None else None
    winners = state.winners()
    if summary is not None:
        console.print(fitted(summary(state, names, board)))  # a table cut at a narrow terminal's edge hides the total
    else:
        table = Table(title=say(msg("tui_result", "Result")))
        table.add_column(say(msg("tui_seat", "seat")))
        table.add_column(say(msg("tui_player", "player")))
        table.add_column(say(msg("tui_score", "score")), justify="right")
        for seat, score in enumerate(state.scores()):
            mark = " ★" if seat in winners else ""
            table.add_row(str(seat), escape(names[seat]) + mark, str(score))
        console.print(fitted(table))
    first = ", ".join(who(names[seat], seat, say) for seat in winners)
    if len(winners) == 1:
        said = msg("tui_winner", "★ Winner: {names}", names=first)
    elif len(winners) == state.num_players:  # everyone first: nobody won (Le Caméléon's draws, a tie of all)
        said = msg("tui_draw", "★ Draw")
    else:
        said = msg("tui_shared_win", "★ Shared first place: {names}", names=first)
    console.print(f"[bold]{escape(say(said))}[/]")
