"""Agents on the `kameleon.Agent` interface, and the levels players choose from.

| name     | what it is                                                        |
| -------- | ----------------------------------------------------------------- |
| `random` | a uniformly random legal move (the baseline)                      |
| `greedy` | the game's one-ply heuristic (`games/<g>/heuristics.py`)          |
| `easy`   | greedy with noise (half the value spread at each decision)        |
| `medium` | greedy                                                            |
| `hard`   | ISMCTS (`kameleon.ai.ismcts`), `HARD_MOVE_TIME` seconds per move  |

A bot is named by a *spec*: a name, optionally followed by `:SECONDS`, the
time per move of a searching bot (`hard:0.2`). `make_agent(spec, seed,
move_time=S)` does the same; an explicit `move_time` wins over the spec.
Bots that do not search ignore the time.

>>> make_agent("hard:0.2", seed=1).time_limit
0.2
>>> make_agent("medium", seed=1).name
'medium'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kameleon.ai.greedy import GreedyAgent
from kameleon.ai.ismcts import ISMCTSAgent, is_seconds
from kameleon.ai.random_agent import RandomAgent
from kameleon.engine.agent import Agent
from kameleon.engine.errors import KameleonError, quoted

HARD_MOVE_TIME = 1.0
"""Seconds per move of the `hard` bot on one core (the level's definition)."""
EASY_NOISE = 0.5
"""The `easy` bot's noise, relative to the spread of the heuristic's values."""
HARD_SETTINGS: dict[str, Any] = {"exploration": 0.7, "win_weight": 0.5}
"""ISMCTS settings of the `hard` bot (see `ISMCTSAgent`), chosen by play against `medium`."""
HARD_PER_GAME: dict[str, dict[str, Any]] = {
    # Random play in Le Caméléon wanders for hundreds of plies; short rollouts scored by the game's
    # material-and-threats evaluation are far more informative (measured against `medium`).
    "cameleon": {"rollout_depth": 4, "evaluation_scale": 4.0},
    # Chromino: short random rollouts scored by `heuristics.evaluate` (a learned value in log-odds, so the
    # softmax at scale 2 gives each seat its win probability) beat full random ones and cost a quarter as much;
    # greedy rollouts cost 7 times as much per iteration. 10 moves beat 6 and 4 at 0.25 s per move (docs/bots.md).
    "chromino": {"rollout_depth": 10, "evaluation_scale": 2.0, "cutoff": "softmax"},
    # Cardcassonne turns on follower timing: random rollouts claim rows at random moments and mislead
    # the search, so rollouts play the greedy heuristic for about a round and the game's final-score
    # estimate (points, chest, the claim in hand) judges the rest.
    "cardcassonne": {"rollout_greedy": 1.0, "rollout_depth": 14, "evaluation_scale": 20.0},
}
"""Per-game changes to `HARD_SETTINGS`."""


def _random(seed: int | None, move_time: float | None) -> Agent:
    return RandomAgent(seed)


def _greedy(seed: int | None, move_time: float | None) -> Agent:
    return GreedyAgent(seed)


def _easy(seed: int | None, move_time: float | None) -> Agent:
    return GreedyAgent(seed, noise=EASY_NOISE, name="easy", relative_noise=True)


def _medium(seed: int | None, move_time: float | None) -> Agent:
    return GreedyAgent(seed, name="medium")


def _hard(seed: int | None, move_time: float | None) -> Agent:
    seconds = HARD_MOVE_TIME if move_time is None else move_time
    return ISMCTSAgent(seed, time_limit=seconds, name="hard", per_game=HARD_PER_GAME, **HARD_SETTINGS)


AGENTS: dict[str, Callable[[int | None, float | None], Agent]] = {
    "random": _random,
    "greedy": _greedy,
    "easy": _easy,
    "medium": _medium,
    "hard": _hard,
}
"""name -> factory(seed, move_time); add a level with one line here."""


def agent_names() -> list[str]:
    return sorted(AGENTS)


def parse_spec(spec: str) -> tuple[str, float | None]:
    """`"hard:0.2"` -> `("hard", 0.2)`; `"medium"` -> `("medium", None)` (KameleonError when malformed)."""
    name, sep, seconds = spec.strip().lower().partition(":")
    name = name.strip()
    if name not in AGENTS:
        raise KameleonError(f"unknown bot {spec!r}; bots are: {', '.join(agent_names())}")
    if not sep:
        return name, None
    try:
        move_time = float(seconds)
    except ValueError:
        raise KameleonError(f"bot {spec!r}: {seconds.strip()!r} is not a number of seconds per move") from None
    if not move_time > 0 or move_time == float("inf"):
        raise KameleonError(f"bot {spec!r}: the time per move must be a positive number of seconds")
    return name, move_time


def make_agent(name: str, seed: int | None = None, *, move_time: float | None = None) -> Agent:
    """A new agent from a spec (see `agent_names()`); raises KameleonError for an unknown name."""
    if not isinstance(name, str):
        raise KameleonError(f"a bot is named by a string, not {name!r}")
    key, spec_time = parse_spec(name)
    if move_time is not None:
        if not is_seconds(move_time):
            raise KameleonError(f"move_time must be a positive, finite number of seconds, not {quoted(move_time)}")
        move_time = float(move_time)
    return AGENTS[key](seed, move_time if move_time is not None else spec_time)


__all__ = [
    "AGENTS",
    "HARD_MOVE_TIME",
    "HARD_PER_GAME",
    "HARD_SETTINGS",
    "GreedyAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "agent_names",
    "make_agent",
    "parse_spec",
]
