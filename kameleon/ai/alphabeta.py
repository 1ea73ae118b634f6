"""Iterative-deepening alpha-beta, the `expert` level's search in two-seat games of perfect information.

Where both seats see everything and nothing is left to chance after the start
(Le Caméléon), a sampled search averages over nothing: the tree is the game's
own, and a minimax search with a sharp evaluation sees the captures a move or
three ahead that short random rollouts miss (docs/bots.md, "Measured"). A game
asks for it with `Game.expert_search = "alphabeta"`.

The search reads only the public contract and its game's capabilities:

- the position is `determinize(me, rng)` — in a game of perfect information, a
  copy of what the seat sees — so the bot is exactly as fair as any other;
- a *turn* is every action one seat makes before the other moves (a Caméléon
  ply and the choices it waits for): the search branches on whole turns, and
  depth counts turns;
- a position between turns is judged by `Game.search_value` (the advantage of
  the seat to move), a finished game by its winners: a win is worth `WIN` less
  the turns it takes, so the search prefers the nearest win and the furthest
  loss, and a draw is worth `-contempt` to the searching seat, so that it does
  not settle for a repetition or a stalled game in a level position;
- `Game.position_key` keys a transposition table, which keeps each position's
  bound and best turn between the iterations of one search (a won or lost game
  counted in turns from the position, as a transposition may meet it at another
  depth).

Each iteration searches one turn deeper, with the best turns of the last
iteration first; the budget is seconds (`time_limit`) or positions examined
(`iterations`, which makes the moves the same on any machine; the children a
position's turns are ordered by are judged without being counted). A search cut
short keeps the best turn of the last complete iteration, or of the one cut
short when a turn it finished searching proved better. The choices inside the
chosen turn (a Caméléon ply's rewards) are then played as planned, not searched
again.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from kameleon.ai.ismcts import checked_budget
from kameleon.engine.agent import seat_to_move
from kameleon.engine.errors import KameleonError
from kameleon.engine.game import Game, State

WIN = 1_000_000.0
"""A won game's value, less one per turn it takes: beyond any evaluation."""
MAX_DEPTH = 64
"""The deepest iteration: a bound that only a position with one legal line reaches."""
DECIDED = WIN - 1000
"""Values beyond this (either way) are won or lost games, whatever the turns they take."""
INFINITY = 2 * WIN
MAX_CONTEMPT = 1000.0
"""Contempt must leave a draw above any loss."""
CLOCK_EVERY = 64
"""Positions examined between two looks at the clock."""
EXACT, LOWER, UPPER = 0, 1, 2

Turn = tuple[tuple[Any, ...], State[Any]]
"""(the turn's actions, the position after the whole turn)."""


class OutOfBudget(Exception):
    """The search's seconds or positions are spent."""


def whole_turns(state: State[Any]) -> list[Turn]:
    """Every turn the seat to move can make from `state`, each as its actions and the position after them
    (its later actions, such as a ply's choices, made every way they can be)."""
    mover = state.current_player
    turns: list[Turn] = []
    stack: list[Turn] = [((), state)]
    while stack:
        done, position = stack.pop()
        for action in position.legal_actions():
            after = position.clone()
            after.apply(action)
            line = (*done, action)
            if after.is_terminal or after.current_player != mover:
                turns.append((line, after))
            else:
                stack.append((line, after))
    return turns


