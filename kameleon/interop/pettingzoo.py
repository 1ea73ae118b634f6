"""PettingZoo AEC environments for every game, in the conventions of PettingZoo's classic games.

>>> from kameleon.interop.pettingzoo import env
>>> e = env("coloretto", players=3)
>>> e.reset(seed=1)
>>> observation, reward, termination, truncation, info = e.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((117,), 1)

Observations are `{"observation": float32 array of what the seat sees, "action_mask": int8
array over the action space}` (the mask is all zeros for seats not to move). The action
space is the game's action indices, or the observation module's own window of them
(Chromino); when the seat to move has a legal action outside the window, the episode
ends at once as truncated (every agent's `truncations` True, rewards 0, the reason in
`infos[agent]["truncated"]`) rather than hide that action.
Rewards come at the end only: `State.returns()` — +1 for a sole winner, shared
wins split 1 between the winners, the losers sharing -1 — so every episode of 2 or
more players sums to zero; a game's observation module may define its own `returns`
(Chromino solo: +1 for going out, -1 for a blocked game).
`reset(seed=s)` plays the deal of seed `s`; a later `reset()` without a seed takes
the next seed from a generator seeded by the last given seed.
"""

from __future__ import annotations

import json
import random
import warnings
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from kameleon.engine.errors import IllegalAction
from kameleon.engine.game import State
from kameleon.engine.registry import load
from kameleon.engine.seeding import MAX_SEED
from kameleon.interop.spaces import Encoding

ILLEGAL_REWARD = -1.0


def env(game: str, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The environment as PettingZoo's classic games wrap theirs.

    `raw_env` itself does what their TerminateIllegalWrapper (an illegal action ends
    the game with -1 for its player, 0 for the others) and AssertOutOfBoundsWrapper do,
    so only the order-enforcing wrapper is added: each wrapper layer costs every
    attribute read on the hot path.
    """
    return wrappers.OrderEnforcingWrapper(raw_env(game, render_mode=render_mode, **options))


class raw_env(AECEnv):
    """The unwrapped AEC environment of one kameleon game."""

    # An instance attribute in AECEnv, read from the class by tools before any instance exists.
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = ", ".join(self.metadata["render_modes"])
            raise ValueError(f"unknown render_mode {render_mode!r}; the modes are {modes} (or None)")
        self.game = load(game, **options)
        self.encoding = Encoding.of(self.game)
        self.metadata = {**self.metadata, "name": f"kameleon_{game}_v0"}
        self.render_mode = render_mode
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {name: i for i, name in enumerate(self.possible_agents)}
        size, count = self.encoding.observation_size, self.encoding.num_actions
        observation = spaces.Box(self.encoding.low, self.encoding.high, (size,), np.float32)
        mask = spaces.Box(0, 1, (count,), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": observation, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state: State[Any] | None = None
        self._legal: list[int] = []
        """Indices of the legal actions inside the action space, for the seat to move (set by `_select`)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
            deal = seed % (MAX_SEED + 1)
        else:
            deal = self._seeds.randrange(MAX_SEED + 1)
        self.state = self.game.new_state(deal)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        """Hand the turn to the seat to move; truncate if one of its legal actions has no index."""
        assert self.state is not None
        seat = self.state.current_player
        if seat is None:
            return
        self.agent_selection = self.possible_agents[seat]
        self._legal, outside = self.encoding.split_legal(self.state)
        if outside:
            token = self.state.action_to_str(outside[0])
            reason = (
                f"{len(outside)} legal action(s) of {self.agent_selection} lie outside the action window "
                f"(e.g. {token}); the episode is truncated rather than hide them"
            )
            for name in self.possible_agents:
                self.rewards[name] = 0.0
                self.truncations[name] = True
                self.infos[name] = {**self.infos[name], "truncated": reason}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state is not None
        seat = self.agent_name_mapping[agent]
        observation = np.asarray(self.encoding.observe(self.state, seat), dtype=np.float32)
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        if seat == self.state.current_player:
            mask[self._legal] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        if action is None or not 0 <= int(action) < self.encoding.num_actions:
            raise ValueError(f"action {action!r} is outside the action space 0..{self.encoding.num_actions - 1}")
        self._cumulative_rewards[agent] = 0.0
        try:
            self.state.apply(self.encoding.to_action(int(action)))
        except ValueError as exc:  # IllegalAction, or an index that denotes no action
            reason = exc.reason if isinstance(exc, IllegalAction) else str(exc)
            warnings.warn(f"illegal action {action} by {agent} ({reason}); the game ends", stacklevel=2)
            for name in self.possible_agents:
                self.rewards[name] = ILLEGAL_REWARD if name == agent else 0.0
                self.terminations[name] = True
            self._accumulate_rewards()
            return
        if self.state.is_terminal:
            for name, value in zip(self.possible_agents, self.encoding.returns(self.state), strict=True):
                self.rewards[name] = value
                self.terminations[name] = True
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.state is None:
            return None
        seat = self.state.current_player
        title = f"{self.game.title}: " + (
            f"player_{seat} to play" if seat is not None else f"over, winners {self.state.winners()}"
        )
        text = title + "\n" + json.dumps(self.state.view(None), indent=1)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None
