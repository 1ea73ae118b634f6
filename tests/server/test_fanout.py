"""Several arena processes on one database, told of each other's changes through a real Redis server.

Each test starts `redis-server` on a free 127.0.0.1 port and `kameleon serve` processes that share an
SQLite file: players connected to different processes play one game, bots carry on after the process
running them is killed, and `--workers 2` serves one port from two processes.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import random
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from prometheus_client.parser import text_string_to_metric_families

import kameleon
from kameleon.server.fanout import CHANNEL
from kameleon.server.loopback import LocalRedis
from tests.server.harness import Player, ServerProcess, Socket, tokens_of

LEASE = 2.0


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[LocalRedis]:
    try:
        server = LocalRedis(tmp_path).start()
    except RuntimeError as exc:
        pytest.fail(str(exc), pytrace=False)
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server: LocalRedis) -> str:
    return redis_server.url


def arena(
    tmp_path: Path,
    name: str,
    redis_url: str,
    bot_delay: float = 0.0,
    args: list[str] | None = None,
    more_env: dict[str, str] | None = None,
) -> ServerProcess:
    """A server process on the shared SQLite file `shared.sqlite3` (its log is `<name>.log`)."""
    env = {"KAMELEON_REDIS_URL": redis_url, "KAMELEON_LEASE_SECONDS": str(LEASE), **(more_env or {})}
    return ServerProcess(
        tmp_path / f"{name}.sqlite3",
        bot_delay=bot_delay,
        database_url=f"sqlite:///{tmp_path / 'shared.sqlite3'}",
        env=env,
        args=args,
    ).start()


@contextlib.contextmanager
def two_arenas(
    tmp_path: Path, redis_url: str, bot_delay: float = 0.0, more_env: dict[str, str] | None = None
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two server processes on one database and one Redis, stopped afterwards."""
    first = arena(tmp_path, "first", redis_url, bot_delay, more_env=more_env)
    try:
        second = arena(tmp_path, "second", redis_url, bot_delay, more_env=more_env)
        try:
            yield first, second
        finally:
            second.stop()
    finally:
        first.stop()


def state_with(socket: Socket, moves: int) -> dict:
    """The next state frame on `socket` whose log holds at least `moves` moves."""
    while True:
        frame = socket.next_of("state", timeout=15)
        if len(frame["log"]) >= moves:
            return frame


def play_over_sockets(sockets: list[Socket], seed: int) -> list[dict[str, Any]]:
    """Both seats play random legal moves, each on its own socket; every move must reach both sockets."""
    rng = random.Random(seed)
    for socket in sockets:
        socket.send({"type": "sync"})
    frames = [state_with(socket, 0) for socket in sockets]
    log: list[dict[str, Any]] = []
    while frames[0]["table"]["status"] != "finished":
        assert [frame["log"] for frame in frames] == [log, log]
        mover = next(seat for seat, frame in enumerate(frames) if frame["legal"])
        sockets[mover].send({"type": "move", "move": rng.choice(frames[mover]["legal"]), "expect": len(log)})
        frames = [state_with(socket, len(log) + 1) for socket in sockets]
        assert frames[0]["log"] == frames[1]["log"] and len(frames[0]["log"]) == len(log) + 1
        log = frames[0]["log"]
    assert frames[1]["table"]["status"] == "finished"
    return log


def two_player_table(alice: Player, bob: Player) -> str:
    table_id: str = alice.post("/api/tables", {"game": "coloretto", "options": {"players": 2}}, expect=201)["table"][
        "id"
    ]
    bob.post(f"/api/tables/{table_id}/join", {})
    alice.post(f"/api/tables/{table_id}/start")
    return table_id


def watched_duel(first: ServerProcess, second: ServerProcess) -> tuple[Player, Player, str, Socket]:
    """Alice on the first process, Bob on the second, their game started, and a spectator on the second."""
    alice, bob = Player(first.url, "Alice"), Player(second.url, "Bob")
    table_id = two_player_table(alice, bob)
    watcher = Socket(second.url, table_id)
    assert state_with(watcher, 0)["table"]["status"] == "playing"
    return alice, bob, table_id, watcher


