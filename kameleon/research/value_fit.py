"""Fit the weights of a game's learned position value (`Game.value_model()`) for one number of players.

    kameleon research fit-value GAME [--players 2] [--games 40000] [--seed 10000] [--workers 2]
                                     [--teacher medium] [--write] [--out FILE] [--resume]

Plays games between `--teacher` bots (`medium` unless told; a searching level
with its budget in iterations, `expert@300`, so that the games replay). In
`DETOUR_SHARE` of them a stretch of `DETOUR_MOVES` uniformly random moves starts
at a random ply of the first `DETOUR_WITHIN`, because ISMCTS asks for values at
the end of random rollouts, not only of greedy play; in a game that always
starts from the same position (`Game.random_setup` false: Le Caméléon) every
game gets one, or games between bots that search alike would all be the same.
Every position before the game's end that the model samples (Chromino: no
seat is out yet) is a sample: every seat's features (`ValueModel.measure`),
labelled by who won (a share of 1/k for each of k co-winners; a draw gives each
seat half). Each stage gets a multinomial (conditional) logistic regression without intercept, the chance of seat `i`
being `exp(w . f_i) / sum(exp(w . f_j))`, so the score is the same rule for every
seat; with two players it is the logistic regression on the difference of the
seats' features. It is fitted by Newton's method with a small ridge penalty on
the games but every fifth; the held-out games give the log-loss printed beside
that of a coin toss (log of the number of players: 0.693 for two).

Each game's positions are kept as it ends (`--out`, default `fit-value/` in
kameleon's data directory, deleted once the fit is done), so a stopped fit goes
on with `--resume` and plays only the games it had not finished.

`--write` puts the fitted weights of that number of players into the weights
file (`ValueModel.weights_file`, data shipped in the game's package), keeping the
others; without it they are printed.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from kameleon.ai import make_agent
from kameleon.ai.levels import replayable_spec
from kameleon.engine.errors import BrokenGame, KameleonError
from kameleon.engine.home import data_dir
from kameleon.engine.hooks import ValueModel
from kameleon.engine.registry import game_class, games, load
from kameleon.engine.seeding import MAX_SEED
from kameleon.research.pool import worker_pool

DETOUR_SHARE = 0.6
DETOUR_MOVES = 10
DETOUR_WITHIN = 60
RIDGE = 1e-3
NEWTON_STEPS = 25
HELD_OUT = 5
"""Every `HELD_OUT`-th game is kept out of the fit to measure it."""
DECIMALS = 3
"""Weights are kept to this many decimals: finer digits are noise of the sample."""

Sample = tuple[int, list[float], list[list[float]]]
"""(stage, each seat's share of the win, each seat's features)."""
Fit = tuple[tuple[float, ...], int, float]
"""(weights, held-out positions, held-out log-loss)."""


def fittable() -> list[str]:
    """The games that offer a learned value to fit (plug-ins included; one that does not load is left out)."""
    found = []
    for name in games():
        try:
            if game_class(name).value_model() is not None:
                found.append(name)
        except BrokenGame:
            continue
    return found


def model(game: str) -> ValueModel:
    """The learned value of `game` (KameleonError naming the games that have one if it has none)."""
    found = game_class(game).value_model()
    if found is None:
        raise KameleonError(
            f"there is no learned value to fit for {game!r}; games with one: {', '.join(fittable()) or 'none'}"
        )
    return found


def check(game: str, games: int, seed: int, workers: int, players: int, teacher: str = "medium") -> None:
    """Refuse an unknown game, one without a learned value, or bad settings, before the first game
    (KameleonError)."""
    allowed = model(game).players
    replayable_spec(teacher, "--teacher")
    if games < 2 * HELD_OUT:
        raise KameleonError(
            f"--games must be at least {2 * HELD_OUT} (every {HELD_OUT}th game is held out), not {games}"
        )
    if workers < 1:
        raise KameleonError(f"--workers must be at least 1, not {workers}")
    if not 0 <= seed <= MAX_SEED - games + 1:
        raise KameleonError(f"--seed must be from 0 to {MAX_SEED - games + 1} (the deals are --seed, --seed + 1, ...)")
    if players not in allowed:
        if len(allowed) == 1:
            raise KameleonError(f"--players must be {allowed.start} in {game}, not {players}")
        raise KameleonError(f"--players must be from {allowed.start} to {allowed.stop - 1}, not {players}")


def record(seed: int, game: str, players: int = 2, teacher: str = "medium") -> list[Sample]:
    """The samples of one game of `game` with `players` seats dealt from `seed`, played by `teacher` bots."""
    value = model(game)
    rng = random.Random(seed)
    state: Any = load(game, players=players).new_state(seed)
    agents = [make_agent(teacher, players * seed + seat) for seat in range(players)]
    detour = not state.game.random_setup or rng.random() < DETOUR_SHARE
    start = rng.randrange(DETOUR_WITHIN) if detour else -1
    seen: list[tuple[int, list[list[float]]]] = []
    ply = 0
    while not state.is_terminal:
        if value.sampled is None or value.sampled(state):
            seen.append((value.stage(state), [value.measure(state, seat) for seat in range(players)]))
        if 0 <= start <= ply < start + DETOUR_MOVES:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        else:
            state.apply(agents[state.current_player].act(state))
        ply += 1
    winners = state.winners()
    label = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]
    return [(stage, label, features) for stage, features in seen]


def _chances(x: Any, w: Any) -> Any:
    """Each seat's win chance under weights `w`, for features `x` of shape (positions, seats, features)."""
    import numpy as np

    z = x @ w
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def fit_softmax(x: Any, y: Any) -> Any:
    """Weights `w` maximising the likelihood of win shares `y` (positions, seats) under `_chances(x, w)`, ridge
    `RIDGE`."""
    import numpy as np

    features = x.shape[2]
    w = np.zeros(features)
    ridge = RIDGE * np.eye(features)
    for _ in range(NEWTON_STEPS):
        p = _chances(x, w)
        gradient = np.einsum("mi,mif->f", p - y, x) + RIDGE * w
        mean = np.einsum("mi,mif->mf", p, x)
        hessian = np.einsum("mi,mif,mig->fg", p, x, x) - mean.T @ mean + ridge
        w -= np.linalg.solve(hessian, gradient)
    return w


