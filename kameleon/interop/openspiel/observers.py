"""OpenSpiel observers (`make_py_observer`): one seat's, and the public one.

A seat's observer writes the game's encoder as tensor and the seat's view as JSON; with perfect
recall its string is the information-state string (infostate.py), and its tensor the
information-state tensor when the game was loaded with `information_state_tensor=True`. The public
observer (public information only) is the spectator's: its string is the spectator's view, or with
perfect recall everything a spectator observed; it has no tensor, since the encoders encode what a
seat sees. An observer of every seat's private information is refused where a game has private
information (it would be the full state: `str(state)` identifies that).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from kameleon.interop.openspiel.state import BEFORE_THE_DEAL, NO_INFORMATION_STATE_TENSOR

if TYPE_CHECKING:
    from kameleon.interop.openspiel.params import Setup
    from kameleon.interop.openspiel.state import KameleonSpielState


class SeatObserver:
    """What one seat sees: public information and its own private information, now or as a whole history."""

    def __init__(self, setup: Setup, perfect_recall: bool) -> None:
        self.setup = setup
        self.perfect_recall = perfect_recall
        if not perfect_recall:
            size = setup.encoding.observation_size
        else:  # without the parameter, an empty tensor, and set_from says why there is none
            size = setup.tensor[0] * setup.tensor[1] if setup.tensor is not None else 0
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"information_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: KameleonSpielState, player: int) -> None:
        if self.perfect_recall:
            if self.setup.tensor is None:
                raise ValueError(NO_INFORMATION_STATE_TENSOR)
            self.tensor[:] = state.information_state_array(player)
            return
        if state.inner is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = np.asarray(self.setup.encoding.observe(state.inner, player), dtype=np.float32)

    def string_from(self, state: KameleonSpielState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


class PublicObserver:
    """What everybody sees: the spectator's view (`State.view(None)`), now or as a whole history."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: KameleonSpielState, player: int) -> None:
        """Nothing to fill: a public observer offers its string only (`tensor` is None)."""

    def string_from(self, state: KameleonSpielState, player: int) -> str:
        if self.perfect_recall:
            return state.public_string()
        if state.inner is None:
            return BEFORE_THE_DEAL
        return json.dumps(state.inner.view(None), sort_keys=True)


def observer(setup: Setup, kind: Any, params: Any) -> SeatObserver | PublicObserver:
    """The observer for an `IIGObservationType` (None: one seat's, as OpenSpiel's default observer)."""
    if params:
        raise ValueError(f"kameleon observers take no parameters, not {dict(params)}")
    if kind is None:
        return SeatObserver(setup, perfect_recall=False)
    if not kind.public_info:
        raise ValueError("kameleon observers always include the public information (public_info=True)")
    private = kind.private_info
    if private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
        return SeatObserver(setup, bool(kind.perfect_recall))
    if private == pyspiel.PrivateInfoType.NONE or setup.perfect_information:
        return PublicObserver(bool(kind.perfect_recall))  # with perfect information, nothing is private
    raise ValueError(
        f"kameleon games observe for one seat (private_info=SINGLE_PLAYER) or publicly (NONE), not "
        f"private_info={private.name}: every seat's private information is the full state (str(state))"
    )
