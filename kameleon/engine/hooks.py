"""The typed shapes of a game's optional capabilities (DESIGN.md: "the Game is the one plug-in point").

A game declares what it can do beyond the core contract as methods of its Game
class (`Game.action_values`, `Game.position_values`, `Game.observation`,
`Game.renderer`, `Game.bench_extras`), each with a generic default. The values
those methods return have the shapes defined here, so a caller, and mypy, know
what they get without importing a game's modules by name.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import RenderableType

    from kameleon.engine.game import State
    from kameleon.engine.messages import Message, Say


@dataclass(frozen=True)
class TerminalRenderer:
    """How a game draws itself in the terminal (`kameleon play`, `kameleon replay --board`).

    Renderers draw from `state.view(seat)` and the engine's other outputs only: they show
    what the engine says and never recompute a rule. Each callable takes the game's own State
    and, last, `say`, which words the renderer's `Message`s in the reader's language (`str` in
    English): every text a renderer shows is a `msg(...)` of the game's catalog, so that terminal
    play speaks the five languages the arena does.
    """

    render: Callable[[Any, int | None, Say], RenderableType]
    """The table as a seat sees it (None: a spectator)."""
    describe: Callable[[Any, Any, Say], str] | None = None
    """A few words on what an action, legal in the state, does (shown beside the move list)."""
    summary: Callable[[Any, list[str], Say], RenderableType] | None = None
    """The end-of-game table, given the players' names (plain text, never markup; None: the interface's plain
    scores)."""
    narrate: Callable[[Mapping[str, Any], int, Sequence[str], Say], str | None] | None = None
    """A move as a sentence, e.g. "Ann took row 2: blue, +2", from its event as the watcher may know it
    (`State.event_seen_by`), the mover's seat and every seat's name as shown (plain text); None for an event
    it does not word. Play and replay print it beside the move's notation."""
    notation: Message | None = None
    """How a move is written, where the moves' tokens do not say it themselves (a placement's coordinates):
    one sentence that play's help panel shows."""

    def __post_init__(self) -> None:
        # A renderer written before `say` existed takes two arguments: it goes on working, in English.
        for name in ("render", "describe", "summary"):
            drawn = getattr(self, name)
            if drawn is not None and not _takes_three(drawn):
                object.__setattr__(self, name, _english(drawn))


def _takes_three(function: Callable[..., Any]) -> bool:
    try:
        inspect.signature(function).bind(None, None, str)
    except TypeError:
        return False
    except ValueError:  # no signature to read (a builtin): trust it
        return True
    return True


def _english(function: Callable[..., Any]) -> Callable[..., Any]:
    def drawn(first: Any, second: Any, say: Say = str) -> Any:
        return function(first, second)

    return drawn


@dataclass(frozen=True)
class ActionWindow:
    """An action space of the encoding's own, smaller than the game's index space.

    `to_env` gives None for a legal action outside the window; an adapter must not hide
    such an action (PettingZoo ends the episode as truncated).
    """

    num_actions: int
    to_env: Callable[[Any], int | None]
    from_env: Callable[[int], Any]
    """Index -> action; ValueError for an index that denotes no action."""


@dataclass(frozen=True)
class Planes:
    """Where the spatial part of a flat encoding lies, read as (channels, height, width) planes.

    Entry k of the planes, counted channel by channel, then row by row (NumPy's `reshape`
    order), is entry `index[k]` of the flat encoding; `index=None` says the planes are the
    encoding's first C·H·W entries, already in that order (a reshape, no copy). The flat
    entries outside the planes, in their order, are the encoding's other features.
    """

    shape: tuple[int, int, int]
    index: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Observation:
    """A game's observation encoding for learning agents (PettingZoo, OpenSpiel, Gymnasium).

    `encode(state, seat)` is what that seat sees, as `size` numbers in [low, high] (a list,
    or an `array('f')` for large encodings); it must read nothing the seat's view hides.
    """

    size: int
    encode: Callable[[Any, int], Sequence[float]]
    max_game_length: int
    """An upper bound on the number of moves of one game."""
    low: float = 0.0
    high: float = float("inf")
    """A bound on every entry, which the adapters' spaces declare. Give a finite one: Gymnasium's and
    Stable-Baselines3's checkers warn on an infinite bound (squash a count that has none, e.g. x / (x + c))."""
    window: ActionWindow | None = None
    returns: Callable[[Any], list[float]] | None = None
    """Results for learners when `State.returns()` does not suit (e.g. solo games, where the
    engine's are always 0); with 2 or more players they must stay zero-sum."""
    planes: Planes | None = None
    """The board part of the encoding as (C, H, W) planes, for convolutional networks."""
    max_legal: int | None = None
    """A cap on the legal actions of one state, for adapters that list them in a fixed-size
    array instead of a mask over the whole action space (None: the action space's size). A
    state with more is handled as an action outside the window is: the episode is truncated."""


