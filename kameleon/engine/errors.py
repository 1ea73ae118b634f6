"""Exceptions raised by the engine; every one names what was wrong."""

from __future__ import annotations

import errno
import reprlib

from kameleon.engine.messages import Message, msg, plain

_SHORT = reprlib.Repr()
_SHORT.maxstring, _SHORT.maxlong, _SHORT.maxother = 60, 40, 60


_OS_REASONS = {
    errno.ENOENT: msg("os_no_such_file", "no such file or folder"),
    errno.EISDIR: msg("os_is_a_folder", "it is a folder"),
    errno.ENOTDIR: msg("os_not_a_folder", "a part of the path is not a folder"),
    errno.EACCES: msg("os_not_allowed", "permission denied"),
    errno.EPERM: msg("os_not_allowed", "permission denied"),
    errno.ENOSPC: msg("os_disk_full", "no space left on the disk"),
    errno.EROFS: msg("os_read_only", "the file system is read-only"),
    errno.ENAMETOOLONG: msg("os_name_too_long", "the file name is too long"),
}
"""What the system says of a file it cannot open, in words the reader's language has (the common cases)."""


def os_reason(error: OSError) -> Message | str:
    """Why the system refused a file, as a Message where kameleon words it, else in the system's words."""
    return _OS_REASONS.get(error.errno or 0) or error.strerror or str(error)


def quoted(value: object) -> str:
    """`repr(value)`, shortened in the middle when long, for error messages that echo what they were given."""
    return _SHORT.repr(value)


class KameleonError(Exception):
    """Base class of every error kameleon raises on purpose.

    `message` is what was wrong as a `Message` (a code, an English template and
    its parameters) that the arena translates for the person who caused it; an
    error raised with a plain string keeps it, untranslated, under the class's
    `code`. `str(error)` is the English text.
    """

    code = "error"
    """The code of an error raised with a plain string."""

    def __init__(self, message: str | Message = "") -> None:
        said = message if isinstance(message, Message) else plain(message, self.code)
        super().__init__(str(said))
        self.message = said


class UnknownGame(KameleonError, ValueError):
    """`kameleon.load` was given a name that is not in the registry."""

    code = "unknown_game"


class BrokenGame(KameleonError, RuntimeError):
    """A registered game (usually a plug-in) that fails to import or is not a Game class."""

    code = "broken_game"


class InvalidOption(KameleonError, ValueError):
    """A game option is unknown, missing or has a bad value."""

    code = "invalid_option"


class IllegalAction(KameleonError, ValueError):
    """An action that is not legal in the current state; the state is unchanged.

    `reason` holds the explanation alone, without the action, so that user
    interfaces can phrase it themselves; `message` is the same explanation as a
    `Message` (a code, an English template and its parameters) that interfaces
    translate. A game explains with a Message; a plain string is kept for
    explanations nobody has given a code yet (they stay English).
    """

    code = "illegal_move"

    def __init__(self, reason: str | Message) -> None:
        super().__init__(reason)
        self.reason = str(self.message)


class NotationError(IllegalAction):
    """Text that is not a move in the game's notation."""


class RecordError(KameleonError, ValueError):
    """A game record that is malformed or does not replay."""

    code = "invalid_record"
