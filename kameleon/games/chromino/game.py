"""The Chromino game object: options, tile tables and the action space (rules §7.1, §12)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar, cast

from kameleon.engine.game import Game
from kameleon.engine.hooks import NetworkInput, Observation, Puzzle, TerminalRenderer, ValueModel
from kameleon.games.chromino import heuristics
from kameleon.games.chromino import options as opts
from kameleon.games.chromino.board import ANY, CONFLICT, Board
from kameleon.games.chromino.notation import BAMBINO_W, STANDARD_W, Codec
from kameleon.games.chromino.setup import Setup, deal
from kameleon.games.chromino.state import ChrominoState
from kameleon.games.chromino.tiles import WILD, tile_colours, tile_value


def _allowed(x: int) -> tuple[int, ...]:
    """Requirement codes a square of colour `x` satisfies."""
    return tuple(range(7)) if x == WILD else (ANY, x)


@cache
def fit_table(ends: tuple[str, ...]) -> tuple[int, ...]:
    """For each requirement triple `key` (board.py), the placement bits `2·tile + flipped` that fit it.

    Flipped palindromes get no bit (normal form, §3.2).
    """
    fit = [0] * 512
    for t, (a, b, c) in enumerate(tile_colours(ends)):
        directions = [((a, b, c), 0)] if a == c else [((a, b, c), 0), ((c, b, a), 1)]
        for (x0, x1, x2), f in directions:
            bit = 1 << (2 * t + f)
            for r0 in _allowed(x0):
                for r1 in _allowed(x1):
                    for r2 in _allowed(x2):
                        fit[r0 << 6 | r1 << 3 | r2] |= bit
    for key in range(512):
        if key >> 6 == CONFLICT or key & 7 == CONFLICT:
            assert fit[key] == 0
    return tuple(fit)


class ChrominoGame(Game[int]):
    """Chromino for 1-8 players (rules/chromino.md). Actions are the int indices of §12.

    >>> game = ChrominoGame(players=4, preset="bga")
    >>> game.options["drawn_tile"], game.options["scoring"], game.num_distinct_actions
    ('may', 'bga', 32973122)
    """

    name = "chromino"
    title = "Chromino"
    option_specs = opts.OPTIONS
    state_class = ChrominoState

    def new_state(self, seed: int | None = None) -> ChrominoState:
        return cast(ChrominoState, super().new_state(seed))  # the same state, typed as this game's

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        ends = tuple(o["chameleon_ends"])
        self.bambino = o["placement"] == "bambino"
        self.codec = Codec(BAMBINO_W if self.bambino else STANDARD_W, ends)
        self.num_distinct_actions = self.codec.num_actions
        self.plane = 2 * self.codec.S2
        colours = self.codec.colours
        self.fit = fit_table(ends)
        self.tile_pmask = tuple((1 if c[0] == c[2] else 3) << (2 * t) for t, c in enumerate(colours))
        self.add = tuple((j >> 1) * self.codec.tile_stride + (j & 1) for j in range(160))
        self.laid = tuple(self.codec.laid_colours(j >> 1, j & 1) for j in range(160))
        """Colours in footprint order of each placement bit."""
        self.values = tuple(tile_value(c) for c in colours)
        self.expert = o["scoring"] == "expert"
        self.may_keep = o["drawn_tile"] == "may"
        self.immediate_draw = o["chameleon_last_draw"] == "immediate"
        self.complete_round = o["final_round"] == "complete_round"
        self.layout_fits: dict[tuple[int, ...], int] = {}
        """`determinize.fitting`'s cache: the placements that built a layout -> the tiles that fit it."""
        self._start_boards: dict[int, Board] = {}

    expand_presets = staticmethod(opts.expand_presets)

    check_options = staticmethod(opts.check_options)

    def start_board(self, start: int) -> Board:
        """A fresh board holding only the start tile `start` at H 0,-1 (§4.1), copied from a cache."""
        board = self._start_boards.get(start)
        if board is None:
            board = Board(self.codec.W, self.bambino)
            board.place(self.board_fp(self.codec.encode(start, 0, 0, -1, False)), self.codec.colours[start])
            self._start_boards[start] = board
        return board.clone()

    def deal(self, seed: int) -> Setup:
        return deal(self.options, seed)

    def board_fp(self, action: int) -> int:
        """The board footprint id of a placement action."""
        return ((action - 2) >> 1) % self.plane

    def tile_of(self, action: int) -> int:
        """The tile a placement action lays."""
        return ((action - 2) >> 1) // self.plane

    def action_index(self, action: int) -> int:
        return self.codec.check(action)

    def index_action(self, index: int) -> int:
        return self.codec.check(index)

    # Plug-in capabilities (kameleon.engine.Game documents each).

    shipped_networks = (2, 4)
    has_heuristics = True
    # Short random rollouts scored by `heuristics.evaluate` (a learned value in log-odds, so the softmax at
    # scale 2 gives each seat its win probability) beat full random ones and cost a quarter as much; greedy
    # rollouts cost 7 times as much per iteration. 10 moves beat 6 and 4 at 0.25 s per move (docs/bots.md).
    search_settings: ClassVar[Mapping[str, Any]] = {"rollout_depth": 10, "evaluation_scale": 2.0, "cutoff": "softmax"}

    def action_values(self, state: ChrominoState, actions: list[int]) -> list[float]:
        return heuristics.action_values(state, actions)

    has_evaluation = True

    def position_values(self, state: ChrominoState) -> list[float]:
        return [heuristics.evaluate(state, seat) for seat in range(self.num_players)]

    def observation(self) -> Observation:
        from kameleon.games.chromino import observation

        return observation.encoding(self)

    def renderer(self) -> TerminalRenderer:
        from kameleon.games.chromino.render import RENDERER  # rich is loaded only for the terminal

        return RENDERER

    def bench_extras(self, seconds: float) -> dict[str, Any]:
        from kameleon.games.chromino import bench

        return dict(bench.run(seconds))

    @classmethod
    def puzzle(cls) -> Puzzle:
        from kameleon.games.chromino import solver

        return solver.PUZZLE

    def network_input(self) -> NetworkInput:
        from kameleon.games.chromino import value

        return NetworkInput("chromino-features-1", len(value.NETWORK_FEATURES), value.network_features)

    @classmethod
    def value_model(cls) -> ValueModel:
        from kameleon.games.chromino import value

        return value.MODEL
