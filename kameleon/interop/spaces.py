"""What the adapters share: the game's observation encoding, its fixed-size action space and its results.

A game offers an encoding through `Game.observation()` (a `kameleon.engine.hooks.Observation`:
size, `encode(state, seat)`, bounds, the game-length bound, optionally an action window of
its own and learner returns). How a seat sees a move in a log (OpenSpiel information states)
is the State's own `token_seen_by(action, seat)`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kameleon.engine.errors import KameleonError
from kameleon.engine.game import Game, State
from kameleon.engine.hooks import Observation


def observation_of(game: Game[Any]) -> Observation:
    """The game's observation encoding (KameleonError naming the game when it has none)."""
    found = game.observation()
    if found is None:
        raise KameleonError(f"the game {game.name!r} has no observation encoder yet")
    return found


@dataclass(frozen=True)
class Encoding:
    """A game's observation size and bounds, and its discrete action space.

    `windowed` says the action space is the encoding's own window; otherwise it is the
    game's `num_distinct_actions`.
    """

    game: Game[Any]
    observation: Observation
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
        when the encoding defines a smaller one."""
        observation = observation_of(game)
        window = observation.window if windowed else None
        if window is not None:
            count = window.num_actions
            to_index: Callable[[Any], int | None] = window.to_env
            to_action: Callable[[int], Any] = window.from_env
        else:
            count = game.num_distinct_actions
            to_index, to_action = game.action_index, game.index_action
        return cls(
            game=game,
            observation=observation,
            observation_size=observation.size,
            low=observation.low,
            high=observation.high,
            num_actions=count,
            windowed=window is not None,
            to_index=to_index,
            to_action=to_action,
            returns=observation.returns or _engine_returns,
        )

    def observe(self, state: State[Any], seat: int) -> Sequence[float]:
        values: Sequence[float] = self.observation.encode(state, seat)
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
