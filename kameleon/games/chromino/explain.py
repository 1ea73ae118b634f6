"""Why an action is illegal: computed only on the error path, so the hot path stays lean."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.games.chromino.actions import DRAW, PASS
from kameleon.games.chromino.board import ANY, CONFLICT
from kameleon.games.chromino.tiles import CHAMELEONS, LETTERS, WILD

if TYPE_CHECKING:
    from kameleon.games.chromino.state import ChrominoState


def why_illegal(state: ChrominoState, action: object) -> str:
    from kameleon.games.chromino.state import AFTER_DRAW, OVER

    game = state.game
    try:
        game.codec.check(action)
    except ValueError as exc:
        return str(exc)
    assert isinstance(action, int)
    name = game.codec.to_str(action)
    if state.phase == OVER:
        return f"{name}: the game is over"
    seat = state.current_player
    assert seat is not None
    if action in (DRAW, PASS):
        return _why_draw_pass(state, action)
    p = game.codec.decode(action)
    tile_name = game.codec.to_str(game.codec.encode(p.tile, 0, 0, 0, False)).split()[0]
    if state.phase == AFTER_DRAW and p.tile != state.drawn:
        drawn = game.codec.to_str(game.codec.encode(state.drawn, 0, 0, 0, False)).split()[0]
        return f"{name}: after drawing only the drawn tile {drawn} may be placed"
    if not state.hands[seat] >> p.tile & 1:
        return f"{name}: seat {seat} does not hold the tile {tile_name}"
    if state.sizes[seat] == 1 and p.tile in CHAMELEONS:
        return f"{name}: a chameleon cannot be your last tile; you must draw"
    return f"{name}: {_geometry_reason(state, game.board_fp(action), game.laid[2 * p.tile + p.flipped])}"


def _why_draw_pass(state: ChrominoState, action: int) -> str:
    from kameleon.games.chromino.state import TURN

    word = "draw" if action == DRAW else "pass"
    legal = state.legal_actions()
    if state.phase == TURN:
        if len(legal) > 1 or legal[0] not in (DRAW, PASS):
            return f"{word}: you hold a tile that can be placed, so you must place one"
        if action == DRAW:
            return "draw: the bag is empty; pass"
        return "pass: the bag is not empty; draw a tile"
    if action == DRAW:
        if len(legal) > 1 or legal[0] not in (DRAW, PASS):
            return "draw: the drawn tile fits, so the drawing stops"
        if not state.bag:
            return "draw: the bag is empty; pass"
        return "draw: no further draw is allowed this turn; pass"
    if DRAW in legal:
        return "pass: the drawn tile does not fit and the drawing variant lets you draw again"
    return "pass: the drawn tile fits and must be placed"


def _geometry_reason(state: ChrominoState, fp: int, colours: tuple[int, int, int]) -> str:
    board = state.board
    cells = board.footprint(fp)
    for cell in cells:
        if board.info.get(cell, 0) < 0:
            r, c = board.row_col(cell)
            return f"the square {r},{c} is already covered"
    n = board.contacts(fp)
    if board.bambino:
        if n != 1:
            return f"it makes {n} contacts; Bambino needs exactly one, end to end or on a chameleon's centre"
    elif n < 2:
        return f"it makes {n} contact{'s' if n != 1 else ''}; at least 2 are needed"
    key = board.key(fp)
    for i, shift in enumerate((6, 3, 0)):
        r = key >> shift & 7
        x = colours[i]
        if not (r in (ANY, x) or x == WILD):
            rr, cc = board.row_col(cells[i])
            if r == CONFLICT:
                return f"the square {rr},{cc} would touch two different colours"
            return f"the {LETTERS[x]} square at {rr},{cc} would touch {LETTERS[r]}"
    return "the only contact is not on an attachment edge (Bambino joins end faces and chameleon centres)"
