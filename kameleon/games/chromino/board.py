"""The layout (rules §3): cells, the incrementally kept frontier and candidate footprints.

Cells are ints `(row + W) * S + (col + W)` with `S = 2W + 1`, the same
coordinates as the action indices of §12, so a candidate footprint id
`fp = o * S² + anchor_cell` turns into an action index with one multiply-add.
Two cells share an int only if their columns differ by a multiple of S; the
cells the engine looks at (the layout and 3 cells around it) span fewer than S
columns, since each placement widens the layout by at most 2 (3 in Bambino),
so this never happens (§3.7).

`info` maps a cell to what the placement rule needs to know about it:

* an occupied cell holds `OCC + colour` (colour 0..4, or `WILD`), a large negative
  number, so that its contact count `value >> 3` sinks any sum it takes part in;
* an empty cell next to the layout (a frontier cell) holds `count << 3 | req`,
  where `count` is the number of occupied neighbours (its contacts) and `req`
  the colour a square laid there must have: `ANY` when all its neighbours are
  wild centres, a colour 0..4, or `CONFLICT` when two different colours meet
  there (only a wild centre fits);
* any other cell is absent (read as `ANY` with no contacts).

Cells only ever gain neighbours, so placing a tile updates at most eight
frontier cells. In the standard game `cands` maps every footprint with at
least two contacts and no overlap to its requirement triple
`req0 << 6 | req1 << 3 | req2`; it is refreshed around each placed tile only,
so listing placements never scans the layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from kameleon.games.chromino.tiles import WILD

OCC = -4096
ANY = 5
CONFLICT = 6


def fits(key: int, colours: Sequence[int]) -> bool:
    """Whether a tile laid with `colours` (footprint order) meets the requirement triple `key`."""
    for shift, x in ((6, colours[0]), (3, colours[1]), (0, colours[2])):
        r = key >> shift & 7
        if not (r in (ANY, x) or x == WILD):
            return False
    return True


Refresh = tuple[int, int, int, int]
"""A footprint to recompute: its id and its three cells, relative to the placed tile's anchor."""
Geometry = tuple[tuple[tuple[int, int], ...], tuple[tuple[Refresh, ...], ...], tuple[int, ...]]


@lru_cache(maxsize=8)
def _geometry(s: int) -> tuple[Geometry, Geometry]:
    """Per orientation of a placed tile (relative to its anchor):

    * its 8 (square index, neighbour offset) pairs;
    * for each subset (bit mask) of those neighbours, the footprints through at least one of them
      that do not overlap the tile, each once, as (relative footprint id, relative cells);
    * the relative ids of the footprints that overlap the tile.
    """
    s2 = s * s
    result: list[Geometry] = []
    for o in (0, 1):
        step, side = (1, s) if o == 0 else (s, 1)
        tile = {0, step, 2 * step}
        pairs = [(0, -step), (0, -side), (0, side), (1, -side), (1, side), (2, step), (2, -side), (2, side)]
        pairs = [(i, i * step + d) for i, d in pairs]
        through = []
        for _i, cell in pairs:
            fps = []
            for o2, st in ((0, 1), (1, s)):
                for k in range(3):
                    a = cell - k * st
                    if not {a, a + st, a + 2 * st} & tile:
                        fps.append((o2 * s2 + a, a, a + st, a + 2 * st))
            through.append(fps)
        by_mask = []
        for mask in range(256):
            seen: dict[int, tuple[int, int, int, int]] = {}
            for k in range(8):
                if mask >> k & 1:
                    for entry in through[k]:
                        seen.setdefault(entry[0], entry)
            by_mask.append(tuple(seen.values()))
        overlapping = set()
        for t in tile:
            for o2, st in ((0, 1), (1, s)):
                for k in range(3):
                    overlapping.add(o2 * s2 + t - k * st)
        result.append((tuple(pairs), tuple(by_mask), tuple(sorted(overlapping))))
    return result[0], result[1]


