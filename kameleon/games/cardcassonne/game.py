"""The Cardcassonne game object: options, static facts and the action space."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from kameleon.engine.game import Game
from kameleon.engine.hooks import NetworkInput, Observation, TerminalRenderer
from kameleon.games.cardcassonne import heuristics
from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne import options as opts
from kameleon.games.cardcassonne.cards import DEAL_TABLE
from kameleon.games.cardcassonne.state import CardcassonneState


class CardcassonneGame(Game[int]):
    """Cardcassonne for 2-5 players (rules/cardcassonne.md).

    >>> game = CardcassonneGame(players=4)
    >>> game.cards_per_round, game.rounds, game.num_distinct_actions
    (5, 6, 206)
    """

    name = "cardcassonne"
    title = "Cardcassonne"
    option_specs = opts.OPTIONS
    num_distinct_actions = nt.NUM_ACTIONS
    actions_are_indices = True
    state_class = CardcassonneState

    def new_state(self, seed: int | None = None) -> CardcassonneState:
        return cast(CardcassonneState, super().new_state(seed))  # the same state, typed as this game's

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.cards_per_round, self.rounds = DEAL_TABLE[self.num_players]
        self.round_first: bool = self.options["face_down_rule"] == "round_first"

    check_options = staticmethod(opts.check_options)

    def action_index(self, action: int) -> int:
        if not nt.is_action(action):
            raise ValueError(f"{action!r} is not a Cardcassonne action")
        return action

    def index_action(self, index: int) -> int:
        if not nt.is_action(index):
            raise ValueError(
                f"index {index!r} denotes no Cardcassonne action (a face-up coloured card into another row)"
            )
        return index

    # Plug-in capabilities (kameleon.engine.Game documents each).

    has_heuristics = True
    # Cardcassonne turns on follower timing: random rollouts claim rows at random moments and mislead the
    # search, so rollouts play the greedy heuristic for about a round and the game's final-score estimate
    # (points, chest, the claim in hand) judges the rest.
    search_settings: ClassVar[Mapping[str, Any]] = {
        "rollout_greedy": 1.0,
        "rollout_depth": 14,
        "evaluation_scale": 20.0,
    }

    def action_values(self, state: CardcassonneState, actions: list[int]) -> list[float]:
        return heuristics.action_values(state, actions)

    has_evaluation = True

    def position_values(self, state: CardcassonneState) -> list[float]:
        return [heuristics.evaluate(state, seat) for seat in range(self.num_players)]

    def observation(self) -> Observation:
        from kameleon.games.cardcassonne import observation

        return observation.encoding(self)

    def network_input(self) -> NetworkInput:
        from kameleon.games.cardcassonne import features

        return NetworkInput("cardcassonne-features-1", len(features.NETWORK_FEATURES), features.network_features)

    def renderer(self) -> TerminalRenderer:
        from kameleon.games.cardcassonne.render import RENDERER  # rich is loaded only for the terminal

        return RENDERER

    def bench_extras(self, seconds: float) -> dict[str, Any]:
        from kameleon.games.cardcassonne import bench

        return dict(bench.run(seconds))
