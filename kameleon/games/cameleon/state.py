"""Le Caméléon's rules (rules §4-§8): the state and how actions change it.

The position is a list of piece codes (`board`) mirrored in bitboards: `occ`
(each seat's pieces, reserve included) and `kings` (each seat's chameleons).
Capture detection after a displacement is a handful of shifts over the
mover's bitboard (§5.1): only enemy pieces with two of the mover's pieces on
their orthogonal neighbours are examined against the chart.

A ply is one displacement action (or the pass) followed, only when the
resolution leaves the mover a real choice, by choice actions (§10.2); choices
that every remaining outcome shares are made automatically, and outcomes that
give the same position are one move (§5.6).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kameleon.engine.errors import IllegalAction
from kameleon.engine.game import State, check_rng, check_seat
from kameleon.games.cameleon import cpn, scoring
from kameleon.games.cameleon import notation as nt
from kameleon.games.cameleon import view as seen
from kameleon.games.cameleon.chart import ASSOC, BOX, NONE, REWARD_BITS, K, V
from kameleon.games.cameleon.determinize import determinize
from kameleon.games.cameleon.events import event
from kameleon.games.cameleon.explain import why_illegal, why_pending
from kameleon.games.cameleon.resolution import Capture, Outcome, Resolutions, resolutions

if TYPE_CHECKING:
    from kameleon.games.cameleon.game import CameleonGame

Pending = tuple[tuple[Outcome, ...], int, int, bool]
"""(outcomes still possible, index of the next choice, displacement action, piece left the reserve)."""


class CameleonState(State[int]):
    """A Le Caméléon position and the rules that change it (see the module's docstring).

    Package-internal API (for this game's modules; not part of the public contract):

    - `board`, `occ`, `kings`, `counts`, `eliminated`, `tray`, `turn`, `no_progress`, `move_number`,
      `last_pass`, `pending`, `last_ply`, `result`, `reason`, `geo`: the fields, read-only outside
      state.py (see `__init__`).
    - `free_reserve()`: the mover's empty reserve squares, in file order.
    - `flanked_by(seat)`: the enemy pieces `seat` flanks now, as `flanked()` gives the mover's.
    - `mobility(seat)`: how many displacements `seat` would have if it were to move.
    - `reserve_full(seat)`: whether every reserve square of `seat` holds a piece.
    - `displacement_outcomes(action)`: every outcome of the legal displacement `action` (state unchanged).
    - `unique_captures(action)`: the captures of the displacement `action` when its resolution leaves no
      choice, None when choices follow; raises IllegalAction when it is not legal (state unchanged).
    - `breakdowns()`: each seat's score breakdown (scoring.py).
    """

    __slots__ = (
        "board",
        "counts",
        "current_player",
        "eliminated",
        "game",
        "geo",
        "hash",
        "history",
        "is_terminal",
        "kings",
        "last_pass",
        "last_ply",
        "move_number",
        "no_progress",
        "occ",
        "pending",
        "reason",
        "reps",
        "result",
        "seed",
        "tray",
        "turn",
    )  # fmt: skip

    game: CameleonGame
    not_compared = frozenset({"geo", "occ", "kings", "counts", "eliminated", "hash", "last_ply", "seed", "is_terminal"})
    """Derived from the compared fields (or, for `seed`, not part of the position)."""

    def __init__(self, game: CameleonGame, seed: int | None, position: cpn.Position) -> None:
        geo = game.geo
        self.game = game
        self.seed = seed
        self.history: list[int] = []
        self.geo = geo
        self.board = list(position.board)
        self.occ = [0, 0]
        self.kings = [0, 0]
        self.counts = [[0] * 7, [0] * 7]
        self.eliminated = [[0] * 7, [0] * 7]
        h = 0
        for s, code in enumerate(self.board):
            if code:
                owner, kind = code >> 3, (code & 7) - 1
                self.occ[owner] |= 1 << s
                if kind == K:
                    self.kings[owner] |= 1 << s
                self.counts[owner][kind] += 1
                h ^= geo.zobrist[code * geo.size + s]
        self.turn = position.to_move
        self.hash = h ^ (geo.zobrist_square_to_move if self.turn else 0)
        self.no_progress = position.no_progress
        self.move_number = position.move_number
        self.last_pass = False
        self.tray: list[list[int]] | None = None
        if game.finite:
            self.tray = [[max(0, BOX[k] - self.counts[p][k]) for k in (V, V + 1, V + 2, K)] for p in (0, 1)]
        self.reps = {self.hash: 1}
        self.pending: Pending | None = None
        self.last_ply: tuple[int, tuple[tuple[int, int, int], ...]] | None = None
        self.result: tuple[int, ...] | None = None
        self.reason: str | None = None
        self.is_terminal = False
        self.current_player: int | None = self.turn
        ended = scoring.material_result(self.counts, game.lone_piece)
        if ended is None and game.np_limit and self.no_progress >= game.np_limit:
            ended = scoring.DRAW, "no_progress"
        if ended is not None:
            self._end(*ended)

    # --- the hot path -------------------------------------------------------

    def legal_actions(self) -> list[int]:
        pending = self.pending
        if pending is not None:
            k = pending[1]
            return sorted({o.choices[k] for o in pending[0]})
        if self.is_terminal:
            return []
        out = self._moves()
        return out if out else [self.geo.pass_action]

    def _moves(self, seat: int | None = None) -> list[int]:
        """The displacements of the player to move, or of `seat`."""
        me = self.turn if seat is None else seat
        own = self.occ[me]
        kings = self.kings[me]
        geo = self.geo
        steps = geo.steps
        out: list[int] = []
        append = out.append
        x = own
        while x:
            low = x & -x
            x ^= low
            s = low.bit_length() - 1
            if kings & low:
                for ray in geo.rays[s]:
                    for bit, action in ray:
                        if own & bit:
                            break
                        append(action)
            else:
                for bit, action in steps[s]:
                    if not own & bit:
                        append(action)
        return out

    def apply(self, action: int) -> None:
        pending = self.pending
        if pending is None:
            geo = self.geo
            if type(action) is int and 0 <= action < geo.num_moves and not self.is_terminal:
                move = geo.moves[action]
                if move is not None:
                    s, t, path, dist = move
                    board = self.board
                    code = board[s]
                    me = self.turn
                    if code and code >> 3 == me and not self.occ[me] & path and (dist == 1 or code & 7 == 7):
                        self.history.append(action)
                        board[s] = 0
                        board[t] = code
                        both = (1 << s) | (1 << t)
                        self.occ[me] ^= both
                        if code & 7 == 7:
                            self.kings[me] ^= both
                        z = geo.zobrist
                        base = code * geo.size
                        self.hash ^= z[base + s] ^ z[base + t]
                        self._resolve(action, t, s < 8 or s >= geo.size - 8)
                        return
            elif action == geo.pass_action and type(action) is int and not self.is_terminal and not self._moves():
                self.history.append(action)
                self._resolve(action, -1, False)
                return
        elif type(action) is int:
            outcomes, k, displacement, exited = pending
            keep = tuple(o for o in outcomes if o.choices[k] == action)
            if keep:
                self.history.append(action)
                self._advance(keep, k + 1, displacement, exited)
                return
        raise IllegalAction(why_illegal(self, action))

    def _candidates(self, moved: int, me: int | None = None) -> list[tuple[int, int]]:
        """Enemy pieces flanked by a valid association of the mover (§5.5 rule 3), or of seat `me`,
        as (square, outcome mask)."""
        game = self.game
        if moved < 0 and game.moved_only:
            return []
        geo = self.geo
        if me is None:
            me = self.turn
        area = geo.area
        mine = self.occ[me] & area
        north = mine >> 8
        south = mine << 8
        east = (mine >> 1) & ~geo.file_h
        west = (mine << 1) & ~geo.file_a
        if game.opposite:
            flank = (north & south) | (east & west)
        else:
            flank = ((north | south) & (east | west)) | (north & south) | (east & west)
        flank &= self.occ[1 - me] & area
        if moved >= 0 and game.moved_only:
            flank &= game.neighbour_mask[moved]
        if not flank:
            return []
        board = self.board
        pairs = game.pairs
        found = []
        while flank:
            low = flank & -flank
            flank ^= low
            v = low.bit_length() - 1
            kv = (board[v] & 7) - 1
            mask = 0
            for a, b in pairs[v]:
                if mine >> a & 1 and mine >> b & 1 and (moved < 0 or not game.moved_only or moved in (a, b)):
                    outcome = ASSOC[((board[a] & 7) - 1) * 49 + ((board[b] & 7) - 1) * 7 + kv]
                    if outcome != NONE:
                        mask |= 1 << outcome
            if mask:
                found.append((v, mask))
        if len(found) > 1:
            order = geo.order
            found.sort(key=lambda c: order[c[0]])
        return found

    def flanked(self) -> list[tuple[int, int]]:
        """The enemy pieces the player to move flanks with a valid association now, as (square, outcome mask):
        with default options they fall at the end of that player's next ply unless the association breaks."""
        return self._candidates(-1)

    def flanked_by(self, seat: int) -> list[tuple[int, int]]:
        """The enemy pieces `seat` flanks with a valid association now, whoever is to move (package-internal)."""
        return self._candidates(-1, seat)

    def reserve_full(self, seat: int) -> bool:
        """Whether every reserve square of `seat` holds a piece (§6.3: then it may not capture; package-internal)."""
        geo = self.geo
        return (self.occ[seat] & geo.reserve_mask[seat]).bit_count() == len(geo.reserve[seat])

    def mobility(self, seat: int) -> int:
        """How many displacements `seat` would have if it were to move now (package-internal)."""
        return len(self._moves(seat))

    def free_reserve(self) -> tuple[int, ...]:
        """The mover's empty reserve squares, in file order (package-internal)."""
        board = self.board
        return tuple(s for s in self.geo.reserve[self.turn] if not board[s])

    def _resolutions(self, candidates: list[tuple[int, int]]) -> Resolutions:
        game = self.game
        tray = self.tray[self.turn] if self.tray is not None else None
        return resolutions(
            candidates, self.free_reserve(), self.geo.reserve[self.turn], tray, game.blocks_all, game.auto, self.geo
        )

    def displacement_outcomes(self, action: int) -> Resolutions:
        """Every outcome of the legal displacement `action` from this position; the state is unchanged
        (package-internal)."""
        probe = self.clone()
        moved = -1
        if action != self.geo.pass_action:
            move = self.geo.moves[action]
            assert move is not None
            s, moved = move[0], move[1]
            probe.board[moved], probe.board[s] = probe.board[s], 0
            probe.occ[self.turn] ^= (1 << s) | (1 << moved)
        return probe._resolutions(probe._candidates(moved))

    def unique_captures(self, action: int) -> tuple[Capture, ...] | None:
        """The captures of the displacement `action` played now when its resolution leaves no choice, None
        when choices follow; raises IllegalAction when it is not legal. The state is unchanged
        (package-internal)."""
        copy = self.clone()
        copy.apply(action)
        if copy.pending is not None:
            return None
        assert copy.last_ply is not None
        return copy.last_ply[1]

    def pending_outcomes(self, action: int) -> tuple[Outcome, ...]:
        """The outcomes the choices after the displacement `action` will pick from (none when no choice
        follows); raises IllegalAction when it is not legal. The state is unchanged (package-internal)."""
        copy = self.clone()
        copy.apply(action)
        return copy.pending[0] if copy.pending is not None else ()

    def _resolve(self, displacement: int, moved: int, exited: bool) -> None:
        candidates = self._candidates(moved)
        if not candidates:
            self._finish(displacement, (), exited)
            return
        if not any(m & REWARD_BITS for _, m in candidates):
            if self.game.blocks_all and not self.free_reserve():
                self._finish(displacement, (), exited)
            else:
                self._finish(displacement, tuple((v, -1, -1) for v, _ in candidates), exited)
            return
        self._advance(self._resolutions(candidates).outcomes, 0, displacement, exited)

    def _advance(self, outcomes: tuple[Outcome, ...], k: int, displacement: int, exited: bool) -> None:
        """Skip the choices every remaining outcome shares; finish the ply when one outcome is left."""
        while len(outcomes) > 1:
            first = outcomes[0].choices[k]
            if any(o.choices[k] != first for o in outcomes):
                self.pending = (outcomes, k, displacement, exited)
                return
            k += 1
        self.pending = None
        self._finish(displacement, outcomes[0].captures, exited)

    def _finish(self, displacement: int, captures: tuple[Capture, ...], exited: bool) -> None:
        """Apply the captures, update the counters and run the end-of-game checks (§8.1)."""
        game = self.game
        geo = self.geo
        me = self.turn
        opp = 1 - me
        if captures:
            board = self.board
            z = geo.zobrist
            size = geo.size
            h = self.hash
            occ, kings, counts = self.occ, self.kings, self.counts
            for v, k, sq in captures:
                code = board[v]
                board[v] = 0
                occ[opp] ^= 1 << v
                kind = (code & 7) - 1
                if kind == K:
                    kings[opp] ^= 1 << v
                h ^= z[code * size + v]
                counts[opp][kind] -= 1
                self.eliminated[opp][kind] += 1
                if k >= 0:
                    code = (me << 3) | (k + 1)
                    board[sq] = code
                    occ[me] |= 1 << sq
                    if k == K:
                        kings[me] |= 1 << sq
                    h ^= z[code * size + sq]
                    counts[me][k] += 1
                    if self.tray is not None:
                        self.tray[me][k - V] -= 1
            self.hash = h
            self.no_progress = 0
        elif exited:
            self.no_progress = 0
        else:
            self.no_progress += 1
        was_pass = self.last_pass
        self.last_pass = is_pass = displacement == geo.pass_action
        if me == 1:
            self.move_number += 1
        self.turn = opp
        self.hash ^= geo.zobrist_square_to_move
        self.last_ply = (displacement, captures)
        ended = scoring.material_result(self.counts, game.lone_piece) if captures else None
        if ended is None and game.np_limit and self.no_progress >= game.np_limit:
            ended = scoring.DRAW, "no_progress"
        if self.no_progress == 0:
            self.reps = {self.hash: 1}
        elif game.rep_limit:
            seen = self.reps.get(self.hash, 0) + 1
            self.reps[self.hash] = seen
            if ended is None and seen >= game.rep_limit:
                ended = scoring.DRAW, "repetition"
        if ended is None and is_pass and was_pass:
            ended = scoring.DRAW, "double_pass"
        if ended is not None:
            self._end(*ended)
        else:
            self.current_player = opp

    def _end(self, winners: tuple[int, ...], reason: str) -> None:
        self.result = winners
        self.reason = reason
        self.is_terminal = True
        self.current_player = None

    # --- notation (notation.py) ----------------------------------------------

    def action_to_str(self, action: int) -> str:
        """Choices as `xd6`, `=O`, `@b1`; a displacement as its full token when its resolution is unique,
        else as `c4-d5*` (its choices follow); an action not legal now as the bare displacement."""
        if type(action) is not int or not 0 <= action < self.geo.num_actions:
            raise IllegalAction(why_illegal(self, action))
        return nt.action_to_str(self, action)

    def parse_action(self, text: str) -> int:
        """One action: a choice inside a ply, a displacement (`c4-d5`, `c4-d5*`, `pass`), or a whole-ply token
        that stands for a single action. A token standing for several actions is played by `apply_str`."""
        if self.pending is not None and nt.is_ply_text(text):
            raise IllegalAction(why_pending(self))
        return nt.parse_action(self, text)

    def apply_str(self, text: str) -> int:
        """Play a whole ply written as one token (§9.3), or one choice while a ply waits for it.

        A token without its capture part is accepted when its outcomes differ only in reserve squares (the
        rewards then go to the free squares in file order); `c4-d5*` plays the displacement alone. Returns
        the displacement action (or the choice). Nothing changes if the token is not legal.
        """
        geo = self.geo
        if self.pending is not None:
            if nt.is_ply_text(text):
                raise IllegalAction(why_pending(self))
            action = nt.parse_choice(text, geo, geo.reserve[self.turn], lambda: nt.choices(self))
            self.apply(action)
            return action
        ply = nt.parse_ply(text, geo)
        if ply.displacement_only:
            self.apply(ply.action)
            return ply.action
        _, after = nt.expand(self, text, ply)
        for name in self.__slots__:
            setattr(self, name, getattr(after, name))
        return ply.action

    def legal_tokens(self) -> list[str]:
        """Whole plies (`ply_tokens`), as records write them; inside a ply, its choices one by one."""
        return self.ply_tokens() if self.pending is None else super().legal_tokens()

    def ply_tokens(self) -> list[str]:
        """The canonical tokens of the legal plies (every resolution of every legal displacement)."""
        return nt.ply_tokens(self)

    def move_tokens(self) -> list[str]:
        """One canonical token per ply (§9.4); an unfinished last ply as `c4-d5*` and its choices so far."""
        return nt.move_tokens(self)

    def record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        record = super().record(players)
        if self.is_terminal:
            record["result"]["reason"] = self.reason
        return record

    # --- the rest of the protocol ---------------------------------------------

    def to_cpn(self) -> str:
        """The position in CPN (§9.2); inside an unfinished ply, the board after the displacement."""
        return cpn.write(self.board, self.turn, self.no_progress, self.move_number, self.geo)

    def clone(self) -> CameleonState:
        new = CameleonState.__new__(CameleonState)
        new.game = self.game
        new.seed = self.seed
        new.history = self.history.copy()
        new.current_player = self.current_player
        new.is_terminal = self.is_terminal
        new.geo = self.geo
        new.board = self.board.copy()
        new.occ = self.occ.copy()
        new.kings = self.kings.copy()
        new.turn = self.turn
        new.no_progress = self.no_progress
        new.move_number = self.move_number
        new.last_pass = self.last_pass
        new.counts = [self.counts[0].copy(), self.counts[1].copy()]
        new.eliminated = [self.eliminated[0].copy(), self.eliminated[1].copy()]
        new.tray = None if self.tray is None else [self.tray[0].copy(), self.tray[1].copy()]
        new.hash = self.hash
        new.reps = self.reps.copy()
        new.pending = self.pending
        new.last_ply = self.last_ply
        new.result = self.result
        new.reason = self.reason
        return new

    def scores(self) -> list[int]:
        return scoring.scores(self.result)

    def breakdowns(self) -> list[scoring.Breakdown]:
        """Each seat's score and the material behind it (scoring.py)."""
        return scoring.breakdowns(self.result, self.counts, self.eliminated)

    def score_breakdown(self) -> list[dict[str, Any]]:
        """Each seat's named parts (scoring.py): outcome, pieces left, chameleons among them, enemy pieces
        captured, and the §8.2 score as `total`."""
        return [b.parts() for b in self.breakdowns()]

    def end_reason(self) -> str | None:
        """How the game ended (§8.2, scoring.REASONS: `elimination`, `repetition`...); None while it goes on."""
        return self.reason

    def event_seen_by(self, action: int, after: State[int], seat: int | None) -> dict[str, Any]:
        """The move as a language-neutral event (events.py); the same for every seat."""
        assert isinstance(after, CameleonState)
        return event(self, action, after, seat)

    def winners(self) -> list[int]:
        return list(self.result) if self.result is not None else []

    def view(self, player: int | None) -> dict[str, Any]:
        check_seat(player, self.num_players, spectator=True)
        return seen.view(self, player)

    def determinize(self, player: int, rng: random.Random) -> CameleonState:
        """Perfect information: a copy, without a replayable seed."""
        check_rng(rng)
        check_seat(player, self.num_players)
        return determinize(self, player, rng)

    def __repr__(self) -> str:
        return f"<CameleonState {self.to_cpn()}>"
