"""A worked example: a linear softmax policy trained by REINFORCE against `medium`, then evaluated.

    kameleon research reinforce                     # Coloretto, 2 players, a few seconds
    kameleon research reinforce --steps 2000 --games 20

It uses only NumPy and the research interfaces: the Gymnasium single-agent
environment (`kameleon.interop.single_agent`) to train, with the dense
score-margin reward and the legal actions from `info["action_mask"]`; then
`kameleon.interop.policy.PolicyAgent` and `kameleon.ai.evaluate` to play the
trained policy against `medium` in seat-rotated games and report the win rate
with its 95% interval and the mean margin, next to the `random` bot's.

The policy: logits `observation @ W + b` over the action indices, the illegal ones
masked out; during training an action is sampled from the softmax, in evaluation
the most probable legal action is played. Each episode's returns-to-go (undiscounted
sums of the margin rewards, scaled by `REWARD_SCALE`) minus a running mean are the
advantages of a plain REINFORCE step with Adam.
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kameleon.ai.levels import replayable_spec
from kameleon.engine.errors import KameleonError
from kameleon.engine.seeding import MAX_SEED

if TYPE_CHECKING:
    import numpy as np

REWARD_SCALE = 0.1
"""Coloretto margins move by a few points a step; scaled, the advantages stay near unit size."""
MAX_WEIGHTS = 50_000_000
"""The linear policy's most weights (400 MB as float64, three times that with Adam's moments): Chromino's
17,193 observation numbers times its 832,322 actions would take 107 GiB."""


class LinearPolicy:
    """Logits `observation @ weights + bias` over the action space; callable as a `PolicyAgent` policy."""

    def __init__(self, observation_size: int, num_actions: int) -> None:
        import numpy as np

        self.weights = np.zeros((observation_size, num_actions))
        self.bias = np.zeros(num_actions)

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        import numpy as np

        logits = observation @ self.weights + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        exp = np.exp(logits)
        return exp / exp.sum()

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        """The greedy choice: the most probable legal action (how the trained policy plays)."""
        import numpy as np

        return int(np.argmax(self.probabilities(observation, mask)))


@dataclass
class Adam:
    """Adam on a list of arrays (ascent: it adds the step)."""

    params: list[np.ndarray]
    rate: float = 0.01
    beta1: float = 0.9
    beta2: float = 0.999
    t: int = 0

    def __post_init__(self) -> None:
        import numpy as np

        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]

    def step(self, grads: list[np.ndarray]) -> None:
        import numpy as np

        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= self.beta1
            m += (1 - self.beta1) * g
            v *= self.beta2
            v += (1 - self.beta2) * g * g
            m_hat = m / (1 - self.beta1**self.t)
            v_hat = v / (1 - self.beta2**self.t)
            p += self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def train(
    game: str = "coloretto",
    players: int = 2,
    opponents: str = "medium",
    steps: int = 20_000,
    seed: int = 0,
    rate: float = 0.01,
    log: Callable[[str], object] | None = None,
    on_steps: Callable[[int], object] | None = None,
) -> tuple[LinearPolicy, dict[str, Any]]:
    """Train a linear policy for `steps` agent steps; returns it and the training figures.

    `log` gets a line of progress every 50 episodes; `on_steps(n)` runs after each episode of `n` steps.
    """
    import numpy as np

    from kameleon.interop import single_agent

    env = single_agent(game, players=players, opponents=opponents, reward="margin")
    policy = LinearPolicy(env.encoding.observation_size, env.encoding.num_actions)
    optimiser = Adam([policy.weights, policy.bias], rate=rate)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    episodes, done_steps, margins = 0, 0, []
    observation, info = env.reset(seed=seed)
    start = time.perf_counter()
    while done_steps < steps:
        trajectory: list[tuple[np.ndarray, np.ndarray, int, float]] = []
        while True:
            mask = info["action_mask"]
            probabilities = policy.probabilities(observation, mask)
            action = int(rng.choice(len(probabilities), p=probabilities))
            next_observation, reward, terminated, truncated, info = env.step(action)
            trajectory.append((observation, probabilities, action, reward * REWARD_SCALE))
            observation = next_observation
            done_steps += 1
            if terminated or truncated:
                break
        episodes += 1
        if on_steps is not None:
            on_steps(len(trajectory))
        scores = info["scores"]
        seat = info["seat"]
        margins.append(int(scores[seat]) - int(max(s for q, s in enumerate(scores) if q != seat)))
        returns = np.cumsum([r for *_, r in trajectory][::-1])[::-1]
        grad_w = np.zeros_like(policy.weights)
        grad_b = np.zeros_like(policy.bias)
        for (obs, probabilities, action, _), ret in zip(trajectory, returns, strict=True):
            advantage = ret - baseline
            # d log softmax / d logits = onehot(action) - probabilities
            direction = -probabilities
            direction[action] += 1.0
            grad_w += np.outer(obs, direction * advantage)
            grad_b += direction * advantage
        baseline = 0.9 * baseline + 0.1 * float(returns.mean())
        optimiser.step([grad_w / len(trajectory), grad_b / len(trajectory)])
        if log is not None and episodes % 50 == 0:
            recent = margins[-50:]
            log(f"episode {episodes}, step {done_steps}: mean margin of the last 50 {np.mean(recent):+.1f}")
        observation, info = env.reset()
    fifth = max(1, len(margins) // 5)
    figures = {
        "episodes": episodes,
        "steps": done_steps,
        "seconds": round(time.perf_counter() - start, 1),
        "first_fifth_margin": float(np.mean(margins[:fifth])),
        "last_fifth_margin": float(np.mean(margins[-fifth:])),
    }
    return policy, figures


def evaluate_policy(
    policy: LinearPolicy | str,
    game: str = "coloretto",
    players: int = 2,
    opponents: str = "medium",
    games: int = 200,
    seed: int = 1,
    on_game: Callable[[], object] | None = None,
) -> dict[str, Any]:
    """The policy (or a bot spec, for comparison) against `opponents` through the evaluation harness:
    seat-rotated games, the policy reading its observation from the fair view; `on_game()` runs as each ends."""
    from kameleon.ai import evaluate
    from kameleon.interop.policy import PolicyAgent

    agent = policy if isinstance(policy, str) else PolicyAgent(policy, name="linear")

    def ended(_: dict[str, Any]) -> None:
        if on_game is not None:
            on_game()

    result = evaluate(agent, game=game, players=players, opponents=opponents, games=games, seed=seed, on_result=ended)
    return {"win_rate": result.win_rate, "ci": result.ci, "mean_margin": result.mean_margin, "games": result.games}


def check(game: str, players: int, opponents: str, steps: int, games: int, seed: int = 0) -> None:
    """Refuse bad settings, a game without an observation encoding, or a missing numpy or gymnasium,
    before training starts (KameleonError naming what is wrong)."""
    for name, value in (("steps", steps), ("games", games)):
        if value < 1:
            raise KameleonError(f"--{name} must be at least 1, not {value}")
    if not 0 <= seed <= MAX_SEED:
        raise KameleonError(f"--seed must be from 0 to {MAX_SEED}, not {seed}")
    if "," in opponents:
        raise KameleonError(f"--opponents is one bot, the one in every other seat, not a list: {opponents!r}")
    replayable_spec(opponents, "--opponents")
    for module in ("numpy", "gymnasium"):
        if importlib.util.find_spec(module) is None:
            raise KameleonError(f"the example needs {module}, which the rl extra installs: pip install 'kameleon[rl]'")
    from kameleon.interop import single_agent

    try:
        environment = single_agent(game, players=players, opponents=opponents, reward="margin")
    except KameleonError as exc:
        raise KameleonError(f"--game {game} --players {players}: {exc}") from None
    inputs, actions = environment.encoding.observation_size, environment.encoding.num_actions
    if inputs * actions > MAX_WEIGHTS:
        raise KameleonError(
            f"{game}'s observation ({inputs:,} numbers) times its action space ({actions:,} actions) makes "
            f"{inputs * actions:,} weights: too many for this linear example (at most {MAX_WEIGHTS:,}); train a "
            "network with a factorised action head instead"
        )


def summary(figures: dict[str, Any]) -> str:
    """The line that sums up training."""
    return (
        f"trained {figures['steps']} steps ({figures['episodes']} episodes) in {figures['seconds']} s; mean margin "
        f"{figures['first_fifth_margin']:+.1f} in the first fifth of the episodes, {figures['last_fifth_margin']:+.1f} "
        "in the last"
    )


def result_line(name: str, opponents: str, figures: dict[str, Any]) -> str:
    """One policy's evaluation: win rate with its 95% interval, games and mean margin."""
    low, high = figures["ci"]
    return (
        f"{name:>7} vs {opponents}: win rate {figures['win_rate']:.1%} "
        f"(95% CI {low:.1%}–{high:.1%}) over {figures['games']} games, mean margin {figures['mean_margin']:+.1f}"
    )
