"""What the arena offers: the games that import, their options and player counts, and the bot levels.

Game-agnostic on purpose: a game appears here the moment it loads, a plug-in game
(entry point `kameleon.games`) included, with nothing to register in the server.
"""

from __future__ import annotations

import json
import logging
from functools import cache
from typing import Any

import kameleon
from kameleon.ai import agent_names
from kameleon.engine.options import REQUIRED
from kameleon.engine.registry import game_class, games
from kameleon.server.clock import DEFAULT_PROFILE, PROFILES

PREFERRED_BOT = ("medium", "greedy", "random")

log = logging.getLogger(__name__)


def available_games() -> list[str]:
    """The games whose engine imports (others are still being written)."""
    return [name for name in games() if _class_or_none(name) is not None]


@cache
def _class_or_none(name: str) -> Any:
    try:
        return game_class(name)
    except Exception as exc:  # a broken plug-in or half-written game must not take the arena down
        log.warning("not offered: %s", exc)
        return None


def json_safe(value: Any) -> Any:
    try:
        json.dumps(value)
        return value
    except (TypeError, ValueError):
        return repr(value)


@cache
def player_counts(name: str) -> tuple[int, ...]:
    """The seat counts the game accepts with its other options at their defaults."""
    counts = []
    for players in range(1, 9):
        try:
            kameleon.load(name, players=players)
        except Exception:
            continue
        counts.append(players)
    return tuple(counts)


def describe(name: str) -> dict[str, Any]:
    cls = game_class(name)
    options = []
    for spec in cls.option_specs:
        options.append(
            {
                "name": spec.name,
                "doc": str(spec.doc),
                "required": spec.default is REQUIRED,
                "default": None if spec.default is REQUIRED else json_safe(spec.default),
                "choices": None if spec.choices is None else [json_safe(c) for c in spec.choices],
            }
        )
    return {
        "name": name,
        "title": getattr(cls, "title", name),
        "options": options,
        "players": list(player_counts(name)),
    }


def catalogue() -> dict[str, Any]:
    return {
        "games": [describe(name) for name in available_games()],
        "bots": bot_levels(),
        "default_bot": default_bot(),
        "time_profiles": PROFILES,
        "default_time": DEFAULT_PROFILE,
    }


def bot_levels() -> list[str]:
    return agent_names()


def default_bot() -> str:
    names = agent_names()
    return next((name for name in PREFERRED_BOT if name in names), names[0])
