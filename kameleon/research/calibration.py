"""How well analysis's win chances predict results, and the scale that calibrates them (`Game.value_calibration`).

    kameleon research calibrate FILE [FILE ...] [--every 9] [--from-ply 20] [--iterations 2000]
                                                [--workers 2] [--seed 0] [--json]

For a game whose `expert` plays the alpha-beta search (Le Caméléon), analysis reads a searched value v
as the win chance `sigmoid(value_calibration * v)`. This program measures that scale on finished games
(a tournament's `--out` file, or records): it replays each game, and the position before every
`every`-th move from ply `start` on is searched as analysis searches it (`minimax_analyst`, `iterations`
positions examined, with analysis's seed for that ply), from the side of the seat to move, which is
labelled 1 if that seat won the game, 0 if it lost, 1/2 for a draw. The scale k that predicts the labels
best (the least mean log-loss of `sigmoid(k v)`; the loss is convex in k) is the calibration; positions
the search finds decided, or drawn (worth exactly 0), are left out, since no scale changes them. The
interval is a bootstrap over whole games (positions of one game are not independent).

It measures the search's own values (`AlphaBetaAgent.searched_values`), which `Game.value_calibration`
never enters, so the measurement is the same before and after a game changes it.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kameleon.ai.alphabeta import DECIDED
from kameleon.ai.analysis import by_minimax, decision_seed, decision_tokens, minimax_analyst
from kameleon.ai.levels import MAX_ITERATIONS, STRONGEST, make_analyst
from kameleon.engine.errors import KameleonError, RecordError
from kameleon.engine.game import replay_move
from kameleon.engine.record import game_identity, parse_json, read_record_or_lines, replay
from kameleon.engine.seeding import MAX_SEED
from kameleon.research.pool import worker_pool

LOW, HIGH = 0.01, 20.0
"""The scales searched for the best one."""
RESAMPLES = 400
"""Bootstrap samples of whole games for the interval."""
MIN_GAMES = 2
"""The fewest games with a position judged (the interval is drawn over games)."""
FEW_GAMES = 10
"""Below this many games the report says that its interval is rough."""
AT_BOUND = 0.01
"""A best scale this close to LOW or HIGH is at the edge of the search: the values do not predict the results
there (or predict them perfectly), and the table says so."""


@dataclass(frozen=True)
class GameToJudge:
    """One finished two-seat game: where it was read from, its record and the plies to judge."""

    where: str
    record: dict[str, Any]
    plies: tuple[int, ...]


@dataclass(frozen=True)
class Calibration:
    """What `fit` found: the best scale with its interval over games, and the log-losses it is judged by."""

    game: str
    games: int
    judged_games: int
    positions: int
    decided: int
    current: float
    loss_at_one: float
    loss_at_current: float
    best: float
    low: float
    high: float
    loss_at_best: float
    settings: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "judged_games": self.judged_games,
            "positions": self.positions,
            "decided": self.decided,
            "value_calibration": self.current,
            "log_loss": {"1": self.loss_at_one, "current": self.loss_at_current, "best": self.loss_at_best},
            "best": self.best,
            "interval": [self.low, self.high],
            "coin": math.log(2),
            "at_bound": self.at_bound,
            "settings": self.settings,
        }

    @property
    def at_bound(self) -> bool:
        """Whether the best scale or an end of its interval is at an edge of the range searched (`AT_BOUND`)."""
        return min(self.best, self.low) < LOW + AT_BOUND or max(self.best, self.high) > HIGH - AT_BOUND

    def notes(self) -> list[str]:
        """What a reader should know before trusting the figures."""
        said = []
        if min(self.best, self.low) < LOW + AT_BOUND:
            said.append(
                f"The {'best scale' if self.best < LOW + AT_BOUND else 'interval'} reaches the bottom of the range"
                f" searched ({LOW:g}): the values predict the results hardly at all there, or the wrong way round."
            )
        if max(self.best, self.high) > HIGH - AT_BOUND:
            said.append(
                f"The {'best scale' if self.best > HIGH - AT_BOUND else 'interval'} reaches the top of the range"
                f" searched ({HIGH:g}) and is cut off there: the values may separate the results entirely, or be"
                " far too small for them."
            )
        if self.judged_games < FEW_GAMES:
            said.append(f"Only {self.judged_games} games with a position judged: an interval over so few is rough.")
        return said

    def table(self) -> str:
        cur = f"{self.current:g}"
        return "\n".join(
            (
                "| games (judged) | positions | decided or drawn, left out | log-loss at k = 1 |"
                f" at k = {cur} (the game's) | best k (95% interval by game) | log-loss there | a coin |",
                "| --- | --- | --- | --- | --- | --- | --- | --- |",
                f"| {self.games} ({self.judged_games}) | {self.positions} | {self.decided} | {self.loss_at_one:.4f} |"
                f" {self.loss_at_current:.4f} | {self.best:.2f} ({self.low:.2f}–{self.high:.2f}) |"
                f" {self.loss_at_best:.4f} | {math.log(2):.4f} |",
                *(f"\n{note}" for note in self.notes()),
            )
        )


def check(every: int, start: int, iterations: int, workers: int, seed: int) -> None:
    """KameleonError naming the first bad setting."""
    for name, value, low in (("--every", every, 1), ("--from-ply", start, 0), ("--workers", workers, 1)):
        if value < low:
            raise KameleonError(f"{name} must be at least {low}, not {value}")
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise KameleonError(f"--iterations must be from 1 to {MAX_ITERATIONS:,}, not {iterations}")
    if not 0 <= seed <= MAX_SEED:
        raise KameleonError(f"--seed must be from 0 to {MAX_SEED}, not {seed}")


def read_games(files: Sequence[Path], every: int, start: int) -> tuple[str, list[GameToJudge]]:
    """The finished games the files hold (all of one alpha-beta game, each once), each with the plies to
    judge, and the game's name. RecordError or KameleonError naming the file, the line and what is wrong."""
    found: list[GameToJudge] = []
    seen: dict[str, str] = {}
    name: str | None = None
    for path in files:
        for where, record in _records(path):
            try:
                final = replay(record)
            except RecordError as exc:
                raise RecordError(f"{where}: {exc}") from None
            if not final.is_terminal:
                raise KameleonError(f"{where} is not finished: a position is measured against the game's result")
            if final.game.num_players != 2:
                raise KameleonError(f"{where} has {final.game.num_players} seats: the alpha-beta search plays two")
            if name is None:
                name = final.game.name
                if not by_minimax(make_analyst(STRONGEST, 0, iterations=1), final.game):
                    raise KameleonError(
                        f"{name}: analysis judges it by ISMCTS, whose values are win chances already; the scale"
                        " measured here is that of the alpha-beta search (Game.expert_search 'alphabeta')"
                    )
            elif final.game.name != name:
                raise KameleonError(
                    f"{where} is a game of {final.game.name}, where the first game given was one of {name}:"
                    " measure one game at a time"
                )
            key = game_identity(record)
            if key in seen:
                raise KameleonError(f"{where} is the game of {seen[key]} again: each game counts once")
            seen[key] = where
            found.append(GameToJudge(where, record, tuple(range(start, len(record["moves"]), every))))
    judged = sum(1 for game in found if game.plies)
    if judged < MIN_GAMES:
        raise KameleonError(
            f"{judged} game(s) with a ply from {start} on: the scale's interval is drawn over games, so give at"
            f" least {MIN_GAMES}"
        )
    assert name is not None  # a game was read
    return name, found


