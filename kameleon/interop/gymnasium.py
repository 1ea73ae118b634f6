"""A Gymnasium environment: one seat of a kameleon game, the other seats played by kameleon bots.

>>> from kameleon.interop import single_agent
>>> env = single_agent("coloretto", players=3, opponents="medium", seat=0)
>>> observation, info = env.reset(seed=1)
>>> observation.shape, int(info["action_mask"].sum()), info["seat"]
((120,), 2, 0)
>>> observation, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

The agent's observation is its seat's encoding (`Game.observation()`): a float32 `Box`, or
with `observation="planes"` a `Dict` of the board's (C, H, W) `"planes"` and the other
`"features"` (Chromino, Le Caméléon). The legal actions are not part of the observation,
so that the observation stays a plain `Box` for Stable-Baselines3 and CleanRL: they are in
`info["action_mask"]` (int8 0/1 over the action space), or with `mask="indices"` in
`info["legal_actions"]` (the legal indices ascending, padded with -1: Chromino's compact
form), and `action_masks()` gives the boolean mask sb3-contrib's `MaskablePPO` asks for.
Actions are `Discrete` indices, the same as PettingZoo's and OpenSpiel's.

After each of the agent's actions the bots play until it is the agent's turn again or the
game is over. `reward="terminal"` (default) pays the agent's result at the end (+1 for a
sole win, a shared win splits it, losers share -1; the game's learner returns for solo
Chromino); `reward="margin"` pays at every step the change of the agent's score margin
(its score minus the best other score, in the game's points; its score alone when solo),
which sums to the final margin. Running scores are public in every built-in game, so the
dense reward tells the agent nothing its seat could not see. `info` holds `"seat"`, the
running `"scores"` (int64, by seat) and, at the end, `"winners"` (bool, by seat).

An illegal action (or an index that denotes no action) ends the episode with reward -1 and
the reason in `info["illegal_action"]`. When the agent has a legal action outside the
action window (Chromino), more legal actions than `info["legal_actions"]` has slots, or
when a bot places a tile outside the window (the observation would no longer show the whole
layout), the episode ends as truncated, with the reason in `info["truncated"]` (found by
`reset`, which cannot end an episode, it is in reset's info, and the next step ends the
episode, whatever the action).

`reset(seed=s)` plays the deal of seed `s` (0 to `MAX_SEED`) with bots seeded from `s`, so
the same seed and the same actions give the same episode; a later `reset()` takes its deal
and the bots' seeds from the generator `reset(seed=s)` seeded. With `seat=None` the agent's
seat rotates: `s mod players` after `reset(seed=s)` (the deal's number mod players on a
first reset without a seed), then the next seat each episode. A deal the bots finish before
the agent's first move (possible only in odd option settings) is skipped for the next one.

Importing this module registers `kameleon/<Game>-v0` for every game (`kameleon/Coloretto-v0`,
`kameleon/Chromino-v0`, `kameleon/Cardcassonne-v0`, `kameleon/Cameleon-v0`), so
`gymnasium.make` and `gymnasium.make_vec` take the same keywords:
`gymnasium.make_vec("kameleon/Coloretto-v0", num_envs=8, vectorization_mode="async", players=2)`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from kameleon.ai import make_agent, parse_spec
from kameleon.ai.fair import fair_state
from kameleon.engine.agent import Agent
from kameleon.engine.errors import IllegalAction, KameleonError, quoted
from kameleon.engine.game import State
from kameleon.engine.registry import games, load
from kameleon.engine.seeding import MAX_SEED, whole_number
from kameleon.interop.envs import (
    ILLEGAL_REWARD,
    Arrays,
    check_action,
    check_reset_options,
    check_seed,
    no_render_mode,
)
from kameleon.interop.spaces import Encoding

REWARDS = ("terminal", "margin")
Opponent = str | Callable[[int], Agent]
"""A bot spec (`"medium"`, `"hard@200"`), or a function of a seed that makes an Agent."""
_DEAL_TRIES = 1000


class NoEpisode(KameleonError, RuntimeError):
    """`step` with no episode under way: before `reset()`, after the end of an episode, or after `close()`."""


def env_id(game: str) -> str:
    """The registered Gymnasium id of a game's single-agent environment: `kameleon/Coloretto-v0`."""
    return f"kameleon/{game.capitalize()}-v0"