def test_players_on_two_processes_play_one_game_and_chat(tmp_path: Path, redis_url: str) -> None:
    with two_arenas(tmp_path, redis_url) as (first, second):
        alice, bob = Player(first.url, "Alice"), Player(second.url, "Bob")
        table_id = two_player_table(alice, bob)
        sockets = [alice.socket(table_id), bob.socket(table_id)]
        sockets[1].send({"type": "chat", "text": "good luck"})
        chat = sockets[0].next_of("chat")
        assert (chat["name"], chat["text"]) == ("Bob", "good luck")
        log = play_over_sockets(sockets, seed=3)
        record = bob.get(f"/api/tables/{table_id}/record")
        assert record == alice.get(f"/api/tables/{table_id}/record")
        assert record["moves"] == tokens_of(log) and kameleon.replay(record).is_terminal
        for socket in sockets:
            socket.close()
        # a stale move sent to the process that did not store the last one is refused, and changes nothing
        refused = bob.http.post(f"/api/tables/{table_id}/moves", json={"move": "draw"})
        assert refused.status_code == 409 and "over" in refused.json()["error"]


def test_an_analysis_asked_of_both_processes_runs_once(tmp_path: Path, redis_url: str) -> None:
    fast = {"KAMELEON_ANALYSIS_ITERATIONS": "12"}
    with two_arenas(tmp_path, redis_url, more_env=fast) as (first, second):
        alice, bob = Player(first.url, "Alice"), Player(second.url, "Bob")
        table_id = two_player_table(alice, bob)
        sockets = [alice.socket(table_id), bob.socket(table_id)]
        play_over_sockets(sockets, seed=5)
        for socket in sockets:
            socket.close()
        path = f"/api/tables/{table_id}/analysis"
        with concurrent.futures.ThreadPoolExecutor(2) as pool:  # both processes asked at once: one job
            asked = list(pool.map(lambda player: player.post(path)["status"], (alice, bob)))
        assert set(asked) <= {"pending", "running", "done"}
        deadline = time.monotonic() + 180
        while (job := alice.get(path))["status"] not in ("done", "failed"):
            assert time.monotonic() < deadline, f"the analysis is still {job}"
            time.sleep(0.3)
        assert job["status"] == "done", job
        assert bob.get(path) == job  # the other process serves the stored analysis
        with sqlite3.connect(tmp_path / "shared.sqlite3") as db:
            rows = db.execute("SELECT status, attempts FROM analyses WHERE table_id = ?", (table_id,)).fetchall()
        assert rows == [("done", 1)]  # one job, claimed by one process, started once


def test_bots_carry_on_in_another_process_when_theirs_is_killed(tmp_path: Path, redis_url: str) -> None:
    with two_arenas(tmp_path, redis_url, bot_delay=0.02) as (first, second):
        carol = Player(first.url, "Carol")
        table_id = carol.post(
            "/api/tables", {"game": "coloretto", "options": {"players": 3}, "bots": "random"}, expect=201
        )["table"]["id"]
        carol.post(f"/api/tables/{table_id}/start")
        carol.post(f"/api/tables/{table_id}/leave")  # every seat is a bot's now, played by the first process
        watcher = Socket(second.url, table_id)  # a spectator on the second process sees the first one's moves
        before = state_with(watcher, 10)["log"]
        first.kill()
        deadline = time.monotonic() + 60
        with httpx.Client(base_url=second.url, trust_env=False, timeout=10) as http:
            # the first process died in the middle of the game (its lease is not over yet): the rest is the second's
            status = http.get(f"/api/tables/{table_id}").json()["table"]["status"]
            assert status == "playing", f"the game was {status} when its process died: nothing was left to take over"
            while http.get(f"/api/tables/{table_id}").json()["table"]["status"] != "finished":
                assert time.monotonic() < deadline, "the second process did not take the bots over"
                time.sleep(0.1)
            record = http.get(f"/api/tables/{table_id}/record").json()
        assert record["moves"][: len(before)] == tokens_of(before)
        assert kameleon.replay(record).is_terminal
        watcher.close()
        assert "gave up" not in second.log.read_text()


