"""Speed of the research interfaces (`kameleon bench --rl`): one figure per interface and game.

`MEASUREMENTS` lists them in the order of the table: each is a row label, the key of its
figure in `--json`, the unit, and a function `(game, seconds, players, seed, options) ->
dict` whose dict holds that key (and may hold more figures). Add an interface with one
line there. Every figure plays uniformly random legal actions, as a learner's exploration
would, except the searches (50 iterations a move, random rollouts). The Gymnasium figures
count the learner's steps (the bots' moves between them are part of each step's cost).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

VECTOR_ENVS = 4
"""Environments in the vector-env figure."""


def pettingzoo_steps(
    game: str, seconds: float, seed: int = 0, *, mask: str = "dense", **options: Any
) -> dict[str, float]:
    """Random legal actions (read from the action mask, or the legal-action list) through the wrapped AEC env."""
    from kameleon.interop.pettingzoo import env

    environment = env(game, mask=mask, **options)
    rng = random.Random(seed)
    environment.reset(seed=seed)
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(200):
            observation, _reward, termination, truncation, _info = environment.last()
            if termination or truncation:
                action = None
            else:
                legal = _legal(observation)
                action = int(legal[rng.randrange(len(legal))])
            environment.step(action)
            steps += 1
            if not environment.agents:
                episodes += 1
                environment.reset()
    elapsed = time.perf_counter() - start
    key = "env_steps_per_s" if mask == "dense" else f"env_{mask}_steps_per_s"
    return {key: round(steps / elapsed, 1), "episodes": episodes}


def _legal(found: dict[str, np.ndarray]) -> np.ndarray:
    """The legal indices from an observation or info: its action mask, or its padded legal-action list."""
    if "action_mask" in found:
        return np.flatnonzero(found["action_mask"].view(np.bool_))  # 0/1 int8: 10x faster as bool
    listed = found["legal_actions"]
    return listed[listed >= 0]  # the -1 entries pad the list


def single_agent_steps(
    game: str, seconds: float, seed: int = 0, *, opponents: str = "random", **options: Any
) -> dict[str, float]:
    """The learner's steps per second in the Gymnasium single-agent env (the bots' moves in between included)."""
    from kameleon.interop.gymnasium import single_agent

    environment = single_agent(game, opponents=opponents, mask="indices", **options)
    rng = np.random.default_rng(seed)
    _observation, info = environment.reset(seed=seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            legal = _legal(info)
            action = int(legal[rng.integers(len(legal))]) if len(legal) else 0  # 0: a truncation found by reset
            _observation, _reward, terminated, truncated, info = environment.step(action)
            steps += 1
            if terminated or truncated:
                _observation, info = environment.reset()
    elapsed = time.perf_counter() - start
    return {f"single_agent_{opponents}_steps_per_s": round(steps / elapsed, 1)}


def vector_steps(game: str, seconds: float, seed: int = 0, **options: Any) -> dict[str, float]:
    """Steps per second, summed over its environments, of a `SyncVectorEnv` of single-agent envs (random bots)."""
    import gymnasium

    from kameleon.interop.gymnasium import env_id

    envs = gymnasium.make_vec(
        env_id(game), num_envs=VECTOR_ENVS, vectorization_mode="sync", opponents="random", mask="indices", **options
    )
    rng = np.random.default_rng(seed)
    _observations, infos = envs.reset(seed=seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            actions = []
            for listed in infos["legal_actions"]:
                legal = listed[listed >= 0]  # empty after a truncation found by reset: any action ends it
                actions.append(int(legal[rng.integers(len(legal))]) if len(legal) else 0)
            _observations, _rewards, _terminated, _truncated, infos = envs.step(np.array(actions))
            steps += VECTOR_ENVS
    elapsed = time.perf_counter() - start
    envs.close()
    return {"vector_env_steps_per_s": round(steps / elapsed, 1)}


def openspiel_mcts(game: str, seconds: float, players: int, seed: int = 0, **options: Any) -> dict[str, float]:
    """Simulations per second of OpenSpiel's own Python MCTS (random rollouts) on the registered game."""
    import pyspiel
    from open_spiel.python.algorithms import mcts

    from kameleon.interop.openspiel import register

    text = " ".join(f"{k}:{v}" for k, v in options.items())
    spiel_game = pyspiel.load_game(register(game), {"players": players, "options": text})
    rng = np.random.RandomState(seed)
    simulations_per_move = 50
    bot = mcts.MCTSBot(spiel_game, 2.0, simulations_per_move, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = spiel_game.new_initial_state()
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if state.is_terminal():
            state = spiel_game.new_initial_state()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        state.apply_action(bot.step(state))
        moves += 1
    elapsed = time.perf_counter() - start
    return {"openspiel_mcts_simulations_per_s": round(moves * simulations_per_move / elapsed, 1)}


def openspiel_rl_steps(game: str, seconds: float, players: int, seed: int = 0, **options: Any) -> dict[str, float]:
    """Steps per second of OpenSpiel's `rl_environment` on the registered game (default observation type),
    random legal actions read from each time step; the new deals of its resets are part of the cost."""
    import pyspiel
    from open_spiel.python import rl_environment

    from kameleon.interop.openspiel import register

    text = " ".join(f"{k}:{v}" for k, v in options.items())
    environment = rl_environment.Environment(pyspiel.load_game(register(game), {"players": players, "options": text}))
    environment.seed(seed)
    rng = random.Random(seed)
    time_step = environment.reset()
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(200):
            if time_step.last():
                time_step = environment.reset()
                continue
            legal = time_step.observations["legal_actions"][time_step.observations["current_player"]]
            time_step = environment.step([legal[rng.randrange(len(legal))]])
            steps += 1
    return {"openspiel_rl_env_steps_per_s": round(steps / (time.perf_counter() - start), 1)}


def openspiel_infostates(game: str, seconds: float, players: int, seed: int = 0, **options: Any) -> dict[str, float]:
    """Microseconds of CPU time per OpenSpiel information-state string, asked for the seat to move after every
    move of random games, as OpenSpiel's ISMCTS asks (the first call of each game included): the p50, p90,
    p99 and max call, and the mean. Strings in use are kept up to date as moves are applied (infostate.py):
    `openspiel_infostate_apply_us` is the mean CPU time of `apply_action` meanwhile, that upkeep included,
    and `openspiel_apply_us` the same without strings, for comparison. Timed in this thread's CPU time,
    which other jobs on a shared machine do not inflate."""
    import pyspiel

    from kameleon.interop.openspiel import register

    text = " ".join(f"{k}:{v}" for k, v in options.items())
    spiel_game = pyspiel.load_game(register(game), {"players": players, "options": text})
    rng = random.Random(seed)
    clock, cpu = time.perf_counter, time.thread_time
    figures: dict[str, float] = {}
    for asking in (False, True):
        calls: list[float] = []
        applies: list[float] = []
        start, limit = clock(), seconds if asking else seconds / 4
        while clock() - start < limit:
            state = spiel_game.new_initial_state()
            while state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            while not state.is_terminal() and clock() - start < limit:
                if asking:
                    seat = state.current_player()
                    before = cpu()
                    state.information_state_string(seat)
                    calls.append(cpu() - before)
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                before = cpu()
                state.apply_action(action)
                applies.append(cpu() - before)
        figures["openspiel_infostate_apply_us" if asking else "openspiel_apply_us"] = round(
            float(np.mean(applies)) * 1e6, 2
        )
    p50, p90, p99 = np.percentile(calls, [50, 90, 99])
    figures.update(
        openspiel_infostate_us=round(float(p50) * 1e6, 2),
        openspiel_infostate_p90_us=round(float(p90) * 1e6, 2),
        openspiel_infostate_p99_us=round(float(p99) * 1e6, 2),
        openspiel_infostate_max_us=round(float(np.max(calls)) * 1e6, 2),
        openspiel_infostate_mean_us=round(float(np.mean(calls)) * 1e6, 2),
    )
    return figures


def kameleon_ismcts(game: str, seconds: float, players: int, seed: int = 0, **options: Any) -> dict[str, float]:
    """Iterations per second of kameleon's ISMCTS with random rollouts, as `openspiel_mcts` runs OpenSpiel's:
    the same game, 50 iterations a move, every seat searching, games played back to back."""
    import kameleon
    from kameleon.ai.ismcts import ISMCTSAgent

    instance = kameleon.load(game, players=players, **options)
    agent = ISMCTSAgent(seed=seed, iterations=50, rollout="random", reuse_tree=False, decisive=False)
    state = instance.new_state(seed)
    iterations = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if state.is_terminal:
            state = instance.new_state(seed + iterations)
        state.apply(agent.act(state))
        iterations += agent.last_iterations
    elapsed = time.perf_counter() - start
    return {"ismcts_iterations_per_s": round(iterations / elapsed, 1)}


@dataclass(frozen=True)
class Measurement:
    """One row of `kameleon bench --rl`."""

    label: str
    key: str
    """The figure's key in the JSON output."""
    unit: str
    run: Callable[[str, float, int, int, dict[str, Any]], dict[str, Any]]
    """`(game, seconds, players, seed, other game options) -> figures`, `key` among them."""


MEASUREMENTS: tuple[Measurement, ...] = (
    Measurement(
        "PettingZoo, action mask", "env_steps_per_s", "steps/s",
        lambda g, s, p, seed, o: pettingzoo_steps(g, s, seed, players=p, **o),
    ),
    Measurement(
        "PettingZoo, legal list", "env_indices_steps_per_s", "steps/s",
        lambda g, s, p, seed, o: pettingzoo_steps(g, s, seed, mask="indices", players=p, **o),
    ),
    Measurement(
        "single agent vs random", "single_agent_random_steps_per_s", "steps/s",
        lambda g, s, p, seed, o: single_agent_steps(g, s, seed, players=p, **o),
    ),
    Measurement(
        "single agent vs medium", "single_agent_medium_steps_per_s", "steps/s",
        lambda g, s, p, seed, o: single_agent_steps(g, s, seed, opponents="medium", players=p, **o),
    ),
    Measurement(
        f"SyncVectorEnv ×{VECTOR_ENVS} vs random", "vector_env_steps_per_s", "steps/s",
        lambda g, s, p, seed, o: vector_steps(g, s, seed, players=p, **o),
    ),
    Measurement(
        "OpenSpiel MCTS", "openspiel_mcts_simulations_per_s", "simulations/s",
        lambda g, s, p, seed, o: openspiel_mcts(g, s, p, seed, **o),
    ),
    Measurement(
        "OpenSpiel rl_environment", "openspiel_rl_env_steps_per_s", "steps/s",
        lambda g, s, p, seed, o: openspiel_rl_steps(g, s, p, seed, **o),
    ),
    Measurement(
        "OpenSpiel info state (p50)", "openspiel_infostate_us", "µs/call",
        lambda g, s, p, seed, o: openspiel_infostates(g, s, p, seed, **o),
    ),
    Measurement(
        "kameleon ISMCTS", "ismcts_iterations_per_s", "iterations/s",
        lambda g, s, p, seed, o: kameleon_ismcts(g, s, p, seed, **o),
    ),
)  # fmt: skip
"""The rows of `kameleon bench --rl`, in order."""
