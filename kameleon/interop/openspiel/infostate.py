"""Information-state strings with perfect recall, built move by move (O(1) amortised per call).

A seat's string is everything it observed, step by step::

    p1 | deal 3f0c9a1e2b7d6054 ; draw 9a0e11c4d2f38b76 ; place 1 51d0b7e2a9c34f18 ; ...

the deal (a digest of the seat's observation tensor once dealt), then each move as that seat saw
it (`State.token_seen_by`) followed by a digest of its observation tensor after the move (the
moves alone would confuse two histories that differ in a card drawn face up, or in the deal).
The observation tensor is the game's encoder, which reads only what the seat sees; for large
ones (Chromino's) the digest is of what changed since the previous step, which determines the
observation as well. In a perfect-information game every move is seen in full: the string is
the action indices (`p0 | start ; 812 ; 40 ; ...`), as OpenSpiel's own perfect-information
games write theirs.

Nothing is computed until a string is asked for: a state keeps, per seat, the string so far (a
`Log`) with the kameleon state it was taken from, and a later call replays only the moves made
since, on a copy of that state. Logs are immutable, so a state's clones share them: a clone that
is never asked (an MCTS rollout) costs nothing.

Besides the seats there are two more logs: the public one (what a spectator sees, `seat=None`)
and the true one, in full notation, which `str(state)` shows: it identifies the full state.

A `World` is where a state's logs start: the real game, from its deal, or a world sampled by
`resample_from_infostate(p)`. In a sampled world seat `p`'s string goes on from `p`'s real one
(so OpenSpiel's ISMCTS finds its root again in every sample); the other seats' past in that
world was never played, so their strings start from `p`'s information (a digest of its string,
the sample's origin) and their own observation in the sample, then grow move by move.
"""

from __future__ import annotations

import json
import pickle
from array import array
from collections.abc import Sequence
from hashlib import blake2b
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from kameleon.engine.game import State
    from kameleon.interop.openspiel.params import Setup

SMALL = 4096
"""Observations up to this size are digested whole; larger ones by what changed since the last step."""


def digest(data: Any) -> str:
    return blake2b(data, digest_size=8).hexdigest()


class Log:
    """A string after the first `at` moves of the kameleon history, with what extending it needs: `last`,
    the observation then (large observations only, as an array to compare with; for a tensor log, its
    `Rows`), and the kameleon state then (`cursor`, never mutated: an extension replays on a copy).
    Immutable: states and clones share it. (A perfect-information string needs no replay: its cursor
    stays where its world starts.)"""

    __slots__ = ("at", "cursor", "last", "text")

    def __init__(self, at: int, text: str, last: Any, cursor: State[Any]) -> None:
        self.at = at
        self.text = text
        self.last = last
        self.cursor = cursor

    def __deepcopy__(self, memo: dict[int, Any]) -> Log:
        return self


