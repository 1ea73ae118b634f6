"""Coloretto in the terminal: rows, collections, pile and live scores, drawn from `view()` only.

What the rules derive (free places, the colour each wild card counts as, which colours count
positively, the totals) is read from the view's fields; nothing here works it out again.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from kameleon.engine.hooks import TerminalRenderer
from kameleon.engine.messages import Say, msg
from kameleon.engine.terminal import HOLE, Fitting, Legend, compact_table, fill, fitted
from kameleon.games.coloretto import narration
from kameleon.games.coloretto import notation as nt
from kameleon.games.coloretto.cards import CARD_NAMES
from kameleon.games.coloretto.explain import CARD_LABELS
from kameleon.games.coloretto.narration import pile_news
from kameleon.games.coloretto.scoring import PLUS_TWO_POINTS, value
from kameleon.games.coloretto.scoring import table as table_of
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


def card(name: str, say: Say = str) -> Text:
    """A card as a coloured chip: a colour's first three letters in the reader's language, the others' signs."""
    return Text(f" {short(name, say)} ", style=STYLES.get(name, "reverse"))


def short(name: str, say: Say) -> str:
    return SHORT.get(name) or card_label(name, say)[:3]


def card_label(name: str, say: Say) -> str:
    """A card's name in the reader's language (the game's catalog words it for illegal moves too)."""
    return say(CARD_LABELS[CARD_NAMES.index(name)])


def render(state: ColorettoState, seat: int | None, say: Say = str) -> RenderableType:
    view = state.view(seat)
    header = [
        "Coloretto",
        say(msg("tui_round", "round {round}", round=view["round"])),
        say(msg("tui_pile", "cards in the pile: {count}", count=view["pile_size"])),
    ]
    if view["cards_above_last_round"] is not None:
        header.append(
            say(msg("tui_above_last", "above the last-round card: {count}", count=view["cards_above_last_round"]))
        )
    if view["final_round"]:
        header.append(say(msg("tui_final_round", "FINAL ROUND")))
    parts: list[RenderableType] = [
        Legend(header, style="bold"),  # a long translated line breaks between its facts
        _rows(view, say),
        _players(view, say),
        legend(say),
    ]
    if view["drawn"] is not None:
        drew = say(
            msg("tui_drew", "Seat {seat} drew {card}: place it in a row.", seat=view["current_player"], card=HOLE)
        )
        parts.append(fill(drew, card(view["drawn"], say)))
    # The pile's events of the last two moves per seat (a turn is one move or two): older ones are past, not news.
    # One line a move, in the move log's words.
    recent = view["moves_played"] - 2 * len(view["players"])
    news = [e for e in view["events"] if e["move"] > recent]
    for move, events in groupby(news, key=lambda e: e["move"]):
        what = " · ".join(say(part) for part in pile_news(list(events), say))
        parts.append(Text(say(msg("tui_pile_event", "Move {move}: {what}", move=move, what=what)), style="dim"))
    return Group(*parts)


def legend(say: Say) -> Legend:
    """The key to the collections' columns: the wild cards' signs, what "+n" and ✓ mean."""
    wild = [f"{SHORT[name]} {card_label(name, say)}" for name in ("joker", "golden joker")]
    plus_two = say(msg("tui_legend_plus_two", "+2 cards worth two points each"))
    counted = say(msg("tui_legend_counted", "3+1: three cards and one wild card counted as that colour"))
    return Legend([plus_two, *wild, counted, say(msg("tui_legend_done", "✓ took a row this round"))])


def _rows(view: dict[str, Any], say: Say) -> Table:
    table = Table(title=say(msg("tui_rows", "Rows")), title_justify="left", show_header=False, box=None, padding=(0, 1))
    for row in view["rows"]:
        cells = Text.assemble(*(card(c, say) for c in row["cards"]), *([" · "] * row["free"]))
        status = (
            say(msg("tui_taken_by", "taken by seat {seat}", seat=row["taken_by"]))
            if row["taken_by"] is not None
            else ""
        )
        label = say(msg("tui_row", "row {row}", row=row["row"]))
        table.add_row(Text(label, style="bold"), cells, Text(status, style="dim"))
    return table


