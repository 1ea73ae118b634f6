"""The move log each seat may see: `{"seat", "move", "event"}` per move, built as the moves are played.

A game's notation can name hidden things (a card played face down): `State.token_seen_by(action, seat)`
says how a seat (None: a spectator) sees a move's token, `State.event_seen_by(action, after, seat)` what
it may know of what happened. Both are asked once per move and viewer, when the move is made (or once
when a table is rebuilt), never again per frame. Once a game is over everything shows: each move as its
mover saw it, with the true token the record holds.

Each entry is encoded to JSON once, when its move is logged, and only that text is kept (an entry that
reads the same for several viewers is one shared string): a frame splices the viewer's log text in
(`log_text`) instead of encoding the whole log again for every frame of every move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from kameleon.engine.game import State, replay_move

Entry = dict[str, Any]


def token_seen_by(state: State[Any], action: Any, seat: int | None) -> str:
    """`action`, about to be played in `state`, as `seat` sees it."""
    return state.token_seen_by(action, seat)


def has_hidden_moves(state: State[Any]) -> bool:
    """Whether some seat may see a move's token differently from the true token."""
    return type(state).token_seen_by is not State.token_seen_by


def has_events(state: State[Any]) -> bool:
    """Whether the game describes its moves (otherwise every event is the default `{"kind": "move"}`)."""
    return type(state).event_seen_by is not State.event_seen_by


class SeatLogs:
    """Every viewer's log of a table (each seat's and the spectator's), one entry appended per move.

    Only text is kept: each viewer's entries encoded (a string per move, shared by the viewers that read the
    move alike), the entries of the finished game's log, and the true tokens. No dict outlives the move
    that made it, so a table's log adds no work for the garbage collector however long the game."""

    __slots__ = ("_final_texts", "_joined", "_shared", "_texts", "events", "hidden", "tokens")

    def __init__(self, state: State[Any]) -> None:
        self.hidden = has_hidden_moves(state)
        self.events = has_events(state)
        viewers: list[int | None] = [*range(state.num_players), None]
        self.tokens: list[str] = []
        """The true tokens, as stored."""
        self._texts: dict[int | None, list[str]] = {viewer: [] for viewer in viewers}
        """Each viewer's entries, encoded."""
        self._final_texts: list[str] = []
        """Each move as its mover saw it, with the true token: the log once the game is over."""
        self._joined: dict[int | str | None, str] = {}
        """Logs as JSON arrays, until the next move."""
        self._shared = True
        """Whether every move so far read the same for every viewer (then all share one log text)."""

    @property
    def needs_after(self) -> bool:
        """Whether `add` reads the positions before and after a move (otherwise `add_public` logs it)."""
        return self.hidden or self.events

    def add_public(self, mover: int | None, token: str) -> None:
        """Log a move of a game that neither hides tokens nor describes its moves."""
        text = _encode({"seat": mover, "move": token, "event": {"kind": "move"}})
        for texts in self._texts.values():
            texts.append(text)
        self._final_texts.append(text)
        self.tokens.append(token)
        self._joined.clear()

    def add(self, before: State[Any], action: Any, after: State[Any], token: str) -> None:
        """Log `action`, played in `before` (leading to `after`), whose true token is `token`."""
        mover = before.current_player
        if not self.needs_after:
            self.add_public(mover, token)
            return
        last: Entry | None = None
        text = first = ""
        final = None
        for viewer, texts in self._texts.items():
            move = before.token_seen_by(action, viewer) if self.hidden else token
            event = before.event_seen_by(action, after, viewer) if self.events else {"kind": "move"}
            if last is None or last["move"] != move or last["event"] != event:
                last = {"seat": mover, "move": move, "event": event}
                text = _encode(last)
            texts.append(text)
            if not first:
                first = text
            elif text is not first:
                self._shared = False
            if viewer == mover or (final is None and viewer is None):
                final = text if move == token else _encode({**last, "move": token})
        assert final is not None
        self._final_texts.append(final)
        self.tokens.append(token)
        self._joined.clear()

    def log_text(self, viewer: int | None, over: bool, start: int = 0) -> str:
        """The log as `viewer` (None: a spectator) may see it while the game runs, or, when `over`, as everyone
        sees it once the game is over (each move as its mover saw it, with the true token), from entry `start`
        on: JSON text, encoded entry by entry as the moves came."""
        texts = self._final_texts if over else self._texts[viewer]
        if start:
            # The tail a socket was not sent yet: a move's few entries, joined anew (never cached whole).
            return "[" + ",".join(texts[start:]) + "]"
        key = "over" if over else "all" if self._shared else viewer
        joined = self._joined.get(key)
        if joined is None:
            joined = "[" + ",".join(texts) + "]"
            self._joined[key] = joined
        return joined

    def seen_by(self, viewer: int | None) -> list[Entry]:
        """`log_text(viewer, False)` decoded (for the HTTP API; frames splice the text in)."""
        entries: list[Entry] = orjson.loads(self.log_text(viewer, False))
        return entries

    def final(self) -> list[Entry]:
        """`log_text(None, True)` decoded: the log once the game is over."""
        entries: list[Entry] = orjson.loads(self.log_text(None, True))
        return entries


def _encode(entry: Entry) -> str:
    return orjson.dumps(entry, option=orjson.OPT_NON_STR_KEYS).decode()


def replay(initial: State[Any], tokens: Sequence[str]) -> tuple[State[Any], SeatLogs]:
    """Play `tokens` from `initial` (modified in place when nothing reads the positions between moves),
    logging each move; returns the final state and the logs. A bad token raises RecordError naming its
    number, as `State.replay_tokens` does."""
    logs = SeatLogs(initial)
    state = initial
    for number, token in enumerate(tokens, start=1):
        after = state.clone() if logs.needs_after else state
        mover = state.current_player
        action = replay_move(state, number, token, after)
        if logs.needs_after:
            logs.add(state, action, after, token)
        else:
            logs.add_public(mover, token)
        state = after
    return state, logs