class World:
    """Where the logs of a game start: the real game from its seed, or a state sampled for a seat.

    Log keys: a seat's string, `public` (a spectator's), `true` (every move in full), then each seat's
    tensor rows (`rows(seat)`), whose log holds the rows so far instead of a string.
    """

    __slots__ = ("_firsts", "_start", "at", "label", "seed", "setup")

    def __init__(
        self,
        setup: Setup,
        *,
        seed: int | None = None,
        start: State[Any] | None = None,
        label: str = "",
        sampled: dict[int, Log] | None = None,
    ) -> None:
        self.setup = setup
        self.seed = seed
        """The deal of the real game (its start is rebuilt from it when first needed)."""
        self._start = start
        self.at = len(start.history) if start is not None else 0
        self.label = label
        """For a sampled world: how the strings of the seats it was not sampled for begin."""
        self._firsts: dict[int, Log] = dict(sampled or {})

    def __deepcopy__(self, memo: dict[int, Any]) -> World:
        return self

    @property
    def start(self) -> State[Any]:
        """The kameleon state where this world's logs start (never mutated)."""
        if self._start is None:
            self._start = self.setup.game.new_state(self.seed)
        return self._start

    @property
    def public(self) -> int:
        return self.setup.game.num_players

    @property
    def true(self) -> int:
        return self.setup.game.num_players + 1

    def rows(self, seat: int) -> int:
        return self.setup.game.num_players + 2 + seat

    def first(self, key: int) -> Log:
        found = self._firsts.get(key)
        if found is None:
            found = self._firsts[key] = self._open(key)
        return found

    def _open(self, key: int) -> Log:
        start = self.start
        setup = self.setup
        if key > self.true:
            return Log(self.at, "", Rows.first(observation(setup, start, key - self.true - 1)), start)
        if key == self.true:
            if self._start is not None and self.seed is None:  # a sampled world: name what it holds
                text = f"world {digest(pickle.dumps(start, protocol=5))}"
            else:
                text = f"deal {self.seed}" if setup.deal is not None else "start"
            return Log(self.at, text, None, start)
        seat = None if key == self.public else key
        name = "public" if seat is None else f"p{seat}"
        head = f"{name} | {self.label or ('deal' if setup.deal is not None else 'start')}"
        if setup.perfect_information and setup.deal is None:
            return Log(self.at, head, None, start)
        seen, last = observe(setup, start, seat, None)
        return Log(self.at, f"{head} {seen}", last, start)

    def extend(self, log: Log, key: int, history: Sequence[Any]) -> Log:
        """`log` after the moves `history[log.at:]`, replayed from its cursor."""
        setup = self.setup
        if key > self.true:
            return self._extend_rows(log, key - self.true - 1, history)
        if setup.perfect_information and key != self.true:
            # every move is seen in full: the action indices say it all, with no replay
            index = setup.encoding.to_index
            moves = " ; ".join(str(index(action)) for action in history[log.at :])
            return Log(len(history), f"{log.text} ; {moves}", None, log.cursor)
        cursor = log.cursor.clone()
        parts = [log.text]
        last = log.last
        if key == self.true:
            for action in history[log.at :]:
                parts.append(cursor.action_to_str(action))
                cursor.apply(action)
            return Log(len(history), " ; ".join(parts), None, cursor)
        seat = None if key == self.public else key
        for action in history[log.at :]:
            token = cursor.token_seen_by(action, seat)
            cursor.apply(action)
            seen, last = observe(setup, cursor, seat, last)
            parts.append(f"{token} {seen}")
        return Log(len(history), " ; ".join(parts), last, cursor)

    def _extend_rows(self, log: Log, seat: int, history: Sequence[Any]) -> Log:
        index = self.setup.encoding.to_index
        cursor = log.cursor.clone()
        rows: Rows = log.last
        for action in history[log.at :]:
            full = cursor.token_seen_by(action, seat) == cursor.action_to_str(action)
            move = index(action) if full else None
            cursor.apply(action)
            rows = rows.add(-1 if move is None else move, observation(self.setup, cursor, seat))
        return Log(len(history), "", rows, cursor)


class Rows:
    """A seat's steps for the information-state tensor: (move index or -1, observation) for the deal and
    each move since. The first `count` entries of a list that is only ever appended to, so that states
    and their clones share it: a log whose list has grown past its count (a clone went on) copies first.
    """

    __slots__ = ("count", "steps")

    def __init__(self, steps: list[tuple[int, np.ndarray[Any, Any]]], count: int) -> None:
        self.steps = steps
        self.count = count

    def __deepcopy__(self, memo: dict[int, Any]) -> Rows:
        return self

    @classmethod
    def first(cls, seen: np.ndarray[Any, Any]) -> Rows:
        return cls([(-1, seen)], 1)

    def add(self, move: int, seen: np.ndarray[Any, Any]) -> Rows:
        steps = self.steps if len(self.steps) == self.count else self.steps[: self.count]
        steps.append((move, seen))
        return Rows(steps, self.count + 1)

    def tensor(self, setup: Setup) -> np.ndarray[Any, Any]:
        """One row per step: 1 (a step), the move one-hot (if the seat saw it in full), the observation after it;
        the rows after the last step are zeros."""
        assert setup.tensor is not None
        height, width = setup.tensor
        if self.count > height:
            raise ValueError(f"{self.count} steps exceed the game's bound of {height} rows")
        out = np.zeros((height, width), np.float32)
        skip = 1 + setup.encoding.num_actions
        for row, (move, seen) in enumerate(self.steps[: self.count]):
            out[row, 0] = 1.0
            if move >= 0:
                out[row, 1 + move] = 1.0
            out[row, skip:] = seen
        return out.reshape(-1)