def _players(view: dict[str, Any], say: Say) -> Fitting:
    """Each collection with its live score; the colours that count positively are bold, the others dim,
    and "+n" is the wild cards counted as that colour."""
    table = Table(title=say(msg("tui_collections", "Collections")), title_justify="left", padding=(0, 1))
    table.add_column(say(msg("tui_seat", "seat")))
    for colour in view["colours_in_play"]:
        table.add_column(Text(short(colour, say), style=STYLES[colour]), justify="center")
    for name in ("+2", "J", "GJ"):
        table.add_column(name, justify="center")
    table.add_column(say(msg("tui_score", "score")), justify="right")
    you = say(msg("tui_you", "(you)"))
    lines: list[Legend] = []
    for player, score in zip(view["players"], view["scores"], strict=True):
        seat = player["seat"]
        marks = ("▶ " if seat == view["current_player"] else "  ") + str(seat)
        if seat == view["you"]:
            marks += f" {you}"
        if not view["active"][seat] and not view["final"]:
            marks += " ✓"
        counts = [_count(player["colours"][c], c, score) for c in view["colours_in_play"]]
        extras = [str(player[k] or "") for k in ("plus_two", "jokers", "golden_jokers")]
        table.add_row(marks, *counts, *extras, str(score["total"]))
        held = [
            Text.assemble(Text(short(colour, say), style=STYLES[colour]), " ", count)
            for colour, count in zip(view["colours_in_play"], counts, strict=True)
            if count.plain
        ]
        held += [Text(f"{name} {extra}") for name, extra in zip(("+2", "J", "GJ"), extras, strict=True) if extra]
        held.append(Text(f"{say(msg('tui_score', 'score'))} {score['total']}", style="bold"))
        who = marks.replace(str(seat), f"{say(msg('tui_seat', 'seat'))} {seat}", 1).strip()
        lines.append(Legend([Text(who + ":", style="bold"), *held], gap="  "))
    return Fitting(table, Group(Text(say(msg("tui_collections", "Collections")), style="italic"), *lines))


def _count(held: int, colour: str, score: dict[str, Any]) -> Text:
    wild = score["joker_colours"].count(colour)
    shown = (str(held) if held or wild else "") + (f"+{wild}" if wild else "")
    return Text(shown, style="bold" if colour in score["positive"] else "dim" if colour in score["negative"] else "")


def summary(state: ColorettoState, names: list[str], say: Say = str) -> RenderableType:
    """Final score breakdown: joker colours, positive and negative colours, "+2" cards."""
    view = state.view(None)
    table = compact_table(say(msg("tui_final_scores", "Final scores")))
    columns = (
        msg("tui_seat", "seat"),
        msg("tui_player", "player"),
        msg("tui_jokers_as", "jokers as"),
        msg("tui_positive", "positive"),
        msg("tui_negative", "negative"),
        msg("tui_plus_two", "+2"),
        msg("tui_total", "total"),
    )
    for column in columns:
        table.add_column(say(column), justify="right" if column.code in ("tui_plus_two", "tui_total") else "left")
    winners = set(view["winners"])
    points = table_of(state.game.options["scoring"])
    for seat, score in enumerate(view["scores"]):

        def pile(colours: list[str], sign: int, score: dict[str, Any] = score) -> Text:
            """The colours' card counts, then what they are worth ("6 5 4 = 40"): counts alone do not add up."""
            if not colours:
                return Text("-")
            worth = sign * sum(value(score["counts"][c], points) for c in colours)
            counts = Text(" ").join(Text(f" {score['counts'][c]} ", style=STYLES[c]) for c in colours)
            return Text.assemble(counts, f" = {worth}")

        table.add_row(
            str(seat),
            Text(names[seat] + (" ★" if seat in winners else "")),  # a name is text, never markup
            ", ".join(card_label(c, say) for c in score["joker_colours"]) or "-",
            pile(score["positive"], 1),
            pile(score["negative"], -1),
            f"{score['plus_two']} = {score['plus_two'] * PLUS_TWO_POINTS}" if score["plus_two"] else "0",
            Text(str(score["total"]), style="bold"),
        )
    return fitted(table)  # a line per seat where the terminal is too narrow for the whole table


def describe(state: ColorettoState, action: int, say: Say = str) -> str:
    """What a legal move would do, for the numbered move list."""
    seat = state.current_player
    view = state.view(seat)
    if nt.TAKE <= action < nt.JOKER_TO:
        cards = ", ".join(card_label(c, say) for c in view["rows"][action - nt.TAKE]["cards"])
        return say(msg("tui_gets", "gets {cards}", cards=cards))
    if nt.PLACE <= action < nt.TAKE and view["drawn"] is not None:
        after = state.clone()  # placing reveals nothing: the engine itself says what the row has left
        after.apply(action)
        free = after.view(seat)["rows"][action - nt.PLACE]["free"]
        return say(msg("tui_free_after", "free places left after: {count}", count=free))
    if action == nt.DRAW:
        return say(msg("tui_reveal", "reveal the top card of the pile"))
    return ""


RENDERER = TerminalRenderer(
    render=render,
    describe=describe,
    summary=summary,
    narrate=narration.narrate,
    notation=msg(
        "tui_notation",
        "draw turns over the pile's top card, place 2 puts it in row 2, take 2 takes row 2 and its cards; at the"
        " end, where the scoring is chosen by hand: joker red counts a joker as red, positive red scores red"
        " positively, done confirms.",
    ),
)
