"""Cardcassonne's rules (§3-§9): the state and how actions change it.

Everything on the hot path is a plain int or list of ints:

* a hand is a sorted list of card ids (copies of a face are contiguous, so the
  first one found is the lowest id, the copy §5.4 says leaves the hand), plus a
  bit mask of the faces it holds;
* a row entry is an int: a follower of seat `s` is `-1 - s`; a card is
  `id | 256 * face_down | 512 * (placer + 1)` (placer -1 for the setup cards);
* legal actions are memoised per (hand faces, face-down obligation, follower
  available): a turn is one dict lookup.

Round-end resolution (§7) is done by `claims.Claim`, on the spans of each row
that `claims.secured` finds; it stops for a decision of the claimant only when
a choice exists (§7.3), and `scoring.claim_parts` gives each claim's points.
Sampling the hidden cards (§10) is in `determinize.py`; the messages of refused
actions, needed only on the error path, are in `explain.py`.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from kameleon.engine.errors import IllegalAction
from kameleon.engine.game import State, check_rng
from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne import view as seen
from kameleon.games.cardcassonne.cards import (
    COLOUR,
    COLOURS,
    DEAL_TABLE,
    DOWN,
    FACE,
    FACE_COLOUR,
    FIRST_ID,
    NUM_FACES,
    SETUP_CARDS,
)
from kameleon.games.cardcassonne.claims import Claim, secured
from kameleon.games.cardcassonne.determinize import determinize, shuffle_deck
from kameleon.games.cardcassonne.events import event
from kameleon.games.cardcassonne.explain import why_illegal
from kameleon.games.cardcassonne.phases import OVER, PHASES, PLAY, RESOLVE, SETUP_JOKER
from kameleon.games.cardcassonne.scoring import breakdowns, chest_parts, chest_points, claim_parts, winners
from kameleon.games.cardcassonne.setup import shuffled_deck

if TYPE_CHECKING:
    from kameleon.games.cardcassonne.game import CardcassonneGame

RESOLUTION_ORDER = (3, 2, 1, 0)
"""Rows are resolved bottom to top: B, G, R, Y (§7.2)."""

_LEGAL: dict[int, tuple[tuple[int, ...], frozenset[int]]] = {}
"""key = face mask | must_go_down << 24 | follower_available << 25 -> (actions, set)."""
_FOLLOWER = nt.FOLLOWER
_FACE_DOWN = nt.FACE_DOWN
_EMPTY: tuple[tuple[int, ...], frozenset[int]] = ((), frozenset())
_FOLLOWERS = tuple(nt.FOLLOWER + r for r in range(4))
_JOKERS = tuple(nt.JOKER + r for r in range(4))
_DECIDE = (nt.KEEP, nt.TEN)


def _build_legal(key: int) -> tuple[tuple[int, ...], frozenset[int]]:
    mask, down, follower = key & 0xFFFFFF, key >> 24 & 1, key >> 25 & 1
    actions: list[int] = []
    for f in range(NUM_FACES):
        if mask >> f & 1:
            if down:
                actions.extend(nt.FACE_DOWN + 4 * f + r for r in range(4))
            elif f < 20:
                actions.append(4 * f + FACE_COLOUR[f])
            else:
                actions.extend(4 * f + r for r in range(4))
    actions.sort()
    if follower:
        actions.extend(_FOLLOWERS)
    entry = (tuple(actions), frozenset(actions))
    _LEGAL[key] = entry
    return entry


class CardcassonneState(State[int]):
    """A Cardcassonne position (see the module docstring for the encodings).

    Package-internal API (for this game's modules; not part of the public contract):

    * `undealt()`: the cards still in the deck, top first;
    * `set_undealt(cards)`: replace them (a determinized sample, a test position);
    * `set_hand(seat, cards)`: replace a seat's hand, keeping its face mask and its
      memoised legal moves in step with it;
    * `down_moves`: `history index << 3 | seat` of every face-down play, in order
      (read by `determinize` to rewrite the plays it resamples).

    Attributes the helper modules read (read-only unless said):

    * `phase`: the current phase (a `phases` constant); `round_no`, the round (0 during
      the display setup); `dealer`, the seat dealing this round;
    * `pending_joker`: the display joker waiting for the dealer's row, -1 if none;
    * `rows`: the four rows' entries (encoding in the module docstring); `determinize`
      rewrites the faces of hidden face-down cards in a clone's rows, and `seed` and the
      matching `history` entries of that clone;
    * `hands`: per seat, its sorted card ids (replace one with `set_hand` only);
      `masks`: per seat, the bit mask of the faces its hand holds;
    * `played`: per seat, the cards it has played this round; `follower`: per seat,
      1 once its follower is in a row this round, else 0;
    * `must_play_face_down(seat)`: whether `seat`'s next card goes face down (§5.1);
    * `claims`, `claim_at`, `claim`: the round-end claims still to settle as
      `(seat, row, card ids)`, the index of the one being settled, and its
      `claims.Claim` while it waits for a decision (None otherwise);
    * `score`: per seat, its points so far; `herd_real` / `herd_wild`: per seat and
      kind, its real and wild animals in herds; `loose`: per seat, its wild animals in
      no herd; `chests`: per seat, the card ids under its chest (secret until the end);
      `chest_points`: each seat's chest points once the chests are scored (None before);
    * `removed`: the card ids out of the game; `events`: the scoring events, in order
      (their layout is documented where `__init__` sets them).
    """

    __slots__ = (
        "_deck",
        "_ent",
        "_n",
        "_pos",
        "_setup_shown",
        "animals",
        "chest_points",
        "chests",
        "claim",
        "claim_at",
        "claims",
        "current_player",
        "dealer",
        "down_moves",
        "events",
        "follower",
        "game",
        "hands",
        "herd_real",
        "herd_wild",
        "history",
        "is_terminal",
        "last_follower",
        "loose",
        "masks",
        "pending_joker",
        "phase",
        "played",
        "removed",
        "round_cards",
        "round_no",
        "rows",
        "score",
        "seed",
        "turns_left",
    )  # fmt: skip

    game: CardcassonneGame

    def __init__(self, game: CardcassonneGame, seed: int) -> None:
        n = game.num_players
        self.game = game
        self.seed: int | None = seed
        self._n = n
        self.history: list[int] = []
        self.is_terminal = False
        self._deck = shuffled_deck(seed)
        self._pos = 0
        self._setup_shown = 0
        self.down_moves: list[int] = []
        """`history index << 3 | seat` of every face-down play (for determinize)."""
        self.rows: list[list[int]] = [[], [], [], []]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.masks = [0] * n
        self._ent: list[tuple[tuple[int, ...], frozenset[int]]] = [_EMPTY] * n
        """Per seat: its legal PLAY actions (tuple, set), kept current after each of its moves."""
        self.played = [0] * n
        self.follower = [0] * n
        self.round_cards = 0
        self.turns_left = 0
        self.score = [0] * n
        self.herd_real = [[0, 0, 0, 0] for _ in range(n)]
        self.herd_wild = [[0, 0, 0, 0] for _ in range(n)]
        self.loose = [0] * n
        self.animals: list[list[int]] = [[] for _ in range(n)]
        self.chests: list[list[int]] = [[] for _ in range(n)]
        self.removed: list[int] = []
        self.chest_points: list[int] | None = None
        self.events: list[tuple[Any, ...]] = []
        """(round, seat, row or -1 for final scoring, points, cards secured, those put under the chest,
        the points by part of `scoring.PARTS`); the lists are never changed after the event is written."""
        self.claims: list[tuple[int, int, list[int]]] = []
        self.claim_at = 0
        self.claim: Claim | None = None
        first = game.options["first_dealer"]
        self.dealer = n - 1 if first is None else first
        self.last_follower = -1
        self.round_no = 0
        self.pending_joker = -1
        self.phase = SETUP_JOKER
        self.current_player: int | None = self.dealer
        self._lay_display()

    # --- setup (§3) ---------------------------------------------------------

    def _lay_display(self) -> None:
        """Turn display cards until a joker needs the dealer's row, or ten are out."""
        deck, rows = self._deck, self.rows
        while self._setup_shown < SETUP_CARDS:
            card = deck[self._pos]
            self._pos += 1
            self._setup_shown += 1
            if card >= 120:
                self.pending_joker = card
                self.phase = SETUP_JOKER
                self.current_player = self.dealer
                return
            rows[COLOUR[card]].append(card)
        self.pending_joker = -1
        self._start_round()

    def _start_round(self) -> None:
        n, per = self._n, DEAL_TABLE[self._n][0]
        dealer, pos, deck = self.dealer, self._pos, self._deck
        end = pos + n * per
        for seat in range(n):
            hand = sorted(deck[pos + (seat - dealer - 1) % n : end : n])
            self.hands[seat] = hand
            mask = 0
            for card in hand:
                mask |= 1 << FACE[card]
            self.masks[seat] = mask
        self._pos = end
        self.played = [0] * n
        self.follower = [0] * n
        self.round_cards = 0
        self.turns_left = n * (per + 1)
        self.round_no += 1
        self.phase = PLAY
        self.current_player = (dealer + 1) % n
        self._ent = [self._entry(q) for q in range(n)]

    # --- the hot path -------------------------------------------------------

    def _entry(self, seat: int) -> tuple[tuple[int, ...], frozenset[int]]:
        """The legal PLAY actions of `seat` now (memoised on its hand faces and round flags)."""
        down = self.round_cards == 0 if self.game.round_first else self.played[seat] == 0
        key = self.masks[seat] | down << 24 | (not self.follower[seat]) << 25
        return _LEGAL.get(key) or _build_legal(key)

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PLAY:
            return list(self._ent[self.current_player][0])  # type: ignore[index]
        if phase == RESOLVE:
            claim = self.claim
            assert claim is not None
            if claim.pending:
                return list(_DECIDE)
            return [nt.WILD + k for k in claim.kinds]  # type: ignore[union-attr]
        if phase == SETUP_JOKER:
            return list(_JOKERS)
        return []

    def apply(self, action: int) -> None:
        phase = self.phase
        if phase == PLAY and type(action) is int:
            q: int = self.current_player  # type: ignore[assignment]
            if action in self._ent[q][1]:
                history = self.history
                history.append(action)
                if action >= _FOLLOWER:
                    self.rows[action - _FOLLOWER].append(-1 - q)
                    self.follower[q] = 1
                    self.last_follower = q
                    down = self.round_cards == 0 if self.game.round_first else self.played[q] == 0
                    key = self.masks[q] | down << 24
                else:
                    if action >= _FACE_DOWN:
                        code = action - _FACE_DOWN
                        flag = DOWN | (q + 1) << 9
                        self.down_moves.append((len(history) - 1) << 3 | q)
                    else:
                        code = action
                        flag = (q + 1) << 9
                    f = code >> 2
                    hand = self.hands[q]
                    i = bisect_left(hand, FIRST_ID[f])  # the lowest copy of the face (§5.4)
                    card = hand.pop(i)
                    mask = self.masks[q]
                    if i == len(hand) or FACE[hand[i]] != f:
                        mask ^= 1 << f
                        self.masks[q] = mask
                    self.rows[code & 3].append(card | flag)
                    self.played[q] += 1
                    self.round_cards += 1
                    if self.round_cards == 1 and self.game.round_first:
                        self._ent = [self._entry(seat) for seat in range(self._n)]
                    key = mask | (not self.follower[q]) << 25
                self._ent[q] = _LEGAL.get(key) or _build_legal(key)
                self.turns_left -= 1
                if self.turns_left:
                    self.current_player = q + 1 if q + 1 < self._n else 0
                else:
                    self._end_round()
                return
        elif phase == RESOLVE and type(action) is int:
            claim = self.claim
            assert claim is not None
            if claim.pending and (action == nt.KEEP or action == nt.TEN):
                self.history.append(action)
                claim.decide(action == nt.KEEP)
                self._continue_claims()
                return
            if (
                not claim.pending
                and claim.kinds is not None
                and nt.WILD <= action < nt.NUM_ACTIONS
                and action - nt.WILD in claim.kinds
            ):
                self.history.append(action)
                claim.choices.append(action - nt.WILD)
                self._continue_claims()
                return
        elif phase == SETUP_JOKER and type(action) is int and nt.JOKER <= action < nt.KEEP:
            self.history.append(action)
            self.rows[action - nt.JOKER].append(self.pending_joker)
            self._lay_display()
            return
        raise IllegalAction(why_illegal(self, action))

    # --- round-end resolution (§7) ------------------------------------------

    def _end_round(self) -> None:
        rows = self.rows
        claims = []
        reveal = self.game.options["reveal_unclaimed_face_down"]
        for r in RESOLUTION_ORDER:
            row = rows[r]
            if not row:
                continue
            spans = secured(row)
            _, rest, _ = spans.pop()  # the open end stays for the next round
            if spans:
                for seat, start, stop in spans:
                    claims.append((seat, r, [e & 255 for e in row[start:stop]]))
                row = rows[r] = row[rest:]
            if reveal and row:
                rows[r] = [e & ~DOWN for e in row]
        self.claims = claims
        self.claim_at = 0
        self.claim = None
        self._continue_claims()

    def _continue_claims(self) -> None:
        """Settle claims in order until one waits for its claimant; then the next round."""
        claims = self.claims
        while True:
            claim = self.claim
            if claim is None:
                if self.claim_at == len(claims):
                    break
                claim = self.claim = Claim(*claims[self.claim_at])
            if not claim.pending and claim.kinds is None:
                q = claim.seat
                claim.plan_wilds(self.herd_real[q], self.loose[q])
            if claim.waiting:
                self.phase = RESOLVE
                self.current_player = claim.seat
                return
            self._settle(claim)
            self.claim = None
            self.claim_at += 1
        self.claims = []
        self.claim_at = 0
        if len(self._deck) - self._pos < self._n * DEAL_TABLE[self._n][0]:
            self._finish()
        else:
            self.dealer = self.last_follower
            self._start_round()

    def _settle(self, claim: Claim) -> None:
        """Card moves of one claim (§7.3 steps 2-5); `scoring.claim_parts` gives its points."""
        q = claim.seat
        real, wild = self.herd_real[q], self.herd_wild[q]
        touched = 0
        for k in range(4):
            if claim.real[k]:
                real[k] += claim.real[k]
                touched |= 1 << k
        if claim.assign:
            for k in claim.choices:
                wild[k] += 1
                touched |= 1 << k
            self.loose[q] = 0
            lone = 0
        else:
            lone = len(claim.wilds)
            self.loose[q] += lone
        table = self.game.options["animal_points"]
        parts = claim_parts(claim.points, claim.people_sum, len(claim.people), real, wild, touched, lone, table)
        points = sum(parts)
        self.animals[q].extend(claim.animal_ids)
        self.animals[q].extend(claim.wilds)
        self.chests[q].extend(claim.chest)
        self.removed.extend(claim.out)
        self.removed.extend(claim.people)
        self.score[q] += points
        self.events.append((self.round_no, q, claim.row, points, claim.cards, claim.chest, parts))

    def _finish(self) -> None:
        """End of the game (§9): rows are cleared without scoring, chests are scored."""
        for r in range(4):
            self.removed.extend(e & 255 for e in self.rows[r])
            self.rows[r] = []
        self.chest_points = []
        for q in range(self._n):
            points = chest_points(self.chests[q])
            self.chest_points.append(points)
            self.score[q] += points
            self.events.append((self.round_no, q, -1, points, list(self.chests[q]), [], chest_parts(points)))
        self.phase = OVER
        self.current_player = None
        self.is_terminal = True

    # --- results ------------------------------------------------------------

    def scores(self) -> list[int]:
        """Current scores; once the game is over they include the chests (§9)."""
        return self.score[:]

    def winners(self) -> list[int]:
        if not self.is_terminal:
            return []
        return winners(self.score, [len(chest) for chest in self.chests])

    @property
    def cards_per_round(self) -> int:
        return DEAL_TABLE[self._n][0]

    @property
    def deck_size(self) -> int:
        return len(self._deck) - self._pos

    def must_play_face_down(self, seat: int) -> bool:
        """True when `seat`'s next card must go face down (§5.1)."""
        if not self.hands[seat]:
            return False
        return self.round_cards == 0 if self.game.round_first else self.played[seat] == 0

    def card_locations(self) -> list[int]:
        """Every card id the state holds, wherever it is (the card-conservation check of §11.4)."""
        cards = list(self.undealt())
        if self.pending_joker >= 0:
            cards.append(self.pending_joker)
        for hand in self.hands:
            cards.extend(hand)
        for row in self.rows:
            cards.extend(e & 255 for e in row if e >= 0)
        for q in range(self._n):
            cards.extend(self.animals[q])
            cards.extend(self.chests[q])
        cards.extend(self.removed)
        for i in range(self.claim_at, len(self.claims)):
            cards.extend(self.claims[i][2])
        return cards

    # --- package-internal API (see the class docstring) ----------------------

    def undealt(self) -> tuple[int, ...]:
        """The cards still in the deck, top first."""
        return self._deck[self._pos :]

    def set_undealt(self, cards: tuple[int, ...]) -> None:
        """Make `cards` the deck, top first."""
        self._deck = cards
        self._pos = 0

    def set_hand(self, seat: int, cards: list[int]) -> None:
        """Give `seat` the hand `cards` (sorted ids); its face mask and legal moves follow."""
        self.hands[seat] = cards
        mask = 0
        for card in cards:
            mask |= 1 << FACE[card]
        self.masks[seat] = mask
        self._ent[seat] = self._entry(seat)

    # --- the rest of the contract -------------------------------------------

    def clone(self) -> CardcassonneState:
        other = object.__new__(CardcassonneState)
        other.game = self.game
        other.seed = self.seed
        other._n = self._n
        other.history = self.history[:]
        other.is_terminal = self.is_terminal
        other._deck = self._deck
        other._pos = self._pos
        other._setup_shown = self._setup_shown
        other.down_moves = self.down_moves[:]
        other.rows = [row[:] for row in self.rows]
        other.hands = [hand[:] for hand in self.hands]
        other.masks = self.masks[:]
        other._ent = self._ent[:]
        other.played = self.played[:]
        other.follower = self.follower[:]
        other.round_cards = self.round_cards
        other.turns_left = self.turns_left
        other.score = self.score[:]
        other.herd_real = [h[:] for h in self.herd_real]
        other.herd_wild = [h[:] for h in self.herd_wild]
        other.loose = self.loose[:]
        other.animals = [a[:] for a in self.animals]
        other.chests = [c[:] for c in self.chests]
        other.removed = self.removed[:]
        other.chest_points = None if self.chest_points is None else self.chest_points[:]
        other.events = self.events[:]
        other.claims = self.claims[:]
        other.claim_at = self.claim_at
        other.claim = None if self.claim is None else self.claim.copy()
        other.dealer = self.dealer
        other.last_follower = self.last_follower
        other.round_no = self.round_no
        other.pending_joker = self.pending_joker
        other.phase = self.phase
        other.current_player = self.current_player
        return other

    def determinize(self, player: int, rng: random.Random) -> CardcassonneState:
        """Resample what `player` has not seen (§10); see `determinize.determinize`."""
        check_rng(rng)
        return determinize(self, player, rng)

    def shuffle_unseen(self, rng: random.Random) -> None:
        """Shuffle the undealt deck; hands and face-down cards stay (each is known to some seat)."""
        shuffle_deck(self, rng)

    def view(self, player: int | None) -> dict[str, Any]:
        return seen.view(self, player)

    def open_view(self) -> dict[str, Any]:
        """A finished game's replay hides nothing that was face down: the spectator's view with every face-down
        card and every chest face up (hands stay closed, as on the table)."""
        return seen.view(self, None, reveal=True)

    def event_seen_by(self, action: int, after: State[int], seat: int | None) -> dict[str, Any]:
        assert isinstance(after, CardcassonneState)
        return event(self, action, after, seat)

    def score_breakdown(self) -> list[dict[str, Any]]:
        """Each seat's points by part of `scoring.PARTS` (people, animals, tens, lone wild animals, buildings
        from the chest), with the seat's `total`."""
        return [
            {**parts, "total": total} for parts, total in zip(breakdowns(self.events, self._n), self.score, strict=True)
        ]

    def action_to_str(self, action: int) -> str:
        return nt.to_str(action)

    def token_seen_by(self, action: int, seat: int | None) -> str:
        """Others see a card played face down only as `?@<row>` (§11.2)."""
        if nt.FACE_DOWN <= action < nt.FOLLOWER and seat != self.current_player:
            return f"?@{COLOURS[(action - nt.FACE_DOWN) % 4]}"
        return nt.to_str(action)

    def parse_action(self, text: str) -> int:
        return nt.parse(text)

    def __repr__(self) -> str:
        where = f"round {self.round_no} {PHASES[self.phase]} seat {self.current_player}"
        return f"<CardcassonneState {where} moves {len(self.history)}>"
