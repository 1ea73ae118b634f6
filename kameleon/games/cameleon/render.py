"""Terminal rendering of Le Caméléon: the board with round and square pieces, reserve squares and the chart.

Round pieces are drawn `(B)`, Square pieces `[b]`; each shows its letter for
colour-blind players. Dark squares are a mid grey so the black chameleons stay
visible (rules §10.5).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from kameleon.engine.hooks import TerminalRenderer
from kameleon.games.cameleon import notation as nt
from kameleon.games.cameleon.chart import KIND_LETTERS
from kameleon.games.cameleon.state import CameleonState

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


def _cell(state: CameleonState, s: int) -> Text:
    geo = state.geo
    code = state.board[s]
    reserve = s in geo.reserve[0] or s in geo.reserve[1]
    if geo.reserve_rows >> s & 1 and not reserve:
        return Text("   ")
    if not code:
        return Text(" @ " if reserve else "   ", style=RESERVE if reserve else LIGHT if geo.is_light(s) else DARK)
    letter = KIND_LETTERS[(code & 7) - 1]
    if code >> 3 == 0:
        return Text(f"({letter})", style=PIECE_STYLE[letter])
    return Text(f"[{letter.lower()}]", style=PIECE_STYLE[letter])


def board_text(state: CameleonState) -> Text:
    geo = state.geo
    text = Text()
    files = "    " + "".join(f" {f} " for f in "abcdefgh") + "\n"
    text.append(files, style="dim")
    for rank in range(geo.ranks, 0, -1):
        text.append(f"{rank:>3} ", style="dim")
        for file in range(8):
            text.append_text(_cell(state, 8 * (rank - 1) + file))
        note = ""
        if rank == geo.ranks:
            note = "  Square's reserve"
        elif rank == 1:
            note = "  Round's reserve"
        text.append(f" {rank:<3}{note}\n", style="dim")
    text.append(files, style="dim")
    return text


def render(state: CameleonState, seat: int | None) -> Any:
    """The board and the game's status; Le Caméléon has no hidden information, so `seat` changes nothing."""
    view = state.view(seat)
    if view["terminal"]:
        winners = view["winners"]
        result = "draw" if len(winners) != 1 else f"{SIDES[winners[0]]} wins"
        status = Text(f"Game over: {result} ({view['reason'].replace('_', ' ')})", style="bold")
    else:
        status = Text(f"{SIDES[state.turn]} to move", style="bold")
        if view["pending"] is not None:
            status.append(
                f" — finish the ply {view['pending']['displacement']}: choose {' '.join(view['pending']['choices'])}"
            )
    counters = Text(
        f"move {view['move_number']}, {view['no_progress']} plies without progress    CPN {view['cpn']}", style="dim"
    )
    parts: list[Any] = [status, board_text(state), counters, Text(CHART, style="dim")]
    if view["trays"] is not None:
        trays = "   ".join(
            f"{SIDES[p]} tray: " + " ".join(f"{k}{n}" for k, n in t.items()) for p, t in enumerate(view["trays"])
        )
        parts.append(Text(trays, style="dim"))
    return Group(*parts)


def describe(state: CameleonState, action: int) -> str:
    """A move in words, e.g. 'yellow c4 to d5, takes the yellow on d6 (orange reward to b1)'."""
    geo = state.geo
    if action > geo.pass_action:
        if action < geo.kind0:
            return f"the reward room goes to the victim on {geo.names[action - geo.victim0]}"
        if action < geo.reserve0:
            return f"take the {KIND_NAMES['VOG'[action - geo.kind0]]} reward"
        return f"place the reward on {geo.names[geo.reserve[state.turn][action - geo.reserve0]]}"
    if action == geo.pass_action:
        head = "no legal move: pass"
    else:
        move = geo.moves[action]
        if move is None:
            return "not a move of the playing area"
        s, t = move[0], move[1]
        code = state.board[s]
        kind = KIND_NAMES[KIND_LETTERS[(code & 7) - 1]] if code else "piece"
        head = f"{kind} {geo.names[s]} to {geo.names[t]}" + (
            " (leaves the reserve)" if geo.reserve_rows >> s & 1 else ""
        )
    text = state.action_to_str(action)
    if text.endswith("*"):
        return head + "; captures with choices to make next"
    try:
        captures = nt.parse_ply(text, geo).captures or ()
    except nt.NotationError:
        return head
    words = []
    for v, k, sq in captures:
        victim = state.board[v]
        name = KIND_NAMES[KIND_LETTERS[(victim & 7) - 1]] if victim else "piece"
        reward = f" ({KIND_NAMES[KIND_LETTERS[k]]} reward to {geo.names[sq]})" if k >= 0 else ""
        words.append(f"takes the {name} on {geo.names[v]}{reward}")
    return ", ".join([head, *words])


RENDERER = TerminalRenderer(render=render, describe=describe)
