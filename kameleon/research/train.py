"""Train a game's value network by self-play, for the `expert` level.

    kameleon research train GAME [--players 2] [--generations 3] [--games 2000] [--teacher medium]
                                 [--workers 2] [--out DIR] [--resume] [--install [--force]] [--ray ADDRESS]

Generation 0 plays games between `--teacher` bots (`medium` unless told; a
searching level with a budget in iterations, `hard@50`, where `medium`'s games
say too little about who wins a position). Each later generation plays
`expert@ITERATIONS` against itself with the previous generation's network (the
same search the level plays, with a fixed budget so a run replays exactly).
Every game leaves the bots' play for a stretch of random moves, because the
search asks for values of positions that the bots never reach: in
`DETOUR_SHARE` of the games `DETOUR_MOVES` of them from a random ply of the
first `DETOUR_WITHIN`, in the others the first `OPENING_MOVES`. Every position
before the end is a sample: each seat's `Game.network_input()` encoding,
labelled by its share of the win (1/k for each of k co-winners).

The network (`kameleon.ai.network`, ReLU layers `HIDDEN`) is fitted by Adam on
the softmax cross-entropy of the seats' logits, over the samples of the last
`WINDOW` generations, warm-started from the previous generation's network.
Every `HELD_OUT`-th game is kept out of the fit; its log-loss is measured after
each epoch, the fit stops once it no longer improves (`PATIENCE`) and keeps its
best epoch, and it is reported beside that of a coin (log of the number of players).

Everything is kept in `--out` as it is made: `samples-<k>/` (a generation's
positions, written game by game and read a batch at a time: `kameleon.research.samples`),
`network-<k>.npz` and `progress.json`. `--resume` goes on after
the last generation whose network was written, up to `--generations` (the run's other settings are
kept). A run stopped while a generation's games were played plays them again;
one stopped after them (during the fit) fits again from the kept samples (the
games are seeded, so nothing differs either way).
`--install` copies the final network to the game's package
(`Game.network_dir()`), where `expert` finds it, unless the network there predicted
its own held-out games better (`--force` replaces it anyway).

Training needs NumPy only; games are played on local processes or on a Ray
cluster (`--ray`, as tournaments do).
"""

from __future__ import annotations

import json
import platform
import random
import shutil
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np

from kameleon.ai import make_agent, network
from kameleon.ai.expert import ExpertAgent, network_file
from kameleon.ai.levels import replayable_spec
from kameleon.ai.tournament import check_ray
from kameleon.engine.errors import KameleonError
from kameleon.engine.game import Game
from kameleon.engine.provenance import code_version
from kameleon.engine.registry import load
from kameleon.research import samples

DETOUR_SHARE = 0.6
DETOUR_MOVES = 8
DETOUR_WITHIN = 40
OPENING_MOVES = 7
"""Random moves that open the games without a detour (every game has a random stretch somewhere)."""
HIDDEN = (128, 64)
WINDOW = 2
"""Generations whose samples a fit uses (the newest first)."""
HELD_OUT = 10
BATCH = 512
LEARNING_RATE = 1e-3
WEIGHT_DECAY = 1e-5
PATIENCE = 1
"""Epochs without a better held-out log-loss before a fit stops (it keeps its best epoch)."""
PROGRESS = "progress.json"


