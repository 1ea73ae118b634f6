"""The one error type of the HTTP API: a status code and a `Message` naming what was wrong.

The answer is `{"error": <the message in the reader's language>, "code": <its stable code>}` (`app.py`).
"""

from __future__ import annotations

from kameleon.engine.messages import Message


class ApiError(Exception):
    """`message` is a `Message` with a code (never a plain string: every refusal can be translated);
    `reason` (optional) names the kind of refusal for the `kameleon_rejected_requests_total` metric;
    `game` names the game whose engine said `message` (its catalog translates it first)."""

    def __init__(self, status: int, message: Message, reason: str | None = None, game: str | None = None) -> None:
        if not isinstance(message, Message):
            raise TypeError(f"ApiError takes a Message with a code, not {type(message).__name__}")
        super().__init__(str(message))
        self.status = status
        self.said = message
        self.message = str(message)
        """The English text, for logs."""
        self.code = message.code
        self.reason = reason
        self.game = game
