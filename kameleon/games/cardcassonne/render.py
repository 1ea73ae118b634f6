"""Cardcassonne in the terminal: the four rows with followers, hand, scores, herds and chests, from `view()` only.

Every word shown is a `msg(...)` of the game's catalog, worded by `say` in the reader's language; cards,
rows and colours reuse the names the catalog already has (`cards.CARD_LABELS`, `ROW_LABELS`, `COLOUR_LABELS`).
Card chips, row codes (Y, R, G, B) and numbers are the game's notation and stay as they are; a key under the rows
says how to read them (`_legend`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, JustifyMethod, RenderableType
from rich.table import Table
from rich.text import Text

from kameleon.engine.hooks import TerminalRenderer
from kameleon.engine.messages import Message, Say, msg
from kameleon.engine.terminal import HOLE, Fitting, Legend, add_column, compact_table, fill, fitted
from kameleon.games.cardcassonne import narration
from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne.cards import CARD_LABELS, COLOUR_LABELS, COLOURS, DRG, FAI, ROW_LABELS
from kameleon.games.cardcassonne.scoring import PARTS
from kameleon.games.cardcassonne.state import CardcassonneState

ROW_STYLES = {
    "Y": "bold black on yellow1",
    "R": "bold white on red3",
    "G": "bold black on green3",
    "B": "bold white on blue",
}
JOKER_STYLE = "bold black on magenta"
BACK_STYLE = "bold white on grey35"
SEAT_STYLES = ("bold cyan", "bold magenta", "bold bright_green", "bold orange1", "bold bright_white")
PART_LABELS = narration.PART_LABELS


def card(face: str | None, face_down: bool = False) -> Text:
    """One card chip: coloured by its colour, jokers magenta, an unknown face-down card as a back."""
    if face is None:
        return Text(" ?? ", style=BACK_STYLE)
    style = ROW_STYLES.get(face[0], JOKER_STYLE)  # joker codes (DRG, FAI, WA, WH) start with no colour letter
    label = f"?{face}" if face_down else face
    return Text(f" {label} ", style=style + (" italic" if face_down else ""))


def _entry(entry: dict[str, Any]) -> Text:
    if entry["kind"] == "follower":
        seat = entry["seat"]
        return Text(f" ♟{seat} ", style=f"reverse {SEAT_STYLES[seat % len(SEAT_STYLES)]}")
    return card(entry["face"], entry["face_down"])


def render(state: CardcassonneState, seat: int | None, say: Say = str) -> RenderableType:
    view = state.view(seat)
    phase = view["phase"]
    stage = (
        msg("tui_round", "round {round} of {rounds}", round=view["round"], rounds=view["rounds"])
        if view["round"]
        else msg("tui_setup", "setup")
    )
    header = [
        "Cardcassonne",
        say(stage),
        say(msg("tui_dealer", "dealer seat {seat}", seat=view["dealer"])),
        say(msg("tui_deck", "cards in the deck: {count}", count=view["deck_size"])),
    ]
    parts: list[RenderableType] = [
        Legend(header, style="bold"),  # a long translated line breaks between its facts
        _rows(view, say),
        _legend(say),
        _players(view, say),
        *_chests(view, say),
    ]
    you = view["you"]
    if you is not None:
        hand = view["players"][you]["hand"] or []
        if hand:
            parts.append(fill(say(msg("tui_hand", "Your hand: {cards}", cards=HOLE)), *(card(f) for f in hand)))
        else:
            parts.append(Text(say(msg("tui_hand_empty", "Your hand is empty."))))
        if view["players"][you]["next_card_face_down"] and phase == "play":
            said = msg("tui_next_face_down", "Your next card is played face down, into any row.")
            parts.append(Text(say(said), style="italic"))
    if view["setup_joker"] is not None:
        said = msg(
            "tui_setup_joker", "Dealer (seat {seat}) turned up {card}: pick its row.", seat=view["dealer"], card=HOLE
        )
        parts.append(fill(say(said), card(view["setup_joker"])))
    claim = view["claim"]
    if claim is not None:
        said = msg(
            "tui_secured", "Seat {seat} secured in row {row}: {cards}", seat=claim["seat"], row=claim["row"], cards=HOLE
        )
        parts.append(fill(say(said), *(card(f) for f in claim["cards"])))
        if claim["pending"]:
            said = msg("tui_misplaced", "misplaced: keep or take 10 for {card}", card=HOLE)
            parts.append(fill("  " + say(said), card(claim["pending"][0])))
        elif claim["wilds_to_assign"]:
            said = msg(
                "tui_wilds_to_assign",
                "wild animals to assign: {count} (herds {kinds})",
                count=claim["wilds_to_assign"],
                kinds=", ".join(claim["kinds"]),
            )
            parts.append(Text("  " + say(said)))
    recent = [e for e in view["events"] if e["round"] == view["round"] - 1 or view["final"]]
    for event in recent[-5:]:
        parts.append(Text("  " + say(_scored(event)), style="dim"))
    return Group(*parts)


def _scored(event: dict[str, Any]) -> Message:
    """One line of the last round's (or, at the end, the game's) scoring."""
    where: Message
    if not event["row"]:
        where = msg("tui_where_chest", "chest")
    elif event["to_chest"]:
        where = msg(
            "tui_where_row_chest", "row {row}, {count} under the chest", row=event["row"], count=event["to_chest"]
        )
    else:
        where = msg("tui_where_row", "row {row}", row=event["row"])
    return msg(
        "tui_scored", "seat {seat} scored {points} ({where})", seat=event["seat"], points=event["points"], where=where
    )


def _rows(view: dict[str, Any], say: Say) -> Table:
    table = Table(title=say(msg("tui_rows", "Rows")), title_justify="left", show_header=False, box=None, padding=(0, 1))
    names = [say(label) for label in COLOUR_LABELS]
    width = max(len(name) for name in names)
    for row in view["rows"]:
        colour = row["row"]
        cells = Text.assemble(*(_entry(e) for e in row["entries"])) if row["entries"] else Text("·", style="dim")
        name = names[COLOURS.index(colour)]
        table.add_row(Text(f" {name:<{width}} ", style=ROW_STYLES[colour]), cells)
    return table


def _legend(say: Say) -> Group:
    """How to read the rows and the herd columns: a card's code is its colour letter (W for a wild card) and its
    kind; the two other jokers; face-down cards; followers. The symbols are the ones `card` and `_entry` print."""
    colours = [f"{code} {say(label)}" for code, label in zip(COLOURS, COLOUR_LABELS, strict=True)]
    colours.append(say(msg("tui_legend_wild", "W wild")))
    kinds = msg("tui_legend_kinds", "P1-3 {people}, H building, A animal", people=PART_LABELS["people"])
    jokers = f"DRG {say(CARD_LABELS[DRG])}, FAI {say(CARD_LABELS[FAI])}"
    face_down = msg("tui_legend_face_down", "?GA face down, ?? unknown")
    follower = msg("tui_legend_follower", "♟n seat n's follower")
    herd = msg("tui_legend_herd", "5+3: five animals and three wild ones in a herd")
    return Group(Legend([", ".join(colours), say(kinds)]), Legend([jokers, say(face_down), say(follower), say(herd)]))


def _players(view: dict[str, Any], say: Say) -> Fitting:
    # No inner rules: the translated headers are longer than the English ones and need the room at 80 columns.
    table = Table(
        title=say(msg("tui_players", "Players")),
        title_justify="left",
        padding=(0, 1, 0, 0),  # two spaces between columns: the translated headers need the room at 80 columns
        box=box.SIMPLE_HEAD,
        show_edge=False,
    )
    columns: tuple[tuple[Message, JustifyMethod], ...] = (
        (msg("tui_seat", "seat"), "left"),
        (msg("tui_hand_size", "hand"), "right"),
        (msg("tui_played", "played"), "left"),
        (msg("tui_follower", "follower"), "left"),
        (msg("tui_herds", "herds {colours}", colours=" ".join(COLOURS)), "left"),
        (msg("tui_loose", "loose"), "right"),
        (msg("tui_chest", "chest"), "right"),
        (msg("tui_score", "score"), "right"),
    )
    # A one-word cell cut to "piazza…" says nothing, and a herds line broken between colours reads as another
    # row: no column wraps but the loose wild animals' (a number under a header of a word or two). The score
    # track's marker is not shown: it says the score again, and at 80 columns there is no room for it.
    # Each herd's count in its colour, as the letters above them: "5+3" is wider than its letter, so the columns of
    # counts cannot stand under the letters at 80 columns; the colours say which is which.
    counts = {p["seat"]: [_herd(h) for h in p["herds"].values()] for p in view["players"]}
    herds = {seat: _coloured(row) for seat, row in counts.items()}
    for column, justify in columns:
        if column.code == "tui_loose":
            add_column(table, say(column), justify)
        elif column.code == "tui_herds":
            before, _, after = say(msg("tui_herds", "herds {colours}", colours="\0")).partition("\0")
            table.add_column(Text.assemble(before, _coloured(COLOURS), after), justify=justify, no_wrap=True)
        else:
            table.add_column(say(column), justify=justify, no_wrap=True)
    you = say(msg("tui_you", "(you)"))
    placed = say(msg("tui_follower_placed", "placed"))
    free = say(msg("tui_follower_free", "free"))
    lines: list[Legend] = []
    for player in view["players"]:
        seat = player["seat"]
        marks = ("▶ " if seat == view["current_player"] else "  ") + str(seat)
        if seat == view["you"]:
            marks += f" {you}"
        chest = str(player["chest_size"])
        if player["chest_points"] is not None:
            chest += f" = {player['chest_points']}"
        table.add_row(
            Text(marks, style=SEAT_STYLES[seat % len(SEAT_STYLES)]),
            str(player["hand_size"]),
            str(player["cards_played"]),
            placed if player["follower_placed"] else free,
            herds[seat],
            str(player["loose_wilds"] or ""),
            chest,
            Text(str(player["score"]), style="bold"),
        )
        # The same facts as one line each, for a terminal too narrow for the table: every value named.
        cells = (str(player["hand_size"]), str(player["cards_played"]), placed if player["follower_placed"] else free,
                 " ".join(counts[seat]), str(player["loose_wilds"] or ""), chest, str(player["score"]))  # fmt: skip
        who = marks.replace(str(seat), f"{say(columns[0][0])} {seat}", 1).strip()
        named = [Text(f"{say(column)} {cell}") for (column, _), cell in zip(columns[1:], cells, strict=True) if cell]
        lines.append(Legend([Text(who + ":", style=SEAT_STYLES[seat % len(SEAT_STYLES)]), *named], gap="  "))
    return Fitting(table, Group(Text(say(msg("tui_players", "Players")), style="italic"), *lines))


HERD_STYLES = {"Y": "bold yellow1", "R": "bold red1", "G": "bold green3", "B": "bold dodger_blue1"}
"""The herds' colours as text, readable on a dark terminal (the rows' are backgrounds)."""


def _coloured(words: Sequence[str]) -> Text:
    """One word per colour, Y R G B, each in its colour."""
    return Text(" ").join(Text(word, style=HERD_STYLES[c]) for word, c in zip(words, COLOURS, strict=True))


def _herd(herd: dict[str, int]) -> str:
    return f"{herd['real']}+{herd['wild']}" if herd["wild"] else str(herd["real"])


def _chests(view: dict[str, Any], say: Say) -> list[RenderableType]:
    """The cards of every chest the viewer may see, one line each under the players' table (in a cell they
    squeezed the other columns)."""
    lines: list[RenderableType] = []
    for player in view["players"]:
        if player["chest"]:
            said = msg("tui_chest_of", "chest of seat {seat}: {cards}", seat=player["seat"], cards=HOLE)
            lines.append(fill("  " + say(said), *(card(f) for f in player["chest"])))
    return lines


def describe(state: CardcassonneState, action: int, say: Say = str) -> str:
    """What a move would do, for the numbered move list (only what the mover sees)."""
    seat = state.current_player
    if seat is None:
        return ""
    if nt.FOLLOWER <= action < nt.JOKER:
        r = action - nt.FOLLOWER
        count = state.view(seat)["rows"][r]["open"]
        if not count:
            return say(msg("tui_secures_nothing", "secures nothing in {row}", row=ROW_LABELS[r]))
        # The greedy bot's value of placing the follower is what it expects the secured cards to score.
        points = round(state.game.action_values(state, [action])[0])
        said = msg("tui_secures", "cards secured: {count}, worth about {points}", count=count, points=points)
        return say(said)
    if nt.FACE_DOWN <= action < nt.FOLLOWER:
        row = ROW_LABELS[(action - nt.FACE_DOWN) & 3]
        return say(msg("tui_face_down_to", "face down at the end of {row}", row=row))
    if action < nt.FACE_DOWN:
        return say(msg("tui_face_up_to", "face up at the end of {row}", row=ROW_LABELS[action & 3]))
    if nt.JOKER <= action < nt.KEEP:
        return say(msg("tui_joker_to", "the joker goes to the end of {row}", row=ROW_LABELS[action - nt.JOKER]))
    if action == nt.KEEP:
        return say(msg("tui_keep", "keep the misplaced card (animal to its herd, building under the chest)"))
    if action == nt.TEN:
        return say(msg("tui_ten", "take 10 points; the card leaves the game"))
    return say(msg("tui_wild", "the wild animal joins this herd for good"))


def summary(state: CardcassonneState, names: list[str], say: Say = str) -> RenderableType:
    """Final scores by part: people, herds, tens, lone wild animals and the chest's building sets."""
    view = state.view(None)
    table = compact_table(say(msg("tui_final_scores", "Final scores")))
    add_column(table, say(msg("tui_seat", "seat")))
    add_column(table, say(msg("tui_player", "player")))
    for part in PARTS:
        add_column(table, say(PART_LABELS[part]), "right")
    add_column(table, say(msg("tui_total", "total")), "right")
    winners = set(view["winners"])
    for player in view["players"]:
        seat = player["seat"]
        table.add_row(
            str(seat),
            Text(names[seat] + (" ★" if seat in winners else "")),  # a name is text, never markup
            *(str(player["score_parts"][part]) for part in PARTS),
            Text(str(player["score"]), style="bold"),
        )
    return fitted(table)  # a line per seat where the terminal is too narrow for the whole table


RENDERER = TerminalRenderer(
    render=render,
    describe=describe,
    summary=summary,
    narrate=narration.narrate,
    notation=msg(
        "tui_notation",
        "A card is written by its colour (Y, R, G, B) and kind (P1, P2, P3 people, H building, A animal), or a"
        " joker's code (DRG, FAI, WA, WH). YP3 plays it face up into its own row, DRG@G a joker face up into row"
        " G, ?YP3@B a card face down into row B (the card that must go face down), F@G puts the follower on row"
        " G, J@R the revealed joker on row R; keep, ten and wild@G settle a claim's misplaced cards and wild"
        " animals.",
    ),
)
