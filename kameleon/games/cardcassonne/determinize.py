"""Determinization (§10): a sample of what one seat has not seen, consistent with what it has."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.engine.game import check_seat
from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne.cards import DOWN, FACE

if TYPE_CHECKING:
    import random

    from kameleon.games.cardcassonne.state import CardcassonneState


def determinize(state: CardcassonneState, player: int, rng: random.Random) -> CardcassonneState:
    """Resample what `player` has not seen (§10): the deck order, the other hands and
    the faces of face-down cards placed by others; chests stay true (perfect recall).

    The history's face-down plays of other seats are rewritten to the new faces,
    and the dealt part of the deck is dropped, so the sample holds no trace of the
    true hidden cards. The unseen cards are sorted before they are shuffled, so for a
    given `rng` the sample depends only on what `player` has seen.
    """
    n = state.num_players
    check_seat(player, n)
    other = state.clone()
    other.seed = None
    pool = list(state.undealt())
    hidden: list[tuple[int, int]] = []  # (row, index) of face-down cards unknown to player
    for r, row in enumerate(state.rows):
        for i, e in enumerate(row):
            if e >= 0 and e & DOWN and (e >> 9) - 1 != player:
                hidden.append((r, i))
                pool.append(e & 255)
    for q in range(n):
        if q != player:
            pool.extend(state.hands[q])
    pool.sort()  # canonical: the sample depends on what `player` sees, not on where the real cards lie
    rng.shuffle(pool)
    at = 0
    for r, i in hidden:
        e = other.rows[r][i]
        other.rows[r][i] = (e & ~255) | pool[at]
        at += 1
    for q in range(n):
        if q != player:
            size = len(state.hands[q])
            other.set_hand(q, sorted(pool[at : at + size]))
            at += size
    other.set_undealt(tuple(pool[at:]))
    _rewrite_hidden_moves(other, hidden)
    return other


def _rewrite_hidden_moves(state: CardcassonneState, hidden: list[tuple[int, int]]) -> None:
    """Make the history's hidden face-down plays name the faces now lying in the rows.

    Face-down plays of seat s into row r appear in row r in time order, and
    resolution only removes a row's left part, so the k hidden (s, r) entries
    are the last k face-down plays of s into r.
    """
    groups: dict[tuple[int, int], list[int]] = {}
    for r, i in hidden:
        e = state.rows[r][i]
        groups.setdefault(((e >> 9) - 1, r), []).append(e & 255)
    if not groups:
        return
    for (seat, r), cards in groups.items():
        moves = [m >> 3 for m in state.down_moves if m & 7 == seat and (state.history[m >> 3] - nt.FACE_DOWN) & 3 == r]
        for h, card in zip(moves[-len(cards) :], cards, strict=True):
            state.history[h] = nt.FACE_DOWN + 4 * FACE[card] + r


def shuffle_deck(state: CardcassonneState, rng: random.Random) -> None:
    """Shuffle the undealt deck of `state` in place by `rng`: the cards no seat has seen."""
    deck = list(state.undealt())
    rng.shuffle(deck)
    state.set_undealt(tuple(deck))
