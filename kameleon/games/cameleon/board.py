"""Board geometry (rules §2, §4, §10.2): squares, masks, move tables and action indices.

Squares are indexed `8 * (rank - 1) + (file - 1)`, so a set of squares is a
Python int used as a bitboard. Everything that depends only on the board size
is computed once per size into a `Geometry` and shared by every state.

A piece is stored as a code `(owner << 3) | (kind + 1)`: 1..7 for Round
(seat 0), 9..15 for Square (seat 1), 0 for an empty square.
"""

from __future__ import annotations

import random
from functools import cache

FILES = "abcdefgh"
DIRECTIONS = ((1, 1), (-1, 1), (1, -1), (-1, -1))
"""Direction d as (file step, rank step), numbered as in §10.2."""
MAX_DISTANCE = 7
ROUND, SQUARE = 0, 1


def piece_code(owner: int, kind: int) -> int:
    return (owner << 3) | (kind + 1)


class Geometry:
    """Static facts of one board size: `ranks` is 9 (standard) or 11 (option board=8x11)."""

    def __init__(self, ranks: int) -> None:
        self.ranks = ranks
        self.size = n = 8 * ranks
        self.all_mask = (1 << n) - 1
        self.area = ((1 << (8 * (ranks - 1))) - 1) & ~0xFF
        """The playing area: ranks 2 .. ranks-1."""
        self.file_a = sum(1 << (8 * r) for r in range(ranks))
        self.file_h = self.file_a << 7
        self.reserve = (
            tuple(s for s in range(8) if self.is_light(s)),
            tuple(s for s in range(n - 8, n) if not self.is_light(s)),
        )
        """Each seat's reserve squares in file order (§2.1)."""
        self.reserve_mask = tuple(sum(1 << s for s in squares) for squares in self.reserve)
        self.reserve_rows = 0xFF | (0xFF << (n - 8))
        self.light_mask = sum(1 << s for s in range(n) if self.is_light(s))
        self.num_moves = 28 * n
        self.pass_action = self.num_moves
        self.victim0 = self.pass_action + 1
        self.kind0 = self.victim0 + n
        self.reserve0 = self.kind0 + 3
        self.num_actions = self.reserve0 + 4
        self.names = tuple(FILES[s & 7] + str((s >> 3) + 1) for s in range(n))
        self.by_name = {name: s for s, name in enumerate(self.names)}
        self.order = tuple((s & 7) * 16 + (s >> 3) for s in range(n))
        """Sort key of a square for victims in tokens: by file, then by rank (§9.3)."""
        self.moves: list[tuple[int, int, int, int] | None] = [None] * self.num_moves
        """action -> (from, to, mask of the path including the target, distance) for moves ending in the area."""
        steps: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        rays: list[list[tuple[tuple[int, int], ...]]] = [[] for _ in range(n)]
        for s in range(n):
            f, r = s & 7, s >> 3
            for d, (df, dr) in enumerate(DIRECTIONS):
                ray = []
                path = 0
                for dist in range(1, MAX_DISTANCE + 1):
                    tf, tr = f + df * dist, r + dr * dist
                    if not (0 <= tf < 8 and 0 <= tr < ranks):
                        break
                    t = 8 * tr + tf
                    if not self.area >> t & 1:
                        break
                    path |= 1 << t
                    action = (4 * s + d) * 7 + dist - 1
                    self.moves[action] = (s, t, path, dist)
                    ray.append((1 << t, action))
                    if dist == 1:
                        steps[s].append((1 << t, action))
                rays[s].append(tuple(ray))
        self.steps = tuple(tuple(x) for x in steps)
        self.rays = tuple(tuple(r for r in x if r) for x in rays)
        rng = random.Random(0x5CA3E1E0)
        self.zobrist = tuple(rng.getrandbits(128) for _ in range(16 * n))
        """Key of piece code c on square s: `zobrist[c * size + s]`."""
        self.zobrist_square_to_move = rng.getrandbits(128)

    @staticmethod
    def is_light(s: int) -> bool:
        return bool(((s & 7) + (s >> 3)) & 1)

    def move_action(self, s: int, t: int) -> int | None:
        """The action index of the displacement s -> t, or None if it is not a diagonal line."""
        df, dr = (t & 7) - (s & 7), (t >> 3) - (s >> 3)
        if df == 0 or abs(df) != abs(dr) or abs(df) > MAX_DISTANCE:
            return None
        d = DIRECTIONS.index((1 if df > 0 else -1, 1 if dr > 0 else -1))
        return (4 * s + d) * 7 + abs(df) - 1

    def decode_move(self, action: int) -> tuple[int, int, int, int]:
        """(from square, file of target, rank index of target, distance); the target may be off the board."""
        s, rest = divmod(action, 28)
        d, dist0 = divmod(rest, 7)
        df, dr = DIRECTIONS[d]
        return s, (s & 7) + df * (dist0 + 1), (s >> 3) + dr * (dist0 + 1), dist0 + 1


@cache
def geometry(ranks: int) -> Geometry:
    return Geometry(ranks)


def ranks_of(board_option: str) -> int:
    return 9 if board_option == "8x9" else 11
