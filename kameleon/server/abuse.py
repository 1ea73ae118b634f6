"""Measure what abusive clients cost the arena: `kameleon bench --abuse flood|body|logins|all`.

(`python -m kameleon.server.abuse [flood|body|logins|all]`, with the same options, does the same.)

Starts a fresh arena (`kameleon serve`, SQLite in a temporary directory) on 127.0.0.1, and reports JSON:

* **flood**: a spectator sends 100,000 `{"type": "sync"}` on its table socket without reading what comes
  back, reconnecting whenever it is cut off, for at most `--seconds`; meanwhile 20 two-player tables play
  over WebSocket and `/api/health` is asked every 100 ms. Reported: the server's resident memory growth,
  the others' move latency (p50/p99) and the slowest health answer. `--outbox-only` lifts the socket
  message rate limit, so that only the bounded outbox stands between the flood and the server's memory.
* **body**: a 200 MB POST to `/api/auth/guest`, once with a Content-Length and once chunked; reported: the
  status, how much was sent before the answer came, and the server's memory growth.
* **logins**: `--attackers` client addresses (127.0.2.x) each keep two wrong logins waiting for their password
  check (the most an address may have) for `--seconds`, with the per-address failure limit lifted; meanwhile
  the owner logs in twice a second from the browser that signed up (a known device) and from a new browser.
  Reported: each one's login latency before and during the attack, and the attackers' own.

Used for the figures in docs/security.md; every limit is the production default unless said otherwise
(only the per-address limits on creating guests and tables are lifted, so that 40 players can sign in).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect

from kameleon.server.loadtest import serving
from kameleon.server.loopback import free_port

SETUP_LIMITS = {"KAMELEON_GUEST_RATE": "100000/minute", "KAMELEON_TABLE_RATE": "100000/minute"}
MB = 1024 * 1024


def rss(pid: int) -> int:
    """Resident memory of a process, bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


@contextlib.contextmanager
def arena(env: dict[str, str]) -> Any:
    """A fresh arena on a throw-away SQLite file; yields (its URL, its process id)."""
    with tempfile.TemporaryDirectory(prefix="kameleon-abuse-") as directory:
        port = free_port()
        command = [sys.executable, "-m", "kameleon", "serve", "--port", str(port)]
        command += ["--database-url", f"sqlite:///{Path(directory) / 'abuse.sqlite3'}"]
        full_env = {**os.environ, "KAMELEON_BOT_DELAY": "0", **SETUP_LIMITS, **env}
        with serving(command, full_env, port) as served:
            yield served


async def _guest(http: httpx.AsyncClient, name: str) -> str:
    answer = await http.post("/api/auth/guest", json={"name": name})
    answer.raise_for_status()
    http.cookies.clear()
    token: str = answer.json()["token"]
    return token


async def _table(http: httpx.AsyncClient, index: int) -> tuple[str, list[str]]:
    tokens = [await _guest(http, f"player {index}a"), await _guest(http, f"player {index}b")]
    auth = [{"Authorization": f"Bearer {token}"} for token in tokens]
    created = await http.post("/api/tables", json={"game": "coloretto", "options": {"players": 2}}, headers=auth[0])
    created.raise_for_status()
    table_id: str = created.json()["table"]["id"]
    (await http.post(f"/api/tables/{table_id}/join", json={}, headers=auth[1])).raise_for_status()
    (await http.post(f"/api/tables/{table_id}/start", json={}, headers=auth[0])).raise_for_status()
    return table_id, tokens


async def _player(url: str, token: str, seed: int, latencies: list[float], stop: asyncio.Event) -> None:
    """A player who moves 0.1-0.3 s after it becomes its turn; a finished game starts nothing new."""
    rng = random.Random(seed)
    sent: dict[int, float] = {}
    async with connect(url, additional_headers={"Authorization": f"Bearer {token}"}, max_size=None) as ws:
        await ws.send('{"type": "sync"}')
        async for raw in ws:
            frame = orjson.loads(raw)
            if frame["type"] != "state":
                continue
            moves = frame["table"]["moves"]  # the socket sends only new log entries; this counts them all
            if moves in sent:
                latencies.append(time.perf_counter() - sent.pop(moves))
            if frame["table"]["status"] != "playing" or stop.is_set():
                return
            if frame["legal"] and moves + 1 not in sent:
                await asyncio.sleep(rng.uniform(0.1, 0.3))
                sent[moves + 1] = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "move": rng.choice(frame["legal"]), "expect": moves}))


async def _health(url: str, times: list[float], stop: asyncio.Event) -> None:
    async with httpx.AsyncClient(base_url=url, trust_env=False, timeout=30) as http:
        while not stop.is_set():
            started = time.perf_counter()
            (await http.get("/api/health")).raise_for_status()
            times.append(time.perf_counter() - started)
            await asyncio.sleep(0.1)


