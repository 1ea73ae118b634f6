"""Cheating searches that bound what any bot can reach: a measuring instrument, never a level.

    kameleon research oracle --game chromino --opponent random [--players 2] [--sees nothing,hands,everything]
                             [--games 200] [--rollouts 8] [--candidates 6] [--workers 2] [--seed 0]

A bot target is only worth chasing if it can be reached. `OracleAgent` runs
flat Monte Carlo over the mover's moves on the **real** state, with a sight
level that says how much hidden information it may use:

- `nothing`: every playout starts from `state.determinize(me)`, as a fair bot's;
- `hands`: from the real state with what no seat has seen (the draw pile's
  order) shuffled again by `State.shuffle_unseen`, so it knows every hand but
  not what will be drawn (in a game with no hidden pile it is `everything`);
- `everything`: from the real state itself, so it also knows the order of the
  draw pile.

The moves searched are the `candidates` the game's greedy heuristic likes best,
judged on a position the oracle may see (at `nothing`, its own determinization);
all moves when there are fewer. Each gets `rollouts` playouts in which every
seat plays the greedy move, or a random one with probability `EPSILON`, and the
move that wins most often is played (a shared first place is a win, the score
margin over the best other seat breaks ties). The oracle plays games of
`players` seats, every other seat an `opponent` bot, its own seat rotated,
and the report gives how often it comes first at each sight level with a 95%
Wilson interval. If even `everything` stays below a target, no fair bot
will reach it at that search effort.

Game `i` is dealt from `--seed + i`, the same deals at every sight level; each
seat's bot, the oracle's included, draws from a stream of its own (`kameleon.engine.seeding.bot_seed`),
never from the numbers that dealt the cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kameleon.ai import make_agent
from kameleon.ai.levels import replayable_spec
from kameleon.ai.standings import wilson
from kameleon.engine.agent import Agent
from kameleon.engine.errors import KameleonError
from kameleon.engine.game import State
from kameleon.engine.match import play_match
from kameleon.engine.registry import load
from kameleon.engine.seeding import MAX_SEED, bot_seed
from kameleon.research.pool import worker_pool

SIGHTS = ("nothing", "hands", "everything")
EPSILON = 0.1
"""Share of random moves in the playouts, so that repeated playouts of one move differ."""


class OracleAgent:
    """Flat Monte Carlo on the real state; `sees` is one of `SIGHTS` (see the module docstring)."""

    def __init__(self, sees: str, seed: int, *, rollouts: int = 8, candidates: int = 6) -> None:
        if sees not in SIGHTS:
            raise KameleonError(f"unknown sight level {sees!r}; levels are: {', '.join(SIGHTS)}")
        for option, value in (("rollouts", rollouts), ("candidates", candidates)):
            if value < 1:
                raise KameleonError(f"--{option} must be at least 1, not {value}")
        self.sees = sees
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self.candidates = candidates
        self.name = f"oracle:{sees}"

    def _start(self, state: State[Any], me: int) -> State[Any]:
        if self.sees == "nothing":
            return state.determinize(me, self.rng)
        start = state.clone()
        if self.sees == "hands":
            start.shuffle_unseen(self.rng)
        return start

    def _policy(self, state: State[Any]) -> Any:
        actions = state.legal_actions()
        if len(actions) == 1 or self.rng.random() < EPSILON:
            return actions[self.rng.randrange(len(actions))]
        values = state.game.action_values(state, actions)
        return max(zip(values, actions, strict=True), key=lambda pair: pair[0] + self.rng.random() * 1e-9)[1]

    def act(self, state: State[Any]) -> Any:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = state.current_player
        assert me is not None
        sample = self._start(state, me)  # ranked on what the oracle may see: at `nothing`, its own determinization
        values = sample.game.action_values(sample, actions)
        ranked = sorted(zip(values, actions, strict=True), key=lambda pair: -pair[0])
        best, best_value = actions[0], (-1, float("-inf"))
        for _, action in ranked[: self.candidates]:
            wins, margins = 0, 0.0
            for _ in range(self.rollouts):
                playout = self._start(state, me)
                playout.apply(action)
                while not playout.is_terminal:
                    playout.apply(self._policy(playout))
                scores = playout.scores()
                wins += me in playout.winners()
                margins += scores[me] - max(s for seat, s in enumerate(scores) if seat != me)
            # wins first, the margin only between moves that win as often (a Cardcassonne margin runs to hundreds)
            if (wins, margins) > best_value:
                best, best_value = action, (wins, margins)
        return best


def play(task: tuple[str, int, str, str, int, int, int]) -> bool:
    """Whether the oracle comes first in one game against bots:
    (game, players, sees, opponent, seed, rollouts, candidates)."""
    game_name, players, sees, opponent, seed, rollouts, candidates = task
    oracle_seat = seed % players
    agents: list[Agent] = [make_agent(opponent, bot_seed(seed, seat)) for seat in range(players)]
    agents[oracle_seat] = OracleAgent(sees, bot_seed(seed, oracle_seat), rollouts=rollouts, candidates=candidates)
    return oracle_seat in play_match(load(game_name, players=players), agents, seed).winners


def check(
    game: str, sees: Sequence[str], opponent: str, games: int, *, players: int, rollouts: int, candidates: int,
    workers: int, seed: int = 0,
) -> None:  # fmt: skip
    """Refuse bad settings before the first game (KameleonError naming what is wrong)."""
    for name, value in (("games", games), ("workers", workers)):
        if value < 1:
            raise KameleonError(f"--{name} must be at least 1, not {value}")
    if not 0 <= seed <= MAX_SEED - games + 1:
        raise KameleonError(f"--seed must be from 0 to {MAX_SEED - games + 1} (the deals are --seed, --seed + 1, ...)")
    if not sees:
        raise KameleonError(f"--sees names no sight level; levels are: {', '.join(SIGHTS)}")
    twice = sorted({level for level in sees if sees.count(level) > 1})
    if twice:
        raise KameleonError(f"--sees names {twice[0]} twice")
    for level in sees:
        OracleAgent(level, 0, rollouts=rollouts, candidates=candidates)
    replayable_spec(opponent, "--opponent")
    if players < 2:
        raise KameleonError(f"--players must be at least 2, not {players}: the oracle plays against other seats")
    try:
        load(game, players=players)
    except KameleonError as exc:
        raise KameleonError(f"--game {game} --players {players}: {exc}") from None


def measure(
    game: str,
    sees: Sequence[str],
    opponent: str,
    games: int,
    *,
    players: int = 2,
    rollouts: int,
    candidates: int,
    workers: int,
    seed: int,
    on_game: Callable[[], None] | None = None,
) -> dict[str, tuple[int, int]]:
    """Sight level -> (first places, games) of the oracle against `players - 1` `opponent` bots, on the same
    deals for every level; `on_game()` runs as each game ends."""
    tasks = [(game, players, level, opponent, seed + i, rollouts, candidates) for level in sees for i in range(games)]
    wins = dict.fromkeys(sees, 0)
    with worker_pool(workers) as pool:
        for task, won in zip(tasks, pool.imap(play, tasks), strict=True):
            wins[task[2]] += won
            if on_game is not None:
                on_game()
    return {level: (wins[level], games) for level in sees}


def report(found: Mapping[str, tuple[int, int]], opponent: str, players: int) -> str:
    """The Markdown table of `measure`'s figures: first places, rate and 95% interval per sight level."""
    against = opponent if players == 2 else f"{players - 1} × {opponent}"
    lines = [f"| oracle sees | wins against {against} | win rate | 95% interval |", "| --- | --- | --- | --- |"]
    for level, (won, played) in found.items():
        low, high = wilson(won, played)
        lines.append(f"| {level} | {won}/{played} | {won / played:.1%} | {low:.0%}–{high:.0%} |")
    return "\n".join(lines)
