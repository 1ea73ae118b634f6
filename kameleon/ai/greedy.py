"""The greedy agent: the best action by the game's one-ply heuristic (`Game.action_values`)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from kameleon.engine.agent import seat_to_move
from kameleon.engine.game import State

ActionValues = Callable[[State[Any], list[Any]], list[float]]


class GreedyAgent:
    """Plays the action the game's heuristic values most.

    The heuristic is evaluated on `state.determinize(seat, rng)`, never on the
    real state, so a heuristic that looks at a hidden field sees a sample, not
    the truth: the greedy bot is fair by construction.

    `noise` adds Gaussian jitter to each value (easier bots). With
    `relative_noise` its standard deviation is `noise` times the spread
    (max - min) of the values at that decision, so the same setting means the
    same thing in a game scored in units or in hundreds. Ties are broken at
    random, so two greedy agents with different seeds differ.
    """

    def __init__(
        self, seed: int | None = None, noise: float = 0.0, name: str = "greedy", *, relative_noise: bool = False
    ) -> None:
        self.rng = random.Random(seed)
        self.noise = noise
        self.relative_noise = relative_noise
        self.name = name

    def act(self, state: State[Any]) -> Any:
        seat = seat_to_move(state)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        rng = self.rng
        sample = state.determinize(seat, rng)
        values = sample.game.action_values(sample, actions)
        sigma = self.noise
        if sigma and self.relative_noise:
            finite = [v for v in values if math.isfinite(v)]
            sigma *= (max(finite) - min(finite)) if finite else 0.0
        best, best_value = actions[0], float("-inf")
        for action, value in zip(actions, values, strict=True):
            value += (rng.gauss(0.0, sigma) if sigma else 0.0) + rng.random() * 1e-9
            if value > best_value:
                best, best_value = action, value
        return best