class Board:
    """A layout on the unbounded grid, with the frontier bookkeeping described in the module doc."""

    __slots__ = ("S", "S2", "W", "_bambino_cache", "bambino", "cands", "info", "laid", "owner")

    def __init__(self, w: int, bambino: bool = False) -> None:
        self.W = w
        self.S = 2 * w + 1
        self.S2 = self.S * self.S
        self.bambino = bambino
        self.info: dict[int, int] = {}
        self.owner: dict[int, int] = {}
        self.cands: dict[int, int] = {}
        self.laid: list[tuple[tuple[int, int, int], tuple[int, int, int]]] = []
        """Placed tiles in order: (cells, colours laid on them)."""
        self._bambino_cache: list[tuple[int, int, int, bool]] | None = None
        """`bambino_candidates()` of the current layout, shared by clones (never mutated)."""

    def clone(self) -> Board:
        other = object.__new__(Board)
        other.W, other.S, other.S2, other.bambino = self.W, self.S, self.S2, self.bambino
        other.info = self.info.copy()
        other.owner = self.owner.copy()
        other.cands = self.cands.copy()
        other.laid = self.laid[:]
        other._bambino_cache = self._bambino_cache
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.W == other.W and self.bambino == other.bambino and self.laid == other.laid

    __hash__ = None  # type: ignore[assignment]

    # --- coordinates ----------------------------------------------------------

    def cell(self, row: int, col: int) -> int:
        return (row + self.W) * self.S + col + self.W

    def row_col(self, cell: int) -> tuple[int, int]:
        r, c = divmod(cell, self.S)
        return r - self.W, c - self.W

    def footprint(self, fp: int) -> tuple[int, int, int]:
        o, a = divmod(fp, self.S2)
        step = self.S if o else 1
        return a, a + step, a + 2 * step

    def colour_at(self, row: int, col: int) -> int | None:
        value = self.info.get(self.cell(row, col), 0)
        return value - OCC if value < 0 else None

    # --- changing the layout --------------------------------------------------

    def place(self, fp: int, colours: tuple[int, int, int]) -> None:
        """Lay `colours` on footprint `fp` (no legality check: callers have checked)."""
        s2 = self.S2
        o = 1 if fp >= s2 else 0
        a = fp - o * s2
        step = self.S if o else 1
        cells = (a, a + step, a + 2 * step)
        info = self.info
        number = len(self.laid)
        self.laid.append((cells, colours))
        owner = self.owner
        for i in range(3):
            info[cells[i]] = OCC + colours[i]
            owner[cells[i]] = number
        pairs, by_mask, overlapping = _geometry(self.S)[o]
        changed = 0
        bit = 1
        for i, d in pairs:
            nb = a + d
            p = info.get(nb, ANY)
            if p >= 0:
                x = colours[i]
                r = p & 7
                if x != WILD:
                    r = x if r == ANY else (r if r == x else CONFLICT)
                info[nb] = ((p >> 3) + 1) << 3 | r
                changed |= bit
            bit <<= 1
        if self.bambino:
            self._bambino_cache = None
            return
        cands = self.cands
        pop = cands.pop
        for rel in overlapping:
            pop(a + rel, None)
        get = info.get
        for rel, c0, c1, c2 in by_mask[changed]:
            p0 = get(a + c0, ANY)
            p1 = get(a + c1, ANY)
            p2 = get(a + c2, ANY)
            if (p0 >> 3) + (p1 >> 3) + (p2 >> 3) < 2:  # an occupied cell, or fewer than 2 contacts
                pop(a + rel, None)
            else:
                cands[a + rel] = (p0 & 7) << 6 | (p1 & 7) << 3 | (p2 & 7)

    # --- reading the layout ---------------------------------------------------

    def contacts(self, fp: int) -> int:
        """Contacts (§3.3) a tile on footprint `fp` would make; -1 if it overlaps the layout."""
        get = self.info.get
        total = 0
        for c in self.footprint(fp):
            p = get(c, ANY)
            if p < 0:
                return -1
            total += p >> 3
        return total

    def key(self, fp: int) -> int:
        """The requirement triple of footprint `fp` (meaningful only when it does not overlap)."""
        get = self.info.get
        c0, c1, c2 = self.footprint(fp)
        return (get(c0, ANY) & 7) << 6 | (get(c1, ANY) & 7) << 3 | (get(c2, ANY) & 7)

    def touched(self, fp: int) -> set[int]:
        """Numbers of the placed tiles a tile on `fp` would touch (Expert scoring, §7.5)."""
        s = self.S
        owner = self.owner
        cells = self.footprint(fp)
        found = set()
        for c in cells:
            for nb in (c - s, c + s, c - 1, c + 1):
                if nb in owner and nb not in cells:
                    found.add(owner[nb])
        return found

    def standard_legal(self, fp: int, colours: Sequence[int]) -> bool:
        """The §3.5 rule for one placement, computed from scratch (used on the error path and tests)."""
        n = self.contacts(fp)
        return n >= 2 and fits(self.key(fp), colours)

    def bambino_candidates(self) -> list[tuple[int, int, int, bool]]:
        """Footprints with exactly one contact on an attachment edge of the table tile (§7.4).

        Each is `(fp, i, colour, centre)`: the contact is made by the tile's square `i`
        against a table square of `colour` (maybe `WILD`); `centre` says the contact is on
        the side of the new tile's centre, which only a chameleon may do.
        """
        if self._bambino_cache is not None:
            return self._bambino_cache
        info, owner, laid = self.info, self.owner, self.laid
        s, s2 = self.S, self.S2
        found: list[tuple[int, int, int, bool]] = []
        for f, p in info.items():
            if p < 0 or p >> 3 != 1:
                continue
            for q in (f - s, f + s, f - 1, f + 1):
                if info.get(q, 0) < 0:
                    break
            cells, colours = laid[owner[q]]
            if q == cells[1]:
                if colours[1] != WILD:
                    continue
            elif f != q + q - cells[1]:
                continue
            d = f - q
            cq = info[q] - OCC
            for o, st in ((0, 1), (1, s)):
                for i in range(3):
                    a = f - i * st
                    others = (a, a + st, a + 2 * st)
                    if any(c != f and c in info for c in others):
                        continue
                    if i == 1:
                        if d in (st, -st):
                            continue
                    elif d != (st if i == 0 else -st):
                        continue
                    found.append((o * s2 + a, i, cq, i == 1))
        self._bambino_cache = found
        return found

    def positions(self, colours: Sequence[int]) -> list[tuple[int, bool]]:
        """Every legal (footprint, flipped) for a tile of canonical `colours`, unordered.

        A palindromic triple is tried in one direction only (normal form, §3.2).
        """
        directions = [(tuple(colours), False)]
        if colours[0] != colours[2]:
            directions.append((tuple(reversed(colours)), True))
        found = []
        if self.bambino:
            for fp, i, cq, centre in self.bambino_candidates():
                for laid, flipped in directions:
                    if centre and laid[1] != WILD:
                        continue
                    if cq == WILD or laid[i] == WILD or laid[i] == cq:
                        found.append((fp, flipped))
            return found
        for fp, key in self.cands.items():
            for laid, flipped in directions:
                if fits(key, laid):
                    found.append((fp, flipped))
        return found

    def extent(self) -> tuple[int, int, int, int]:
        """(min row, max row, min col, max col) of the occupied cells."""
        rows, cols = [], []
        for cells, _ in self.laid:
            for c in cells:
                r, k = self.row_col(c)
                rows.append(r)
                cols.append(k)
        return min(rows), max(rows), min(cols), max(cols)
