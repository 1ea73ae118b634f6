"""Fit the weights of Chromino's learned position value (`value.WEIGHTS`).

    python -m kameleon.games.chromino.value_fit [--games 40000] [--seed 10000] [--workers 2] [--write]

Plays two-player games between two `medium` bots. In `DETOUR_SHARE` of them a
stretch of `DETOUR_MOVES` uniformly random moves starts at a random ply of the
first `DETOUR_WITHIN`, because ISMCTS asks for values at the end of random
rollouts, not only of greedy play. Every position before the game's end in
which no seat is out is a sample: the two seats' `value.features`, labelled 1
if seat 0 won, 0 if seat 1 did and 1/2 for a shared win. Each stage gets a
logistic regression without intercept on the difference of the seats'
features (so the score is the same rule for every seat), fitted by Newton's
method with a small ridge penalty, on the games but every fifth; the held-out
games give the log-loss printed beside that of a coin toss (0.693).

`--write` puts the fitted weights into `value.py`; without it they are printed.
Needs numpy (the `rl` extra).
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.progress import Progress

from kameleon.ai import make_agent
from kameleon.engine.registry import load
from kameleon.games.chromino import value

DETOUR_SHARE = 0.6
DETOUR_MOVES = 10
DETOUR_WITHIN = 60
RIDGE = 1e-3
NEWTON_STEPS = 25
HELD_OUT = 5
"""Every `HELD_OUT`-th game is kept out of the fit to measure it."""


def record(seed: int) -> list[tuple[int, float, list[float], list[float]]]:
    """The samples of one game: (stage, label, seat 0's features, seat 1's features)."""
    rng = random.Random(seed)
    state: Any = load("chromino", players=2).new_state(seed)
    agents = [make_agent("medium", 2 * seed), make_agent("medium", 2 * seed + 1)]
    start = rng.randrange(DETOUR_WITHIN) if rng.random() < DETOUR_SHARE else -1
    seen: list[tuple[int, list[float], list[float]]] = []
    ply = 0
    while not state.is_terminal:
        if not any(state.out):
            seen.append((value.stage(state), value.features(state, 0), value.features(state, 1)))
        if 0 <= start <= ply < start + DETOUR_MOVES:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        else:
            seat = state.current_player
            state.apply(agents[seat].act(state))
        ply += 1
    winners = state.winners()
    label = 0.5 if len(winners) > 1 else 1.0 if winners == [0] else 0.0
    return [(stage, label, mine, theirs) for stage, mine, theirs in seen]


def fit_logistic(x: Any, y: Any) -> Any:
    """Weights `w` maximising the likelihood of labels `y` (in [0, 1]) under `sigmoid(x @ w)`, ridge `RIDGE`."""
    import numpy as np

    w = np.zeros(x.shape[1])
    ridge = RIDGE * np.eye(x.shape[1])
    for _ in range(NEWTON_STEPS):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) + RIDGE * w
        hessian = (x * (p * (1.0 - p))[:, None]).T @ x + ridge
        w -= np.linalg.solve(hessian, gradient)
    return w


def log_loss(z: Any, y: Any) -> float:
    """Mean log-loss of log-odds `z` for labels `y`."""
    import numpy as np

    p = np.clip(1.0 / (1.0 + np.exp(-z)), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(games: int, seed: int, workers: int) -> dict[int, tuple[tuple[float, ...], int, float]]:
    """Stage -> (weights, held-out samples, held-out log-loss), from `games` games dealt from `seed` on."""
    import numpy as np

    rows: dict[int, list[tuple[bool, float, list[float]]]] = {s: [] for s in range(1, value.STAGES + 1)}
    with Progress(transient=True) as progress:
        bar = progress.add_task("chromino: greedy games", total=games)
        with multiprocessing.Pool(workers) as pool:
            for i, samples in enumerate(pool.imap(record, range(seed, seed + games), chunksize=25)):
                held = i % HELD_OUT == 0
                for stage, label, mine, theirs in samples:
                    rows[stage].append((held, label, [a - b for a, b in zip(mine, theirs, strict=True)]))
                progress.advance(bar)
    found: dict[int, tuple[tuple[float, ...], int, float]] = {}
    for stage, stage_rows in rows.items():
        held = np.array([r[0] for r in stage_rows], dtype=bool)
        y = np.array([r[1] for r in stage_rows])
        x = np.array([r[2] for r in stage_rows]).reshape(len(stage_rows), len(value.FEATURES))
        if (~held).sum() < len(value.FEATURES) or not held.any():
            raise ValueError(f"too few positions at stage {stage} to fit it; play more games")
        w = fit_logistic(x[~held], y[~held])
        found[stage] = (tuple(float(v) for v in w), int(held.sum()), log_loss(x[held] @ w, y[held]))
    return found


def weights_block(found: dict[int, tuple[tuple[float, ...], int, float]]) -> str:
    """The `WEIGHTS` literal of `value.py`."""
    lines = [f"    {stage}: ({', '.join(f'{w:.3f}' for w in weights)})," for stage, (weights, _, _) in found.items()]
    return "WEIGHTS: dict[int, tuple[float, ...]] = {\n" + "\n".join(lines) + "\n}"


def write(block: str, path: Path = Path(value.__file__)) -> None:
    source = path.read_text(encoding="utf-8")
    pattern = re.compile(r"^WEIGHTS: dict\[int, tuple\[float, \.\.\.\]\] = \{\n.*?^\}", re.DOTALL | re.MULTILINE)
    if not pattern.search(source):
        raise ValueError(f"no WEIGHTS block found in {path}")
    path.write_text(pattern.sub(lambda _: block, source, count=1), encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m kameleon.games.chromino.value_fit", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=40000, help="games to play (default 40000)")
    parser.add_argument("--seed", type=int, default=10000, help="first deal seed (default 10000)")
    parser.add_argument("--workers", type=int, default=2, help="local processes (default 2)")
    parser.add_argument("--write", action="store_true", help="put the weights into value.py instead of printing")
    args = parser.parse_args(argv)
    if args.games < 2 * HELD_OUT or args.workers < 1 or args.seed < 0:
        bounds = f"--games must be at least {2 * HELD_OUT}, --workers at least 1 and --seed not negative"
        print(f"error: {bounds}", file=sys.stderr)
        return 2
    if importlib.util.find_spec("numpy") is None:
        print("error: the fit needs numpy, which the rl extra installs", file=sys.stderr)
        return 2
    try:
        found = fit(args.games, args.seed, args.workers)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("| stage | held-out positions | log-loss (coin: 0.693) |")
    print("| --- | --- | --- |")
    for stage, (_, held, loss) in found.items():
        print(f"| {stage} | {held} | {loss:.3f} |")
    block = weights_block(found)
    if args.write:
        try:
            write(block)
        except (OSError, ValueError) as exc:
            print(block)  # the fit is not lost: it can be pasted by hand
            print(f"error: the weights above could not be written: {exc}", file=sys.stderr)
            return 2
        print(f"weights written to {value.__file__}")
    else:
        print(block)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
