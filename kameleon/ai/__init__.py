"""Agents: random, greedy (the game's heuristic) — all on the `kameleon.Agent` interface."""

from __future__ import annotations

from collections.abc import Callable

from kameleon.ai.greedy import GreedyAgent
from kameleon.ai.random_agent import RandomAgent
from kameleon.engine.agent import Agent
from kameleon.engine.errors import KameleonError

AGENTS: dict[str, Callable[[int | None], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}


def agent_names() -> list[str]:
    return sorted(AGENTS)


def make_agent(name: str, seed: int | None = None) -> Agent:
    """A new agent by name (see `agent_names()`); raises KameleonError for an unknown name."""
    key = name.strip().lower()
    if key not in AGENTS:
        raise KameleonError(f"unknown bot {name!r}; bots are: {', '.join(agent_names())}")
    return AGENTS[key](seed)


__all__ = ["AGENTS", "GreedyAgent", "RandomAgent", "agent_names", "make_agent"]
