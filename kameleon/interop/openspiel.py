"""Every game as an OpenSpiel Python game: `pyspiel.load_game("python_kameleon_coloretto", {"players": 4})`.

Importing this module registers `python_kameleon_<name>` for every game that has an
observation encoder. Game parameters: `players`, `deals` (the size of the deal space, default
65,536) and `options` (the game's other options as space-separated `key:value` pairs,
e.g. `"scoring:purple preset:bga"`).

Chance: a game starts with one chance node choosing the deal, uniformly among `deals`
seeds; the seed then drives the spec's reproducible setup, so every later step is a
player's decision. Actions are the indices of the adapters' action space: the game's
own, or the observation module's window of them (Chromino; OpenSpiel's own tests build
a dense legal-action mask per state, which the 33-million-index full space makes take
a second). A state where the player to move has a legal action outside the window is
terminal, as truncated: returns 0 for everyone, the reason in `truncated` and in the
state's string. Returns are otherwise `State.returns()` (zero-sum: a sole winner +1,
shared wins split) or the module's `returns`; the game type says ZERO_SUM for 2 or more
players and GENERAL_SUM for 1 (solo results are not a sum of anything), utilities in
[-1, 1]. Observations: the game's encoder (what the seat sees) as tensor, the seat's
`view` as JSON as string; the information state adds the moves played, as that seat
saw them (`State.token_seen_by`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from kameleon.engine.game import Game, State
from kameleon.engine.registry import game_class, games, load
from kameleon.interop.spaces import Encoding, observation_module

DEFAULT_DEALS = 1 << 16
PREFIX = "python_kameleon_"


def short_name(game: str) -> str:
    return PREFIX + game


def _max_players(name: str) -> tuple[int, int]:
    spec = next(o for o in game_class(name).option_specs if o.name == "players")
    if spec.choices:
        return min(spec.choices), max(spec.choices)
    low = high = None
    for players in range(1, 9):
        try:
            load(name, players=players)
        except (ValueError, TypeError):
            continue
        low = players if low is None else low
        high = players
    assert low is not None and high is not None
    return low, high


@dataclass(frozen=True)
class _Setup:
    """What states and observers need, rebuilt from a game's parameters.

    pybind11 keeps a Python game object's attributes only while Python holds it; a game
    that only OpenSpiel's C++ side holds comes back without them, so nothing is read
    from game attributes.
    """

    game: Game[Any]
    encoding: Encoding
    deals: int


def parse_options(text: str) -> dict[str, Any]:
    """The `options` parameter: space-separated `key:value` pairs (OpenSpiel's game strings
    reserve commas and '='); values are read as JSON scalars when they parse, else as text."""
    options: dict[str, Any] = {}
    for pair in text.split():
        key, sep, raw = pair.partition(":")
        if not sep or not key:
            raise ValueError(f"option {pair!r} in parameter 'options' is not of the form key:value")
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError:
            options[key] = raw
    return options


@lru_cache(maxsize=64)
def _setup(name: str, players: int, deals: int, options: str) -> _Setup:
    game = load(name, **{**parse_options(options), "players": players})
    return _Setup(game, Encoding.of(game), deals)


def _key_of(game: pyspiel.Game) -> tuple[str, int, int, str]:
    params = game.get_parameters()
    name = game.get_type().short_name[len(PREFIX) :]
    return name, int(params["players"]), int(params.get("deals", DEFAULT_DEALS)), str(params.get("options", ""))


class KameleonSpielGame(pyspiel.Game):
    """One kameleon game with fixed options, seen by OpenSpiel."""

    def __init__(self, name: str, game_type: pyspiel.GameType, params: dict[str, Any]) -> None:
        full = {**game_type.parameter_specification, **(params or {})}
        setup = _setup(name, int(full["players"]), int(full["deals"]), str(full["options"]))
        bound = observation_module(setup.game).max_game_length(setup.game)
        zero_sum = setup.game.num_players > 1
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.encoding.num_actions,
            max_chance_outcomes=setup.deals,
            num_players=setup.game.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=bound + 1,
        )
        super().__init__(game_type if zero_sum else _general_sum(game_type), info, params or {})

    def new_initial_state(self) -> KameleonSpielState:
        return KameleonSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> KameleonObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return KameleonObserver(_setup(*_key_of(self)), perfect_recall)


class KameleonSpielState(pyspiel.State):
    """An OpenSpiel state around a kameleon `State` (None until the deal's chance node)."""

    def __init__(self, game: KameleonSpielGame) -> None:
        super().__init__(game)
        self._key = _key_of(game)
        self.inner: State[Any] | None = None
        self.seen: list[list[str]] = [[] for _ in range(self.setup.game.num_players)]
        self.legal: list[int] = []
        """Sorted indices of the legal actions, kept after every move."""
        self.truncated: str | None = None
        """Why the game was cut short: a legal action outside the action window; None if it was not."""

    @property
    def setup(self) -> _Setup:
        # Only the key is stored: OpenSpiel pickles states to serialize them.
        return _setup(*self._key)

    def current_player(self) -> int:
        if self.inner is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.inner.is_terminal or self.truncated:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.inner.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.setup.deals
        return [(deal, p) for deal in range(self.setup.deals)]

    def _apply_action(self, action: int) -> None:
        if self.inner is None:
            self.inner = self.setup.game.new_state(int(action))
            self._refresh()
            return
        move = self.setup.encoding.to_action(int(action))
        tokens = [self.inner.token_seen_by(move, seat) for seat in range(len(self.seen))]
        self.inner.apply(move)  # raises IllegalAction with nothing changed
        for log, token in zip(self.seen, tokens, strict=True):
            log.append(token)
        self._refresh()

    def _refresh(self) -> None:
        assert self.inner is not None
        if self.inner.is_terminal:
            self.legal = []
            return
        inside, outside = self.setup.encoding.split_legal(self.inner)
        self.legal = [] if outside else sorted(inside)
        if outside:
            self.truncated = (
                f"truncated: {len(outside)} legal action(s) lie outside the action window "
                f"(e.g. {self.inner.action_to_str(outside[0])})"
            )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.inner is None:
            return f"deal {action}"
        return self.inner.action_to_str(self.setup.encoding.to_action(int(action)))

    def is_terminal(self) -> bool:
        return self.inner is not None and (self.inner.is_terminal or self.truncated is not None)

    def returns(self) -> list[float]:
        if self.inner is None:
            return [0.0] * self.setup.game.num_players
        if self.truncated:
            return [0.0] * self.setup.game.num_players
        return self.setup.encoding.returns(self.inner)

    def __str__(self) -> str:
        if self.inner is None:
            return "before the deal"
        text = json.dumps(self.inner.view(None), sort_keys=True)
        return f"{text} | {self.truncated}" if self.truncated else text


class KameleonObserver:
    """OpenSpiel's observer interface: `tensor` / `dict` filled by `set_from`, strings by `string_from`."""

    def __init__(self, setup: _Setup, perfect_recall: bool) -> None:
        self.setup = setup
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(setup.encoding.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: KameleonSpielState, player: int) -> None:
        if state.inner is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = np.asarray(self.setup.encoding.observe(state.inner, player), dtype=np.float32)

    def string_from(self, state: KameleonSpielState, player: int) -> str:
        if state.inner is None:
            return "before the deal"
        view = json.dumps(state.inner.view(player), sort_keys=True)
        if self.perfect_recall:
            return view + " | " + " ; ".join(state.seen[player])
        return view


def _general_sum(game_type: pyspiel.GameType) -> pyspiel.GameType:
    """The same game type with GENERAL_SUM utility: what a game of one player is (its result
    sums to nothing in particular), whatever the registered type says for more players."""
    fields = [
        "short_name",
        "long_name",
        "dynamics",
        "chance_mode",
        "information",
        "reward_model",
        "max_num_players",
        "min_num_players",
        "provides_information_state_string",
        "provides_information_state_tensor",
        "provides_observation_string",
        "provides_observation_tensor",
        "parameter_specification",
    ]
    values = {field: getattr(game_type, field) for field in fields}
    return pyspiel.GameType(utility=pyspiel.GameType.Utility.GENERAL_SUM, **values)


def register(name: str) -> str:
    """Register one game with pyspiel (idempotent); returns its short name."""
    low, high = _max_players(name)
    cls = game_class(name)
    perfect = getattr(cls, "perfect_information", False)
    game_type = pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Python kameleon {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": high if low == high else min(max(low, 2), high),
            "deals": DEFAULT_DEALS,
            "options": "",
        },
    )
    if short_name(name) not in pyspiel.registered_names():
        # A class, not a closure: pyspiel keeps the factory until interpreter exit, and a
        # registered function object crashes Python's finalisation there.
        def __init__(self: KameleonSpielGame, params: dict[str, Any] | None = None) -> None:
            KameleonSpielGame.__init__(self, name, game_type, params or {})

        factory = type(f"{cls.__name__}Spiel", (KameleonSpielGame,), {"__init__": __init__})
        _FACTORIES[name] = factory
        pyspiel.register_game(game_type, factory)
    return short_name(name)


_FACTORIES: dict[str, type[KameleonSpielGame]] = {}


def registered() -> list[str]:
    """Register every game with an observation encoder; returns their short names."""
    names = []
    for name in games():
        try:
            observation_module(load(name, players=2) if name != "cameleon" else load(name))
        except Exception:
            continue
        names.append(register(name))
    return names


REGISTERED = registered()
