"""Terminal rendering of Le Caméléon: the board with round and square pieces, reserve squares and the chart.

Round pieces are drawn `(B)`, Square pieces `[b]`; each shows its letter for
colour-blind players. Dark squares are a mid grey so the black chameleons stay
visible (rules §10.5). Everything shown comes from `view()` and
`view.action_facts()`: the renderer computes no rule.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from kameleon.engine.hooks import TerminalRenderer
from kameleon.games.cameleon.state import CameleonState
from kameleon.games.cameleon.view import SIDES as SIDE_KEYS
from kameleon.games.cameleon.view import action_facts

PIECE_STYLE = {
    "B": "bold bright_white on blue",
    "R": "bold bright_white on red3",
    "Y": "bold black on yellow",
    "V": "bold bright_white on purple",
    "O": "bold black on dark_orange",
    "G": "bold bright_white on green4",
    "K": "bold bright_white on black",
}
KIND_NAMES = {"B": "blue", "R": "red", "Y": "yellow", "V": "violet", "O": "orange", "G": "green", "K": "chameleon"}
LIGHT, DARK, RESERVE = "on grey85", "on grey50", "on wheat4"
SIDES = ("Round (seat 0)", "Square (seat 1)")
CHART = "chart: B+R→V  R+Y→O  Y+B→G (primaries)   V/O/G pairs→K   primary+complementary: capture, no reward"
FILES = "abcdefgh"


def _cell(view: dict[str, Any], reserves: set[str], name: str, light: bool) -> Text:
    letter = view["pieces"].get(name)
    edge = name[1:] in ("1", str(view["ranks"]))
    if letter is None:
        if name in reserves:
            return Text(" @ ", style=RESERVE)
        return Text("   ", style="" if edge else LIGHT if light else DARK)
    kind = letter.upper()
    return Text(f"({kind})" if letter == kind else f"[{letter}]", style=PIECE_STYLE[kind])


def board_text(view: dict[str, Any]) -> Text:
    ranks = view["ranks"]
    reserves = {square for squares in view["reserves"] for square in squares}
    text = Text()
    files = "    " + "".join(f" {f} " for f in FILES) + "\n"
    text.append(files, style="dim")
    for rank in range(ranks, 0, -1):
        text.append(f"{rank:>3} ", style="dim")
        for file in range(8):
            # The checkerboard colouring is drawing only: a1 is dark, as on the real board.
            text.append_text(_cell(view, reserves, f"{FILES[file]}{rank}", bool((file + rank - 1) & 1)))
        note = ""
        if rank == ranks:
            note = "  Square's reserve"
        elif rank == 1:
            note = "  Round's reserve"
        text.append(f" {rank:<3}{note}\n", style="dim")
    text.append(files, style="dim")
    return text


def _result(view: dict[str, Any]) -> str:
    outcomes = [score["outcome"] for score in view["scores"]]
    return f"{SIDES[outcomes.index('win')]} wins" if "win" in outcomes else "draw"


def render(state: CameleonState, seat: int | None) -> Any:
    """The board and the game's status; Le Caméléon has no hidden information, so `seat` changes nothing."""
    view = state.view(seat)
    if view["terminal"]:
        status = Text(f"Game over: {_result(view)} ({view['reason'].replace('_', ' ')})", style="bold")
    else:
        status = Text(f"{SIDES[SIDE_KEYS.index(view['to_move'])]} to move", style="bold")
        if view["pending"] is not None:
            status.append(
                f" — finish the ply {view['pending']['displacement']}: choose {' '.join(view['pending']['choices'])}"
            )
    counters = Text(
        f"move {view['move_number']}, {view['no_progress']} plies without progress    CPN {view['cpn']}", style="dim"
    )
    parts: list[Any] = [status, board_text(view), counters, Text(CHART, style="dim")]
    if view["trays"] is not None:
        trays = "   ".join(
            f"{SIDES[p]} tray: " + " ".join(f"{k}{n}" for k, n in t.items()) for p, t in enumerate(view["trays"])
        )
        parts.append(Text(trays, style="dim"))
    return Group(*parts)


def _kind(letter: str | None) -> str:
    return KIND_NAMES[letter.upper()] if letter else "piece"


def describe(state: CameleonState, action: int) -> str:
    """A move in words, e.g. 'yellow c4 to d5, takes the yellow on d6 (orange reward to b1)'."""
    facts = action_facts(state, action)
    choice = facts.get("choice")
    if choice == "room":
        return f"the reward room goes to the victim on {facts['victim']}"
    if choice == "reward":
        return f"take the {KIND_NAMES[facts['kind']]} reward"
    if choice == "reserve":
        return f"place the reward on {facts['square']}"
    if facts.get("off_area"):
        return "not a move of the playing area"
    if facts.get("pass"):
        head = "no legal move: pass"
    else:
        head = f"{_kind(facts['piece'])} {facts['from']} to {facts['to']}"
        if facts["leaves_reserve"]:
            head += " (leaves the reserve)"
    if facts["choices_follow"]:
        return head + "; captures with choices to make next"
    words = []
    for capture in facts["captures"]:
        reward = f" ({KIND_NAMES[capture['reward']]} reward to {capture['square']})" if capture["reward"] else ""
        words.append(f"takes the {_kind(capture['piece'])} on {capture['victim']}{reward}")
    return ", ".join([head, *words])


def summary(state: CameleonState, names: list[str]) -> Any:
    """The end-of-game table: each side's result, score, pieces left and captures."""
    view = state.view(None)
    table = Table(title=f"Game over: {_result(view)} ({(view['reason'] or '').replace('_', ' ')})")
    for column in ("side", "player", "result", "score", "pieces left", "chameleons", "captured"):
        table.add_column(column)
    for seat, score in enumerate(view["scores"]):
        table.add_row(
            SIDES[seat],
            escape(names[seat]) if seat < len(names) else "",
            score["outcome"] or "",
            f"{score['points']:+d}",
            str(score["pieces"]),
            str(score["chameleons"]),
            str(score["captured"]),
        )
    return table


RENDERER = TerminalRenderer(render=render, describe=describe, summary=summary)