def log_loss(x: Any, y: Any, w: Any) -> float:
    """Mean log-loss of weights `w` for features `x` and win shares `y`."""
    import numpy as np

    p = np.clip(_chances(x, w), 1e-12, 1.0)
    return float(-np.mean((y * np.log(p)).sum(axis=1)))


def fit(
    game: str,
    games: int,
    seed: int,
    workers: int,
    players: int = 2,
    *,
    teacher: str = "medium",
    on_game: Callable[[], None] | None = None,
    kept: Path | None = None,
    resume: bool = False,
) -> dict[int, Fit]:
    """Stage -> (weights, held-out positions, held-out log-loss) of `game`'s learned value, from `games` games
    dealt from `seed` on and played by `teacher` bots; `on_game()` runs as each game has been played (or is
    found kept). With `kept`, each game's samples are written there as it ends (`KeptGames`), and `resume`
    plays only the games that file does not hold yet: the fit is the same as one run without a stop."""
    import numpy as np

    value = model(game)
    if resume and kept is None:
        raise KameleonError("resume needs the file the games were kept in (kept)")
    fitted = {"game": game, "players": players, "teacher": teacher, "seed": seed}
    store = None if kept is None else KeptGames(kept, fitted)
    played = {} if store is None else store.open(resume, seed, games)
    rows: dict[int, list[tuple[bool, list[float], list[list[float]]]]] = {s: [] for s in range(1, value.stages + 1)}
    for _ in played:
        if on_game is not None:
            on_game()
    missing = [deal for deal in range(seed, seed + games) if deal not in played]
    with worker_pool(workers) as pool:
        play = partial(record, game=game, players=players, teacher=teacher)
        for deal, samples in zip(missing, pool.imap(play, missing), strict=True):
            played[deal] = samples
            if store is not None:
                store.add(deal, samples)
            if on_game is not None:
                on_game()
    for deal in range(seed, seed + games):
        held = (deal - seed) % HELD_OUT == 0
        for stage, label, features in played[deal]:
            rows[stage].append((held, label, features))
    found: dict[int, Fit] = {}
    for stage, stage_rows in rows.items():
        test = np.array([r[0] for r in stage_rows], dtype=bool)
        y = np.array([r[1] for r in stage_rows]).reshape(len(stage_rows), players)
        x = np.array([r[2] for r in stage_rows]).reshape(len(stage_rows), players, len(value.features))
        if (~test).sum() < len(value.features) or not test.any():
            raise KameleonError(f"too few positions at stage {stage} to fit it; play more games")
        w = fit_softmax(x[~test], y[~test])
        found[stage] = (tuple(float(v) for v in w), int(test.sum()), log_loss(x[test], y[test], w))
    return found


