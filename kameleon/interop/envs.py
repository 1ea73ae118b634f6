"""What the PettingZoo and Gymnasium environments share: the encoding as NumPy arrays and
spaces, and how they check seeds, actions and reset options.

An environment's arrays take two choices, made when it is built:

* `observation="flat"` (default): the encoding as one float32 vector, `"observation"`;
  `observation="planes"`: its board part as a float32 (C, H, W) array, `"planes"`, and
  the rest as a float32 vector, `"features"` (games whose encoding declares
  `Observation.planes`: Chromino and Le Caméléon).
* `mask="dense"` (default): the legal actions as `"action_mask"`, an int8 0/1 array over
  the whole action space; `mask="indices"`: as `"legal_actions"`, the legal indices in
  ascending order in an int64 array of `list_size` slots, padded with -1. `list_size` is
  the encoding's `max_legal` (Chromino: 512 slots instead of 832,322 mask entries), or the
  action space's size; a state with more legal actions than slots cannot be listed, and the
  environments then end the episode as truncated, as for an action outside the window.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from kameleon.engine.errors import KameleonError, quoted
from kameleon.engine.game import Game
from kameleon.engine.seeding import MAX_SEED, whole_number
from kameleon.interop.spaces import Encoding

ILLEGAL_REWARD = -1.0
"""The reward of an agent whose action is illegal (the episode ends; the other seats get 0)."""
OBSERVATIONS = ("flat", "planes")
MASKS = ("dense", "indices")


class Arrays:
    """Observation and legal-action arrays of one encoding, in the chosen forms."""

    def __init__(self, encoding: Encoding, observation: str = "flat", mask: str = "dense") -> None:
        name = encoding.game.name
        if observation not in OBSERVATIONS:
            raise KameleonError(f"observation must be one of {', '.join(OBSERVATIONS)}, not {observation!r}")
        if mask not in MASKS:
            raise KameleonError(f"mask must be one of {', '.join(MASKS)}, not {mask!r}")
        self.encoding = encoding
        self.observation = observation
        self.mask = mask
        size, low, high = encoding.observation_size, encoding.low, encoding.high
        self.num_actions = encoding.num_actions
        cap = encoding.observation.max_legal
        self.list_size = self.num_actions if cap is None else min(cap, self.num_actions)
        self._plane_count = 0
        self._gather: np.ndarray | None = None
        self._rest: np.ndarray | None = None
        if observation == "planes":
            planes = encoding.observation.planes
            if planes is None:
                raise KameleonError(f"the game {name!r} has no planes in its encoding; use observation='flat'")
            self.planes_shape = planes.shape
            self._plane_count = count = int(np.prod(planes.shape))
            if planes.index is None and count > size:
                raise KameleonError(f"the planes of {name!r} ({count} entries) are larger than its encoding ({size})")
            if planes.index is not None:
                self._gather = np.asarray(planes.index, dtype=np.intp)
                if (
                    len(self._gather) != count
                    or len(np.unique(self._gather)) != count
                    or not (count == 0 or 0 <= self._gather.min() <= self._gather.max() < size)
                ):
                    raise KameleonError(
                        f"the planes of {name!r} are malformed: their index must name {count} distinct entries of "
                        f"the {size} of the encoding"
                    )
                self._rest = np.setdiff1d(np.arange(size), self._gather)
                rest = len(self._rest)
            else:
                rest = size - count
            self.spaces: dict[str, spaces.Space[Any]] = {
                "planes": spaces.Box(low, high, planes.shape, np.float32),
                "features": spaces.Box(low, high, (rest,), np.float32),
            }
        else:
            self.spaces = {"observation": spaces.Box(low, high, (size,), np.float32)}
        self.legal_space: spaces.Space[Any]
        if mask == "dense":
            self.legal_key = "action_mask"
            self.legal_space = spaces.Box(0, 1, (self.num_actions,), np.int8)
        else:
            self.legal_key = "legal_actions"
            self.legal_space = spaces.Box(-1, self.num_actions - 1, (self.list_size,), np.int64)

    def observe(self, values: Sequence[float]) -> dict[str, np.ndarray]:
        """The encoder's output in the chosen form (fresh arrays: callers may keep them)."""
        flat = np.asarray(values, dtype=np.float32)  # no copy of an array('f'): it is fresh from the encoder
        if not self._plane_count:
            return {"observation": flat}
        if self._gather is None:
            count = self._plane_count
            return {"planes": flat[:count].reshape(self.planes_shape), "features": flat[count:]}
        assert self._rest is not None
        return {"planes": flat[self._gather].reshape(self.planes_shape), "features": flat[self._rest]}

    def legal(self, indices: Sequence[int] | None) -> np.ndarray:
        """The legal indices (None or empty: no move to make) in the chosen form.

        The caller checks `fits` first: more indices than slots cannot be listed.
        """
        if self.mask == "dense":
            dense = np.zeros(self.num_actions, dtype=np.int8)
            if indices:
                dense[indices] = 1
            return dense
        listed = np.full(self.list_size, -1, dtype=np.int64)
        if indices:
            listed[: len(indices)] = sorted(indices)
        return listed

    def fits(self, indices: Sequence[int]) -> bool:
        """Whether the legal indices can be given in this form (always, for a dense mask)."""
        return self.mask == "dense" or len(indices) <= self.list_size

    def overflow_reason(self) -> str:
        """Why an episode is truncated when the legal actions do not fit; every seat may read it, so it does
        not say how many there are (that may tell what a hidden hand holds)."""
        return (
            f"the legal actions of the seat to move do not fit the {self.list_size} slots of the legal-action "
            "list; the episode is truncated rather than hide some"
        )


