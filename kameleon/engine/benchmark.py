"""Speed measurements of an engine: random games per second and the cost of each protocol call."""

from __future__ import annotations

import gc
import random
import time
from dataclasses import asdict, dataclass
from typing import Any

from kameleon.engine.game import Game, State


@dataclass(frozen=True)
class EngineBench:
    game: str
    options: dict[str, Any]
    games: int
    seconds: float
    games_per_s: float
    moves_per_s: float
    mean_moves_per_game: float
    capped_games: int
    legal_actions_us: float
    apply_us: float
    clone_us: float

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def random_game(state: State[Any], rng: random.Random, max_moves: int | None) -> int:
    """Play uniformly random legal moves to the end (or `max_moves`); returns the moves played."""
    randrange = rng.randrange
    moves = 0
    while not state.is_terminal:
        if max_moves is not None and moves >= max_moves:
            break
        actions = state.legal_actions()
        state.apply(actions[randrange(len(actions))])
        moves += 1
    return moves


def bench_engine(game: Game[Any], seconds: float = 5.0, seed: int = 0, max_moves: int | None = None) -> EngineBench:
    """Random full games for `seconds` (single thread), then per-call costs on states sampled from them."""
    rng = random.Random(seed)
    games = moves = capped = 0
    start = time.perf_counter()
    while True:
        state = game.new_state(seed + games)
        played = random_game(state, rng, max_moves)
        moves += played
        capped += not state.is_terminal
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    samples = _sample_states(game, rng, seed, max_moves)
    legal_us, apply_us, clone_us = _call_costs(samples, rng)
    return EngineBench(
        game=game.name,
        options=dict(game.options),
        games=games,
        seconds=round(elapsed, 3),
        games_per_s=round(games / elapsed, 1),
        moves_per_s=round(moves / elapsed, 1),
        mean_moves_per_game=round(moves / games, 1),
        capped_games=capped,
        legal_actions_us=round(legal_us, 3),
        apply_us=round(apply_us, 3),
        clone_us=round(clone_us, 3),
    )


def _sample_states(game: Game[Any], rng: random.Random, seed: int, max_moves: int | None) -> list[State[Any]]:
    samples: list[State[Any]] = []
    for g in range(40):
        state = game.new_state(seed + 1_000_000 + g)
        moves = 0
        while not state.is_terminal and (max_moves is None or moves < max_moves):
            samples.append(state.clone())
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            moves += 1
    return samples


def _call_costs(samples: list[State[Any]], rng: random.Random) -> tuple[float, float, float]:
    """Mean microseconds per legal_actions, apply and clone call over the sampled states.

    The garbage collector is paused: thousands of fresh copies would otherwise bill its
    full collections to whichever call happens to trigger them.
    """
    gc.collect()
    gc.disable()
    try:
        return _timed_calls(samples, rng)
    finally:
        gc.enable()


def _timed_calls(samples: list[State[Any]], rng: random.Random) -> tuple[float, float, float]:
    n = len(samples)
    t0 = time.perf_counter()
    for state in samples:
        state.legal_actions()
    legal = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    copies = [state.clone() for state in samples]
    clone = (time.perf_counter() - t0) / n
    chosen = []
    for state in copies:
        actions = state.legal_actions()
        chosen.append(actions[rng.randrange(len(actions))])
    t0 = time.perf_counter()
    for state, action in zip(copies, chosen, strict=True):
        state.apply(action)
    apply = (time.perf_counter() - t0) / n
    return legal * 1e6, apply * 1e6, clone * 1e6
