"""Cardcassonne in the terminal: the four rows with followers, hand, scores, herds and chests, from `view()` only."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from kameleon.engine.hooks import TerminalRenderer
from kameleon.games.cardcassonne import notation as nt
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
ROW_NAMES = {"Y": "yellow", "R": "red", "G": "green", "B": "blue"}


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


def render(state: CardcassonneState, seat: int | None) -> RenderableType:
    view = state.view(seat)
    phase = view["phase"]
    stage = f"round {view['round']} of {view['rounds']}" if view["round"] else "setup"
    header = Text(
        f"Cardcassonne · {stage} · dealer seat {view['dealer']} · {view['deck_size']} cards in the deck",
        style="bold",
    )
    parts: list[RenderableType] = [header, _rows(view), _players(view)]
    you = view["you"]
    if you is not None:
        hand = view["players"][you]["hand"] or []
        parts.append(Text.assemble("Your hand: ", *(card(f) for f in hand)) if hand else Text("Your hand is empty."))
        if view["players"][you]["next_card_face_down"] and phase == "play":
            parts.append(Text("Your next card is played face down, into any row.", style="italic"))
    if view["setup_joker"] is not None:
        parts.append(
            Text.assemble(f"Dealer (seat {view['dealer']}) turned up ", card(view["setup_joker"]), ": pick its row.")
        )
    claim = view["claim"]
    if claim is not None:
        line = Text.assemble(
            f"Seat {claim['seat']} secured in row {claim['row']}: ", *(card(f) for f in claim["cards"])
        )
        parts.append(line)
        if claim["pending"]:
            parts.append(Text.assemble("  misplaced: keep or take 10 for ", card(claim["pending"][0])))
        elif claim["wilds_to_assign"]:
            parts.append(Text(f"  {claim['wilds_to_assign']} wild animal(s) to assign to: {', '.join(claim['kinds'])}"))
    recent = [e for e in view["events"] if e["round"] == view["round"] - 1 or view["final"]]
    for event in recent[-5:]:
        where = f"row {event['row']}" if event["row"] else "chest"
        chest = f", {event['to_chest']} under the chest" if event["to_chest"] else ""
        parts.append(Text(f"  seat {event['seat']} scored {event['points']} ({where}{chest})", style="dim"))
    return Group(*parts)


def _rows(view: dict[str, Any]) -> Table:
    table = Table(title="Rows", title_justify="left", show_header=False, box=None, padding=(0, 1))
    for row in view["rows"]:
        colour = row["row"]
        cells = Text.assemble(*(_entry(e) for e in row["entries"])) if row["entries"] else Text("·", style="dim")
        table.add_row(Text(f" {ROW_NAMES[colour]:<6} ", style=ROW_STYLES[colour]), cells)
    return table


def _players(view: dict[str, Any]) -> Table:
    table = Table(title="Players", title_justify="left", padding=(0, 1))
    for column in ("seat", "hand", "played", "follower", "herds Y R G B", "loose", "chest", "score", "track"):
        table.add_column(column, justify="right" if column in ("score", "chest", "hand", "loose") else "left")
    for player in view["players"]:
        seat = player["seat"]
        marks = ("▶ " if seat == view["current_player"] else "  ") + str(seat)
        if seat == view["you"]:
            marks += " (you)"
        herds = " ".join(f"{h['real']}+{h['wild']}" if h["wild"] else str(h["real"]) for h in player["herds"].values())
        chest = str(player["chest_size"])
        if player["chest"] is not None:
            chest += " (" + " ".join(player["chest"]) + ")"
        if player["chest_points"] is not None:
            chest += f" = {player['chest_points']}"
        position = player["track"]
        track = (
            "-"
            if position["space"] is None
            else f"{position['space']}" + (f" +{position['tile']}" if position["tile"] else "")
        )
        table.add_row(
            Text(marks, style=SEAT_STYLES[seat % len(SEAT_STYLES)]),
            str(player["hand_size"]),
            str(player["cards_played"]),
            "placed" if player["follower_placed"] else "free",
            herds,
            str(player["loose_wilds"] or ""),
            chest,
            Text(str(player["score"]), style="bold"),
            track,
        )
    return table


def describe(state: CardcassonneState, action: int) -> str:
    """What a move would do, for the numbered move list (only what the mover sees)."""
    seat = state.current_player
    if seat is None:
        return ""
    if nt.FOLLOWER <= action < nt.JOKER:
        r = action - nt.FOLLOWER
        count = state.view(seat)["rows"][r]["open"]
        if not count:
            return f"secures nothing in the {ROW_NAMES['YRGB'[r]]} row"
        # The greedy bot's value of placing the follower is what it expects the secured cards to score.
        points = state.game.action_values(state, [action])[0]
        return f"secures {count} card(s), about {points:.0f} points"
    if nt.FACE_DOWN <= action < nt.FOLLOWER:
        return f"face down at the end of the {ROW_NAMES['YRGB'[(action - nt.FACE_DOWN) & 3]]} row"
    if action < nt.FACE_DOWN:
        return f"face up at the end of the {ROW_NAMES['YRGB'[action & 3]]} row"
    if nt.JOKER <= action < nt.KEEP:
        return f"the joker goes to the end of the {ROW_NAMES['YRGB'[action - nt.JOKER]]} row"
    if action == nt.KEEP:
        return "keep the misplaced card (animal to its herd, building under the chest)"
    if action == nt.TEN:
        return "take 10 points; the card leaves the game"
    return "the wild animal joins this herd for good"


def summary(state: CardcassonneState, names: list[str]) -> RenderableType:
    """Final scores by part: people, herds, tens, lone wild animals and the chest's building sets."""
    view = state.view(None)
    table = Table(title="Final scores", title_justify="left")
    for column in ("seat", "player", *(part.replace("_", " ") for part in PARTS), "total"):
        table.add_column(column, justify="left" if column in ("seat", "player") else "right")
    winners = set(view["winners"])
    for player in view["players"]:
        seat = player["seat"]
        table.add_row(
            str(seat),
            names[seat] + (" ★" if seat in winners else ""),
            *(str(player["score_parts"][part]) for part in PARTS),
            Text(str(player["score"]), style="bold"),
        )
    return table


RENDERER = TerminalRenderer(render=render, describe=describe, summary=summary)
