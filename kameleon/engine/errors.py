"""Exceptions raised by the engine; every one names what was wrong."""

from __future__ import annotations

import reprlib

from kameleon.engine.messages import Message, plain

_SHORT = reprlib.Repr()
_SHORT.maxstring, _SHORT.maxlong, _SHORT.maxother = 60, 40, 60


def quoted(value: object) -> str:
    """`repr(value)`, shortened in the middle when long, for error messages that echo what they were given."""
    return _SHORT.repr(value)


class KameleonError(Exception):
    """Base class of every error kameleon raises on purpose."""


class UnknownGame(KameleonError, ValueError):
    """`kameleon.load` was given a name that is not in the registry."""


class BrokenGame(KameleonError, RuntimeError):
    """A registered game (usually a plug-in) that fails to import or is not a Game class."""


class InvalidOption(KameleonError, ValueError):
    """A game option is unknown, missing or has a bad value."""


class IllegalAction(KameleonError, ValueError):
    """An action that is not legal in the current state; the state is unchanged.

    `reason` holds the explanation alone, without the action, so that user
    interfaces can phrase it themselves; `message` is the same explanation as a
    `Message` (a code, an English template and its parameters) that interfaces
    translate. A game explains with a Message; a plain string is kept for
    explanations nobody has given a code yet (they stay English).
    """

    def __init__(self, reason: str | Message) -> None:
        message = reason if isinstance(reason, Message) else plain(reason, "illegal_move")
        text = str(message)
        super().__init__(text)
        self.reason = text
        self.message = message


class NotationError(IllegalAction):
    """Text that is not a move in the game's notation."""


class RecordError(KameleonError, ValueError):
    """A game record that is malformed or does not replay."""
