"""Each move as a language-neutral event (rules sections 3-5 and 9), for move logs that interfaces word.

Coloretto hides only the order of the draw pile, so every seat learns the same event: a drawn card is shown to
the whole table (3.2) and so are the cards of a taken row, a golden joker's bonus card (3.5), the last-round
card (4.1) and the cards a two-player round discards (3.7). Cards and colours are named as `view()` names them.

>>> import kameleon
>>> state = kameleon.load("coloretto", players=3, start_player=0).new_state(4)
>>> after = state.clone()
>>> action = after.apply_str("draw")
>>> event(state, action, after, None)
{'kind': 'draw', 'card': '+2', 'last_round': False}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kameleon.games.coloretto import notation as nt
from kameleon.games.coloretto.cards import COLOURS, card_name

if TYPE_CHECKING:
    from kameleon.games.coloretto.state import ColorettoState


def event(before: ColorettoState, action: int, after: ColorettoState, seat: int | None) -> dict[str, Any]:
    """What `action`, played in `before` and leading to `after`, did: the same for every `seat` (nothing is
    hidden but the pile's order).

    Kinds: `draw` {card, last_round}; `place` {row, card}; `take` {row, cards, bonus, last_round, discarded,
    round_over, game_over}; `joker` {colour}; `positive` {colour}; `done` {game_over}. `last_round` says
    the move revealed the last-round card; rows are numbered from 1.
    """
    del seat  # every seat sees the same
    revealed = [(kind, card) for _, kind, card in after.events[len(before.events) :]]
    last_round = any(kind == "last round" for kind, _ in revealed)
    if action == nt.DRAW:
        return {"kind": "draw", "card": card_name(after.drawn), "last_round": last_round}
    if nt.PLACE <= action < nt.TAKE:
        r = action - nt.PLACE
        return {"kind": "place", "row": r + 1, "card": card_name(before.drawn)}
    if nt.TAKE <= action < nt.JOKER_TO:
        r = action - nt.TAKE
        bonus = [card for kind, card in revealed if kind == "bonus"]
        return {
            "kind": "take",
            "row": r + 1,
            "cards": [card_name(c) for c in before.rows[r]],
            "bonus": card_name(bonus[0]) if bonus else None,
            "last_round": last_round,
            "discarded": [card_name(card) for kind, card in revealed if kind == "discard"],
            "round_over": after.round != before.round or after.phase != before.phase,
            "game_over": after.is_terminal,
        }
    if nt.JOKER_TO <= action < nt.POSITIVE:
        return {"kind": "joker", "colour": COLOURS[action - nt.JOKER_TO]}
    if nt.POSITIVE <= action < nt.DONE:
        return {"kind": "positive", "colour": COLOURS[action - nt.POSITIVE]}
    return {"kind": "done", "game_over": after.is_terminal}
