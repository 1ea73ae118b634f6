"""Game-agnostic core: the Game/State protocol, options, seeds, records, matches."""

from kameleon.engine.agent import Agent
from kameleon.engine.errors import (
    BrokenGame,
    IllegalAction,
    InvalidOption,
    KameleonError,
    NotationError,
    RecordError,
    UnknownGame,
)
from kameleon.engine.game import Game, State
from kameleon.engine.match import MatchResult, play_match
from kameleon.engine.options import REQUIRED, Option
from kameleon.engine.record import read_record, replay, write_record
from kameleon.engine.registry import games, load

__all__ = [
    "REQUIRED",
    "Agent",
    "BrokenGame",
    "Game",
    "IllegalAction",
    "InvalidOption",
    "KameleonError",
    "MatchResult",
    "NotationError",
    "Option",
    "RecordError",
    "State",
    "UnknownGame",
    "games",
    "load",
    "play_match",
    "read_record",
    "replay",
    "write_record",
]
