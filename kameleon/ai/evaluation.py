"""The evaluation harness: one agent against bots, seat-rotated, with the figures a paper reports.

    result = evaluate(agent, game="coloretto", players=3, opponents="medium", games=300, seed=1)
    result.win_rate, result.ci, result.mean_margin, result.seats[0].win_rate, result.as_dict()

The agent is a spec, an agent object or a factory `(seed) -> Agent`
(`kameleon.ai.entrants`); so are the opponents, one for every other seat or a
list with one per other seat, the first sitting just after the agent. Game `i`
seats the agent at seat `i % players` and plays deal `i // players`, so with a
multiple of `players` games every deal is played from every seat. Deals and
bot seeds derive from `seed` as in a tournament; with reproducible budgets
(`hard@N`, `iterations=N`) the same call gives the same games, on one process,
`workers` processes or Ray. Every bot sees only a `FairView` of its seat.

Figures: a *win* is a first place, shared or not (as in tournaments); the
*margin* of a game is the agent's score minus the best other score (in a solo
game, its score); `ci` is the 95% Wilson interval of the win rate and
`margin_ci` a 95% normal interval of the mean margin.

>>> result = evaluate("medium", game="coloretto", players=2, opponents="random", games=4, seed=3)
>>> result.games, len(result.seats), result.seats[1].games
(4, 2, 2)
>>> 0 <= result.ci[0] <= result.win_rate <= result.ci[1] <= 1
True
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kameleon.ai.entrants import Entry, describe, entrant, entrants, is_agent
from kameleon.ai.levels import check_budget
from kameleon.ai.standings import wilson
from kameleon.ai.tournament import GameTask, agent_seeds, deal_seed, run_tasks
from kameleon.engine.errors import KameleonError, quoted
from kameleon.engine.game import Game
from kameleon.engine.registry import load
from kameleon.engine.seeding import MAX_SEED, whole_number


@dataclass(frozen=True)
class SeatResult:
    """The agent's figures over the games it played from one seat."""

    seat: int
    games: int
    wins: int
    win_rate: float
    ci: tuple[float, float]
    mean_score: float
    mean_margin: float

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "games": self.games, "wins": self.wins, "win_rate": self.win_rate,
            "ci": list(self.ci), "mean_score": self.mean_score, "mean_margin": self.mean_margin,
        }  # fmt: skip


