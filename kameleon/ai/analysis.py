"""Move-by-move analysis of a game record, and hints: what the strongest level thinks of each decision.

Every decision is judged **from the deciding seat's information at the time**, never from the real
hidden cards: the search runs on `FairView(state, seat)`, so it sees only what `determinize(seat, rng)`
gives, and every game's determinization depends only on what the seat has seen (its output for a given
`rng` is the same for every real state the seat cannot tell apart). Two records that differ only in
cards a seat never saw get the same verdicts on that seat's decisions.

The unit is a **win chance** in [0, 1]: the bot of the strongest level (`levels.STRONGEST`) searches
with `win_weight=1.0` (`levels.make_analyst`), so a finished rollout scores 1 for a win, 1/k for a win
shared by k seats and 0 for a loss; a rollout the level cuts short (Caméléon, Cardcassonne, Chromino
stop after a few moves) is scored by the game's evaluation squashed into [0, 1], the search's own
estimate of that chance. The mean reward of a root child is the move's value.

Where `expert` plays the alpha-beta search (`Game.expert_search`, Le Caméléon), that search judges:
its best turn and the played one are valued at the depth its budget reached (`DEFAULT_ITERATIONS` is
then positions examined), and a value v becomes the win chance `sigmoid(Game.value_calibration * v)`,
the game's learned value being log-odds, calibrated on strong games (`AlphaBetaAgent.appraise`); a draw
is worth half a win.

For each decision (a move with at least two legal choices; forced moves are left out):

- `best` is the move the bot would play: the most visited root child, followed down through the
  same seat's choices to a whole record token (a Caméléon ply may be several engine actions); moves
  are compared as record tokens (`State.legal_tokens`), so `best == played` means the same choice;
  when the search values the played move no lower than that one, `best` is the played move;
- `value` is the played move's mean reward and `best_value` the best one's; both rest on at least
  `played_visits` iterations (`ISMCTSAgent.deepen` adds iterations that begin with the move when the
  search gave it fewer);
- `loss = max(0, best_value - value)`, in win-chance points;
- `label`: `best` when the played move is the best one or loses less than `BEST_LOSS`, then
  `good`, `inaccuracy`, `mistake` below the bounds of `LABELS`, else `blunder`.

A player's **accuracy** is the mean over their decisions of lichess's per-move formula,
`103.1668 * exp(-0.04354 * 100 * loss) - 3.1669`, clipped to [0, 100]: 100 for no loss, about 80
for a 5-point loss, 64 for 10 points, 40 for 20 and 15 for 40. A player's accuracy averages the
arithmetic and the harmonic mean of those over the decisions that still mattered (not those where the
best and the played move both leave the game decided the same way, within `DECIDED`: a won game thrown
away counts), as lichess blends its means; a player with no such decision scores 100.

The analysis names its judge: `analyst` is a fingerprint of everything a verdict depends on besides the record
and the seed (the level and budget, the learned files the game ships for that table, its search settings and
calibration, this module's bounds and `ANALYST_VERSION`), so that a stored analysis can tell whether analysing
again would give the same one (the arena offers to, when it would not).

The default budget is `DEFAULT_ITERATIONS` iterations per decision: reproducible (the same record, level
and seed give the same analysis on any machine) and fast enough for a 4-player Coloretto game in about
a minute on one core. `move_time` asks for seconds per decision instead.

>>> import kameleon
>>> state = kameleon.load("coloretto", players=2).new_state(seed=3)
>>> for token in ("draw", "place 1", "draw", "place 2", "take 1"):
...     _ = state.apply_str(token)
>>> result = analyse(state.record(), iterations=50)
>>> [(d.ply, d.seat, d.played) for d in result.decisions]  # the first draw was forced
[(1, 0, 'place 1'), (2, 1, 'draw'), (3, 1, 'place 2'), (4, 0, 'take 1')]
>>> result.level, result.judge, sorted(result.to_json())
('expert@50', 'network', ['analyst', 'budget', 'decisions', 'finished', 'judge', 'level', 'players', 'seed', 'unit'])
>>> result.analyst == analyst(state.game, iterations=50)
True
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from kameleon.ai.alphabeta import AlphaBetaAgent
from kameleon.ai.expert import ExpertAgent, is_hard, network_file
from kameleon.ai.fair import FairView, fair_state
from kameleon.ai.ismcts import ISMCTSAgent, Node
from kameleon.ai.levels import STRONGEST, check_budget, make_agent, make_analyst, parse_spec
from kameleon.engine.agent import Agent
from kameleon.engine.errors import KameleonError, RecordError
from kameleon.engine.game import Game, State, replay_move
from kameleon.engine.messages import msg
from kameleon.engine.record import replay
from kameleon.engine.seeding import MAX_SEED, bot_seed

UNIT = "win_chance"
"""What `value`, `best_value` and `loss` measure: the deciding seat's chance of winning, in [0, 1]."""
DEFAULT_ITERATIONS = 2000
"""Search iterations per decision when no budget is given (reproducible; see the module docstring)."""
PLAYED_VISITS = 40
"""The fewest iterations the played and the best move's values rest on (`ISMCTSAgent.deepen` adds the rest)."""
PLAYED_SHARE = 0.125
"""... or this share of the search's iterations, when that is more."""
BEST_LOSS = 0.01
"""A played move that loses less than this (one win-chance point) is labelled `best`."""
LABELS: tuple[tuple[str, float], ...] = (("good", 0.05), ("inaccuracy", 0.10), ("mistake", 0.20))
"""(label, bound): a loss below the bound gets the label (the first that fits); from 0.20 on, `blunder`."""
BLUNDER = "blunder"
LABEL_NAMES = ("best", "good", "inaccuracy", "mistake", BLUNDER)
SAMPLE_SEED = 0
"""The seed of the determinization that reads a decision's tokens (the seat's own moves: any sample has them)."""
ANALYST_VERSION = 2
"""Raised whenever verdicts change for a reason `analyst` cannot see: the way `judge` searches or reads a search,
a game's heuristics or evaluation in code. Stored analyses of an earlier version are then offered again."""


