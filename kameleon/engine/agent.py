"""The agent interface shared by bots, the terminal, the server and tournaments."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from kameleon.engine.game import State


@runtime_checkable
class Agent(Protocol):
    """Chooses actions for a seat.

    `act` is called with the real state when it is the agent's turn. A fair
    agent reads only `state.view(seat)`, `state.legal_actions()` and
    `state.determinize(seat, rng)` and its clones; it must not mutate `state`.
    """

    name: str

    def act(self, state: State[Any]) -> Any:
        """The action to play for `state.current_player`."""
        ...