def default_kept(game: str, players: int, teacher: str, seed: int) -> Path:
    """Where `kameleon research fit-value` keeps a fit's games until it is done: `fit-value/` in kameleon's data
    directory, one file per fit (its settings' hash in the name, so two different fits never share one)."""
    key = json.dumps({"game": game, "players": players, "teacher": teacher, "seed": seed}, sort_keys=True)
    return data_dir() / "fit-value" / f"{game}-{players}p-{hashlib.sha256(key.encode()).hexdigest()[:10]}.jsonl"


class KeptGames:
    """The samples of a fit's games, one JSON line per game as it ends (`{"deal": N, "samples": [...]}`, about
    10 kB a game with 2 players) after a first line naming the fit (`{"fit-value": {game, players, teacher,
    seed}}`), so that a stopped fit goes on where it stopped (`fit(..., resume=True)`) rather than playing its
    games again. Lines end in a bare newline on every system and are read as bytes: a line a stop cut short
    is cut off the file, and its game played again."""

    def __init__(self, path: Path, fit: dict[str, Any]) -> None:
        self.path = path
        self.fit = fit

    def open(self, resume: bool, seed: int, games: int) -> dict[int, list[Sample]]:
        """The games kept so far (none for a new fit), the file ready to take the next ones. KameleonError for
        a file of another fit or of no fit, a damaged line, or a new fit over kept games."""
        if self.path.exists() and not self.path.is_file():
            raise KameleonError(f"{self.path} is not a file: the fit keeps its games in a file")
        kept = self.path.is_file() and self.path.stat().st_size > 0
        if kept and not self._is_a_fit():
            raise KameleonError(
                f"{self.path} is not a file of a fit's games (its first line names no fit): --out names the file"
                " a fit keeps its games in; choose another, or delete it"
            )
        if kept and not resume:
            raise KameleonError(
                f"{self.path} holds the games of a fit: add --resume to go on with it, or delete it to start again"
            )
        if not kept:
            if resume:
                raise KameleonError(f"nothing to resume: {self.path} holds no fit's games")
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                with self.path.open("wb") as file:
                    file.write((json.dumps({"fit-value": self.fit}) + "\n").encode("utf-8"))
            except OSError as exc:
                raise KameleonError(f"cannot keep the fit's games in {self.path}: {exc.strerror or exc}") from None
            return {}
        try:
            return self._read(seed, games)
        except OSError as exc:
            raise KameleonError(f"cannot read {self.path}: {exc.strerror or exc}") from None

    def _is_a_fit(self) -> bool:
        """Whether the file begins with a fit's first line (whichever fit's)."""
        try:
            with self.path.open("rb") as file:
                line = file.readline()
            head = json.loads(line.decode("utf-8")) if line.endswith(b"\n") else None  # a whole first line
        except (OSError, UnicodeDecodeError, ValueError):
            return False
        return isinstance(head, dict) and isinstance(head.get("fit-value"), dict)

    def _read(self, seed: int, games: int) -> dict[int, list[Sample]]:
        played: dict[int, list[Sample]] = {}
        whole = 0  # bytes up to the end of the last complete line
        with self.path.open("rb") as file:
            for number, raw in enumerate(file, start=1):
                if not raw.endswith(b"\n"):
                    break  # cut short by a stop: cut off below, its game played again
                entry = self._entry(number, raw)
                if number == 1:
                    self._check_head(entry)
                else:
                    deal, samples = self._game(number, entry)
                    if seed <= deal < seed + games:
                        played[deal] = samples
                whole += len(raw)
        if whole == 0:
            self._check_head(None)
        if whole < self.path.stat().st_size:
            with self.path.open("r+b") as file:
                file.truncate(whole)
        return played

    def _entry(self, number: int, raw: bytes) -> Any:
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise KameleonError(
                f"line {number} of {self.path} is not a kept game (not JSON): delete the file"
            ) from None

    def _check_head(self, entry: Any) -> None:
        if not isinstance(entry, dict) or entry.get("fit-value") != self.fit:
            shown = entry.get("fit-value") if isinstance(entry, dict) else None
            raise KameleonError(
                f"{self.path} holds the games of another fit ({shown}), not of {self.fit}: resume with its settings,"
                " or delete it to start again"
            )

    def _game(self, number: int, entry: Any) -> tuple[int, list[Sample]]:
        try:
            deal = entry["deal"]
            samples = [(int(s), list(y), list(x)) for s, y, x in entry["samples"]]
            if not isinstance(deal, int) or isinstance(deal, bool):
                raise TypeError("its deal is not a whole number")
        except (TypeError, KeyError, ValueError) as exc:
            raise KameleonError(f"line {number} of {self.path} is not a kept game ({exc}): delete the file") from None
        return deal, samples

    def add(self, deal: int, samples: list[Sample]) -> None:
        line = json.dumps({"deal": deal, "samples": samples}, separators=(",", ":")) + "\n"
        try:
            with self.path.open("ab") as file:
                file.write(line.encode("utf-8"))
        except OSError as exc:
            raise KameleonError(f"cannot keep the fit's games in {self.path}: {exc.strerror or exc}") from None