@dataclass(frozen=True)
class Decision:
    """One judged decision: `ply` is the 0-based index of the move in the record's `moves`."""

    ply: int
    seat: int
    played: str
    best: str
    value: float
    best_value: float

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.value)

    @property
    def label(self) -> str:
        return label_of(self.loss, self.played == self.best)

    @property
    def accuracy(self) -> float:
        return move_accuracy(self.loss)

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "loss": round(self.loss, 4),
            "label": self.label,
            "value": round(self.value, 4),
            "best_value": round(self.best_value, 4),
        }


DECIDED = 0.02
"""A decision whose best and played moves both leave a win chance within this of the same end (0 or 1) comes
when the game is decided whatever the seat does, so it says nothing of its player's accuracy."""


def is_open(decision: Decision) -> bool:
    """Did this decision still matter (`DECIDED`)? Only those count for accuracy. Throwing away a won game (the
    best move wins, the played one does not) matters most of all, so a decided best value alone does not
    exclude a decision: only a played move that ends at the same end does."""
    decided_won = decision.best_value >= 1.0 - DECIDED and decision.value >= 1.0 - DECIDED
    decided_lost = decision.best_value <= DECIDED and decision.value <= DECIDED
    return not (decided_won or decided_lost)


@dataclass(frozen=True)
class Analysis:
    """The verdicts on a record's decisions (see the module docstring); `to_json()` is `kameleon analyse
    --json`'s output."""

    num_players: int
    decisions: list[Decision]
    level: str
    budget: dict[str, Any] = field(default_factory=dict)
    analyst: str = ""
    """The judge's fingerprint (`analyst`)."""
    seed: int = 0
    """The seed the decisions' searches were drawn from (`decision_seed`)."""
    judge: str = ""
    """How the level judged this game (`JUDGES`)."""
    finished: bool = True
    """Whether the record's game had ended: the accuracies of an unfinished one are over its moves so far."""

    def accuracy(self, seat: int) -> float:
        """The seat's accuracy in [0, 100] over the decisions that mattered (`is_open`; 100 with none): the mean of
        the arithmetic and the harmonic mean of their accuracies, so that a few bad moves weigh as they
        should among many easy ones."""
        mine = [d.accuracy for d in self.decisions if d.seat == seat and is_open(d)]
        if not mine:
            return 100.0
        harmonic = len(mine) / sum(1.0 / max(a, 1.0) for a in mine)
        return (sum(mine) / len(mine) + harmonic) / 2

    def to_json(self) -> dict[str, Any]:
        return {
            "decisions": [decision.to_json() for decision in self.decisions],
            "players": [
                {
                    "seat": seat,
                    "accuracy": round(self.accuracy(seat), 1),
                    "decisions": sum(d.seat == seat for d in self.decisions),
                    "counted": sum(d.seat == seat and is_open(d) for d in self.decisions),
                }
                for seat in range(self.num_players)
            ],
            "unit": UNIT,
            "level": self.level,
            "judge": self.judge,
            "budget": dict(self.budget),
            "seed": self.seed,
            "analyst": self.analyst,
            "finished": self.finished,
        }