def single_agent(
    game: str,
    *,
    players: int | None = 2,
    opponents: Opponent | Sequence[Opponent] = "medium",
    seat: int | None = None,
    reward: str = "terminal",
    observation: str = "flat",
    mask: str = "dense",
    render_mode: str | None = None,
    **options: Any,
) -> SingleAgentEnv:
    """The Gymnasium environment of `game` for one learning seat (module docstring).

    `opponents` is one spec (or factory) for every other seat, or one per other seat in
    turn order after the agent's; `players=None` takes the game's own default count; any
    other keyword is a game option.
    """
    return SingleAgentEnv(
        game,
        players=players,
        opponents=opponents,
        seat=seat,
        reward=reward,
        observation=observation,
        mask=mask,
        render_mode=render_mode,
        **options,
    )


class SingleAgentEnv(gymnasium.Env[Any, np.int64]):
    """One seat of a kameleon game against kameleon bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 4}  # noqa: RUF012 (read from the class)

    def __init__(
        self,
        game: str,
        *,
        players: int | None = 2,
        opponents: Opponent | Sequence[Opponent] = "medium",
        seat: int | None = None,
        reward: str = "terminal",
        observation: str = "flat",
        mask: str = "dense",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = ", ".join(self.metadata["render_modes"])
            raise ValueError(f"unknown render_mode {render_mode!r}; the modes are {modes} (or None)")
        if reward not in REWARDS:
            raise KameleonError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.game = load(game, **options) if players is None else load(game, players=players, **options)
        self.encoding = Encoding.of(self.game)
        self.arrays = Arrays(self.encoding, observation, mask)
        n = self.game.num_players
        if seat is not None:
            fixed = whole_number(seat)
            if fixed is None or not 0 <= fixed < n:
                raise KameleonError(f"seat must be None (rotating) or a seat 0..{n - 1}, not {quoted(seat)}")
            seat = fixed
        self.fixed_seat = seat
        self.opponents = _opponents(opponents, n - 1)
        self.reward_mode = reward
        self.render_mode = render_mode
        parts = self.arrays.spaces
        self.observation_space: spaces.Space[Any] = parts["observation"] if len(parts) == 1 else spaces.Dict(parts)
        self.action_space: spaces.Space[np.int64] = spaces.Discrete(self.encoding.num_actions)
        self.state: State[Any] | None = None
        self.seat = 0
        self._next_seat: int | None = None
        self._bots: dict[int, Agent] = {}
        self._legal: list[int] = []
        self._over = True
        self._truncated: str | None = None
        self._margin = 0.0

    # --- the episode ---------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        deal = None if seed is None else check_seed(seed)
        check_reset_options(options, self.game, "single_agent")
        super().reset(seed=deal)  # the checked seed: Gymnasium takes only a Python int, a NumPy integer is one too
        rng = self.np_random
        n = self.game.num_players
        for _ in range(_DEAL_TRIES):
            if deal is None:
                deal = int(rng.integers(MAX_SEED + 1))
            if self.fixed_seat is not None:
                self.seat = self.fixed_seat
            else:
                self.seat = deal % n if seed is not None or self._next_seat is None else self._next_seat
                self._next_seat = (self.seat + 1) % n
            seeds = [int(s) for s in rng.integers(MAX_SEED + 1, size=n - 1)]
            others = [(self.seat + 1 + i) % n for i in range(n - 1)]
            self._bots = {q: _make(spec, s) for q, spec, s in zip(others, self.opponents, seeds, strict=True)}
            self.state = self.game.new_state(deal)
            self._over = False
            self._margin = self._score_margin(self.state)
            info: dict[str, Any] = {}
            self._bots_play(info)
            if not self.state.is_terminal:
                break
            seed, deal = None, None
        else:
            raise KameleonError(f"the bots finished {_DEAL_TRIES} deals in a row before the agent's first move")
        self._truncated = info.get("truncated")
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info(info)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None or self._over:
            raise NoEpisode(
                "no episode is under way: reset() the environment"
                + (" (the last one is over)" if state is not None else "")
            )
        index = check_action(action, self.encoding.num_actions, f"the agent (seat {self.seat})")
        info: dict[str, Any] = {}
        if self._truncated is not None:  # found by reset, which cannot end an episode
            self._over = True
            info["truncated"] = self._truncated
            return self._observe(), 0.0, False, True, self._info(info)
        try:
            state.apply(self.encoding.to_action(index))
        except ValueError as exc:  # IllegalAction, or an index that denotes no action
            self._over = True
            info["illegal_action"] = exc.reason if isinstance(exc, IllegalAction) else str(exc)
            self._legal = []
            return self._observe(), ILLEGAL_REWARD, True, False, self._info(info)
        self._bots_play(info)
        terminated = state.is_terminal
        truncated = "truncated" in info
        self._over = terminated or truncated
        if self.reward_mode == "margin":
            margin = self._score_margin(state)
            reward, self._margin = margin - self._margin, margin
        else:
            reward = float(self.encoding.returns(state)[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, self._info(info)

    def _bots_play(self, info: dict[str, Any]) -> None:
        """The bots move until the agent is to play or the game is over; then the agent's legal actions."""
        state = self.state
        assert state is not None
        bots, seat, to_index = self._bots, self.seat, self.encoding.to_index
        windowed = self.encoding.windowed
        while not state.is_terminal:
            mover = state.current_player
            if mover is None or mover == seat:
                break
            action = bots[mover].act(fair_state(state, mover))  # bots see their seat's view, as in tournaments
            state.apply(action)
            if windowed and to_index(action) is None:
                info["truncated"] = (
                    "a bot placed a tile outside the action window, which the observation does not show; the "
                    "episode is truncated"
                )
                self._legal = []
                return
        if state.is_terminal:
            self._legal = []
            return
        self._legal, outside = self.encoding.split_legal(state)
        if outside:
            info["truncated"] = (
                "a legal action lies outside the action window; the episode is truncated rather than hide it"
            )
            info["truncated_example"] = state.action_to_str(outside[0])
        elif not self.arrays.fits(self._legal):
            info["truncated"] = self.arrays.overflow_reason()
        if "truncated" in info:
            self._legal = []

    def _score_margin(self, state: State[Any]) -> float:
        scores = state.scores()
        others = [s for q, s in enumerate(scores) if q != self.seat]
        return float(scores[self.seat] - (max(others) if others else 0))

    def _observe(self) -> Any:
        assert self.state is not None
        parts = self.arrays.observe(self.encoding.observe(self.state, self.seat))
        return parts["observation"] if len(parts) == 1 else parts

    def _info(self, extra: dict[str, Any]) -> dict[str, Any]:
        state = self.state
        assert state is not None
        arrays = self.arrays
        info: dict[str, Any] = {
            "seat": self.seat,
            "scores": np.asarray(state.scores(), dtype=np.int64),
            arrays.legal_key: arrays.legal(self._legal),
        }
        if state.is_terminal:
            winners = np.zeros(self.game.num_players, dtype=np.bool_)
            winners[state.winners()] = True
            info["winners"] = winners
        info.update(extra)
        return info

    def action_masks(self) -> np.ndarray:
        """The legal actions now as a boolean mask over the action space (sb3-contrib's `MaskablePPO` reads it);
        NoEpisode before the first reset (no action is legal or illegal yet)."""
        if self.state is None:
            raise NoEpisode("no episode is under way: reset() the environment")
        mask = np.zeros(self.encoding.num_actions, dtype=np.bool_)
        mask[self._legal] = True
        return mask

    def render(self) -> str | None:
        if self.render_mode is None:
            no_render_mode()
            return None
        if self.state is None:
            return None
        seat = self.state.current_player
        title = f"{self.game.title}, the agent at seat {self.seat}: " + (
            f"seat {seat} to play" if seat is not None else f"over, winners {self.state.winners()}"
        )
        text = title + "\n" + json.dumps(self.state.view(self.seat), indent=1)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None
        self._over = True


