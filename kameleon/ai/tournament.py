"""Tournaments: many seat-rotated games between bots, on local processes or on Ray.

A tournament is a list of independent `GameTask`s, so it runs the same way in
one process, on `workers` local processes or on a Ray cluster, and gives the
same results for the same seed (each game's deal and each bot's seed come from
the tournament seed and the game's number, never from the order of finishing).

Seating. With as many bots as seats, the bots sit in every rotation of the
given order and each deal is played once per rotation, so every bot plays
every deal from every seat. With more bots than seats, every ordered choice
of distinct bots is a lineup (each deal once per lineup), interleaved so that
a tournament of fewer games than lineups still shares games and seats out as
evenly as it can (`lineups`); only a multiple of the number of lineups is
fully balanced (`Tournament.lineup_count`). With fewer bots than seats, the
list is repeated to fill the table and rotated.

Bots. A bot is a spec (`hard`, `hard:0.2`, `hard@200`, see `kameleon.ai.levels`),
an agent object or a factory `(seed) -> Agent`, named by its spec, its `name`,
or explicitly with a mapping `{name: bot}` (`kameleon.ai.entrants`, which also
says what may cross to worker processes). The same bot given twice
(`hard,medium,medium,medium`) is one bot sitting at several seats: its figures
are merged, so `games` counts seat-games and each of its seats among the
winners is a win. A shared first place is a win for every co-winner.

Budgets. `move_time` (seconds) or `iterations` (per move) is the budget of the
searching specs that do not name their own (`hard`, not `hard@50`). With
iterations, or specs with `@ITERATIONS`, the same seed gives the same games.

This module plays: the tasks, their lineups, the workers (local processes or
Ray) and the JSON-lines file that keeps every game and lets a run resume. Each
game is played by the engine's one game loop, `kameleon.engine.match.play_match`.
The standings computed from the results (`BotStats`, `wilson`, `summarize`,
`summary_json`) live in `kameleon.ai.standings`; they are importable from here too.
"""

from __future__ import annotations

import itertools
import json
import logging
import socket
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from multiprocessing import get_context
from pathlib import Path
from typing import IO, Any

from kameleon.ai.entrants import Entry, check_portable, describe, entrants, is_agent
from kameleon.ai.fair import fair_state
from kameleon.ai.ismcts import is_seconds
from kameleon.ai.levels import check_budget, make_agent, parse_spec
from kameleon.ai.standings import BotStats, summarize, summary_json, wilson
from kameleon.engine.agent import Agent
from kameleon.engine.errors import KameleonError, quoted
from kameleon.engine.match import Thinking, play_match
from kameleon.engine.provenance import code_version
from kameleon.engine.record import parse_json, replay, write_whole
from kameleon.engine.registry import load
from kameleon.engine.seeding import MAX_SEED, whole_number


@dataclass(frozen=True)
class GameTask:
    """One game of a tournament: everything a worker needs to play it."""

    index: int
    game: str
    options: Mapping[str, Any]
    deal_seed: int
    seats: tuple[str, ...]
    """The players' names, for the record and the standings; a seat without an entry in `agents` is the spec."""
    agent_seeds: tuple[int, ...]
    move_time: float | None = None
    max_moves: int = 100_000
    iterations: int | None = None
    agents: tuple[Entry | Sent | None, ...] = ()
    """Per seat (empty: none): None when the name in `seats` is the spec, else a spec or a factory (or, in a
    task sent to a worker process, the number of a factory the worker was given once at its start)."""


@dataclass(frozen=True)
class Sent:
    """A factory given to each worker process once, when it starts (a model may be large): tasks name it by
    its number rather than carry it."""

    number: int


_SENT: list[Entry] = []
"""In a worker process: the factories it was given at its start, by number."""


def _receive(entries: list[Entry]) -> None:
    """A worker process's initializer: keep the tournament's factories for every game it plays."""
    _SENT[:] = entries


