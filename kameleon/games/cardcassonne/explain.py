"""Why `CardcassonneState.apply` refuses an action: computed only on the error path, so the hot path stays lean."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.games.cardcassonne import actions as act
from kameleon.games.cardcassonne.cards import COLOURS, FACE_CODES, card_name

if TYPE_CHECKING:
    from kameleon.games.cardcassonne.state import CardcassonneState


def why_illegal(state: CardcassonneState, action: object) -> str:
    """The message of the `IllegalAction` raised when `state.apply(action)` refuses it."""
    from kameleon.games.cardcassonne.state import OVER, RESOLVE, SETUP_JOKER

    if not act.is_action(action):
        return f"{action!r} is not a Cardcassonne action (an index 0..{act.NUM_ACTIONS - 1} naming a move)"
    assert isinstance(action, int)
    name = act.to_str(action)
    phase = state.phase
    if phase == OVER:
        return f"{name}: the game is over"
    if phase == SETUP_JOKER:
        return f"{name}: the dealer must first put the revealed {card_name(state.pending_joker)} into a row (J@<row>)"
    if phase == RESOLVE:
        return _why_illegal_resolve(state, action, name)
    q = state.current_player
    assert q is not None
    if action >= act.KEEP:
        return f"{name}: no decision is pending; it is seat {q}'s turn to play a card or the follower"
    if action >= act.JOKER:
        return f"{name}: no revealed joker is waiting for a row; the display is complete"
    if action >= act.FOLLOWER:
        return f"{name}: seat {q} has already placed the follower this round"
    down = action >= act.FACE_DOWN
    f = (action - act.FACE_DOWN if down else action) >> 2
    if not state.masks[q] >> f & 1:
        return f"{name}: seat {q} holds no {FACE_CODES[f]}"
    if state.must_play_face_down(q) and not down:
        return f"{name}: this card must be played face down into any row (?{FACE_CODES[f]}@<row>)"
    rule = "the round's first card" if state.game.round_first else "each player's first card of the round"
    return f"{name}: only {rule} is played face down; play it face up"


def _why_illegal_resolve(state: CardcassonneState, action: int, name: str) -> str:
    """Round-end resolution (§7.3) waits for the claimant's keep/ten or wild-animal choice."""
    claim = state.claim
    assert claim is not None
    if claim.pending:
        card = card_name(claim.pending[0])
        return f"{name}: decide first whether to keep the misplaced {card} or take 10 points for it (keep / ten)"
    if action in (act.KEEP, act.TEN):
        return f"{name}: no misplaced card is waiting; assign the wild animal (wild@<kind>)"
    if action >= act.WILD:
        owned = ", ".join(COLOURS[k] for k in claim.kinds or ())
        return f"{name}: seat {claim.seat} owns no real animal of that kind; the wild can join {owned}"
    return f"{name}: seat {claim.seat} must first decide about the cards it secured (keep, ten, wild@<kind>)"