def test_a_time_out_is_seen_on_both_processes_and_acted_on_once(tmp_path: Path, redis_url: str) -> None:
    with two_arenas(tmp_path, redis_url) as (first, second):
        alice, bob = Player(first.url, "Alice"), Player(second.url, "Bob")
        body = {"game": "coloretto", "options": {"players": 2, "start_player": 0}, "time": {"per_move": 1}}
        table_id = alice.post("/api/tables", body, expect=201)["table"]["id"]
        bob.post(f"/api/tables/{table_id}/join", {})
        sockets = [alice.socket(table_id), bob.socket(table_id)]
        alice.post(f"/api/tables/{table_id}/start")  # Alice does not move: she runs out of time
        for socket in sockets:
            assert socket.next_of("out_of_time", timeout=30)["seat"] == 0
        assert bob.get(f"/api/tables/{table_id}/state")["clock"]["out_of_time"] == [0]
        bob.post(f"/api/tables/{table_id}/expel", {"seat": 0})  # through the other process
        for socket in sockets:
            assert socket.next_of("expelled", timeout=30) == {"type": "expelled", "seat": 0, "by": 1}
        # Bob, now the only person at the table, closes it and does not move either: nobody at the table can
        # act on his absence, so the server expels him after the grace.
        sockets.pop().close()
        deadline = time.monotonic() + 60
        while (summary := bob.get(f"/api/tables/{table_id}")["table"])["status"] != "finished":
            assert time.monotonic() < deadline, "the bots that took the seats over did not finish the game"
            time.sleep(0.1)
        assert [seat["kind"] for seat in summary["seats"]] == ["bot", "bot"]
        for socket in sockets:
            socket.drain()
            kinds = [frame["type"] for frame in socket.frames]
            assert kinds.count("out_of_time") >= 2 and kinds.count("expelled") == 2  # one per seat, not per process
            assert len([f for f in socket.frames if f["type"] == "out_of_time" and f["seat"] == 0]) == 1
            socket.close()


def test_moves_made_while_redis_was_away_reach_the_other_process(tmp_path: Path, redis_server: LocalRedis) -> None:
    with two_arenas(tmp_path, redis_server.url) as (first, second):
        alice, bob, table_id, watcher = watched_duel(first, second)
        redis_server.stop()
        mover = alice if alice.get(f"/api/tables/{table_id}/state")["legal"] else bob
        frame = mover.get(f"/api/tables/{table_id}/state")
        mover.post(f"/api/tables/{table_id}/moves", {"move": frame["legal"][0], "expect": 0})
        redis_server.start()
        assert len(state_with(watcher, 1)["log"]) == 1  # the second process caught up from the database
        deadline = time.monotonic() + 20
        while redis.Redis.from_url(redis_server.url).pubsub_numsub("kameleon:arena") != [(b"kameleon:arena", 2)]:
            assert time.monotonic() < deadline, "the arena processes did not subscribe again"
            time.sleep(0.1)
        for _ in range(2):  # and hears of the next moves through its new subscription
            player = alice if alice.get(f"/api/tables/{table_id}/state")["legal"] else bob
            frame = player.get(f"/api/tables/{table_id}/state")
            player.post(f"/api/tables/{table_id}/moves", {"move": frame["legal"][0], "expect": len(frame["log"])})
        assert len(state_with(watcher, 3)["log"]) == 3
        watcher.close()


def play_on_first(
    first: ServerProcess, alice: Player, bob: Player, table_id: str, until: Callable[[list[dict]], bool]
) -> list[dict]:
    """Alice and Bob both play the first legal move on the first process until `until(frames)` holds for their
    two state frames, which are returned."""
    state, moves = f"/api/tables/{table_id}/state", f"/api/tables/{table_id}/moves"
    bearer = {"Authorization": f"Bearer {bob.token}"}
    with httpx.Client(base_url=first.url, headers=bearer, trust_env=False, timeout=10) as bob_on_first:
        on_first = [alice.http, bob_on_first]
        while not until(frames := [client.get(state).json() for client in on_first]):
            seat = next(s for s, frame in enumerate(frames) if frame["legal"])
            move = {"move": frames[seat]["legal"][0], "expect": len(frames[seat]["log"])}
            assert on_first[seat].post(moves, json=move).status_code == 200
    return frames


