"""The engine's explanations: why an action is illegal (`why_illegal`), why a tile of the mover's hand cannot
be placed anywhere now (`tile_refusals`), and why the mover must draw or pass (`forced`).

Computed on the error path and for the view of the seat to move, so the hot path stays lean. The
view carries the keys of `TILE_REFUSALS` and `FORCED`; interfaces word them in the player's language. Every
explanation is a `Message` with a stable code (translated through this game's `locale/` catalogs) that says
why without repeating the move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.engine.messages import Message, msg
from kameleon.games.chromino.board import ANY, CONFLICT
from kameleon.games.chromino.notation import DRAW, PASS
from kameleon.games.chromino.phases import AFTER_DRAW, OVER, TURN
from kameleon.games.chromino.tiles import CHAMELEONS, WILD, tiles_of, triple_name

if TYPE_CHECKING:
    from kameleon.games.chromino.state import ChrominoState

TILE_REFUSALS = {
    "only_drawn": msg("only_drawn", "After drawing, only the drawn tile may be placed."),
    "chameleon_last": msg("chameleon_last", "A chameleon cannot be your last tile; you must draw."),
    "stuck": msg("stuck", "This tile fits nowhere on the layout."),
}
"""Why a tile of the mover's hand has no legal placement now, by key (the view carries the key)."""

FORCED = {
    "must_draw": msg("must_draw", "None of your tiles fits: draw one from the bag."),
    "drawn_stuck": msg("drawn_stuck", "No tile you drew fits, and you may draw no more this turn: pass."),
    "must_pass": msg("must_pass", "Nothing fits and the bag is empty: pass."),
}
"""Why the mover's only move is `draw` or `pass`, by key (the view carries the key)."""

COLOUR_LABELS = (
    msg("colour_red", "red"),
    msg("colour_yellow", "yellow"),
    msg("colour_green", "green"),
    msg("colour_blue", "blue"),
    msg("colour_purple", "purple"),
)
"""Each colour code's name as a Message, so that explanations naming a colour are translated whole."""
CHAMELEON_LABEL = msg("tui_colour_chameleon", "chameleon")
"""The chameleon square's name (`*` in a tile's name)."""


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


def why_illegal(state: ChrominoState, action: object) -> Message:
    """Why `action` cannot be played in `state`, as a Message that says why without repeating the move."""
    game = state.game
    try:
        game.codec.check(action)
    except ValueError:
        return msg("not_an_action", "{action} is not a Chromino action.", action=repr(action))
    assert isinstance(action, int)
    if state.phase == OVER:
        return msg("game_over", "The game is over.")
    seat = state.current_player
    assert seat is not None
    if action in (DRAW, PASS):
        return _why_draw_pass(state, action)
    p = game.codec.decode(action)
    rule = _tile_rule(state, seat, p.tile)
    names = game.codec.colours
    if rule == "only_drawn":
        return msg(
            "only_drawn_tile",
            "After drawing, only the drawn tile ({tile}) may be placed.",
            tile=triple_name(names[state.drawn]),
        )
    if not state.hands[seat] >> p.tile & 1:
        return msg("not_in_hand", "You do not hold the tile {tile}.", tile=triple_name(names[p.tile]))
    if rule is not None:
        return TILE_REFUSALS[rule]
    return _geometry_reason(state, game.board_fp(action), game.laid[2 * p.tile + p.flipped])


def _why_draw_pass(state: ChrominoState, action: int) -> Message:
    legal = state.legal_actions()
    if state.phase == TURN:
        if len(legal) > 1 or legal[0] not in (DRAW, PASS):
            return msg("must_place", "One of your tiles fits, so you must place a tile.")
        if action == DRAW:
            return msg("bag_empty", "The bag is empty: pass.")
        return msg("draw_first", "The bag is not empty: draw a tile.")
    if action == DRAW:
        if len(legal) > 1 or legal[0] not in (DRAW, PASS):
            return msg("drawn_fits", "The drawn tile fits, so the drawing stops.")
        if not state.bag:
            return msg("bag_empty", "The bag is empty: pass.")
        return msg("no_more_draws", "You may draw no more this turn: pass.")
    if DRAW in legal:
        return msg("draw_again", "The drawn tile does not fit, and this game lets you draw again.")
    return msg("drawn_must_be_placed", "The drawn tile fits and must be placed.")


def _geometry_reason(state: ChrominoState, fp: int, colours: tuple[int, int, int]) -> Message:
    board = state.board
    cells = board.footprint(fp)
    for cell in cells:
        if board.info.get(cell, 0) < 0:
            r, c = board.row_col(cell)
            return msg("covered", "A square of this tile is already covered.", row=r, col=c)
    n = board.contacts(fp)
    if board.bambino:
        if n != 1:
            return msg(
                "bambino_contacts",
                "This tile would touch the layout along {contacts} edges; Bambino needs exactly one, end to end "
                "or on a chameleon's centre.",
                contacts=n,
            )
    elif n < 2:
        return msg(
            "too_few_contacts",
            "This tile would touch the layout along {contacts} edge(s); it must touch along at least 2.",
            contacts=n,
        )
    key = board.key(fp)
    for i, shift in enumerate((6, 3, 0)):
        r = key >> shift & 7
        x = colours[i]
        if not (r in (ANY, x) or x == WILD):
            rr, cc = board.row_col(cells[i])
            if r == CONFLICT:
                return msg("two_colours", "A square of this tile would touch two different colours.", row=rr, col=cc)
            return msg(
                "colour_mismatch",
                "The {colour} square of this tile would touch {other}.",
                colour=COLOUR_LABELS[x],
                row=rr,
                col=cc,
                other=COLOUR_LABELS[r],
            )
    return msg(
        "bambino_edge",
        "The only contact is not on an attachment edge (Bambino joins end faces and chameleon centres).",
    )
