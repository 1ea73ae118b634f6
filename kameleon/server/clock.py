"""Time control, rebuilt from the stored move times: real time (initial + increment), or a deadline per move.

Nothing but the moves is persisted. Real time: a seat's time left is its
initial time, plus an increment per move it made, minus the time it spent on
those moves (from the previous move's timestamp to its own), minus the running
turn. Turn-based (`per_move`): the seat to move has `per_move` seconds from the
previous move (or the start). So a restarted server, or any of several
processes, knows every clock and every deadline exactly.

A seat whose time is up is "out of time" (Board Game Arena's rule): it may still
move until another person expels it (`autopilot.py`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from kameleon.engine.messages import Message, msg

MAX_SECONDS = 30 * 86400.0
"""Up to 30 days a player: a table can also wait days between moves."""

PROFILES: dict[str, dict[str, float]] = {
    "fast": {"initial": 180.0, "increment": 5.0},
    "normal": {"initial": 600.0, "increment": 15.0},
    "slow": {"initial": 1200.0, "increment": 30.0},
    "12h": {"per_move": 12 * 3600.0},
    "1d": {"per_move": 86400.0},
    "3d": {"per_move": 3 * 86400.0},
    "7d": {"per_move": 7 * 86400.0},
}
"""The time profiles offered by name (the new-table form lists them; `GET /api/games` serves them)."""
DEFAULT_PROFILE = "normal"
"""A table created without `"time"` gets this real-time profile; `"time": null` asks for no limit."""


def timestamp(when: datetime) -> float:
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()


@dataclass(frozen=True)
class TimeControl:
    """Real time (`initial` + `increment`) or turn-based (`per_move`), as stored on a table."""

    initial: float | None = None
    increment: float | None = None
    per_move: float | None = None

    def public(self) -> dict[str, float]:
        if self.per_move is not None:
            return {"per_move": self.per_move}
        return {"initial": self.initial or 0.0, "increment": self.increment or 0.0}


def stored_time(initial: float | None, increment: float | None, per_move: float | None) -> TimeControl | None:
    """A table's time control from its columns (None: no limit)."""
    if per_move is not None:
        return TimeControl(per_move=per_move)
    if initial is not None:
        return TimeControl(initial=initial, increment=increment or 0.0)
    return None


class BadTimeControl(ValueError):
    """A `"time"` value that is no time control; `message` says why (str() is the English text)."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


def check_time_control(value: Any) -> TimeControl | None:
    """`{"initial": s, "increment": s}`, `{"per_move": s}` or None (no limit); raises BadTimeControl naming the
    problem."""
    if value is None:
        return None
    if isinstance(value, dict) and set(value) == {"per_move"}:
        per_move = value["per_move"]
        if isinstance(per_move, bool) or not isinstance(per_move, int | float):
            raise BadTimeControl(msg("time_not_seconds", "time {name!r} must be a number of seconds", name="per_move"))
        if not 1 <= per_move <= MAX_SECONDS:
            raise BadTimeControl(
                msg("time_per_move_range", "time 'per_move' must be 1 to {most} seconds", most=int(MAX_SECONDS))
            )
        return TimeControl(per_move=float(per_move))
    if not isinstance(value, dict) or set(value) - {"initial", "increment"} or "initial" not in value:
        raise BadTimeControl(
            msg(
                "time_not_object",
                '\'time\' must be an object {{"initial": seconds, "increment": seconds}} or '
                '{{"per_move": seconds}}, or null for no limit',
            )
        )
    initial, increment = value["initial"], value.get("increment", 0)
    for name, number in (("initial", initial), ("increment", increment)):
        if isinstance(number, bool) or not isinstance(number, int | float):
            raise BadTimeControl(msg("time_not_seconds", "time {name!r} must be a number of seconds", name=name))
    if not 1 <= initial <= MAX_SECONDS or not 0 <= increment <= MAX_SECONDS:
        raise BadTimeControl(
            msg(
                "time_range",
                "time 'initial' must be 1 to {most} seconds and 'increment' 0 to that",
                most=int(MAX_SECONDS),
            )
        )
    return TimeControl(initial=float(initial), increment=float(increment))


@dataclass
class Clock:
    initial: float
    increment: float
    remaining: list[float]
    turn_started: float
    per_move: float | None = None
    """Turn-based: every turn has this many seconds (then `remaining` is not used up from turn to turn)."""

    @classmethod
    def rebuild(
        cls,
        initial: float,
        increment: float,
        players: int,
        started: datetime,
        moves: Iterable[tuple[int, datetime]],
        per_move: float | None = None,
    ) -> Clock:
        if per_move is not None:
            last = timestamp(started)
            for _, when in moves:
                last = timestamp(when)
            return cls(0.0, 0.0, [per_move] * players, last, per_move)
        remaining = [initial] * players
        previous = timestamp(started)
        for seat, when in moves:
            moment = timestamp(when)
            if 0 <= seat < players:
                remaining[seat] += increment - (moment - previous)
            previous = moment
        return cls(initial, increment, remaining, previous)

    def charge(self, seat: int, now: float) -> None:
        """`seat` just moved at `now`: it pays for its thinking time and earns the increment (turn-based: the
        next seat's deadline starts)."""
        if self.per_move is None:
            self.remaining[seat] += self.increment - (now - self.turn_started)
        self.turn_started = now

    def left(self, seat: int, running: int | None, now: float) -> float:
        spent = now - self.turn_started if seat == running else 0.0
        if self.per_move is not None:
            return self.per_move - spent
        return self.remaining[seat] - spent

    def out_of_time(self, people: Iterable[int], running: int | None, now: float) -> list[int]:
        """The seats among `people` whose time is up (real time: also those who moved after theirs ran out)."""
        return [seat for seat in people if self.left(seat, running, now) <= 0]

    def public(self, running: int | None, now: float, people: Iterable[int] | None = None) -> dict[str, Any]:
        """The clocks as sent to every client: `remaining` per seat (None for the seats that no person holds:
        a bot's seat shows no clock), `deadline` (epoch seconds) of the seat to move, `out_of_time` seats."""
        seats = range(len(self.remaining))
        held = set(seats if people is None else people)
        left = [round(self.left(seat, running, now), 3) if seat in held else None for seat in seats]
        deadline = None
        if running is not None and running in held:
            deadline = round(now + self.left(running, running, now), 3)
        return {
            "initial": self.initial,
            "increment": self.increment,
            "per_move": self.per_move,
            "remaining": left,
            "running": running,
            "deadline": deadline,
            "out_of_time": self.out_of_time(sorted(held), running, now),
        }
