"""The `expert` level: ISMCTS whose leaves are judged by the game's trained value network.

The search is the `hard` bot's (`kameleon.ai.ismcts`: determinizations of the
seat's view only, so it is exactly as fair), but instead of playing random
moves to the end it stops at each new leaf and asks the network for every
seat's win chance (`EXPERT_SETTINGS`), and it starts a new tree at every move
rather than keep the last one's subtree. Networks are trained by self-play with
`kameleon research train GAME` (`kameleon.research.train`) and shipped in each
game's package (`Game.network_dir()`, one file per table size), loaded once per
process. Where a game or table size has no network, `expert` plays as `hard`.

A game of two seats and perfect information may ask for another search
(`Game.expert_search = "alphabeta"`, Le Caméléon): then `expert` plays the
alpha-beta search of `kameleon.ai.alphabeta` with the same budget, its
`iterations` counting positions examined, and analysis and hints ask that search
too (`alphabeta`). Given a network file (`research train` does), it plays
ISMCTS judged by that network in every game: the file is what is being trained.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kameleon.ai.alphabeta import AlphaBetaAgent, check_calibration
from kameleon.ai.ismcts import ISMCTSAgent
from kameleon.engine.agent import seat_to_move
from kameleon.engine.game import ALPHABETA, Game, State

if TYPE_CHECKING:
    from kameleon.ai.network import ValueNetwork

EXPERT_SETTINGS: dict[str, Any] = {
    "rollout_depth": 0,
    "cutoff": "softmax",
    "evaluation_scale": 2.0,
    "win_weight": 1.0,
    "exploration": 0.7,
}
"""ISMCTS settings where a network judges: no rollout, the leaf's softmax of the seats' logits is
their win chances (softmax cut-off at scale 2 is exactly that), and a finished game counts wins only."""

Judge = Callable[[State[Any]], list[float]]

_LOADED: dict[tuple[str, int, str, str], Judge | None] = {}
"""(game, players, encoding, file) -> the judge, or None where no network is shipped: loaded once."""


def network_file(game: Game[Any]) -> Path | None:
    """Where `game`'s network for its table size lies (whether or not it is there)."""
    folder = game.network_dir()
    return None if folder is None else folder / f"value-{game.num_players}p.npz"


def judge(game: Game[Any], path: Path | None = None) -> Judge | None:
    """Each seat's logit of a position by `game`'s network (default: the shipped one), or None when it ships
    none for this table size. A file that is there but unreadable or for another encoding raises
    NetworkError, and so does a `path` given that is not there (a bot asked to play a network never plays
    without it) or a shipped one (`Game.shipped_networks`) gone from the install."""
    encoding = game.network_input()
    given = path is not None
    path = network_file(game) if path is None else path
    if encoding is None or path is None:
        return None
    key = (game.name, game.num_players, encoding.name, str(path))
    if key not in _LOADED:
        from kameleon.ai import network  # NumPy, imported only where a network is played

        if path.exists() or given:
            net = network.load(path, game=game.name, players=game.num_players, input_name=encoding.name)
            _LOADED[key] = value_function(net, encoding.encode)
        elif game.num_players in game.shipped_networks:
            raise network.NetworkError(
                f"the {game.name} network for {game.num_players} players, {path}, is missing: reinstall kameleon"
            )
        else:
            _LOADED[key] = None
    return _LOADED[key]


def has_network(game: Game[Any]) -> bool:
    """Whether `game` ships a network for its table size (else `expert` plays as `hard`); a damaged one raises
    NetworkError."""
    return judge(game) is not None


def check_install(game: Game[Any]) -> None:
    """Read what `expert` needs at `game`'s table: its shipped network (`judge`: missing or damaged is a
    NetworkError) and, where it searches by alpha-beta, the value it judges by (one position judged, so that a
    damaged weights file is found now). KameleonError naming the file."""
    judge(game)
    if ExpertAgent.by_alphabeta(game):
        game.search_value(game.new_state(0))
        check_calibration(game)


