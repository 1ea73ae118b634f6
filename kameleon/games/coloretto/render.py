"""Coloretto in the terminal: rows, collections, pile and live scores, drawn from `view()` only.

What the rules derive (free places, the colour each wild card counts as, which colours count
positively, the totals) is read from the view's fields; nothing here works it out again.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from kameleon.engine.hooks import TerminalRenderer
from kameleon.games.coloretto import notation as nt
from kameleon.games.coloretto.state import ColorettoState

STYLES = {
    "blue": "bold white on blue",
    "brown": "bold white on dark_orange3",
    "green": "bold black on green3",
    "orange": "bold black on orange1",
    "purple": "bold white on purple",
    "red": "bold white on red3",
    "yellow": "bold black on yellow1",
    "+2": "bold black on grey85",
    "joker": "bold black on magenta",
    "golden joker": "bold black on gold1",
}
SHORT = {"+2": "+2", "joker": "J", "golden joker": "GJ"}


def card(name: str) -> Text:
    label = SHORT.get(name, name[:3])
    return Text(f" {label} ", style=STYLES.get(name, "reverse"))


def render(state: ColorettoState, seat: int | None) -> RenderableType:
    view = state.view(seat)
    header = Text(
        f"Coloretto · round {view['round']} · {view['pile_size']} cards in the pile"
        + (
            f" ({view['cards_above_last_round']} before the last-round card)"
            if view["cards_above_last_round"] is not None
            else ""
        )
        + (" · FINAL ROUND" if view["final_round"] else ""),
        style="bold",
    )
    parts: list[RenderableType] = [header, _rows(view), _players(view)]
    if view["drawn"] is not None:
        parts.append(
            Text.assemble(f"Seat {view['current_player']} drew ", card(view["drawn"]), " — place it in a row.")
        )
    if view["events"]:
        last = view["events"][-1]
        what = last["kind"] if last["kind"] == last["card"] else f"{last['kind']} — {last['card']}"
        parts.append(Text(f"Last event (move {last['move']}): {what}", style="dim"))
    return Group(*parts)


def _rows(view: dict[str, Any]) -> Table:
    table = Table(title="Rows", title_justify="left", show_header=False, box=None, padding=(0, 1))
    for row in view["rows"]:
        cells = Text.assemble(*(card(c) for c in row["cards"]), *([" · "] * row["free"]))
        status = f"taken by seat {row['taken_by']}" if row["taken_by"] is not None else ""
        table.add_row(Text(f"row {row['row']}", style="bold"), cells, Text(status, style="dim"))
    return table


def _players(view: dict[str, Any]) -> Table:
    """Each collection with its live score; the colours that count positively are bold, the others dim,
    and "+n" is the wild cards counted as that colour."""
    table = Table(title="Collections", title_justify="left", padding=(0, 1))
    table.add_column("seat")
    for colour in view["colours_in_play"]:
        table.add_column(Text(colour[:3], style=STYLES[colour]), justify="center")
    for name in ("+2", "J", "GJ"):
        table.add_column(name, justify="center")
    table.add_column("score", justify="right")
    for player, score in zip(view["players"], view["scores"], strict=True):
        seat = player["seat"]
        marks = ("▶ " if seat == view["current_player"] else "  ") + str(seat)
        if seat == view["you"]:
            marks += " (you)"
        if not view["active"][seat] and not view["final"]:
            marks += " ✓"
        counts = [_count(player["colours"][c], c, score) for c in view["colours_in_play"]]
        extras = [str(player[k] or "") for k in ("plus_two", "jokers", "golden_jokers")]
        table.add_row(marks, *counts, *extras, str(score["total"]))
    return table


def _count(held: int, colour: str, score: dict[str, Any]) -> Text:
    wild = score["joker_colours"].count(colour)
    shown = (str(held) if held or wild else "") + (f"+{wild}" if wild else "")
    return Text(shown, style="bold" if colour in score["positive"] else "dim" if colour in score["negative"] else "")


def summary(state: ColorettoState, names: list[str]) -> RenderableType:
    """Final score breakdown: joker colours, positive and negative colours, "+2" cards."""
    view = state.view(None)
    table = Table(title="Final scores", title_justify="left")
    for column in ("seat", "player", "jokers as", "positive", "negative", "+2", "total"):
        table.add_column(column, justify="right" if column in ("+2", "total") else "left")
    winners = set(view["winners"])
    for seat, score in enumerate(view["scores"]):

        def pile(colours: list[str], score: dict[str, Any] = score) -> Text:
            return (
                Text(" ").join(Text(f" {score['counts'][c]} ", style=STYLES[c]) for c in colours)
                if colours
                else Text("-")
            )

        table.add_row(
            str(seat),
            names[seat] + (" ★" if seat in winners else ""),
            ", ".join(score["joker_colours"]) or "-",
            pile(score["positive"]),
            pile(score["negative"]),
            str(score["plus_two"]),
            Text(str(score["total"]), style="bold"),
        )
    return table


def describe(state: ColorettoState, action: int) -> str:
    """What a legal move would do, for the numbered move list."""
    seat = state.current_player
    view = state.view(seat)
    if nt.TAKE <= action < nt.JOKER_TO:
        return "gets " + ", ".join(view["rows"][action - nt.TAKE]["cards"])
    if nt.PLACE <= action < nt.TAKE and view["drawn"] is not None:
        after = state.clone()  # placing reveals nothing: the engine itself says what the row has left
        after.apply(action)
        return f"{after.view(seat)['rows'][action - nt.PLACE]['free']} free place(s) left after"
    if action == nt.DRAW:
        return "reveal the top card of the pile"
    return ""


RENDERER = TerminalRenderer(render=render, describe=describe, summary=summary)
