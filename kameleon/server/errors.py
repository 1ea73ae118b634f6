"""The one error type of the HTTP API: a status code and a message naming what was wrong."""

from __future__ import annotations


class ApiError(Exception):
    """`reason` (optional) names the kind of refusal for the `kameleon_rejected_requests_total` metric."""

    def __init__(self, status: int, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.reason = reason
