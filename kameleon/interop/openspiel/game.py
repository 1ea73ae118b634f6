"""The OpenSpiel game of one kameleon configuration, and the registration of every game with pyspiel."""

from __future__ import annotations

from typing import Any

import pyspiel

from kameleon.engine.errors import InvalidOption
from kameleon.engine.game import Game
from kameleon.engine.registry import game_class, games, load
from kameleon.interop.openspiel.observers import PublicObserver, SeatObserver, observer
from kameleon.interop.openspiel.params import (
    DEFAULT_DEAL_OUTCOMES,
    DEFAULT_DEALS,
    PREFIX,
    Setup,
    check_parameters,
    key_of,
    random_setup,
    setup_of,
    short_name,
)
from kameleon.interop.openspiel.state import KameleonSpielState
from kameleon.interop.spaces import observation_of


class KameleonSpielGame(pyspiel.Game):
    """One kameleon game with fixed options, seen by OpenSpiel."""

    def __init__(self, name: str, game_type: pyspiel.GameType, params: dict[str, Any]) -> None:
        check_parameters(params)
        full = {**game_type.parameter_specification, **(params or {})}
        setup = setup_of(
            name,
            int(full["players"]),
            int(full.get("deals", DEFAULT_DEALS)),
            int(full.get("deal_outcomes", DEFAULT_DEAL_OUTCOMES)),
            str(full["options"]),
            bool(full.get("information_state_tensor", False)),
        )
        bound = setup.encoding.observation.max_game_length
        zero_sum = setup.game.num_players > 1
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.encoding.num_actions,
            max_chance_outcomes=setup.deal.max_outcomes if setup.deal is not None else 0,
            num_players=setup.game.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=bound + setup.chance_nodes,
        )
        # the type is the registered one, but for what this instance's parameters decide
        changes: dict[str, Any] = {}
        if not zero_sum:  # a game of one: its result sums to nothing in particular
            changes["utility"] = pyspiel.GameType.Utility.GENERAL_SUM
        if setup.tensor is not None:
            changes["provides_information_state_tensor"] = True
        super().__init__(_changed(game_type, **changes) if changes else game_type, info, params or {})
        self.setup = setup  # while Python holds this object; states fall back on the parameters

    def new_initial_state(self) -> KameleonSpielState:
        return KameleonSpielState(self, self._setup())

    def max_chance_nodes_in_history(self) -> int:
        return self._setup().chance_nodes

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SeatObserver | PublicObserver:
        """One seat's observer (public and its own private information, now or with perfect recall), or the
        public one (public information only). See observers.py."""
        return observer(self._setup(), iig_obs_type, params)

    def _setup(self) -> Setup:
        found: Setup | None = getattr(self, "setup", None)
        return found if found is not None else setup_of(*key_of(self))


def _changed(game_type: pyspiel.GameType, **changes: Any) -> pyspiel.GameType:
    """The same game type but for `changes` (pyspiel's GameType is immutable)."""
    fields = [
        "short_name",
        "long_name",
        "dynamics",
        "chance_mode",
        "information",
        "utility",
        "reward_model",
        "max_num_players",
        "min_num_players",
        "provides_information_state_string",
        "provides_information_state_tensor",
        "provides_observation_string",
        "provides_observation_tensor",
        "parameter_specification",
    ]
    return pyspiel.GameType(**{field: changes.get(field, getattr(game_type, field)) for field in fields})


def _player_counts(name: str) -> tuple[int, int]:
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


def register(name: str) -> str:
    """Register one game with pyspiel (idempotent); returns its short name."""
    low, high = _player_counts(name)
    cls = game_class(name)
    chance = random_setup(name)
    game_type = pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Python kameleon {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if cls.perfect_information
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
            **({"deals": DEFAULT_DEALS, "deal_outcomes": DEFAULT_DEAL_OUTCOMES} if chance else {}),
            "options": "",
            "information_state_tensor": False,
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


def guard_load_game() -> None:
    """Make `pyspiel.load_game` refuse a kameleon game's integer parameter beyond OpenSpiel's 32-bit range with a
    clear message (`check_parameters`) before pybind11 fails to convert it; any other call passes unchanged."""
    original = pyspiel.load_game
    if getattr(original, "__wrapped__", None) is not None:
        return

    def load_game(*args: Any, **kwargs: Any) -> Any:
        if args and isinstance(args[0], str) and args[0].startswith(PREFIX):
            check_parameters(args[1] if len(args) > 1 else args[0])
        return original(*args, **kwargs)

    load_game.__wrapped__ = original  # type: ignore[attr-defined]
    load_game.__doc__ = original.__doc__
    pyspiel.load_game = load_game


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
