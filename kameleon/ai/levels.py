"""The levels players choose from, and the spec grammar that names a bot.

A *spec* is a level's name, optionally followed by one budget for a bot that
searches:

    SPEC := NAME | NAME ":" SECONDS | NAME "@" ITERATIONS

- `hard` — the level as defined (`hard`: `HARD_MOVE_TIME` seconds per move);
- `hard:0.2` — 0.2 seconds per move (depends on the machine and its load);
- `hard@500` — 500 search iterations per move: the same seed gives the same
  moves on any machine, so tournaments and evaluations replay exactly.

`expert` is `hard`'s search judged by the game's trained value network
(`kameleon.ai.expert`), with the same budgets; in a game that asks for it (Le
Caméléon) an alpha-beta search, whose `@ITERATIONS` count positions examined.

Only searching levels (`SEARCHING`) take a budget: `random@5` or
`medium:0.1` would mean nothing and are refused, as are `hard@0`, `hard@x`,
`hard@2.5` and a spec with both budgets.

>>> parse_spec(" Hard@500 ")
BotSpec(name='hard', move_time=None, iterations=500)
>>> str(parse_spec("hard:0.50"))
'hard:0.5'
>>> make_agent("hard@50", seed=1).iterations
50
>>> parse_spec("random@5")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kameleon.engine.errors.KameleonError: bot 'random@5': random does not search, so it takes no budget (...)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kameleon.ai.expert import ExpertAgent
from kameleon.ai.greedy import GreedyAgent
from kameleon.ai.ismcts import ISMCTSAgent, is_seconds
from kameleon.ai.random_agent import RandomAgent
from kameleon.engine.agent import Agent
from kameleon.engine.errors import KameleonError, quoted
from kameleon.engine.messages import msg
from kameleon.engine.seeding import whole_number

HARD_MOVE_TIME = 1.0
"""Seconds per move of the `hard` bot on one core (the level's definition)."""
EASY_NOISE = 0.5
"""The `easy` bot's noise, relative to the spread of the heuristic's values."""
MAX_ITERATIONS = 10_000_000
"""The largest iteration budget a spec may ask for (a bound on input, far beyond any useful search)."""
HARD_SETTINGS: dict[str, Any] = {"exploration": 0.7, "win_weight": 0.5}
"""ISMCTS settings of the `hard` bot (see `ISMCTSAgent`), chosen by play against `medium`; each game's
`Game.search_settings` changes them for that game."""


def _random(seed: int | None, move_time: float | None, iterations: int | None) -> Agent:
    return RandomAgent(seed)


def _greedy(seed: int | None, move_time: float | None, iterations: int | None) -> Agent:
    return GreedyAgent(seed)


def _easy(seed: int | None, move_time: float | None, iterations: int | None) -> Agent:
    return GreedyAgent(seed, noise=EASY_NOISE, name="easy", relative_noise=True)


def _medium(seed: int | None, move_time: float | None, iterations: int | None) -> Agent:
    return GreedyAgent(seed, name="medium")


def _hard(seed: int | None, move_time: float | None, iterations: int | None) -> Agent:
    if iterations is not None:
        return ISMCTSAgent(seed, iterations=iterations, name="hard", game_settings=True, **HARD_SETTINGS)
    seconds = HARD_MOVE_TIME if move_time is None else move_time
    return ISMCTSAgent(seed, time_limit=seconds, name="hard", game_settings=True, **HARD_SETTINGS)


def _expert(seed: int | None, move_time: float | None, iterations: int | None) -> Agent:
    if iterations is not None:
        return ExpertAgent(seed, iterations=iterations, **HARD_SETTINGS)
    seconds = HARD_MOVE_TIME if move_time is None else move_time
    return ExpertAgent(seed, time_limit=seconds, **HARD_SETTINGS)


AGENTS: dict[str, Callable[[int | None, float | None, int | None], Agent]] = {
    "random": _random,
    "greedy": _greedy,
    "easy": _easy,
    "medium": _medium,
    "hard": _hard,
    "expert": _expert,
}
"""name -> factory(seed, move_time, iterations); add a level with one line here."""
SEARCHING = frozenset({"hard", "expert"})
"""The levels that search, and so take a budget (`:SECONDS` or `@ITERATIONS`); the others ignore one."""

STRONGEST = "expert"
"""The level analysis and hints use (`kameleon.ai.analysis`): the strongest level, one that searches."""


def agent_names() -> list[str]:
    return sorted(AGENTS)


@dataclass(frozen=True)
class BotSpec:
    """A parsed spec: the level and at most one budget. `str(spec)` is its canonical form."""

    name: str
    move_time: float | None = None
    iterations: int | None = None

    @property
    def has_budget(self) -> bool:
        return self.move_time is not None or self.iterations is not None

    def __str__(self) -> str:
        if self.iterations is not None:
            return f"{self.name}@{self.iterations}"
        if self.move_time is not None:
            return f"{self.name}:{self.move_time:g}"
        return self.name


def parse_spec(spec: str) -> BotSpec:
    """`"hard:0.2"`, `"hard@500"`, `"medium"` -> their `BotSpec` (KameleonError naming what is wrong)."""
    if not isinstance(spec, str):
        raise KameleonError(f"a bot is named by a string, not {quoted(spec)}")
    text = spec.strip().lower()
    name, at, count = text.partition("@")
    if at and (":" in count or ":" in name):
        raise KameleonError(
            msg(
                "bot_two_budgets", "bot {spec!r}: give one budget, NAME:SECONDS or NAME@ITERATIONS, not both", spec=spec
            )
        )
    name, colon, seconds = name.partition(":")
    name = name.strip()
    if name not in AGENTS:
        raise KameleonError(
            msg("unknown_bot", "unknown bot {spec!r}; bots are: {bots}", spec=spec, bots=", ".join(agent_names()))
        )
    if (at or colon) and name not in SEARCHING:
        searching = ", ".join(sorted(SEARCHING))
        raise KameleonError(
            msg(
                "bot_no_budget",
                "bot {spec!r}: {name} does not search, so it takes no budget (the levels that search: {searching})",
                spec=spec,
                name=name,
                searching=searching,
            )
        )
    if at:
        digits = count.strip()
        iterations = int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 9 else 0
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise KameleonError(
                msg(
                    "bot_bad_iterations",
                    "bot {spec!r}: {count!r} is not a number of search iterations per move "
                    "(a whole number from 1 to {most:,})",
                    spec=spec,
                    count=count.strip(),
                    most=MAX_ITERATIONS,
                )
            )
        return BotSpec(name, iterations=iterations)
    if not colon:
        return BotSpec(name)
    try:
        move_time = float(seconds)
    except ValueError:
        raise KameleonError(
            msg(
                "bot_bad_seconds",
                "bot {spec!r}: {seconds!r} is not a number of seconds per move",
                spec=spec,
                seconds=seconds.strip(),
            )
        ) from None
    if not move_time > 0 or move_time == float("inf"):
        raise KameleonError(
            msg("bot_bad_time", "bot {spec!r}: the time per move must be a positive number of seconds", spec=spec)
        )
    return BotSpec(name, move_time=move_time)


def replayable_spec(spec: str, option: str) -> BotSpec:
    """`spec` parsed for a research tool whose games must replay from their seed on any machine: a searching
    level needs its budget in iterations (`hard@50`), not a clock. KameleonError prefixed with `option`."""
    try:
        parsed = parse_spec(spec)
    except KameleonError as exc:
        raise KameleonError(f"{option}: {exc}") from None
    if parsed.name in SEARCHING and parsed.iterations is None:
        raise KameleonError(
            f"{option} {spec}: give a searching bot its budget in iterations ({parsed.name}@50), so that the games"
            " replay the same on any machine"
        )
    return parsed


def check_budget(move_time: Any = None, iterations: Any = None, *, what: str = "") -> tuple[float | None, int | None]:
    """The budget of a searching bot given as arguments, checked: at most one of seconds per move and
    iterations per move (KameleonError naming the argument, prefixed by `what`)."""
    if move_time is not None and iterations is not None:
        raise KameleonError(f"{what}give move_time or iterations, not both: a search stops at one budget")
    if move_time is not None:
        if not is_seconds(move_time):
            raise KameleonError(
                f"{what}move_time must be a positive, finite number of seconds, not {quoted(move_time)}"
            )
        move_time = float(move_time)  # results are JSON: no NumPy floats
    if iterations is not None:
        count = whole_number(iterations)
        if count is None or not 1 <= count <= MAX_ITERATIONS:
            raise KameleonError(
                f"{what}iterations must be a whole number from 1 to {MAX_ITERATIONS:,}, not {quoted(iterations)}"
            )
        iterations = count
    return move_time, iterations


def make_agent(
    name: str, seed: int | None = None, *, move_time: float | None = None, iterations: int | None = None
) -> Agent:
    """A new agent from a spec (see `agent_names()`); raises KameleonError for an unknown or malformed one.

    An explicit `move_time` (seconds per move) or `iterations` (per move) replaces the spec's budget;
    bots that do not search ignore them.
    """
    spec = parse_spec(name)
    move_time, iterations = check_budget(move_time, iterations)
    if move_time is None and iterations is None:
        move_time, iterations = spec.move_time, spec.iterations
    return AGENTS[spec.name](seed, move_time, iterations)


def make_analyst(
    level: str | None = None, seed: int | None = None, *, move_time: float | None = None, iterations: int | None = None
) -> ISMCTSAgent:
    """A searching bot of `level` (default `STRONGEST`) whose rewards are win chances, for analysis.

    It is the level's own bot (same settings, the game's own `search_settings`) with `win_weight=1.0`
    over them (`ISMCTSAgent.with_overrides`): a finished rollout scores 1 for a win, 1/k for a win
    shared by k seats and 0 for a loss, so the mean reward of a move is its estimated chance of winning.
    KameleonError for an unknown spec or a level that does not search.

    >>> make_analyst("hard@100", seed=1).overrides
    {'win_weight': 1.0}
    """
    spec = level if level is not None else STRONGEST
    agent = make_agent(spec, seed, move_time=move_time, iterations=iterations)
    if not isinstance(agent, ISMCTSAgent):
        searching = ", ".join(sorted(SEARCHING))
        raise KameleonError(f"level {spec!r} does not search, so it cannot analyse (levels that search: {searching})")
    return agent.with_overrides(win_weight=1.0)