def observation(setup: Setup, state: State[Any], seat: int) -> np.ndarray[Any, Any]:
    """The seat's observation tensor as float32 (the encoder's own new array when it is one)."""
    values = setup.encoding.observe(state, seat)
    if isinstance(values, array) and values.typecode == "f":
        return np.frombuffer(values, dtype=np.float32)
    return np.array(values, dtype=np.float32)


def observe(
    setup: Setup, state: State[Any], seat: int | None, last: np.ndarray[Any, Any] | None
) -> tuple[str, np.ndarray[Any, Any] | None]:
    """A digest of what `seat` observes in `state` (None: a spectator, whose view is all it has), and
    the observation to compare the next one with (large observations only)."""
    if seat is None:
        return digest(json.dumps(state.view(None), sort_keys=True).encode()), None
    values = setup.encoding.observe(state, seat)
    if len(values) <= SMALL:
        if not (isinstance(values, array) and values.typecode == "f"):
            values = array("f", values)
        return digest(values), None
    if isinstance(values, array) and values.typecode == "f":
        new = np.frombuffer(values, dtype=np.float32)  # the encoder's own new array: kept, never written
    else:
        new = np.array(values, dtype=np.float32)
    if last is None:
        return digest(new), new
    changed = np.flatnonzero(new != last)
    return digest(changed.tobytes() + new[changed].tobytes()), new


class InfoStates:
    """A state's logs by key (None: not asked yet); copies share the logs themselves."""

    __slots__ = ("logs", "world")

    def __init__(self, world: World, logs: list[Log | None] | None = None) -> None:
        self.world = world
        self.logs: list[Log | None] = logs if logs is not None else [None] * (2 * world.setup.game.num_players + 2)

    def __deepcopy__(self, memo: dict[int, Any]) -> InfoStates:
        return InfoStates(self.world, self.logs.copy())

    def log(self, key: int, inner: State[Any]) -> Log:
        found = self.logs[key]
        if found is None:
            found = self.world.first(key)
        if found.at != len(inner.history):
            found = self.world.extend(found, key, inner.history)
        self.logs[key] = found
        return found

    def text(self, key: int, inner: State[Any]) -> str:
        found = self.logs[key]
        if found is not None and found.at == len(inner.history):
            return found.text
        return self.log(key, inner).text

    def tensor(self, seat: int, inner: State[Any]) -> np.ndarray[Any, Any]:
        rows: Rows = self.log(self.world.rows(seat), inner).last
        return rows.tensor(self.world.setup)

    def sampled(self, seat: int, inner: State[Any], world: State[Any]) -> InfoStates:
        """The logs of `world`, a state sampled for `seat` from `inner` (this state's)."""
        mine = self.log(seat, inner)
        start = world.clone()  # `world` becomes the new state's own and is played on
        label = f"resampled p{seat}:{digest(mine.text.encode())}"
        kept = {seat: Log(mine.at, mine.text, mine.last, start)}
        if self.world.setup.tensor is not None:
            rows = self.log(self.world.rows(seat), inner)
            kept[self.world.rows(seat)] = Log(rows.at, "", rows.last, start)
        return InfoStates(World(self.world.setup, start=start, label=label, sampled=kept))
