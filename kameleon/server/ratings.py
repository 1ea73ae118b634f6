"""OpenSkill (Plackett-Luce) ratings per game, multiplayer aware; bots are rated like people.

A finished table ranks its seats: the winners first (sharing rank 1), then the
others by score. Each seat is a one-player team. A player is `user:<id>` or
`bot:<level>`; when one bot level fills several seats of a table its updates
are averaged so it is not counted twice.

A person who left mid-game or was expelled once out of time forfeits: whatever the bot that
finished for them did, they rank last and win nothing, so leaving a game to a
bot is never a way to gain rating. Only tables with a person at them are rated:
games among bots alone would let anyone move the bots' ratings at will.
"""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.orm import Session

from kameleon.engine.match import conservative_rating, ranks
from kameleon.server.models import Rating

_model = PlackettLuce()


def player_key(seat: dict[str, Any]) -> str | None:
    """Who is rated for a seat: its person, even when a bot took the seat over (then as a forfeit)."""
    if seat.get("user_id") is not None:
        return f"user:{seat['user_id']}"
    if seat.get("bot"):
        return f"bot:{seat['bot']}"
    return None


def record_result(db: Session, game: str, seats: list[dict[str, Any]], state: Any) -> None:
    """Update the ratings of every seat of a finished game (inside the caller's transaction)."""
    keys = [player_key(seat) for seat in seats]
    if any(key is None for key in keys) or len(keys) < 2 or not any(s.get("user_id") is not None for s in seats):
        return
    stored: dict[str, Rating] = {}
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
    teams = [[_model.rating(mu=stored[k].mu, sigma=stored[k].sigma)] for k in keys if k]
    placed = ranks(state.scores(), state.winners())
    forfeited = {i for i, seat in enumerate(seats) if _forfeited(seat)}
    placed = [max(placed) + 1 if i in forfeited else rank for i, rank in enumerate(placed)]
    winners = {i for i, rank in enumerate(placed) if rank == min(placed) and i not in forfeited}
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
        row.games += 1
        row.wins += 1 if won else 0
        row.name = _name(seats[keys.index(key)])


def _forfeited(seat: dict[str, Any]) -> bool:
    """A person's seat that a bot took over: they left, or were expelled once out of time."""
    return seat.get("user_id") is not None and bool(seat.get("bot"))


def _name(seat: dict[str, Any]) -> str:
    if seat.get("user_id") is not None:
        return str(seat.get("name") or "?").removesuffix(" (bot)")[:40]
    return f"bot ({seat['bot']})"


def leaderboard(db: Session, game: str, limit: int = 50) -> list[dict[str, Any]]:
    """The `limit` best of `game`, sorted by the database (however many players it holds)."""
    best = conservative_rating(Rating.mu, Rating.sigma).desc()
    rows = db.scalars(select(Rating).where(Rating.game == game).order_by(best, Rating.player).limit(limit)).all()
    return [entry(r) for r in rows]


def entry(r: Rating) -> dict[str, Any]:
    """One player's rating in one game, as the leaderboard and the profile show it."""
    return {
        "game": r.game,
        "player": r.player,
        "name": r.name,
        "mu": round(r.mu, 2),
        "sigma": round(r.sigma, 2),
        "rating": round(conservative_rating(r.mu, r.sigma), 2),
        "games": r.games,
        "wins": r.wins,
    }
