"""What one anonymous client on the open internet can try, against a real arena with tight limits (issue 28).

Each test names the finding it covers; docs/security.md lists the limits and these tests beside them.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import socket
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import redis
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import kameleon
from kameleon.server.loopback import LocalRedis
from kameleon.server.schemas import MAX_IMPORTED_MOVES
from kameleon.server.settings import Settings
from kameleon.server.throttle import REDIS_RETRY as THROTTLE_RETRY
from tests.server.harness import Player, ServerProcess, Socket, my_turn

TIGHT = {
    "KAMELEON_SOCKET_RATE": "10/second",
    "KAMELEON_SOCKET_OUTBOX": "30000",
    "KAMELEON_MAX_BODY": "100000",
    "KAMELEON_BODY_TIMEOUT": "1",
    "KAMELEON_HEADER_TIMEOUT": "1",
    "KAMELEON_GUEST_RATE": "1000/minute",
    "KAMELEON_LOGIN_FAILURES_PER_ACCOUNT": "5/5minutes",
    "KAMELEON_LOGIN_FAILURES_PER_ADDRESS": "8/5minutes",
    "KAMELEON_LOGIN_FAILURES_PER_PAIR": "4/5minutes",
    "KAMELEON_LOGIN_FAILURES_PER_DEVICE": "4/5minutes",
    "KAMELEON_IDLE_TABLE_SECONDS": "1",
}


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("hardening")) / "arena.sqlite3", env=TIGHT).start()
    yield process
    process.stop()
    assert "Traceback" not in process.log.read_text(), "bad input must never reach a traceback"


def client(arena: ServerProcess, source: str = "127.0.0.1") -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=source)
    return httpx.Client(base_url=arena.url, trust_env=False, timeout=30, transport=transport)


def rss_kib(arena: ServerProcess) -> int:
    assert arena.process is not None
    status = Path(f"/proc/{arena.process.pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))


def started_duel(arena: ServerProcess) -> tuple[Player, Player, str]:
    alice, bob = Player(arena.url, "Alice"), Player(arena.url, "Bob")
    # Without a clock: a table whose clock runs stays in memory until it fires (autopilot.py), and the
    # idle-table test counts every table of this module's server.
    options = {"game": "coloretto", "options": {"players": 2, "start_player": 0}, "time": None}
    table_id = alice.post("/api/tables", options, expect=201)["table"]["id"]
    bob.post(f"/api/tables/{table_id}/join")
    alice.post(f"/api/tables/{table_id}/start")
    return alice, bob, table_id


def ws_url(arena: ServerProcess, table_id: str) -> str:
    return arena.url.replace("http://", "ws://") + f"/api/tables/{table_id}/ws"


# --- 1. the socket flood -------------------------------------------------------------------------


def test_a_socket_sending_too_many_messages_is_told_then_closed(arena: ServerProcess) -> None:
    _alice, _bob, table_id = started_duel(arena)
    with connect(ws_url(arena, table_id) + "?lang=pl", proxy=None, open_timeout=10) as ws:
        for _ in range(200):
            with contextlib.suppress(ConnectionClosed):
                ws.send('{"type": "sync"}')
        frames, code, reason = [], None, None
        try:
            while True:
                frames.append(json.loads(ws.recv(timeout=10)))
        except ConnectionClosed as closed:
            code, reason = (closed.rcvd.code, closed.rcvd.reason) if closed.rcvd else (None, None)
    states = sum(frame["type"] == "state" for frame in frames)
    assert states <= 25, "the extra syncs were refused, not answered"
    assert any(frame.get("error") == "zwolnij: to połączenie wysyła za dużo wiadomości" for frame in frames)
    assert (code, reason) == (1008, "zbyt wiele wiadomości"), "the close frame says why, in the socket's language"


def test_a_socket_that_never_reads_is_cut_off_and_the_others_play_on(tmp_path: Path) -> None:
    fast = {"KAMELEON_SOCKET_RATE": "100000/second", "KAMELEON_SOCKET_OUTBOX": "30000"}  # only the outbox bound
    arena = ServerProcess(tmp_path / "arena.sqlite3", env=fast).start()
    try:
        alice, _bob, table_id = started_duel(arena)
        before = rss_kib(arena)
        raw = socket.create_connection(("127.0.0.1", arena.port), timeout=10)
        raw.sendall(
            f"GET /api/tables/{table_id}/ws HTTP/1.1\r\nHost: 127.0.0.1:{arena.port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        assert raw.recv(4096).startswith(b"HTTP/1.1 101")
        with contextlib.suppress(OSError):  # the server may cut the socket off while the flood is still going
            raw.sendall(_masked_text('{"type": "sync"}') * 20_000)  # and read nothing meanwhile
        health = httpx.get(arena.url + "/api/health", trust_env=False, timeout=5)
        assert health.status_code == 200 and health.elapsed.total_seconds() < 0.5
        frame = alice.get(f"/api/tables/{table_id}/state")
        alice.post(f"/api/tables/{table_id}/moves", {"move": frame["legal"][0], "expect": len(frame["log"])})
        deadline = time.monotonic() + 30
        while 'reason="socket_behind"' not in httpx.get(arena.url + "/metrics", trust_env=False).text:
            assert time.monotonic() < deadline, "the server never cut off the socket that does not read"
            time.sleep(0.2)
        received = 0
        with contextlib.suppress(OSError):
            while chunk := raw.recv(1 << 20):  # now read: what was sent before the cut, then the end
                received += len(chunk)
                assert time.monotonic() < deadline, "the server never cut off the socket that does not read"
        one_frame = len(json.dumps(alice.get(f"/api/tables/{table_id}/state")))
        assert received < 20_000 * one_frame / 4, "most of the frames asked for were never sent"
        assert rss_kib(arena) - before < 50_000
        raw.close()
    finally:
        arena.stop()


def _masked_text(text: str) -> bytes:
    payload = text.encode()
    mask = b"\x01\x02\x03\x04"
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + masked


# --- 2. bodies are refused before they are read, 9. slow clients are dropped ----------------------


def test_a_body_above_the_limit_is_refused_before_it_is_read(arena: ServerProcess) -> None:
    declared = httpx.post(
        arena.url + "/api/auth/guest",
        content=b"x" * 200_001,
        headers={"Content-Type": "application/json"},
        trust_env=False,
    )
    assert (declared.status_code, declared.json()) == (
        413,
        {"error": "the body is larger than 100000 bytes", "code": "body_too_large"},
    )
    # Chunked, without a length: the answer comes once the limit is passed, while the client is still sending.
    with socket.create_connection(("127.0.0.1", arena.port), timeout=10) as raw:
        raw.sendall(
            b"POST /api/auth/guest HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b"a" * 50_000
        for _ in range(3):
            raw.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        answer = raw.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413")


def test_slow_headers_and_slow_bodies_are_dropped(arena: ServerProcess) -> None:
    with socket.create_connection(("127.0.0.1", arena.port), timeout=10) as raw:
        raw.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        started = time.monotonic()
        assert raw.recv(4096) == b"", "the server closes the connection"
        assert time.monotonic() - started < 5
    with socket.create_connection(("127.0.0.1", arena.port), timeout=10) as raw:
        raw.sendall(
            b"POST /api/auth/guest HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"
        )
        assert raw.recv(4096).startswith(b"HTTP/1.1 408")


# --- 3, 4. logins --------------------------------------------------------------------------------


def test_a_huge_username_is_refused_before_anything_is_kept(arena: ServerProcess) -> None:
    answer = httpx.post(
        arena.url + "/api/auth/login", json={"username": "u" * 90_000, "password": "whatever1"}, trust_env=False
    )
    assert answer.status_code == 422 and answer.json()["error"].startswith("username: String should have at most 24")


def login(http: httpx.Client, username: str, password: str) -> httpx.Response:
    return http.post("/api/auth/login", json={"username": username, "password": password})


def test_neither_a_stranger_nor_a_neighbour_on_the_owners_address_locks_the_owner_out(arena: ServerProcess) -> None:
    owner = client(arena, "127.0.0.3")
    assert owner.post("/api/auth/signup", json={"username": "owner1", "password": "the right one"}).status_code == 200
    stranger, neighbour = client(arena, "127.0.0.2"), client(arena, "127.0.0.3")  # the neighbour: same NAT
    answers = [login(stranger, "owner1", f"guess {i}").status_code for i in range(4)]
    answers += [login(neighbour, "owner1", f"guess {i}").status_code for i in range(3)]
    assert answers == [401] * 5 + [429, 429], "the account's limit for unknown devices stops the strangers"
    # The owner mistypes, then logs in, from the attacked address, while the account is over its limit.
    assert login(owner, "owner1", "a typo").status_code == 401
    assert login(owner, "owner1", "the right one").status_code == 200
    assert "kameleon_device" in owner.cookies, "the browser that signed up is a known device of the account"
    assert "from devices it does not know" in login(client(arena, "127.0.0.9"), "owner1", "guess").text
    # A browser that never logged in to the account shares the account's limit while the attack lasts.
    assert login(client(arena, "127.0.0.6"), "owner1", "the right one").status_code == 429
    # A known device has a limit of its own.
    owner_answers = [login(owner, "owner1", f"typo {i}").status_code for i in range(6)]
    assert owner_answers == [401] * 3 + [429] * 3 and "from this device" in login(owner, "owner1", "x").text


def test_a_stranger_is_limited_per_address_whatever_the_names(arena: ServerProcess) -> None:
    stranger = client(arena, "127.0.0.7")
    answers = [login(stranger, f"nobody{i}", "guess").status_code for i in range(9)]
    assert answers == [401] * 8 + [429]
    assert "from your address" in login(stranger, "x1y", "z").text


def test_an_ipv6_client_counts_per_64_and_ipv4_mapped_as_ipv4(arena: ServerProcess) -> None:
    # kameleon serve trusts X-Forwarded-For from 127.0.0.1 (a reverse proxy on the same machine), as uvicorn does
    def from_(address: str) -> httpx.Client:
        return httpx.Client(base_url=arena.url, trust_env=False, headers={"X-Forwarded-For": address})

    answers = [login(from_(f"2001:db8:aa:bb::{i}"), f"v6nobody{i}", "guess").status_code for i in range(8)]
    assert answers == [401] * 8
    assert login(from_("2001:db8:aa:bb:1:2:3:4"), "v6x", "guess").status_code == 429, "one /64 is one client"
    assert login(from_("2001:db8:aa:bc::1"), "v6x", "guess").status_code == 401, "another /64 is another client"
    v4 = client(arena, "127.0.0.8")
    assert [login(v4, f"v4nobody{i}", "guess").status_code for i in range(8)] == [401] * 8
    assert login(from_("::ffff:127.0.0.8"), "v4x", "guess").status_code == 429, "IPv4-mapped is the IPv4 address"


def test_known_devices_get_their_password_check_without_queueing_behind_an_attack(tmp_path: Path) -> None:
    """Attackers on 6 addresses keep 2 logins each waiting for their argon2 check; the owner's known browser
    is checked beside them, not behind them."""
    arena = ServerProcess(tmp_path / "arena.sqlite3").start()  # limits per address lifted: the attack goes on
    try:
        owner = client(arena, "127.0.0.3")
        signed_up = owner.post("/api/auth/signup", json={"username": "owner", "password": "the right one"})
        assert signed_up.status_code == 200
        stop = time.monotonic() + 8
        attack_times: list[float] = []

        def attack(source: str) -> None:
            http = client(arena, source)
            while time.monotonic() < stop:
                answer = login(http, f"ghost{time.monotonic_ns()}", "guess")
                attack_times.append(answer.elapsed.total_seconds())

        with concurrent.futures.ThreadPoolExecutor(12) as pool:
            attackers = [pool.submit(attack, f"127.0.1.{i // 2}") for i in range(12)]
            time.sleep(2)
            owner_times = []
            for _ in range(4):
                answer = login(owner, "owner", "the right one")
                assert answer.status_code == 200
                owner_times.append(answer.elapsed.total_seconds())
                time.sleep(0.3)
            for future in attackers:
                future.result()
        queued = sorted(attack_times)[len(attack_times) // 2]
        assert max(owner_times) < queued / 2, (owner_times, queued)
    finally:
        arena.stop()


def test_parallel_wrong_logins_are_counted_before_their_check(arena: ServerProcess) -> None:
    Player(arena.url, "owner2", password="the right one")
    stranger, owner = client(arena, "127.0.0.4"), client(arena, "127.0.0.5")

    def guess(i: int) -> int:
        return stranger.post("/api/auth/login", json={"username": f"ghost{i}", "password": "guess"}).status_code

    with concurrent.futures.ThreadPoolExecutor(30) as pool:
        guesses = [pool.submit(guess, i) for i in range(30)]
        right = owner.post("/api/auth/login", json={"username": "owner2", "password": "the right one"})
        answers = [future.result() for future in guesses]
    assert right.status_code == 200, "the owner's login from elsewhere is not starved"
    assert set(answers) == {401, 429} and answers.count(401) <= 8, f"the address's 8 failures at most: {answers}"


def test_case_variants_racing_to_sign_up_make_one_account(arena: ServerProcess) -> None:
    """Review 28 L3: the check before the insert cannot see a racing sign-up; the index on lower(username)
    (migration 0005) does, and the loser is told the name is taken."""
    names = ["racer", "RACER", "Racer", "rAcEr", "raCER", "RACEr"]

    def sign_up(i: int) -> httpx.Response:
        http = client(arena, f"127.0.3.{i + 1}")
        return http.post("/api/auth/signup", json={"username": names[i], "password": f"password {i}"})

    with concurrent.futures.ThreadPoolExecutor(len(names)) as pool:
        answers = list(pool.map(sign_up, range(len(names))))
    assert sorted(a.status_code for a in answers) == [200] + [409] * (len(names) - 1), [a.text for a in answers]
    assert all(a.json()["code"] == "username_taken" for a in answers if a.status_code == 409)
    winner = next(i for i, a in enumerate(answers) if a.status_code == 200)
    assert login(client(arena, "127.0.3.9"), names[(winner + 1) % 6], f"password {winner}").status_code == 200


def test_right_logins_count_too_and_share_the_known_device_lane(tmp_path: Path) -> None:
    """Review 28 M1: right logins of an attacker's own accounts (known devices all) cannot fill the known-device
    lane: one check in flight per account and per address there, and every login counts per account."""
    arena = ServerProcess(tmp_path / "arena.sqlite3", env={"KAMELEON_LOGIN_ATTEMPTS_PER_ACCOUNT": "4/minute"}).start()
    try:
        attacker = client(arena, "127.0.4.1")
        for name in ("mine1", "mine2", "mine3", "mine4"):
            signed_up = attacker.post("/api/auth/signup", json={"username": name, "password": "my own password"})
            assert signed_up.status_code == 200
        assert [login(attacker, "mine1", "my own password").status_code for _ in range(5)] == [200] * 4 + [429]
        assert login(attacker, "mine1", "my own password").json()["code"] == "login_tries_account"

        def right(name: str) -> httpx.Response:
            http = client(arena, "127.0.4.1")
            http.cookies = attacker.cookies  # the same known browser, several logins at once
            return login(http, name, "my own password")

        with concurrent.futures.ThreadPoolExecutor(6) as pool:
            answers = list(pool.map(right, ["mine2", "mine3", "mine4"] * 2))
        codes = [a.json().get("code") for a in answers if a.status_code == 429]
        assert codes and set(codes) == {"login_at_once"}, [a.status_code for a in answers]
        assert any(a.status_code == 200 for a in answers)
    finally:
        arena.stop()


# --- 5. one seat per person ----------------------------------------------------------------------


def test_the_database_refuses_a_second_seat_for_one_person(arena: ServerProcess) -> None:
    alice = Player(arena.url, "Alice")
    table_id = alice.post("/api/tables", {"game": "coloretto", "options": {"players": 3}}, expect=201)["table"]["id"]
    with sqlite3.connect(arena.database) as db, pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
        db.execute("UPDATE seats SET user_id = ? WHERE table_id = ? AND seat = 1", (alice.user["id"], table_id))


def test_two_processes_never_seat_one_person_twice(tmp_path: Path) -> None:
    database = tmp_path / "shared.sqlite3"
    first = ServerProcess(database).start()
    second = ServerProcess(database).start()
    try:
        alice, bob = Player(first.url, "Alice"), Player(first.url, "Bob")
        bob_there = httpx.Client(base_url=second.url, trust_env=False, headers={"Authorization": f"Bearer {bob.token}"})
        for _ in range(15):
            table_id = alice.post("/api/tables", {"game": "coloretto", "options": {"players": 3}}, expect=201)["table"][
                "id"
            ]

            def join(http: httpx.Client, seat: int, path: str = f"/api/tables/{table_id}/join") -> int:
                return http.post(path, json={"seat": seat}).status_code

            with concurrent.futures.ThreadPoolExecutor(2) as pool:
                answers = list(pool.map(join, [bob.http, bob_there], [1, 2]))
            assert answers.count(200) == 1 and answers.count(409) == 1, answers
            with sqlite3.connect(database) as db:
                query = "SELECT count(*) FROM seats WHERE table_id = ? AND user_id = ?"
                assert db.execute(query, (table_id, bob.user["id"])).fetchone() == (1,)
    finally:
        first.stop()
        second.stop()


# --- 6. cross-site requests ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Origin": "http://127.0.0.1:9911", "Content-Type": "application/json"}, 403),
        ({"Sec-Fetch-Site": "same-site", "Content-Type": "application/json"}, 403),
        ({"Content-Type": "application/x-www-form-urlencoded"}, 415),
        ({"Content-Type": "text/plain"}, 415),
        ({}, 415),
    ],
)
def test_a_form_or_a_page_elsewhere_cannot_act_for_a_player(
    arena: ServerProcess, headers: dict[str, str], status: int
) -> None:
    alice, _bob, table_id = started_duel(arena)
    answer = alice.http.post(f"/api/tables/{table_id}/leave", headers=headers)
    assert answer.status_code == status, answer.text
    assert alice.get(f"/api/tables/{table_id}")["seat"] == 0, "still seated"
    same = {"Origin": arena.url, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}
    assert alice.http.post(f"/api/tables/{table_id}/leave", headers=same).status_code == 200


@pytest.mark.parametrize("origin", ["https://127.0.0.1:{port}", "http://127.0.0.1:9911", "null"])
def test_a_socket_from_another_origin_or_scheme_is_refused(arena: ServerProcess, origin: str) -> None:
    alice, _bob, table_id = started_duel(arena)
    headers = {"Origin": origin.format(port=arena.port), "Cookie": f"kameleon_session={alice.token}"}
    with pytest.raises(Exception, match=r"403|4403|rejected"):
        Socket(arena.url, table_id, headers).recv(timeout=5)
    same = Socket(arena.url, table_id, {"Origin": arena.url, "Cookie": f"kameleon_session={alice.token}"})
    assert same.recv()["seat"] == 0
    same.close()


# --- 7, 8. poisoned tables and malformed input ---------------------------------------------------


def test_options_beyond_64_bits_are_refused_by_name(arena: ServerProcess) -> None:
    alice = Player(arena.url, "Alice")
    for game, options, name in (
        ("chromino", {"players": 2, "draw_limit": 2**70}, "draw_limit"),
        ("cameleon", {"no_progress_plies": 2**64}, "no_progress_plies"),
        ("cameleon", {"repetition_count": 10**30}, "repetition_count"),
        ("cardcassonne", {"players": 2, "animal_points": [0] * 12 + [2**65]}, "animal_points"),
    ):
        answer = alice.http.post("/api/tables", json={"game": game, "options": options})
        assert answer.status_code == 422 and f"'{name}'" in answer.json()["error"], answer.text


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (b'{"name": ' + b"[" * 5000 + b"]" * 5000 + b"}", "not valid JSON"),
        (b'{"name": ' + b"[" * 100 + b"]" * 100 + b"}", "nests more than"),
        (b'{"name": ' + b"9" * 5000 + b"}", "not valid JSON"),
        (b'{"name": "\\ud800"}', "not valid JSON"),
        (b'{"name": "x", "language": "en", "extra": 1}', "unknown field 'extra'"),
    ],
)
def test_malformed_json_is_a_4xx_never_a_5xx(arena: ServerProcess, body: bytes, error: str) -> None:
    for path in ("/api/auth/guest", "/api/auth/login", "/api/auth/signup", "/api/tables"):
        answer = httpx.post(
            arena.url + path, content=body, headers={"Content-Type": "application/json"}, trust_env=False
        )
        assert 400 <= answer.status_code < 500, (path, answer.status_code, answer.text)
        assert error in answer.json()["error"] or path != "/api/auth/guest"


def test_a_lone_surrogate_in_a_login_or_password_is_a_4xx(arena: ServerProcess) -> None:
    for path, body in (
        ("/api/auth/login", b'{"username": "ab\\udc00c", "password": "whatever1"}'),
        ("/api/auth/signup", b'{"username": "abcd", "password": "pass\\ud800word"}'),
        ("/api/auth/login", b'{"username": "abcd", "password": "pass\\ud800word"}'),
    ):
        answer = httpx.post(
            arena.url + path, content=body, headers={"Content-Type": "application/json"}, trust_env=False
        )
        assert answer.status_code == 400, answer.text


@pytest.mark.parametrize(
    "message",
    [
        '{"type": "move", "move": ' + "[" * 3000 + "]" * 3000 + "}",
        '{"type": "move", "move": "draw", "expect": ' + "9" * 4000 + "}",
        '{"type": "chat", "text": "\\ud800"}',
        '{"type": "move", "move": "\\udfff"}',
    ],
)
def test_malformed_socket_messages_leave_the_socket_alive(arena: ServerProcess, message: str) -> None:
    alice, _bob, table_id = started_duel(arena)
    sock = alice.socket(table_id)
    sock.recv()
    sock.send(message)
    assert sock.next_of("error", timeout=10)["error"]
    sock.send({"type": "ping"})
    assert sock.next_of("pong", timeout=10) == {"type": "pong"}
    sock.close()


# --- 9. memory, creation limits, chat ------------------------------------------------------------


def test_idle_tables_leave_memory(arena: ServerProcess) -> None:
    alice, _bob, table_id = started_duel(arena)
    alice.get(f"/api/tables/{table_id}/state")

    def in_memory() -> float:
        text = httpx.get(arena.url + "/metrics", trust_env=False).text
        return float(
            next(line.split()[1] for line in text.splitlines() if line.startswith("kameleon_tables_in_memory"))
        )

    assert in_memory() >= 1
    deadline = time.monotonic() + 20
    while in_memory() > 0:
        assert time.monotonic() < deadline, "the idle tables stayed in memory"
        time.sleep(0.25)
    assert alice.get(f"/api/tables/{table_id}/state")["seat"] == 0, "rebuilt on demand"


def long_record(moves: int = MAX_IMPORTED_MOVES) -> dict[str, object]:
    """`moves` moves of Le Caméléon going to and fro (no draw rule ends it), the longest record an import takes."""
    game = kameleon.load("cameleon", repetition_count=0, no_progress_plies=0)
    state = game.new_state(seed=1)
    state.replay_tokens((["a4-b5", "b6-c5", "b5-a4", "c5-b6"] * (moves // 4 + 1))[:moves])
    return state.record()


def test_long_replays_and_imports_leave_the_arena_answering(tmp_path: Path) -> None:
    arena = ServerProcess(tmp_path / "arena.sqlite3", env={"KAMELEON_REPLAY_RATE": "3/minute"}).start()
    try:
        importer = Player(arena.url, "importer")
        record = long_record()
        table_id = importer.post("/api/records", record, expect=201)["table"]["id"]
        replay = f"/api/tables/{table_id}/replay/{MAX_IMPORTED_MOVES}"
        longer = importer.http.post("/api/records", json=long_record(MAX_IMPORTED_MOVES + 1))
        assert longer.status_code == 422 and longer.json()["error"].startswith("moves: "), longer.text

        def replays(source: str) -> list[int]:
            with client(arena, source) as http:
                return [http.get(replay).status_code for _ in range(4)]

        def imports() -> list[int]:
            return [importer.http.post("/api/records", json=record).status_code for _ in range(2)]

        waits = []
        with concurrent.futures.ThreadPoolExecutor(5) as pool:
            work = [pool.submit(replays, f"127.0.0.{11 + i}") for i in range(4)] + [pool.submit(imports)]
            time.sleep(0.3)
            with httpx.Client(base_url=arena.url, trust_env=False, timeout=30) as health:
                while not all(job.done() for job in work):
                    started = time.monotonic()
                    assert health.get("/api/health").status_code == 200
                    waits.append(time.monotonic() - started)
                    time.sleep(0.05)
            answers = [job.result() for job in work]
        assert answers[-1] == [201, 201]
        for each in answers[:-1]:
            assert each == [200, 200, 200, 429], "3 replay steps a minute per address"
        waits.sort()
        assert len(waits) >= 3 and waits[len(waits) // 2] < 0.2, f"/api/health waited {waits}"
        with client(arena, "127.0.0.11") as http:
            refused = http.get(replay)
        assert refused.status_code == 429 and "replay steps from one address" in refused.json()["error"]
    finally:
        arena.stop()


@pytest.mark.parametrize("name", ["\u3164", "\u2800\u2800", "\u0301\u0301\u0301", "\u115f", "\U0001d159"])
def test_a_name_that_draws_nothing_is_refused(arena: ServerProcess, name: str) -> None:
    refused = httpx.post(arena.url + "/api/auth/guest", json={"name": name}, trust_env=False)
    assert refused.status_code == 422 and refused.json()["code"] == "name_invisible", refused.text
    assert "at least one visible character" in refused.json()["error"]


def test_one_address_holds_few_sockets_open_and_asks_few_hints(tmp_path: Path) -> None:
    limits = {"KAMELEON_SOCKETS_PER_ADDRESS": "2", "KAMELEON_HINT_RATE_PER_ADDRESS": "2/minute"}
    arena = ServerProcess(tmp_path / "arena.sqlite3", env=limits).start()
    try:
        first, second = (Player(arena.url, f"guest {i}") for i in range(2))
        body = {"game": "coloretto", "options": {"players": 2}, "bots": "random", "rated": False}
        tables = []
        for person in (first, second):
            table_id = person.post("/api/tables", body, expect=201)["table"]["id"]
            person.post(f"/api/tables/{table_id}/start")
            my_turn(person, table_id)
            tables.append(table_id)
        for _ in range(2):
            first.post(f"/api/tables/{tables[0]}/hint")
        refused = second.http.post(f"/api/tables/{tables[1]}/hint", json={})  # another guest, the same address
        assert refused.status_code == 429 and "hints from one address" in refused.json()["error"]
        held = [first.socket(tables[0]) for _ in range(2)]
        for sock in held:
            sock.recv(timeout=5)
        with pytest.raises(Exception, match=r"403|1008|rejected|closed"):
            second.socket(tables[1]).recv(timeout=5)
        held[0].close()
        deadline = time.monotonic() + 10
        while True:  # the server counts the socket closed once its side has seen it go
            try:
                again = second.socket(tables[1])
                assert again.recv(timeout=5)["type"] == "state"
                break
            except Exception:
                assert time.monotonic() < deadline, "a closed socket's place was never given back"
                time.sleep(0.2)
        again.close()
        held[1].close()
        metrics = httpx.get(arena.url + "/metrics", trust_env=False).text
        assert 'kameleon_rejected_requests_total{reason="sockets:address"}' in metrics
    finally:
        arena.stop()


def test_table_states_are_limited_per_address(tmp_path: Path) -> None:
    arena = ServerProcess(tmp_path / "arena.sqlite3", env={"KAMELEON_STATE_RATE": "3/minute"}).start()
    try:
        alice = Player(arena.url, "alice")
        body = {"game": "coloretto", "options": {"players": 2}, "bots": "random"}
        table_id = alice.post("/api/tables", body, expect=201)["table"]["id"]
        answers = [alice.http.get(f"/api/tables/{table_id}/state").status_code for _ in range(4)]
        assert answers == [200, 200, 200, 429]
        refused = alice.http.get(f"/api/tables/{table_id}/state")
        assert "table states from one address are limited to 3 per minute" in refused.json()["error"]
    finally:
        arena.stop()


def test_creating_guests_tables_and_imports_is_rate_limited(tmp_path: Path) -> None:
    limits = {
        "KAMELEON_GUEST_RATE": "3/minute",
        "KAMELEON_SIGNUP_RATE": "1/minute",
        "KAMELEON_TABLE_RATE": "2/minute",
        "KAMELEON_IMPORT_RATE": "1/minute",
        "KAMELEON_SOCKET_CONNECTS": "3/minute",
    }
    arena = ServerProcess(tmp_path / "arena.sqlite3", env=limits).start()
    try:
        people = [Player(arena.url, f"guest {i}") for i in range(3)]
        refused = httpx.post(arena.url + "/api/auth/guest", json={"name": "one more"}, trust_env=False)
        assert refused.status_code == 429 and "new guests from one address" in refused.json()["error"]
        body = {"game": "coloretto", "options": {"players": 2}, "bots": "random"}
        created = people[0].post("/api/tables", body, expect=201)["table"]["id"]
        people[0].post("/api/tables", body, expect=201)
        too_many = people[0].http.post("/api/tables", json=body)
        assert too_many.status_code == 429 and "new tables" in too_many.json()["error"]
        state = kameleon.load("coloretto", players=2).new_state(seed=1)
        people[1].post("/api/records", state.record(), expect=201)
        assert people[1].http.post("/api/records", json=state.record()).status_code == 429
        Player(arena.url, "member1", password="a good password")
        second = httpx.post(
            arena.url + "/api/auth/signup", json={"username": "member2", "password": "another one"}, trust_env=False
        )
        assert second.status_code == 429 and "new accounts from one address" in second.json()["error"]
        sockets = [people[2].socket(created) for _ in range(3)]
        with pytest.raises(Exception, match=r"403|1008|rejected|closed"):
            people[2].socket(created).recv(timeout=5)
        for sock in sockets:
            sock.close()
        metrics = httpx.get(arena.url + "/metrics", trust_env=False).text
        assert 'kameleon_rejected_requests_total{reason="rate:guest"} 1.0' in metrics
        assert 'kameleon_rejected_requests_total{reason="rate:connect"} 1.0' in metrics
    finally:
        arena.stop()


@pytest.mark.parametrize(
    "text",
    [
        "nul\x00byte",
        "evil\u202etxt.exe",
        "isolate\u2066x\u2069",
        "bell\x07",
        "zero\u200bwidth",
        "word\u2060joiner",
        "\ufeffbom",
        "soft\u00adhyphen",
        "tag\U000e0041\U000e007f",
        "joiner a\u200db",
    ],
)
def test_chat_refuses_control_and_direction_characters(arena: ServerProcess, text: str) -> None:
    alice, _bob, table_id = started_duel(arena)
    sock = alice.socket(table_id)
    sock.recv()
    sock.send({"type": "chat", "text": text})
    assert "control or text-direction" in sock.next_of("error")["error"]
    sock.send({"type": "chat", "text": "gg 🎉 👨‍👩‍👧"})
    assert sock.next_of("chat")["text"] == "gg 🎉 👨‍👩‍👧"
    sock.close()


@pytest.mark.parametrize("text", ["\u3164", "\u3164 \u3164", "\u0301\u0302", "\u2800", "\U0001d159"])
def test_chat_refuses_a_message_with_nothing_visible(arena: ServerProcess, text: str) -> None:
    alice, _bob, table_id = started_duel(arena)
    sock = alice.socket(table_id)
    sock.recv()
    sock.send({"type": "chat", "text": text})
    assert "at least one visible character" in sock.next_of("error")["error"]
    sock.send({"type": "chat", "text": "e\u0301t\u00e9 \u3164ok"})
    assert sock.next_of("chat")["text"] == "e\u0301t\u00e9 \u3164ok"
    sock.close()


def test_metrics_count_moves_sockets_tables_and_refusals(arena: ServerProcess) -> None:
    alice, _bob, table_id = started_duel(arena)
    sock = alice.socket(table_id)
    frame = sock.recv()
    alice.post(f"/api/tables/{table_id}/moves", {"move": frame["legal"][0], "expect": 0})
    alice.http.post(f"/api/tables/{table_id}/leave", headers={"Origin": "http://evil.example"})
    answer = httpx.get(arena.url + "/metrics", trust_env=False)
    assert answer.headers["content-type"].startswith("text/plain")
    values = {
        line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1])
        for line in answer.text.splitlines()
        if line and not line.startswith("#")
    }
    assert values["kameleon_moves_total"] >= 1 and values["kameleon_move_seconds_count"] >= 1
    assert values["kameleon_open_sockets"] >= 1 and values["kameleon_tables_in_memory"] >= 1
    assert values['kameleon_rejected_requests_total{reason="cross_site"}'] >= 1
    sock.close()


# --- 12. a time-out is told to those who come later ----------------------------------------------


def test_out_of_time_and_an_expulsion_are_told_to_sockets_that_connect_later(arena: ServerProcess) -> None:
    alice, bob = Player(arena.url, "Alice"), Player(arena.url, "Bob")
    body = {"game": "coloretto", "options": {"players": 2, "start_player": 0}, "time": {"initial": 1}}
    table_id = alice.post("/api/tables", body, expect=201)["table"]["id"]
    bob.post(f"/api/tables/{table_id}/join")
    present = bob.socket(table_id)  # Bob is at the table: the server leaves the expelling to him
    alice.post(f"/api/tables/{table_id}/start")
    deadline = time.monotonic() + 20
    while alice.get(f"/api/tables/{table_id}/state")["clock"]["out_of_time"] != [0]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    later = bob.socket(table_id)
    assert later.next_of("state")["clock"]["out_of_time"] == [0], "a reconnection shows who is out of time"
    bob.post(f"/api/tables/{table_id}/expel", {"seat": 0})
    assert later.next_of("expelled") == {"type": "expelled", "seat": 0, "by": 1}
    later.close()
    again = bob.socket(table_id)
    assert again.next_of("expelled") == {"type": "expelled", "seat": 0, "history": True}
    again.close()
    present.close()


def test_a_limit_that_does_not_parse_is_named_at_startup(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"socket_rate must be a limit such as '10/minute;100/day', not 'lots'"):
        Settings(database_url=f"sqlite:///{tmp_path / 'a.sqlite3'}", socket_rate="lots")


def test_limits_count_in_memory_while_redis_is_down_and_in_redis_again_after(tmp_path: Path) -> None:
    redis_server = LocalRedis(tmp_path).start()
    env = {"KAMELEON_REDIS_URL": redis_server.url, "KAMELEON_GUEST_RATE": "3/minute"}
    arena = ServerProcess(tmp_path / "arena.sqlite3", env=env).start()

    def guests(source: str) -> list[int]:
        http = client(arena, source)
        return [http.post("/api/auth/guest", json={"name": "G"}).status_code for _ in range(4)]

    try:
        assert guests("127.0.0.20") == [200, 200, 200, 429]
        counted = redis.Redis.from_url(redis_server.url)
        assert counted.keys("*127.0.0.20*"), "counted in Redis"
        redis_server.stop()
        assert guests("127.0.0.21") == [200, 200, 200, 429], "Redis away: the limit holds, counted in memory"
        assert guests("127.0.0.21") == [429] * 4
        redis_server.start()
        time.sleep(THROTTLE_RETRY + 0.5)
        assert guests("127.0.0.22") == [200, 200, 200, 429]
        assert counted.keys("*127.0.0.22*"), "counted in Redis again"
        log = arena.log.read_text()
        assert log.count("Redis does not answer") == 1 and log.count("Redis answers again") == 1, log
    finally:
        arena.stop()
        redis_server.stop()
