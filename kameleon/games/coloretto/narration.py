"""Coloretto's moves as sentences for the terminal's move lines (`TerminalRenderer.narrate`), from their events.

The words are the arena's move log's (the web board's `sentence`), in the game's catalog.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kameleon.engine.messages import Message, Say, msg
from kameleon.games.coloretto.cards import CARD_NAMES
from kameleon.games.coloretto.explain import CARD_LABELS


def _card(name: str) -> Message:
    return CARD_LABELS[CARD_NAMES.index(name)]


def _cards(names: list[str], say: Say) -> str:
    return ", ".join(say(_card(name)) for name in names)


def pile_news(events: Sequence[Mapping[str, Any]], say: Say) -> list[Message]:
    """What the pile did in one move (the view's `events` of that move), in the move log's words: the cards set
    aside at the end of a round said together."""
    said = [msg("tui_s_bonus_card", "bonus card for the golden joker: {card}", card=_card(e["card"]))
            for e in events if e["kind"] == "bonus"]  # fmt: skip
    if any(e["kind"] == "last round" for e in events):
        said.append(msg("tui_s_bonus_last", "the last round card came up"))
    discarded = [e["card"] for e in events if e["kind"] == "discard"]
    if discarded:
        said.append(msg("tui_s_discarded", "discarded: {cards}", cards=_cards(discarded, say)))
    return said


def narrate(event: Mapping[str, Any], seat: int, names: Sequence[str], say: Say = str) -> str | None:
    """`event` (events.event) as a sentence about its mover, seat `seat` of those `names`; None for a kind it
    does not know."""
    name = names[seat]
    kind = event.get("kind")
    said: list[Message]
    if kind == "draw":
        if not event.get("card"):
            said = [msg("tui_s_draw_unseen", "{name} drew a card", name=name)]
        elif event.get("last_round"):
            said = [
                msg(
                    "tui_s_draw_last",
                    "{name} revealed the last round card, then drew {card}",
                    name=name,
                    card=_card(event["card"]),
                )
            ]
        else:
            said = [msg("tui_s_draw", "{name} drew {card}", name=name, card=_card(event["card"]))]
    elif kind == "place":
        said = [
            msg("tui_s_place", "{name} put {card} in row {row}", name=name, card=_card(event["card"]), row=event["row"])
        ]
    elif kind == "take":
        said = [
            msg(
                "tui_s_take",
                "{name} took row {row}: {cards}",
                name=name,
                row=event["row"],
                cards=_cards(event["cards"], say),
            )
        ]
        # What the take turned over (the golden joker's bonus card, and behind it the last-round card) and set
        # aside, said as the board says the pile's news.
        pile = [{"kind": "bonus", "card": event["bonus"]}] if event.get("bonus") else []
        pile += [{"kind": "last round"}] if event.get("bonus") and event.get("last_round") else []
        pile += [{"kind": "discard", "card": card} for card in event.get("discarded") or ()]
        said += pile_news(pile, say)
    elif kind == "joker":
        said = [msg("tui_s_joker", "{name} counts a joker as {colour}", name=name, colour=_card(event["colour"]))]
    elif kind == "positive":
        said = [msg("tui_s_positive", "{name} scores {colour} positively", name=name, colour=_card(event["colour"]))]
    elif kind == "done":
        said = [msg("tui_s_done", "{name} confirmed the scoring", name=name)]
    else:
        return None
    return " · ".join(say(part) for part in said)
