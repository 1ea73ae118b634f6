"""Test helpers: Chromino states with a chosen layout, hands and bag, and a brute-force rule checker."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import kameleon
from kameleon.games.chromino.state import ChrominoState
from kameleon.games.chromino.tiles import WILD, parse_triple, tile_id, tiles_of, triple_name

Cells = dict[tuple[int, int], int]


def rig(
    layout: Sequence[str] = ("Y*B H 0,-1",),
    hands: Sequence[Sequence[str]] = ((), ()),
    bag: Sequence[str] = (),
    first: int = 0,
    **options: Any,
) -> ChrominoState:
    """A state whose layout, hands and bag (last = top) are given by tile names, seat `first` to play.

    The first layout entry plays the start tile; the others count as placed by nobody.
    Tile conservation is not kept: scenario tests only.
    """
    options.setdefault("players", len(hands))
    game = kameleon.load("chromino", first_player=first, **options)
    state = game.new_state(1)
    ends = game.codec.ends
    state.board = type(state.board)(game.codec.W, game.bambino)
    state.placed = []
    for token in layout:
        action = game.codec.parse(token)
        p = game.codec.decode(action)
        state.board.place(game.board_fp(action), game.laid[2 * p.tile + p.flipped])
        state.placed.append((p.tile, action, -1, False, -1))
    n = game.num_players
    state.hands = [0] * n
    state.pmasks = [0] * n
    for seat, hand in enumerate(hands):
        for name in hand:
            t = tile_id(name, ends)
            state.hands[seat] |= 1 << t
            state.pmasks[seat] |= game.tile_pmask[t]
    state.sizes = [len(h) for h in hands]
    state.revealed = [state.hands[s] if state.sizes[s] == 1 else 0 for s in range(n)]
    state.bag = [tile_id(name, ends) for name in bag]
    return state


def names(state: ChrominoState, seat: int) -> list[str]:
    return sorted(triple_name(state.game.codec.colours[t]) for t in tiles_of(state.hands[seat]))


def moves(state: ChrominoState) -> list[str]:
    return [state.action_to_str(a) for a in state.legal_actions()]


def cells_of(layout: Sequence[str]) -> Cells:
    """A layout in notation as a plain map (row, col) -> colour code."""
    cells: Cells = {}
    for line in layout:
        letters, orientation, coords = line.split()
        row, col = map(int, coords.split(","))
        for i, colour in enumerate(parse_triple(letters)):
            cells[(row, col + i) if orientation == "H" else (row + i, col)] = colour
    return cells


def brute_force(cells: Cells, colours: Sequence[int]) -> set[tuple[str, int, int, bool]]:
    """Every legal standard placement (§3.5), found the slow obvious way: try every anchor near the
    layout, both orientations and both directions, and check the three conditions edge by edge."""
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    found = set()
    directions = [(tuple(colours), False)]
    if colours[0] != colours[2]:
        directions.append((tuple(reversed(colours)), True))
    for row in range(min(rows) - 3, max(rows) + 4):
        for col in range(min(cols) - 3, max(cols) + 4):
            for orientation, (dr, dc) in (("H", (0, 1)), ("V", (1, 0))):
                footprint = [(row + i * dr, col + i * dc) for i in range(3)]
                if any(cell in cells for cell in footprint):
                    continue
                for laid, flipped in directions:
                    contacts = 0
                    matching = True
                    for (r, c), x in zip(footprint, laid, strict=True):
                        for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                            if q in cells:
                                contacts += 1
                                y = cells[q]
                                if not (x in (y, WILD) or y == WILD):
                                    matching = False
                    if contacts >= 2 and matching:
                        found.add((orientation, row, col, flipped))
    return found
