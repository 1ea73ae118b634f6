"""What a seat sees (rules §10), as a JSON-safe dict.

Hidden: other hands (sizes only), the deck order (size only), the faces of
face-down cards placed by others, and every chest's contents (counts only;
the owner sees their own with `chest_visible_to_owner`). Chests are shown to
everyone once the game is over, when they are scored.

The view also carries the rule-derived facts interfaces need, so that they
never recompute a rule: which follower secures each card and how many cards
a follower put into a row now would secure (`claims.secured`), which card of
a claim waits for its decision, which card whose face the seat sees lies
misplaced in its row (`claims.misplaced`), whose next card goes face down, each seat's
score by part (`scoring.breakdowns`) and, for the seat to move, the code of the
engine's reason why it cannot put a card or its follower into a row now
(`explain.placement_refusal`) and the move each pick-and-place on a board stands
for (`moves`), so that boards never read notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kameleon.engine.game import check_seat
from kameleon.engine.messages import Message
from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne.cards import COLOURS, DEAL_TABLE, FACE_INDEX, face_code
from kameleon.games.cardcassonne.claims import misplaced, secured
from kameleon.games.cardcassonne.explain import placement_refusal
from kameleon.games.cardcassonne.phases import PHASES
from kameleon.games.cardcassonne.scoring import breakdowns

if TYPE_CHECKING:
    from kameleon.games.cardcassonne.state import CardcassonneState


def track(score: int) -> dict[str, int | None]:
    """Position of a score on the 100-space track and the 100/200 tile (§2.6).

    >>> track(101), track(0)
    ({'space': 1, 'tile': 100}, {'space': None, 'tile': None})
    """
    if score <= 0:
        return {"space": None, "tile": None}
    tile = 100 * ((score - 1) // 100)
    return {"space": (score - 1) % 100 + 1, "tile": tile or None}


def _entry(entry: int, r: int, player: int | None, reveal: bool) -> dict[str, Any]:
    if entry < 0:
        return {"kind": "follower", "seat": -1 - entry, "secures": 0}
    placer = (entry >> 9) - 1
    down = bool(entry & 256)
    shown = not down or reveal or (player is not None and placer == player)
    return {
        "kind": "card",
        "face": face_code(entry & 255) if shown else None,
        "face_down": down,
        "misplaced": misplaced(entry & 255, r) if shown else None,
        "placer": None if placer < 0 else placer,
        "secured_by": None,
    }


def _row(r: int, row: list[int], player: int | None, reveal: bool) -> dict[str, Any]:
    """A row's entries; a follower says how many cards it secures, a card which follower secures it (§6)."""
    entries = [_entry(e, r, player, reveal) for e in row]
    spans = secured(row)
    for seat, start, stop in spans[:-1]:
        entries[stop]["secures"] = stop - start
        for entry in entries[start:stop]:
            entry["secured_by"] = seat
    _, start, stop = spans[-1]
    return {"row": COLOURS[r], "entries": entries, "open": stop - start}


def view(state: CardcassonneState, player: int | None, reveal: bool = False) -> dict[str, Any]:
    """What `player` sees; with `reveal` (a finished game's replay, see `State.open_view`) every face-down card
    and every chest is shown face up as well."""
    n = state.num_players
    check_seat(player, n, spectator=True)
    options = state.game.options
    over = state.is_terminal
    claim = state.claim
    to_move = player is not None and player == state.current_player
    return {
        "game": state.game.name,
        "you": player,
        "options": {k: (list(v) if isinstance(v, tuple) else v) for k, v in options.items()},
        "phase": PHASES[state.phase],
        "round": state.round_no,
        "rounds": DEAL_TABLE[n][1],
        "dealer": state.dealer,
        "current_player": state.current_player,
        "deck_size": state.deck_size,
        "setup_joker": face_code(state.pending_joker) if state.pending_joker >= 0 else None,
        "rows": [_row(r, row, player, reveal) for r, row in enumerate(state.rows)],
        "players": [_player(state, q, player, parts, reveal) for q, parts in enumerate(breakdowns(state.events, n))],
        "removed": [face_code(c) for c in state.removed],
        "claim": None
        if claim is None
        else {
            "seat": claim.seat,
            "row": COLOURS[claim.row],
            "cards": [face_code(c) for c in claim.cards],
            "pending": [face_code(c) for c in claim.pending],
            "pending_index": claim.cards.index(claim.pending[0]) if claim.pending else None,
            "wilds_to_assign": max(claim.to_assign - len(claim.choices), 0) if claim.kinds is not None else None,
            "kinds": None if claim.kinds is None else [COLOURS[k] for k in claim.kinds],
        },
        "events": [_event(event) for event in state.events],
        "moves_played": len(state.history),
        "legal_moves": [state.action_to_str(a) for a in state.legal_actions()] if to_move else [],
        "cannot_place": {
            "card": _code(placement_refusal(state, False)),
            "follower": _code(placement_refusal(state, True)),
        }
        if to_move
        else None,
        "moves": moves(state) if to_move else None,
        "scores": state.scores(),
        "final": over,
        "winners": state.winners(),
    }


