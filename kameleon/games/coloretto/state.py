"""Coloretto's rules (sections 3-5 and 9): the state and how actions change it.

The state is kept in plain lists of small integers because every bot and
simulation runs through `legal_actions` and `apply`. The deck is an immutable
tuple shared between clones; `_pos` is the index of its top card.

The other roles live in their own modules and the state delegates to them:
`scoring.py` (scores and breakdowns), `view.py`, `explain.py` (why a move is
illegal, only on the error path), `determinize.py` and `notation.py`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kameleon.engine.errors import IllegalAction
from kameleon.engine.game import State, check_rng
from kameleon.games.coloretto import notation as nt
from kameleon.games.coloretto.cards import GOLDEN, LAST_ROUND, NUM_COLOURS, NUM_KINDS
from kameleon.games.coloretto.determinize import determinize, shuffle_pile
from kameleon.games.coloretto.events import event
from kameleon.games.coloretto.explain import why_illegal
from kameleon.games.coloretto.phases import DECLARE, OVER, PHASES, PLACE, TURN
from kameleon.games.coloretto.scoring import (
    POSITIVE_COLOURS,
    Breakdown,
    collection_breakdown,
    declared_collection_breakdown,
    table,
    wild_cards,
    winners,
)
from kameleon.games.coloretto.view import view

if TYPE_CHECKING:
    from kameleon.games.coloretto.game import ColorettoGame


def _actions_of(mask: int, first: int) -> tuple[int, ...]:
    return tuple(first + r for r in range(nt.MAX_ROWS) if mask >> r & 1)


_PLACE_SET = frozenset(range(nt.PLACE, nt.TAKE))
_TAKE_SET = frozenset(range(nt.TAKE, nt.JOKER_TO))
_ROW_MASKS = range(1 << nt.MAX_ROWS)
_TAKES = tuple(_actions_of(m, nt.TAKE) for m in _ROW_MASKS)
"""Take actions of the rows in a mask (also the 4.3 rule 3 fallback over open rows)."""
_DRAW_TAKES = tuple((nt.DRAW, *_TAKES[m]) for m in _ROW_MASKS)
_PLACES = tuple(_actions_of(m, nt.PLACE) for m in _ROW_MASKS)


def _next_seat_table(n: int) -> tuple[tuple[int, ...], ...]:
    """[active mask][seat] -> the next active seat clockwise after seat (-1 if none)."""
    table = []
    for mask in range(1 << n):
        row = []
        for seat in range(n):
            after = [(seat + k) % n for k in range(1, n + 1)]
            row.append(next((q for q in after if mask >> q & 1), -1))
        table.append(tuple(row))
    return tuple(table)


_NEXT_SEAT = {n: _next_seat_table(n) for n in range(2, 6)}


class ColorettoState(State[int]):
    """A Coloretto position. Rows are tracked three ways for speed: the cards
    (`rows`), who took them (`taken_by`) and bit masks over row numbers:
    `open_mask` (still in the centre), `filled_mask` (in the centre and holding
    a card) and `room_mask` (in the centre and not full).

    Package-internal API (for this game's modules; not part of the public contract):

    - read freely (public at the table): `phase` (a `phases` constant), `round`,
      `round_start`, `final_round`, `drawn` (the card to place, -1 if none), `rows`,
      `taken_by` (seat or -1 per row), the three row masks above, `active_mask` and
      `active` (seats still in the round), `held` (per seat, a count per card kind),
      `in_play` and `removed` (colour indices), `discarded`, `events`, `declared`
      (manual scoring: per seat [joker colours, positive colours, done], else None),
      `pile_size`, `cards_to_draw`, `cards_above_last_round`, `pile_contents()`,
      `wild_cards(seat)`, `final_counts(seat)` and `breakdowns()`;
    - hidden, for `determinize.py` only: `unseen_pile()` and `restack(pile)`.

    Only `apply` changes a state, except `restack` on a fresh clone.
    """

    __slots__ = (
        "_deck",
        "_drawable",
        "_final",
        "_last_at",
        "_pile_left",
        "_pos",
        "active_mask",
        "current_player",
        "declared",
        "discarded",
        "drawn",
        "events",
        "filled_mask",
        "final_round",
        "game",
        "held",
        "history",
        "in_play",
        "is_terminal",
        "open_mask",
        "phase",
        "removed",
        "room_mask",
        "round",
        "round_start",
        "rows",
        "seed",
        "taken_by",
    )  # fmt: skip

    game: ColorettoGame
    not_compared = frozenset({"_final"})

    def __init__(self, game: ColorettoGame, seed: int) -> None:
        setup = game.deal(seed)
        n = game.num_players
        k = len(game.capacities)
        self.game = game
        self.seed: int | None = seed
        self.history: list[int] = []
        self.is_terminal = False
        self.in_play = setup.in_play
        self.removed = setup.removed
        self.phase = TURN
        self.round = 1
        self.round_start = setup.start_player
        self.current_player: int | None = setup.start_player
        self.final_round = False
        self.drawn = -1
        self._deck = setup.deck
        self._pos = 0
        self._last_at = setup.deck.index(LAST_ROUND)
        """Index of the last-round card in `_deck`; below `_pos` once revealed."""
        self._drawable = len(setup.deck) - 1
        """Cards left in the pile other than the last-round card."""
        self._pile_left = [0] * (LAST_ROUND + 1)
        """How many of each card kind the pile holds (public: section 8)."""
        for card in setup.deck:
            self._pile_left[card] += 1
        self.rows: list[list[int]] = [[] for _ in range(k)]
        self.taken_by = [-1] * k
        self.open_mask = self.room_mask = (1 << k) - 1
        self.filled_mask = 0
        self.active_mask = (1 << n) - 1
        self.held = [[0] * NUM_KINDS for _ in range(n)]
        for seat, colours in enumerate(setup.starting):
            for colour in colours:
                self.held[seat][colour] += 1
        self.discarded: list[int] = []
        self.events: list[tuple[int, str, int]] = []
        """(move number that caused it, kind, card): what happens without an action."""
        self.declared: list[list[Any]] | None = None
        """Manual scoring: per seat [joker colours, positive colours, done]."""
        self._final: list[Breakdown] | None = None
        """Final breakdowns, computed when first asked for."""

    @property
    def active(self) -> list[bool]:
        """Per seat: has not taken a row this round."""
        return [bool(self.active_mask >> seat & 1) for seat in range(len(self.held))]

    # --- the hot path -------------------------------------------------------

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == TURN:
            if self.room_mask and self._drawable:
                return list(_DRAW_TAKES[self.filled_mask])
            return list(_TAKES[self.filled_mask or self.open_mask])  # 4.3 rule 3 when nothing is filled
        if phase == PLACE:
            return list(_PLACES[self.room_mask])
        if phase == DECLARE:
            return self._declare_actions()
        return []

    def apply(self, action: int) -> None:
        if type(action) is not int:  # a bool or float can equal an action code (False == DRAW, 6.0 == take 1)
            raise IllegalAction(why_illegal(self, action))
        phase = self.phase
        if phase == PLACE:
            if action in _PLACE_SET and self.room_mask >> (action - nt.PLACE) & 1:
                self.history.append(action)
                r = action - nt.PLACE
                row = self.rows[r]
                row.append(self.drawn)
                bit = 1 << r
                self.filled_mask |= bit
                if len(row) == self.game.capacities[r]:
                    self.room_mask &= ~bit
                self.drawn = -1
                self.phase = TURN
                self.current_player = _NEXT_SEAT[len(self.held)][self.active_mask][self.current_player]  # type: ignore[index]  # someone is always to move while placing
                return
        elif phase == TURN:
            if action == nt.DRAW:
                if self.room_mask and self._drawable:
                    self.history.append(action)
                    self.drawn = self._reveal()
                    self.phase = PLACE
                    return
            elif action in _TAKE_SET:
                bit = 1 << (action - nt.TAKE)
                if self.filled_mask & bit or (
                    self.open_mask & bit and not self.filled_mask and not (self.room_mask and self._drawable)
                ):
                    self.history.append(action)
                    self._take(action - nt.TAKE)
                    return
        elif phase == DECLARE and nt.JOKER_TO <= action <= nt.DONE and action in self._declare_actions():
            self.history.append(action)
            self._declare(action)
            return
        raise IllegalAction(why_illegal(self, action))

    def _reveal(self) -> int:
        """Turn the top card over; the last-round card is set aside and replaced (4.1)."""
        card = self._deck[self._pos]
        self._pos += 1
        if card == LAST_ROUND:
            self.final_round = True
            self._pile_left[LAST_ROUND] = 0
            self.events.append((len(self.history), "last round", LAST_ROUND))
            card = self._deck[self._pos]
            self._pos += 1
        self._drawable -= 1
        self._pile_left[card] -= 1
        return card

    def _take(self, r: int) -> None:
        seat = self.current_player
        assert seat is not None
        mine = self.held[seat]
        row = self.rows[r]
        for card in row:
            mine[card] += 1
        self.taken_by[r] = seat
        bit = ~(1 << r)
        self.open_mask &= bit
        self.filled_mask &= bit
        self.room_mask &= bit
        self.active_mask &= ~(1 << seat)
        if GOLDEN in row and self._drawable:  # 3.5, before the end-of-round check (7.5)
            bonus = self._reveal()
            mine[bonus] += 1
            self.events.append((len(self.history), "bonus", bonus))
        self.rows[r] = []
        if self.active_mask:
            self.current_player = _NEXT_SEAT[len(self.held)][self.active_mask][seat]
        else:
            self._end_round(seat)

    def _end_round(self, last_taker: int) -> None:
        for r, row in enumerate(self.rows):
            if self.taken_by[r] < 0:  # 2 players: the row left in the centre is discarded (3.7)
                for card in row:
                    self.discarded.append(card)
                    self.events.append((len(self.history), "discard", card))
                self.rows[r] = []
        if self.final_round:
            if self.game.options["scoring_choices"] == "manual":
                self.phase = DECLARE
                self.current_player = 0
                self.declared = [[[], [], False] for _ in self.held]
            else:
                self._finish()
            return
        k = len(self.rows)
        self.round += 1
        self.round_start = last_taker
        self.current_player = last_taker
        self.taken_by = [-1] * k
        self.open_mask = self.room_mask = (1 << k) - 1
        self.filled_mask = 0
        self.active_mask = (1 << len(self.held)) - 1

    def _finish(self) -> None:
        self.phase = OVER
        self.current_player = None
        self.is_terminal = True

    # --- manual declaration (section 9, DECLARE) ----------------------------

    def wild_cards(self, seat: int) -> int:
        """How many cards of `seat` count as a colour of its choice (jokers, golden included)."""
        return wild_cards(self.held[seat])

    def _declare_actions(self) -> list[int]:
        seat = self.current_player
        assert seat is not None and self.declared is not None
        jokers, positive, _ = self.declared[seat]
        in_play = self.in_play
        if len(jokers) < self.wild_cards(seat):
            return [nt.JOKER_TO + c for c in in_play]
        counts = self.final_counts(seat)
        marks = []
        if len(positive) < POSITIVE_COLOURS:
            marks = [nt.POSITIVE + c for c in in_play if counts[c] and c not in positive]
        return [*marks, nt.DONE]

    def _declare(self, action: int) -> None:
        seat = self.current_player
        assert seat is not None and self.declared is not None
        declaration = self.declared[seat]
        if action < nt.POSITIVE:
            declaration[0].append(action - nt.JOKER_TO)
        elif action < nt.DONE:
            declaration[1].append(action - nt.POSITIVE)
        else:
            declaration[2] = True
            if seat + 1 < len(self.held):
                self.current_player = seat + 1
            else:
                self._finish()

    def final_counts(self, seat: int) -> list[int]:
        """Colour counts of `seat` with the jokers declared so far (manual mode)."""
        counts = self.held[seat][:NUM_COLOURS]
        if self.declared is not None:
            for colour in self.declared[seat][0]:
                counts[colour] += 1
        return counts

    # --- results ------------------------------------------------------------

    def breakdowns(self) -> list[Breakdown]:
        """Each seat's score with its joker and positive colours: final once the game is over,
        before that the best each seat could declare with what it holds."""
        if self._final is not None:
            return list(self._final)
        scoring = self.game.options["scoring"]
        if self.is_terminal and self.declared is not None:
            breakdowns = [
                declared_collection_breakdown(held, jokers, positive, scoring)
                for held, (jokers, positive, _) in zip(self.held, self.declared, strict=True)
            ]
        else:
            breakdowns = [collection_breakdown(held, self.in_play, scoring) for held in self.held]
        if self.is_terminal:
            self._final = breakdowns
            return list(breakdowns)
        return breakdowns

    def scores(self) -> list[int]:
        return [b.total for b in self.breakdowns()]

    def score_breakdown(self) -> list[dict[str, Any]]:
        """Each seat's `Breakdown.parts()`: the colour piles counted positively and negatively, where the
        wild cards went, the +2 cards, and the total."""
        points = table(self.game.options["scoring"])
        return [b.parts(points) for b in self.breakdowns()]

    def winners(self) -> list[int]:
        if not self.is_terminal:
            return []
        return winners(self.breakdowns(), self.game.options["tie_break"])

    # --- the rest of the contract -------------------------------------------

    def clone(self) -> ColorettoState:
        other = object.__new__(ColorettoState)
        other.game = self.game
        other.seed = self.seed
        other.history = self.history[:]
        other.current_player = self.current_player
        other.is_terminal = self.is_terminal
        other.in_play = self.in_play
        other.removed = self.removed
        other.phase = self.phase
        other.round = self.round
        other.round_start = self.round_start
        other.final_round = self.final_round
        other.drawn = self.drawn
        other._deck = self._deck
        other._pos = self._pos
        other._last_at = self._last_at
        other.rows = [row[:] for row in self.rows]
        other.taken_by = self.taken_by[:]
        other._drawable = self._drawable
        other._pile_left = self._pile_left[:]
        other.open_mask = self.open_mask
        other.filled_mask = self.filled_mask
        other.room_mask = self.room_mask
        other.active_mask = self.active_mask
        other.held = [h[:] for h in self.held]
        other.discarded = self.discarded[:]
        other.events = self.events[:]
        other.declared = None if self.declared is None else [[j[:], p[:], d] for j, p, d in self.declared]
        other._final = self._final
        return other

    def determinize(self, player: int, rng: random.Random) -> ColorettoState:
        check_rng(rng)
        return determinize(self, player, rng)

    def shuffle_unseen(self, rng: random.Random) -> None:
        """Shuffle the draw pile (nothing else is hidden); the last-round card keeps its known depth."""
        shuffle_pile(self, rng)

    def view(self, player: int | None) -> dict[str, Any]:
        return view(self, player)

    @property
    def pile_size(self) -> int:
        return len(self._deck) - self._pos

    @property
    def cards_above_last_round(self) -> int | None:
        """Cards still above the last-round card, or None once it has been revealed."""
        return self._last_at - self._pos if self._last_at >= self._pos else None

    def pile_contents(self) -> list[int]:
        """How many of each card kind are still in the pile: public by card counting (section 8)."""
        return self._pile_left[:]

    @property
    def cards_to_draw(self) -> int:
        """Cards left in the pile other than the last-round card (public: section 8)."""
        return self._drawable

    def unseen_pile(self) -> tuple[int, ...]:
        """The draw pile in order, top card first, the last-round card included while it is in it.

        Hidden information: only determinization may read it (a view never carries it)."""
        return self._deck[self._pos :]

    def restack(self, pile: Sequence[int]) -> None:
        """Put the cards of `unseen_pile()` back in the order `pile` (the same cards, top first)."""
        self._deck = self._deck[: self._pos] + tuple(pile)
        if self._last_at >= self._pos:
            self._last_at = self._deck.index(LAST_ROUND, self._pos)

    def action_to_str(self, action: int) -> str:
        return nt.action_to_str(action)

    def event_seen_by(self, action: int, after: State[int], seat: int | None) -> dict[str, Any]:
        assert isinstance(after, ColorettoState)
        return event(self, action, after, seat)

    def parse_action(self, text: str) -> int:
        return nt.parse_action(text, len(self.rows), choices=self.game.options["scoring_choices"] == "manual")

    def __repr__(self) -> str:
        where = f"round {self.round} {PHASES[self.phase]} seat {self.current_player}"
        return f"<ColorettoState {where} moves {len(self.history)}>"