async def _flooder(url: str, total: int, seconds: float, counts: dict[str, int]) -> None:
    """Send `total` syncs without reading, reconnecting whenever cut off, for at most `seconds`."""
    message = '{"type": "sync"}'
    deadline = time.monotonic() + seconds
    while counts["sent"] < total and time.monotonic() < deadline:
        try:
            # A tiny read buffer in the client library: it stops reading almost at once, as a client that
            # never reads would.
            async with connect(url, max_queue=1, max_size=None, open_timeout=5) as ws:
                counts["connections"] += 1
                while counts["sent"] < total and time.monotonic() < deadline:
                    await asyncio.wait_for(ws.send(message), max(0.01, deadline - time.monotonic()))
                    counts["sent"] += 1
                    if counts["sent"] % 256 == 0:
                        await asyncio.sleep(0)  # let the measuring tasks of this client run
        except Exception:
            counts["cut_off"] += 1
            await asyncio.sleep(0.05)


async def _flood(url: str, pid: int, total: int, seconds: float, tables: int, measure: float) -> dict[str, Any]:
    ws_base = url.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=url, trust_env=False, timeout=60) as http:
        setups = [await _table(http, index) for index in range(tables)]
    before = rss(pid)
    stop = asyncio.Event()
    latencies: list[float] = []
    health: list[float] = []
    counts = {"sent": 0, "connections": 0, "cut_off": 0}
    players = [
        asyncio.create_task(_player(f"{ws_base}/api/tables/{table_id}/ws", token, index * 2 + seat, latencies, stop))
        for index, (table_id, tokens) in enumerate(setups)
        for seat, token in enumerate(tokens)
    ]
    prober = asyncio.create_task(_health(url, health, stop))
    started = time.perf_counter()
    await _flooder(f"{ws_base}/api/tables/{setups[0][0]}/ws", total, seconds, counts)
    elapsed = time.perf_counter() - started
    # What the server still does for the flood shows in the figures too; `measure` makes a control run (a flood
    # of 0) last as long as a real one.
    await asyncio.sleep(max(2.0, measure - elapsed))
    peak = rss(pid)
    stop.set()
    await asyncio.gather(prober, return_exceptions=True)
    for player in players:
        player.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    ordered = sorted(latencies)

    def ms(value: float) -> float:
        return round(1000 * value, 1)

    return {
        "syncs_sent": counts["sent"],
        "flood_seconds": round(elapsed, 1),
        "flood_connections": counts["connections"],
        "flood_cut_off": counts["cut_off"],
        "rss_growth_mb": round((peak - before) / MB, 1),
        "others_moves": len(ordered),
        "others_move_p50_ms": ms(statistics.median(ordered)) if ordered else None,
        "others_move_p99_ms": ms(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]) if ordered else None,
        "health_max_ms": ms(max(health)) if health else None,
        "health_p99_ms": ms(sorted(health)[int(0.99 * (len(health) - 1))]) if health else None,
    }


def body(url: str, pid: int, size: int = 200 * MB) -> dict[str, Any]:
    """POST `size` bytes twice (declared, then chunked) and report how much the server took in first."""
    port = int(url.rsplit(":", 1)[1])
    results: dict[str, Any] = {"body_mb": size // MB}
    before = rss(pid)
    for kind in ("content-length", "chunked"):
        with socket.create_connection(("127.0.0.1", port), timeout=30) as raw:
            head = f"POST /api/auth/guest HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            head += (
                f"Content-Length: {size}\r\n\r\n" if kind == "content-length" else "Transfer-Encoding: chunked\r\n\r\n"
            )
            raw.sendall(head.encode())
            chunk = b"7" * (64 * 1024)
            framed = chunk if kind == "content-length" else b"%x\r\n%s\r\n" % (len(chunk), chunk)
            sent = 0
            raw.setblocking(False)
            answer = b""
            try:
                while sent < size:
                    with contextlib.suppress(BlockingIOError):
                        answer += raw.recv(4096)
                    if answer:
                        break
                    try:
                        raw.sendall(framed)
                    except BlockingIOError:
                        time.sleep(0.001)
                        continue
                    sent += len(chunk)
            except OSError:
                pass
            raw.settimeout(30)
            with contextlib.suppress(OSError):
                while b"\r\n" not in answer:
                    more = raw.recv(4096)
                    if not more:
                        break
                    answer += more
        results[kind] = {"status": answer.split(b"\r\n", 1)[0].decode(errors="replace"), "sent_mb": round(sent / MB, 1)}
    results["rss_growth_mb"] = round((rss(pid) - before) / MB, 1)
    return results


async def _login_times(
    http: httpx.AsyncClient, times: list[float], errors: list[str], stop: asyncio.Event, forget: bool
) -> None:
    """The owner logs in twice a second; `forget`: as a browser it never used before (no device cookie)."""
    while not stop.is_set():
        if forget:
            http.cookies.clear()
        started = time.perf_counter()
        try:
            answer = await http.post("/api/auth/login", json={"username": "owner", "password": "the right one"})
        except httpx.HTTPError as exc:
            errors.append(repr(exc))
            continue
        if answer.status_code != 200:
            errors.append(f"{answer.status_code} {answer.text}")
        else:
            times.append(time.perf_counter() - started)
        await asyncio.sleep(0.5)


