"""The game configurations the bot tests run on: every game whose engine imports, at 2 and 4 seats."""

from __future__ import annotations

from typing import Any

import kameleon
from kameleon.engine.errors import KameleonError


def configs() -> list[tuple[str, int]]:
    found = []
    for name in kameleon.games():
        for players in (2, 4):
            try:
                kameleon.load(name, players=players)
            except KameleonError:
                continue  # not implemented yet, or not at this player count (Le Caméléon is 2 only)
            found.append((name, players))
    return found


def load(name: str, players: int) -> Any:
    return kameleon.load(name, players=players)
