"""Extra figures for `kameleon bench --game cardcassonne`: determinize, greedy values and round-end resolution."""

from __future__ import annotations

import random
import time

from kameleon.games.cardcassonne.game import CardcassonneGame
from kameleon.games.cardcassonne.heuristics import action_values
from kameleon.games.cardcassonne.phases import PLAY
from kameleon.games.cardcassonne.state import CardcassonneState


def _positions(count: int, seed: int) -> list[CardcassonneState]:
    """States sampled from random 4-player games (every 7th position)."""
    game = CardcassonneGame(players=4)
    rng = random.Random(seed)
    out: list[CardcassonneState] = []
    g = 0
    while len(out) < count:
        state = game.new_state(seed + g)
        g += 1
        step = 0
        while not state.is_terminal:
            if step % 7 == 0:
                out.append(state.clone())
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            step += 1
    return out[:count]


def run(seconds: float) -> dict[str, float]:
    """Mean µs of `determinize`, of `action_values` (greedy), and of the last move of a round (resolution)."""
    states = _positions(400, 7)
    rng = random.Random(1)
    budget = max(seconds / 3, 0.05)

    def per_call(fn: object) -> float:
        calls = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            for state in states:
                fn(state)  # type: ignore[operator]
            calls += len(states)
        return (time.perf_counter() - start) / calls * 1e6

    def determinize(state: CardcassonneState) -> None:
        if state.current_player is not None:
            state.determinize(state.current_player, rng)

    def values(state: CardcassonneState) -> None:
        if state.current_player is not None:
            action_values(state, state.legal_actions())

    last_turns = [s for s in states if s.phase == PLAY and s.turns_left == 1]

    def resolution(_: CardcassonneState) -> None:
        for state in last_turns:
            copy = state.clone()
            copy.apply(copy.legal_actions()[0])

    return {
        "determinize_us": round(per_call(determinize), 1),
        "greedy_values_us": round(per_call(values), 1),
        "round_end_us": round(per_call(resolution) / max(len(last_turns), 1), 1) if last_turns else 0.0,
    }
