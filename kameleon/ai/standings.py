"""A tournament's standings: each bot's games, wins, mean score and rating, from the games' results.

The results are the JSON lines of `kameleon.ai.tournament` (`index`, `players`,
`scores`, `winners`); nothing here plays a game. A bot named at several seats of
one game is one bot: its figures are merged (`games` counts seat-games) and
each of its seats among the winners is a win. A shared first place is a win
for every co-winner, and `shared` counts those (in a two-player game, its draws).

The intervals count games, not seat-games (`clustered_wilson`): the seats of a bot at several seats of one game
share a deal, and at most one of them comes first alone, so they are not independent draws. Bots that play
without chance (an iteration budget in a game without a deal, such as Le Caméléon's alpha-beta) play the same
game again whenever the seats come round: `repeated` counts the games that repeat an earlier one move for move
from the same start, the tournament says so beside its table, and the intervals count each such game once.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kameleon.engine.match import conservative_rating, ranks
from kameleon.engine.record import game_identity


@dataclass
class BotStats:
    """One bot's figures over a tournament (seat-games when it sits at several seats)."""

    games: int = 0
    wins: int = 0
    shared: int = 0
    """Wins shared with another seat (a draw, in a two-player game)."""
    score_sum: float = 0.0
    rating_mu: float | None = None
    rating_sigma: float | None = None
    per_game: dict[str, list[int]] = field(default_factory=dict)
    """`[wins, seats]` in each distinct game it played, keyed by the game (`_game_key`): the intervals' unit."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        if not self.per_game:  # figures set by hand, not by `summarize`
            return wilson(self.wins, self.games)
        return clustered_wilson(self.per_game.values())

    @property
    def ordinal(self) -> float | None:
        """The conservative rating (`conservative_rating`), or None without OpenSkill."""
        if self.rating_mu is None or self.rating_sigma is None:
            return None
        return float(conservative_rating(self.rating_mu, self.rating_sigma))


def wilson(wins: float, games: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default).

    >>> low, high = wilson(65, 100)
    >>> round(low, 3), round(high, 3)
    (0.553, 0.736)
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def clustered_wilson(per_game: Iterable[Sequence[int]], z: float = 1.96) -> tuple[float, float]:
    """The Wilson interval of a rate counted over seat-games, at the effective number of games those seat-games
    are worth (Kish's design effect, from the spread of each game's `(wins, seats)` about the rate).

    A bot at one seat a game gets exactly `wilson(wins, games)`. A bot at several seats gets the width its games
    support, between two bounds: its games counted once each (its seats always winning or losing together) and
    its seat-games counted as independent. Seats that exclude each other (`hard` at three seats against
    `expert`: when one comes first the others do not) would be worth more than independent ones, but that
    estimate runs away as the spread vanishes (one loss in a hundred games would narrow it fourteenfold), so it
    stops at the seat-games. Where the rate is 0 or 1 the games are the count; where every game gives the same
    share strictly between, the seat-games.

    >>> [round(x, 3) for x in clustered_wilson([(1, 1), (0, 1), (1, 1), (0, 1)])], [round(x, 3) for x in wilson(2, 4)]
    ([0.15, 0.85], [0.15, 0.85])
    >>> [round(x, 3) for x in clustered_wilson([(2, 2), (0, 2)])]  # two seats that always agree are one
    [0.095, 0.905]
    """
    games = [(wins, seats) for wins, seats in per_game]
    seats = sum(n for _, n in games)
    if seats == 0:
        return 0.0, 1.0
    rate = sum(w for w, _ in games) / seats
    spread = sum((w - rate * n) ** 2 for w, n in games)
    if rate in (0.0, 1.0):
        effective: float = len(games)
    elif spread > 0:
        effective = min(max(rate * (1 - rate) * seats * seats / spread, len(games)), seats)
    else:
        effective = seats
    return wilson(rate * effective, effective, z)


def summarize(results: Iterable[Mapping[str, Any]], bots: Sequence[str] = ()) -> dict[str, BotStats]:
    """Win counts, mean scores and OpenSkill ratings per bot, in the order of `bots` then of appearance."""
    ordered = sorted(results, key=lambda r: r["index"])
    stats: dict[str, BotStats] = {name: BotStats() for name in bots}
    for result in ordered:
        key = _game_key(result)
        for seat, name in enumerate(result["players"]):
            entry = stats.setdefault(name, BotStats())
            entry.games += 1
            entry.score_sum += result["scores"][seat]
            counted = entry.per_game.setdefault(key, [0, 0])
            counted[1] += 1
            if seat in result["winners"]:
                entry.wins += 1
                entry.shared += len(result["winners"]) > 1
                counted[0] += 1
    _rate(ordered, stats)
    return stats


def _game_key(result: Mapping[str, Any]) -> str:
    """Which game a result is, for the intervals: a game played again move for move by the same bots at the same
    seats is the same game (its record's `game_identity`); without a record, each result is its own game."""
    if result.get("record") is None:
        return f"#{result['index']}"
    return json.dumps([result["players"], game_identity(result["record"])])


def repeated(results: Iterable[Mapping[str, Any]]) -> int:
    """How many of the games (with their `record`) repeat an earlier one (`engine.record.game_identity`: the same
    moves from the same start)."""
    seen: set[str] = set()
    count = 0
    for result in sorted(results, key=lambda r: r["index"]):
        if result.get("record") is None:
            continue
        key = game_identity(result["record"])
        count += key in seen
        seen.add(key)
    return count


def _rate(results: Sequence[Mapping[str, Any]], stats: dict[str, BotStats]) -> None:
    """OpenSkill (Plackett-Luce) ratings, game by game in tournament order; skipped without openskill.

    A bot at several seats of one game is rated at each seat from the same
    rating, and takes the mean of the updates.
    """
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in stats}
    for result in results:
        names = result["players"]
        teams = [[model.rating(mu=ratings[n].mu, sigma=ratings[n].sigma, name=n)] for n in names]
        rated = model.rate(teams, ranks=ranks(result["scores"], result["winners"]))
        updates: dict[str, list[Any]] = {}
        for name, (rating,) in zip(names, rated, strict=True):
            updates.setdefault(name, []).append(rating)
        for name, new in updates.items():
            ratings[name] = model.rating(
                mu=sum(r.mu for r in new) / len(new), sigma=sum(r.sigma for r in new) / len(new), name=name
            )
    for name, rating in ratings.items():
        stats[name].rating_mu, stats[name].rating_sigma = rating.mu, rating.sigma


