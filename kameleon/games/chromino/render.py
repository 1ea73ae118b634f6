"""Chromino in the terminal: the layout cropped to its bounding box, hands and bag, from `view()` only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from kameleon.engine.hooks import TerminalRenderer
from kameleon.engine.messages import Say, msg
from kameleon.engine.terminal import HOLE, Legend, fill
from kameleon.games.chromino import narration
from kameleon.games.chromino.explain import CHAMELEON_LABEL, COLOUR_LABELS, FORCED
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


def render(state: ChrominoState, seat: int | None, say: Say = str) -> RenderableType:
    view = state.view(seat)
    status = [
        "Chromino",
        say(msg("tui_round", "round {round}", round=view["round"])),
        say(msg("tui_bag", "tiles in the bag: {count}", count=view["bag_size"])),
    ]
    if view["final_round"]:
        status.append(say(msg("tui_final_round", "FINAL ROUND (seat {seat} went out)", seat=view["first_out"])))
    if view["phase"] == "over" and view["final_round"] and view["options"]["final_round"] == "complete_round":
        # Why nobody played after the seat that went out: the round had come round to its start.
        said = msg(
            "tui_game_over_round",
            "game over: the last round is complete (rounds begin with seat {seat})",
            seat=view["first_player"],
        )
        status.append(say(said))
    elif view["phase"] == "over":
        status.append(say(msg("tui_game_over", "game over")))
    grid = LayoutGrid(view, say, _placement_columns(state) if seat == state.current_player else [])
    parts: list[RenderableType] = [Legend(status, style="bold"), grid, legend(say)]
    parts.append(_players(view, say))
    if seat is not None and view["players"][seat]["hand"] is not None:
        hand = view["players"][seat]["hand"]
        label = say(msg("tui_your_hand", "Your hand:"))
        parts.append(Legend([Text(label, style="bold"), *(tile(n) for n in hand)], gap=" "))  # no tile cut in two
    if view["drawn"] is not None:
        drew = say(
            msg(
                "tui_drew",
                "Seat {seat} drew {tile} — only it may be placed.",
                seat=view["current_player"],
                tile=HOLE,
            )
        )
        parts.append(fill(drew, *(square(x) for x in view["drawn"])))
    elif view["phase"] == "after_draw":
        drawn = msg(
            "tui_drawn_this_turn",
            "Tiles seat {seat} has drawn this turn: {count}.",
            seat=view["current_player"],
            count=view["draws_this_turn"],
        )
        parts.append(Text(say(drawn)))
    if view["forced"] is not None:
        parts.append(Text(say(FORCED[view["forced"]])))
    return Group(*parts)


def _placement_columns(state: ChrominoState) -> list[tuple[int, int]]:
    """The first and last column of each tile the seat to move may lay (the engine's legal placements)."""
    if state.is_terminal:
        return []
    codec = state.game.codec
    spans = []
    for action in state.legal_actions():
        if action not in (DRAW, PASS):
            placed = codec.decode(action)
            spans.append((placed.col, placed.col + (2 if placed.orientation == "H" else 0)))
    return spans


class LayoutGrid:
    """The layout with row and column numbers; the last placed tile is underlined. Where the terminal is too
    narrow for every column, the columns where the reader may lay a tile (`focus`), else those around the last
    tile, are shown, and a line under the grid says which ones are left out: a board cut at the edge without a
    word would not match the moves' coordinates."""

    def __init__(self, view: dict[str, Any], say: Say = str, focus: Sequence[tuple[int, int]] = ()) -> None:
        laid = parse_layout([entry["move"] for entry in view["layout"]])
        self.say = say
        self.focus = focus
        self.grid: dict[tuple[int, int], tuple[str, bool]] = {}
        self.last: list[int] = []
        for number, t in enumerate(laid):
            dr, dc = (0, 1) if t.orientation == "H" else (1, 0)
            for i, code in enumerate(t.colours):
                is_last = number == len(laid) - 1
                self.grid[(t.row + i * dr, t.col + i * dc)] = (LETTERS[code], is_last and number > 0)
                if is_last:
                    self.last.append(t.col + i * dc)
        cols = [c for _, c in self.grid]
        self.cols = range(min(cols), max(cols) + 1)
        self.width = max(3, *(len(str(c)) + 1 for c in self.cols))  # "-10" and "-9" apart, not "-10-9"

    def table(self, cols: range) -> Table:
        rows = [r for r, _ in self.grid]
        table = Table(show_header=True, box=None, padding=0, pad_edge=False, header_style="dim")
        table.add_column("", justify="right", style="dim")
        for c in cols:
            table.add_column(str(c), justify="center", min_width=self.width)
        for r in range(min(rows), max(rows) + 1):
            cells: list[Text] = [Text(f"{r} ")]
            for c in cols:
                if (r, c) in self.grid:
                    letter, last = self.grid[(r, c)]
                    cells.append(square(letter, LAST if last else ""))
                else:
                    cells.append(Text(" · ", style="dim"))
            table.add_row(*cells)
        return table

    def shown(self, room: int) -> range:
        """The columns that fit in `room` cells: all of them, else the window that shows the most tiles the reader
        may lay (a tile laid past the edge by the column at the edge), the nearest to the last tile among those."""
        label = max(len(f"{r} ") for r, _ in self.grid)
        fit = max(1, (room - label) // self.width)
        if fit >= len(self.cols):
            return self.cols
        if self.last:
            low, high = min(self.last), max(self.last)
        else:
            low = high = (self.cols.start + self.cols.stop) // 2
        near = low - (fit - (high - low + 1)) // 2  # the last tile's columns centred: all of them where they fit
        spans = self._clamped()
        starts = range(self.cols.start, self.cols.stop - fit + 1)
        start = max(starts, key=lambda a: (sum(lo < a + fit and hi >= a for lo, hi in spans), -abs(a - near)))
        return range(start, start + fit)

    def _clamped(self) -> list[tuple[int, int]]:
        """The placements' columns brought within the layout's: a tile past the edge shows by the edge."""
        first, last = self.cols.start, self.cols.stop - 1
        return [(min(max(lo, first), last), max(min(hi, last), first)) for lo, hi in self.focus]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        cols = self.shown(options.max_width)
        yield self.table(cols)
        if cols != self.cols:
            note = msg(
                "tui_columns_shown",
                "columns {first} to {last} of {low} to {high}: widen the terminal to see the whole layout",
                first=cols.start,
                last=cols.stop - 1,
                low=self.cols.start,
                high=self.cols.stop - 1,
            )
            yield Text(self.say(note), style="yellow")


def legend(say: Say) -> Legend:
    """The key to the layout's letters, each in its square's colours and named in the reader's language:
    "R red · Y yellow · G green · B blue · P purple · * chameleon"."""
    names = (*COLOUR_LABELS, CHAMELEON_LABEL)
    entries = [
        Text.assemble(Text(letter, style=STYLES[letter]), f" {say(name)}")
        for letter, name in zip(LETTERS, names, strict=True)
    ]
    return Legend(entries)


def _players(view: dict[str, Any], say: Say) -> Table:
    table = Table(title=say(msg("tui_players", "Players")), title_justify="left", padding=(0, 1))
    table.add_column(say(msg("tui_seat", "seat")))
    table.add_column(say(msg("tui_tiles", "tiles")), justify="right")
    table.add_column(say(msg("tui_revealed", "revealed / open hand")))
    expert = any("points" in player for player in view["players"])
    if expert:
        table.add_column(say(msg("tui_points", "points")), justify="right")
    you = say(msg("tui_you", "(you)"))
    out = say(msg("tui_out", "out"))
    for player in view["players"]:
        s = player["seat"]
        marks = ("▶ " if s == view["current_player"] else "  ") + str(s)
        if s == view["you"]:
            marks += f" {you}"
        if player["out"]:
            marks += f" ✓ {out}"
        shown = player["hand"] if player["hand"] is not None and s != view["you"] else player["revealed"]
        row: list[Any] = [marks, str(player["hand_size"]), Text.assemble(*(tile(n) for n in shown))]
        if expert:
            row.append(str(player["points"]))
        table.add_row(*row)
    return table


def describe(state: ChrominoState, action: int, say: Say = str) -> str:
    """A longer description of a move for the numbered move list (no markup characters), from the engine's
    board (contacts) and scoring (Expert points)."""
    if action == DRAW:
        return say(msg("tui_draw", "draw a tile from the bag ({count} left)", count=len(state.bag)))
    if action == PASS:
        if state.phase == AFTER_DRAW:
            return say(msg("tui_keep_drawn", "keep the drawn tile and end the turn"))
        return say(msg("tui_pass", "end the turn without placing"))
    game = state.game
    fp = game.board_fp(action)
    contacts = msg("tui_contacts", "contacts: {count}", count=state.board.contacts(fp))
    if game.expert:
        points = placement_points(state, game.tile_of(action), fp)
        return say(msg("tui_contacts_points", "{contacts}, points: +{points}", contacts=contacts, points=points))
    return say(contacts)


RENDERER = TerminalRenderer(
    render=render,
    describe=describe,
    narrate=narration.narrate,
    notation=msg(
        "tui_notation",
        "A tile is laid as its colours in reading order (left to right, or top to bottom), H or V, then the row,col"
        " of its top-left square: PRR H 0,-1.",
    ),
)
