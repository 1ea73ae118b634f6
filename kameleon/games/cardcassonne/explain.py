"""Why `CardcassonneState.apply` refuses an action: computed only on the error path, so the hot path stays lean.

Each explanation is a `Message` with a stable code, translated through this game's catalogs (`locale/`);
it says why, never repeating the move itself, which the reader has just tried. Cards, rows and herds are
named in words (`cards.CARD_LABELS`, `cards.COLOUR_LABELS`), never by their notation codes.

`placement_refusal` is the part that depends on the moment rather than on the
card: the view carries its code for the seat to move, so that a board knows when
no card or follower can go into a row (the words come from the server, which
explains the attempted move in the reader's language).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.engine.messages import Message, msg
from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne.cards import CARD_LABELS, COLOUR_LABELS, FACE, FACE_INDEX
from kameleon.games.cardcassonne.phases import OVER, PLAY, RESOLVE, SETUP_JOKER

if TYPE_CHECKING:
    from kameleon.games.cardcassonne.state import CardcassonneState


def card_label(card: int) -> Message:
    """The name of the card with id `card`."""
    return CARD_LABELS[FACE[card]]


def face_label(code: str) -> Message:
    """The name of the face written `code` (`"YP1"`, `"DRG"`...)."""
    return CARD_LABELS[FACE_INDEX[code]]


def why_illegal(state: CardcassonneState, action: object) -> Message:
    """The reason `action` cannot be played in `state` (which it must not be able to)."""
    if not nt.is_action(action):
        return msg(
            "not_an_action",
            "{action} is not a Cardcassonne action (an index 0..{last} naming a move)",
            action=repr(action),
            last=nt.NUM_ACTIONS - 1,
        )
    assert isinstance(action, int)
    return _reason(state, action)


def placement_refusal(state: CardcassonneState, follower: bool) -> Message | None:
    """Why the seat to move can put no card (with `follower`: not its follower) into a row now; None if it can.

    Names faces, never copies (the view's rule), so it reads the same in every determinized sample.
    """
    phase = state.phase
    if phase == OVER:
        return msg("game_over", "The game is over.")
    if phase == SETUP_JOKER:
        return msg(
            "setup_joker_first",
            "The dealer must first put the revealed {card} at the end of a row.",
            card=card_label(state.pending_joker),
        )
    if phase == RESOLVE:
        # Round-end resolution (§7.3) waits for the claimant's keep/ten or wild-animal choice.
        claim = state.claim
        assert claim is not None
        if claim.pending:
            return msg(
                "decide_misplaced_first",
                "First decide whether to keep the misplaced {card} or take 10 points for it.",
                card=card_label(claim.pending[0]),
            )
        return msg("assign_wild_first", "First put the wild animal into one of your herds.")
    q = state.current_player
    if follower and q is not None and state.follower[q]:
        return msg("follower_placed", "You have already placed your follower this round.")
    return None


def _reason(state: CardcassonneState, action: int) -> Message:
    phase = state.phase
    q = state.current_player
    if phase == RESOLVE and action >= nt.KEEP:
        claim = state.claim
        assert claim is not None
        if not claim.pending:
            if action in (nt.KEEP, nt.TEN):
                return msg(
                    "no_misplaced_card",
                    "No misplaced card is waiting for a decision; put the wild animal into a herd.",
                )
            return msg(
                "no_real_animal_of_kind",
                "The wild animal can only join a herd with a real animal: you own no {colour} animal.",
                colour=COLOUR_LABELS[action - nt.WILD],
            )
    elif phase == PLAY:
        if action >= nt.KEEP:
            return msg("no_decision_pending", "No decision is waiting: play a card or your follower.")
        if action >= nt.JOKER:
            return msg("display_complete", "No revealed joker is waiting for a row: the display is complete.")
    refusal = placement_refusal(state, follower=nt.FOLLOWER <= action < nt.JOKER)
    if refusal is not None:
        return refusal
    assert q is not None and action < nt.FOLLOWER
    down = action >= nt.FACE_DOWN
    f = (action - nt.FACE_DOWN if down else action) >> 2
    if not state.masks[q] >> f & 1:
        return msg("card_not_in_hand", "You hold no {card}.", card=CARD_LABELS[f])
    if state.must_play_face_down(q) and not down:
        if state.game.round_first:
            return msg("round_first_face_down", "The round's first card is played face down, into any row.")
        return msg("first_card_face_down", "Your first card of the round is played face down, into any row.")
    if state.game.round_first:
        return msg("only_round_first_down", "Only the round's first card is played face down; play this one face up.")
    return msg("only_first_down", "Only your first card of the round is played face down; play this one face up.")
