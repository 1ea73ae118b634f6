"""Speed of the research interfaces: PettingZoo steps per second, OpenSpiel MCTS simulations per second."""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np


def pettingzoo_steps(game: str, seconds: float, seed: int = 0, **options: Any) -> dict[str, float]:
    """Random legal actions (read from the action mask) through the wrapped AEC env, as a learner would."""
    from kameleon.interop.pettingzoo import env

    environment = env(game, **options)
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
                legal = np.flatnonzero(observation["action_mask"].view(np.bool_))  # 0/1 int8: 10x faster as bool
                action = int(legal[rng.randrange(len(legal))])
            environment.step(action)
            steps += 1
            if not environment.agents:
                episodes += 1
                environment.reset()
    elapsed = time.perf_counter() - start
    return {"env_steps_per_s": round(steps / elapsed, 1), "episodes": episodes}


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
