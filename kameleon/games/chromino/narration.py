"""Chromino's moves as sentences for the terminal's move lines (`TerminalRenderer.narrate`), from their events.

The words are the arena's move log's (the web board's `sentence`), in the game's catalog. A drawn tile is
named only when the event names it: to the drawer, or with open hands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kameleon.engine.messages import Message, Say, msg
from kameleon.games.chromino.explain import CHAMELEON_LABEL, COLOUR_LABELS
from kameleon.games.chromino.tiles import LETTERS


def _tile(letters: str, say: Say) -> str:
    """A tile's squares in words: "red, chameleon, blue"."""
    names = (*COLOUR_LABELS, CHAMELEON_LABEL)
    return ", ".join(say(names[LETTERS.index(letter)]) for letter in letters)


def narrate(event: Mapping[str, Any], seat: int, names: Sequence[str], say: Say = str) -> str | None:
    """`event` (events.event) as a sentence about its mover, seat `seat` of those `names`; None for a kind it
    does not know."""
    name = names[seat]
    kind = event.get("kind")
    said: list[Message]
    if kind == "draw":
        tile = event.get("tile")
        said = [
            msg("tui_s_draw_seen", "{name} drew a tile ({tile})", name=name, tile=_tile(tile, say))
            if tile
            else msg("tui_s_draw", "{name} drew a tile", name=name)
        ]
    elif kind == "pass":
        said = [msg("tui_s_pass", "{name} passed", name=name)]
    elif kind == "place":
        tile = _tile(event["colours"], say)
        said = [
            msg("tui_s_place_drawn", "{name} laid the drawn tile ({tile})", name=name, tile=tile)
            if event.get("after_draw")
            else msg("tui_s_place", "{name} laid a tile ({tile})", name=name, tile=tile)
        ]
        if event.get("points") is not None:
            said.append(msg("tui_s_points", "+{n} points", n=event["points"]))
        if event.get("extra_draw"):
            extra = event.get("extra_tile")
            said.append(
                msg(
                    "tui_s_extra_seen",
                    "{name} drew a tile at once ({tile}): a chameleon cannot be the last tile",
                    name=name,
                    tile=_tile(extra, say),
                )
                if extra
                else msg("tui_s_extra", "{name} drew a tile at once: a chameleon cannot be the last tile", name=name)
            )
        if event.get("out"):
            said.append(msg("tui_s_out", "{name} has no tiles left", name=name))
    else:
        return None
    return " · ".join(say(part) for part in said)
