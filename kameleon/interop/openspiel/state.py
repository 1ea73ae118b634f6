"""An OpenSpiel state around a kameleon `State`.

Python callers (OpenSpiel's Python algorithms, `rl_environment`) reach the methods defined here
directly; C++ reaches the same answers through pybind11's trampolines and the observers
(observers.py), so both give the same values. Defining `legal_actions`, `observation_tensor`,
`information_state_string`, `is_chance_node` and `rewards` here saves each call two crossings
of the language boundary, a good part of the cost of an `rl_environment` step, which makes
them for every player at every step.
"""

from __future__ import annotations

import json
import random
from array import array
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from kameleon.engine.game import State
from kameleon.interop.openspiel.infostate import InfoStates, World
from kameleon.interop.openspiel.params import Setup, key_of, setup_of

if TYPE_CHECKING:
    from kameleon.interop.openspiel.game import KameleonSpielGame

CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
BEFORE_THE_DEAL = "before the deal"


class Indices(tuple[int, ...]):
    """Action indices (the legal ones, the deal digits chosen): immutable, so a clone shares them rather than
    copying them one by one (OpenSpiel clones a Python state by deep-copying its attributes)."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Indices:
        return self


NONE = Indices()


class KameleonSpielState(pyspiel.State):
    """One position: before the deal (`inner` is None, `chosen` holds the deal's digits so far), then
    the kameleon `State` in `inner`.

    Public attributes: `setup` (the configuration), `inner`, `chosen`, `legal` (sorted indices of
    the legal actions, kept after every move), `truncated` (why the game was cut short: a legal
    action outside the action window; None if it was not), `info` (the information-state logs).
    """

    def __init__(self, game: KameleonSpielGame, setup: Setup | None = None) -> None:
        super().__init__(game)
        self.setup: Setup = setup or _setup_of(game)
        self.chosen: Indices = NONE
        self.inner: State[Any] | None = None
        self.legal: Indices = NONE
        self.truncated: str | None = None
        self.info: InfoStates | None = None
        if self.setup.deal is None:  # the one deal there is: no chance node
            self.inner = self.setup.start()
            self.info = InfoStates(World(self.setup, seed=0))
            # OpenSpiel makes a new state for every clone: the opening's legal actions are found once
            self.legal, self.truncated = self.setup.once("_opening", self._opening)

    # --- the game's course

    def current_player(self) -> int:
        inner = self.inner
        if inner is None:
            return CHANCE
        if inner.is_terminal or self.truncated is not None:
            return TERMINAL
        seat: int = inner.current_player  # type: ignore[assignment]
        return seat

    def is_chance_node(self) -> bool:
        return self.inner is None

    def is_terminal(self) -> bool:
        inner = self.inner
        return inner is not None and (inner.is_terminal or self.truncated is not None)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's `State::LegalActions(player)`: those of the player to move (the chance outcomes at a
        chance node, asked as the chance player or with no player), nothing for anyone else or once the game is
        over. A seat's actions at a chance node are none: OpenSpiel sizes the seat's mask by the game's distinct
        actions, which the deal's outcomes would overrun."""
        if player is not None and player != self.current_player():
            return []
        inner = self.inner
        if inner is None:
            return [digit for digit, _ in self.chance_outcomes()]
        if inner.is_terminal or self.truncated is not None:
            return []
        return list(self.legal)

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's `State::LegalActionsMask(player)`, one entry per distinct action (per chance outcome for
        the chance player). OpenSpiel's own, for games written in Python, gives a seat the deal's outcomes at a
        chance node and writes them past the end of the seat's mask, corrupting memory; this one never calls it."""
        asked = self.current_player() if player is None else player
        game = self.get_game()
        mask = [0] * (game.max_chance_outcomes() if asked == CHANCE else game.num_distinct_actions())
        for action in self.legal_actions(asked):
            mask[action] = 1
        return mask

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.inner is not None or self.setup.deal is None:
            return []
        return self.setup.deal.outcomes(self.chosen).copy()

    def _apply_action(self, action: int) -> None:
        setup = self.setup
        if self.inner is None:
            deal = setup.deal
            assert deal is not None
            if not deal.legal(self.chosen, action):
                if deal.digits == 1:
                    raise ValueError(f"deal {action} does not exist: the deals are 0 to {deal.deals - 1}")
                outcomes = deal.outcomes(self.chosen)
                raise ValueError(
                    f"deal digit {action} is not an outcome of chance node {len(self.chosen) + 1} of {deal.digits}"
                    f" (its outcomes are 0 to {len(outcomes) - 1})"
                )
            self.chosen = chosen = Indices((*self.chosen, int(action)))
            if len(chosen) == deal.digits:
                number = deal.number(chosen)
                self.inner = setup.game.new_state(number)
                # the state as dealt, for the information states (cheaper copied now than dealt again)
                self.info = InfoStates(World(setup, seed=number, start=self.inner.clone()))
                self.info.started(self.inner)
                self._refresh()
            return
        if self.is_terminal():
            raise ValueError(f"the game is over{' (' + self.truncated + ')' if self.truncated else ''}: no move")
        move = setup.encoding.to_action(int(action))
        info = self.info
        if info is not None and info.live:  # information states in use: kept up to date move by move
            seen_by = info.before(self.inner, move)
            self.inner.apply(move)  # raises IllegalAction with nothing changed
            if seen_by is not None:
                info.after(self.inner, int(action), seen_by)
        else:
            self.inner.apply(move)
        self._refresh()

    def apply_deal(self, number: int) -> None:
        """Play the chance outcomes that choose deal `number` (`deals` parameter), from the start."""
        deal = self.setup.deal
        if deal is None or self.inner is not None or self.chosen:
            raise ValueError("a deal is chosen at the start of a game with a chance node, and only there")
        for digit in deal.actions(number):
            self.apply_action(digit)

    def _opening(self) -> tuple[Indices, str | None]:
        self._refresh()
        return self.legal, self.truncated

    def _refresh(self) -> None:
        inner = self.inner
        assert inner is not None
        if inner.is_terminal:
            self.legal = NONE
            return
        inside, outside = self.setup.encoding.split_legal(inner)
        if outside:  # which ones is not said: they may place a tile only the mover has seen
            self.legal = NONE
            self.truncated = f"truncated: {len(outside)} legal action(s) lie outside the action window"
        else:
            self.legal = Indices(sorted(inside))  # not in place: the list may be the engine's own

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE or self.inner is None:
            deal = self.setup.deal
            if deal is None or deal.digits == 1:
                return f"deal {action}"
            return f"deal digit {len(self.chosen) + 1}/{deal.digits}: {action}"
        return self.inner.action_to_str(self.setup.encoding.to_action(int(action)))

    def returns(self) -> list[float]:
        if self.inner is None or self.truncated is not None:
            return [0.0] * self.setup.game.num_players
        return self.setup.encoding.returns(self.inner)

    def rewards(self) -> list[float]:
        """Terminal rewards: the returns at the end, zeros before."""
        if self.is_terminal():
            return self.returns()
        return [0.0] * self.setup.game.num_players

    # --- what is seen

    def _seat(self, player: int | None) -> int:
        if player is None:
            player = self.current_player()
        if not 0 <= player < self.setup.game.num_players:
            raise pyspiel.SpielError(f"player {player} is no seat (seats are 0 to {self.setup.game.num_players - 1})")
        return player

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The game's encoder for that seat (float32 values, as OpenSpiel's C++ path gives them)."""
        seat = self._seat(player)
        if self.inner is None:
            return [0.0] * self.setup.encoding.observation_size
        values = self.setup.encoding.observe(self.inner, seat)
        if isinstance(values, array) and values.typecode == "f":
            return values.tolist()
        return array("f", values).tolist()

    def observation_string(self, player: int | None = None) -> str:
        """The seat's view as JSON."""
        seat = self._seat(player)
        if self.inner is None:
            return BEFORE_THE_DEAL
        return json.dumps(self.inner.view(seat), sort_keys=True)

    def information_state_string(self, player: int | None = None) -> str:
        """Everything the seat observed, with perfect recall (infostate.py); built move by move."""
        seat = self._seat(player)
        if self.inner is None:
            return BEFORE_THE_DEAL
        assert self.info is not None
        return self.info.text(seat, self.inner)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """With the parameter `information_state_tensor`: everything the seat observed as one fixed-size tensor
        (infostate.py, `Rows`); refused otherwise."""
        seat = self._seat(player)
        if self.inner is None or self.setup.tensor is None:
            return self.information_state_array(seat).tolist()
        assert self.info is not None
        return self.info.tensor_values(seat, self.inner)

    def information_state_array(self, seat: int) -> np.ndarray[Any, Any]:
        """`information_state_tensor` as a float32 NumPy array (no list of Python floats built)."""
        shape = self.setup.tensor
        if shape is None:
            raise pyspiel.SpielError(NO_INFORMATION_STATE_TENSOR)
        if self.inner is None:
            return np.zeros(shape[0] * shape[1], np.float32)
        assert self.info is not None
        return self.info.tensor(seat, self.inner)

    def public_string(self) -> str:
        """Everything a spectator observed, with perfect recall (the public information state)."""
        if self.inner is None:
            return BEFORE_THE_DEAL
        assert self.info is not None
        return self.info.text(self.info.world.public, self.inner)

    def __str__(self) -> str:
        """The full state: the deal and every move in full notation (the sampled world's digest and the moves
        since, for a state from `resample_from_infostate`)."""
        if self.inner is None:
            return BEFORE_THE_DEAL + (f" (deal digits so far: {list(self.chosen)})" if self.chosen else "")
        assert self.info is not None
        text = self.info.text(self.info.world.true, self.inner)
        return f"{text} | {self.truncated}" if self.truncated else text

    # --- imperfect-information search

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> KameleonSpielState:
        """A state `player_id` cannot tell from this one: its hidden parts resampled by `State.determinize`,
        seeded from one draw of `probability_sampler` (any callable giving a float in [0, 1), such as
        `pyspiel.UniformProbabilitySampler(0., 1.)`). The seat keeps its information-state string; the new
        state's OpenSpiel `history()` is empty (the sampled world has no deal number, and the true history
        would name the true deal)."""
        seat = self._seat(player_id)
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        other = KameleonSpielState(self.get_game(), self.setup)
        if self.inner is None:  # nobody has seen anything: any deal digits will do
            assert self.setup.deal is not None
            for digit in self.setup.deal.sample((), rng)[: len(self.chosen)]:
                other.apply_action(digit)
            return other
        assert self.info is not None
        world = self.inner.determinize(seat, rng)
        other.inner = world
        other.info = self.info.sampled(seat, self.inner, world)
        other.truncated = None
        other._refresh()
        return other


NO_INFORMATION_STATE_TENSOR = (
    "no information-state tensor: no fixed-size tensor holds a seat's whole history unless the game is loaded "
    "with information_state_tensor=True (where it fits); use information_state_string (perfect recall) or "
    "observation_tensor (what the seat sees now)"
)


def _setup_of(game: pyspiel.Game) -> Setup:
    found: Setup | None = getattr(game, "setup", None)
    return found if found is not None else setup_of(*key_of(game))


def resampler(seed: int) -> Callable[[KameleonSpielState, int], KameleonSpielState]:
    """A reproducible resampler for OpenSpiel's Python `ISMCTSBot` (`bot.set_resampler(resampler(0))`): by
    default the bot seeds each resample from the clock."""
    rng = random.Random(seed)
    return lambda state, player: state.resample_from_infostate(player, rng.random)
