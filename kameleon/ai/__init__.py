"""Agents on the `kameleon.Agent` interface, the levels players choose from, and the evaluation harness.

| name     | what it is                                                        |
| -------- | ----------------------------------------------------------------- |
| `random` | a uniformly random legal move (the baseline)                      |
| `greedy` | the game's one-ply heuristic (`games/<g>/heuristics.py`)          |
| `easy`   | greedy with noise (half the value spread at each decision)        |
| `medium` | greedy                                                            |
| `hard`   | ISMCTS (`kameleon.ai.ismcts`), `HARD_MOVE_TIME` seconds per move  |
| `expert` | `hard`'s search judged by the game's value network (`expert`),    |
|          | or an alpha-beta search (`alphabeta`) where the game asks for one |

A bot is named by a *spec* (`kameleon.ai.levels`): a name, optionally followed
by the budget of a searching bot, `:SECONDS` per move (`hard:0.2`) or
`@ITERATIONS` per move (`hard@500`, reproducible: the same seed gives the same
moves). `make_agent(spec, seed, move_time=S)` or `iterations=N` does the same;
an explicit budget wins over the spec's. Bots that do not search take none.

>>> make_agent("hard:0.2", seed=1).time_limit
0.2
>>> make_agent("hard@200", seed=1).iterations
200
>>> make_agent("medium", seed=1).name
'medium'

`evaluate(agent, game=..., opponents=...)` (`kameleon.ai.evaluation`) measures
one agent, a spec, an agent object or a factory, against bots, seat-rotated.

`analyse(record)` (`kameleon.ai.analysis`) judges every decision of a game record
with the strongest level (`STRONGEST`), each from its seat's information only, and
`hint(state, seat)` names the move that level would play (docs/analysis.md).
"""

from __future__ import annotations

from kameleon.ai.analysis import Analysis, Decision, analyse, hint
from kameleon.ai.evaluation import Evaluation, SeatResult, evaluate
from kameleon.ai.greedy import GreedyAgent
from kameleon.ai.ismcts import ISMCTSAgent
from kameleon.ai.levels import (
    AGENTS,
    EASY_NOISE,
    HARD_MOVE_TIME,
    HARD_SETTINGS,
    MAX_ITERATIONS,
    SEARCHING,
    STRONGEST,
    BotSpec,
    agent_names,
    make_agent,
    make_analyst,
    parse_spec,
)
from kameleon.ai.random_agent import RandomAgent

__all__ = [
    "AGENTS",
    "EASY_NOISE",
    "HARD_MOVE_TIME",
    "HARD_SETTINGS",
    "MAX_ITERATIONS",
    "SEARCHING",
    "STRONGEST",
    "Analysis",
    "BotSpec",
    "Decision",
    "Evaluation",
    "GreedyAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "SeatResult",
    "agent_names",
    "analyse",
    "evaluate",
    "hint",
    "make_agent",
    "make_analyst",
    "parse_spec",
]