@dataclass(frozen=True)
class Settings:
    """What a training run is; kept in `progress.json`, so `--resume` goes on with the same."""

    game: str
    players: int = 2
    generations: int = 3
    games: int = 2000
    iterations: int = 100
    """The self-play budget of generations after the first (search iterations per move)."""
    epochs: int = 6
    seed: int = 1
    sample_every: int = 1
    """Keep one position in this many of each game (long games repeat themselves; memory)."""
    hidden: tuple[int, ...] = HIDDEN
    teacher: str = "medium"
    """The level that plays generation 0's games, as a bot spec; a searching one with `@ITERATIONS`."""

    def check(self) -> Game[Any]:
        """The game these settings train, or a KameleonError naming the first setting that is wrong."""
        for name, value in (
            ("generations", self.generations), ("iterations", self.iterations), ("epochs", self.epochs),
            ("sample-every", self.sample_every),
        ):  # fmt: skip
            if value < 1:
                raise KameleonError(f"--{name} must be at least 1, not {value}")
        if self.games < 2 * HELD_OUT:
            raise KameleonError(
                f"--games must be at least {2 * HELD_OUT} (every {HELD_OUT}th game is held out), not {self.games}"
            )
        if self.seed < 0:
            raise KameleonError(f"--seed must not be negative, not {self.seed}")
        if self.players < 2:
            raise KameleonError(
                f"--players must be at least 2, not {self.players}: the network judges the seats against each other"
            )
        replayable_spec(self.teacher, "--teacher")
        try:
            game = load(self.game, players=self.players)
        except KameleonError as exc:
            raise KameleonError(f"{self.game} --players {self.players}: {exc}") from None
        if game.network_input() is None:
            raise KameleonError(f"{self.game} offers no network input (Game.network_input), so it cannot be trained")
        return game

    def differences(self, given: Mapping[str, Any]) -> list[str]:
        """The settings in `given` (name -> value, None: not given) that differ from these, as `--name value`."""
        return [
            f"--{name.replace('_', '-')} {value}"
            for name, value in given.items()
            if value is not None and name != "generations" and getattr(self, name) != value
        ]


@dataclass
class Progress:
    """What `progress.json` says: the settings and the generations done, with their figures."""

    settings: Settings
    done: list[dict[str, Any]] = field(default_factory=list)

    def save(self, folder: Path) -> None:
        text = json.dumps({"settings": asdict(self.settings), "done": self.done}, indent=1)
        partial = folder / (PROGRESS + ".part")
        partial.write_text(text)
        partial.replace(folder / PROGRESS)

    @classmethod
    def read(cls, folder: Path) -> Progress:
        path = folder / PROGRESS
        if folder.is_file():
            raise KameleonError(f"--out {folder} is a file; a training run needs a folder")
        try:
            data = json.loads(path.read_text())
            if not isinstance(data, dict) or not isinstance(data.get("settings", {}), dict):
                raise ValueError("it is not a JSON object with an object of settings")
            missing = [key for key in ("settings", "done") if key not in data]
            missing += [f"settings.{key}" for key in ("game", "hidden") if key not in data.get("settings", {})]
            if missing:
                raise KeyError(", ".join(missing))
            raw = dict(data["settings"])
            raw["hidden"] = tuple(raw["hidden"])
            return cls(Settings(**raw), list(data["done"]))
        except FileNotFoundError:
            raise KameleonError(f"nothing to resume in {folder}: it has no {PROGRESS}") from None
        except OSError as exc:
            raise KameleonError(f"cannot read {path}: {exc.strerror or exc}") from None
        except KeyError as exc:
            raise KameleonError(f"{path} is not a training progress file: it has no {exc.args[0]}") from None
        except (ValueError, TypeError) as exc:
            raise KameleonError(f"{path} is not a training progress file ({exc})") from None


# --- self-play -------------------------------------------------------------------


def game_seed(settings: Settings, generation: int, index: int) -> int:
    return settings.seed * 1_000_003 + generation * 100_003 + index


def play(task: tuple[Settings, int, int, str | None]) -> tuple[np.ndarray, np.ndarray]:
    """One self-play game: (encodings (positions, seats, input), win shares (positions, seats))."""
    settings, generation, index, net = task
    seed = game_seed(settings, generation, index)
    game = load(settings.game, players=settings.players)
    encoding = game.network_input()
    assert encoding is not None
    n = settings.players
    rng = random.Random(seed)
    state: Any = game.new_state(seed)
    if net is None:
        agents: list[Any] = [make_agent(settings.teacher, n * seed + seat) for seat in range(n)]
    else:
        agents = [ExpertAgent(n * seed + seat, iterations=settings.iterations, network=net) for seat in range(n)]
    if rng.random() < DETOUR_SHARE:
        start = rng.randrange(DETOUR_WITHIN)
        end = start + DETOUR_MOVES
    else:
        start, end = 0, OPENING_MOVES
    every = settings.sample_every
    offset = rng.randrange(every)
    rows: list[list[Any]] = []
    ply = 0
    while not state.is_terminal:
        if ply % every == offset:
            rows.append([encoding.encode(state, seat) for seat in range(n)])
        if start <= ply < end:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        else:
            state.apply(agents[state.current_player].act(state))
        ply += 1
    winners = state.winners()
    share = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(n)]
    x = np.array(rows, dtype=np.float32).reshape(len(rows), n, encoding.size)
    y = np.tile(np.array(share, dtype=np.float32), (len(rows), 1))
    return x, y