async def _attacker(url: str, source: str, times: list[float], stop: asyncio.Event) -> None:
    transport = httpx.AsyncHTTPTransport(local_address=source)
    async with httpx.AsyncClient(base_url=url, trust_env=False, timeout=120, transport=transport) as http:
        while not stop.is_set():
            started = time.perf_counter()
            name = f"ghost{random.randrange(10**9)}"
            try:
                answer = await http.post("/api/auth/login", json={"username": name, "password": "a guess"})
            except httpx.HTTPError:
                continue
            if answer.status_code == 401:
                times.append(time.perf_counter() - started)
            else:
                await asyncio.sleep(0.01)  # refused at once: more than two at a time (cannot happen here)


async def _logins(url: str, attackers: int, seconds: float) -> dict[str, Any]:
    def client(source: str) -> httpx.AsyncClient:
        transport = httpx.AsyncHTTPTransport(local_address=source)
        return httpx.AsyncClient(base_url=url, trust_env=False, timeout=120, transport=transport)

    async with client("127.0.0.1") as known, client("127.0.3.1") as new:
        signed_up = await known.post("/api/auth/signup", json={"username": "owner", "password": "the right one"})
        signed_up.raise_for_status()
        phases: dict[str, dict[str, list[float]]] = {}
        errors: list[str] = []
        for phase, attack in (("quiet", False), ("attack", True)):
            stop = asyncio.Event()
            times: dict[str, list[float]] = {"known": [], "new": [], "attackers": []}
            tasks = [
                asyncio.create_task(_login_times(known, times["known"], errors, stop, forget=False)),
                asyncio.create_task(_login_times(new, times["new"], errors, stop, forget=True)),
            ]
            if attack:
                tasks += [
                    asyncio.create_task(_attacker(url, f"127.0.2.{1 + i // 2}", times["attackers"], stop))
                    for i in range(2 * attackers)
                ]
            await asyncio.sleep(3.0 if not attack else seconds)
            stop.set()
            await asyncio.gather(*tasks)
            phases[phase] = times

    def ms(values: list[float], share: float) -> float | None:
        ordered = sorted(values)
        return round(1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))], 1) if ordered else None

    report: dict[str, Any] = {"attacking_addresses": attackers, "attack_seconds": seconds, "owner_errors": errors}
    for phase, times in phases.items():
        for who, values in times.items():
            if values:
                report[f"{phase}_{who}"] = {"logins": len(values), "p50_ms": ms(values, 0.5), "max_ms": ms(values, 1.0)}
    return report


def run(
    what: str,
    syncs: int = 100_000,
    seconds: float | None = None,
    tables: int = 20,
    outbox_only: bool = False,
    measure: float = 0.0,
    attackers: int = 50,
) -> dict[str, Any]:
    """The measurements `what` names (flood, body, logins or all), each on a fresh arena; a JSON-ready report.

    `seconds`: the longest the flood lasts (default 60), and how long the login attack lasts (default 20)."""
    if what not in WHAT:
        raise ValueError(f"the abuse measurements are {', '.join(WHAT)}, not {what!r}")
    report: dict[str, Any] = {}
    env = {"KAMELEON_SOCKET_RATE": "1000000/second", "KAMELEON_SOCKET_CONNECTS": "1000000/minute"}
    if what in ("flood", "all"):
        with arena(env if outbox_only else {}) as (url, pid):
            report["flood"] = asyncio.run(_flood(url, pid, syncs, seconds or 60.0, tables, measure))
            report["flood"]["limits"] = "outbox only" if outbox_only else "production defaults"
    if what in ("body", "all"):
        with arena({}) as (url, pid):
            report["body"] = body(url, pid)
    if what in ("logins", "all"):
        # The limits on counts lifted (the owner logs in twice a second): this measures the queues of checks.
        lifted = {
            "KAMELEON_LOGIN_FAILURES_PER_ADDRESS": "1000000/minute",
            "KAMELEON_LOGIN_ATTEMPTS_PER_ADDRESS": "1000000/minute",
            "KAMELEON_LOGIN_ATTEMPTS_PER_ACCOUNT": "1000000/minute",
        }
        with arena(lifted) as (url, _pid):
            report["logins"] = asyncio.run(_logins(url, attackers, seconds or 20.0))
    return report


WHAT = ("flood", "body", "logins", "all")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=WHAT, nargs="?", default="all")
    parser.add_argument("--syncs", type=int, default=100_000)
    parser.add_argument("--seconds", type=float, default=None, help="longest flood (60), login attack (20)")
    parser.add_argument("--tables", type=int, default=20, help="tables played by others during the flood")
    parser.add_argument("--outbox-only", action="store_true", help="lift the socket message rate limit")
    parser.add_argument("--measure", type=float, default=0.0, help="shortest measurement, seconds (for a control run)")
    parser.add_argument("--attackers", type=int, default=50, help="client addresses attacking the logins")
    options = parser.parse_args()
    report = run(
        options.what,
        options.syncs,
        options.seconds,
        options.tables,
        options.outbox_only,
        options.measure,
        options.attackers,
    )
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
