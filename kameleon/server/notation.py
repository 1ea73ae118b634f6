"""The move log each seat may see: a game's notation can name hidden things (a card played face down).

`State.token_seen_by(action, seat)` says how a seat (None: a spectator) sees a move;
games whose notation hides nothing keep the default, the token itself. Once a game
is over its record (true tokens) is public anyway.
"""

from __future__ import annotations

from typing import Any

from kameleon.engine.game import State


def token_seen_by(state: State[Any], action: Any, seat: int | None) -> str:
    """`action`, about to be played in `state`, as `seat` sees it."""
    return state.token_seen_by(action, seat)


def has_hidden_moves(state: State[Any]) -> bool:
    """Whether some seat may see a move differently from the true token."""
    return type(state).token_seen_by is not State.token_seen_by


def seat_logs(initial: State[Any], actions: list[Any]) -> dict[int | None, list[str]]:
    """Every seat's and the spectator's log of `actions` played from `initial` (which is not modified)."""
    state = initial.clone()
    seats: list[int | None] = [*range(state.num_players), None]
    logs: dict[int | None, list[str]] = {seat: [] for seat in seats}
    for action in actions:
        for seat in seats:
            logs[seat].append(state.token_seen_by(action, seat))
        state.apply(action)
    return logs
