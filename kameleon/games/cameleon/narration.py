"""Le Caméléon's plies as sentences for the terminal's move lines (`TerminalRenderer.narrate`), from their events.

The words are the arena's move log's (the web board's `sentence`), in the game's catalog.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kameleon.engine.messages import Message, Say, msg
from kameleon.games.cameleon.words import kind_name


def _captures(captures: Sequence[Mapping[str, Any]], placed: str | None, say: Say) -> str:
    """The ply's captures; the reward just placed on `placed` is said by the sentence itself."""
    words = []
    for capture in captures:
        piece, square = kind_name(capture["piece"]), capture["victim"]
        if capture["reward"] and capture["square"] != placed:
            words.append(
                msg(
                    "tui_s_capture_reward",
                    "{piece} on {square} (won {reward} → {reserve})",
                    piece=piece,
                    square=square,
                    reward=kind_name(capture["reward"]),
                    reserve=capture["square"],
                )
            )
        else:
            words.append(msg("tui_s_capture_plain", "{piece} on {square}", piece=piece, square=square))
    return ", ".join(say(word) for word in words)


def _displacement(ply: Mapping[str, Any], name: str) -> Message:
    """A ply's displacement (events.displacement's form, or a move event's)."""
    if ply.get("pass"):
        return msg("tui_s_pass", "{name} passed (no legal move)", name=name)
    piece, ends = kind_name(ply["piece"]), {"from": ply["from"], "to": ply["to"]}
    if ply["leaves_reserve"]:
        return msg("tui_s_enter", "{name} brought {piece} into play {from} → {to}", name=name, piece=piece, **ends)
    return msg("tui_s_move", "{name} moved {piece} {from} → {to}", name=name, piece=piece, **ends)


def narrate(event: Mapping[str, Any], seat: int, names: Sequence[str], say: Say = str) -> str | None:
    """`event` (events.event) as a sentence about its mover, seat `seat` of those `names`; None for a kind it
    does not know. The choice that completes a ply says the whole ply (the displacement, then every capture
    with its reward), as a record's token holds it."""
    name = names[seat]
    kind = event.get("kind")
    said: list[Message]
    placed = None
    if kind in ("move", "pass"):
        said = [_displacement(event, name) if kind == "move" else _displacement({"pass": True}, name)]
    elif kind == "choice" and "ply" in event:
        said = [_displacement(event["ply"], name)]
    elif kind == "choice":
        placed = event.get("square")
        if event["choice"] == "room":
            said = [
                msg(
                    "tui_s_room",
                    "{name} took the reward for the capture on {square}",
                    name=name,
                    square=event["victim"],
                )
            ]
        elif event["choice"] == "reward":
            said = [
                msg(
                    "tui_s_reward",
                    "{name} chose {reward} as the reward for {square}",
                    name=name,
                    reward=kind_name(event["reward"]),
                    square=event["victim"],
                )
            ]
        else:
            said = [
                msg(
                    "tui_s_reserve",
                    "{name} put the {reward} reward on {square}",
                    name=name,
                    reward=kind_name(event["reward"]),
                    square=event["square"],
                )
            ]
    else:
        return None
    if event.get("captures"):
        said.append(msg("tui_s_captured", "captured {list}", list=_captures(event["captures"], placed, say)))
    if event.get("choices_follow"):
        said.append(msg("tui_s_choosing", "choosing the reward"))
    if event.get("game_over"):
        said.append(msg("tui_s_game_over", "game over"))
    return " · ".join(say(part) for part in said)