def _opponents(given: Opponent | Sequence[Opponent], count: int) -> list[Opponent]:
    """One opponent per other seat, each spec checked now (KameleonError naming a bad one)."""
    if isinstance(given, str) and "," in given:
        names = [part.strip() for part in given.split(",")]
        raise KameleonError(f"opponents is one bot for every other seat, or a list: give opponents={names!r}")
    if not (isinstance(given, str) or callable(given) or isinstance(given, Sequence)):
        raise KameleonError(f"opponents is a bot spec, a factory or a list of them, not {quoted(given)}")
    listed: list[Opponent] = [given] * count if isinstance(given, str) or callable(given) else list(given)
    if len(listed) != count:
        raise KameleonError(
            f"opponents: give one bot for every other seat ({count}), or one for all, not {len(listed)}"
        )
    for spec in listed:
        if isinstance(spec, str):
            parse_spec(spec)
        elif not callable(spec):
            raise KameleonError(
                f"an opponent is a bot spec or a function of a seed making an Agent, not {quoted(spec)}"
            )
    return listed


def _make(spec: Opponent, seed: int) -> Agent:
    if isinstance(spec, str):
        return make_agent(spec, seed)
    made = spec(seed)
    if not callable(getattr(made, "act", None)):  # refused at reset, before the agent's first move
        raise TypeError(f"the opponent factory {spec!r} made {made!r}, which is not an Agent (it has no act())")
    return made


def register_envs() -> None:
    """Register `kameleon/<Game>-v0` for every game (done on import; again is harmless)."""
    for name in games():
        if env_id(name) not in gymnasium.registry:
            gymnasium.register(
                id=env_id(name), entry_point="kameleon.interop.gymnasium:SingleAgentEnv", kwargs={"game": name}
            )


register_envs()
