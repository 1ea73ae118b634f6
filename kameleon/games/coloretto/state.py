"""Coloretto's rules (sections 3-5 and 9): the state and how actions change it.

The state is kept in plain lists of small integers because every bot and
simulation runs through `legal_actions` and `apply`. The deck is an immutable
tuple shared between clones; `_pos` is the index of its top card.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from kameleon.engine.errors import IllegalAction
from kameleon.engine.game import State, check_rng, check_seat
from kameleon.games.coloretto import actions as act
from kameleon.games.coloretto.cards import GOLDEN, JOKER, LAST_ROUND, NUM_KINDS, PLUS_TWO, card_name
from kameleon.games.coloretto.scoring import Breakdown, best_breakdown, declared_breakdown, winners

if TYPE_CHECKING:
    from kameleon.games.coloretto.game import ColorettoGame

TURN, PLACE, DECLARE, OVER = 0, 1, 2, 3
PHASES = ("turn", "place", "declare", "over")


def _actions_of(mask: int, first: int) -> tuple[int, ...]:
    return tuple(first + r for r in range(act.MAX_ROWS) if mask >> r & 1)


_PLACE_SET = frozenset(range(act.PLACE, act.TAKE))
_TAKE_SET = frozenset(range(act.TAKE, act.JOKER_TO))
_ROW_MASKS = range(1 << act.MAX_ROWS)
_TAKES = tuple(_actions_of(m, act.TAKE) for m in _ROW_MASKS)
"""Take actions of the rows in a mask (also the 4.3 rule 3 fallback over open rows)."""
_DRAW_TAKES = tuple((act.DRAW, *_TAKES[m]) for m in _ROW_MASKS)
_PLACES = tuple(_actions_of(m, act.PLACE) for m in _ROW_MASKS)


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
        phase = self.phase
        if phase == PLACE:
            if action in _PLACE_SET and self.room_mask >> (action - act.PLACE) & 1:
                self.history.append(action)
                r = action - act.PLACE
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
            if action == act.DRAW:
                if self.room_mask and self._drawable:
                    self.history.append(action)
                    self.drawn = self._reveal()
                    self.phase = PLACE
                    return
            elif action in _TAKE_SET:
                bit = 1 << (action - act.TAKE)
                if self.filled_mask & bit or (
                    self.open_mask & bit and not self.filled_mask and not (self.room_mask and self._drawable)
                ):
                    self.history.append(action)
                    self._take(action - act.TAKE)
                    return
        elif phase == DECLARE and act.JOKER_TO <= action <= act.DONE and action in self._declare_actions():
            self.history.append(action)
            self._declare(action)
            return
        raise IllegalAction(self._why_illegal(action))

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
        return self.held[seat][JOKER] + self.held[seat][GOLDEN]

    def _declare_actions(self) -> list[int]:
        seat = self.current_player
        assert seat is not None and self.declared is not None
        jokers, positive, _ = self.declared[seat]
        in_play = self.in_play
        if len(jokers) < self.wild_cards(seat):
            return [act.JOKER_TO + c for c in in_play]
        counts = self.final_counts(seat)
        marks = []
        if len(positive) < 3:
            marks = [act.POSITIVE + c for c in in_play if counts[c] and c not in positive]
        return [*marks, act.DONE]

    def _declare(self, action: int) -> None:
        seat = self.current_player
        assert seat is not None and self.declared is not None
        declaration = self.declared[seat]
        if action < act.POSITIVE:
            declaration[0].append(action - act.JOKER_TO)
        elif action < act.DONE:
            declaration[1].append(action - act.POSITIVE)
        else:
            declaration[2] = True
            if seat + 1 < len(self.held):
                self.current_player = seat + 1
            else:
                self._finish()

    def final_counts(self, seat: int) -> list[int]:
        """Colour counts of `seat` with the jokers declared so far (manual mode)."""
        counts = self.held[seat][:7]
        if self.declared is not None:
            for colour in self.declared[seat][0]:
                counts[colour] += 1
        return counts

    # --- results ------------------------------------------------------------

    def _breakdown(self, seat: int) -> Breakdown:
        held, options = self.held[seat], self.game.options
        if self.declared is not None:
            jokers, positive, _ = self.declared[seat]
            return declared_breakdown(held[:7], jokers, positive, held[PLUS_TWO], options["scoring"])
        return best_breakdown(held[:7], self.in_play, self.wild_cards(seat), held[PLUS_TWO], options["scoring"])

    def breakdowns(self) -> list[Breakdown]:
        """Each seat's score with its joker and positive colours: final once the game is over,
        before that the best each seat could declare with what it holds."""
        if self._final is not None:
            return list(self._final)
        if not self.is_terminal:
            scoring = self.game.options["scoring"]
            return [best_breakdown(h[:7], self.in_play, h[JOKER] + h[GOLDEN], h[PLUS_TWO], scoring) for h in self.held]
        self._final = [self._breakdown(seat) for seat in range(len(self.held))]
        return list(self._final)

    def scores(self) -> list[int]:
        return [b.total for b in self.breakdowns()]

    def winners(self) -> list[int]:
        if not self.is_terminal:
            return []
        return winners(self.breakdowns(), self.game.options["tie_break"])

    # --- explaining refusals (only on the error path) -----------------------

    def _why_illegal(self, action: object) -> str:
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < act.NUM_ACTIONS:
            return f"{action!r} is not a Coloretto action (expected an index 0..{act.NUM_ACTIONS - 1})"
        name = act.to_str(action)
        phase = PHASES[self.phase]
        if self.phase == OVER:
            return f"{name}: the game is over"
        k = len(self.rows)
        if act.PLACE <= action < act.JOKER_TO and (action - act.PLACE) % act.MAX_ROWS >= k:
            return f"{name}: there is no row {(action - act.PLACE) % act.MAX_ROWS + 1}; this game has rows 1 to {k}"
        if self.phase == PLACE and not (act.PLACE <= action < act.TAKE):
            return f"{name}: you drew the {card_name(self.drawn)} and must place it first (place <row>)"
        if self.phase == DECLARE:
            return self._why_illegal_declare(action, name)
        if self.phase == TURN and act.PLACE <= action < act.TAKE:
            return f"{name}: there is no drawn card to place; draw first"
        if act.JOKER_TO <= action <= act.DONE:
            return f"{name}: declarations are made after the final round (phase is {phase})"
        if action == act.DRAW:
            if not self._drawable:
                return "draw: the draw pile has no card left"
            return "draw: every row in the centre is full, so you must take one"
        r = (action - act.PLACE) % act.MAX_ROWS
        if self.taken_by[r] >= 0:
            return f"{name}: row {r + 1} was taken this round by seat {self.taken_by[r]}"
        if act.PLACE <= action < act.TAKE:
            return f"{name}: row {r + 1} is full (it holds {self.game.capacities[r]})"
        return f"{name}: row {r + 1} is empty; a row can be taken only when it holds a card"

    def _why_illegal_declare(self, action: int, name: str) -> str:
        seat = self.current_player
        assert seat is not None and self.declared is not None
        jokers, positive, _ = self.declared[seat]
        if not act.JOKER_TO <= action <= act.DONE:
            return f"{name}: the game is in the declaration phase (joker <colour>, positive <colour>, done)"
        if action < act.POSITIVE:
            if action - act.JOKER_TO not in self.in_play:
                return f"{name}: that colour is not in play"
            return f"{name}: all your wild cards already have a colour"
        left = self.wild_cards(seat) - len(jokers)
        if left:
            return f"{name}: give your {left} remaining wild card(s) a colour first (joker <colour>)"
        colour = action - act.POSITIVE
        if len(positive) >= 3:
            return f"{name}: three colours are already positive"
        if colour in positive:
            return f"{name}: that colour is already positive"
        return f"{name}: you hold no card of that colour"

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
        """Reshuffle the unseen pile cards; the last-round card keeps its depth (section 8)."""
        check_seat(player, self.num_players)
        check_rng(rng)
        other = self.clone()
        other.seed = None
        rest = list(self._deck[self._pos :])
        depth = None
        if self._last_at >= self._pos:
            depth = len(self._deck) - self._last_at
            rest.remove(LAST_ROUND)
        rng.shuffle(rest)
        if depth is not None:
            rest.insert(len(rest) + 1 - depth, LAST_ROUND)
        other._deck = self._deck[: self._pos] + tuple(rest)
        other._last_at = other._deck.index(LAST_ROUND)
        return other

    def view(self, player: int | None) -> dict[str, Any]:
        from kameleon.games.coloretto.view import build_view

        return build_view(self, player)

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

    def action_to_str(self, action: int) -> str:
        return act.to_str(action)

    def parse_action(self, text: str) -> int:
        return act.parse(text, len(self.rows))

    def __repr__(self) -> str:
        where = f"round {self.round} {PHASES[self.phase]} seat {self.current_player}"
        return f"<ColorettoState {where} moves {len(self.history)}>"
