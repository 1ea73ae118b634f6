"""Bounds below the app, in the HTTP and WebSocket protocols, against a real server: a client that sends and
never reads is cut off instead of growing the server without limit."""

from __future__ import annotations

import base64
import json
import os
import socket
import time
from pathlib import Path

import pytest

from kameleon.server.protocol import MAX_PIPELINED
from tests.server.harness import Player, ServerProcess


def _closed_by_server(sock: socket.socket, payload: bytes, seconds: float) -> bool:
    """Keep sending `payload` without reading; True once the server has closed the connection."""
    deadline = time.monotonic() + seconds
    sock.settimeout(1.0)
    while time.monotonic() < deadline:
        try:
            sock.sendall(payload)
        except (BrokenPipeError, ConnectionResetError):
            return True
        except TimeoutError:  # our send buffer is full: has the server hung up meanwhile?
            pass
    return False


def _client(server: ServerProcess) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    return sock


def test_pipelined_requests_that_are_never_read_close_the_connection(server: ServerProcess) -> None:
    request = f"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode()
    with _client(server) as sock:
        assert _closed_by_server(sock, request * (4 * MAX_PIPELINED), seconds=20)
    assert Player(server.url, "Afterwards").get("/api/health")["status"] == "ok"


def test_a_ping_flood_that_never_reads_its_pongs_is_cut_off(server: ServerProcess) -> None:
    host = Player(server.url, "Host")
    table = host.post("/api/tables", {"game": "coloretto", "options": {"players": 2}}, expect=201)["table"]["id"]
    key = base64.b64encode(os.urandom(16)).decode()
    handshake = (
        f"GET /api/tables/{table}/ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        f"Origin: {server.url}\r\nCookie: kameleon_session={host.token}\r\n\r\n"
    ).encode()
    mask = os.urandom(4)
    body = os.urandom(125)
    ping = bytes([0x89, 0x80 | 125]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(body))
    with _client(server) as sock:
        sock.sendall(handshake)
        assert b" 101 " in sock.recv(1024).split(b"\r\n", 1)[0]
        # 8 times the bound in pongs the client never reads
        assert _closed_by_server(sock, ping * 512, seconds=30)
    assert Player(server.url, "Afterwards").get("/api/health")["status"] == "ok"


def test_a_body_nobody_reads_is_still_bounded_in_time(tmp_path: Path) -> None:
    quick = {"KAMELEON_HEADER_TIMEOUT": "2", "KAMELEON_BODY_TIMEOUT": "1"}
    arena = ServerProcess(tmp_path / "arena.sqlite3", env=quick).start()
    try:
        with _client(arena) as sock:  # a GET whose chunked body drips: the app answers without reading it
            head = f"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:{arena.port}\r\nTransfer-Encoding: chunked\r\n\r\n"
            sock.sendall(head.encode())
            started = time.monotonic()
            assert _closed_by_server(sock, b"1\r\nx\r\n", seconds=20)
            assert time.monotonic() - started < 15
    finally:
        arena.stop()


def _socket_of(server: ServerProcess) -> socket.socket:
    """A raw table socket, past its handshake."""
    host = Player(server.url, "Raw")
    table = host.post("/api/tables", {"game": "coloretto", "options": {"players": 2}}, expect=201)["table"]["id"]
    key = base64.b64encode(os.urandom(16)).decode()
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.sendall(
        f"GET /api/tables/{table}/ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    assert b" 101 " in sock.recv(1024).split(b"\r\n", 1)[0]
    return sock


def test_a_text_message_that_is_not_utf8_closes_the_socket_with_1007_quietly(server: ServerProcess) -> None:
    with _socket_of(server) as sock:
        mask = os.urandom(4)
        payload = b'{"type": "\xff\xfe"}'
        sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        received = b""
        while chunk := sock.recv(65536):  # the frames sent on connecting, then the close frame, then the end
            received += chunk
    close = received.rfind(b"\x88")
    assert close >= 0 and int.from_bytes(received[close + 2 : close + 4], "big") == 1007
    time.sleep(0.2)
    log = server.log.read_text()
    assert "Traceback" not in log and "UTF-8" not in log


@pytest.mark.parametrize(
    "request_bytes",
    [b"GARBAGE\r\n\r\n", b"GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", b"\x16\x03\x01\x02\x00"],
)
def test_malformed_http_gets_a_json_400(server: ServerProcess, request_bytes: bytes) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(request_bytes)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 ")
    assert b"content-type: application/json" in head.lower()
    assert json.loads(body) == {"error": "the request is not valid HTTP/1.1", "code": "bad_request"}
