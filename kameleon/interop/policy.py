"""A learned policy as a kameleon agent: `(observation, action_mask) -> action index` on the fair view.

    agent = PolicyAgent(my_policy, name="ppo")      # my_policy(observation, mask) -> int
    kameleon.ai.evaluate(agent, game="coloretto", players=3, opponents="medium", games=300)

The policy sees exactly what PettingZoo's `observe` gives the seat to move: the
game's encoding (`Game.observation()`, through `kameleon.interop.spaces.Encoding`)
as a float32 array, and the int8 mask of the legal indices in the same action
space (Chromino's window, unless `windowed=False`). It returns an index with
`mask[index] == 1`; anything else raises `PolicyError` naming what it returned.

Fair play. Tournaments and evaluations hand agents a `kameleon.ai.fair.FairView`,
which refuses the hidden fields an encoder reads. The agent therefore encodes
`state.determinize(seat, rng)` for its own seat, a full state that agrees with
everything the seat sees; since an encoding reads only what the seat sees, the
observation is the seat's true one (the tests check this move by move in every
game), whatever the sample hid. On a real state it does the same.

A legal move outside a windowed action space has no index (a rare Chromino
position, where the PettingZoo and Gymnasium environments truncate the episode).
When every legal move is outside it, the agent plays the first legal move and
counts it in `outside_moves`, so a tournament game still ends; when only some
are, the policy chooses among the others and the agent counts the decision in
`narrowed_moves`: positions training through the environments never showed.

Copies and processes. Tournaments copy an agent object for every game; a copy
shares the policy (a model is not duplicated). With worker processes the
policy must be picklable: a function or a callable object defined at the top
level of a module, not a lambda (see `kameleon.ai.entrants`).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import numpy as np

from kameleon.engine.agent import seat_to_move
from kameleon.engine.errors import KameleonError, quoted
from kameleon.engine.game import Game, State
from kameleon.engine.seeding import whole_number
from kameleon.interop.spaces import Encoding

Policy = Callable[[np.ndarray, np.ndarray], Any]
"""`policy(observation, action_mask) -> index`: float32 observation, int8 mask, an integer index."""


class PolicyError(KameleonError):
    """A policy returned something that is not a legal index of its action space."""


class PolicyAgent:
    """An agent that plays `policy(observation, action_mask)` for the seat to move (module docstring).

    `seed` seeds the determinizations the encoding reads (which do not change the observation);
    `windowed=False` uses the game's whole index space even where the encoding defines a window.
    """

    def __init__(self, policy: Policy, seed: int | None = None, *, name: str = "policy", windowed: bool = True):
        if not callable(policy):
            raise KameleonError(f"a policy is a callable (observation, action_mask) -> index, not {quoted(policy)}")
        if not isinstance(name, str) or not name.strip():
            raise KameleonError(f"a policy agent's name is a non-empty string, not {quoted(name)}")
        self.policy = policy
        self.name = name
        self.windowed = windowed
        self.rng = random.Random(seed)
        self.outside_moves = 0
        """Moves played without the policy: every legal move was outside the action space."""
        self.narrowed_moves = 0
        """Moves the policy chose with some legal moves outside the action space (where environments truncate)."""
        self._game: Game[Any] | None = None
        self._encoding: Encoding | None = None

    def encoding(self, game: Game[Any]) -> Encoding:
        """The encoding of `game` (kept while the agent plays the same game)."""
        if self._encoding is None or self._game is not game:
            self._encoding = Encoding.of(game, windowed=self.windowed)
            self._game = game
        return self._encoding

    def observe(self, state: State[Any]) -> tuple[np.ndarray, np.ndarray, list[Any]]:
        """(observation, action mask, legal moves outside the action space) of the seat to move in `state`."""
        seat = seat_to_move(state)
        encoding = self.encoding(state.game)
        sample = state.determinize(seat, self.rng)
        observation = np.asarray(encoding.observe(sample, seat), dtype=np.float32)
        inside, outside = encoding.split_legal(state)
        mask = np.zeros(encoding.num_actions, dtype=np.int8)
        mask[inside] = 1
        return observation, mask, outside

    def act(self, state: State[Any]) -> Any:
        observation, mask, outside = self.observe(state)
        if not mask.any():
            self.outside_moves += 1
            return outside[0]
        self.narrowed_moves += bool(outside)
        chosen = self.policy(observation, mask)
        index = whole_number(chosen)
        if index is None:
            raise PolicyError(f"policy {self.name!r} returned {quoted(chosen)}, not an integer action index")
        if not 0 <= index < len(mask) or not mask[index]:
            legal = np.flatnonzero(mask)
            shown = ", ".join(str(i) for i in legal[:8]) + (", ..." if len(legal) > 8 else "")
            raise PolicyError(
                f"policy {self.name!r} chose index {index}, not a legal action here (legal: {shown}); "
                "choose among the indices where action_mask is 1"
            )
        assert self._encoding is not None
        return self._encoding.to_action(index)

    # The encoding holds the game's closures: rebuilt after a copy or a trip to a worker, never sent.
    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_game": None, "_encoding": None}

    def __deepcopy__(self, memo: dict[int, Any]) -> PolicyAgent:
        fresh = copy.copy(self)
        fresh.rng = copy.deepcopy(self.rng, memo)
        fresh._game = fresh._encoding = None
        return fresh

    def __repr__(self) -> str:
        return f"PolicyAgent({self.policy!r}, name={self.name!r})"


def policy_agent(
    policy: Policy, seed: int | None = None, *, name: str = "policy", windowed: bool = True
) -> PolicyAgent:
    """`PolicyAgent(policy, seed, name=..., windowed=...)`: a function of (observation, mask) as an agent."""
    return PolicyAgent(policy, seed, name=name, windowed=windowed)
