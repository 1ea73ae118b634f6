"""What the adapters share: the game's observation encoder and its fixed-size action space."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from kameleon.engine.errors import KameleonError
from kameleon.engine.game import Game, State


def observation_module(game: Game[Any]) -> ModuleType:
    try:
        return importlib.import_module(f"kameleon.games.{game.name}.observation")
    except ModuleNotFoundError:
        raise KameleonError(f"the game {game.name!r} has no observation encoder yet") from None


@dataclass(frozen=True)
class Encoding:
    """A game's observation size and bounds, and its discrete action space."""

    game: Game[Any]
    module: ModuleType
    observation_size: int
    low: float
    high: float
    num_actions: int

    @classmethod
    def of(cls, game: Game[Any]) -> Encoding:
        module = observation_module(game)
        return cls(
            game=game,
            module=module,
            observation_size=module.size(game),
            low=getattr(module, "LOW", 0.0),
            high=getattr(module, "HIGH", float("inf")),
            num_actions=game.num_distinct_actions,
        )

    def observe(self, state: State[Any], seat: int) -> list[float]:
        values: list[float] = self.module.encode(state, seat)
        return values

    def legal_indices(self, state: State[Any]) -> list[int]:
        if self.game.actions_are_indices:
            return state.legal_actions()
        index = self.game.action_index
        return [index(a) for a in state.legal_actions()]
