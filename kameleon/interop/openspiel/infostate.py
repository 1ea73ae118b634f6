"""Information-state strings with perfect recall, kept up to date as moves are applied (O(1) per move).

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

Who pays, and when. Nothing is computed until a string is asked for. From then on the state is
*live*: each move applied to it appends one step to every seat's string (the move as the seat
saw it and the digest of its observation after it: one encoder call per seat, no replay), so a
string asked at any point is already there. A live state that is played on without having been
asked since its last move (a clone played on at once: an MCTS rollout) stops: it keeps a copy of
the kameleon state where its strings stop, and a later call replays the moves since from there,
once for all the seats. Once a configuration's strings have been asked, each new game of it
starts live at the deal, so the first call of a game is cheap too. `rl_environment` and plain
simulation, which never ask, pay one attribute test a move.

Logs are immutable, so a state's clones share them; a clone of a live state is live.

Besides the seats' strings there are the public one (what a spectator sees, `seat=None`) and the
true one, in full notation, which `str(state)` shows (it identifies the full state): both are
built on demand, replaying the moves since they were last asked. With the game parameter
`information_state_tensor` each seat's tensor rows (`Rows`) are the same steps as a fixed-size
tensor, a row each, kept live as the strings are once a tensor is asked.

A `World` is where a state's logs start: the real game, from its deal, or a world sampled by
`resample_from_infostate(p)`. In a sampled world seat `p`'s string goes on from `p`'s real one
(so OpenSpiel's ISMCTS finds its root again in every sample); the other seats' past in that
world was never played, so their strings start from `p`'s information (a digest of its string,
the sample's origin) and their own observation in the sample, then grow move by move.
"""

from __future__ import annotations

import json
import pickle
import weakref
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

STRINGS = 1
ROWS = 2
"""What a live state keeps up to date as moves are applied (bits of `InfoStates.live`)."""

_IN_USE: tuple[weakref.WeakSet[Setup], ...] = (weakref.WeakSet(), weakref.WeakSet(), weakref.WeakSet())
"""By bit: the configurations whose strings (tensors) have been asked; their new games start live."""


def digest(data: Any) -> str:
    return blake2b(data, digest_size=8).hexdigest()


class Log:
    """A string after the first `at` moves of the kameleon history, with what extending it needs: `last`,
    the observation then (large observations only, as an array to compare with; for a tensor log, its
    `Rows`), and `cursor`, the kameleon state then (never mutated: an extension replays on a copy), or
    None for a log kept up to date by a live state (current wherever it is held).
    Immutable: states and clones share it."""

    __slots__ = ("at", "cursor", "last", "text")

    def __init__(self, at: int, text: str, last: Any, cursor: State[Any] | None) -> None:
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
            return Log(self.at, "", Rows.first(setup, observation(setup, start, key - self.true - 1)), start)
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
        if log.cursor is None:  # kept by a live state, then played past without it: start over
            log = self.first(key)
        if key > self.true:
            return self._extend_rows(log, key - self.true - 1, history)
        if setup.perfect_information and not setup.encoding.windowed and key != self.true:
            # every move is seen in full and has an index: the indices say it all, with no replay
            index = setup.encoding.to_index
            moves = " ; ".join(str(index(action)) for action in history[log.at :])
            return Log(len(history), f"{log.text} ; {moves}", None, log.cursor)
        cursor = log.cursor.clone()  # type: ignore[union-attr]
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

    def extend_seats(self, logs: list[Log], seats: list[int], history: Sequence[Any]) -> list[Log]:
        """`extend` of the strings of `seats`, whose `logs` stop at the same state (one cursor): one replay."""
        cursor = logs[0].cursor.clone()  # type: ignore[union-attr]
        parts = [[log.text] for log in logs]
        lasts = [log.last for log in logs]
        setup = self.setup
        for action in history[logs[0].at :]:
            tokens = [cursor.token_seen_by(action, seat) for seat in seats]
            cursor.apply(action)
            for i, seat in enumerate(seats):
                seen, lasts[i] = observe(setup, cursor, seat, lasts[i])
                parts[i].append(f"{tokens[i]} {seen}")
        return [Log(len(history), " ; ".join(part), last, cursor) for part, last in zip(parts, lasts, strict=True)]

    def _extend_rows(self, log: Log, seat: int, history: Sequence[Any]) -> Log:
        index = self.setup.encoding.to_index
        cursor = log.cursor.clone()  # type: ignore[union-attr]
        rows: Rows = log.last
        for action in history[log.at :]:
            full = cursor.token_seen_by(action, seat) == cursor.action_to_str(action)
            move = index(action) if full else None
            cursor.apply(action)
            rows = rows.add(self.setup, -1 if move is None else move, observation(self.setup, cursor, seat))
        return Log(len(history), "", rows, cursor)


