"""uvicorn's HTTP protocol with a header read timeout (uvicorn has none of its own).

A connection must deliver a request's complete headers within KAMELEON_HEADER_TIMEOUT seconds of opening
(or of starting its next request), else it is closed: thousands of sockets that trickle headers
("slowloris") hold nothing for long. The body has its own limit (`guard.py`), and idle keep-alive
connections uvicorn's `timeout_keep_alive`. `kameleon serve` uses this protocol.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from kameleon.server.settings import env_float


class TimedHttpToolsProtocol(HttpToolsProtocol):
    header_timeout: float | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if TimedHttpToolsProtocol.header_timeout is None:  # read once per process, from the environment
            TimedHttpToolsProtocol.header_timeout = env_float("KAMELEON_HEADER_TIMEOUT", 10.0)
        self._header_timer: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_timeout or 10.0, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)