def label_of(loss: float, is_best: bool = False) -> str:
    """The label of a decision that lost `loss` win-chance points (`is_best`: the played move is the best).

    >>> [label_of(x) for x in (0.005, 0.03, 0.07, 0.15, 0.5)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    if is_best or loss < BEST_LOSS:
        return "best"
    for label, bound in LABELS:
        if loss < bound:
            return label
    return BLUNDER


def move_accuracy(loss: float) -> float:
    """lichess's accuracy of one move from its loss in win-chance points, clipped to [0, 100].

    >>> [round(move_accuracy(x)) for x in (0.0, 0.05, 0.1, 0.2, 0.4)]
    [100, 80, 64, 40, 15]
    """
    if loss <= 0.0:
        return 100.0  # the formula's own value at 0 is 99.9999
    raw = 103.1668 * math.exp(-0.04354 * 100.0 * loss) - 3.1669
    return min(100.0, max(0.0, raw))


# --- one decision -------------------------------------------------------------------------------


def _lines(sample: State[Any], tokens: Sequence[str]) -> dict[str, tuple[Any, ...]]:
    """Each token's engine actions, played on copies of `sample` (a Caméléon ply may be several)."""
    out = {}
    for token in tokens:
        probe = sample.clone()
        start = len(probe.history)
        probe.apply_str(token)
        out[token] = tuple(probe.history[start:])
    return out


def _node(root: Node, line: Sequence[Any]) -> Node | None:
    node: Node | None = root
    for action in line:
        assert node is not None
        node = node.children.get(action)
        if node is None:
            return None
    return node


def _choice(root: Node, lines: Mapping[str, tuple[Any, ...]]) -> str | None:
    """The token the search would play: the most visited child at each step, among the actions that
    continue some token, until the path is a whole token; None if the search reached no token."""
    whole = {line: token for token, line in lines.items()}
    path: tuple[Any, ...] = ()
    node = root
    while path not in whole:
        depth = len(path)
        nexts = {line[depth] for line in lines.values() if len(line) > depth and line[:depth] == path}
        options = [child for action, child in node.children.items() if action in nexts and child.visits]
        if not options:
            return None
        node = max(options, key=lambda child: (child.visits, child.total))
        path = (*path, node.action)
    return whole[path]


def _wanted(iterations: int) -> int:
    """The fewest visits the played and the best move's values rest on, after a search of `iterations`."""
    return max(PLAYED_VISITS, math.ceil(PLAYED_SHARE * iterations))