class Rows:
    """A seat's steps for the information-state tensor, filled row by row: row i is (1, the move one-hot if
    the seat saw it in full, its observation after it) for the deal and each move since.

    The first `count` rows of `buffer`, an array shared by the states of one line of play and only ever
    written past what any of them holds: a state that goes on from a row before the last one written (a
    clone went on first) copies its rows to a buffer of its own. `shared` goes with the buffer: the rows
    written, and the tensor as a list of floats with how many rows of it are filled (OpenSpiel's Python
    API wants a list: it is kept and brought to each state's count a row at a time, rather than made anew).
    """

    __slots__ = ("buffer", "count", "shared")

    def __init__(self, buffer: np.ndarray[Any, Any], count: int, shared: list[Any]) -> None:
        self.buffer = buffer
        self.count = count
        self.shared = shared

    def __deepcopy__(self, memo: dict[int, Any]) -> Rows:
        return self

    @classmethod
    def first(cls, setup: Setup, seen: np.ndarray[Any, Any]) -> Rows:
        assert setup.tensor is not None
        return cls(np.zeros(setup.tensor, np.float32), 0, [0, None, 0]).add(setup, -1, seen)

    def add(self, setup: Setup, move: int, seen: np.ndarray[Any, Any]) -> Rows:
        buffer, count, shared = self.buffer, self.count, self.shared
        if shared[0] != count:
            buffer = np.zeros_like(buffer)
            buffer[:count] = self.buffer[:count]
            shared = [count, None, 0]
        if count < len(buffer):  # past the bound, counted only: `tensor` refuses
            row = buffer[count]
            row[0] = 1.0
            if move >= 0:
                row[1 + move] = 1.0
            row[1 + setup.encoding.num_actions :] = seen
        shared[0] = count + 1
        return Rows(buffer, count + 1, shared)

    def _check(self) -> None:
        if self.count > len(self.buffer):
            raise ValueError(f"{self.count} steps exceed the game's bound of {len(self.buffer)} rows")

    def tensor(self) -> np.ndarray[Any, Any]:
        """The rows so far, then zeros, flat (a new array)."""
        self._check()
        height, width = self.buffer.shape
        out = np.zeros(height * width, np.float32)
        out[: self.count * width] = self.buffer[: self.count].reshape(-1)
        return out

    def values(self) -> list[float]:
        """`tensor()` as a new list of floats."""
        self._check()
        shared, count, width = self.shared, self.count, self.buffer.shape[1]
        listed, rows = shared[1], shared[2]
        if listed is None:
            shared[1] = self.tensor().tolist()
        elif rows < count:
            listed[rows * width : count * width] = self.buffer[rows:count].reshape(-1).tolist()
        elif rows > count:  # a state behind the one that last asked
            listed[count * width : rows * width] = [0.0] * ((rows - count) * width)
        shared[2] = count
        found: list[float] = shared[1]
        return found.copy()


def observation(setup: Setup, state: State[Any], seat: int) -> np.ndarray[Any, Any]:
    """The seat's observation tensor as float32 (the encoder's own new array when it is one)."""
    values = setup.encoding.observe(state, seat)
    if isinstance(values, array) and values.typecode == "f":
        return np.frombuffer(values, dtype=np.float32)
    return np.array(values, dtype=np.float32)


