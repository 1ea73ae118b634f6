"""What may take a seat in a tournament or an evaluation: a spec, an agent object, or a factory.

- a **spec** (`"medium"`, `"hard@200"`, see `kameleon.ai.levels`): a fresh bot
  per game, seeded from the tournament's seed;
- an **agent object** (anything with `name` and `act(state)`): every game starts
  from a copy of it as it was given (`copy.deepcopy`), so one game cannot leak
  into the next and worker processes play the same games as one process;
  a stochastic agent therefore repeats its random choices from game to game,
  so give a factory when its seed matters;
- a **factory**: a callable `(seed) -> Agent`, called once per game with that
  seat's seed (an agent class whose first argument is the seed is one).

Names. A spec is named by its canonical form, an agent object by its `name`, a
factory by its `name` attribute or else its `__name__`; `{name: bot}` (a
mapping) names them explicitly. Two different bots may not share a name.

Processes. With `workers > 1` every game is sent to a worker process by
pickling, so an agent object and a factory must be picklable: a function or a
class defined at the top level of a module that the workers can import. A
lambda, a function defined inside another, or anything defined in an
interactive session (a notebook, the REPL) cannot cross; such a bot is refused
with a clear error before any game starts (it still plays with `workers=1`,
and on Ray, which pickles by value).
"""

from __future__ import annotations

import copy
import functools
import inspect
import pickle
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from kameleon.ai.levels import parse_spec
from kameleon.engine.agent import Agent
from kameleon.engine.errors import KameleonError, quoted

AgentFactory: TypeAlias = Callable[[int], Agent]
"""A callable `(seed) -> Agent`, called once per game."""
BotLike: TypeAlias = "str | Agent | AgentFactory"
"""What may take a seat: a spec, an agent object or a factory."""
Entry: TypeAlias = "str | AgentFactory"
"""A seat's bot once named: a canonical spec, or a factory (an agent object is wrapped in `Copies`)."""


@dataclass(frozen=True)
class Copies:
    """The factory of an agent object: a fresh deep copy of it for every game (the seed is not used)."""

    agent: Any

    @property
    def name(self) -> str:
        name: str = self.agent.name
        return name

    def __call__(self, seed: int) -> Agent:
        try:
            made: Agent = copy.deepcopy(self.agent)
        except Exception as exc:
            raise KameleonError(
                f"the agent {self.name!r} cannot be copied for each game ({type(exc).__name__}: {exc}); "
                "give a factory, a callable (seed) -> agent, instead"
            ) from None
        return made


def is_agent(bot: Any) -> bool:
    """An agent object (not a class): it has a callable `act`."""
    return not isinstance(bot, type) and callable(getattr(bot, "act", None))


def entrant(bot: Any, name: str | None = None, naming: str | None = None) -> tuple[str, Entry]:
    """`(name, entry)` of one bot: a spec is canonical, an agent object becomes `Copies(agent)`.

    KameleonError when `bot` is none of the three kinds or has no name to go by; `naming` is how the caller's
    own parameters give it one (default: `bots={'mine': ...}`).
    """
    if name is not None and (not isinstance(name, str) or not name.strip()):
        raise KameleonError(f"a bot's name is a non-empty string, not {quoted(name)}")
    if isinstance(bot, str):
        spec = str(parse_spec(bot))
        return (name or spec), spec
    if is_agent(bot):
        own = getattr(bot, "name", None)
        if name is None and not (isinstance(own, str) and own.strip()):
            how = naming or "bots={'mine': agent}"
            raise KameleonError(f"the agent {quoted(bot)} has no name (a non-empty `name` attribute): name it, {how}")
        return (name or str(own)), Copies(bot)
    if callable(bot):
        return (name or _factory_name(bot, naming)), bot
    raise KameleonError(
        f"a bot is a spec (a string such as 'medium' or 'hard@200'), an agent (with act(state)) or a factory "
        f"(a callable (seed) -> agent), not {quoted(bot)}"
    )