def _mean(node: Node | None) -> float:
    return node.total / node.visits if node is not None and node.visits else 0.0


def decision_tokens(state: State[Any], seat: int) -> tuple[State[Any], list[str]]:
    """A determinization of `state` for `seat` (a fixed sample) and the seat's legal moves as tokens in it."""
    sample = FairView(state, seat).determinize(seat, random.Random(SAMPLE_SEED))
    return sample, sample.legal_tokens()


def judge(state: State[Any], played: str, agent: ISMCTSAgent, *, ply: int = 0) -> Decision | None:
    """The verdict on `played` (a token in the game's notation), the move of the seat to move at `state`,
    judged by `agent` (see `levels.make_analyst`) from that seat's information only; None when the seat
    had a single choice (not a decision)."""
    seat = state.current_player
    if seat is None:
        raise KameleonError("the game is over: there is no decision to judge")
    sample, tokens = decision_tokens(state, seat)
    if len(tokens) < 2:
        return None
    lines = _lines(sample, tokens)
    played_line = _lines(sample, [played])[played]
    fair = fair_state(state, seat)
    if by_minimax(agent, state.game):
        return _judged_by_minimax(fair, ply, seat, played, played_line, lines, agent)
    root = agent.search(fair)
    wanted = _wanted(agent.last_iterations)
    best = _choice(root, lines)
    if best is None:  # no iteration reached a whole token: give the played move its visits and take it
        best = next((t for t, line in lines.items() if line == played_line), tokens[0])
    best_line = lines[best]
    for line in (best_line, played_line):
        node = _node(root, line)
        seen = node.visits if node is not None else 0
        if seen < wanted:
            agent.deepen(fair, root, line, wanted - seen)
    value = _mean(_node(root, played_line))
    best_value = _mean(_node(root, best_line))
    if best_line == played_line or value >= best_value:
        # the most visited move, valued no higher than the one played (as alpha-beta judges, below): nothing better
        return Decision(ply, seat, played, played, value, value)
    return Decision(ply, seat, played, best, value, best_value)


def _judged_by_minimax(
    fair: State[Any],
    ply: int,
    seat: int,
    played: str,
    played_line: tuple[Any, ...],
    lines: Mapping[str, tuple[Any, ...]],
    agent: ExpertAgent,
) -> Decision:
    """The verdict of the alpha-beta search `expert` plays where the game asks for it (Le Caméléon): its best
    turn and the played one, valued at the depth its budget reached (`AlphaBetaAgent.appraise`); no contempt,
    so a draw is worth half a win."""
    best_line, (best_value, value) = minimax_analyst(agent, fair.game).appraise(fair, [played_line])
    if best_line == played_line or value >= best_value:
        # a search cut short may take its turn from the deeper iteration it did not finish: valued at the depth
        # both were searched to, the played turn is then at least as good
        return Decision(ply, seat, played, played, value, value)
    best = next((token for token, line in lines.items() if line == best_line), None)
    if best is None:  # the search's turn is every record token's actions in every game so far: a safeguard
        raise KameleonError(f"move {ply + 1}: the search chose a turn that no record token writes")
    return Decision(ply, seat, played, best, value, best_value)


# --- a whole record -----------------------------------------------------------------------------


def decision_seed(seed: int, ply: int) -> int:
    """Each decision's search has its own seed, so a decision's verdict does not depend on the others."""
    return random.Random(f"kameleon-analysis:{seed}:{ply}").getrandbits(62)