def self_play(
    settings: Settings,
    generation: int,
    net: Path | None,
    out: Path,
    *,
    workers: int,
    ray_address: str | None,
    on_game: Callable[[], None],
) -> None:
    """Play a generation's games, each one's samples kept in `out` as it ends (`kameleon.research.samples`)."""
    encoding = load(settings.game, players=settings.players).network_input()
    assert encoding is not None
    tasks = [(settings, generation, i, None if net is None else str(net)) for i in range(settings.games)]
    with samples.Writer(out, generation, settings.players, encoding.size) as kept:
        for i, (x, y) in enumerate(_played(tasks, workers, ray_address)):
            kept.add(x, y, i)
            on_game()


def _played(
    tasks: list[tuple[Settings, int, int, str | None]], workers: int, ray_address: str | None
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """The games' samples in task order, played here, on local processes or on Ray."""
    if ray_address is not None:
        yield from _played_on_ray(tasks, workers, ray_address)
    elif workers > 1:
        pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn"))
        try:
            futures = deque(pool.submit(play, task) for task in tasks)
            while futures:
                yield futures.popleft().result()  # each game's samples let go once written
        except BaseException:
            # Stopped (Ctrl-C, a SIGTERM, an error): the games under way are dropped, and the pool, broken, fails
            # the futures left. None is cancelled (as Executor.map's would be, or the tournament's stop): Python
            # 3.11 reports a broken pool under cancelled futures with a traceback from its thread. The workers
            # are read from the pool's private table, as `tournament._stop_workers` does before Python 3.14.
            for process in list((pool._processes or {}).values()):
                process.kill()
            pool.shutdown(wait=True)
            raise
        pool.shutdown()
    else:
        yield from map(play, tasks)


def _played_on_ray(
    tasks: list[tuple[Settings, int, int, str | None]], workers: int, address: str
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    from kameleon.ai.tournament import ray_session

    with ray_session(address, workers) as ray:
        remote = ray.remote(num_cpus=1, max_retries=0)(play)
        for ref in [remote.remote(task) for task in tasks]:
            yield ray.get(ref)


# --- the fit -----------------------------------------------------------------------


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    out: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return out


def log_loss(net: network.ValueNetwork, x: np.ndarray, y: np.ndarray) -> float:
    """Mean cross-entropy of the seats' win chances against the win shares `y`."""
    if not len(x):
        return float("nan")
    m, n, d = x.shape
    _, z = net.forward(x.reshape(m * n, d))
    p = np.clip(_softmax(z.reshape(m, n)), 1e-9, 1.0)
    return float(-(y * np.log(p)).sum(axis=1).mean())


class Adam:
    """Adam over the network's arrays, in place."""

    def __init__(self, params: list[np.ndarray]) -> None:
        self.params = params
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, grads: list[np.ndarray]) -> None:
        self.t += 1
        b1, b2 = 0.9, 0.999
        scale = LEARNING_RATE * np.sqrt(1 - b2**self.t) / (1 - b1**self.t)
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            g = g + WEIGHT_DECAY * p
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            p -= (scale * m / (np.sqrt(v) + 1e-8)).astype(p.dtype)


def fit(
    net: network.ValueNetwork,
    window: samples.Window,
    epochs: int,
    rng: np.random.Generator,
    on_epoch: Callable[[], None] | None = None,
) -> list[float]:
    """Fit `net` in place to the window's fitted encodings (positions, seats, input) and win shares by
    minibatch Adam; returns the held-out log-loss after each epoch.

    The fit stops early: after each epoch the held-out log-loss is measured, the fit ends once it has not
    improved for `PATIENCE` epochs, and `net` keeps the weights of its best epoch (games are few and alike;
    more passes learn the games by heart)."""
    m = len(window)
    n, d = window.held[0].shape[1:]
    opt = Adam([*net.weights, *net.biases])
    layers = len(net.weights)
    losses: list[float] = []
    best: tuple[float, list[np.ndarray]] | None = None
    for _ in range(epochs):
        order = rng.permutation(m)
        for start in range(0, m, BATCH):
            pick = order[start : start + BATCH]
            k = len(pick)
            x, y = window.take(pick)
            acts, z = net.forward(x.reshape(k * n, d))
            p = _softmax(z.reshape(k, n))
            grad = ((p - y) / k).reshape(k * n, 1).astype(np.float32)
            gw: list[np.ndarray] = [np.empty(0)] * layers
            gb: list[np.ndarray] = [np.empty(0)] * layers
            for i in range(layers - 1, -1, -1):
                gw[i] = acts[i].T @ grad
                gb[i] = grad.sum(axis=0)
                if i:
                    grad = (grad @ net.weights[i].T) * (acts[i] > 0)
            opt.step([*gw, *gb])
        if on_epoch is not None:
            on_epoch()
        losses.append(log_loss(net, *window.held))
        if best is None or losses[-1] < best[0]:
            best = (losses[-1], [a.copy() for a in (*net.weights, *net.biases)])
        elif len(losses) - 1 - losses.index(best[0]) >= PATIENCE:
            break
    if best is not None:
        kept = best[1]
        net.weights[:] = kept[:layers]
        net.biases[:] = kept[layers:]
    return losses


# --- a whole run -----------------------------------------------------------------


@dataclass
class Hooks:
    """What a run tells its caller (the CLI's progress bar)."""

    generation: Callable[[int, int, bool], None] = lambda generation, games, first: None
    game: Callable[[], None] = lambda: None
    fitting: Callable[[int, int], None] = lambda generation, epochs: None
    epoch: Callable[[], None] = lambda: None


def train(
    settings: Settings,
    out: Path,
    *,
    resume: bool = False,
    workers: int = 1,
    ray_address: str | None = None,
    hooks: Hooks | None = None,
) -> Progress:
    """Run (or resume) training into folder `out`; returns the progress with each generation's figures."""
    hooks = hooks or Hooks()
    if workers < 1:
        raise KameleonError("--workers must be at least 1")
    check_ray(ray_address)  # before the run's folder is made: a refusal there would leave one behind
    if out.exists() and not out.is_dir():
        raise KameleonError(f"--out {out} is a file; a training run needs a folder")
    if resume:
        progress = Progress.read(out)
        if settings.generations < len(progress.done):
            raise KameleonError(
                f"--generations {settings.generations}: the run in {out} has already made {len(progress.done)}"
            )
        progress.settings = replace(progress.settings, generations=settings.generations)
        settings = progress.settings
    else:
        if (out / PROGRESS).exists():
            raise KameleonError(f"{out} already holds a training run: add --resume to go on with it, or choose --out")
        leftovers = sorted(p.name for p in out.glob("*") if p.name.startswith(("samples-", "network-")))
        if leftovers:
            raise KameleonError(
                f"{out} holds {leftovers[0]} but no {PROGRESS}: a new run would take another run's games for its"
                " own; choose another --out"
            )
        progress = Progress(settings)
    game = settings.check()
    encoding = game.network_input()
    assert encoding is not None
    try:
        out.mkdir(parents=True, exist_ok=True)
        progress.save(out)
    except OSError as exc:
        raise KameleonError(f"cannot write the run to {out}: {exc.strerror}") from None
    for generation in range(len(progress.done), settings.generations):
        started = time.perf_counter()
        previous = out / f"network-{generation - 1}.npz" if generation else None
        if previous is not None:  # checked before its games: they would be played without it
            try:
                network.load(previous, game=game.name, players=game.num_players, input_name=encoding.name)
            except network.NetworkError as exc:
                raise KameleonError(f"generation {generation} plays with the last one's network: {exc}") from None
        if not samples.kept(out, generation):  # else kept by a run stopped after its games: the same games
            hooks.generation(generation, settings.games, previous is None)
            self_play(settings, generation, previous, out, workers=workers, ray_address=ray_address,
                      on_game=hooks.game)  # fmt: skip
        played = time.perf_counter() - started
        window = samples.Window.read(
            out, range(max(0, generation - WINDOW + 1), generation + 1), HELD_OUT, (settings.players, encoding.size)
        )
        if not len(window) or not len(window.held[0]):
            raise KameleonError(
                f"generation {generation}'s games left {len(window)} positions to fit and {len(window.held[0])} held"
                f" out: play more games (--games) or keep more of each (--sample-every {settings.sample_every})"
            )
        rng = np.random.default_rng(game_seed(settings, generation, 0))
        if previous is None:
            net = network.new_network(
                settings.game, settings.players, encoding.name, [encoding.size, *settings.hidden, 1], rng
            )
        else:
            net = network.load(previous)
        hooks.fitting(generation, settings.epochs)
        losses = fit(net, window, settings.epochs, rng, hooks.epoch)
        figures = {
            "generation": generation,
            "games": settings.games,
            "positions": len(window) + len(window.held[0]),
            "held_out_log_loss": round(min(losses), 4),
            "epochs": losses.index(min(losses)) + 1,
            "coin_log_loss": round(float(np.log(settings.players)), 4),
            "self_play_seconds": round(played, 1),
            "seconds": round(time.perf_counter() - started, 1),
        }
        net.training = {
            "settings": asdict(settings),
            "generations": generation + 1,
            "seconds": round(sum(d["seconds"] for d in progress.done) + figures["seconds"], 1),
            "workers": workers,
            "machine": f"{platform.machine()}, Python {platform.python_version()}",
            "kameleon": code_version(),
            "held_out_log_loss": figures["held_out_log_loss"],
        }
        net.save(out / f"network-{generation}.npz")
        progress.done.append(figures)
        progress.save(out)
    return progress


def final_network(out: Path) -> Path:
    """The newest network a run in `out` wrote (KameleonError when there is none)."""
    progress = Progress.read(out)
    if not progress.done:
        raise KameleonError(f"{out} has no finished generation yet")
    return out / f"network-{len(progress.done) - 1}.npz"


def check_installable(game: Game[Any]) -> None:
    """Refuse to install a network `expert` would never read: a game it plays by alpha-beta (Le Caméléon)."""
    if ExpertAgent.by_alphabeta(game):
        raise KameleonError(
            f"--install: expert plays {game.name} by alpha-beta search and reads no network; the run's network "
            "plays only where its file is given (ExpertAgent(network=...))"
        )


def recorded_loss(path: Path) -> float | None:
    """The held-out log-loss a network file says it reached (its `training` record), or None: no file, a file that
    does not load, or one that does not say."""
    try:
        loss = network.load(path).training.get("held_out_log_loss")
    except (OSError, KameleonError, ValueError):
        return None
    return float(loss) if isinstance(loss, int | float) and not isinstance(loss, bool) else None


def install(out: Path, target: Path | None = None, *, force: bool = False) -> Path:
    """Copy the run's final network into the game's package, where `expert` loads it (or to `target`);
    returns where. The network is checked first: a file that would not load is never installed, nor one for a
    game `expert` plays without a network (`check_installable`). A network already there that predicted its own
    held-out games better is kept unless `force`: a short trial run must not replace a shipped network by
    accident (the two were judged on different held-out games, so the comparison is a guard, not a verdict)."""
    progress = Progress.read(out)
    source = final_network(out)
    game = load(progress.settings.game, players=progress.settings.players)
    if target is None:
        check_installable(game)
    target = network_file(game) if target is None else target
    if target is None:
        raise KameleonError(f"{game.name} has no folder for networks (Game.network_dir)")
    encoding = game.network_input()
    network.load(source, game=game.name, players=game.num_players, input_name=encoding.name if encoding else None)
    mine, theirs = recorded_loss(source), recorded_loss(target)
    if not force and mine is not None and theirs is not None and mine > theirs:
        raise KameleonError(
            f"{target} predicted its held-out games better (log-loss {theirs:.3f}) than this run's network"
            f" ({mine:.3f}): it is kept; add --force to replace it"
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    return target
