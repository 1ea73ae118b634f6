"""The uniformly random agent: the baseline every bot must beat."""

from __future__ import annotations

import random
from typing import Any

from kameleon.engine.agent import seat_to_move
from kameleon.engine.game import State


class RandomAgent:
    """Plays a uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State[Any]) -> Any:
        seat_to_move(state)
        actions = state.legal_actions()
        return actions[self.rng.randrange(len(actions))]
