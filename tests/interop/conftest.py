"""Games and player counts the research interfaces are tested on: every game with an observation encoder."""

from __future__ import annotations

import importlib

from kameleon.engine.registry import game_class, games

PLAYER_COUNTS = {"coloretto": [2, 3, 4, 5], "chromino": [1, 2, 4, 8], "cardcassonne": [2, 3, 4, 5], "cameleon": [2]}


def encoded_games() -> list[str]:
    names = []
    for name in games():
        try:
            game_class(name)
            importlib.import_module(f"kameleon.games.{name}.observation")
        except Exception:
            continue
        names.append(name)
    return names


CASES = [(name, players) for name in encoded_games() for players in PLAYER_COUNTS[name]]
IDS = [f"{name}-{players}p" for name, players in CASES]