def _records(path: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """(where, record) for each game in `path`, in order: a record, or a tournament's JSON lines (each with
    "record")."""
    with contextlib.suppress(OSError, UnicodeDecodeError):
        if not path.read_text(encoding="utf-8").strip():
            raise RecordError(f"{path} holds no game: it is empty")
    found = read_record_or_lines(path)
    if isinstance(found, dict) and "record" not in found:
        yield str(path), found
        return
    lines = [json.dumps(found)] if isinstance(found, dict) else found
    for number, line in enumerate(lines, start=1):
        where = f"line {number} of {path}" if len(lines) > 1 else str(path)
        entry = parse_json(line, where)
        if not isinstance(entry, dict) or not isinstance(entry.get("record"), dict):
            raise RecordError(f"{where} is not a tournament's game: it has no 'record' object")
        yield where, entry["record"]


def judge(task: tuple[dict[str, Any], tuple[int, ...], int, int]) -> list[tuple[float | None, float]]:
    """(search value or None when decided, result) for each of the plies that is a decision (a position with
    one legal choice is no decision, as in analysis), from the side of the seat to move (run in a worker)."""
    record, plies, iterations, seed = task
    final = replay(record)
    returns = final.returns()  # the engine's +1 win, -1 loss, 0 draw for two seats: a result of 1, 0 or 1/2
    state = final.game.new_state(final.seed)
    wanted = set(plies)
    out: list[tuple[float | None, float]] = []
    for ply, token in enumerate(record["moves"]):
        seat = state.current_player
        if ply in wanted and seat is not None and len(decision_tokens(state, seat)[1]) > 1:
            agent = make_analyst(STRONGEST, decision_seed(seed, ply), iterations=iterations)
            if by_minimax(agent, state.game):
                _, (value,) = minimax_analyst(agent, state.game).searched_values(state, [])
                result = (returns[seat] + 1.0) / 2.0
                # a decided position, or a draw the search sees (0 without contempt): no scale changes either
                out.append((value if 0.0 < abs(value) < DECIDED else None, result))
        replay_move(state, ply + 1, token)
    return out


def measure(
    games: list[GameToJudge],
    iterations: int,
    workers: int,
    seed: int,
    on_game: Callable[[int], None] | None = None,
) -> list[tuple[float | None, float, int]]:
    """(value or None, result, game index) of every judged position; `on_game(plies)` after each game, with the
    number of its plies looked at (those with one legal choice are not judged)."""
    tasks = [(game.record, game.plies, iterations, seed) for game in games]
    points: list[tuple[float | None, float, int]] = []
    with contextlib.ExitStack() as stack:
        if workers == 1:
            results: Iterator[list[tuple[float | None, float]]] = map(judge, tasks)
        else:
            results = stack.enter_context(worker_pool(workers)).imap(judge, tasks)
        for index, judged in enumerate(results):
            points.extend((value, result, index) for value, result in judged)
            if on_game is not None:
                on_game(len(games[index].plies))
    return points


def log_loss(values: Any, results: Any, scale: float) -> float:
    """Mean log-loss of `sigmoid(scale * value)` against the results (NumPy arrays)."""
    import numpy as np

    x = scale * values
    soft = np.log1p(np.exp(-np.abs(x)))  # log(1 + exp(-x)) and log(1 + exp(x)) in forms that cannot overflow
    lose, win = np.maximum(-x, 0.0) + soft, np.maximum(x, 0.0) + soft
    return float(np.mean(results * lose + (1.0 - results) * win))


def best_scale(values: Any, results: Any) -> float:
    """The scale in [LOW, HIGH] of the least log-loss (golden-section search: the loss is convex in it)."""
    ratio = (math.sqrt(5.0) - 1.0) / 2.0
    low, high = LOW, HIGH
    a, b = high - ratio * (high - low), low + ratio * (high - low)
    loss_a, loss_b = log_loss(values, results, a), log_loss(values, results, b)
    while high - low > 1e-3:
        if loss_a <= loss_b:
            high, b, loss_b = b, a, loss_a
            a = high - ratio * (high - low)
            loss_a = log_loss(values, results, a)
        else:
            low, a, loss_a = a, b, loss_b
            b = low + ratio * (high - low)
            loss_b = log_loss(values, results, b)
    return (low + high) / 2.0


def fit(
    name: str,
    games: int,
    found: list[tuple[float | None, float, int]],
    current: float,
    seed: int,
    settings: dict[str, Any],
) -> Calibration:
    """The calibration the judged positions give, with a bootstrap interval over games."""
    import numpy as np

    if not found:
        raise KameleonError("no position looked at was a decision (each had one legal choice): nothing to judge")
    points = [(value, result, index) for value, result, index in found if value is not None]
    if not points:
        raise KameleonError("every position judged was decided or drawn: there is no value to calibrate")
    values = np.array([value for value, _, _ in points])
    results = np.array([result for _, result, _ in points])
    by_game: dict[int, list[int]] = {}
    for row, (_, _, index) in enumerate(points):
        by_game.setdefault(index, []).append(row)
    groups = [np.array(rows) for rows in by_game.values()]
    if len(groups) < MIN_GAMES:
        raise KameleonError(
            f"{len(groups)} game(s) had a position judged that was not decided: the interval is drawn over games,"
            f" so at least {MIN_GAMES} must have one"
        )
    rng = random.Random(seed)
    scales = []
    for _ in range(RESAMPLES):
        rows = np.concatenate([groups[rng.randrange(len(groups))] for _ in groups])
        scales.append(best_scale(values[rows], results[rows]))
    scales.sort()
    best = best_scale(values, results)
    return Calibration(
        game=name,
        games=games,
        judged_games=len(groups),
        positions=len(points),
        decided=len(found) - len(points),
        current=current,
        loss_at_one=log_loss(values, results, 1.0),
        loss_at_current=log_loss(values, results, current),
        best=best,
        low=scales[int(0.025 * RESAMPLES)],
        high=scales[int(0.975 * RESAMPLES) - 1],
        loss_at_best=log_loss(values, results, best),
        settings=settings,
    )
