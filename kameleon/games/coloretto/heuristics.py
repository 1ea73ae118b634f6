"""One-ply heuristic for Coloretto bots: what a row is worth to each player, and what it leaves.

Values are in score points from the point of view of `state.current_player`.
The gain of a set of cards for a player is the change of that player's best
possible score (`scoring.best_total_with`, memoised), so jokers, "+2" cards,
the 6-card cap and the purple table are all taken into account.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kameleon.games.coloretto import notation as nt
from kameleon.games.coloretto.cards import GOLDEN, LAST_ROUND
from kameleon.games.coloretto.phases import DECLARE, PLACE
from kameleon.games.coloretto.scoring import best_total_with, collection_breakdown, table

if TYPE_CHECKING:
    from kameleon.games.coloretto.state import ColorettoState

SHARE_RISK = 0.55
"""How much of a row a player expects to keep after drawing: another player may take it first."""
LEAVE_WEIGHT = 0.25
"""How much the best row left to another player counts against taking a row."""
DENY_WEIGHT = 0.6
"""How much improving a row for the best-placed opponent counts against a placement."""
GOLDEN_BONUS = 1.0
"""Rough worth of the golden joker's bonus card."""


class _Scorer:
    """Best-score gains of card sets for each seat of one state."""

    def __init__(self, state: ColorettoState) -> None:
        self.points = table(state.game.options["scoring"])
        self.in_play = state.in_play
        self.held = state.held
        self.base = [self.score(seat, ()) for seat in range(len(state.held))]

    def score(self, seat: int, cards: Sequence[int]) -> int:
        return best_total_with(self.held[seat], cards, self.in_play, self.points)

    def gain(self, seat: int, cards: Sequence[int]) -> float:
        return self.score(seat, cards) - self.base[seat] + (GOLDEN_BONUS if GOLDEN in cards else 0.0)


def action_values(state: ColorettoState, actions: list[int]) -> list[float]:
    """One value per action for `state.current_player`, in score points (higher is better)."""
    if state.phase == DECLARE:
        return _declare_values(state, actions)
    scorer = _Scorer(state)
    me = state.current_player
    assert me is not None
    others = [q for q, active in enumerate(state.active) if active and q != me]
    open_rows = [r for r, t in enumerate(state.taken_by) if t < 0]
    if state.phase == PLACE:
        return [_place_value(state, scorer, me, others, a - nt.PLACE) for a in actions]
    values = []
    for action in actions:
        if action == nt.DRAW:
            values.append(_draw_value(state, scorer, me, others, open_rows))
        else:
            r = action - nt.TAKE
            left = [scorer.gain(q, state.rows[o]) for q in others for o in open_rows if o != r]
            values.append(scorer.gain(me, state.rows[r]) - LEAVE_WEIGHT * max(left, default=0.0))
    return values


def _place_value(state: ColorettoState, scorer: _Scorer, me: int, others: list[int], r: int) -> float:
    row = state.rows[r]
    grown = [*row, state.drawn]
    mine = scorer.gain(me, grown) - scorer.gain(me, row)
    if not others:
        return mine
    theirs = max(scorer.gain(q, grown) for q in others) - max(scorer.gain(q, row) for q in others)
    return (1.0 - SHARE_RISK) * mine + SHARE_RISK * mine * 0.5 - DENY_WEIGHT * theirs


def _draw_value(state: ColorettoState, scorer: _Scorer, me: int, others: list[int], open_rows: list[int]) -> float:
    pile = state.pile_contents()
    pile[LAST_ROUND] = 0
    total = sum(pile)
    rows = [r for r in open_rows if state.room_mask >> r & 1]
    if not total or not rows:
        return float("-inf")
    expected = 0.0
    for card, count in enumerate(pile):
        if count:
            expected += count * max(scorer.gain(me, [*state.rows[r], card]) for r in rows)
    keep = 1.0 if not others else SHARE_RISK
    return keep * expected / total


def _declare_values(state: ColorettoState, actions: list[int]) -> list[float]:
    """Steer a manual declaration to the optimal one (joker colours, then positives, then done)."""
    seat = state.current_player
    assert seat is not None and state.declared is not None
    best = collection_breakdown(state.held[seat], state.in_play, state.game.options["scoring"])
    jokers = state.declared[seat][0]
    wanted_jokers = list(best.joker_colours)
    for colour in jokers:
        if colour in wanted_jokers:
            wanted_jokers.remove(colour)
    values = []
    for action in actions:
        if nt.JOKER_TO <= action < nt.POSITIVE:
            values.append(1.0 if action - nt.JOKER_TO in wanted_jokers else 0.0)
        elif nt.POSITIVE <= action < nt.DONE:
            values.append(1.0 if action - nt.POSITIVE in best.positive else -1.0)
        else:
            values.append(0.5)
    return values