@dataclass(frozen=True)
class Evaluation:
    """What `evaluate` measured (see the module docstring); `as_dict()` is JSON-safe."""

    agent: str
    game: str
    options: Mapping[str, Any]
    """The game's validated options, with `players`."""
    opponents: tuple[str, ...]
    """The opponents' names, by seats after the agent's (the first sits just after it)."""
    seed: int
    games: int
    wins: int
    win_rate: float
    ci: tuple[float, float]
    mean_score: float
    mean_margin: float
    margin_ci: tuple[float, float] | None
    """None with fewer than two games."""
    seats: tuple[SeatResult, ...]
    results: tuple[dict[str, Any], ...] = field(default=(), repr=False, compare=False)
    """Every game as a tournament's JSON line (`kameleon.ai.tournament.play_game`), with its record."""
    bots: Mapping[str, str] = field(default_factory=dict)
    """Each bot's spec, or its agent's or factory's class or function (`kameleon.ai.entrants.describe`), by name."""
    move_time: float | None = None
    iterations: int | None = None
    """The budget of the searching specs that name none."""

    @property
    def players(self) -> int:
        players: int = self.options["players"]
        return players

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-safe data (without the games' records: see `results`)."""
        return {
            "agent": self.agent, "game": self.game, "options": dict(self.options), "players": self.players,
            "opponents": list(self.opponents), "seed": self.seed, "games": self.games, "wins": self.wins,
            "win_rate": self.win_rate, "ci": list(self.ci), "mean_score": self.mean_score,
            "mean_margin": self.mean_margin, "margin_ci": None if self.margin_ci is None else list(self.margin_ci),
            "seats": [seat.as_dict() for seat in self.seats], "bots": dict(self.bots),
            "move_time": self.move_time, "iterations": self.iterations,
        }  # fmt: skip


def evaluate(
    agent: Any,
    *,
    game: str | Game[Any],
    players: int | None = None,
    opponents: Any = None,
    games: int = 100,
    seed: int = 0,
    workers: int = 1,
    options: Mapping[str, Any] | None = None,
    name: str | None = None,
    move_time: float | None = None,
    iterations: int | None = None,
    ray_address: str | None = None,
    max_moves: int = 100_000,
    on_result: Callable[[dict[str, Any]], None] | None = None,
) -> Evaluation:
    """Play `games` seat-rotated games of `agent` against `opponents` and measure it (module docstring).

    `game` is a name (with `players` and `options`) or a loaded Game. `opponents` is one bot for every
    other seat, or a sequence (or a mapping name -> bot) of one per other seat; default `"random"`.
    `name` names the agent in the records (default: its spec, `name` or `__name__`). `move_time` or
    `iterations` is the budget of searching specs that give none (`"hard"`, not `"hard@200"`).
    `workers` local processes or Ray (`ray_address`) play the games; `on_result` sees each as it ends.
    KameleonError for anything malformed, before the first game.
    """
    loaded = _game(game, players, options)
    seats = loaded.num_players
    agent_name, agent_entry = entrant(agent, name, naming="name='mine'")
    rivals = _opponents(opponents, seats)
    count = whole_number(games)
    if count is None or count < 1:
        raise KameleonError(f"games must be a whole number, at least one game, not {quoted(games)}")
    start = whole_number(seed)
    if start is None or not 0 <= start <= MAX_SEED:
        raise KameleonError(f"the seed must be a whole number between 0 and {MAX_SEED}, not {quoted(seed)}")
    budget_time, budget_iterations = check_budget(move_time, iterations)
    chosen = dict(loaded.options)
    tasks = []
    for index in range(count):
        mine = index % seats
        names = [agent_name] * seats
        entries: list[Entry | None] = [None if agent_entry == agent_name else agent_entry] * seats
        for k in range(seats - 1):
            rival_name, rival_entry = rivals[k % len(rivals)]
            seat = (mine + 1 + k) % seats
            names[seat] = rival_name
            entries[seat] = None if rival_entry == rival_name else rival_entry
        tasks.append(
            GameTask(
                index, loaded.name, chosen, deal_seed(start, index // seats), tuple(names),
                agent_seeds(start, index, seats), budget_time, max_moves, budget_iterations, tuple(entries),
            )
        )  # fmt: skip
    results = run_tasks(tasks, workers=workers, ray_address=ray_address, on_result=on_result)
    measured = _measure(agent_name, loaded, tuple(name for name, _ in rivals), start, results)
    bots = {agent_name: describe(agent_entry), **{rival: describe(entry) for rival, entry in rivals}}
    return replace(measured, bots=bots, move_time=budget_time, iterations=budget_iterations)


def _game(game: Any, players: int | None, options: Mapping[str, Any] | None) -> Game[Any]:
    """The game to play, its options validated (KameleonError otherwise)."""
    if isinstance(game, Game):
        if players is not None or options:
            raise KameleonError("a loaded game has its options already: give players and options to load() instead")
        return game
    if not isinstance(game, str):
        raise KameleonError(f"game is a game's name or a loaded game, not {quoted(game)}")
    chosen = dict(options or {})
    if players is not None:
        chosen["players"] = players
    loaded: Game[Any] = load(game, **chosen)
    return loaded


def _opponents(opponents: Any, seats: int) -> list[tuple[str, Entry]]:
    """(name, entry) of each opponent, one or one per other seat."""
    if seats == 1:
        if opponents is not None:
            raise KameleonError("a solo game has no opponents: leave opponents out")
        return []
    if opponents is None:
        opponents = "random"
    if isinstance(opponents, str) and "," in opponents:
        listed = [part.strip() for part in opponents.split(",")]
        raise KameleonError(f"opponents is one bot for every other seat, or a list: give opponents={listed!r}")
    if isinstance(opponents, str) or is_agent(opponents) or callable(opponents):
        return [entrant(opponents, naming="opponents={'mine': ...}")]
    names, entries = entrants(opponents, "opponents")
    if len(names) not in (1, seats - 1):
        raise KameleonError(
            f"{len(names)} opponents given for the {seats - 1} other seats: give one bot for all of them, "
            f"or one per other seat"
        )
    return [(name, entries[name]) for name in names]


def _measure(
    agent: str, game: Game[Any], opponents: tuple[str, ...], seed: int, results: Sequence[dict[str, Any]]
) -> Evaluation:
    seats = game.num_players
    per_seat: list[list[tuple[bool, float, float]]] = [[] for _ in range(seats)]
    for result in results:
        mine = result["index"] % seats
        scores = result["scores"]
        others = [score for seat, score in enumerate(scores) if seat != mine]
        margin = scores[mine] - max(others) if others else scores[mine]
        per_seat[mine].append((mine in result["winners"], float(scores[mine]), float(margin)))
    every = [game for seat in per_seat for game in seat]
    wins = sum(won for won, _, _ in every)
    margins = [margin for _, _, margin in every]
    mean_margin = statistics.fmean(margins)
    margin_ci = None
    if len(margins) >= 2:
        half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
        margin_ci = (mean_margin - half, mean_margin + half)
    return Evaluation(
        agent=agent,
        game=game.name,
        options=dict(game.options),
        opponents=opponents,
        seed=seed,
        games=len(every),
        wins=wins,
        win_rate=wins / len(every),
        ci=wilson(wins, len(every)),
        mean_score=statistics.fmean(score for _, score, _ in every),
        mean_margin=mean_margin,
        margin_ci=margin_ci,
        seats=tuple(_seat(seat, played) for seat, played in enumerate(per_seat)),
        results=tuple(results),
    )


def _seat(seat: int, played: Sequence[tuple[bool, float, float]]) -> SeatResult:
    wins = sum(won for won, _, _ in played)
    games = len(played)
    return SeatResult(
        seat=seat,
        games=games,
        wins=wins,
        win_rate=wins / games if games else 0.0,
        ci=wilson(wins, games),
        mean_score=statistics.fmean(score for _, score, _ in played) if games else 0.0,
        mean_margin=statistics.fmean(margin for _, _, margin in played) if games else 0.0,
    )
