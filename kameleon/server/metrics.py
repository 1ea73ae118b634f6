"""Prometheus metrics (prometheus-client), served at /metrics: moves, move latency, sockets, tables, refusals.

With several server processes each one serves its own figures: scrape every process (or each `--port`).
"""

from __future__ import annotations

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

REGISTRY = CollectorRegistry(auto_describe=True)
MOVES = Counter("kameleon_moves", "Moves accepted and stored", registry=REGISTRY)
MOVE_SECONDS = Histogram(
    "kameleon_move_seconds",
    "Time from receiving a move to sending every watcher its new frame",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY,
)
OPEN_SOCKETS = Gauge("kameleon_open_sockets", "Table WebSockets open", registry=REGISTRY)
TABLES_IN_MEMORY = Gauge("kameleon_tables_in_memory", "Tables held in memory", registry=REGISTRY)
REJECTED = Counter(
    "kameleon_rejected_requests",
    "Requests and socket messages refused to protect the arena, by reason",
    ["reason"],
    registry=REGISTRY,
)


def rejected(reason: str) -> None:
    REJECTED.labels(reason=reason).inc()


def exposition(tables_in_memory: int) -> tuple[bytes, str]:
    """The metrics in Prometheus' text format, and its content type."""
    TABLES_IN_MEMORY.set(tables_in_memory)
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
