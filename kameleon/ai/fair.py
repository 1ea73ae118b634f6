"""Fair play: what a bot may read of the position it has to move in.

`FairView(state, seat)` stands in for the real state when a bot is asked for
a move. It exposes only the public State API as the seat may use it — the
seat's `view`, the legal moves, `determinize` *for that seat*, the turn, the
game and its notation — and raises `FairPlayError` on anything else: a hidden
field, `clone` (a copy of the true position), `apply` (the bot must not move
for itself), another seat's view or determinization, or the scores before the
end. Tournaments pass bots a `FairView`, so an unfair bot fails loudly instead
of winning quietly.

>>> import kameleon
>>> state = kameleon.load("coloretto", players=2).new_state(seed=1)
>>> fair = FairView(state)
>>> fair.legal_actions() == state.legal_actions()
True
>>> fair.held  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kameleon.ai.fair.FairPlayError: a bot read 'held' of the real state; seat ... may use only view, ...
"""

from __future__ import annotations

import random
from typing import Any, cast

from kameleon.engine.errors import KameleonError
from kameleon.engine.game import Game, State

PUBLIC = (
    "view", "legal_actions", "determinize", "current_player", "is_terminal", "game", "num_players",
    "action_to_str", "parse_action", "scores (at the end)", "winners (at the end)", "returns (at the end)",
)  # fmt: skip


class FairPlayError(KameleonError):
    """A bot touched information or powers it does not have at the table."""


class FairView:
    """The real state as seat `seat` may see it (default: the seat to move)."""

    __slots__ = ("_seat", "_state")

    def __init__(self, state: State[Any], seat: int | None = None) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_seat", state.current_player if seat is None else seat)

    # --- public facts -----------------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        game: Game[Any] = self._state.game
        return game

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def current_player(self) -> int | None:
        return self._state.current_player

    @property
    def is_terminal(self) -> bool:
        return self._state.is_terminal

    @property
    def seat(self) -> int | None:
        """The seat this view belongs to."""
        return self._seat

    def legal_actions(self) -> list[Any]:
        if self._state.current_player != self._seat:
            raise FairPlayError(f"seat {self._seat} asked for the moves of seat {self._state.current_player}")
        return self._state.legal_actions()

    def view(self, player: int | None) -> dict[str, Any]:
        if player is not None and player != self._seat:
            raise FairPlayError(f"seat {self._seat} asked for the view of seat {player}")
        return self._state.view(player)

    def determinize(self, player: int, rng: random.Random) -> State[Any]:
        if player != self._seat:
            raise FairPlayError(f"seat {self._seat} asked for a determinization from seat {player}'s information")
        return self._state.determinize(player, rng)

    def action_to_str(self, action: Any) -> str:
        return self._state.action_to_str(action)

    def parse_action(self, text: str) -> Any:
        return self._state.parse_action(text)

    def scores(self) -> list[int]:
        self._require_end("scores")
        return self._state.scores()

    def winners(self) -> list[int]:
        self._require_end("winners")
        return self._state.winners()

    def returns(self) -> list[float]:
        self._require_end("returns")
        return self._state.returns()

    # --- everything else is refused ---------------------------------------------

    def _require_end(self, what: str) -> None:
        if not self._state.is_terminal:
            raise FairPlayError(f"a bot read {what}() before the end; during the game only the view is public")

    def clone(self) -> State[Any]:
        raise FairPlayError("a bot asked for clone() of the real state; use determinize(seat, rng) instead")

    def apply(self, action: Any) -> None:
        raise FairPlayError("a bot tried to apply a move to the real state; return it from act() instead")

    def __getattr__(self, name: str) -> Any:
        raise FairPlayError(
            f"a bot read {name!r} of the real state; seat {self._seat} may use only {', '.join(PUBLIC)}"
        )

    def __setattr__(self, name: str, value: Any) -> None:
        raise FairPlayError(f"a bot tried to set {name!r} on the real state")

    def __repr__(self) -> str:
        return f"<FairView seat {self._seat} of {self._state!r}>"


def fair_state(state: State[Any], seat: int | None = None) -> State[Any]:
    """`FairView(state, seat)` typed as what a bot's `act` takes: it answers the public State API."""
    return cast(State[Any], FairView(state, seat))
