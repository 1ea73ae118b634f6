"""Why `CardcassonneState.apply` refuses an action: computed only on the error path, so the hot path stays lean.

`placement_refusal` is the part that depends on the moment rather than on the
card: the view carries it for the seat to move, so that a board can show the
engine's reason when a card or the follower is picked at the wrong time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne.cards import COLOURS, FACE_CODES, face_code
from kameleon.games.cardcassonne.phases import OVER, PLAY, RESOLVE, SETUP_JOKER

if TYPE_CHECKING:
    from kameleon.games.cardcassonne.state import CardcassonneState


def why_illegal(state: CardcassonneState, action: object) -> str:
    """The message of the `IllegalAction` raised when `state.apply(action)` refuses it."""
    if not nt.is_action(action):
        return f"{action!r} is not a Cardcassonne action (an index 0..{nt.NUM_ACTIONS - 1} naming a move)"
    assert isinstance(action, int)
    return f"{nt.to_str(action)}: {_reason(state, action)}"


def placement_refusal(state: CardcassonneState, follower: bool) -> str | None:
    """Why the seat to move can put no card (with `follower`: not its follower) into a row now; None if it can.

    Names faces, never copies (the view's rule), so it reads the same in every determinized sample.
    """
    phase = state.phase
    if phase == OVER:
        return "the game is over"
    if phase == SETUP_JOKER:
        return f"the dealer must first put the revealed {face_code(state.pending_joker)} into a row (J@<row>)"
    if phase == RESOLVE:
        # Round-end resolution (§7.3) waits for the claimant's keep/ten or wild-animal choice.
        claim = state.claim
        assert claim is not None
        if claim.pending:
            card = face_code(claim.pending[0])
            return f"decide first whether to keep the misplaced {card} or take 10 points for it (keep / ten)"
        return f"seat {claim.seat} must first decide about the cards it secured (keep, ten, wild@<kind>)"
    q = state.current_player
    if follower and q is not None and state.follower[q]:
        return f"seat {q} has already placed the follower this round"
    return None


def _reason(state: CardcassonneState, action: int) -> str:
    phase = state.phase
    q = state.current_player
    if phase == RESOLVE and action >= nt.KEEP:
        claim = state.claim
        assert claim is not None
        if not claim.pending:
            if action in (nt.KEEP, nt.TEN):
                return "no misplaced card is waiting; assign the wild animal (wild@<kind>)"
            owned = ", ".join(COLOURS[k] for k in claim.kinds or ())
            return f"seat {claim.seat} owns no real animal of that kind; the wild can join {owned}"
    elif phase == PLAY:
        if action >= nt.KEEP:
            return f"no decision is pending; it is seat {q}'s turn to play a card or the follower"
        if action >= nt.JOKER:
            return "no revealed joker is waiting for a row; the display is complete"
    refusal = placement_refusal(state, follower=nt.FOLLOWER <= action < nt.JOKER)
    if refusal is not None:
        return refusal
    assert q is not None and action < nt.FOLLOWER
    down = action >= nt.FACE_DOWN
    f = (action - nt.FACE_DOWN if down else action) >> 2
    if not state.masks[q] >> f & 1:
        return f"seat {q} holds no {FACE_CODES[f]}"
    if state.must_play_face_down(q) and not down:
        return f"this card must be played face down into any row (?{FACE_CODES[f]}@<row>)"
    rule = "the round's first card" if state.game.round_first else "each player's first card of the round"
    return f"only {rule} is played face down; play it face up"