@dataclass(frozen=True)
class NetworkInput:
    """What the `expert` bot's value network reads of a position for one seat (`Game.network_input()`).

    `encode(state, seat)` must read only what `seat` sees (it is called on determinized states,
    once per seat, at every leaf of the search), as `size` numbers. `name` names the encoding: a
    network trained on another encoding (or another version of this one) is refused at load.
    """

    name: str
    size: int
    encode: Callable[[Any, int], Sequence[float]]


@dataclass(frozen=True)
class Puzzle:
    """A game's puzzle solver: every position of one piece against a layout (`kameleon solve GAME`).

    A layout is text, one placed piece a line in the game's notation. The callables raise a
    `KameleonError` whose message names the problem (the line, the piece, the rule); a
    position's `str()` is how it is listed.
    """

    piece: str
    """What `--tile` names, for the command's help (e.g. "a tile as colours such as YYB or R*G")."""
    rules: tuple[str, ...]
    """The placement rules `--placement` accepts, the default first."""
    check: Callable[[str, str], object]
    """(piece, rule): refuse a bad piece or rule before the layout is read."""
    solve: Callable[[str, str, str], list[Any]]
    """(layout, piece, rule) -> every position, in the game's order."""
    count: Callable[[list[Any]], tuple[int, int]]
    """Positions -> (positions, footprints: distinct sets of cells they cover)."""
    picture: Callable[[str, Any], str]
    """(layout, position) -> a plain-text picture of the layout with the piece laid."""


Weights = Mapping[int, Mapping[int, Sequence[float]]]
"""A learned value's weights: number of players -> stage -> one weight per feature."""


@dataclass(frozen=True)
class ValueModel:
    """A game's learned position value, linear in per-seat features, one weight row per stage and
    number of players (`kameleon research fit-value GAME` fits it; the game's `position_values`
    uses it). Each callable takes the game's own State.
    """

    features: tuple[str, ...]
    """The names of what `measure` returns, in order."""
    stages: int
    """Stages run from 1 to `stages`; each has its own weights."""
    stage: Callable[[Any], int]
    """The stage of a position."""
    measure: Callable[[Any, int], list[float]]
    """(state, seat) -> the seat's features."""
    weights_file: Path
    """The weights shipped with the game, which the fit rewrites (data, loaded at import)."""
    load: Callable[[Path], dict[int, dict[int, tuple[float, ...]]]]
    """Read a weights file (a KameleonError naming the problem if it is missing or malformed)."""
    save: Callable[[Weights, Path], None]
    """Write a weights file whole, checked first."""
    text: Callable[[Weights], str]
    """The weights file's text for these weights (what `save` writes)."""
    players: range = range(2, 9)
    """The numbers of players a fit may be made for."""
    sampled: Callable[[Any], bool] | None = None
    """Whether a position before the end is a training sample (None: every one is)."""


def score_lookahead(state: State[Any], actions: list[Any]) -> list[float]:
    """The generic one-ply heuristic: the mover's score margin over the best other seat after each action.

    It uses only the contract (`clone`, `apply`, `scores`), so every game, a plug-in
    included, has greedy bots and heuristic rollouts from the day its engine lands.
    Callers pass a determinized state, so it sees no hidden truth.
    """
    me = state.current_player
    values = []
    for action in actions:
        child = state.clone()
        child.apply(action)
        scores = child.scores()
        mine = scores[me] if me is not None else 0
        others = [s for seat, s in enumerate(scores) if seat != me]
        values.append(float(mine - max(others, default=0)))
    return values
