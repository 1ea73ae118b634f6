"""Cheating searches that bound what any bot can reach: a measuring instrument, never a level.

    python -m kameleon.ai.oracle --game chromino --opponent random [--players 2] [--sees nothing,hands,everything]
                                 [--games 200] [--rollouts 8] [--candidates 6] [--workers 2] [--seed 0]

A bot target is only worth chasing if it can be reached. `OracleAgent` runs
flat Monte Carlo over the mover's moves on the **real** state, with a sight
level that says how much hidden information it may use:

- `nothing`: every playout starts from `state.determinize(me)`, as a fair bot's;
- `hands`: from the real state with only the draw pile shuffled again, so it
  knows every hand but not what will be drawn (needs the game's `RESHUFFLE`);
- `everything`: from the real state itself, so it also knows the order of the
  draw pile.

The moves searched are the `candidates` the game's greedy heuristic likes best
(all moves when there are fewer); each gets `rollouts` playouts in which every
seat plays the greedy move, or a random one with probability `EPSILON`, and the
move that wins most often is played (a shared first place is a win, the score
margin over the best other seat breaks ties). The oracle plays games of
`--players` seats, every other seat a `--opponent` bot, its own seat rotated,
and the report gives how often it comes first at each sight level with a 95%
Wilson interval. If even `everything` stays below a target, no fair bot
will reach it at that search effort.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from rich.progress import Progress

from kameleon.ai import make_agent
from kameleon.ai.tournament import wilson
from kameleon.engine.errors import KameleonError
from kameleon.engine.game import State
from kameleon.engine.registry import load

SIGHTS = ("nothing", "hands", "everything")
EPSILON = 0.1
"""Share of random moves in the playouts, so that repeated playouts of one move differ."""


def _reshuffle_bag(state: Any, rng: random.Random) -> None:
    rng.shuffle(state.bag)


RESHUFFLE: dict[str, Callable[[Any, random.Random], None]] = {"chromino": _reshuffle_bag}
"""Game -> shuffle the draw pile of a state in place (the `hands` sight level)."""


class OracleAgent:
    """Flat Monte Carlo on the real state; `sees` is one of `SIGHTS` (see the module docstring)."""

    def __init__(self, sees: str, seed: int, *, rollouts: int = 8, candidates: int = 6) -> None:
        if sees not in SIGHTS:
            raise KameleonError(f"unknown sight level {sees!r}; levels are: {', '.join(SIGHTS)}")
        if rollouts < 1 or candidates < 1:
            raise KameleonError("the oracle needs at least one rollout and one candidate move")
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
            reshuffle = RESHUFFLE.get(state.game.name)
            if reshuffle is None:
                raise KameleonError(f"the 'hands' sight level does not know the draw pile of {state.game.name}")
            reshuffle(start, self.rng)
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
        values = state.game.action_values(state, actions)
        ranked = sorted(zip(values, actions, strict=True), key=lambda pair: -pair[0])
        best, best_value = actions[0], float("-inf")
        for _, action in ranked[: self.candidates]:
            total = 0.0
            for _ in range(self.rollouts):
                playout = self._start(state, me)
                playout.apply(action)
                while not playout.is_terminal:
                    playout.apply(self._policy(playout))
                scores = playout.scores()
                margin = scores[me] - max(s for seat, s in enumerate(scores) if seat != me)
                total += (me in playout.winners()) + 1e-3 * margin
            if total > best_value:
                best, best_value = action, total
        return best


def play(task: tuple[str, int, str, str, int, int, int]) -> bool:
    """Whether the oracle comes first in one game against bots:
    (game, players, sees, opponent, seed, rollouts, candidates)."""
    game_name, players, sees, opponent, seed, rollouts, candidates = task
    state = load(game_name, players=players).new_state(seed)
    oracle_seat = seed % players
    agents: list[Any] = [make_agent(opponent, seed + 1 + seat) for seat in range(players)]
    agents[oracle_seat] = OracleAgent(sees, seed, rollouts=rollouts, candidates=candidates)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state))
    return oracle_seat in state.winners()


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
) -> dict[str, tuple[int, int]]:
    """Sight level -> (first places, games) of the oracle against `players - 1` `opponent` bots, on the same
    deals for every level."""
    tasks = [(game, players, level, opponent, seed + i, rollouts, candidates) for level in sees for i in range(games)]
    wins = dict.fromkeys(sees, 0)
    with Progress(transient=True) as progress:
        bar = progress.add_task(f"{game}: oracle vs {opponent}", total=len(tasks))
        with multiprocessing.Pool(workers) as pool:
            for task, won in zip(tasks, pool.imap(play, tasks), strict=True):
                wins[task[2]] += won
                progress.advance(bar)
    return {level: (wins[level], games) for level in sees}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kameleon.ai.oracle", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, help="the game")
    parser.add_argument("--opponent", default="random", help="the bot in every other seat (default random)")
    parser.add_argument("--players", type=int, default=2, help="seats at the table (default 2)")
    parser.add_argument("--sees", default=",".join(SIGHTS), help="comma-separated sight levels (default all)")
    parser.add_argument("--games", type=int, default=200, help="games per sight level (default 200)")
    parser.add_argument("--rollouts", type=int, default=8, help="playouts per candidate move (default 8)")
    parser.add_argument("--candidates", type=int, default=6, help="moves searched per decision (default 6)")
    parser.add_argument("--workers", type=int, default=2, help="local processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    args = parser.parse_args(argv)
    sees = [level.strip() for level in args.sees.split(",") if level.strip()]
    try:
        if args.games < 1 or args.workers < 1:
            raise KameleonError("--games and --workers must be at least 1")
        for level in sees:
            OracleAgent(level, 0, rollouts=args.rollouts, candidates=args.candidates)
        make_agent(args.opponent)
        load(args.game, players=args.players)
        found = measure(
            args.game,
            sees,
            args.opponent,
            args.games,
            players=args.players,
            rollouts=args.rollouts,
            candidates=args.candidates,
            workers=args.workers,
            seed=args.seed,
        )
    except KameleonError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    against = args.opponent if args.players == 2 else f"{args.players - 1} × {args.opponent}"
    print(f"| oracle sees | wins against {against} | win rate | 95% interval |")
    print("| --- | --- | --- | --- |")
    for level, (won, played) in found.items():
        low, high = wilson(won, played)
        print(f"| {level} | {won}/{played} | {won / played:.1%} | {low:.0%}–{high:.0%} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