def check_shipped() -> None:
    """Read every learned file the package ships, each game's networks (`Game.shipped_networks`) and learned
    value weights (`Game.value_model`), the way the bots read them, so that a damaged install is refused by name
    where a server starts, not found by a bot in the middle of a game (KameleonError naming the file). A
    built-in game that does not load (its weights are read at import) is refused too; a plug-in that does not
    load is the registry's to report."""
    from kameleon.engine.errors import KameleonError
    from kameleon.engine.registry import BUILT_IN, game_class, games, load

    for name in games():
        try:
            cls = game_class(name)
        except KameleonError:
            if name in BUILT_IN:
                raise
            continue
        for players in cls.shipped_networks:
            check_install(load(name, players=players))
        if cls.expert_search == ALPHABETA:
            check_install(load(name, players=2))
        model = cls.value_model()
        if model is not None:
            model.load(model.weights_file)


def is_hard(game: Game[Any]) -> bool:
    """Whether `expert` is the same bot as `hard` at `game`'s table: no network is shipped for its size and the
    game asks for no search of its own (`Game.expert_search`)."""
    return game.expert_search != ALPHABETA and not has_network(game)


def value_function(net: ValueNetwork, encode: Callable[[Any, int], Any]) -> Judge:
    """The judge of a network: every seat's encoding through it at once, one logit per seat."""
    import numpy as np

    def values(state: State[Any]) -> list[float]:
        rows = np.array([encode(state, seat) for seat in range(state.num_players)], dtype=np.float32)
        out: list[float] = net.logits(rows).tolist()
        return out

    return values


class ExpertAgent(ISMCTSAgent):
    """ISMCTS judged by the game's value network, with a new tree at every move (`hard` where there is none);
    alpha-beta where the game asks for it (`Game.expert_search`)."""

    def __init__(self, seed: int | None = None, *, network: str | Path | None = None, **settings: Any) -> None:
        """`network`: a network file to judge with instead of the game's shipped one (training uses it).

        `reuse_tree` is the level's own and set at each search (`level_settings`): off where a network judges,
        on where none does; a value given here does not last past the first search."""
        settings.setdefault("name", "expert")
        settings.setdefault("game_settings", True)
        super().__init__(seed, **settings)
        self.network = None if network is None else Path(network)
        self._judge: Judge | None = None
        self._seed = seed
        self._minimax: dict[str, AlphaBetaAgent] = {}
        self.last_turn: tuple[Any, ...] = ()
        """Where the alpha-beta search played the last move: every action of the turn it began (else empty)."""

    @staticmethod
    def by_alphabeta(game: Game[Any]) -> bool:
        """Whether `expert` plays `game` by the alpha-beta search (`Game.expert_search`) rather than ISMCTS."""
        return game.expert_search == ALPHABETA

    def alphabeta(self, game: Game[Any], **settings: Any) -> AlphaBetaAgent:
        """A new alpha-beta search of this bot's seed and budget, with the game's `expert_settings` and then
        `settings` (analysis asks for no contempt, so that a draw is worth half)."""
        return AlphaBetaAgent(
            self._seed, iterations=self.iterations, time_limit=self.time_limit, name=self.name,
            **{**game.expert_settings, **settings},
        )  # fmt: skip

    def act(self, state: State[Any]) -> Any:
        seat_to_move(state)
        game: Game[Any] = state.game
        self.last_turn = ()
        if not self.by_alphabeta(game) or self.network is not None:
            return super().act(state)
        searcher = self._minimax.get(game.name)
        if searcher is None:
            searcher = self._minimax[game.name] = self.alphabeta(game)
        action = searcher.act(state)
        self.last_iterations = searcher.last_iterations
        self.last_turn = searcher.last_turn
        return action

    def level_settings(self, game: Game[Any]) -> Mapping[str, Any]:
        self._judge = judge(game, self.network)
        # Judged by a network, the search starts a new tree at every move: a kept subtree's values were judged
        # on samples of what the bot knew a move earlier, and at 1 s per move they outweighed the new search
        # (docs/bots.md, "Measured"). Without a network it is `hard`, kept tree and all.
        self.reuse_tree = self._judge is None
        if self._judge is None:
            return {}
        own = game.expert_settings if not self.by_alphabeta(game) else {}  # else they are the alpha-beta's
        return {**EXPERT_SETTINGS, **own}

    def leaf_values(self, game: Game[Any]) -> Judge:
        return self._judge if self._judge is not None else game.position_values
