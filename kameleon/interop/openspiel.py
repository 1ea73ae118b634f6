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

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from kameleon.engine.errors import InvalidOption
from kameleon.engine.game import Game, State
from kameleon.engine.registry import game_class, games, load
from kameleon.interop.spaces import Encoding, observation_of

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


@lru_cache(maxsize=64)
def _setup(name: str, players: int, deals: int, options: str) -> _Setup:
    given = parse_options(options)
    if "players" in given and given["players"] != players:
        raise ValueError(f"parameter 'options' says players:{given['players']} but parameter 'players' is {players}")
    if deals < 1:
        raise ValueError(f"parameter 'deals' must be at least 1, not {deals}")
    game = load(name, **{**given, "players": players})
    return _Setup(game, Encoding.of(game), deals if _random_setup(name) else 1)


def _random_setup(name: str) -> bool:
    """False for a game whose every deal is the same (Le Caméléon): it has no chance node."""
    return game_class(name).random_setup


def _key_of(game: pyspiel.Game) -> tuple[str, int, int, str]:
    params = game.get_parameters()
    name = game.get_type().short_name[len(PREFIX) :]
    deals = int(params.get("deals", DEFAULT_DEALS if _random_setup(name) else 1))
    return name, int(params["players"]), deals, str(params.get("options", ""))


class KameleonSpielGame(pyspiel.Game):
    """One kameleon game with fixed options, seen by OpenSpiel."""

    def __init__(self, name: str, game_type: pyspiel.GameType, params: dict[str, Any]) -> None:
        full = {**game_type.parameter_specification, **(params or {})}
        setup = _setup(name, int(full["players"]), int(full.get("deals", 1)), str(full["options"]))
        bound = setup.encoding.observation.max_game_length
        zero_sum = setup.game.num_players > 1
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.encoding.num_actions,
            max_chance_outcomes=setup.deals if _random_setup(name) else 0,
            num_players=setup.game.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=bound + (1 if _random_setup(name) else 0),
        )
        super().__init__(game_type if zero_sum else _general_sum(game_type), info, params or {})

    def new_initial_state(self) -> KameleonSpielState:
        return KameleonSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> KameleonObserver:
        """What one seat sees (public and its own private information), now or as a whole history.

        Other kinds of observer (public information only, every player's private information) are
        refused rather than approximated: handing a seat's own cards to a "public" observer would leak.
        """
        if iig_obs_type is not None and (
            not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                f"kameleon games observe for one seat (public_info=True, private_info=SINGLE_PLAYER), not "
                f"public_info={iig_obs_type.public_info}, private_info={iig_obs_type.private_info.name}"
            )
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return KameleonObserver(_setup(*_key_of(self)), perfect_recall)


class KameleonSpielState(pyspiel.State):
    """An OpenSpiel state around a kameleon `State` (None until the deal's chance node)."""

    def __init__(self, game: KameleonSpielGame) -> None:
        super().__init__(game)
        self._key = _key_of(game)
        self.inner: State[Any] | None = None
        self.legal: list[int] = []
        """Sorted indices of the legal actions, kept after every move."""
        self.truncated: str | None = None
        """Why the game was cut short: a legal action outside the action window; None if it was not."""
        if not _random_setup(self._key[0]):  # the one deal there is: no chance node
            self.inner = self.setup.game.new_state(0)
            self._refresh()

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
            if not 0 <= int(action) < self.setup.deals:
                raise ValueError(f"deal {action} does not exist: the deals are 0 to {self.setup.deals - 1}")
            self.inner = self.setup.game.new_state(int(action))
            self._refresh()
            return
        if self.is_terminal():
            raise ValueError(f"the game is over{' (' + self.truncated + ')' if self.truncated else ''}: no move")
        self.inner.apply(self.setup.encoding.to_action(int(action)))  # raises IllegalAction with nothing changed
        self._refresh()

    def _refresh(self) -> None:
        assert self.inner is not None
        if self.inner.is_terminal:
            self.legal = []
            return
        inside, outside = self.setup.encoding.split_legal(self.inner)
        self.legal = [] if outside else sorted(inside)
        if outside:  # which ones is not said: they may place a tile only the mover has seen
            self.truncated = f"truncated: {len(outside)} legal action(s) lie outside the action window"

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
        # No information-state tensor: a fixed-size encoding of a whole history is not provided.
        self.tensor = np.zeros(0 if perfect_recall else setup.encoding.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: KameleonSpielState, player: int) -> None:
        if self.perfect_recall:
            raise ValueError("kameleon games have no information-state tensor: use information_state_string")
        if state.inner is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = np.asarray(self.setup.encoding.observe(state.inner, player), dtype=np.float32)

    def string_from(self, state: KameleonSpielState, player: int) -> str:
        if state.inner is None:
            return "before the deal"
        view = json.dumps(state.inner.view(player), sort_keys=True)
        if self.perfect_recall:
            return view + " | " + " ; ".join(_history_seen(state.inner, player))
        return view


def _history_seen(state: State[Any], seat: int) -> list[str]:
    """What `seat` observed, step by step: the deal, then each move as it saw it and what it saw after.

    The moves alone are not enough for perfect recall: a card drawn face up, or the deal itself, is seen
    but is no move. So each step also carries a digest of the seat's view once the move was made; the
    game is replayed from its seed for that, only when an information state is asked for.
    """
    replayed = state.game.new_state(state.seed)
    steps = [f"deal {_digest(replayed, seat)}"]
    for action in state.history:
        token = replayed.token_seen_by(action, seat)
        replayed.apply(action)
        steps.append(f"{token} {_digest(replayed, seat)}")
    return steps


def _digest(state: State[Any], seat: int) -> str:
    return hashlib.blake2b(json.dumps(state.view(seat), sort_keys=True).encode(), digest_size=8).hexdigest()


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
    perfect = cls.perfect_information
    chance = _random_setup(name)
    game_type = pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Python kameleon {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
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
            **({"deals": DEFAULT_DEALS} if chance else {}),
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
            observation_of(_any_configuration(name))
        except Exception:
            continue
        names.append(register(name))
    return names


def _any_configuration(name: str) -> Game[Any]:
    """The game at two players, or at its own defaults when it takes no player count of 2."""
    try:
        return load(name, players=2)
    except InvalidOption:
        return load(name)


REGISTERED = registered()
