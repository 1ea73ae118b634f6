"""The match runner: plays agents against each other and returns the finished game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kameleon.engine.agent import Agent
from kameleon.engine.errors import IllegalAction, KameleonError
from kameleon.engine.game import Game, State


@dataclass(frozen=True)
class MatchResult:
    state: State[Any]
    record: dict[str, Any]
    scores: list[int]
    winners: list[int]


class AgentError(KameleonError):
    """An agent returned an action that is not legal."""


def play_match(
    game: Game[Any],
    agents: Sequence[Agent],
    seed: int | None = None,
    *,
    max_moves: int = 100_000,
    on_move: Callable[[State[Any], Any], None] | None = None,
) -> MatchResult:
    """Play one game, seat i played by agents[i]; `on_move(state, action)` runs before each move."""
    if len(agents) != game.num_players:
        raise ValueError(f"{len(agents)} agents given for {game.num_players} seats")
    state = game.new_state(seed)
    for _ in range(max_moves):
        if state.is_terminal:
            break
        seat = state.current_player
        assert seat is not None
        action = agents[seat].act(state)
        if on_move is not None:
            on_move(state, action)
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise AgentError(
                f"agent {agents[seat].name!r} at seat {seat} played an illegal move: {exc.reason}"
            ) from None
    else:
        raise KameleonError(f"game did not end within {max_moves} moves")
    names = [agent.name for agent in agents]
    return MatchResult(state, state.record(names), state.scores(), state.winners())


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
