"""Cardcassonne heuristics: the greedy bot's one-ply values and a position estimate for searches.

Values are expected points. Only what a seat can see is used: face-down cards
placed by others count as an average card (`HIDDEN_CARD`). Chests are read
under the perfect-recall assumption of `determinize` (every building went
under a chest face up in front of everyone, rules §10).

What a card is worth to the seat that secures it (`claim_points`):

* people, dragon, fairy, misplaced cards: their points, as resolution gives them;
* animals: the herd's new table value, plus *herd growth*: every later claim of
  that kind scores the whole herd again, so a card is worth more while many
  rounds remain (`HERD_GROWTH` per remaining round);
* buildings: *set building*: what the card adds to the best grouping of the
  chest as it stands, blended with the average worth of a building
  (`BUILDING_CARD`), since later buildings complete sets too.

Follower timing (`action_values`):

* placing the follower in row r is worth what it secures now;
* playing a card while the follower is free keeps the option of a bigger
  claim later, but each opponent who still holds a follower may take the row
  first: the best claim after the card counts with `KEEP_CHANCE ** opponents`
  (1 once every opponent has placed, so the seat then waits for its last turn);
* a card that feeds the best-placed free opponent's claim counts against the move.

`evaluate(state, seat)` estimates a seat's final score from any position (for
searches that cut their rollouts short): its score, the chest, the claim its
follower already holds and, when the follower is free, a share of the best row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne.cards import ANIMAL, COLOUR, DOWN, FIRST_ID, TYPE, VALUE
from kameleon.games.cardcassonne.claims import CHEST, FOR_TEN, HERD, MISPLACED, PEOPLE_IN_ROW, ROLE, WILD, secured
from kameleon.games.cardcassonne.phases import PLAY, RESOLVE, SETUP_JOKER
from kameleon.games.cardcassonne.scoring import (
    LONE_WILD_POINTS,
    TEN,
    building_points,
    chest_counts,
)

if TYPE_CHECKING:
    from kameleon.games.cardcassonne.state import CardcassonneState

HIDDEN = -1
"""Stands for a face-down card the seat cannot see."""
HIDDEN_CARD = 5.0
"""Rough worth of an unknown face-down card (often misplaced: 10, or a low card)."""
BUILDING_CARD = 5.0
"""Average end-of-game worth of one building under the chest (set values 0/5/15/30 over 1-4 cards)."""
BUILDING_BLEND = 0.5
"""Weight of a building's exact gain for the chest as it stands, against the average `BUILDING_CARD`."""
HERD_GROWTH = 0.5
"""Extra worth of one more animal in a herd per round still to come (later claims re-score the herd)."""
KEEP_CHANCE = 0.7
"""Chance that one opponent with a free follower leaves a given row's segment alone for a turn."""
GIFT_WEIGHT = 0.5
"""How much points handed to an opponent count against a card play."""
_TENS = frozenset((FOR_TEN, MISPLACED))


def _rounds_after(state: CardcassonneState) -> int:
    """Rounds still to be dealt after the current one."""
    return max(0, state.game.rounds - state.round_no)


def building_gain(state: CardcassonneState, seat: int, colours: list[int], wilds: int) -> float:
    """Worth to `seat` of adding buildings of `colours` and `wilds` wild buildings to its chest."""
    count = len(colours) + wilds
    if not count:
        return 0.0
    counts, held_wilds = chest_counts(state.chests[seat])
    before = building_points((counts[0], counts[1], counts[2], counts[3]), held_wilds)
    for k in colours:
        counts[k] += 1
    after = building_points((counts[0], counts[1], counts[2], counts[3]), held_wilds + wilds)
    return BUILDING_BLEND * (after - before) + (1.0 - BUILDING_BLEND) * BUILDING_CARD * count


def claim_points(state: CardcassonneState, seat: int, row: int, cards: list[int]) -> float:
    """What securing `cards` (ids, HIDDEN for unknown) in `row` is worth to `seat` (see the module docstring)."""
    table = state.game.options["animal_points"]
    points = 0.0
    psum = pn = 0
    new = [0, 0, 0, 0]
    wilds = 0
    built: list[int] = []
    wild_buildings = 0
    role = ROLE[row]
    for card in cards:
        if card == HIDDEN:
            points += HIDDEN_CARD
            continue
        r = role[card]
        if r == PEOPLE_IN_ROW:
            psum += VALUE[card]
            pn += 1
        elif r in _TENS:  # a misplaced card gives at least ten; keeping may be better
            points += TEN
        elif r == HERD:
            new[row] += 1
        elif r == CHEST:
            built.append(row)
        elif r == WILD:
            wilds += 1
        else:  # a wild building
            wild_buildings += 1
    points += psum * pn
    if built or wild_buildings:
        points += building_gain(state, seat, built, wild_buildings)
    real, wild = state.herd_real[seat], state.herd_wild[seat]
    owned = [k for k in range(4) if real[k] + new[k]]
    if owned:
        wilds += state.loose[seat]
        sizes = [real[k] + wild[k] + new[k] for k in range(4)]
        if wilds:
            best = max(owned, key=lambda k: sizes[k])
            sizes[best] += wilds
            new[best] += wilds
        points += sum(table[sizes[k] - 1] for k in range(4) if new[k])
        points += HERD_GROWTH * _rounds_after(state) * sum(new)
    else:
        points += LONE_WILD_POINTS * wilds
    return points


def as_seen(entries: list[int], seat: int) -> list[int]:
    """Row entries (cards) as `seat` sees them: the card ids, HIDDEN for a face-down card another seat placed."""
    return [HIDDEN if e & DOWN and (e >> 9) - 1 != seat else e & 255 for e in entries]


