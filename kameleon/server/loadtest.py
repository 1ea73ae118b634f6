"""The arena load benchmark behind `kameleon bench --arena`: N concurrent tables played over WebSocket.

Each table gets two guest players whose clients play random legal moves as soon
as a frame tells them it is their turn. A move's latency runs from sending it
to receiving the state frame that contains it. Unless a URL is given, a fresh
server (`python -m kameleon serve`, SQLite in a temporary directory, no bot
pause) is started for the run and stopped after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect

from kameleon.server.loopback import LocalRedis, free_port
from kameleon.server.throttle import LOOPBACK_LIMITS


@contextlib.contextmanager
def _server(directory: Path, workers: int = 1) -> Any:
    """A fresh arena on an SQLite file in `directory`; with several workers, a throw-away Redis beside it."""
    port = free_port()
    env = {**os.environ, **LOOPBACK_LIMITS, "KAMELEON_BOT_DELAY": "0"}
    command = [
        sys.executable,
        "-m",
        "kameleon",
        "serve",
        "--port",
        str(port),
        "--database-url",
        f"sqlite:///{directory / 'bench.sqlite3'}",
    ]
    with contextlib.ExitStack() as stack:
        if workers > 1:
            redis_server = LocalRedis(directory).start()
            stack.callback(redis_server.stop)
            command += ["--workers", str(workers), "--redis-url", redis_server.url]
        url, _ = stack.enter_context(serving(command, env, port))
        yield url


@contextlib.contextmanager
def serving(command: list[str], env: dict[str, str], port: int) -> Any:
    """`command` (a `kameleon serve` on `port`) running until the block ends; yields (its URL, its process id)."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(url + "/api/health", timeout=1, trust_env=False).status_code == 200:
                    break
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("the arena server did not start")
            time.sleep(0.1)
        yield url, process.pid
    finally:
        process.terminate()
        process.wait(10)


async def _guest(http: httpx.AsyncClient, name: str) -> str:
    response = await http.post("/api/auth/guest", json={"name": name})
    response.raise_for_status()
    http.cookies.clear()  # every request says who it is with its own Bearer token
    token: str = response.json()["token"]
    return token


async def _setup_table(http: httpx.AsyncClient, index: int, game: str) -> tuple[str, list[str]]:
    tokens = [await _guest(http, f"bench {index}a"), await _guest(http, f"bench {index}b")]
    auth = [{"Authorization": f"Bearer {token}"} for token in tokens]
    created = await http.post("/api/tables", json={"game": game, "options": {"players": 2}}, headers=auth[0])
    created.raise_for_status()
    table_id: str = created.json()["table"]["id"]
    (await http.post(f"/api/tables/{table_id}/join", json={}, headers=auth[1])).raise_for_status()
    return table_id, tokens


class _Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors = 0


async def _seat_client(
    ws_url: str, token: str, seed: int, stats: _Stats, ready: asyncio.Event, go: asyncio.Event, think: float
) -> None:
    rng = random.Random(seed)
    sent_at: dict[int, float] = {}
    async with connect(
        ws_url, additional_headers={"Authorization": f"Bearer {token}"}, max_size=None, compression=None
    ) as ws:
        ready.set()
        await go.wait()
        await ws.send(json.dumps({"type": "sync"}))
        async for raw in ws:
            frame = orjson.loads(raw)
            if frame["type"] == "error":
                stats.errors += 1
                continue
            if frame["type"] != "state":
                continue
            moves = frame["table"]["moves"]  # the socket sends only new log entries; this counts them all
            if moves in sent_at:
                stats.latencies.append(time.perf_counter() - sent_at.pop(moves))
            if frame["table"]["status"] == "finished":
                return
            if frame["legal"] and moves not in sent_at and (moves + 1) not in sent_at:
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent_at[moves + 1] = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "move": rng.choice(frame["legal"]), "expect": moves}))


async def _run(url: str, tables: int, game: str, think: float) -> dict[str, Any]:
    stats = _Stats()
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=url, trust_env=False, timeout=60, limits=limits) as http:
        setups = await asyncio.gather(*(_setup_table(http, i, game) for i in range(tables)))
        ws_base = url.replace("http://", "ws://")
        go = asyncio.Event()
        readiness = []
        clients = []
        for index, (table_id, tokens) in enumerate(setups):
            for seat, token in enumerate(tokens):
                ready = asyncio.Event()
                readiness.append(ready)
                clients.append(
                    _seat_client(
                        f"{ws_base}/api/tables/{table_id}/ws", token, index * 2 + seat, stats, ready, go, think
                    )
                )
        tasks = [asyncio.create_task(client) for client in clients]
        await asyncio.gather(*(ready.wait() for ready in readiness))
        await asyncio.gather(
            *(
                http.post(f"/api/tables/{table_id}/start", json={}, headers={"Authorization": f"Bearer {tokens[0]}"})
                for table_id, tokens in setups
            )
        )
        started = time.perf_counter()
        go.set()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        elapsed = time.perf_counter() - started
    stats.errors += sum(1 for result in results if isinstance(result, BaseException))
    latencies = sorted(stats.latencies)
    moves = len(latencies)

    def percentile(q: float) -> float:
        return round(1000 * latencies[min(moves - 1, int(q * moves))], 2) if moves else 0.0

    return {
        "tables": tables,
        "moves": moves,
        "moves_per_s": round(moves / elapsed, 1) if elapsed else 0.0,
        "p50_ms": round(1000 * statistics.median(latencies), 2) if latencies else 0.0,
        "p99_ms": percentile(0.99),
        "errors": stats.errors,
    }


THINK = 0.15
"""The clients' default mean pause before a move (seconds): see `arena_bench`."""


def arena_bench(
    tables: int = 200, url: str | None = None, game: str = "coloretto", think: float = THINK, workers: int = 1
) -> dict[str, Any]:
    """Play `tables` two-player games at once; returns tables, moves, moves_per_s, p50_ms, p99_ms, errors.

    `think` is the mean pause (seconds) a client takes before each move. With no pause every table always
    has a move in flight, so latency is pure queueing (Little's law: in-flight moves / throughput, 200 ms
    for 200 tables at 1,000 moves/s) and the run measures the server's capacity. The default of 0.15 s
    offers 200 tables about 1,300 moves/s, the arena's target load, and measures the latency at that load.
    `workers` above 1 starts that many server processes on the port, sharing a throw-away Redis server.
    """
    if tables < 1:
        raise ValueError("tables must be at least 1")
    if workers > 1 and url is not None:
        raise ValueError("workers applies to the server the benchmark starts, not to one at a URL")
    if url is not None:
        try:
            return asyncio.run(_run(url.rstrip("/"), tables, game, think))
        except httpx.HTTPError as exc:
            raise RuntimeError(f"the arena at {url} did not answer: {exc}") from None
    with (
        tempfile.TemporaryDirectory(prefix="kameleon-bench-") as directory,
        _server(Path(directory), workers) as started,
    ):
        return asyncio.run(_run(started, tables, game, think))


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    pause = float(sys.argv[2]) if len(sys.argv) > 2 else THINK
    print(json.dumps(arena_bench(count, think=pause)))
