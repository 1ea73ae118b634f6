"""Prometheus metrics (prometheus-client), served at /metrics: moves, move latency, sockets, tables, refusals.

One process (`kameleon serve`) serves its own figures. `kameleon serve --workers N` runs N processes behind
one port, where a scrape reaches whichever process accepts it, so scraping "each process" is impossible
there: the launcher gives them prometheus-client's multiprocess mode instead (PROMETHEUS_MULTIPROC_DIR, one
directory per launcher, emptied at start), each process writes its figures to memory-mapped files there, and
/metrics, served by any of them, adds them all up: counters and histograms over every process that ever ran
under this launcher, the gauges over the processes alive. Several launchers (ports, machines) are scraped
one by one, each a target of its own (docs/arena.md, production).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
from collections.abc import Callable
from pathlib import Path

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead

MULTIPROCESS = "PROMETHEUS_MULTIPROC_DIR"
"""The environment variable prometheus-client reads at import time for its multiprocess mode."""
TABLES_EVERY = 5.0
"""Seconds between two updates of a process's tables-in-memory gauge in multiprocess mode (another process
serves /metrics, so it cannot count this one's tables when asked)."""

REGISTRY = CollectorRegistry(auto_describe=True)
MOVES = Counter("kameleon_moves", "Moves accepted and stored", registry=REGISTRY)
MOVE_SECONDS = Histogram(
    "kameleon_move_seconds",
    "Time from receiving a move to sending every watcher its new frame",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY,
)
OPEN_SOCKETS = Gauge("kameleon_open_sockets", "Table WebSockets open", registry=REGISTRY, multiprocess_mode="livesum")
TABLES_IN_MEMORY = Gauge(
    "kameleon_tables_in_memory", "Tables held in memory", registry=REGISTRY, multiprocess_mode="livesum"
)
REJECTED = Counter(
    "kameleon_rejected_requests",
    "Requests and socket messages refused to protect the arena, by reason",
    ["reason"],
    registry=REGISTRY,
)
_LIVE_FILE = re.compile(r"gauge_live\w+_(\d+)\.db")


def multiprocess_dir() -> str | None:
    return os.environ.get(MULTIPROCESS) or None


def rejected(reason: str) -> None:
    REJECTED.labels(reason=reason).inc()


def exposition(tables_in_memory: int) -> tuple[bytes, str]:
    """The metrics in Prometheus' text format (of every process of this launcher, in multiprocess mode), and
    its content type."""
    TABLES_IN_MEMORY.set(tables_in_memory)
    directory = multiprocess_dir()
    if directory is None:
        return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
    _forget_dead(directory)
    registry = CollectorRegistry()
    MultiProcessCollector(registry, path=directory)
    return generate_latest(registry), CONTENT_TYPE_LATEST


def _forget_dead(directory: str) -> None:
    """Drop the live gauges of processes that are gone (a worker uvicorn replaced): they open no sockets now."""
    for name in os.listdir(directory):
        found = _LIVE_FILE.fullmatch(name)
        if found is None:
            continue
        pid = int(found.group(1))
        try:
            os.kill(pid, 0)  # a PermissionError means alive, under another user: kept
        except ProcessLookupError:
            mark_process_dead(pid, directory)
        except PermissionError:
            continue


def prepare_multiprocess(directory: Path) -> None:
    """Set up the multiprocess mode for the worker processes a launcher is about to start: an empty
    `directory`, named in the environment they inherit (before they import prometheus-client)."""
    directory.mkdir(parents=True, exist_ok=True)
    for stale in directory.glob("*.db"):  # a previous launcher's figures: counters start again from zero
        stale.unlink()
    os.environ[MULTIPROCESS] = str(directory)


async def publish_tables(count: Callable[[], int]) -> None:
    """In multiprocess mode: keep this process's tables-in-memory gauge current for whichever process serves
    /metrics."""
    while True:
        with contextlib.suppress(Exception):
            TABLES_IN_MEMORY.set(count())
        await asyncio.sleep(TABLES_EVERY)
