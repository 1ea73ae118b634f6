"""The agent interface shared by bots, the terminal, the server and tournaments."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from kameleon.engine.errors import KameleonError
from kameleon.engine.game import State


class GameOver(KameleonError, ValueError):
    """An agent was asked for a move in a game that is over."""


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


def seat_to_move(state: State[Any]) -> int:
    """The seat an agent's `act` chooses for; GameOver when the game is over and there is nothing to choose."""
    seat = state.current_player
    if seat is None or state.is_terminal:
        raise GameOver("the game is over: there is no move to choose")
    return seat