def stage_weights(found: dict[int, Fit]) -> dict[int, tuple[float, ...]]:
    """Stage -> weights of a fit, to `DECIMALS` decimals (no negative zero)."""
    return {stage: tuple(round(w, DECIMALS) + 0.0 for w in row) for stage, (row, _, _) in found.items()}


def weights_text(game: str, players: int, found: dict[int, Fit]) -> str:
    """The weights file holding only this fit (what is printed without `--write`)."""
    return model(game).text({players: stage_weights(found)})


def kept_weights(game: str, path: Path | None = None) -> dict[int, dict[int, tuple[float, ...]]]:
    """The weights the file at `path` (default: the one shipped with the game) holds, which a fit's `write`
    keeps: none for a new file at a path of the caller's. A shipped file that is missing, or any file that does
    not read, is refused (KameleonError) rather than replaced by one that would lose the other counts; call it
    before the games, so a fit is never played for a file it cannot write."""
    value = model(game)
    target = value.weights_file if path is None else path
    if path is not None and target.is_dir():
        raise KameleonError(f"--weights {target}: it is a folder; name the weights file (.json) in it")
    if path is not None and not target.exists():
        if not target.parent.is_dir():
            raise KameleonError(f"--weights {target}: the folder {target.parent} does not exist")
        return {}
    try:
        return value.load(target)
    except KameleonError as exc:
        if path is None:
            raise KameleonError(f"{exc}: reinstall kameleon") from None
        raise KameleonError(f"--weights {target}: {exc}") from None


def write(game: str, players: int, found: dict[int, Fit], path: Path | None = None) -> None:
    """Put the weights of `players` into the weights file at `path` (default: the one shipped with the game),
    keeping the other counts (`kept_weights`: a new file at a path of the caller's holds this count alone)."""
    value = model(game)
    weights = kept_weights(game, path)
    weights[players] = stage_weights(found)
    value.save(weights, value.weights_file if path is None else path)
