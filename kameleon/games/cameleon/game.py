"""The Le Caméléon game object: options, board facts and the action space (rules §10)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from kameleon.engine.game import ALPHABETA, Game
from kameleon.engine.hooks import NetworkInput, Observation, TerminalRenderer, ValueModel
from kameleon.engine.seeding import check_seed
from kameleon.games.cameleon import cpn, heuristics, value
from kameleon.games.cameleon import options as opts
from kameleon.games.cameleon.board import geometry, ranks_of
from kameleon.games.cameleon.state import CameleonState


class CameleonGame(Game[int]):
    """Le Caméléon for two players (rules/cameleon.md); seat 0 = Round, seat 1 = Square.

    >>> game = CameleonGame()
    >>> state = game.new_state(seed=1)
    >>> [state.action_to_str(a) for a in state.legal_actions()][:3]
    ['a4-b5', 'c4-d5', 'c4-b5']
    >>> game.num_distinct_actions
    2096
    """

    name = "cameleon"
    title = "Le Caméléon"
    option_specs = opts.OPTIONS
    num_distinct_actions = 2096
    actions_are_indices = True
    bench_max_moves = 200
    perfect_information = True
    """Both sides see everything (the research adapters declare it)."""
    random_setup = False
    """Every game starts from the same position: the adapters give it no chance node."""

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        self.geo = geo = geometry(ranks_of(o["board"]))
        self.num_distinct_actions = geo.num_actions
        self.finite: bool = o["finite_supply"]
        self.lone_piece: bool = o["lone_piece_rule"]
        self.np_limit: int = o["no_progress_plies"]
        self.rep_limit: int = o["repetition_count"]
        self.blocks_all = o["full_reserve_blocks"] == "all"
        self.auto = o["reserve_placement"] == "auto"
        self.opposite = o["capture_geometry"] == "opposite"
        self.moved_only = o["capture_trigger"] == "moved_piece"
        self.pairs, self.neighbour_mask = _neighbour_tables(geo.size, geo.area, self.opposite)
        if o["start"] is not None:
            self.start = cpn.read(o["start"], geo)
        else:
            standard = cpn.read(cpn.STANDARD[geo.ranks], geo)
            self.start = cpn.Position(standard.board, 0 if o["first_player"] == "round" else 1, 0, 1)

    check_options = staticmethod(opts.check_options)

    def new_state(self, seed: int | None = None) -> CameleonState:
        """The start position; the game has no randomness, the seed only names the game."""
        return CameleonState(self, check_seed(seed), self.start)

    def from_cpn(self, text: str) -> CameleonState:
        """A state at the CPN position `text` with this game's options (its record uses option `start`)."""
        return type(self)(**{**self.options, "start": text}).new_state(0)

    # Plug-in capabilities (kameleon.engine.Game documents each).

    has_heuristics = True
    # Random play in Le Caméléon wanders for hundreds of plies; short rollouts scored by the game's
    # material-and-threats evaluation are far more informative (measured against `medium`).
    search_settings: ClassVar[Mapping[str, Any]] = {"rollout_depth": 4, "evaluation_scale": 4.0}

    def action_values(self, state: CameleonState, actions: list[int]) -> list[float]:
        return heuristics.action_values(state, actions)

    has_evaluation = True

    def position_values(self, state: CameleonState) -> list[float]:
        return [heuristics.evaluate(state, seat) for seat in range(self.num_players)]

    expert_search = ALPHABETA
    # Both seats see everything and nothing is left to chance: a minimax search sees captures coming that
    # short rollouts miss (docs/bots.md, "Measured"). A draw counts 0.05 of the learned value below a level
    # position (0.1 log-odds through `value_calibration`: 2.5 points of win chance), so that the search does not
    # settle for a repetition or a stalled game there.
    expert_settings: ClassVar[Mapping[str, Any]] = {"contempt": 0.05}

    def search_value(self, state: CameleonState) -> float:
        return value.search_value(state)

    # The learned value was fitted on the search's games against itself at 300 positions a decision; between
    # `expert` and `hard` at 0.1 s the scale that predicts the results best from the searched values analysis
    # reads is 2.06 (1.63-2.64; the strength report's 200 games), 2.29 at 1 s (1.21-4.77; 27 games): `kameleon
    # research calibrate`, docs/analysis.md.
    value_calibration: ClassVar[float] = 2.0

    @classmethod
    def value_model(cls) -> ValueModel:
        return value.MODEL

    def position_key(self, state: CameleonState) -> Hashable | None:
        # The board and the side to move (the Zobrist hash), and the counters a draw is decided by: the plies
        # without progress, how often this position was seen, a pass just made, the rewards left in a finite
        # supply. Not the other positions seen since the last capture: a repetition found on one path may be
        # reused on another (the usual price of a table). Inside a ply (its choices pending) none.
        if state.pending is not None:
            return None
        tray = None if state.tray is None else (*state.tray[0], *state.tray[1])
        return state.hash, state.no_progress, state.reps.get(state.hash, 0), state.last_pass, tray

    def observation(self) -> Observation:
        from kameleon.games.cameleon import observation

        return observation.encoding(self)

    def network_input(self) -> NetworkInput:
        from kameleon.games.cameleon import features

        return NetworkInput("cameleon-features-1", len(features.NETWORK_FEATURES), features.network_features)

    def renderer(self) -> TerminalRenderer:
        from kameleon.games.cameleon.render import RENDERER  # rich is loaded only for the terminal

        return RENDERER

    def bench_extras(self, seconds: float) -> dict[str, Any]:
        from kameleon.games.cameleon import bench

        return dict(bench.run(seconds))


def _neighbour_tables(
    size: int, area: int, opposite: bool
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[int, ...]]:
    """Per square: the pairs of orthogonal neighbours in the playing area that can flank it (§5.1), and a mask
    of those neighbours (for capture_trigger=moved_piece)."""
    pairs = []
    masks = []
    for v in range(size):
        f = v & 7
        north = v + 8 if area >> (v + 8) & 1 else -1
        south = v - 8 if v >= 8 and area >> (v - 8) & 1 else -1
        east = v + 1 if f < 7 and area >> (v + 1) & 1 else -1
        west = v - 1 if f > 0 and area >> (v - 1) & 1 else -1
        if opposite:
            candidates = [(north, south), (east, west)]
        else:
            sides = [north, south, east, west]
            candidates = [(sides[i], sides[j]) for i in range(4) for j in range(i + 1, 4)]
        pairs.append(tuple((a, b) for a, b in candidates if a >= 0 and b >= 0))
        masks.append(sum(1 << s for s in (north, south, east, west) if s >= 0))
    return tuple(pairs), tuple(masks)
