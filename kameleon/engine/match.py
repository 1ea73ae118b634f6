"""The match runner: plays agents against each other and returns the finished game.

It is the one game loop: tournaments (`kameleon.ai.tournament`) play their games
through it too, asking for what they need on top (what each agent is shown,
the names in the record, each seat's thinking time).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kameleon.engine.agent import Agent
from kameleon.engine.errors import IllegalAction, KameleonError
from kameleon.engine.game import Game, State


@dataclass
class Thinking:
    """One seat's thinking over a game, counting only its decisions (moves with more than one choice)."""

    decisions: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    iterations: int = 0
    """Search iterations, as the agent reports them in `last_iterations` after each move (0 if it does not)."""


@dataclass(frozen=True)
class MatchResult:
    state: State[Any]
    record: dict[str, Any]
    scores: list[int]
    winners: list[int]
    thinking: tuple[Thinking, ...] = ()
    """Per seat, when the match was `timed`; empty otherwise."""


class AgentError(KameleonError):
    """An agent returned an action that is not legal."""


def play_match(
    game: Game[Any],
    agents: Sequence[Agent],
    seed: int | None = None,
    *,
    max_moves: int = 100_000,
    on_move: Callable[[State[Any], Any], None] | None = None,
    names: Sequence[str] | None = None,
    shown: Callable[[State[Any], int], State[Any]] | None = None,
    timed: bool = False,
) -> MatchResult:
    """Play one game, seat i played by agents[i]; `on_move(state, action)` runs before each move.

    `names` are the players' names in the record and in errors (default: each agent's `name`);
    `shown(state, seat)` is what an agent acts on (default: the state itself; tournaments show a
    `kameleon.ai.fair.FairView`); `timed` measures each seat's `Thinking`, at the cost of one more
    `legal_actions()` per move.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{len(agents)} agents given for {game.num_players} seats")
    players = [agent.name for agent in agents] if names is None else list(names)
    if len(players) != len(agents):
        raise ValueError(f"{len(players)} names given for {len(agents)} agents")
    thinking = tuple(Thinking() for _ in agents) if timed else ()
    state = game.new_state(seed)
    for _ in range(max_moves):
        if state.is_terminal:
            break
        seat = state.current_player
        assert seat is not None
        agent = agents[seat]
        given = state if shown is None else shown(state, seat)
        if timed:
            tick = time.perf_counter()
            action = agent.act(given)
            spent = time.perf_counter() - tick
            if len(state.legal_actions()) > 1:  # a forced move says nothing about the agent's speed
                mine = thinking[seat]
                mine.decisions += 1
                mine.seconds += spent
                mine.slowest = max(mine.slowest, spent)
                mine.iterations += getattr(agent, "last_iterations", 0)
        else:
            action = agent.act(given)
        if on_move is not None:
            on_move(state, action)
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise AgentError(f"agent {players[seat]!r} at seat {seat} played an illegal move: {exc.reason}") from None
    else:
        raise KameleonError(f"game did not end within {max_moves} moves")
    return MatchResult(state, state.record(players), state.scores(), state.winners(), thinking)


def ranks(scores: Sequence[float], winners: Sequence[int]) -> list[float]:
    """Rating ranks (1 is best, as OpenSkill takes them): 1 for every winner, then 2, 3... by descending
    score, equal scores sharing a rank."""
    others = sorted({scores[s] for s in range(len(scores)) if s not in winners}, reverse=True)
    return [1 if s in winners else 2 + others.index(scores[s]) for s in range(len(scores))]


def conservative_rating(mu: Any, sigma: Any) -> Any:
    """mu - 3 sigma, the rating leaderboards show and sort by (the skill is above it with 99.7% confidence).

    Works on numbers and, for a database to sort by it, on SQL columns alike.
    """
    return mu - 3 * sigma