def _sent_once(tasks: Sequence[GameTask]) -> tuple[list[GameTask], list[Entry]]:
    """The tasks with each factory replaced by its number (`Sent`), and the factories by number."""
    numbers: dict[int, int] = {}
    entries: list[Entry] = []
    light = []
    for task in tasks:
        agents: list[Entry | Sent | None] = []
        for entry in task.agents:
            if entry is None or isinstance(entry, str | Sent):
                agents.append(entry)
                continue
            number = numbers.get(id(entry))
            if number is None:
                number = numbers[id(entry)] = len(entries)
                entries.append(entry)
            agents.append(Sent(number))
        light.append(replace(task, agents=tuple(agents)) if task.agents else task)
    return light, entries


@dataclass(frozen=True)
class Tournament:
    """What to play: the game, its options, the bots, how many games, the seed.

    `bots` is a sequence of bots or a mapping name -> bot (see the module docstring); once made,
    `bots` holds their names and `agents` each name's spec or factory. `move_time` or `iterations`
    is the budget of the searching specs that give none.
    """

    game: str
    bots: Sequence[Any] | Mapping[str, Any]
    games: int
    players: int | None = None
    move_time: float | None = None
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    iterations: int | None = None
    agents: Mapping[str, Entry] = field(init=False, repr=False, default_factory=dict)
    """Each bot's spec or factory, by name."""

    def __post_init__(self) -> None:
        names, agents = entrants(self.bots)
        if not names:
            raise KameleonError("a tournament needs at least one bot")
        games = whole_number(self.games)
        if games is None or games < 1:
            raise KameleonError(f"games must be a whole number, at least one game, not {quoted(self.games)}")
        if self.move_time is not None and not is_seconds(self.move_time):
            raise KameleonError(
                f"the time per move must be a positive, finite number of seconds, not {quoted(self.move_time)}"
            )
        move_time, iterations = check_budget(self.move_time, self.iterations)
        seed = whole_number(self.seed)
        if seed is None or not 0 <= seed <= MAX_SEED:
            raise KameleonError(f"the seed must be a whole number between 0 and {MAX_SEED}, not {quoted(self.seed)}")
        object.__setattr__(self, "bots", names)
        object.__setattr__(self, "agents", agents)
        object.__setattr__(self, "games", games)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "move_time", move_time)
        object.__setattr__(self, "iterations", iterations)

    @property
    def names(self) -> tuple[str, ...]:
        """The bots' names, in the order given (a name given twice is one bot at several seats)."""
        return tuple(self.bots)

    def game_options(self) -> dict[str, Any]:
        """The validated options, with the player count (the game's default when not given)."""
        options = dict(self.options)
        if self.players is not None:
            options["players"] = self.players
        return dict(load(self.game, **options).options)

    def provenance(self) -> dict[str, Any]:
        """What the run was, as JSON-safe data (`kameleon tournament --json` prints it): the game and its
        options, the seed, each bot's spec (or its agent's or factory's class or function), the budgets."""
        return {
            "game": self.game, "options": self.game_options(), "seed": self.seed, "games": self.games,
            "bots": {name: describe(self.agents[name]) for name in dict.fromkeys(self.names)},
            "move_time": self.move_time, "iterations": self.iterations, "lineups": self.lineup_count(),
            "kameleon": code_version(),
        }  # fmt: skip

    def lineup_count(self) -> int:
        """How many lineups the tournament cycles through: a game count that is a multiple of it gives every
        bot the same number of games from each seat."""
        return len(lineups(len(self.names), self.game_options()["players"]))

    def tasks(self) -> list[GameTask]:
        options = self.game_options()
        seats = options["players"]
        if seats < 2:  # a game alone has nobody to rank against: the ratings could not be computed at its end
            raise KameleonError(
                f"a tournament ranks bots against each other: it needs at least 2 seats, and this {self.game} "
                f"has {seats}"
            )
        names = self.names
        table = lineups(len(names), seats)
        tasks = []
        for index in range(self.games):
            lineup = table[index % len(table)]
            players = tuple(names[b] for b in lineup)
            agents = tuple(None if self.agents[name] == name else self.agents[name] for name in players)
            tasks.append(
                GameTask(
                    index, self.game, options, deal_seed(self.seed, index // len(table)), players,
                    agent_seeds(self.seed, index, seats), self.move_time, iterations=self.iterations,
                    agents=agents if any(entry is not None for entry in agents) else (),
                )
            )  # fmt: skip
        return tasks


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal number `deal` of a tournament (or an evaluation) played from `seed`."""
    return (seed * 1_000_003 + deal) % (MAX_SEED + 1)


def agent_seeds(seed: int, index: int, seats: int) -> tuple[int, ...]:
    """Each seat's bot seed in game number `index` of a tournament (or an evaluation) played from `seed`."""
    return tuple((seed * 7_919 + index * 16 + seat + 1) % (MAX_SEED + 1) for seat in range(seats))


def _check_workers(workers: Any) -> None:
    """Refuse a number of workers below 1 (or not a whole number): 0 or -1 would not mean "all the cores"."""
    count = whole_number(workers)
    if count is None or count < 1:
        raise KameleonError(f"workers is the number of processes playing games, at least 1, not {quoted(workers)}")


def normalise_spec(spec: str) -> str:
    """The canonical form of a bot spec (`" Hard:0.50 "` -> `"hard:0.5"`); KameleonError if unknown."""
    return str(parse_spec(spec))


def lineups(bots: int, seats: int) -> list[tuple[int, ...]]:
    """Seatings of bots 0..bots-1 at `seats` seats (see the module docstring).

    With more bots than seats, the ordered choices are interleaved so that the first games of the list
    (a tournament shorter than the whole table) share the games and the seats out as evenly as they can:
    each next lineup is the one whose bots have played least so far, then the one that seats them where
    they have sat least (ties: in lexicographic order).

    >>> lineups(2, 2)
    [(0, 1), (1, 0)]
    >>> lineups(2, 4)
    [(0, 1, 0, 1), (1, 0, 1, 0), (0, 1, 0, 1), (1, 0, 1, 0)]
    >>> lineups(4, 2)[:4]
    [(0, 1), (2, 3), (1, 0), (3, 2)]
    >>> len(lineups(4, 2))
    12
    """
    if bots > seats:
        return _interleaved(list(itertools.permutations(range(bots), seats)), bots, seats)
    base = [seat % bots for seat in range(seats)]
    return [tuple(base[(seat + shift) % seats] for seat in range(seats)) for shift in range(seats)]


def _interleaved(table: list[tuple[int, ...]], bots: int, seats: int) -> list[tuple[int, ...]]:
    played = [0] * bots
    sat = [[0] * seats for _ in range(bots)]
    weight = seats * len(table) + 1  # games played first, seats second
    left = list(table)  # kept in lexicographic order, so the first best is the tie-break
    order = []
    while left:
        pick = min(
            range(len(left)),
            key=lambda i: sum(played[b] for b in left[i]) * weight + sum(sat[b][k] for k, b in enumerate(left[i])),
        )
        lineup = left.pop(pick)
        for seat, bot in enumerate(lineup):
            played[bot] += 1
            sat[bot][seat] += 1
        order.append(lineup)
    return order


def play_game(task: GameTask) -> dict[str, Any]:
    """Play one game; every bot sees only a `FairView` of its seat. Returns the JSON-lines entry."""
    game = load(task.game, **task.options)
    entries = task.agents or (None,) * len(task.seats)
    agents = [
        _seat_agent(name, entry, seed, task)
        for name, entry, seed in zip(task.seats, entries, task.agent_seeds, strict=True)
    ]
    start = time.perf_counter()
    match = play_match(
        game, agents, task.deal_seed, max_moves=task.max_moves, names=task.seats, shown=fair_state, timed=True
    )
    state = match.state
    return {
        "index": task.index,
        "game": task.game,
        "seed": task.deal_seed,
        "players": list(task.seats),
        "scores": match.scores,
        "winners": match.winners,
        "moves": len(state.history),
        "seconds": round(time.perf_counter() - start, 4),
        "move_time": task.move_time,
        **({"iterations": task.iterations} if task.iterations is not None else {}),
        "thinking": [_thinking(seat) for seat in match.thinking],
        "record": match.record,
    }


def _seat_agent(name: str, entry: Entry | Sent | None, seed: int, task: GameTask) -> Agent:
    """The agent of one seat: from its spec (with the task's budget when the spec names none), or its factory."""
    if isinstance(entry, Sent):
        entry = _SENT[entry.number]
    if entry is None or isinstance(entry, str):
        spec = parse_spec(name if entry is None else entry)
        if spec.has_budget:
            return make_agent(str(spec), seed)
        return make_agent(str(spec), seed, move_time=task.move_time, iterations=task.iterations)
    agent = entry(seed)
    if not is_agent(agent):
        raise KameleonError(f"the factory of bot {name!r} returned {quoted(agent)}, not an agent (with act(state))")
    return agent


def _thinking(seat: Thinking) -> dict[str, Any]:
    return {
        "decisions": seat.decisions,
        "seconds": round(seat.seconds, 4),
        "slowest": round(seat.slowest, 4),
        "iterations": seat.iterations,
    }


# --- running ---------------------------------------------------------------------


def run_tasks(
    tasks: Sequence[GameTask],
    *,
    workers: int = 1,
    ray_address: str | None = None,
    out: IO[str] | None = None,
    on_result: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play every task; each finished game is written to `out` as one JSON line (flushed) at once.

    Returns the results in task order. `workers > 1` uses local processes;
    `ray_address` runs on Ray ("local" starts a private local Ray).
    """
    _check_workers(workers)
    if workers > 1 and ray_address is None:
        check_portable(_entries(tasks))
    results: list[dict[str, Any]] = []

    def finished(result: dict[str, Any]) -> None:
        results.append(result)
        if out is not None:
            out.write(_line(result))
            out.flush()
        if on_result is not None:
            on_result(result)

    if ray_address is not None:
        _run_ray(tasks, ray_address, workers, finished)
    elif workers > 1:
        _run_processes(tasks, workers, finished)
    else:
        for task in tasks:
            finished(play_game(task))
    results.sort(key=lambda r: r["index"])
    return results


def _entries(tasks: Sequence[GameTask]) -> list[tuple[str, Entry]]:
    """Each factory (or agent) the tasks seat, once, with its name."""
    found: dict[int, tuple[str, Entry]] = {}
    for task in tasks:
        for name, entry in zip(task.seats, task.agents, strict=False):
            if entry is not None and not isinstance(entry, str | Sent):
                found.setdefault(id(entry), (name, entry))
    return list(found.values())


def _line(result: Mapping[str, Any]) -> str:
    """A game as one line of the JSON-lines file."""
    return json.dumps(result, separators=(",", ":")) + "\n"


def _run_processes(tasks: Sequence[GameTask], workers: int, finished: Callable[[dict[str, Any]], None]) -> None:
    light, entries = _sent_once(tasks)  # each factory pickled once per worker, not once per game
    context = get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_receive, initargs=(entries,)) as pool:
        queue = iter(light)
        running: set[Future[dict[str, Any]]] = set()
        # Keep a few games in flight per worker, not the whole tournament, so a crash loses little.
        for task in itertools.islice(queue, workers * 2):
            running.add(pool.submit(play_game, task))
        try:
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    try:
                        result = future.result()
                    except BrokenProcessPool as exc:
                        raise KameleonError(
                            f"a worker process stopped ({exc}) — a script that starts workers needs "
                            "`if __name__ == '__main__':`; a bot may be one a worker cannot rebuild "
                            "(kameleon.ai.entrants) or may have used up the memory: workers=1 shows its own error"
                        ) from None
                    finished(result)
                    following = next(queue, None)
                    if following is not None:
                        running.add(pool.submit(play_game, following))
        except BaseException:
            for future in running:
                future.cancel()
            _stop_workers(pool)
            raise


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Drop the queued games and end the ones the workers are still playing. A terminal's Ctrl-C reaches the
    workers too, but an interrupt sent to this process alone (`kill -INT`) or an error here would otherwise wait
    for every game to end."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
        return
    processes = list((pool._processes or {}).values())  # before shutdown() forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


@contextmanager
def ray_session(address: str, workers: int) -> Iterator[Any]:
    """The `ray` module, connected to `address` ("local": a private local Ray of `workers` CPUs; "auto"; a
    cluster's HOST:PORT) for the time of the block; a connection made here is closed after it."""
    try:
        import ray
    except ImportError:
        raise KameleonError("--ray needs Ray, an optional extra: pip install 'kameleon[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address in ("", "local"):
            ray.init(
                num_cpus=max(workers, 1), include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR
            )
        else:
            if address != "auto":
                _check_reachable(address)
            ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


def _run_ray(tasks: Sequence[GameTask], address: str, workers: int, finished: Callable[[dict[str, Any]], None]) -> None:
    with ray_session(address, workers) as ray:
        light, entries = _sent_once(tasks)
        remote = ray.remote(num_cpus=1, max_retries=0)(_play_on_ray)
        sent = [ray.put(entries)]  # in a list, so that a worker fetches it only once (`_play_on_ray`)
        pending = [remote.remote(task, sent) for task in light]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                finished(ray.get(ref))


_RAY_SENT: list[str] = []
"""In a Ray worker: the id of the factories `_SENT` holds."""


def _play_on_ray(task: GameTask, sent: list[Any]) -> dict[str, Any]:
    """`play_game` on a Ray worker, which fetches the tournament's factories once, at its first game."""
    import ray

    key = sent[0].hex()
    if [key] != _RAY_SENT:
        _receive(ray.get(sent[0]))
        _RAY_SENT[:] = [key]
    return play_game(task)


def check_ray(address: str | None) -> None:
    """Refuse a `--ray` that cannot work (Ray not installed, an address of no form, a cluster nothing answers
    at) before anything is written: a run that failed there would leave files behind it."""
    if address is None:
        return
    try:
        import ray  # noqa: F401
    except ImportError:
        raise KameleonError("--ray needs Ray, an optional extra: pip install 'kameleon[ray]'") from None
    if address not in ("", "local", "auto"):
        _check_reachable(address)


def _check_reachable(address: str) -> None:
    """Refuse at once a cluster address nothing answers at: Ray itself would retry for minutes."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit():
        raise KameleonError(f"--ray {address!r}: give local, auto, or a cluster's HOST:PORT (ray://HOST:PORT)")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
    except (OSError, ValueError) as exc:
        raise KameleonError(f"cannot reach a Ray cluster at {address}: {exc}") from None


# --- a whole tournament, kept in a file ------------------------------------------


def run_tournament(
    tournament: Tournament,
    *,
    workers: int = 1,
    ray_address: str | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    on_result: Callable[[dict[str, Any]], None] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, BotStats]]:
    """Play a whole tournament; returns the per-game results and the per-bot figures.

    With `out`, every game is written to that JSON-lines file as it ends. A file that is not empty is
    refused unless `resume` is set: then its games are checked against this tournament, kept (passed to
    `on_result` first) and only the missing ones are played, appended to the file.
    """
    _check_workers(workers)
    check_ray(ray_address)
    tasks = tournament.tasks()
    if out is None:
        if resume:
            raise KameleonError("resuming needs the file of the games already played (--out)")
        results = run_tasks(tasks, workers=workers, ray_address=ray_address, on_result=on_result)
        return results, summarize(results, tournament.names)
    earlier = _earlier_results(Path(out), tasks, resume)
    played = {result["index"] for result in earlier}
    try:
        handle = open(out, "a", encoding="utf-8")  # noqa: SIM115 - opened before any game is played
    except OSError as exc:
        raise KameleonError(f"cannot write the records to {out}: {exc.strerror or exc}") from None
    with handle:
        for result in earlier:
            if on_result is not None:
                on_result(result)
        rest = [task for task in tasks if task.index not in played]
        results = earlier + run_tasks(rest, workers=workers, ray_address=ray_address, out=handle, on_result=on_result)
    results.sort(key=lambda r: r["index"])
    return results, summarize(results, tournament.names)


def _earlier_results(path: Path, tasks: Sequence[GameTask], resume: bool) -> list[dict[str, Any]]:
    """The games `path` already holds for these tasks, the file rewritten without a torn last line. A game is
    named by its line (1 = the first), as `kameleon analyse FILE --game N` reads it."""
    if not path.is_file() or path.stat().st_size == 0:
        return []
    if not resume:
        raise KameleonError(f"{path} is not empty: finish its tournament with --resume, or choose another file")
    stored = _numbered_results(path)
    found: dict[int, dict[str, Any]] = {}
    for line, result in stored:
        where = f"line {line} of {path}"
        index = result.get("index")
        if not isinstance(index, int) or not 0 <= index < len(tasks):
            raise KameleonError(
                f"{where} holds a game numbered {index!r}; this tournament's are numbered 0 to {len(tasks) - 1}"
            )
        task = tasks[index]
        record = result.get("record")
        played = (result.get("game"), result.get("seed"), result.get("players"))
        options = record.get("options") if isinstance(record, dict) else None
        if played != (task.game, task.deal_seed, list(task.seats)) or options != task.options:
            raise KameleonError(
                f"{where} holds a game of another tournament (another game, options, bots or seed): "
                "resume with the command that started it"
            )
        if result.get("move_time", task.move_time) != task.move_time:
            played = result["move_time"]
            at = f"at --move-time {played}" if played is not None else "without --move-time"
            raise KameleonError(f"{where} holds a game played {at}: resume as it was started")
        if result.get("iterations") != task.iterations:
            count = result.get("iterations")
            at = f"at --iterations {count}" if count is not None else "without --iterations"
            raise KameleonError(f"{where} holds a game played {at}: resume as it was started")
        _check_stored_game(where, result)
        if index in found:
            raise KameleonError(f"{where} holds game number {index} again")
        found[index] = result
    write_whole(path, "".join(_line(result) for _, result in stored))  # without a torn last line
    return sorted(found.values(), key=lambda r: r["index"])


def _check_stored_game(where: str, result: dict[str, Any]) -> None:
    """A kept game counts only if its record replays to the scores and winners the line reports."""
    try:
        state = replay(result["record"])
    except KameleonError as exc:
        raise KameleonError(f"the game on {where} does not replay: {exc}") from None
    if not state.is_terminal:
        raise KameleonError(f"the game on {where} is not finished")
    if (result.get("scores"), result.get("winners")) != (state.scores(), state.winners()):
        raise KameleonError(
            f"the game on {where} reports scores {result.get('scores')} and winners {result.get('winners')}, "
            f"but its record gives {state.scores()} and {state.winners()}"
        )


def read_results(path: str | Path) -> list[dict[str, Any]]:
    """The games of a tournament's JSON-lines file. A last line cut short by a crash (no newline at its end) is
    ignored; any other line that is not a game is refused, named by its number, since the file is then not
    (only) a tournament's."""
    return [result for _, result in _numbered_results(path)]


def _numbered_results(path: str | Path) -> list[tuple[int, dict[str, Any]]]:
    """`read_results`, each game with the number of its line (1 = the first, as `kameleon analyse --game`)."""
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.readlines()
    except UnicodeDecodeError:
        raise KameleonError(f"{path} is not a tournament's file: it is not text in UTF-8") from None
    results = []
    for number, line in enumerate(lines, start=1):
        try:
            result = parse_json(line, f"line {number} of {path}")
        except KameleonError:
            if number < len(lines) or line.endswith("\n"):
                raise
            continue  # torn by a crash while it was written
        if not isinstance(result, dict):
            raise KameleonError(f"line {number} of {path} is not a tournament's game: it holds no JSON object")
        results.append((number, result))
    return results


__all__ = [
    "BotStats",
    "GameTask",
    "Sent",
    "Tournament",
    "agent_seeds",
    "deal_seed",
    "lineups",
    "normalise_spec",
    "play_game",
    "read_results",
    "run_tasks",
    "run_tournament",
    "summarize",
    "summary_json",
    "wilson",
]
