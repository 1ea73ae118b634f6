"""Cardcassonne's moves as sentences for the terminal's move lines (`TerminalRenderer.narrate`), from their events.

The words are the arena's move log's (the web board's `sentence`), in the game's catalog. The event says
only what the watcher may know: a card played face down is named to its player alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kameleon.engine.messages import Message, Say, msg
from kameleon.games.cardcassonne.cards import CARD_LABELS, COLOUR_LABELS, COLOURS, FACE_INDEX, ROW_LABELS

PART_LABELS = {
    "people": msg("tui_part_people", "people"),
    "animals": msg("tui_part_animals", "animals"),
    "tens": msg("tui_part_tens", "tens"),
    "lone_wilds": msg("tui_part_lone_wilds", "lone wilds"),
    "buildings": msg("tui_part_buildings", "buildings"),
}
"""Each score part's name (`scoring.PARTS`): the final table's columns, a claim's points in the log."""


def _card(face: str) -> Message:
    return CARD_LABELS[FACE_INDEX[face]]


def _cards(faces: Sequence[str], say: Say) -> str:
    return ", ".join(say(_card(face)) for face in faces)


def _row(code: str) -> Message:
    return ROW_LABELS[COLOURS.index(code)]


def _move(event: Mapping[str, Any], name: str, say: Say) -> list[Message] | None:
    """The move's own words (its first part), with what it turned up; None for a kind this does not know."""
    kind = event.get("kind")
    row = _row(event["row"]) if "row" in event else None
    if kind == "card":
        if not event["face_down"]:
            return [
                msg(
                    "tui_s_card",
                    "{name} played the {card} card into {row}",
                    name=name,
                    card=_card(event["face"]),
                    row=row,
                )
            ]
        if event["face"]:
            return [
                msg(
                    "tui_s_card_down",
                    "{name} played a card face down into {row}: {card}",
                    name=name,
                    row=row,
                    card=_card(event["face"]),
                )
            ]
        return [msg("tui_s_card_hidden", "{name} played a card face down into {row}", name=name, row=row)]
    if kind == "follower":
        return [
            msg(
                "tui_s_follower",
                "{name} placed the follower at the end of {row} (cards secured: {n})",
                name=name,
                row=row,
                n=len(event["cards"]),
            )
        ]
    if kind == "joker":
        said = [
            msg(
                "tui_s_joker",
                "{name} put the revealed {card} into {row}",
                name=name,
                card=_card(event["card"]),
                row=row,
            )
        ]
        if event["display"]:
            said.append(
                msg(
                    "tui_s_display",
                    "turned up: {cards}",
                    cards=_cards([shown["card"] for shown in event["display"]], say),
                )
            )
        return said
    if kind == "decision":
        if event["choice"] == "keep":
            return [msg("tui_s_keep", "{name} kept the misplaced {card}", name=name, card=_card(event["card"]))]
        return [
            msg("tui_s_ten", "{name} took 10 points for the misplaced {card}", name=name, card=_card(event["card"]))
        ]
    if kind == "wild":
        return [
            msg(
                "tui_s_wild",
                "{name} put a wild animal into the {colour} herd",
                name=name,
                colour=COLOUR_LABELS[COLOURS.index(event["herd"])],
            )
        ]
    return None


def _aftermath(event: Mapping[str, Any], names: Sequence[str], say: Say) -> list[Message]:
    """What the move set off: face-down cards turned up, the claims settled, the chests, a new round."""
    said = []
    if event.get("revealed"):
        said.append(
            msg(
                "tui_s_revealed_unsecured",
                "face-down cards nobody secured, turned up: {cards}",
                cards=_cards([shown["card"] for shown in event["revealed"]], say),
            )
        )
    for claim in event.get("claims", []):
        if claim["cards"] or claim["to_chest"]:
            # The cards by name, face-down ones included (the claim shows them), and the points by part: the
            # sum is otherwise not to be checked from what was on the table.
            cards = _cards(claim["cards"], say) if claim["cards"] else "-"
            if claim["to_chest"]:
                chest = msg("tui_under_chest", "under the chest: {n}", n=claim["to_chest"])
                cards = f"{cards}; {say(chest)}"
            parts = ", ".join(f"{say(PART_LABELS[part])} {points}" for part, points in claim["parts"].items() if points)
            said.append(
                msg(
                    "tui_s_claim_detail",
                    "{name} takes the cards secured in {row} ({cards}): +{points} ({parts})",
                    name=names[claim["seat"]],
                    row=_row(claim["row"]),
                    cards=cards,
                    points=claim["points"],
                    parts=parts or "0",
                )
            )
    for chest in event.get("chests", []):
        said.append(msg("tui_s_chest", "{name}'s chest: +{points}", name=names[chest["seat"]], points=chest["points"]))
    if event.get("new_round"):
        said.append(msg("tui_s_round", "round {n} is dealt", n=event["new_round"]["round"]))
    return said


def narrate(event: Mapping[str, Any], seat: int, names: Sequence[str], say: Say = str) -> str | None:
    """`event` (events.event) as a sentence about its mover, seat `seat` of those `names`; None for a kind it
    does not know."""
    said = _move(event, names[seat], say)
    if said is None:
        return None
    return " · ".join(say(part) for part in [*said, *_aftermath(event, names, say)])
