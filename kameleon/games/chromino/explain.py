"""The engine's explanations: why an action is illegal (`why_illegal`), why a tile of the mover's hand cannot
be placed anywhere now (`tile_refusals`), and why the mover must draw or pass (`forced`).

Computed on the error path and for the view of the seat to move, so the hot path stays lean. The
view carries the keys of `TILE_REFUSALS` and `FORCED`; interfaces word them in the player's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.games.chromino.board import ANY, CONFLICT
from kameleon.games.chromino.notation import DRAW, PASS
from kameleon.games.chromino.phases import AFTER_DRAW, OVER, TURN
from kameleon.games.chromino.tiles import CHAMELEONS, LETTERS, WILD, tiles_of

if TYPE_CHECKING:
    from kameleon.games.chromino.state import ChrominoState

TILE_REFUSALS = {
    "only_drawn": "after drawing only the drawn tile may be placed",
    "chameleon_last": "a chameleon cannot be your last tile; you must draw",
    "stuck": "the tile fits nowhere on the layout",
}
"""Why a tile of the mover's hand has no legal placement now, by key."""

FORCED = {
    "must_draw": "None of your tiles fits: draw one from the bag.",
    "drawn_stuck": "No tile you drew fits, and you may draw no more this turn: pass.",
    "must_pass": "Nothing fits and the bag is empty: pass.",
}
"""Why the mover's only move is `draw` or `pass`, by key (the terminal shows these words)."""


def _tile_rule(state: ChrominoState, seat: int, tile: int) -> str | None:
    """The turn rule that keeps `seat` from placing `tile` wherever it would go (a `TILE_REFUSALS` key), if any."""
    if state.phase == AFTER_DRAW and tile != state.drawn:
        return "only_drawn"
    if state.sizes[seat] == 1 and tile in CHAMELEONS:
        return "chameleon_last"
    return None


def tile_refusals(state: ChrominoState) -> dict[int, str]:
    """Each tile of the mover's hand that has no legal placement now -> the `TILE_REFUSALS` key saying why."""
    seat = state.current_player
    if seat is None:
        return {}
    game = state.game
    mask = state.turn_mask(seat) if state.phase == TURN else game.tile_pmask[state.drawn]
    fitting = {game.tile_of(action) for action in state.placements(mask)}
    return {t: _tile_rule(state, seat, t) or "stuck" for t in tiles_of(state.hands[seat]) if t not in fitting}


def forced(state: ChrominoState) -> str | None:
    """Why the mover may only draw or pass (a `FORCED` key); None when it may place a tile, or nobody moves."""
    if state.current_player is None:
        return None
    legal = state.legal_actions()
    if any(action not in (DRAW, PASS) for action in legal):
        return None
    if DRAW in legal:
        return "must_draw"
    return "drawn_stuck" if state.phase == AFTER_DRAW else "must_pass"


def why_illegal(state: ChrominoState, action: object) -> str:
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
    rule = _tile_rule(state, seat, p.tile)
    if rule == "only_drawn":
        drawn = game.codec.to_str(game.codec.encode(state.drawn, 0, 0, 0, False)).split()[0]
        return f"{name}: after drawing only the drawn tile {drawn} may be placed"
    if not state.hands[seat] >> p.tile & 1:
        return f"{name}: seat {seat} does not hold the tile {tile_name}"
    if rule is not None:
        return f"{name}: {TILE_REFUSALS[rule]}"
    return f"{name}: {_geometry_reason(state, game.board_fp(action), game.laid[2 * p.tile + p.flipped])}"


def _why_draw_pass(state: ChrominoState, action: int) -> str:
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
