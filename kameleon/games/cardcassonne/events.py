"""Each move as a language-neutral event (rules §3-§9, hidden information §10), for move logs that interfaces word.

Cards are named by their face codes and rows and herds by their colour codes, as `view()` names them. A
seat learns exactly what its view shows: the face of a card played face down only if it played it (others
read `"face": None`), the cards a claim put under a chest only as a count (chests are secret until the
end), and the face-down cards turned up at the end of a round once they are face up in the rows.

Kinds (every event also says what the move set off, see `_aftermath`):

* `card` {row, face, face_down}: a card from the hand to the end of a row (§5.1);
* `follower` {row, cards}: the large follower to the end of a row, securing `cards` (§5.2, §6);
* `joker` {card, row, display}: the dealer put the revealed joker into a row; `display` is the cards
  turned up after it, each {row, card}, until the next joker or the tenth card (§3 step 5);
* `decision` {choice: "keep" | "ten", card, row}: a misplaced animal or building kept or taken as 10
  points (§7.3, §8.5);
* `wild` {herd}: a wild animal put into the herd of that colour (§8.2).

>>> import kameleon
>>> state = kameleon.load("cardcassonne", players=2).new_state(1)
>>> after = state.clone(); after.apply_str("?WA@G")
>>> event(state, state.parse_action("?WA@G"), after, 1)["face"], event(state, 1, state, 0)["kind"]
(None, 'card')
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne.cards import COLOURS, DOWN, FIRST_ID, face_code
from kameleon.games.cardcassonne.claims import secured
from kameleon.games.cardcassonne.phases import PLAY
from kameleon.games.cardcassonne.scoring import PARTS

if TYPE_CHECKING:
    from kameleon.games.cardcassonne.state import CardcassonneState


def event(before: CardcassonneState, action: int, after: CardcassonneState, seat: int | None) -> dict[str, Any]:
    """What `action`, played in `before` and leading to `after`, did, as `seat` (None: a spectator) may know it."""
    q = before.current_player
    if action < nt.FOLLOWER:
        down = action >= nt.FACE_DOWN
        code = action - nt.FACE_DOWN if down else action
        assert q is not None
        hand = before.hands[q]
        card = hand[bisect_left(hand, FIRST_ID[code >> 2])]  # the copy that leaves the hand (§5.4)
        said: dict[str, Any] = {
            "kind": "card",
            "row": COLOURS[code & 3],
            "face": face_code(card) if not down or seat == q else None,
            "face_down": down,
        }
    elif action < nt.JOKER:
        r = action - nt.FOLLOWER
        row = before.rows[r]
        _, start, _ = secured(row)[-1]
        said = {"kind": "follower", "row": COLOURS[r], "cards": [_face(e, seat) for e in row[start:]]}
    elif action < nt.KEEP:
        r = action - nt.JOKER
        display: list[dict[str, str]] = []
        for k, (was, now) in enumerate(zip(before.rows, after.rows, strict=True)):
            display.extend({"row": COLOURS[k], "card": face_code(e)} for e in now[len(was) + (k == r) :])
        said = {"kind": "joker", "card": face_code(before.pending_joker), "row": COLOURS[r], "display": display}
    else:
        claim = before.claim
        assert claim is not None
        if action in (nt.KEEP, nt.TEN):
            said = {
                "kind": "decision",
                "choice": "keep" if action == nt.KEEP else "ten",
                "card": face_code(claim.pending[0]),
                "row": COLOURS[claim.row],
            }
        else:
            said = {"kind": "wild", "herd": COLOURS[action - nt.WILD]}
    said.update(_aftermath(before, action, after, seat))
    return said


def _face(entry: int, seat: int | None) -> str | None:
    """A row entry's face as `seat` sees it (the view's rule: a face-down card only for its placer)."""
    if entry & DOWN and (seat is None or (entry >> 9) - 1 != seat):
        return None
    return face_code(entry & 255)


def _aftermath(before: CardcassonneState, action: int, after: CardcassonneState, seat: int | None) -> dict[str, Any]:
    """What the move set off, always present so that readers need no defaults.

    `round_over`: the move was the round's last turn (the rows are resolved, §7); `revealed`: the face-down
    cards that stayed unsecured and were turned up then, each {row, card, seat} (§7.1; secured ones show in
    their claim); `claims`: the claims settled by this move, each {seat, row, points, parts, cards, to_chest}
    (`cards` without those that went under the chest, which are counted in `to_chest`); `new_round`: the
    round just dealt, with its `dealer`, or None; `chests`: at the end of the game each seat's chest
    {seat, points, cards} (§9); `game_over`.
    """
    round_over = before.phase == PLAY and (after.phase != PLAY or after.round_no != before.round_no)
    revealed: list[dict[str, Any]] = []
    if round_over and before.game.options["reveal_unclaimed_face_down"]:
        for r, row in enumerate(before.rows):
            entries = [*row, -1 - (before.current_player or 0)] if action == nt.FOLLOWER + r else row
            _, start, _ = secured(entries)[-1]
            revealed.extend(
                {"row": COLOURS[r], "card": face_code(e & 255), "seat": (e >> 9) - 1}
                for e in entries[start:]
                if e >= 0 and e & DOWN
            )
    claims: list[dict[str, Any]] = []
    chests: list[dict[str, Any]] = []
    for _, q, r, points, cards, chest, parts in after.events[len(before.events) :]:
        if r < 0:
            chests.append({"seat": q, "points": points, "cards": sorted(face_code(c) for c in cards)})
            continue
        hidden = set(chest)
        claims.append(
            {
                "seat": q,
                "row": COLOURS[r],
                "points": points,
                "parts": dict(zip(PARTS, parts, strict=True)),
                "cards": [face_code(c) for c in cards if c not in hidden],
                "to_chest": len(chest),
            }
        )
    dealt = after.round_no != before.round_no and after.phase == PLAY
    del seat  # what follows is public
    return {
        "round_over": round_over,
        "revealed": revealed,
        "claims": claims,
        "new_round": {"round": after.round_no, "dealer": after.dealer} if dealt else None,
        "chests": chests,
        "game_over": after.is_terminal,
    }
