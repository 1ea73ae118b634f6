"""kameleon: rules engines, bots and an arena for four colour games.

>>> import kameleon
>>> kameleon.games()
['cameleon', 'cardcassonne', 'chromino', 'coloretto']
>>> game = kameleon.load("coloretto", players=4)
>>> state = game.new_state(seed=7)
>>> state.legal_actions() == [state.parse_action("draw")]
True
"""

from typing import TYPE_CHECKING

from kameleon.engine import (
    Agent,
    BrokenGame,
    Game,
    IllegalAction,
    InvalidOption,
    KameleonError,
    NotationError,
    RecordError,
    State,
    UnknownGame,
    load,
    play_match,
    read_record,
    replay,
    write_record,
)

if TYPE_CHECKING:  # what the callable package below answers, as the type checker should see it
    from kameleon.engine.registry import games
else:
    from kameleon import games  # a callable package: kameleon.games() lists the games

__version__ = "0.1.0"

__all__ = [
    "Agent",
    "BrokenGame",
    "Game",
    "IllegalAction",
    "InvalidOption",
    "KameleonError",
    "NotationError",
    "RecordError",
    "State",
    "UnknownGame",
    "__version__",
    "games",
    "load",
    "play_match",
    "read_record",
    "replay",
    "write_record",
]