def check_seed(seed: Any) -> int:
    """`seed` as an int from 0 to MAX_SEED (Python and NumPy integers), or an error naming it and the range."""
    allowed = f"a seed is an integer from 0 to {MAX_SEED}, or None for the next seed"
    value = whole_number(seed)
    if value is None:
        raise TypeError(f"{allowed}, not {quoted(seed)} ({type(seed).__name__})")
    if not 0 <= value <= MAX_SEED:
        raise ValueError(f"{allowed}, not {value}")
    return value


def check_action(action: Any, num_actions: int, mover: str) -> int:
    """`action` as an index into the action space, or an error naming what was given."""
    last = num_actions - 1
    if action is None:
        raise ValueError(
            f"action None is only for an agent whose episode has ended; {mover} is to play an "
            f"integer index into the action space 0..{last}"
        )
    index = whole_number(action)
    if index is None:
        raise TypeError(
            f"an action is an integer index into the action space 0..{last}, not {quoted(action)} "
            f"({type(action).__name__})"
        )
    if not 0 <= index <= last:
        raise ValueError(f"action {index} is outside the action space 0..{last}")
    return index


def check_reset_options(options: Any, game: Game[Any], maker: str) -> None:
    """Refuse game options at reset; warn about any other key (PettingZoo's api_test passes one).

    `maker` names the call that takes game options (`env`, `single_agent`) in the messages.
    """
    if options is None:
        return
    if not isinstance(options, dict):
        raise TypeError(f"reset options must be a dict or None, not {quoted(options)}")
    if not options:
        return
    game_options = sorted(set(options) & {spec.name for spec in game.option_specs})
    if game_options:
        shown = ", ".join(map(str, game_options))
        raise ValueError(
            f"reset(options=...) cannot change the game option(s) {shown}: game options are given when the "
            f"environment is made, {maker}({game.name!r}, {game_options[0]}=...)"
        )
    shown = ", ".join(map(repr, options))
    warnings.warn(
        f"reset ignores options {shown}: no kameleon environment takes reset options "
        f"(game options are given when the environment is made, {maker}({game.name!r}, ...))",
        stacklevel=3,
    )


def no_render_mode() -> None:
    """What `render()` does without a render_mode, as Gymnasium's and PettingZoo's environments do: say so,
    draw nothing."""
    warnings.warn("render() needs a render_mode: make the environment with render_mode='ansi' or 'human'", stacklevel=3)
