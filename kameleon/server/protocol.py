"""uvicorn's HTTP and WebSocket protocols with the bounds uvicorn lacks.

HTTP (`TimedHttpToolsProtocol`): a header read timeout, a whole-message timeout (a body the app never reads
is still bounded), and at most `MAX_PIPELINED` requests queued on one
connection (pipelined requests from a client that never reads its answers were queued without bound).
WebSocket (`BoundedWebSocketProtocol`): a connection whose unsent output passes `MAX_UNSENT` bytes is closed;
control frames (a PING flood) are answered below the app, out of reach of its outbox bound and rate limits.

A connection must deliver a request's complete headers within KAMELEON_HEADER_TIMEOUT seconds of opening
(or of starting its next request), else it is closed: thousands of sockets that trickle headers
("slowloris") hold nothing for long. The body has its own limit (`guard.py`), and idle keep-alive
connections uvicorn's `timeout_keep_alive`. `kameleon serve` uses this protocol.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from kameleon.server.settings import env_float

MAX_PIPELINED = 16
"""Requests waiting behind the one being answered on a connection; more closes it (no browser pipelines)."""
MAX_UNSENT = 1 << 20
"""Bytes a WebSocket connection may leave unread by its client (answers to its own pings included)."""


class TimedHttpToolsProtocol(HttpToolsProtocol):
    header_timeout: float | None = None
    body_grace: float | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if TimedHttpToolsProtocol.header_timeout is None:  # read once per process, from the environment
            TimedHttpToolsProtocol.header_timeout = env_float("KAMELEON_HEADER_TIMEOUT", 10.0)
            # The guard answers a slow body it reads with a 408 after KAMELEON_BODY_TIMEOUT; this closes a body
            # nobody reads (a GET with a dripped chunked body, a request refused before its body) a little later.
            TimedHttpToolsProtocol.body_grace = env_float("KAMELEON_BODY_TIMEOUT", 10.0) + 5.0
        self._header_timer: asyncio.TimerHandle | None = None

    def _arm(self, seconds: float | None = None) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(seconds or self.header_timeout or 10.0, self._too_slow)

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
        if not (self.parser.should_upgrade() and self._should_upgrade()):  # a WebSocket has its own bounds
            self._arm(self.body_grace)  # the whole message, body included, must arrive in time
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if len(self.pipeline) > MAX_PIPELINED and not self.transport.is_closing():
            self.pipeline.clear()
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


class BoundedWebSocketProtocol(WebSocketsSansIOProtocol):
    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        transport = self.transport
        if not transport.is_closing() and transport.get_write_buffer_size() > MAX_UNSENT:
            transport.abort()  # a client that does not read what it asked for (pongs) gets nothing more
