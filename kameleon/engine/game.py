"""The Game/State protocol every game implements (see DESIGN.md, "The public contract").

A `Game` holds the validated options and the static facts of one configuration
(player count, action space). A `State` is one position of one game; it is
mutated in place by `apply` and copied by `clone`.

Each game subclasses both. The base classes implement what is the same for
every game (records, replay of a move list, option validation, the notation
round trip); the game implements the rules.
"""

from __future__ import annotations

import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from kameleon.engine.errors import IllegalAction, KameleonError, RecordError
from kameleon.engine.hooks import NetworkInput, Observation, Puzzle, TerminalRenderer, ValueModel, score_lookahead
from kameleon.engine.messages import msg
from kameleon.engine.options import Option, validate_options
from kameleon.engine.seeding import check_seed

RECORD_FORMAT = "kameleon-record"
RECORD_VERSION = 1

A = TypeVar("A", bound=Hashable)


ISMCTS = "ismcts"
ALPHABETA = "alphabeta"
"""The searches the `expert` level may play a game with (`Game.expert_search`)."""
DEFAULT_EVALUATION_SCALE = 2.0
"""The points of margin that ISMCTS's cut-off rollouts squash by (`tanh(margin / scale)`) unless the game's
`search_settings` name another `evaluation_scale`."""


