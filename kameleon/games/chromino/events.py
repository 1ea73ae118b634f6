"""Each move as a language-neutral event (rules §5, §6, §9), for move logs that interfaces word.

Everything on the table is public, but a drawn tile is seen only by its drawer (by everyone with
`open_hands`): the others learn that a tile was drawn, not which. Tiles are named, and squares given, as
`view()` gives them (`tile` the canonical name, `colours` the letters laid on `cells`, [row, col] in reading
order), so boards draw an event with what draws the layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kameleon.games.chromino.notation import DRAW, PASS
from kameleon.games.chromino.phases import AFTER_DRAW
from kameleon.games.chromino.tiles import tiles_of, triple_name

if TYPE_CHECKING:
    from kameleon.games.chromino.state import ChrominoState


def event(before: ChrominoState, action: int, after: ChrominoState, seat: int | None) -> dict[str, Any]:
    """What `action`, played in `before` and leading to `after`, did, as `seat` (None: a spectator) may know it.

    Kinds: `draw` {tile: the drawn tile's name, or None for those who do not see it}; `pass` {after_draw};
    `place` {tile, colours, cells, orientation ("H"/"V"), row, col (the first square), after_draw,
    points (Expert scoring: what the placement scored, else None), out (the mover's hand is now empty),
    extra_draw (a lone chameleon made it draw at once, §5.4), extra_tile (that tile's name, for those who see
    it)}. Every kind also says `game_over`.
    """
    game = before.game
    mover = before.current_player
    assert mover is not None
    sees = seat == mover or bool(game.options["open_hands"])
    names = game.codec.colours
    common = {"game_over": after.is_terminal}
    if action == DRAW:
        return {"kind": "draw", "tile": triple_name(names[after.drawn]) if sees else None, **common}
    if action == PASS:
        return {"kind": "pass", "after_draw": before.phase == AFTER_DRAW, **common}
    p = game.codec.decode(action)
    board = after.board
    cells = [list(board.row_col(cell)) for cell in board.footprint(game.board_fp(action))]
    extra = any(number == len(after.history) and who == mover for number, who, _ in after.events[len(before.events) :])
    gained = tiles_of(after.hands[mover] & ~before.hands[mover]) if extra and sees else []
    return {
        "kind": "place",
        "tile": triple_name(names[p.tile]),
        "colours": triple_name(game.laid[2 * p.tile + p.flipped]),
        "cells": cells,
        "orientation": p.orientation,
        "row": p.row,
        "col": p.col,
        "after_draw": before.phase == AFTER_DRAW,
        "points": after.points[mover] - before.points[mover] if game.expert else None,
        "out": after.out[mover],
        "extra_draw": extra,
        "extra_tile": triple_name(names[gained[0]]) if gained else None,
        **common,
    }
