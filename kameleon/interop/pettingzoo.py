"""PettingZoo AEC environments for every game, in the conventions of PettingZoo's classic games.

>>> from kameleon.interop.pettingzoo import env
>>> e = env("coloretto", players=3)
>>> e.reset(seed=1)
>>> observation, reward, termination, truncation, info = e.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((120,), 1)

Observations are `{"observation": float32 array of what the seat sees, "action_mask": int8
array over the action space}` (the mask is all zeros for seats not to move).
`env(game, observation="planes")` gives the board as a (C, H, W) array instead, `{"planes",
"features", "action_mask"}` (games whose encoding has planes); `env(game, mask="indices")`
lists the legal actions in `"legal_actions"`, an int64 array padded with -1, instead of
the mask (`kameleon.interop.envs` says more). The action
space is the game's action indices, or the observation module's own window of them
(Chromino); when the seat to move has a legal action outside the window, the episode
ends at once as truncated (every agent's `truncations` True, rewards 0, the reason in
`infos[agent]["truncated"]`) rather than hide that action. The reason names no move (the
move may place a tile only its player has seen); that player alone finds one such move,
in notation, in its own `infos[agent]["truncated_example"]`.
An action is an integer index into the action space (a Python or NumPy integer); anything
else is refused with a TypeError and changes nothing.
Rewards come at the end only: `State.returns()` — +1 for a sole winner, shared
wins split 1 between the winners, the losers sharing -1 — so every episode of 2 or
more players sums to zero; a game's observation module may define its own `returns`
(Chromino solo: +1 for going out, -1 for a blocked game).
`reset(seed=s)` plays the deal of seed `s` (an integer from 0 to `MAX_SEED`); a later
`reset()` without a seed takes the next seed from a generator seeded by the last given
seed. Game options are given when the environment is made (`env(game, **options)`):
`reset(options=...)` refuses a game option, and ignores any other key with a warning
(PettingZoo's `api_test` passes one). After `close()`, only `reset()` brings the
environment back.
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

from kameleon.engine.errors import IllegalAction, KameleonError
from kameleon.engine.game import State
from kameleon.engine.registry import load
from kameleon.engine.seeding import MAX_SEED
from kameleon.interop.envs import (
    ILLEGAL_REWARD,
    Arrays,
    check_action,
    check_reset_options,
    check_seed,
    no_render_mode,
)
from kameleon.interop.spaces import Encoding


class NoEpisode(KameleonError, RuntimeError):
    """The environment was used with no episode under way: after `close()`, or (unwrapped) before `reset()`."""


def env(
    game: str, render_mode: str | None = None, *, observation: str = "flat", mask: str = "dense", **options: Any
) -> AECEnv:
    """The environment as PettingZoo's classic games wrap theirs.

    `raw_env` itself does what their TerminateIllegalWrapper (an illegal action ends
    the game with -1 for its player, 0 for the others) and AssertOutOfBoundsWrapper do,
    so only the order-enforcing wrapper is added: each wrapper layer costs every
    attribute read on the hot path.
    """
    return wrappers.OrderEnforcingWrapper(
        raw_env(game, render_mode=render_mode, observation=observation, mask=mask, **options)
    )


class raw_env(AECEnv):
    """The unwrapped AEC environment of one kameleon game."""

    # An instance attribute in AECEnv, read from the class by tools before any instance exists.
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        *,
        observation: str = "flat",
        mask: str = "dense",
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = ", ".join(self.metadata["render_modes"])
            raise ValueError(f"unknown render_mode {render_mode!r}; the modes are {modes} (or None)")
        self.game = load(game, **options)
        self.encoding = Encoding.of(self.game)
        self.arrays = Arrays(self.encoding, observation, mask)
        self.metadata = {**self.metadata, "name": f"kameleon_{game}_v0"}
        self.render_mode = render_mode
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {name: i for i, name in enumerate(self.possible_agents)}
        arrays = self.arrays
        parts = {**arrays.spaces, arrays.legal_key: arrays.legal_space}
        self.observation_spaces = {a: spaces.Dict(parts) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.encoding.num_actions) for a in self.possible_agents}
        self._seeds = random.Random()
        self.game_state: State[Any] | None = None
        """The engine's state being played (not `state`: that is `AECEnv.state()`, a global observation, which
        these games do not offer)."""
        self._closed = False
        self._legal: list[int] = []
        """Indices of the legal actions inside the action space, for the seat to move (set by `_select`)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        # Checked before anything changes: a refused reset leaves the episode and the seed generator as they were.
        deal = None if seed is None else check_seed(seed)
        check_reset_options(options, self.game, "env")
        if deal is not None:
            self._seeds.seed(deal)
        else:
            deal = self._seeds.randrange(MAX_SEED + 1)
        self.game_state = self.game.new_state(deal)
        self._closed = False
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _live(self) -> State[Any]:
        """The state being played; a clear error after `close()` (or, unwrapped, before the first `reset()`)."""
        state = self.game_state
        if state is None:
            if self._closed:
                raise NoEpisode("the environment is closed; reset() it or make a new one")
            raise NoEpisode("the environment has not been reset; call reset() first")
        return state

    def _select(self) -> None:
        """Hand the turn to the seat to move; truncate if one of its legal actions has no index (or no slot)."""
        state = self._live()
        seat = state.current_player
        if seat is None:
            return
        mover = self.agent_selection = self.possible_agents[seat]
        self._legal, outside = self.encoding.split_legal(state)
        if outside:
            # Every agent reads the reason, so it names neither the move nor how many there are: a move may
            # place a tile only the mover has seen. The mover alone is shown one, in its own info.
            self._truncate(
                f"a legal action of {mover} lies outside the action window; the episode is truncated rather "
                "than hide it"
            )
            self.infos[mover]["truncated_example"] = state.action_to_str(outside[0])
        elif not self.arrays.fits(self._legal):
            self._truncate(self.arrays.overflow_reason())

    def _truncate(self, reason: str) -> None:
        for name in self.possible_agents:
            self.rewards[name] = 0.0
            self.truncations[name] = True
            self.infos[name] = {**self.infos[name], "truncated": reason}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._live()
        seat = self.agent_name_mapping[agent]
        arrays = self.arrays
        observation = arrays.observe(self.encoding.observe(state, seat))
        legal = self._legal if seat == state.current_player and arrays.fits(self._legal) else None
        observation[arrays.legal_key] = arrays.legal(legal)
        return observation

    def step(self, action: int | None) -> None:
        state = self._live()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = check_action(action, self.encoding.num_actions, agent)
        self._cumulative_rewards[agent] = 0.0
        try:
            state.apply(self.encoding.to_action(index))
        except ValueError as exc:  # IllegalAction, or an index that denotes no action
            reason = exc.reason if isinstance(exc, IllegalAction) else str(exc)
            warnings.warn(f"illegal action {action} by {agent} ({reason}); the game ends", stacklevel=2)
            for name in self.possible_agents:
                self.rewards[name] = ILLEGAL_REWARD if name == agent else 0.0
                self.terminations[name] = True
                # The reason may name what only the mover holds: the others read only who ended the game.
                said = f"action {action}: {reason}" if name == agent else f"{agent} played an illegal action"
                self.infos[name] = {**self.infos[name], "illegal_action": said}
            self._accumulate_rewards()
            return
        if state.is_terminal:
            scores, winners = state.scores(), state.winners()  # public once the game is over
            for name, value in zip(self.possible_agents, self.encoding.returns(state), strict=True):
                self.rewards[name] = value
                self.terminations[name] = True
                self.infos[name] = {**self.infos[name], "scores": scores, "winners": winners}
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            no_render_mode()
            return None
        if self.game_state is None:
            return None
        seat = self.game_state.current_player
        title = f"{self.game.title}: " + (
            f"player_{seat} to play" if seat is not None else f"over, winners {self.game_state.winners()}"
        )
        text = title + "\n" + json.dumps(self.game_state.view(None), indent=1)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game_state = None
        self._closed = True