class Game(ABC, Generic[A]):
    """A game with fixed options: a factory of initial states and the action space."""

    name: ClassVar[str]
    title: ClassVar[str]
    option_specs: ClassVar[tuple[Option, ...]]

    num_players: int
    num_distinct_actions: int
    actions_are_indices: ClassVar[bool] = False
    """True when every action is the int that is its own index (lets adapters skip `action_index`)."""
    state_class: ClassVar[type[State[Any]]]
    """The game's State subclass, built by the default `new_state` as `state_class(game, seed)`."""
    random_setup: ClassVar[bool] = True
    """False when the seed changes nothing (no shuffle, no deal): adapters then need no chance node."""
    perfect_information: ClassVar[bool] = False
    """True when every seat sees the whole state (views hide nothing)."""
    bench_max_moves: ClassVar[int | None] = None
    """A cap on the moves of one game in `kameleon bench` (for games that can run on for long)."""

    def __init__(self, /, **options: Any) -> None:
        self.options: dict[str, Any] = self.validate(self.expand_presets(dict(options)))
        self.num_players = self.options["players"]

    @classmethod
    def expand_presets(cls, options: dict[str, Any]) -> dict[str, Any]:
        """Replace preset options by the options they stand for (explicit ones win)."""
        return options

    @classmethod
    def validate(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """Check every option on its own, then their combination (`check_options`)."""
        normalised = validate_options(cls.name, cls.option_specs, options)
        cls.check_options(normalised)
        return normalised

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """Reject combinations of options that are invalid together (raise InvalidOption)."""

    def new_state(self, seed: int | None = None) -> State[A]:
        """The initial state; all its randomness comes from `seed` (fresh when None)."""
        return self.state_class(self, check_seed(seed))  # type: ignore[call-arg]

    def action_index(self, action: A) -> int:
        """The action's stable integer index in `range(num_distinct_actions)` (ValueError if none).

        The default serves games whose actions are their own indices.
        """
        if not self.actions_are_indices:
            raise NotImplementedError(f"{type(self).__name__} must define action_index")
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < self.num_distinct_actions:
            raise ValueError(f"{action!r} is not a {self.title} action (0 to {self.num_distinct_actions - 1})")
        return action

    def index_action(self, index: int) -> A:
        """The action with this index (inverse of `action_index`; ValueError if none)."""
        return self.action_index(index)  # type: ignore[arg-type,return-value]

    # Optional capabilities. Callers (bots, adapters, the CLI, the arena) ask the game through these
    # methods and never import a game's modules by name; each has a default that works for any game.

    has_heuristics: ClassVar[bool] = False
    """True when `action_values` is the game's own rather than the generic score lookahead (shown by
    `kameleon games --verbose`; a game that sets it should also set `search_settings` that use it)."""

    def action_values(self, state: Any, actions: list[Any]) -> list[float]:
        """One value per action for the seat to move, higher is better (greedy bots, heuristic rollouts).

        `state` is a determinized state (bots never pass the real one), so reading its
        hidden fields is fair. The default is the generic one-ply `score_lookahead`.
        """
        return score_lookahead(state, actions)

    has_evaluation: ClassVar[bool] = False
    """True when `position_values` is the game's own evaluation rather than the scores."""

    def position_values(self, state: Any) -> list[float]:
        """Each seat's value of the position, higher is better, on one scale for all seats
        (search cut-offs). The default is the current standing, `state.scores()`."""
        return [float(score) for score in state.scores()]

    search_settings: ClassVar[Mapping[str, Any]] = {}
    """How the `hard` bot searches this game: `ISMCTSAgent` settings over its defaults, e.g.
    `{"rollout_greedy": 1.0}` (rollouts play `action_values`) or `{"rollout_depth": 8}` (rollouts stop
    after 8 moves and `position_values` judges). Empty: random rollouts to the end."""

    expert_settings: ClassVar[Mapping[str, Any]] = {}
    """How the `expert` bot searches this game when it has a value network: `ISMCTSAgent` settings over
    `kameleon.ai.expert.EXPERT_SETTINGS` (which judge every new leaf by the network at once), e.g.
    `{"rollout_depth": 14, "rollout_greedy": 1.0}` to play 14 heuristic moves first and judge the
    position reached. Where `expert_search` is "alphabeta", `AlphaBetaAgent` settings instead
    (`{"contempt": 0.5}`)."""

    expert_search: ClassVar[str] = ISMCTS
    """How the `expert` bot searches this game: "ismcts" (`kameleon.ai.expert`: `hard`'s search, judged by
    the game's value network where one is shipped) or "alphabeta" (`kameleon.ai.alphabeta`: a minimax
    search of whole turns judged by `search_value`, for games of two seats and perfect information)."""

    def search_value(self, state: Any) -> float:
        """The advantage of the seat to move in a position between two turns, for the alpha-beta search
        (`expert_search`), zero for a level position: the log-odds of its winning, which analysis reads as a
        win chance through the logistic function (a game whose value is learned, as Le Caméléon's, has it so).
        The default turns the mover's `position_values` margin over the other seat into the log-odds that
        `hard`'s cut-off rollouts give it: they score a margin m as `tanh(m / evaluation_scale)`, which is the
        win chance `sigmoid(2 m / evaluation_scale)` (`search_settings`, else the search's 2.0)."""
        values = self.position_values(state)
        mover = state.current_player
        margin = values[mover] - max(v for seat, v in enumerate(values) if seat != mover)
        return 2.0 * margin / float(self.search_settings.get("evaluation_scale", DEFAULT_EVALUATION_SCALE))

    value_calibration: ClassVar[float] = 1.0
    """How many log-odds of winning one unit of `search_value` is worth between strong players: analysis (and
    the arena's evaluation graph) reads a searched value v as the win chance `sigmoid(value_calibration * v)`;
    the search's own moves do not depend on it. 1 where `search_value` is calibrated so already; a learned
    value fitted on weaker play is too timid in strong play, and the scale that predicts strong games' results
    best corrects it (`kameleon research calibrate`; Le Caméléon: docs/analysis.md, "Calibration")."""

    def position_key(self, state: Any) -> Hashable | None:
        """A key that two positions share only when the same moves are open from them, for the alpha-beta
        search's transposition table; None (the default) where the game offers none."""
        return None

    def observation(self) -> Observation | None:
        """The observation encoding for learning agents, or None when the game has none."""
        return None

    def renderer(self) -> TerminalRenderer | None:
        """The terminal renderer, or None: interfaces then print the view generically."""
        return None

    def bench_extras(self, seconds: float) -> dict[str, Any]:
        """Game-specific figures for `kameleon bench --game NAME`, measured for about `seconds`."""
        return {}

    @classmethod
    def puzzle(cls) -> Puzzle | None:
        """The game's puzzle solver (`kameleon solve GAME`), or None when it has none."""
        return None

    @classmethod
    def catalog_dir(cls) -> Path | None:
        """The folder of the game's translation catalogs (`<lang>/LC_MESSAGES/messages.po`, gettext's
        layout) for the Messages its engine says; the default is `locale/` beside the module of the
        Game class, when it exists."""
        folder = cls._beside_module("locale")
        return folder if folder is not None and folder.is_dir() else None

    @classmethod
    def value_model(cls) -> ValueModel | None:
        """The game's learned position value, which `kameleon research fit-value GAME` fits, or None."""
        return None

    def network_input(self) -> NetworkInput | None:
        """What the `expert` bot's value network reads of a position for one seat, or None when the game
        offers no learned play. The default is the observation encoding (`observation()`), whole; a game
        whose encoding is large (board planes) gives a compact one of its own."""
        found = self.observation()
        if found is None:
            return None
        return NetworkInput(name=f"observation-{found.size}", size=found.size, encode=found.encode)

    shipped_networks: ClassVar[tuple[int, ...]] = ()
    """The table sizes whose value network the package ships in `network_dir`: one of them missing is a damaged
    install, refused by name, never `expert` quietly playing as `hard` (a test checks the list against the
    folder)."""

    @classmethod
    def network_dir(cls) -> Path | None:
        """The folder of the game's trained value networks (`value-<players>p.npz`, written by
        `kameleon research train GAME --install`); the default is `networks/` beside the module of
        the Game class. The `expert` bot plays as `hard` at a table size without a network there."""
        return cls._beside_module("networks")

    @classmethod
    def _beside_module(cls, name: str) -> Path | None:
        """`name` in the folder of the module that defines the Game class (None for a class without a file)."""
        module = sys.modules.get(cls.__module__)
        return Path(module.__file__).parent / name if module and module.__file__ else None

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"kameleon.load({self.name!r}, {shown})"


class State(ABC, Generic[A]):
    """One position of a game.

    Attributes every game sets: `game`, `seed`, `current_player` (seat to act,
    or None once the game is over), `is_terminal`, and `history` (the actions
    applied since `new_state`, in order).
    """

    __slots__ = ()

    game: Game[A]
    seed: int | None
    current_player: int | None
    is_terminal: bool
    history: list[A]

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """The legal actions of `current_player`, in the game's canonical order."""

    @abstractmethod
    def apply(self, action: A) -> None:
        """Play `action`; raise IllegalAction (state unchanged) if it is not legal."""

    @abstractmethod
    def clone(self) -> State[A]:
        """An independent copy."""

    @abstractmethod
    def scores(self) -> list[int]:
        """One score per seat: final when terminal, the game's current standing before."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats (several on a shared win); empty before the game ends."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """JSON-safe dict of exactly what `player` sees; None is a spectator."""

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> State[A]:
        """A full state consistent with `view(player)`, hidden parts resampled from `rng`."""

    @abstractmethod
    def action_to_str(self, action: A) -> str:
        """The action in the game's notation."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """The action that `text` writes in the game's notation (raises NotationError)."""

    def token_seen_by(self, action: A, seat: int | None) -> str:
        """How `seat` (None: a spectator) sees `action`, about to be played here, in a move log.

        The notation may name hidden things (a card played face down, a drawn tile): games
        whose notation does override this. Records always hold the true `action_to_str`.
        """
        return self.action_to_str(action)

    def legal_tokens(self) -> list[str]:
        """The moves of `current_player` as a record writes them: one token per distinct choice, which
        `apply_str` plays (analysis compares moves by these). The default is `action_to_str` of each legal
        action; a game whose record token may stand for several actions (a whole Caméléon ply) overrides it.
        """
        return [self.action_to_str(action) for action in self.legal_actions()]

    def event_seen_by(self, action: A, after: State[A], seat: int | None) -> dict[str, Any]:
        """What happened when `action` was played here (`after` is the position it led to), as `seat`
        (None: a spectator) may know it: a language-neutral, JSON-safe dict with a `"kind"`, e.g.
        Coloretto's `{"kind": "take", "row": 2, "cards": ["blue", "blue", "+2"]}`.

        Interfaces turn events into sentences in the reader's language and highlight what changed; they
        never parse notation. Hidden things (a card laid face down, a drawn tile) appear only for the seats
        that see them. The default names no detail; a game describes its moves by overriding this.
        """
        return {"kind": "move"}

    def open_view(self) -> dict[str, Any]:
        """The view a finished game's replay shows of this position: what nobody needs to hide any more once
        the game is over (a card laid face down, for instance). Replays call it only for finished games; the
        default is the spectator's `view(None)`, right for a game whose secrets stay secret."""
        return self.view(None)

    def score_breakdown(self) -> list[dict[str, Any]]:
        """Each seat's score as the game's own named parts (JSON-safe), for results tables; the parts
        are those of the game's `scoring.py`, with the seat's `"total"`. The default is the total alone."""
        return [{"total": score} for score in self.scores()]

    def end_reason(self) -> str | None:
        """Once the game is over, a stable snake_case code saying how it ended when the game has several
        ways to end (`"elimination"`, `"repetition"`...); None otherwise."""
        return None

    def shuffle_unseen(self, rng: random.Random) -> None:
        """Shuffle in place, from `rng`, what no seat has seen: the order of the draw pile.

        Everything some seat has seen stays (hands, cards a seat laid face down), and so does
        what the table knows of the pile (its contents, a card at a known depth). Research
        tools use it to let a cheating search know every hand but not what comes next (the
        oracle's `hands` sight). The default does nothing: right for a game with no hidden
        pile; a game with one overrides it.
        """

    not_compared: ClassVar[frozenset[str]] = frozenset()
    """Slots that `==` ignores (caches); `game` is compared by its options."""

    def __eq__(self, other: object) -> bool:
        """Same game options, and every slot equal: same position, same history."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        return self.game.options == other.game.options and all(
            getattr(self, name) == getattr(other, name) for name in _compared_slots(type(self))
        )

    __hash__ = None  # type: ignore[assignment]

    # The methods below are shared by every game and rarely need overriding.

    @property
    def num_players(self) -> int:
        return self.game.num_players

    def __deepcopy__(self, memo: dict[int, Any]) -> State[A]:
        """`copy.deepcopy` is `clone`: the game object is immutable and stays shared."""
        return self.clone()

    def apply_str(self, text: str) -> A:
        """Parse `text` and apply it; returns the action. Raises IllegalAction."""
        action = self.parse_action(text)
        self.apply(action)
        return action

    def returns(self) -> list[float]:
        """Per-seat result in [-1, 1] for learning agents: +1 win, -1 loss, shared wins split."""
        if not self.is_terminal:
            return [0.0] * self.num_players
        won = self.winners()
        if len(won) == self.num_players:
            return [0.0] * self.num_players
        win = 1.0 / len(won) if won else 0.0
        return [win if seat in won else -1.0 / (self.num_players - len(won)) for seat in range(self.num_players)]

    def move_tokens(self) -> list[str]:
        """The history in notation, one token per action, as `record()` stores it."""
        if self.seed is None:
            raise KameleonError("this state was made by determinize and has no replayable history")
        replica = self.game.new_state(self.seed)
        tokens = []
        for action in self.history:
            tokens.append(replica.action_to_str(action))
            replica.apply(action)
        return tokens

    def record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        """A JSON-safe record from which `kameleon.replay` rebuilds this exact state."""
        names = list(players) if players is not None else [f"seat {i}" for i in range(self.num_players)]
        if len(names) != self.num_players:
            raise ValueError(f"{len(names)} player names given for {self.num_players} seats")
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "players": names,
            "moves": self.move_tokens(),
        }
        if self.is_terminal:
            record["result"] = {"scores": self.scores(), "winners": self.winners()}
        return record

    def replay_tokens(self, tokens: Sequence[str]) -> None:
        """Apply moves given in notation; a bad one raises RecordError naming its number."""
        for number, token in enumerate(tokens, start=1):
            replay_move(self, number, token)


def replay_move(state: State[A], number: int, token: object, into: State[A] | None = None) -> A:
    """Play move `number` of a record, `token`, as the position `state` reads it, on `into` (default: `state`
    itself, through `apply_str`; a clone to keep `state`, then `token` must be one action); returns its
    action. A token that is not text or not legal raises RecordError naming the move, and `into` is left as
    it was."""
    if not isinstance(token, str):
        raise RecordError(
            msg(
                "record_move_not_text",
                "move {number} is {token!r}, not a string in the game's notation",
                number=number,
                token=token,
            )
        )
    try:
        if into is None:
            action = state.apply_str(token)  # a game may read one token as several actions (a whole ply)
        else:
            action = state.parse_action(token)
            into.apply(action)
    except IllegalAction as exc:
        raise RecordError(
            msg(
                "record_move_illegal",
                "move {number} {token!r} cannot be played: {reason}",
                number=number,
                token=token,
                reason=exc.message,
            )
        ) from None
    return action


FORESIGHT_SAMPLES = 4
"""Determinizations `foreseen_event` compares."""


def foreseen_event(state: State[A], seat: int, token: str) -> dict[str, Any]:
    """What playing `token` (a legal move of `seat`, the seat to move) will do, as `seat` can know it
    *before* playing it: `event_seen_by` on `FORESIGHT_SAMPLES` of the seat's determinizations (seeded, so
    the answer is the same every time), each field kept where they all agree and None where they do not.
    So a piece of advice ("draw") never tells the card the draw would reveal. Raises IllegalAction."""
    rng = random.Random(0)
    events = []
    for _ in range(FORESIGHT_SAMPLES):
        sample = state.determinize(seat, rng)
        after = sample.clone()
        action = after.apply_str(token)  # a whole token (a Caméléon ply may be several actions)
        events.append(sample.event_seen_by(action, after, seat))
    first, others = events[0], events[1:]
    return {key: value if all(e.get(key) == value for e in others) else None for key, value in first.items()}


@cache
def _compared_slots(cls: type[State[Any]]) -> tuple[str, ...]:
    slots = [name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())]
    return tuple(name for name in slots if name != "game" and name not in cls.not_compared)


def check_rng(rng: object) -> None:
    """Raise TypeError unless `rng` is a `random.Random` (what `determinize` draws its hidden parts from)."""
    if not isinstance(rng, random.Random):
        raise TypeError(
            f"determinize needs a random.Random as rng (e.g. random.Random(seed)), not {type(rng).__name__}"
        )


def check_seat(player: object, players: int, *, spectator: bool = False) -> None:
    """Raise ValueError unless `player` is a seat number below `players` (or None, a spectator, if allowed)."""
    if spectator and player is None:
        return
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise ValueError(f"seat {player!r} does not exist; seats are 0..{players - 1}")
