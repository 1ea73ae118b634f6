"""OpenSkill (Plackett-Luce) ratings per game, multiplayer aware, shown on a 1500-based Elo-like scale.

A finished table ranks its seats by the places of its result (`results.py`): the
winners first (sharing place 1), then the others by score. Each seat is a one-player
team. A player is `user:<id>` or `bot:<level>`; when one bot level fills several seats
of a table its updates are averaged so it is not counted twice.

A person who left mid-game or was expelled once out of time forfeits: whatever the bot that
finished for them did, they rank last and win nothing, so leaving a game to a
bot is never a way to gain rating. Only tables with a person at them are rated:
games among bots alone would let anyone move the bots' ratings at will. Bots keep
a rating (it calibrates the people who play them) but never appear on a leaderboard.

The displayed rating: `1500 + 30 * (mu - 25)`, rounded. OpenSkill starts everyone at
mu = 25, so everyone starts at 1500. The factor makes a difference read as Elo does:
Plackett-Luce gives two settled players (sigma small) a win probability of
`1 / (1 + exp(-(mu_a - mu_b) / c))` with `c = sqrt(2) * beta` (beta = 25/6), about 5.9,
and Elo `1 / (1 + 10 ** (-d / 400))`; equal odds need `d = (400 / ln 10) / c` = about 30
points per unit of mu, so 200 displayed points are about 3:1 odds and 400 about 10:1, as
on Board Game Arena or in chess. The first `PROVISIONAL_GAMES` games of a player are
"provisional": sigma is still large, so those games move the rating most.
"""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.orm import Session

from kameleon.server.models import Rating

_model = PlackettLuce()
BASE = 1500
POINTS_PER_MU = 30
PROVISIONAL_GAMES = 5
"""A player's rating is provisional until they have finished this many rated games of the game."""


def displayed(mu: float) -> int:
    """The rating people see, on the 1500-based scale (see the module docstring)."""
    return round(BASE + POINTS_PER_MU * (mu - _model.mu))


def player_key(seat: dict[str, Any]) -> str | None:
    """Who is rated for a seat: its person, even when a bot took the seat over (then as a forfeit)."""
    if seat.get("user_id") is not None:
        return f"user:{seat['user_id']}"
    if seat.get("bot"):
        return f"bot:{seat['bot']}"
    return None


def record_result(
    db: Session, game: str, seats: list[dict[str, Any]], result: dict[str, Any]
) -> list[dict[str, Any] | None] | None:
    """Update the ratings of every seat of a finished game (inside the caller's transaction) from its
    `result` (`results.outcome`: places and winners, forfeits last). Returns each seat's rating change as
    `{"before", "after", "change", "provisional"}` on the displayed scale (None for a bot's seat: its
    rating is not shown), or None when the table is not rated."""
    keys = [player_key(seat) for seat in seats]
    if any(key is None for key in keys) or len(keys) < 2 or not any(s.get("user_id") is not None for s in seats):
        return None
    stored: dict[str, Rating] = {}
    before: dict[str, float] = {}
    for key, seat in zip(keys, seats, strict=True):
        assert key is not None
        if key in stored:
            continue
        row = db.get(Rating, (game, key))
        if row is None:
            fresh = _model.rating()
            row = Rating(game=game, player=key, name=_name(seat), mu=fresh.mu, sigma=fresh.sigma, games=0, wins=0)
            db.add(row)
        stored[key] = row
        before[key] = row.mu
    teams = [[_model.rating(mu=stored[k].mu, sigma=stored[k].sigma)] for k in keys if k]
    placed = list(result["places"])
    winners = set(result["winners"])
    updated = _model.rate(teams, ranks=placed)
    sums: dict[str, list[float]] = {}
    for seat_index, (key, team) in enumerate(zip(keys, updated, strict=True)):
        assert key is not None
        acc = sums.setdefault(key, [0.0, 0.0, 0.0, 0.0])
        acc[0] += team[0].mu
        acc[1] += team[0].sigma
        acc[2] += 1
        acc[3] += 1 if seat_index in winners else 0
    for key, (mu, sigma, count, won) in sums.items():
        row = stored[key]
        row.mu, row.sigma = mu / count, sigma / count
        row.games = (row.games or 0) + 1
        row.wins = (row.wins or 0) + (1 if won else 0)
        row.name = _name(seats[keys.index(key)])
    changes: list[dict[str, Any] | None] = []
    for key in keys:
        assert key is not None
        if not key.startswith("user:"):
            changes.append(None)
            continue
        row = stored[key]
        old, new = displayed(before[key]), displayed(row.mu)
        changes.append({"before": old, "after": new, "change": new - old, "provisional": _provisional(row)})
    return changes


def _provisional(row: Rating) -> bool:
    return (row.games or 0) < PROVISIONAL_GAMES


def _name(seat: dict[str, Any]) -> str:
    if seat.get("user_id") is not None:
        return str(seat.get("name") or "?").removesuffix(" (bot)")[:40]
    return f"bot ({seat['bot']})"


def leaderboard(db: Session, game: str, limit: int = 50) -> list[dict[str, Any]]:
    """The `limit` best people of `game` by displayed rating, sorted by the database (however many players it
    holds); bots are never listed."""
    people = Rating.player.like("user:%")
    rows = db.scalars(
        select(Rating).where(Rating.game == game, people).order_by(Rating.mu.desc(), Rating.player).limit(limit)
    ).all()
    return [entry(r) for r in rows]


def entry(r: Rating) -> dict[str, Any]:
    """One player's rating in one game, as the leaderboard and the profile show it: `rating` on the displayed
    scale, `provisional` for the first games, and OpenSkill's own mu and sigma."""
    return {
        "game": r.game,
        "player": r.player,
        "name": r.name,
        "mu": round(r.mu, 2),
        "sigma": round(r.sigma, 2),
        "rating": displayed(r.mu),
        "provisional": _provisional(r),
        "games": r.games,
        "wins": r.wins,
    }