def _settings(
    level: str | None, move_time: float | None, iterations: int | None, seed: Any
) -> tuple[str, float | None, int | None]:
    """The level's spec (with the budget used) and the budget, checked (KameleonError)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise KameleonError(f"the analysis seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    move_time, iterations = check_budget(move_time, iterations)
    spec = parse_spec(level if level is not None else STRONGEST)
    if spec.has_budget and (move_time is not None or iterations is not None):
        given = f"iterations={iterations}" if iterations is not None else f"move_time={move_time:g}"
        raise KameleonError(f"give one budget: the level {spec} names its own, so give no {given} beside it")
    if move_time is None and iterations is None:
        move_time, iterations = spec.move_time, spec.iterations
        if move_time is None and iterations is None:
            iterations = DEFAULT_ITERATIONS
    make_analyst(spec.name, 0, move_time=move_time, iterations=iterations)  # refuses a level that does not search
    used = parse_spec(f"{spec.name}@{iterations}" if iterations is not None else f"{spec.name}:{move_time}")
    return str(used), move_time, iterations


def analyse(
    record: Mapping[str, Any],
    *,
    move_time: float | None = None,
    iterations: int | None = None,
    level: str | None = None,
    seed: int = 0,
    on_decision: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Judge every decision of every seat in `record` (see the module docstring).

    `iterations` or `move_time` (seconds) per decision; by default `DEFAULT_ITERATIONS`, or the budget of
    `level` when its spec has one (`hard@500`). `level` None is `levels.STRONGEST`. `on_decision(done,
    total)` is called after each decision (progress bars). A bad record raises RecordError, bad settings
    KameleonError.
    """
    spec, move_time, iterations = _settings(level, move_time, iterations, seed)
    final = replay(record)  # the whole record is checked before any search
    if final.num_players < 2:
        raise RecordError(
            msg(
                "analysis_solo",
                "this is a game of one seat: analysis measures chances of winning against other players, and alone "
                "there are none to measure",
            )
        )
    cursor = final.game.new_state(final.seed)
    todo: list[tuple[int, State[Any], str]] = []
    for ply, token in enumerate(record["moves"]):
        seat = cursor.current_player
        if seat is not None and len(decision_tokens(cursor, seat)[1]) > 1:
            todo.append((ply, cursor.clone(), token))
        replay_move(cursor, ply + 1, token)
    decisions = []
    name = parse_spec(spec).name
    for done, (ply, state, token) in enumerate(todo, start=1):
        agent = make_analyst(name, decision_seed(seed, ply), move_time=move_time, iterations=iterations)
        verdict = judge(state, token, agent, ply=ply)
        if verdict is None:  # decision_tokens found two choices, so judge does too
            raise RecordError(f"move {ply + 1} could not be judged")
        decisions.append(verdict)
        if on_decision is not None:
            on_decision(done, len(todo))
    budget: dict[str, Any] = {"iterations": iterations} if iterations is not None else {"move_time": move_time}
    judged_by = judge_of(make_analyst(name, 0, move_time=move_time, iterations=iterations), final.game)
    if judged_by != ALPHABETA:  # alpha-beta counts no visits
        budget["played_visits"] = _wanted(iterations or 0)  # with a time budget, the floor every decision had
    fingerprint = analyst(final.game, level=spec)
    return Analysis(
        final.num_players, decisions, spec, budget, fingerprint, seed, judged_by, finished=final.is_terminal
    )


ALPHABETA, NETWORK, ROLLOUTS = "alphabeta", "network", "rollouts"
JUDGES = (ALPHABETA, NETWORK, ROLLOUTS)
"""How a level judges a game: the alpha-beta search on the learned value (`expert` in Le Caméléon), ISMCTS with
the game's value network at its leaves (`expert` where a network is shipped), or ISMCTS with the game's rollouts
(`hard`, and `expert` where no network is shipped for the table)."""


def judge_of(agent: Agent, game: Game[Any]) -> str:
    """How `agent` (an analyst of a level) judges `game` (`JUDGES`)."""
    if by_minimax(agent, game):
        return ALPHABETA
    return NETWORK if isinstance(agent, ExpertAgent) and not is_hard(game) else ROLLOUTS


