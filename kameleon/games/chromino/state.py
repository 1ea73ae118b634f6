"""Chromino's rules (§4–§6): the state and how actions change it.

Hands are bit masks over tile ids (`hands`) kept together with a mask over
placement bits `2·tile + flipped` (`pmasks`), so that the tiles of a hand that
fit a candidate footprint are one AND with the game's table `fit[key]`.
Legal placements are listed from the board's candidate footprints (kept
incrementally, see board.py) and never by scanning the layout.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from kameleon.engine.errors import IllegalAction
from kameleon.engine.game import State, check_rng
from kameleon.games.chromino import scoring
from kameleon.games.chromino import view as seen
from kameleon.games.chromino.determinize import determinize
from kameleon.games.chromino.events import event
from kameleon.games.chromino.explain import why_illegal
from kameleon.games.chromino.notation import DRAW, PASS
from kameleon.games.chromino.phases import AFTER_DRAW, OVER, PHASES, TURN
from kameleon.games.chromino.tiles import CHAMELEON_MASK, WILD, tiles_of, triple_name

if TYPE_CHECKING:
    from kameleon.games.chromino.game import ChrominoGame


class ChrominoState(State[int]):
    """A Chromino position. Actions are the int indices of rules §12.

    Package-internal API (for this game's modules; not part of the public contract):

    * `placements(pmask)`: the legal placement actions, ascending, of the placement bits in `pmask`
      (`2·tile + flipped`, see `game.tile_pmask`) on the current `board`; the turn rules are the
      caller's (`turn_mask`, or the drawn tile's bits after a draw). Swap `board` on a clone to list
      the placements of another layout.
    * `turn_mask(seat)`: the placement bits `seat` may use at the start of its turn (its hand's, or
      none for a lone chameleon, §5.4).
    * The slots are read directly: `board`, `placed` (tile, action, seat, placed at once after a draw,
      history index), `hands` and `revealed` (tile masks), `pmasks`, `sizes`, `out`, `points`, `turns`,
      `draws`, `bag` (top last), `phase` (`phases.py`), `drawn` (-1 outside `AFTER_DRAW`), `turn_draws`,
      `final_from`, `stall`, `events` and `stuck`. Only the rules write them, and `determinize`, which
      deals the hidden tiles of a copy.
    """

    __slots__ = (
        "bag",
        "board",
        "current_player",
        "drawn",
        "draws",
        "events",
        "final_from",
        "first",
        "game",
        "hands",
        "history",
        "is_terminal",
        "out",
        "phase",
        "placed",
        "pmasks",
        "points",
        "revealed",
        "round",
        "seed",
        "sizes",
        "stall",
        "stuck",
        "turn_draws",
        "turns",
    )  # fmt: skip

    game: ChrominoGame

    def __init__(self, game: ChrominoGame, seed: int) -> None:
        setup = game.deal(seed)
        n = game.num_players
        tm = game.tile_pmask
        self.game = game
        self.seed: int | None = seed
        self.history: list[int] = []
        self.is_terminal = False
        self.board = game.start_board(setup.start)
        start_action = game.codec.encode(setup.start, 0, 0, -1, False)
        self.placed: list[tuple[int, int, int, bool, int]] = [(setup.start, start_action, -1, False, -1)]
        """(tile, action, seat or -1 for the start tile, placed at once after a draw, its index in history)."""
        self.bag = list(setup.bag)
        self.hands = [0] * n
        self.pmasks = [0] * n
        for seat, hand in enumerate(setup.hands):
            for t in hand:
                self.hands[seat] |= 1 << t
                self.pmasks[seat] |= tm[t]
        self.sizes = [len(h) for h in setup.hands]
        self.revealed = [self.hands[s] if self.sizes[s] == 1 else 0 for s in range(n)]
        self.out = [False] * n
        self.points = [0] * n
        self.turns = [0] * n
        self.draws = [0] * n
        self.first = setup.first
        self.current_player: int | None = setup.first
        self.round = 1
        self.phase = TURN
        self.drawn = -1
        self.turn_draws = 0
        self.final_from = -1
        """The seat that went out first, -1 before."""
        self.stall = 0
        """Consecutive turns that began with an empty bag and placed nothing (§6.2)."""
        self.events: list[tuple[int, int, str]] = []
        """(moves played when it happened, seat, kind): draws made without an action (§5.4 immediate)."""
        self.stuck: list[tuple[tuple[int, int], ...]] = [()] * n
        """Per seat, its turns on which no tile of its hand fitted, in order: (tiles on the table then, tiles of
        its hand then that provably did not fit), for `determinize`."""

    # --- the hot path -----------------------------------------------------------

    def placements(self, pm: int) -> list[int]:
        """Legal placement actions of the tiles whose placement bits are in `pm`, ascending."""
        out: list[int] = []
        if not pm:
            return out
        game = self.game
        add = game.add
        if game.bambino:
            for fp, i, cq, centre in self.board.bambino_candidates():
                m = pm
                base = 2 + 2 * fp
                while m:
                    low = m & -m
                    j = low.bit_length() - 1
                    m ^= low
                    x = game.laid[j]
                    if centre and x[1] != WILD:
                        continue
                    if cq == WILD or x[i] == WILD or x[i] == cq:
                        out.append(base + add[j])
        else:
            fit = game.fit
            for fp, key in self.board.cands.items():
                m = fit[key] & pm
                if m:
                    base = 2 + 2 * fp
                    while m:
                        low = m & -m
                        out.append(base + add[low.bit_length() - 1])
                        m ^= low
        out.sort()
        return out

    def turn_mask(self, seat: int) -> int:
        """Placement bits a seat may use at the start of its turn (§5.4: not a lone chameleon)."""
        if self.sizes[seat] == 1 and self.hands[seat] & CHAMELEON_MASK:
            return 0
        return self.pmasks[seat]

    def _may_draw_again(self) -> bool:
        rule = self.game.options["draw"]
        if rule == "one" or not self.bag:
            return False
        return rule == "until_playable" or self.turn_draws < self.game.options["draw_limit"]

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == TURN:
            found = self.placements(self.turn_mask(self.current_player))  # type: ignore[arg-type]
            if found:
                return found
            return [DRAW] if self.bag else [PASS]
        if phase == AFTER_DRAW:
            found = self.placements(self.game.tile_pmask[self.drawn])
            if found:
                if self.game.may_keep:
                    found.insert(0, PASS)
                return found
            return [DRAW] if self._may_draw_again() else [PASS]
        return []

    def _placement_ok(self, action: int) -> tuple[int, int, int] | None:
        """(tile, board footprint, placement bit) if `action` is a legal placement now, else None."""
        game = self.game
        if type(action) is not int or not 2 <= action < game.num_distinct_actions:
            return None
        k = action - 2
        j_f = k & 1
        k >>= 1
        t = k // game.plane
        fp = k - t * game.plane
        j = 2 * t + j_f
        if not game.tile_pmask[t] >> j & 1:
            return None  # a flipped palindrome: no action
        seat = self.current_player
        if self.phase == TURN:
            if not self.turn_mask(seat) >> j & 1:  # type: ignore[arg-type]
                return None
        elif t != self.drawn:
            return None
        if game.bambino:
            x = game.laid[j]
            for f, i, cq, centre in self.board.bambino_candidates():
                if f == fp and (not centre or x[1] == WILD) and (cq == WILD or x[i] == WILD or x[i] == cq):
                    return t, fp, j
            return None
        key = self.board.cands.get(fp)
        if key is None or not game.fit[key] >> j & 1:
            return None
        return t, fp, j

    def apply(self, action: int) -> None:
        phase = self.phase
        if phase == OVER:
            raise IllegalAction(why_illegal(self, action))
        if action == DRAW and type(action) is int:
            if phase == TURN:
                ok = bool(self.bag) and not self.placements(self.turn_mask(self.current_player))  # type: ignore[arg-type]
            else:
                ok = self._may_draw_again() and not self.placements(self.game.tile_pmask[self.drawn])
            if not ok:
                raise IllegalAction(why_illegal(self, action))
            self.history.append(action)
            if phase == TURN:
                self._stuck()
            else:
                self._did_not_fit()
            self._draw()
            return
        if action == PASS and type(action) is int:
            if phase == TURN:
                ok = not self.bag and not self.placements(self.turn_mask(self.current_player))  # type: ignore[arg-type]
            elif self.placements(self.game.tile_pmask[self.drawn]):
                ok = self.game.may_keep
            else:
                ok = not self._may_draw_again()
            if not ok:
                raise IllegalAction(why_illegal(self, action))
            self.history.append(action)
            if phase == TURN:
                self._stuck()
            elif not self.game.may_keep:
                self._did_not_fit()
            self._end_turn(False)
            return
        found = self._placement_ok(action)
        if found is None:
            raise IllegalAction(why_illegal(self, action))
        self.history.append(action)
        t, fp, j = found
        seat: int = self.current_player  # type: ignore[assignment]
        game = self.game
        board = self.board
        if game.expert:
            self.points[seat] += scoring.placement_points(self, t, fp)
        board.place(fp, game.laid[j])
        self.placed.append((t, action, seat, phase == AFTER_DRAW, len(self.history) - 1))
        bit = 1 << t
        self.hands[seat] &= ~bit
        self.revealed[seat] &= ~bit
        self.pmasks[seat] &= ~game.tile_pmask[t]
        self.sizes[seat] -= 1
        self._end_turn(True)

    def _stuck(self) -> None:
        """No tile of the mover's hand fits: a draw or a pass at the start of its turn."""
        seat: int = self.current_player  # type: ignore[assignment]
        self.stuck[seat] += ((len(self.placed), self.sizes[seat]),)

    def _did_not_fit(self) -> None:
        """The tile just drawn does not fit either, and stays in the hand."""
        seat: int = self.current_player  # type: ignore[assignment]
        laid, proven = self.stuck[seat][-1]
        self.stuck[seat] = (*self.stuck[seat][:-1], (laid, proven + 1))

    def _draw(self) -> None:
        seat: int = self.current_player  # type: ignore[assignment]
        t = self.bag.pop()
        self.hands[seat] |= 1 << t
        self.pmasks[seat] |= self.game.tile_pmask[t]
        self.sizes[seat] += 1
        self.draws[seat] += 1
        self.drawn = t
        self.turn_draws += 1
        self.phase = AFTER_DRAW

    def _end_turn(self, placed: bool) -> None:
        """The end-of-turn procedure of §6.4, in its normative order."""
        seat: int = self.current_player  # type: ignore[assignment]
        n = len(self.sizes)
        began_empty = not self.bag and self.turn_draws == 0
        size = self.sizes[seat]
        if size == 0:
            self.out[seat] = True
            if self.final_from < 0:
                self.final_from = seat
        elif size == 1:
            self.revealed[seat] = self.hands[seat]
            if self.game.immediate_draw and self.hands[seat] & CHAMELEON_MASK and self.bag:
                t = self.bag.pop()
                self.hands[seat] |= 1 << t
                self.pmasks[seat] |= self.game.tile_pmask[t]
                self.sizes[seat] += 1
                self.draws[seat] += 1
                self.events.append((len(self.history), seat, "draw"))
        self.stall = self.stall + 1 if began_empty and not placed else 0
        self.turns[seat] += 1
        self.phase = TURN
        self.drawn = -1
        self.turn_draws = 0
        if self.final_from >= 0:
            last = (self.first if self.game.complete_round else self.final_from) - 1
            if seat == last % n:
                self._finish()
                return
        if self.stall >= n:
            self._finish()
            return
        for k in range(1, n + 1):
            q = (seat + k) % n
            if q == self.first:
                self.round += 1
            if not self.out[q]:
                self.current_player = q
                return
        self._finish()

    def _finish(self) -> None:
        self.phase = OVER
        self.current_player = None
        self.is_terminal = True

    # --- results --------------------------------------------------------------

    def scores(self) -> list[int]:
        return scoring.scores(self.game.options["scoring"], self.sizes, self.out, self.points)

    def winners(self) -> list[int]:
        if not self.is_terminal:
            return []
        return scoring.winners(self.game.options["scoring"], self.sizes, self.out, self.points)

    def score_breakdown(self) -> list[dict[str, Any]]:
        """Each seat's `scoring.parts`: the rule of the scoring mode that gave its score, the tiles left in its
        hand, whether it went out, and the total."""
        mode = self.game.options["scoring"]
        return [
            scoring.parts(mode, self.sizes[seat], self.out[seat], self.points[seat]) for seat in range(len(self.sizes))
        ]

    def end_reason(self) -> str | None:
        """`"went_out"` when a player emptied its hand (the round was then completed, §6.1), `"blocked"` when a
        whole round passed with an empty bag and no tile laid (§6.2); None while the game goes on."""
        if not self.is_terminal:
            return None
        return scoring.end_reason(self.final_from >= 0)

    # --- the rest of the contract ---------------------------------------------

    def clone(self) -> ChrominoState:
        other = object.__new__(ChrominoState)
        other.game = self.game
        other.seed = self.seed
        other.history = self.history[:]
        other.is_terminal = self.is_terminal
        other.board = self.board.clone()
        other.placed = self.placed[:]
        other.bag = self.bag[:]
        other.hands = self.hands[:]
        other.pmasks = self.pmasks[:]
        other.sizes = self.sizes[:]
        other.revealed = self.revealed[:]
        other.out = self.out[:]
        other.points = self.points[:]
        other.turns = self.turns[:]
        other.draws = self.draws[:]
        other.first = self.first
        other.current_player = self.current_player
        other.round = self.round
        other.phase = self.phase
        other.drawn = self.drawn
        other.turn_draws = self.turn_draws
        other.final_from = self.final_from
        other.stall = self.stall
        other.events = self.events[:]
        other.stuck = self.stuck[:]
        return other

    def determinize(self, player: int, rng: random.Random) -> ChrominoState:
        """Deal the tiles `player` cannot see again, keeping every hand size and the bag size (§9), and every
        draw's proof that the drawer had no tile that fitted (see `determinize.py`)."""
        check_rng(rng)
        return determinize(self, player, rng)

    def shuffle_unseen(self, rng: random.Random) -> None:
        """Shuffle the bag: the only thing no seat has seen (hands are known to their holders)."""
        rng.shuffle(self.bag)

    def view(self, player: int | None) -> dict[str, Any]:
        return seen.view(self, player)

    def hand(self, seat: int) -> list[int]:
        """The tile ids in a seat's hand, ascending (not a view: hidden tiles included)."""
        return tiles_of(self.hands[seat])

    def action_to_str(self, action: int) -> str:
        return self.game.codec.to_str(action)

    def token_seen_by(self, action: int, seat: int | None) -> str:
        """Every token is public (§9), but only the drawer sees the tile a `draw` takes (everyone
        with `open_hands`): its log reads `draw RYG`, the others' `draw`. A placement that leaves a
        lone chameleon with `chameleon_last_draw = "immediate"` draws at once, without an action:
        the owner's log adds `+RYG`, the others' `+?`.
        """
        game = self.game
        mover = self.current_player
        sees = seat == mover or game.options["open_hands"]
        colours = game.codec.colours
        if action == DRAW:
            return f"draw {triple_name(colours[self.bag[-1]])}" if sees and self.bag else "draw"
        token = game.codec.to_str(action)
        if action == PASS or not game.immediate_draw or not self.bag:
            return token
        tile = game.tile_of(action)
        rest = self.hands[mover] & ~(1 << tile)  # type: ignore[index]
        if rest & CHAMELEON_MASK and rest & (rest - 1) == 0:
            return f"{token} +{triple_name(colours[self.bag[-1]])}" if sees else f"{token} +?"
        return token

    def parse_action(self, text: str) -> int:
        return self.game.codec.parse(text)

    def event_seen_by(self, action: int, after: State[int], seat: int | None) -> dict[str, Any]:
        assert isinstance(after, ChrominoState)
        return event(self, action, after, seat)

    def __repr__(self) -> str:
        where = f"round {self.round} {PHASES[self.phase]} seat {self.current_player}"
        return f"<ChrominoState {where} moves {len(self.history)} tiles laid {len(self.placed)}>"