def segment(state: CardcassonneState, row: int, seat: int) -> list[int]:
    """The cards a follower placed now in `row` would secure, as `seat` sees them."""
    entries = state.rows[row]
    return as_seen(entries[secured(entries)[-1][1] :], seat)


def action_values(state: CardcassonneState, actions: list[int]) -> list[float]:
    """The greedy bot's value of each action for `state.current_player` (see the module docstring)."""
    seat = state.current_player
    assert seat is not None
    if state.phase == RESOLVE:
        return _resolve_values(state, seat, actions)
    if state.phase == SETUP_JOKER:
        first = (state.dealer + 1) % state.num_players
        joker = state.pending_joker
        return [
            -claim_points(state, first, a - nt.JOKER, [*segment(state, a - nt.JOKER, first), joker]) for a in actions
        ]
    assert state.phase == PLAY
    n = state.num_players
    segments = [segment(state, r, seat) for r in range(4)]
    now = [claim_points(state, seat, r, segments[r]) for r in range(4)]
    free_opponents = [q for q in range(n) if q != seat and not state.follower[q]]
    keep = KEEP_CHANCE ** len(free_opponents)
    mine_free = not state.follower[seat]
    # Cards of one face into one row are worth the same face up or down: value each (card, row) once.
    memo: dict[int, float] = {}
    values = []
    for a in actions:
        if a >= nt.FOLLOWER:
            values.append(now[a - nt.FOLLOWER])
            continue
        code = a - nt.FACE_DOWN if a >= nt.FACE_DOWN else a
        cached = memo.get(code)
        if cached is not None:
            values.append(cached)
            continue
        card = FIRST_ID[code >> 2]
        r = code & 3
        grown = [*segments[r], card]
        if mine_free:
            after = max(claim_points(state, seat, r, grown), max(now[s] for s in range(4) if s != r))
            value = keep * after
        else:
            value = 0.0
        if free_opponents:
            gift = max(
                claim_points(state, q, r, grown) - claim_points(state, q, r, segments[r]) for q in free_opponents
            )
            value -= GIFT_WEIGHT * gift * (1.0 - keep if mine_free else 1.0)
        memo[code] = value
        values.append(value)
    return values


def _resolve_values(state: CardcassonneState, seat: int, actions: list[int]) -> list[float]:
    claim = state.claim
    assert claim is not None
    table = state.game.options["animal_points"]
    real, wild = state.herd_real[seat], state.herd_wild[seat]
    sizes = [real[k] + wild[k] + claim.real[k] + claim.choices.count(k) for k in range(4)]
    growth = HERD_GROWTH * _rounds_after(state)
    values = []
    for a in actions:
        if a == nt.TEN:
            values.append(float(TEN))
        elif a == nt.KEEP:
            card = claim.pending[0]
            if TYPE[card] == ANIMAL:
                k = COLOUR[card]
                gain = table[sizes[k]] - (
                    table[sizes[k] - 1] if sizes[k] and (claim.real[k] or k in claim.choices) else 0
                )
                values.append(gain + growth + 0.5 * sizes[k])
            else:
                values.append(building_gain(state, seat, [COLOUR[card]], 0))
        else:
            k = a - nt.WILD
            touched = claim.real[k] or k in claim.choices
            values.append(table[sizes[k]] - (table[sizes[k] - 1] if touched else 0) + 0.1 * sizes[k])
    return values


def evaluate(state: CardcassonneState, seat: int, viewer: int | None = None) -> float:
    """An estimate of `seat`'s final score, from any position (higher is better for `seat`).

    Score so far, plus the chest (its best grouping now, moving towards the
    average worth of a building while rounds remain), plus this round's claim:
    the segment the seat's follower holds, or, while the follower is free, the
    best row it could take, discounted by the opponents who could take it first.
    Reads the whole state, so it is meant for determinized samples; with `viewer`, only what that seat
    sees (others' face-down cards in rows count as unknown: the network's features).
    """
    eye = seat if viewer is None else viewer
    value = float(state.score[seat])
    if state.is_terminal:
        return value
    counts, wilds = chest_counts(state.chests[seat])
    exact = building_points((counts[0], counts[1], counts[2], counts[3]), wilds)
    share = _rounds_after(state) / state.game.rounds
    value += (1.0 - share) * exact + share * max(exact, BUILDING_CARD * len(state.chests[seat]))
    if state.phase == RESOLVE:
        # Claims still to settle, the open one included (its decisions only shift a few points).
        for claimant, row, cards in state.claims[state.claim_at :]:
            if claimant == seat:
                value += claim_points(state, seat, row, cards)
        return value
    if state.phase != PLAY:
        return value
    if state.follower[seat]:
        return value + held_claim(state, seat, viewer)
    best = max(claim_points(state, seat, r, segment(state, r, eye)) for r in range(4))
    free_opponents = sum(1 for q in range(state.num_players) if q != seat and not state.follower[q])
    return value + KEEP_CHANCE**free_opponents * best


def held_claim(state: CardcassonneState, seat: int, viewer: int | None = None) -> float:
    """What the segment secured by `seat`'s follower is worth to it (as `viewer` sees it, when given)."""
    mark = -1 - seat
    for r, row in enumerate(state.rows):
        if mark in row:
            for q, start, stop in secured(row):
                if q == seat:
                    held = row[start:stop]
                    cards = [e & 255 for e in held] if viewer is None else as_seen(held, viewer)
                    return claim_points(state, seat, r, cards)
    return 0.0