class AlphaBetaAgent:
    """A fair alpha-beta bot for two-seat games of perfect information (see the module docstring)."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        time_limit: float | None = None,
        contempt: float = 0.0,
        name: str = "alphabeta",
    ) -> None:
        if iterations is None and time_limit is None:
            raise ValueError("give the search a budget: iterations (positions examined) or time_limit (seconds)")
        iterations = checked_budget(iterations, time_limit)
        if not _number_in(contempt, 0.0, MAX_CONTEMPT):
            raise ValueError(f"contempt must be a number from 0 to {MAX_CONTEMPT:g}, not {contempt!r}")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.contempt = float(contempt)
        self.name = name
        self.last_iterations = 0
        """Positions examined by the last search (for speed figures)."""
        self.last_depth = 0
        """Turns deep of the last search's last complete iteration."""
        self.last_turn: tuple[Any, ...] = ()
        """Every action of the turn the last move began (a Caméléon ply and its choices)."""
        self._plan: tuple[tuple[Any, ...], tuple[Any, ...]] | None = None
        """(the history where the last searched turn began, that turn)."""
        self._me = 0
        self._deadline: float | None = None
        self._limit: int | None = None
        self._examined = 0
        self._table: dict[Hashable, tuple[int, float, int, tuple[Any, ...]]] = {}
        self._value: Callable[[State[Any]], float] | None = None
        self._key: Callable[[State[Any]], Hashable | None] | None = None

    # --- the Agent interface --------------------------------------------------

    def act(self, state: State[Any]) -> Any:
        self.last_iterations = 0
        me = seat_to_move(state)
        game: Game[Any] = state.game
        check_searchable(game)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = state.determinize(me, self.rng)
        planned = self._planned(root)
        if planned is not None:  # a choice inside the turn the search chose: its plan stands
            return planned
        self._value, self._key = game.search_value, game.position_key
        self.last_turn = self.search(root, me)
        self._plan = (tuple(root.history), self.last_turn)
        return self.last_turn[0]

    def _planned(self, root: State[Any]) -> Any:
        """The next action of the turn the last search chose, when `root` is that turn under way; else None."""
        if self._plan is None:
            return None
        before, turn = self._plan
        history = root.history
        done = tuple(history[len(before) :])
        if not 0 < len(done) < len(turn) or turn[: len(done)] != done or tuple(history[: len(before)]) != before:
            return None
        return turn[len(done)] if turn[len(done)] in root.legal_actions() else None

    # --- the search -------------------------------------------------------------

    def appraise(self, state: State[Any], lines: Sequence[tuple[Any, ...]]) -> tuple[tuple[Any, ...], list[float]]:
        """The turn the search plays from `state` for the seat to move, and the values of that turn and of each
        of `lines` (whole turns from `state`), in that order, from that seat's side, as win chances
        (`win_chance`, read with the game's `value_calibration`; the search values are `searched_values`)."""
        scale = check_calibration(state.game)
        best, values = self.searched_values(state, lines)
        return best, [win_chance(value, scale) for value in values]

    def searched_values(
        self, state: State[Any], lines: Sequence[tuple[Any, ...]]
    ) -> tuple[tuple[Any, ...], list[float]]:
        """`appraise`'s turn and values as the search values them: `search_value` units (log-odds before the game's
        calibration), a won game `WIN` less the plies to it, a lost one the opposite, a draw `-contempt`.

        The search runs on its budget and reaches some depth; every value is then searched afresh to exactly
        that depth (one turn less below the line), with a new transposition table, so that all of them rest on
        the same look ahead: values of unequal depths differ by more than their moves do (a capture seen at one
        depth is answered at the next). Those searches take what that depth takes."""
        me = seat_to_move(state)
        game: Game[Any] = state.game
        check_searchable(game)
        self._value, self._key = game.search_value, game.position_key
        root = state.determinize(me, self.rng)
        best = self.search(root, me)
        depth = max(self.last_depth, 1)
        self._deadline, self._limit = None, None
        values = []
        for line in (best, *lines):
            self._table = {}
            after = root.clone()
            for action in line:
                after.apply(action)
            values.append(self._minimax(after, depth - 1, 1, -INFINITY, INFINITY))
        return best, values

    def search(self, root: State[Any], me: int) -> tuple[Any, ...]:
        """The actions of the best turn for `me` from `root` (a position `me` is to move in)."""
        self._me = me
        self._deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        self._limit = self.iterations
        self._examined = 0
        self._table = {}
        turns = whole_turns(root)
        turns.sort(key=lambda turn: -self._judge(turn[1], 1))
        best = turns[0][0]
        self.last_depth = 0
        for depth in range(1, MAX_DEPTH + 1):
            scored: list[tuple[float, Turn]] = []
            alpha = -INFINITY
            try:
                for turn in turns:
                    value = self._minimax(turn[1], depth - 1, 1, alpha, INFINITY)
                    scored.append((value, turn))
                    alpha = max(alpha, value)
            except OutOfBudget:
                # The first turn (the last iteration's best) was searched with an open window; a later one
                # that scored above it is proven better at this depth too.
                if len(scored) > 1:
                    top = max(scored[1:], key=lambda s: s[0])
                    if top[0] > scored[0][0]:
                        best = top[1][0]
                break
            scored.sort(key=lambda s: -s[0])
            turns = [turn for _, turn in scored]
            best = turns[0][0]
            self.last_depth = depth
            if abs(scored[0][0]) >= DECIDED:
                break  # a forced win or loss: deeper iterations change nothing
        self.last_iterations = min(self._examined, self._limit or self._examined)
        return best

    def _minimax(self, state: State[Any], depth: int, ply: int, alpha: float, beta: float) -> float:
        """The value of `state` for the searching seat, exact between `alpha` and `beta` (a bound outside)."""
        self._spend()
        if state.is_terminal or depth <= 0:
            return self._judge(state, ply)
        key = self._key(state) if self._key is not None else None
        stored = self._table.get(key) if key is not None else None
        known = None
        if stored is not None:
            stored_depth, kept, bound, known = stored
            value = _from_table(kept, ply)
            if stored_depth >= depth and (
                bound == EXACT or (bound == LOWER and value >= beta) or (bound == UPPER and value <= alpha)
            ):
                return value
        mine = state.current_player == self._me
        turns = whole_turns(state)
        if depth >= 2:  # at the last turn a cut-off seldom pays for judging every child first
            turns.sort(key=lambda turn: -self._judge(turn[1], ply + 1) if mine else self._judge(turn[1], ply + 1))
        if known is not None:
            turns.sort(key=lambda turn: turn[0] != known)
        low, high = alpha, beta
        best_value = -INFINITY if mine else INFINITY
        best_turn = turns[0][0]
        for line, after in turns:
            value = self._minimax(after, depth - 1, ply + 1, low, high)
            if mine and value > best_value:
                best_value, best_turn = value, line
                low = max(low, value)
            elif not mine and value < best_value:
                best_value, best_turn = value, line
                high = min(high, value)
            if low >= high:
                break
        if key is not None:
            bound = UPPER if best_value <= alpha else LOWER if best_value >= beta else EXACT
            self._table[key] = (depth, _to_table(best_value, ply), bound, best_turn)
        return best_value

    def _judge(self, state: State[Any], ply: int) -> float:
        """The searching seat's value of a position `ply` turns below the root."""
        if state.is_terminal:
            winners = state.winners()
            if len(winners) != 1:
                return -self.contempt
            return WIN - ply if winners[0] == self._me else -WIN + ply
        assert self._value is not None
        value = self._value(state)
        return value if state.current_player == self._me else -value

    def _spend(self) -> None:
        """Count one position examined; OutOfBudget, before it is judged, once the budget is spent."""
        self._examined += 1
        if self._limit is not None and self._examined > self._limit:
            raise OutOfBudget
        if self._deadline is not None and self._examined % CLOCK_EVERY == 0 and time.perf_counter() > self._deadline:
            raise OutOfBudget


