"""Board geometry (rules §2, §4): squares, masks and the move tables of each board size.

Squares are indexed `8 * (rank - 1) + (file - 1)`, so a set of squares is a
Python int used as a bitboard. Everything that depends only on the board size
is computed once per size into a `Geometry` and shared by every state.

A piece is stored as a code `(owner << 3) | (kind + 1)`: 1..7 for Round
(seat 0), 9..15 for Square (seat 1), 0 for an empty square.
"""

from __future__ import annotations

import random
from functools import cache

from kameleon.games.cameleon.notation import DIRECTIONS, MAX_DISTANCE, action_layout, move_index

FILES = "abcdefgh"
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
        # The action index layout (notation.py), copied into attributes for the hot path.
        self.num_moves, self.pass_action, self.victim0, self.kind0, self.reserve0, self.num_actions = action_layout(n)
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
                    action = move_index(s, d, dist)
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


@cache
def geometry(ranks: int) -> Geometry:
    return Geometry(ranks)


def ranks_of(board_option: str) -> int:
    return 9 if board_option == "8x9" else 11
