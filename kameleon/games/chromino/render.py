"""Chromino in the terminal: the layout cropped to its bounding box, hands and bag, from `view()` only."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from kameleon.engine.hooks import TerminalRenderer
from kameleon.games.chromino.explain import FORCED
from kameleon.games.chromino.notation import DRAW, PASS
from kameleon.games.chromino.phases import AFTER_DRAW
from kameleon.games.chromino.scoring import placement_points
from kameleon.games.chromino.solver import parse_layout
from kameleon.games.chromino.state import ChrominoState
from kameleon.games.chromino.tiles import LETTERS

STYLES = {
    "R": "bold white on red3",
    "Y": "bold black on yellow1",
    "G": "bold black on green3",
    "B": "bold white on blue",
    "P": "bold white on purple",
    "*": "bold black on grey85",
}
LAST = "underline"


def square(letter: str, extra: str = "") -> Text:
    return Text(f" {letter} ", style=f"{STYLES.get(letter, 'reverse')} {extra}".strip())


def tile(name: str) -> Text:
    return Text.assemble(*(square(x) for x in name), " ")


def render(state: ChrominoState, seat: int | None) -> RenderableType:
    view = state.view(seat)
    status = f"round {view['round']} · {view['bag_size']} tiles in the bag"
    if view["final_round"]:
        status += f" · FINAL ROUND (seat {view['first_out']} went out)"
    if view["phase"] == "over":
        status += " · game over"
    parts: list[RenderableType] = [Text(f"Chromino · {status}", style="bold"), layout_grid(view)]
    parts.append(_players(view))
    if seat is not None and view["players"][seat]["hand"] is not None:
        hand = view["players"][seat]["hand"]
        parts.append(Text.assemble(Text("Your hand: ", style="bold"), *(tile(n) for n in hand)))
    if view["drawn"] is not None:
        parts.append(
            Text.assemble(f"Seat {view['current_player']} drew ", tile(view["drawn"]), "— only it may be placed.")
        )
    elif view["phase"] == "after_draw":
        parts.append(Text(f"Seat {view['current_player']} has drawn {view['draws_this_turn']} tile(s) this turn."))
    if view["forced"] is not None:
        parts.append(Text(str(FORCED[view["forced"]])))
    return Group(*parts)


def layout_grid(view: dict[str, Any]) -> Table:
    """The layout with row and column numbers; the last placed tile is underlined."""
    laid = parse_layout([entry["move"] for entry in view["layout"]])
    grid: dict[tuple[int, int], tuple[str, bool]] = {}
    for number, t in enumerate(laid):
        dr, dc = (0, 1) if t.orientation == "H" else (1, 0)
        for i, code in enumerate(t.colours):
            grid[(t.row + i * dr, t.col + i * dc)] = (LETTERS[code], number == len(laid) - 1 and number > 0)
    rows = [r for r, _ in grid]
    cols = [c for _, c in grid]
    table = Table(show_header=True, box=None, padding=0, pad_edge=False, header_style="dim")
    table.add_column("", justify="right", style="dim")
    col_range = range(min(cols), max(cols) + 1)
    for c in col_range:
        table.add_column(str(c), justify="center", min_width=3)
    for r in range(min(rows), max(rows) + 1):
        cells: list[Text] = [Text(f"{r} ")]
        for c in col_range:
            if (r, c) in grid:
                letter, last = grid[(r, c)]
                cells.append(square(letter, LAST if last else ""))
            else:
                cells.append(Text(" · ", style="dim"))
        table.add_row(*cells)
    return table


def _players(view: dict[str, Any]) -> Table:
    table = Table(title="Players", title_justify="left", padding=(0, 1))
    table.add_column("seat")
    table.add_column("tiles", justify="right")
    table.add_column("revealed / open hand")
    expert = any("points" in player for player in view["players"])
    if expert:
        table.add_column("points", justify="right")
    for player in view["players"]:
        s = player["seat"]
        marks = ("▶ " if s == view["current_player"] else "  ") + str(s)
        if s == view["you"]:
            marks += " (you)"
        if player["out"]:
            marks += " ✓ out"
        shown = player["hand"] if player["hand"] is not None and s != view["you"] else player["revealed"]
        row: list[Any] = [marks, str(player["hand_size"]), Text.assemble(*(tile(n) for n in shown))]
        if expert:
            row.append(str(player["points"]))
        table.add_row(*row)
    return table


def describe(state: ChrominoState, action: int) -> str:
    """A longer description of a move for the numbered move list (no markup characters), from the engine's
    board (contacts) and scoring (Expert points)."""
    if action == DRAW:
        return f"draw a tile from the bag ({len(state.bag)} left)"
    if action == PASS:
        if state.phase == AFTER_DRAW:
            return "keep the drawn tile and end the turn"
        return "end the turn without placing"
    game = state.game
    fp = game.board_fp(action)
    contacts = state.board.contacts(fp)
    text = f"{contacts} contacts"
    if game.expert:
        text += f", +{placement_points(state, game.tile_of(action), fp)} points"
    return text


RENDERER = TerminalRenderer(render=render, describe=describe)
