"""One-ply heuristic for greedy Cardcassonne bots: which card where, and when to place the follower.

Values are expected points for `state.current_player` this round. Only what
that seat can see is used: face-down cards placed by others count as an
average card (`HIDDEN_CARD`), chests are ignored.

* Placing the follower in row r is worth the points of the cards it would
  secure now (`claim_points`).
* Playing a card while the follower is still free keeps the option of a
  bigger claim next turn, but each opponent who still holds a follower may
  take the best row first: the best claim after the card counts with
  `KEEP_CHANCE ** opponents`.
* Once the follower is placed, a card can only feed other players' claims:
  the increase it gives the best-placed free opponent counts against it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.games.cardcassonne import actions as act
from kameleon.games.cardcassonne.cards import (
    ANIMAL,
    BUILDING,
    COLOUR,
    DRAGON,
    FACE,
    FAIRY,
    FIRST_ID,
    PEOPLE,
    TYPE,
    VALUE,
    WILD_ANIMAL,
    WILD_BUILDING,
)
from kameleon.games.cardcassonne.state import DOWN, PLAY, RESOLVE, SETUP_JOKER

if TYPE_CHECKING:
    from kameleon.games.cardcassonne.state import CardcassonneState

HIDDEN = -1
"""Stands for a face-down card the seat cannot see."""
HIDDEN_CARD = 5.0
"""Rough worth of an unknown face-down card (often misplaced: 10, or a low card)."""
BUILDING_CARD = 4.0
"""Rough end-of-game worth of one building under the chest (set values 0/5/15/30)."""
KEEP_CHANCE = 0.7
"""Chance that one opponent with a free follower leaves a given row's segment alone for a turn."""
GIFT_WEIGHT = 0.5
"""How much points handed to an opponent count against a card play."""


def claim_points(state: CardcassonneState, seat: int, row: int, cards: list[int]) -> float:
    """Points `seat` would score for securing `cards` (ids, HIDDEN for unknown) in `row` now."""
    table = state.game.options["animal_points"]
    points = 0.0
    psum = pn = 0
    new = [0, 0, 0, 0]
    wilds = 0
    for card in cards:
        if card == HIDDEN:
            points += HIDDEN_CARD
            continue
        t, colour = TYPE[card], COLOUR[card]
        if t in (DRAGON, FAIRY):
            points += 10
        elif t == PEOPLE:
            if colour == row:
                psum += VALUE[card]
                pn += 1
            else:
                points += 10
        elif t == ANIMAL:
            if colour == row:
                new[colour] += 1
            else:
                points += 10  # at least ten; keeping may be better, counted as ten
        elif t == BUILDING:
            points += BUILDING_CARD if colour == row else 10
        elif t == WILD_ANIMAL:
            wilds += 1
        elif t == WILD_BUILDING:
            points += BUILDING_CARD
    points += psum * pn
    real, wild = state.herd_real[seat], state.herd_wild[seat]
    sizes = [real[k] + wild[k] + new[k] for k in range(4)]
    owned = [k for k in range(4) if real[k] + new[k]]
    if owned:
        wilds += state.loose[seat]
        if wilds:
            best = max(owned, key=lambda k: sizes[k])
            sizes[best] += wilds
            new[best] += wilds
        points += sum(table[sizes[k] - 1] for k in range(4) if new[k])
    else:
        points += 3 * wilds
    return points


def _segment(state: CardcassonneState, row: int, seat: int) -> list[int]:
    """The cards a follower placed now in `row` would secure, as `seat` sees them."""
    out: list[int] = []
    for e in state.rows[row]:
        if e < 0:
            out = []
        elif e & DOWN and (e >> 9) - 1 != seat:
            out.append(HIDDEN)
        else:
            out.append(e & 255)
    return out


def action_values(state: CardcassonneState, actions: list[int]) -> list[float]:
    seat = state.current_player
    assert seat is not None
    if state.phase == RESOLVE:
        return _resolve_values(state, seat, actions)
    if state.phase == SETUP_JOKER:
        first = (state.dealer + 1) % state.num_players
        joker = state.pending_joker
        return [
            -claim_points(state, first, a - act.JOKER, [*_segment(state, a - act.JOKER, first), joker]) for a in actions
        ]
    assert state.phase == PLAY
    n = state.num_players
    segments = [_segment(state, r, seat) for r in range(4)]
    now = [claim_points(state, seat, r, segments[r]) for r in range(4)]
    free_opponents = [q for q in range(n) if q != seat and not state.follower[q]]
    keep = KEEP_CHANCE ** len(free_opponents)
    mine_free = not state.follower[seat]
    values = []
    for a in actions:
        if a >= act.FOLLOWER:
            values.append(now[a - act.FOLLOWER])
            continue
        code = a - act.FACE_DOWN if a >= act.FACE_DOWN else a
        card = FIRST_ID[code >> 2]
        r = code & 3
        grown = [*segments[r], card]
        if mine_free:
            after = max(claim_points(state, seat, r, grown), max(now[s] for s in range(4) if s != r))
            value = keep * after
        else:
            value = 0.0
        if free_opponents:
            gift = max(_gain(state, q, r, card, segments[r]) for q in free_opponents)
            value -= GIFT_WEIGHT * gift * (1.0 - keep if mine_free else 1.0)
        values.append(value)
    return values


def _gain(state: CardcassonneState, seat: int, row: int, card: int, segment: list[int]) -> float:
    """How much `card` appended to `segment` (as the mover sees it) adds to what `seat` would score for it."""
    return claim_points(state, seat, row, [*segment, card]) - claim_points(state, seat, row, segment)


def _resolve_values(state: CardcassonneState, seat: int, actions: list[int]) -> list[float]:
    claim = state.claim
    assert claim is not None
    table = state.game.options["animal_points"]
    real, wild = state.herd_real[seat], state.herd_wild[seat]
    sizes = [real[k] + wild[k] + claim.real[k] + claim.choices.count(k) for k in range(4)]
    values = []
    for a in actions:
        if a == act.TEN:
            values.append(10.0)
        elif a == act.KEEP:
            card = claim.pending[0]
            if TYPE[card] == ANIMAL:
                k = COLOUR[card]
                gain = table[sizes[k]] - (
                    table[sizes[k] - 1] if sizes[k] and (claim.real[k] or k in claim.choices) else 0
                )
                values.append(gain + 0.5 * sizes[k])
            else:
                values.append(BUILDING_CARD)
        else:
            k = a - act.WILD
            touched = claim.real[k] or k in claim.choices
            values.append(table[sizes[k]] - (table[sizes[k] - 1] if touched else 0) + 0.1 * sizes[k])
    return values


assert FACE[FIRST_ID[0]] == 0