def test_a_process_that_missed_moves_judges_a_move_against_them(tmp_path: Path, redis_server: LocalRedis) -> None:
    with two_arenas(tmp_path, redis_server.url) as (first, second):
        alice, bob, table_id, watcher = watched_duel(first, second)
        redis_server.stop()  # from now on the second process hears nothing of the first one's moves
        frames = play_on_first(
            first, alice, bob, table_id, until=lambda frames: bool(frames[1]["legal"] and frames[1]["log"])
        )
        played = frames[1]["log"]
        moves = f"/api/tables/{table_id}/moves"
        reply = bob.post(moves, {"move": frames[1]["legal"][0], "expect": len(played)})  # to the stale process
        assert reply["log"][: len(played)] == played and len(reply["log"]) == len(played) + 1
        assert alice.get(f"/api/tables/{table_id}/state")["log"] == reply["log"]
        watcher.close()


def test_a_process_that_missed_the_end_serves_the_record(tmp_path: Path, redis_server: LocalRedis) -> None:
    with two_arenas(tmp_path, redis_server.url) as (first, second):
        alice, bob, table_id, watcher = watched_duel(first, second)
        redis_server.stop()  # the second process hears nothing of the game played to its end on the first
        frames = play_on_first(
            first, alice, bob, table_id, until=lambda frames: frames[0]["table"]["status"] == "finished"
        )
        log = frames[0]["log"]
        assert bob.get(f"/api/tables/{table_id}/record")["moves"] == tokens_of(log)  # asked of the stale process
        assert bob.get(f"/api/tables/{table_id}/replay/{len(log)}")["log"] == log
        watcher.close()


def test_workers_share_one_port(tmp_path: Path, redis_url: str) -> None:
    server = arena(tmp_path, "workers", redis_url, args=["--workers", "2"])
    try:
        # each worker is an arena of its own that joined the fan-out: two subscribers on the channel
        client = redis.Redis.from_url(redis_url)
        deadline = time.monotonic() + 20
        while dict(client.pubsub_numsub(CHANNEL)).get(CHANNEL.encode(), 0) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert dict(client.pubsub_numsub(CHANNEL)) == {CHANNEL.encode(): 2}
        alice, bob = Player(server.url, "Alice"), Player(server.url, "Bob")
        table_id = two_player_table(alice, bob)
        sockets = [alice.socket(table_id), bob.socket(table_id)]
        log = play_over_sockets(sockets, seed=5)
        assert alice.get(f"/api/tables/{table_id}/record")["moves"] == tokens_of(log)
        for socket in sockets:
            socket.close()

        # /metrics, whichever worker answers, adds up every worker's figures (multiprocess mode, metrics.py)
        def refuse(_: int) -> int:  # text/plain: refused by the guard, counted as reason "type"
            return httpx.post(server.url + "/api/auth/guest", content=b"{}", trust_env=False).status_code

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            assert set(pool.map(refuse, range(40))) == {415}
        for _ in range(10):
            figures = scrape(server.url)
            assert figures["kameleon_moves_total"] == len(log), figures
            assert figures['kameleon_rejected_requests_total{reason="type"}'] == 40, figures
            assert figures["kameleon_move_seconds_count"] == len(log)
            assert figures["kameleon_open_sockets"] == 0
    finally:
        server.stop()


def scrape(url: str) -> dict[str, float]:
    """The samples of one /metrics answer (on a connection of its own: any worker may take it)."""
    text = httpx.get(url + "/metrics", trust_env=False, headers={"Connection": "close"}).text
    figures = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f'{key}="{value}"' for key, value in sorted(sample.labels.items()))
            figures[sample.name + (f"{{{labels}}}" if labels else "")] = sample.value
    return figures


def test_health_says_when_redis_is_gone(tmp_path: Path, redis_url: str) -> None:
    server = arena(tmp_path, "lonely", redis_url)
    try:
        assert httpx.get(server.url + "/api/health", trust_env=False).json() == {"status": "ok"}
        redis.Redis.from_url(redis_url).shutdown(nosave=True)
        response = httpx.get(server.url + "/api/health", trust_env=False, timeout=10)
        assert (response.status_code, response.json()) == (503, {"status": "redis unreachable"})
    finally:
        server.stop()