def analyst(
    game: Game[Any], *, level: str | None = None, move_time: float | None = None, iterations: int | None = None
) -> str:
    """The fingerprint (16 hex digits) of the judge `analyse` would use on a record of `game` with these settings:
    the level with its budget, the learned files the game ships for the table (its network, its value weights)
    by content, its search settings and calibration, the labels' bounds and `ANALYST_VERSION`. Two analyses of the
    same record and seed with the same fingerprint give the same verdicts (a timed budget aside). Bad settings
    raise KameleonError, as `analyse` does."""
    spec, _, _ = _settings(level, move_time, iterations, 0)
    model = game.value_model()
    files = [network_file(game), None if model is None else model.weights_file]
    judged = {
        "version": ANALYST_VERSION,
        "level": spec,
        "game": game.name,
        "players": game.num_players,
        "search": game.expert_search,
        "search_settings": dict(game.search_settings),
        "expert_settings": dict(game.expert_settings),
        "calibration": game.value_calibration,
        "files": {path.name: _digest(path) for path in files if path is not None and path.exists()},
        "labels": [BEST_LOSS, LABELS, DECIDED, PLAYED_VISITS, PLAYED_SHARE],
    }
    text = json.dumps(judged, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


_DIGESTS: dict[tuple[str, int, int], str] = {}
"""(path, size, modification time) -> the file's SHA-256: a server asks for every poll of an analysis."""


def _digest(path: Path) -> str:
    status = path.stat()
    key = (str(path), status.st_size, status.st_mtime_ns)
    if key not in _DIGESTS:
        _DIGESTS[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return _DIGESTS[key]


# --- hints ---------------------------------------------------------------------------------------


def by_minimax(agent: Agent, game: Game[Any]) -> TypeGuard[ExpertAgent]:
    """Whether `agent` judges `game` by the alpha-beta search: `expert`, where the game asks for one."""
    return isinstance(agent, ExpertAgent) and agent.by_alphabeta(game)


def minimax_analyst(agent: ExpertAgent, game: Game[Any]) -> AlphaBetaAgent:
    """The alpha-beta search that analysis and hints both ask, so that a hint is the move analysis calls best:
    the level's own, without its contempt for draws (a draw is worth half a win, as in the unit)."""
    return agent.alphabeta(game, contempt=0.0)


def hint(state: State[Any], seat: int, *, level: str | None = None, seed: int | None = None) -> str:
    """The token the level (default `levels.STRONGEST`, with its own budget) would play for `seat`, the
    seat to move, seeing only `FairView(state, seat)`: its own search's choice, the alpha-beta's where
    `expert` plays one (Le Caméléon), without the level's contempt for draws, so that the hint is the move
    analysis would call best. KameleonError when `seat` is not to move."""
    if state.is_terminal or state.current_player != seat:
        raise KameleonError(f"seat {seat} is not to move, so it needs no hint")
    sample, tokens = decision_tokens(state, seat)
    if len(tokens) == 1:
        return tokens[0]
    lines = _lines(sample, tokens)
    # By default a stream of the seat's own, never the numbers that dealt the game (`bot_seed`).
    chosen = bot_seed(state.seed or 0, seat) if seed is None else seed
    agent = make_agent(level if level is not None else STRONGEST, chosen)
    fair = fair_state(state, seat)
    turn: tuple[Any, ...] = ()
    if by_minimax(agent, state.game):
        searcher = minimax_analyst(agent, fair.game)  # as analysis judges
        action = searcher.act(fair)
        turn = searcher.last_turn  # the whole turn it chose, its choices included
    else:
        if isinstance(agent, ISMCTSAgent):
            found = _choice(agent.search(fair), lines)
            if found is not None:
                return found
        action = agent.act(fair)
    whole = next((token for token, line in lines.items() if line == turn), None)
    if whole is not None:
        return whole
    return next((token for token, line in lines.items() if line[:1] == (action,)), tokens[0])