def _to_table(value: float, ply: int) -> float:
    """A value as the table keeps it: a won or lost game counted in turns from the position, not from the root,
    since a transposition can meet the position at another depth."""
    if value >= DECIDED:
        return value + ply
    if value <= -DECIDED:
        return value - ply
    return value


def _from_table(value: float, ply: int) -> float:
    if value >= DECIDED:
        return value - ply
    if value <= -DECIDED:
        return value + ply
    return value


def _number_in(value: object, low: float, high: float) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value < high


def win_chance(value: float, calibration: float = 1.0) -> float:
    """A search value as the searching seat's chance of winning: a won game 1, a lost one 0, and a judged
    position the logistic function of its value times `calibration` (`Game.search_value` is log-odds, worth
    `Game.value_calibration` log-odds each in strong play), so a draw is 0.5 less the contempt's share (the
    contempt is in `search_value` units, scaled alike)."""
    if value >= DECIDED:
        return 1.0
    if value <= -DECIDED:
        return 0.0
    value *= calibration
    if value < 0:  # the same logistic, in a form whose exponential cannot overflow
        odds = math.exp(value)
        return odds / (1.0 + odds)
    return 1.0 / (1.0 + math.exp(-value))


def check_calibration(game: Game[Any]) -> float:
    """The game's `value_calibration`, a positive number (KameleonError naming the game where it is not: a
    plug-in's mistake, refused before a search rather than read as win chances of 0.5 or none)."""
    scale = game.value_calibration
    if not _number_in(scale, 0.0, math.inf) or scale == 0:
        raise KameleonError(f"{game.title}: value_calibration must be a positive number, not {scale!r}")
    return float(scale)


def check_searchable(game: Game[Any]) -> None:
    """KameleonError unless alpha-beta can play `game`: two seats, perfect information and an evaluation."""
    if game.num_players != 2:
        why = f"it plays games of two seats, and this {game.title} table has {game.num_players}"
    elif not game.perfect_information:
        why = f"it plays games of perfect information, and in {game.title} the seats hold what others do not see"
    elif not game.has_evaluation:
        why = f"{game.title} offers no evaluation of a position (Game.has_evaluation) for it to judge by"
    else:
        return
    raise KameleonError(f"alpha-beta cannot search {game.name}: {why}")
