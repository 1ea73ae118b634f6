"""Information-Set Monte Carlo Tree Search (single-observer ISMCTS), for every game.

The search only ever touches the public contract: at each iteration it asks the
real state for `determinize(me, rng)` — a full state consistent with what the
acting seat sees — and plays on that sample with `legal_actions`, `apply`,
`is_terminal`, `scores` and `winners`. So the bot is exactly as well informed
as a person at the table; it never reads hidden fields.

One tree is shared by all samples (Cowling, Powley & Whitehouse, 2012): nodes
are keyed by the actions leading to them, a child is *available* in an
iteration when its action is legal in that iteration's sample, and UCB uses
the availability count instead of the parent's visits. Each node keeps the
total reward of the seat that chose its action, so the search handles any
number of players with per-seat reward vectors (`reward_vector`).

Options (all on `ISMCTSAgent`):

- budget: `iterations` and/or `time_limit` seconds (whichever ends first);
- `exploration`: the UCT constant (rewards are in [0, 1]);
- `rollout`: "random", or "heuristic" to play the game's heuristic
  (`Game.action_values`) on a `rollout_greedy`
  fraction of rollout moves; `rollout_depth` stops a rollout early and scores
  the position by each seat's margin over the best other — by the game's
  `Game.position_values(state)` (by default the scores) —
  squashed by `tanh(margin / evaluation_scale)`; with `cutoff="softmax"` each
  seat's reward is instead its share of `exp(2 * value / evaluation_scale)`, the
  win chances of a multinomial logit model when the values are its log-odds
  (with two players the two forms are the same); `rollout_mix` plays a rollout
  cut short on to the end all the same and mixes its result, with that weight,
  into the judged rewards (AlphaGo's λ: a judge's steady bias and a rollout's
  noise partly cancel);
- `game_settings`: use each game's own `Game.search_settings` (what suits its
  rollouts and evaluation) over the settings given here, as `hard` does;
- `per_game`: settings for one game over the others (`{"cameleon": {...}}`),
  so one bot plays every game with the settings that suit it;
- `widening`: progressive widening — a node grows at most
  `ceil(widening * visits ** widening_power)` children, best-first by the
  heuristic when the game has one (useful when there are hundreds of moves);
- `decisive`: before searching, play a move that wins the game at once
  (checked on a few determinizations);
- `reuse_tree`: keep the subtree of the position reached between two moves
  (the actions since the last search are read from a determinization);
- `overrides`: settings over the game's own `Game.search_settings` (analysis
  asks for `win_weight=1.0`, so that mean rewards are win chances; see
  `kameleon.ai.levels.make_analyst`); `with_overrides` adds some to an agent
  a level made.

`search(state)` returns the root of the tree; `deepen(state, root, line, n)`
then grows it by `n` iterations that all begin with `line`, to give one move
(the played one, in analysis) a value that rests on enough visits.
"""

from __future__ import annotations

import math
import numbers
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kameleon.engine.agent import seat_to_move
from kameleon.engine.game import DEFAULT_EVALUATION_SCALE, Game, State
from kameleon.engine.seeding import whole_number

ROLLOUTS = ("random", "heuristic")
CUTOFFS = ("margin", "softmax")
"""How a rollout cut short is scored (see `ISMCTSAgent._cutoff`)."""
TUNABLE = (
    "exploration", "rollout_greedy", "rollout_depth", "win_weight", "margin_scale", "widening", "evaluation_scale",
    "cutoff", "rollout_mix",
)  # fmt: skip
"""Settings that `per_game` may change for one game."""
DECISIVE_SAMPLES = 2
"""Determinizations that must all agree before a move is played as an immediate win."""


class Node:
    """A node of the shared tree: the action that leads here and who chose it.

    `total / visits` is the mean reward of `player` after choosing `action`;
    `avail` counts the iterations in which `action` was legal at the parent.
    Nodes hold no link to their parent (an iteration keeps its path), so the
    tree has no reference cycles and a discarded subtree is freed at once
    rather than by a slow garbage-collector pass in the middle of a move.
    """

    __slots__ = ("action", "avail", "children", "player", "ranked", "total", "visits")

    def __init__(self, action: Any, player: int) -> None:
        self.action = action
        self.player = player
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.ranked: list[Any] | None = None
        """Progressive widening: this node's actions best first, from the first sample that expanded it."""


