"""The greedy agent: the best action by the game's one-ply heuristic (`games/<name>/heuristics.py`)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from kameleon.engine.errors import KameleonError
from kameleon.engine.game import State

ActionValues = Callable[[State[Any], list[Any]], list[float]]


@cache
def heuristic_for(game: str) -> ActionValues:
    try:
        module = importlib.import_module(f"kameleon.games.{game}.heuristics")
    except ModuleNotFoundError:
        raise KameleonError(f"the game {game!r} has no heuristics for a greedy agent") from None
    values: ActionValues = module.action_values
    return values


class GreedyAgent:
    """Plays the action the game's heuristic values most; `noise` adds Gaussian jitter (easier bots).

    Ties are broken at random, so two greedy agents with different seeds differ.
    """

    def __init__(self, seed: int | None = None, noise: float = 0.0, name: str = "greedy") -> None:
        self.rng = random.Random(seed)
        self.noise = noise
        self.name = name

    def act(self, state: State[Any]) -> Any:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        values = heuristic_for(state.game.name)(state, actions)
        rng = self.rng
        best, best_value = actions[0], float("-inf")
        for action, value in zip(actions, values, strict=True):
            value += (rng.gauss(0.0, self.noise) if self.noise else 0.0) + rng.random() * 1e-9
            if value > best_value:
                best, best_value = action, value
        return best