def seen_digest(
    new: np.ndarray[Any, Any], last: np.ndarray[Any, Any] | None
) -> tuple[str, np.ndarray[Any, Any] | None]:
    """The digest of a seat's float32 observation `new`, and what to compare the next one with: small ones
    whole, large ones by what changed since `last` (the previous step's)."""
    if len(new) <= SMALL:
        return digest(new), None
    if last is None:
        return digest(new), new
    changed = np.flatnonzero(new != last)
    return digest(changed.tobytes() + new[changed].tobytes()), new


def observe(
    setup: Setup, state: State[Any], seat: int | None, last: np.ndarray[Any, Any] | None
) -> tuple[str, np.ndarray[Any, Any] | None]:
    """A digest of what `seat` observes in `state` (None: a spectator, whose view is all it has), and
    the observation to compare the next one with (large observations only)."""
    if seat is None:
        return digest(json.dumps(state.view(None), sort_keys=True).encode()), None
    return seen_digest(observation(setup, state, seat), last)


class InfoStates:
    """A state's logs by key (None: not asked yet); copies share the logs themselves.

    `live`: what is kept up to date as moves are applied (bits STRINGS, ROWS; see the module's docstring);
    `read`: whether a string or tensor was asked since the last move.
    """

    __slots__ = ("live", "logs", "read", "world")

    def __init__(self, world: World, logs: list[Log | None] | None = None) -> None:
        self.world = world
        self.logs: list[Log | None] = logs if logs is not None else [None] * (2 * world.setup.game.num_players + 2)
        self.live = 0
        self.read = False

    def __deepcopy__(self, memo: dict[int, Any]) -> InfoStates:
        """A clone is live, but not yet asked: one played on before it is asked (an MCTS rollout) stops keeping
        the strings at its first move, for the cost of a copy."""
        other = InfoStates(self.world, self.logs.copy())
        other.live = self.live
        return other

    def started(self, inner: State[Any]) -> None:
        """A new game, dealt: live from here for what its configuration has been asked."""
        setup = self.world.setup
        for bit in (STRINGS, ROWS):
            if setup in _IN_USE[bit]:
                self._wake(bit, inner)

    def _keys(self, bit: int) -> range:
        players = self.world.setup.game.num_players
        return range(players) if bit == STRINGS else range(players + 2, 2 * players + 2)

    def _wake(self, bit: int, inner: State[Any]) -> None:
        """Every log of `bit`'s kind brought up to date, and kept so from here. Seats' strings that stopped at
        the same point (a state that stopped being live) are brought up together: one replay of the moves."""
        world, logs, at = self.world, self.logs, len(inner.history)
        setup = world.setup
        together = bit == STRINGS and not (setup.perfect_information and not setup.encoding.windowed)
        stopped: dict[tuple[int, int], list[int]] = {}
        for key in self._keys(bit):
            found = logs[key]
            if found is None:
                found = logs[key] = world.first(key)
            if found.at == at:
                continue
            if together and found.cursor is not None:
                stopped.setdefault((id(found.cursor), found.at), []).append(key)
            else:
                logs[key] = world.extend(found, key, inner.history)
        for seats in stopped.values():
            kept = [logs[seat] for seat in seats]
            for seat, log in zip(seats, world.extend_seats(kept, seats, inner.history), strict=True):  # type: ignore[arg-type]
                logs[seat] = log
        self.live |= bit
        _IN_USE[bit].add(world.setup)

    def _current(self, key: int, inner: State[Any]) -> Log:
        self.read = True
        found = self.logs[key]
        if found is not None and found.at == len(inner.history):
            return found
        world = self.world
        if key < world.public:
            self._wake(STRINGS, inner)
        elif key > world.true:
            self._wake(ROWS, inner)
        else:  # the public and true strings are built on demand only
            found = found or world.first(key)
            self.logs[key] = world.extend(found, key, inner.history)
        found = self.logs[key]
        assert found is not None
        return found

    def text(self, key: int, inner: State[Any]) -> str:
        self.read = True
        found = self.logs[key]
        if found is not None and found.at == len(inner.history):
            return found.text
        return self._current(key, inner).text

    def tensor(self, seat: int, inner: State[Any]) -> np.ndarray[Any, Any]:
        rows: Rows = self._current(self.world.rows(seat), inner).last
        return rows.tensor()

    def tensor_values(self, seat: int, inner: State[Any]) -> list[float]:
        rows: Rows = self._current(self.world.rows(seat), inner).last
        return rows.values()

    # --- kept up to date by a live state's moves (KameleonSpielState._apply_action)

    def before(self, inner: State[Any], action: Any) -> tuple[list[str], str] | None:
        """Called by a live state before it applies `action`: how each seat sees the move (and the move in
        full, for the tensor rows), to give `after`; None if the logs are not to be kept: nobody asked since
        the last move (the state stops being live, keeping a copy of itself to resume from), or the kameleon
        state was played past them."""
        logs, at = self.logs, len(inner.history)
        kept = logs[0 if self.live & STRINGS else self.world.rows(0)]
        if not self.read or kept is None or kept.at != at:
            cursor = inner.clone()
            for bit in (STRINGS, ROWS):
                for key in self._keys(bit) if self.live & bit else ():
                    log = logs[key]
                    if log is not None and log.cursor is None and log.at == at:
                        logs[key] = Log(log.at, log.text, log.last, cursor)
            self.live = 0
            return None
        self.read = False
        setup = self.world.setup
        players = setup.game.num_players
        if self.live == STRINGS and setup.perfect_information and not setup.encoding.windowed:
            return [""] * players, ""  # the strings are the action indices
        tokens = [inner.token_seen_by(action, seat) for seat in range(players)]
        return tokens, inner.action_to_str(action) if self.live & ROWS else ""

    def after(self, inner: State[Any], index: int, seen_by: tuple[list[str], str]) -> None:
        """Called by a live state once it has applied the move (`index`): one step added to every kept log."""
        world = self.world
        setup, logs, at = world.setup, self.logs, len(inner.history)
        tokens, true = seen_by
        seen: list[np.ndarray[Any, Any] | None] = [None] * len(tokens)
        if self.live & STRINGS:
            if setup.perfect_information and not setup.encoding.windowed:
                part = f" ; {index}"
                for seat in range(len(tokens)):
                    log = logs[seat]
                    assert log is not None
                    logs[seat] = Log(at, log.text + part, None, None)
            elif self.live == STRINGS and setup.encoding.observation_size <= SMALL:  # the common case, kept lean
                encode = setup.encoding.observe
                for seat, token in enumerate(tokens):
                    values = encode(inner, seat)
                    if type(values) is not array or values.typecode != "f":
                        values = array("f", values)  # the bytes `seen_digest` digests
                    log = logs[seat]
                    assert log is not None
                    logs[seat] = Log(
                        at, f"{log.text} ; {token} {blake2b(values, digest_size=8).hexdigest()}", None, None
                    )
            else:
                for seat, token in enumerate(tokens):
                    log = logs[seat]
                    assert log is not None
                    seen[seat] = new = observation(setup, inner, seat)
                    text, last = seen_digest(new, log.last)
                    logs[seat] = Log(at, f"{log.text} ; {token} {text}", last, None)
        if self.live & ROWS:
            for seat, token in enumerate(tokens):
                key = world.rows(seat)
                log = logs[key]
                assert log is not None
                kept = seen[seat]
                row = kept if kept is not None else observation(setup, inner, seat)
                logs[key] = Log(at, "", log.last.add(setup, index if token == true else -1, row), None)

    def sampled(self, seat: int, inner: State[Any], world: State[Any]) -> InfoStates:
        """The logs of `world`, a state sampled for `seat` from `inner` (this state's)."""
        mine = self._current(seat, inner)
        start = world.clone()  # `world` becomes the new state's own and is played on
        label = f"resampled p{seat}:{digest(mine.text.encode())}"
        kept = {seat: Log(mine.at, mine.text, mine.last, start)}
        if self.world.setup.tensor is not None:
            rows = self._current(self.world.rows(seat), inner)
            kept[self.world.rows(seat)] = Log(rows.at, "", rows.last, start)
        other = InfoStates(World(self.world.setup, start=start, label=label, sampled=kept))
        for bit in (STRINGS, ROWS):
            if self.live & bit:
                other._wake(bit, world)
        other.read = True
        return other