def is_seconds(value: object) -> bool:
    """Is `value` a positive, finite number (a time budget)? Bools and strings are not numbers here."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return False
    return 0 < float(value) < math.inf


def checked_budget(iterations: Any, time_limit: Any) -> int | None:
    """A search's budget as given to its constructor: the iterations as an int (ValueError naming a bad
    argument)."""
    if iterations is not None:
        count = whole_number(iterations)
        if count is None or count < 1:
            raise ValueError(f"iterations must be a whole number, at least 1, not {iterations!r}")
        iterations = count
    if time_limit is not None and not is_seconds(time_limit):
        raise ValueError(f"time_limit must be a positive, finite number of seconds, not {time_limit!r}")
    return iterations


def reward_vector(
    scores: Sequence[float], winners: Sequence[int] | None, win_weight: float, margin_scale: float | None = None
) -> list[float]:
    """Per-seat rewards in [0, 1]: `win_weight` on winning, the rest on the score margin.

    The win part is 1/k for each of k co-winners and 0 for the others (before
    the end, the seats with the top score count as winners). The margin part is
    `(score - best other score) / (max - min)` mapped from [-1, 1] to [0, 1],
    so it is the same for a game scored in tens or in hundreds of points. With
    `margin_scale`, the margin part is `0.5 + 0.5 * tanh(margin / margin_scale)`
    instead: with two players the spread form is all-or-nothing, while the
    tanh form still tells a narrow result from a wide one.

    >>> reward_vector([10, 4], [0], 0.5)
    [1.0, 0.0]
    >>> reward_vector([5, 5, 1], [0, 1], 1.0)
    [0.5, 0.5, 0.0]
    """
    n = len(scores)
    if not winners:
        top = max(scores)
        winners = [seat for seat in range(n) if scores[seat] == top]
    win = 1.0 / len(winners)
    high, low = max(scores), min(scores)
    spread = high - low
    out = []
    for seat in range(n):
        won = win if seat in winners else 0.0
        if spread:
            mine = scores[seat]
            best_other = high if mine < high or scores.count(high) > 1 else max(s for s in scores if s != high)
            if margin_scale:
                margin = 0.5 + 0.5 * math.tanh((mine - best_other) / margin_scale)
            else:
                margin = 0.5 + 0.5 * (mine - best_other) / spread
        else:
            margin = 0.5
        out.append(win_weight * won + (1.0 - win_weight) * margin)
    return out


class ISMCTSAgent:
    """A fair ISMCTS bot (see the module docstring for the options)."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout: str = "random",
        rollout_greedy: float = 0.0,
        rollout_depth: int | None = None,
        win_weight: float = 0.5,
        margin_scale: float | None = None,
        widening: float | None = None,
        widening_power: float = 0.5,
        reuse_tree: bool = True,
        decisive: bool = True,
        evaluation_scale: float = DEFAULT_EVALUATION_SCALE,
        cutoff: str = "margin",
        rollout_mix: float = 0.0,
        per_game: Mapping[str, Mapping[str, Any]] | None = None,
        game_settings: bool = False,
        overrides: Mapping[str, Any] | None = None,
        name: str = "ismcts",
    ) -> None:
        if iterations is None and time_limit is None:
            iterations = 1000
        iterations = checked_budget(iterations, time_limit)
        if not 0.0 <= rollout_mix <= 1.0:
            raise ValueError(f"rollout_mix must be in [0, 1], not {rollout_mix}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if not 0.0 <= rollout_greedy <= 1.0:
            raise ValueError(f"rollout_greedy must be in [0, 1], not {rollout_greedy}")
        if not 0.0 <= win_weight <= 1.0:
            raise ValueError(f"win_weight must be in [0, 1], not {win_weight}")
        if cutoff not in CUTOFFS:
            raise ValueError(f"cutoff must be one of {', '.join(CUTOFFS)}, not {cutoff!r}")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_greedy = rollout_greedy if rollout == "heuristic" else 0.0
        if rollout == "heuristic" and rollout_greedy == 0.0:
            self.rollout_greedy = 1.0
        self.rollout_depth = rollout_depth
        self.win_weight = win_weight
        self.margin_scale = margin_scale
        self.widening = widening
        self.widening_power = widening_power
        self.reuse_tree = reuse_tree
        self.decisive = decisive
        self.evaluation_scale = evaluation_scale
        self.cutoff = cutoff
        self.rollout_mix = rollout_mix
        self.per_game = {game: dict(settings) for game, settings in (per_game or {}).items()}
        for settings in self.per_game.values():
            unknown = set(settings) - set(TUNABLE)
            if unknown:
                raise ValueError(f"per_game settings can only change {', '.join(TUNABLE)}, not {sorted(unknown)}")
        self.game_settings = game_settings
        self.overrides: dict[str, Any] = {}
        if overrides:
            self.with_overrides(**overrides)
        self._base = {key: getattr(self, key) for key in TUNABLE}
        self.name = name
        self._root: Node | None = None
        self._root_history: list[Any] = []
        self._root_game: Any = None
        self._evaluate: Callable[[State[Any]], list[float]] | None = None
        self.last_iterations = 0
        """Iterations of the last search (for speed figures)."""
        self.last_seconds = 0.0
        self.last_reused = 0
        """Visits inherited from the previous search's tree at the last move."""

    # --- the Agent interface --------------------------------------------------

    def act(self, state: State[Any]) -> Any:
        started = time.perf_counter()
        self.last_iterations = 0  # a move played without a search reports none, not the last search's
        me = seat_to_move(state)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if self.decisive:
            winning = self._decisive_move(state, me, actions)
            if winning is not None:
                return winning
        root = self.search(state, started=started)
        legal = set(actions)
        best = max(
            (child for action, child in root.children.items() if action in legal),
            key=lambda child: (child.visits, child.total),
            default=None,
        )
        return best.action if best is not None else actions[self.rng.randrange(len(actions))]

    def _decisive_move(self, state: State[Any], me: int, actions: list[Any]) -> Any:
        """A move that ends the game with `me` as the only winner in every one of `DECISIVE_SAMPLES`
        determinizations (a sure win needs no search), else None."""
        samples = [state.determinize(me, self.rng) for _ in range(DECISIVE_SAMPLES)]
        for action in actions:
            for sample in samples:
                child = sample.clone()
                child.apply(action)
                if not child.is_terminal or child.winners() != [me]:
                    break
            else:
                return action
        return None

    # --- the search -----------------------------------------------------------

    def search(self, state: State[Any], started: float | None = None) -> Node:
        """Run the budget from `state` (for its current player) and return the root.

        The time limit counts from `started` (a `time.perf_counter()` reading; default now)."""
        me = seat_to_move(state)
        rng = self.rng
        first = state.determinize(me, rng)
        self._configure(first.game)
        root = self._reused_root(first, me)
        heuristic = first.game.action_values if (self.rollout_greedy or self.widening) else None
        self._evaluate = self.leaf_values(first.game) if self.rollout_depth is not None else None
        start = time.perf_counter() if started is None else started
        deadline = None if self.time_limit is None else start + self.time_limit
        budget = self.iterations
        done = 0
        det: State[Any] | None = first
        while True:
            if det is None:
                det = state.determinize(me, rng)
            self._iterate(root, det, rng, heuristic)
            det = None
            done += 1
            if budget is not None and done >= budget:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        return root

    def deepen(self, state: State[Any], root: Node, line: Sequence[Any], iterations: int) -> Node:
        """Grow `root`, the tree that `search(state)` just returned (and with that search's settings), by
        `iterations` iterations that all begin with `line`: actions of the seat to move, legal in every
        determinization (a move to evaluate; a whole Caméléon ply is several actions).

        Returns the line's last node: its `total / visits` is then the line's mean reward for that seat,
        over at least `iterations` visits. The nodes above it do not count these iterations."""
        me = seat_to_move(state)
        rng = self.rng
        node = root
        for action in line:
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = Node(action, me)
            node = child
        if not line or iterations < 1:
            return node
        heuristic = None
        for _ in range(iterations):
            det = state.determinize(me, rng)
            if heuristic is None and (self.rollout_greedy or self.widening):
                heuristic = det.game.action_values
            for action in line:
                det.apply(action)
            self._iterate(node, det, rng, heuristic)
        return node

    def with_overrides(self, **settings: Any) -> ISMCTSAgent:
        """Add `overrides`: settings (of `TUNABLE`) that win over the game's own; returns the agent.

        >>> ISMCTSAgent(1, game_settings=True).with_overrides(win_weight=1.0).overrides
        {'win_weight': 1.0}
        """
        unknown = set(settings) - set(TUNABLE)
        if unknown:
            raise ValueError(f"overrides can only change {', '.join(TUNABLE)}, not {sorted(unknown)}")
        weight = settings.get("win_weight", 0.0)
        if not 0.0 <= weight <= 1.0:
            raise ValueError(f"win_weight must be in [0, 1], not {weight}")
        self.overrides.update(settings)
        return self

    def _configure(self, game: Game[Any]) -> None:
        """The settings of this search: the base ones, then (with `game_settings`) the game's own
        `Game.search_settings`, then the level's own (`level_settings`), then `overrides`, then
        `per_game[game.name]`."""
        for key, value in self._base.items():
            setattr(self, key, value)
        if self.game_settings:
            unknown = set(game.search_settings) - set(TUNABLE)
            if unknown:
                raise ValueError(
                    f"{game.name}'s search_settings can only change {', '.join(TUNABLE)}, not {sorted(unknown)}"
                )
            for key, value in game.search_settings.items():
                setattr(self, key, value)
        for key, value in self.level_settings(game).items():
            setattr(self, key, value)
        for key, value in self.overrides.items():
            setattr(self, key, value)
        for key, value in self.per_game.get(game.name, {}).items():
            setattr(self, key, value)

    def level_settings(self, game: Game[Any]) -> Mapping[str, Any]:
        """Settings a subclass (a level) puts over the game's own for this search; none here."""
        return {}

    def leaf_values(self, game: Game[Any]) -> Callable[[State[Any]], list[float]]:
        """What judges a rollout cut short (see `_cutoff`): the game's `position_values`. A subclass may
        judge with something else (the `expert` bot's value network)."""
        return game.position_values

    def _reused_root(self, sample: State[Any], me: int) -> Node:
        """The node of the previous tree for this position when the game went on along it, else a new root."""
        history = list(sample.history)
        node: Node | None = None
        if self.reuse_tree and self._root is not None and sample.game is self._root_game:
            old = self._root_history
            if len(history) >= len(old) and history[: len(old)] == old:
                node = self._root
                for action in history[len(old) :]:
                    node = node.children.get(action)
                    if node is None:
                        break
        if node is None or node.visits == 0:
            node = Node(None, -1)
        node.player = -1
        self.last_reused = node.visits
        self._root, self._root_history, self._root_game = node, history, sample.game
        return node

    def _iterate(
        self,
        root: Node,
        det: State[Any],
        rng: random.Random,
        heuristic: Callable[[State[Any], list[Any]], list[float]] | None,
    ) -> None:
        node = root
        path = [root]
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        widening = self.widening
        # Selection and expansion.
        while not det.is_terminal:
            legal = det.legal_actions()
            children = node.children
            player = det.current_player
            assert player is not None
            untried = [a for a in legal if a not in children]
            if (
                untried
                and widening is not None
                and len(children) >= math.ceil(widening * (node.visits + 1) ** self.widening_power)
                and len(untried) < len(legal)
            ):
                untried = []  # wide enough: choose among the children this sample allows
            if untried:
                if widening is not None:
                    action = self._widen(node, det, legal, untried, heuristic, rng)
                else:
                    action = untried[rng.randrange(len(untried))]
                child = Node(action, player)
                children[action] = child
                det.apply(action)
                path.append(child)
                break
            best: Node | None = None
            best_value = -1.0
            for action in legal:
                seen = children.get(action)
                if seen is None:
                    continue
                seen.avail += 1
                value = seen.total / seen.visits + c * sqrt(log(seen.avail) / seen.visits)
                if value > best_value:
                    best, best_value = seen, value
            assert best is not None
            det.apply(best.action)
            node = best
            path.append(best)
        # Rollout.
        reward = self._rollout(det, rng, heuristic)
        for visited in path:
            visited.visits += 1
            if visited.player >= 0:
                visited.total += reward[visited.player]

    def _widen(
        self,
        node: Node,
        det: State[Any],
        legal: list[Any],
        untried: list[Any],
        heuristic: Callable[[State[Any], list[Any]], list[float]] | None,
        rng: random.Random,
    ) -> Any:
        """The next action to add under progressive widening: best by the heuristic, else random."""
        if heuristic is None:
            return untried[rng.randrange(len(untried))]
        if node.ranked is None:
            values = heuristic(det, legal)
            order = sorted(range(len(legal)), key=lambda i: -values[i])
            node.ranked = [legal[i] for i in order]
        wanted = set(untried)
        for action in node.ranked:
            if action in wanted:
                return action
        return untried[rng.randrange(len(untried))]

    def _rollout(
        self,
        det: State[Any],
        rng: random.Random,
        heuristic: Callable[[State[Any], list[Any]], list[float]] | None,
    ) -> list[float]:
        depth = self.rollout_depth
        greedy = self.rollout_greedy if heuristic is not None else 0.0
        moves = 0
        judged: list[float] | None = None
        while not det.is_terminal:
            if judged is None and depth is not None and moves >= depth:
                judged = self._cutoff(det)
                if not self.rollout_mix:
                    return judged
            legal = det.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif greedy and (greedy >= 1.0 or rng.random() < greedy):
                assert heuristic is not None
                values = heuristic(det, legal)
                top = max(values)
                best = [a for a, v in zip(legal, values, strict=True) if v == top]
                action = best[0] if len(best) == 1 else best[rng.randrange(len(best))]
            else:
                action = legal[rng.randrange(len(legal))]
            det.apply(action)
            moves += 1
        final = reward_vector(det.scores(), det.winners(), self.win_weight, self.margin_scale)
        if judged is None:
            return final
        mix = self.rollout_mix
        return [mix * f + (1.0 - mix) * j for f, j in zip(final, judged, strict=True)]

    def _cutoff(self, det: State[Any]) -> list[float]:
        """Rewards of a rollout stopped early, from each seat's value: the game's
        `Game.position_values(state)` (the game's evaluation, or the current standing by default).

        `cutoff="margin"`: the seat's margin over the best other seat, squashed into [0, 1] by
        `0.5 + 0.5 * tanh(margin / evaluation_scale)`. `cutoff="softmax"`: the seat's share of
        `exp(2 * value / evaluation_scale)`, so the rewards sum to 1 (win chances, when the values are the
        log-odds of a multinomial logit model and the scale is 2). With two players the forms agree."""
        evaluate = self._evaluate
        values = evaluate(det) if evaluate is not None else det.scores()
        scale = self.evaluation_scale
        if self.cutoff == "softmax":
            top = max(values)
            weights = [math.exp(2.0 * (v - top) / scale) for v in values]
            total = sum(weights)
            return [w / total for w in weights]
        out = []
        for seat, mine in enumerate(values):
            best_other = max(v for other, v in enumerate(values) if other != seat)
            out.append(0.5 + 0.5 * math.tanh((mine - best_other) / scale))
        return out

    def action_stats(self) -> list[dict[str, Any]]:
        """The root's children after the last search: action, visits, mean reward (for analysis)."""
        if self._root is None:
            return []
        return [
            {"action": a, "visits": n.visits, "mean": n.total / n.visits if n.visits else 0.0}
            for a, n in sorted(self._root.children.items(), key=lambda kv: -kv[1].visits)
        ]