def summary_json(stats: Mapping[str, BotStats], games: int, repeats: int = 0) -> dict[str, Any]:
    """The `--json` output: what the table shows, as data.

    `{"games": N, "repeated": R, "bots": {name: {"games", "wins", "shared_wins", "win_rate", "ci": [low, high],
    "mean_score", "rating": {"mu", "sigma", "ordinal"} or null}}}`: `repeated` counts the games that repeat an
    earlier one (`repeated`), `shared_wins` the wins shared with another seat, `ci` is the 95% Wilson interval
    of the win rate over games (`clustered_wilson`), `rating` the OpenSkill (Plackett-Luce) rating and its
    conservative `ordinal` (mu - 3 sigma; null without the `openskill` package).
    """
    return {"games": games, "repeated": repeats, "bots": {name: _bot_json(s) for name, s in stats.items()}}


def _bot_json(s: BotStats) -> dict[str, Any]:
    low, high = s.interval
    rating = None
    if s.rating_mu is not None and s.rating_sigma is not None:
        rating = {"mu": float(s.rating_mu), "sigma": float(s.rating_sigma), "ordinal": s.ordinal}
    return {
        "games": s.games, "wins": s.wins, "shared_wins": s.shared, "win_rate": s.win_rate, "ci": [low, high],
        "mean_score": s.mean_score, "rating": rating,
    }  # fmt: skip
