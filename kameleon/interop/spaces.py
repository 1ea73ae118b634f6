"""What the adapters share: the game's observation encoder, its fixed-size action space and its results.

A game's observation module (`kameleon/games/<name>/observation.py`) provides
`size(game)`, `encode(state, seat)` (a list, or an `array('f')` for large
encodings, of what that seat sees) and `max_game_length(game)`, and may add:

* `LOW` / `HIGH`: bounds of the encoded values (default 0 and +inf);
* `num_actions(game)`, `to_env(game, action) -> int | None`, `from_env(game, index)`:
  an action space of its own (a window of a huge index space, e.g. Chromino's).
  `to_env` returns None for a legal action outside it; the adapter must not hide
  such an action (PettingZoo ends the episode as truncated);
* `returns(state)`: results for learners when `State.returns()` does not suit
  (e.g. solo games, where the engine's are always 0); with 2 or more players they
  must stay zero-sum.

How a seat sees a move in a log (OpenSpiel information states) is the State's own
`token_seen_by(action, seat)`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
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
    """A game's observation size and bounds, and its discrete action space.

    `windowed` says the action space is the module's own (`num_actions` / `to_env` /
    `from_env`); otherwise it is the game's `num_distinct_actions`.
    """

    game: Game[Any]
    module: ModuleType
    observation_size: int
    low: float
    high: float
    num_actions: int
    windowed: bool
    to_index: Callable[[Any], int | None]
    """Action -> index in this space, None when it has none (outside the window)."""
    to_action: Callable[[int], Any]
    """Index -> action (ValueError for an index that denotes no action)."""
    returns: Callable[[State[Any]], list[float]]

    @classmethod
    def of(cls, game: Game[Any], windowed: bool = True) -> Encoding:
        """The encoding of `game`; `windowed=False` keeps the game's full index space even
        when the module defines a smaller one."""
        module = observation_module(game)
        windowed = windowed and hasattr(module, "to_env")
        if windowed:
            count = module.num_actions(game)
            to_index: Callable[[Any], int | None] = partial(module.to_env, game)
            to_action: Callable[[int], Any] = partial(module.from_env, game)
        else:
            count = game.num_distinct_actions
            to_index, to_action = game.action_index, game.index_action
        return cls(
            game=game,
            module=module,
            observation_size=module.size(game),
            low=getattr(module, "LOW", 0.0),
            high=getattr(module, "HIGH", float("inf")),
            num_actions=count,
            windowed=windowed,
            to_index=to_index,
            to_action=to_action,
            returns=getattr(module, "returns", _engine_returns),
        )

    def observe(self, state: State[Any], seat: int) -> Sequence[float]:
        values: Sequence[float] = self.module.encode(state, seat)
        return values

    def legal_indices(self, state: State[Any]) -> list[int]:
        """The indices of every legal action (all of them must have one: an unwindowed space)."""
        indices, outside = self.split_legal(state)
        if outside:
            raise KameleonError(f"legal action {state.action_to_str(outside[0])} has no index in this action space")
        return indices

    def split_legal(self, state: State[Any]) -> tuple[list[int], list[Any]]:
        """(indices of the legal actions inside the action space, legal actions outside it)."""
        if not self.windowed:
            if self.game.actions_are_indices:
                return state.legal_actions(), []
            index = self.game.action_index
            return [index(a) for a in state.legal_actions()], []
        inside: list[int] = []
        outside: list[Any] = []
        to_index = self.to_index
        for action in state.legal_actions():
            i = to_index(action)
            if i is None:
                outside.append(action)
            else:
                inside.append(i)
        return inside, outside


def _engine_returns(state: State[Any]) -> list[float]:
    return state.returns()