def _code(message: Message | None) -> str | None:
    return None if message is None else message.code


def moves(state: CardcassonneState) -> dict[str, Any]:
    """The move each thing the seat to move may pick and put somewhere stands for, so that a board finds the
    legal ones among `legal_moves` by equality and never reads notation.

    `place[face][row]` (`face` a face of the hand, or `"F"` for the follower) is the move that puts it at the
    end of `row` now: face down when the seat's next card must go face down (§5.1). It may be illegal: a
    board sends it all the same and shows the engine's explanation. `joker[row]` is the dealer's setup move
    (§3 step 5); `keep`, `ten` and `wild[kind]` are the round-end decisions (§7.3, §8.2). Every entry is
    there whatever the phase; which ones are legal is what `legal_moves` says.
    """
    q = state.current_player
    assert q is not None
    down = state.must_play_face_down(q)
    place: dict[str, dict[str, str]] = {}
    for card in state.hands[q]:
        face = face_code(card)
        if face in place:
            continue
        f = FACE_INDEX[face]
        if down:
            place[face] = {c: nt.to_str(nt.FACE_DOWN + 4 * f + r) for r, c in enumerate(COLOURS)}
        elif f >= 20:
            place[face] = {c: nt.to_str(4 * f + r) for r, c in enumerate(COLOURS)}
        else:  # a face-up coloured card into another row has no action: its text is refused with the colour rule
            place[face] = {c: face if r == f // 5 else f"{face}@{c}" for r, c in enumerate(COLOURS)}
    place["F"] = {c: nt.to_str(nt.FOLLOWER + r) for r, c in enumerate(COLOURS)}
    return {
        "place": place,
        "joker": {c: nt.to_str(nt.JOKER + r) for r, c in enumerate(COLOURS)},
        "keep": nt.to_str(nt.KEEP),
        "ten": nt.to_str(nt.TEN),
        "wild": {c: nt.to_str(nt.WILD + r) for r, c in enumerate(COLOURS)},
    }


def _event(event: tuple[Any, ...]) -> dict[str, Any]:
    """A scoring event; the cards that went under the chest are only counted (the chest is secret)."""
    rnd, seat, row, points, cards, chest = event[:6]
    hidden = set(chest)
    return {
        "round": rnd,
        "seat": seat,
        "row": COLOURS[row] if row >= 0 else None,
        "points": points,
        "cards": [face_code(c) for c in cards if c not in hidden],
        "to_chest": len(chest),
    }


def _player(
    state: CardcassonneState, q: int, player: int | None, parts: dict[str, int], reveal: bool
) -> dict[str, Any]:
    chest_open = reveal or state.is_terminal or (q == player and state.game.options["chest_visible_to_owner"])
    return {
        "seat": q,
        "hand_size": len(state.hands[q]),
        "hand": [face_code(c) for c in state.hands[q]] if q == player else None,
        "cards_played": state.played[q],
        "next_card_face_down": state.must_play_face_down(q),
        "follower_placed": bool(state.follower[q]),
        "score": state.score[q],
        "score_parts": parts,
        "track": track(state.score[q]),
        "herds": {COLOURS[k]: {"real": state.herd_real[q][k], "wild": state.herd_wild[q][k]} for k in range(4)},
        "loose_wilds": state.loose[q],
        "chest_size": len(state.chests[q]),
        "chest": sorted(face_code(c) for c in state.chests[q]) if chest_open else None,
        "chest_points": state.chest_points[q] if state.chest_points is not None else None,
    }
