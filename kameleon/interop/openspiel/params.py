"""A registered game's parameters, and what its states and observers need (`Setup`), cached by parameters.

pybind11 keeps a Python game object's attributes only while Python holds it; a game that only
OpenSpiel's C++ side holds comes back without them. So states find their `Setup` again from the
game's parameters, and carry it (it copies and pickles as its key).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

import pyspiel

from kameleon.engine.game import Game, State
from kameleon.engine.registry import game_class, load
from kameleon.interop.openspiel.deal import Deal
from kameleon.interop.spaces import Encoding

T = TypeVar("T")

PREFIX = "python_kameleon_"
DEFAULT_DEALS = 1 << 16
DEFAULT_DEAL_OUTCOMES = 256
"""Outcomes per deal chance node (deal.py): the default 65,536 deals are two nodes of 256."""

MAX_INT_PARAMETER = (1 << 31) - 1
"""OpenSpiel's integer game parameters are C++ `int`s: `deals` can be at most this."""

MAX_TENSOR = 1 << 20
"""The largest information-state tensor offered, in floats (4 MiB)."""

Key = tuple[str, int, int, int, str, bool]
"""(game name, players, deals, deal outcomes, options text, information-state tensor)."""


def short_name(game: str) -> str:
    return PREFIX + game


def parse_options(text: str) -> dict[str, Any]:
    """The `options` parameter: space-separated `key:value` pairs; values are read as JSON when they
    parse, else as text. OpenSpiel's game strings reserve commas (a game with one in a parameter can
    be loaded but not written back, so neither serialized nor pickled): lists are written `[1;2;3]`."""
    if "," in text:
        raise ValueError(
            f"parameter 'options' {text!r} holds a comma, which OpenSpiel's game strings reserve: "
            "write lists with ';' between their items, e.g. animal_points:[1;2;3]"
        )
    options: dict[str, Any] = {}
    for pair in text.split():
        key, sep, raw = pair.partition(":")
        if not sep or not key:
            raise ValueError(f"option {pair!r} in parameter 'options' is not of the form key:value")
        try:
            options[key] = json.loads(raw.replace(";", ","))
        except json.JSONDecodeError:
            options[key] = raw
    return options


def check_parameters(params: Any) -> None:
    """Refuse with a clear message an integer parameter OpenSpiel cannot hold (its own error is a pybind11 cast
    failure that names neither the parameter nor the limit)."""
    if isinstance(params, str):  # a game string, `python_kameleon_coloretto(players=2,deals=...)`
        pairs: list[tuple[str, Any]] = [
            (key, int(value)) for key, value in re.findall(r"(\w+)=(-?\d+)(?=[,)])", params)
        ]
    elif isinstance(params, dict):
        pairs = list(params.items())
    else:
        return
    for key, value in pairs:
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and not -MAX_INT_PARAMETER - 1 <= value <= MAX_INT_PARAMETER
        ):
            what = "the number of deals (each a seed of the game's setup)" if key == "deals" else "an integer parameter"
            raise ValueError(
                f"parameter {key!r} is {value:,}, but OpenSpiel holds {what} in a 32-bit integer: at most "
                f"{MAX_INT_PARAMETER:,} (2^31 - 1)"
            )


def random_setup(name: str) -> bool:
    """False for a game whose every deal is the same (Le Caméléon): it has no chance node."""
    return game_class(name).random_setup


@dataclass(frozen=True, eq=False)
class Setup:
    """One configuration: the kameleon game, its encoding, its deal (None: no chance node), and the shape of
    its information-state tensor (None: not asked for)."""

    key: Key
    game: Game[Any]
    encoding: Encoding
    deal: Deal | None
    tensor: tuple[int, int] | None
    """(rows, width) of the information-state tensor: one row for the deal and one per move (infostate.py)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Setup:
        return self  # immutable, shared by every state of the configuration

    def __reduce__(self) -> tuple[Any, Key]:
        return setup_of, self.key  # OpenSpiel serializes states by pickling their attributes

    @property
    def perfect_information(self) -> bool:
        return self.game.perfect_information

    @property
    def chance_nodes(self) -> int:
        return self.deal.digits if self.deal is not None else 0

    def once(self, name: str, make: Callable[[], T]) -> T:
        """`make()`, computed once per configuration (kept aside: what it gives never changes)."""
        found: T | None = self.__dict__.get(name)
        if found is None:
            found = self.__dict__[name] = make()  # past the frozen dataclass's __setattr__, for a cache
        return found

    def start(self) -> State[Any]:
        """The initial state of a game without a chance node (a copy: the caller may play it)."""
        return self.once("_start", lambda: self.game.new_state(0)).clone()


@lru_cache(maxsize=64)
def setup_of(name: str, players: int, deals: int, deal_outcomes: int, options: str, tensor: bool = False) -> Setup:
    given = parse_options(options)
    if "players" in given and given["players"] != players:
        raise ValueError(f"parameter 'options' says players:{given['players']} but parameter 'players' is {players}")
    deal = Deal(deals, deal_outcomes) if random_setup(name) else None
    game = load(name, **{**given, "players": players})
    encoding = Encoding.of(game)
    shape = None
    if tensor:
        shape = (encoding.observation.max_game_length + 1, 1 + encoding.num_actions + encoding.observation_size)
        if shape[0] * shape[1] > MAX_TENSOR:
            raise ValueError(
                f"parameter 'information_state_tensor': {game.title}'s would hold {shape[0]:,} rows (the deal and "
                f"up to {shape[0] - 1:,} moves) of {shape[1]:,} floats (a step flag, the move among "
                f"{encoding.num_actions:,} actions, the {encoding.observation_size:,}-float observation), over the "
                f"{MAX_TENSOR:,} floats offered; use information_state_string"
            )
    return Setup((name, players, deals, deal_outcomes, options, tensor), game, encoding, deal, shape)


def key_of(game: pyspiel.Game) -> Key:
    """The `setup_of` arguments of a loaded game, from its parameters."""
    params = game.get_parameters()
    name = game.get_type().short_name[len(PREFIX) :]
    return (
        name,
        int(params["players"]),
        int(params.get("deals", DEFAULT_DEALS)),
        int(params.get("deal_outcomes", DEFAULT_DEAL_OUTCOMES)),
        str(params.get("options", "")),
        bool(params.get("information_state_tensor", False)),
    )
