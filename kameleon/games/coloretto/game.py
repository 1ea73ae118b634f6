"""The Coloretto game object: options, setup facts, the action space and the plug-in capabilities."""

from __future__ import annotations

from typing import Any, cast

from kameleon.engine.game import Game
from kameleon.engine.hooks import Observation, TerminalRenderer
from kameleon.games.coloretto import heuristics, observation
from kameleon.games.coloretto import notation as nt
from kameleon.games.coloretto import options as opts
from kameleon.games.coloretto.cards import row_capacities
from kameleon.games.coloretto.setup import Setup, deal
from kameleon.games.coloretto.state import ColorettoState


class ColorettoGame(Game[int]):
    """Coloretto for 2-5 players (rules/coloretto.md).

    >>> game = ColorettoGame(players=2, preset="bga")
    >>> game.options["last_round_depth"], game.options["jokers"], game.capacities
    (15, 'plain', (1, 2, 3))
    """

    name = "coloretto"
    title = "Coloretto"
    option_specs = opts.OPTIONS
    num_distinct_actions = nt.NUM_ACTIONS
    actions_are_indices = True
    state_class = ColorettoState

    def new_state(self, seed: int | None = None) -> ColorettoState:
        return cast(ColorettoState, super().new_state(seed))  # the same state, typed as this game's

    expand_presets = staticmethod(opts.expand_presets)
    check_options = staticmethod(opts.check_options)

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.capacities: tuple[int, ...] = row_capacities(self.num_players, self.options["two_player_rows"])

    def deal(self, seed: int) -> Setup:
        return deal(self.options, seed)

    # Plug-in capabilities (kameleon.engine.Game documents each).

    shipped_networks = (2, 4)
    has_heuristics = True

    def action_values(self, state: ColorettoState, actions: list[int]) -> list[float]:
        return heuristics.action_values(state, actions)

    def observation(self) -> Observation:
        return observation.encoding(self)

    def renderer(self) -> TerminalRenderer:
        from kameleon.games.coloretto.render import RENDERER  # rich is loaded only for the terminal

        return RENDERER