def _factory_name(factory: Callable[..., Any], naming: str | None) -> str:
    own = getattr(factory, "name", None)
    if isinstance(own, str) and own.strip():
        return own
    named = getattr(factory, "__name__", None)
    if isinstance(named, str) and named.strip() and named != "<lambda>":
        return named
    how = naming or "bots={'mine': factory}"
    raise KameleonError(f"the factory {quoted(factory)} has no name to show in the standings: name it, {how}")


def entrants(bots: Any, parameter: str = "bots") -> tuple[tuple[str, ...], dict[str, Entry]]:
    """The names of `bots` (a sequence of bots, or a mapping name -> bot) in order, and each name's entry;
    `parameter` is what the caller calls them, in its errors.

    A name given twice for the same bot is one bot at several seats; for two different bots it is refused.
    """
    if isinstance(bots, str):
        names = tuple(part.strip() for part in bots.split(","))
        raise KameleonError(f"{parameter} is a list of bots, not the string {quoted(bots)}: give {parameter}={names!r}")
    if isinstance(bots, Mapping):
        pairs = [entrant(bot, name, f"{parameter}={{'mine': ...}}") for name, bot in bots.items()]
    else:
        try:
            given = tuple(bots)
        except TypeError:
            raise KameleonError(
                f"{parameter} is a list of bots (or a mapping name -> bot), not {quoted(bots)}"
            ) from None
        pairs = [entrant(bot, naming=f"{parameter}={{'mine': ...}}") for bot in given]
    found: dict[str, Entry] = {}
    for name, entry in pairs:
        if name in found and not _same(found[name], entry):
            raise KameleonError(
                f"two different bots are named {name!r}: give them names of their own,"
                f" {parameter}={{'a': ..., 'b': ...}}"
            )
        found.setdefault(name, entry)
    return tuple(name for name, _ in pairs), found


def describe(entry: Entry) -> str:
    """What a bot is, for a run's provenance: its spec, or the agent's or factory's class or function."""
    if isinstance(entry, str):
        return entry
    kind, target = ("agent", type(entry.agent)) if isinstance(entry, Copies) else ("factory", _defining(entry))
    where = f"{getattr(target, '__module__', '?')}.{getattr(target, '__qualname__', type(target).__qualname__)}"
    return f"{kind} {where}"


def _same(a: Entry, b: Entry) -> bool:
    if isinstance(a, Copies) and isinstance(b, Copies):
        return a.agent is b.agent
    return a is b or (isinstance(a, str) and a == b)


def check_portable(entries: Iterable[tuple[str, Entry]]) -> None:
    """Refuse, before any game, a bot (name, entry) that worker processes could not rebuild (module docstring)."""
    for name, entry in entries:
        if isinstance(entry, str):
            continue
        target = entry.agent if isinstance(entry, Copies) else entry
        defining = _defining(target)
        where = getattr(defining, "__module__", None)
        main = sys.modules.get("__main__")
        if where == "__main__" and not getattr(main, "__file__", None):
            raise KameleonError(
                f"bot {name!r} is defined in an interactive session, which worker processes cannot import: "
                "define it in a module (a .py file), or play with workers=1"
            )
        try:
            pickle.dumps(entry)
        except Exception as exc:
            raise KameleonError(
                f"bot {name!r} cannot be sent to worker processes ({type(exc).__name__}: {exc}). A factory or an "
                "agent must be picklable: a function or class defined at the top level of a module, not a lambda "
                "or a function defined inside another; or play with workers=1"
            ) from None


def _defining(target: Any) -> Any:
    """The function or class whose module a worker must import to rebuild `target`."""
    while isinstance(target, functools.partial):
        target = target.func
    if inspect.isfunction(target) or inspect.isclass(target) or inspect.ismethod(target):
        return target
    return type(target)
