"""uvicorn's HTTP and WebSocket protocols with the bounds uvicorn lacks.

HTTP (`TimedHttpToolsProtocol`): a header read timeout, a whole-message timeout (a body the app never reads
is still bounded), and at most `MAX_PIPELINED` requests queued on one
connection (pipelined requests from a client that never reads its answers were queued without bound).
WebSocket (`BoundedWebSocketProtocol`): a connection whose unsent output passes `MAX_UNSENT` bytes is closed;
control frames (a PING flood) are answered below the app, out of reach of its outbox bound and rate limits.
Malformed input gets the API's own answers and no traceback in the log: a request httptools cannot parse gets a
JSON 400 `{"error": ..., "code": "bad_request"}` (uvicorn's is plain text), and a text message that is not
UTF-8 closes its socket with 1007 (uvicorn's logs a traceback first).

A connection must deliver a request's complete headers within KAMELEON_HEADER_TIMEOUT seconds of opening
(or of starting its next request), else it is closed: thousands of sockets that trickle headers
("slowloris") hold nothing for long. The body has its own limit (`guard.py`), and idle keep-alive
connections uvicorn's `timeout_keep_alive`. `kameleon serve` uses this protocol.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import orjson
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from kameleon.server import metrics
from kameleon.server.settings import env_float

MAX_PIPELINED = 16
"""Requests waiting behind the one being answered on a connection; more closes it (no browser pipelines)."""
MAX_UNSENT = 1 << 20
"""Bytes a WebSocket connection may leave unread by its client (answers to its own pings included)."""
BAD_REQUEST = orjson.dumps({"error": "the request is not valid HTTP/1.1", "code": "bad_request"})
"""The answer to bytes that do not parse as HTTP (no request yet, so no language to translate it into)."""
INVALID_DATA = 1007
"""WebSocket close code: a text message that is not UTF-8 (RFC 6455, 7.4.1)."""

log = logging.getLogger("kameleon.server")


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

    def send_400_response(self, msg: str) -> None:
        metrics.rejected("bad_request")
        head = [b"HTTP/1.1 400 Bad Request\r\n"]
        for name, value in self.server_state.default_headers:
            head.extend([name, b": ", value, b"\r\n"])
        head.append(
            b"content-type: application/json\r\ncontent-length: %d\r\nconnection: close\r\n\r\n" % len(BAD_REQUEST)
        )
        self.transport.write(b"".join(head) + BAD_REQUEST)
        self.transport.close()


class BoundedWebSocketProtocol(WebSocketsSansIOProtocol):
    def send_receive_event_to_app(self) -> None:
        """uvicorn's, with a text message that is not UTF-8 closed quietly (1007) instead of with a traceback."""
        if self.curr_msg_data_type != "text" or self.close_sent:
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        try:
            text = data.decode()
        except UnicodeDecodeError:
            log.info("a WebSocket text message that is not UTF-8 closed its socket (1007)")
            metrics.rejected("invalid_utf8")
            self.conn.send_close(INVALID_DATA, "text messages must be UTF-8")
            self.handle_parser_exception()
            return
        self.queue.put_nowait({"type": "websocket.receive", "text": text})
        if not self.read_paused:
            self.read_paused = True
            self.transport.pause_reading()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        transport = self.transport
        if not transport.is_closing() and transport.get_write_buffer_size() > MAX_UNSENT:
            transport.abort()  # a client that does not read what it asked for (pongs) gets nothing more
