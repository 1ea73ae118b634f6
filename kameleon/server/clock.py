"""Optional time control (initial time + increment per move), rebuilt from the stored move times.

Nothing but the moves is persisted: a seat's time left is its initial time,
plus an increment per move it made, minus the time it spent on those moves
(from the previous move's timestamp to its own), minus the running turn. So a
restarted server knows every clock exactly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from kameleon.engine.messages import msg
from kameleon.engine.options import BadValue

MAX_SECONDS = 30 * 86400.0
"""Up to 30 days a player: a table can also wait days between moves."""


def timestamp(when: datetime) -> float:
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()


def check_time_control(value: Any) -> tuple[float, float] | None:
    """`{"initial": seconds, "increment": seconds}` or None; raises BadValue (a ValueError) naming the problem."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) - {"initial", "increment"} or "initial" not in value:
        raise BadValue(
            msg("time_not_object", '\'time\' must be an object {{"initial": seconds, "increment": seconds}}')
        )
    initial, increment = value["initial"], value.get("increment", 0)
    for name, number in (("initial", initial), ("increment", increment)):
        if isinstance(number, bool) or not isinstance(number, int | float):
            raise BadValue(msg("time_not_number", "time '{name}' must be a number of seconds", name=name))
    if not 1 <= initial <= MAX_SECONDS or not 0 <= increment <= MAX_SECONDS:
        raise BadValue(
            msg(
                "time_out_of_range",
                "time 'initial' must be 1 to {most:.0f} seconds and 'increment' 0 to that",
                most=MAX_SECONDS,
            )
        )
    return float(initial), float(increment)


@dataclass
class Clock:
    initial: float
    increment: float
    remaining: list[float]
    turn_started: float

    @classmethod
    def rebuild(
        cls, initial: float, increment: float, players: int, started: datetime, moves: Iterable[tuple[int, datetime]]
    ) -> Clock:
        remaining = [initial] * players
        previous = timestamp(started)
        for seat, when in moves:
            moment = timestamp(when)
            if 0 <= seat < players:
                remaining[seat] += increment - (moment - previous)
            previous = moment
        return cls(initial, increment, remaining, previous)

    def charge(self, seat: int, now: float) -> None:
        """`seat` just moved at `now`: it pays for its thinking time and earns the increment."""
        self.remaining[seat] += self.increment - (now - self.turn_started)
        self.turn_started = now

    def left(self, seat: int, running: int | None, now: float) -> float:
        spent = now - self.turn_started if seat == running else 0.0
        return self.remaining[seat] - spent

    def public(self, running: int | None, now: float) -> dict[str, Any]:
        return {
            "initial": self.initial,
            "increment": self.increment,
            "remaining": [round(self.left(seat, running, now), 3) for seat in range(len(self.remaining))],
            "running": running,
        }
