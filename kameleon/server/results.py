"""A finished table's result, computed in one place: when the last move is stored, when a record is
imported, and when a table finished before results carried places is loaded again.

`{"scores", "winners", "places", "breakdown", "reason", "forfeits"}` (and "ratings", added by
`ratings.record_result` for rated tables). A seat whose person left or ran out of time (a bot finished
for them) forfeits: whatever that bot did, the seat is placed last and wins nothing, so the result line,
the leaderboard and the profile all read the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kameleon.server.catalogue import json_safe

KEYS = ("scores", "winners", "places", "breakdown", "reason", "forfeits")


def forfeited(seat: dict[str, Any]) -> bool:
    """A person's seat that a bot took over: they left, or were expelled once out of time."""
    return seat.get("user_id") is not None and bool(seat.get("bot"))


def places(scores: Sequence[float], winners: Sequence[int], forfeits: Sequence[int]) -> list[int]:
    """Each seat's place (1 = first): the game's winners first, then the others by descending score,
    equal scores sharing a place; every forfeit shares the last place, after all the others."""
    playing = [seat for seat in range(len(scores)) if seat not in forfeits]
    first = [seat for seat in winners if seat in playing]
    if not first and playing and winners:
        # The game's winner forfeited: the best of those who stayed come first.
        top = max(scores[seat] for seat in playing)
        first = [seat for seat in playing if scores[seat] == top]
    others = sorted({scores[seat] for seat in playing if seat not in first}, reverse=True)
    placed = {seat: 1 if seat in first else 2 + others.index(scores[seat]) for seat in playing}
    last = max(placed.values(), default=0) + 1
    return [placed.get(seat, last) for seat in range(len(scores))]


def outcome(state: Any, seats: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The result of the finished `state` played at `seats` (the table's seat dicts, as `table_meta` gives)."""
    forfeits = [index for index, seat in enumerate(seats) if forfeited(seat)]
    scores = state.scores()
    placed = places(scores, state.winners(), forfeits)
    return {
        "scores": scores,
        "winners": [seat for seat, place in enumerate(placed) if place == 1 and seat not in forfeits],
        "places": placed,
        "breakdown": json_safe(state.score_breakdown()),
        "reason": state.end_reason(),
        "forfeits": forfeits,
    }


def complete(result: dict[str, Any] | None, state: Any, seats: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """A stored result with the parts it lacks (a table finished before results carried them), or None
    when it lacks nothing (or there is no result)."""
    if result is None or not state.is_terminal or all(key in result for key in KEYS):
        return None
    return {**outcome(state, seats), **{k: v for k, v in result.items() if k not in ("winners",)}}
