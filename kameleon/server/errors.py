"""The one error type of the HTTP API: a status code and a `Message` naming what was wrong.

The answer is `{"error": <the message in the reader's language>, "code": <its stable code>}` (`app.py`).
"""

from __future__ import annotations

from kameleon.engine.messages import Message, plain


class ApiError(Exception):
    """`reason` (optional) names the kind of refusal for the `kameleon_rejected_requests_total` metric."""

    def __init__(self, status: int, message: Message | str, reason: str | None = None) -> None:
        said = message if isinstance(message, Message) else plain(message, "error")
        super().__init__(str(said))
        self.status = status
        self.said = said
        self.message = str(said)
        """The English text, for logs."""
        self.code = said.code
        self.reason = reason
