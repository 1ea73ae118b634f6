"""Servers on 127.0.0.1 for the benchmarks and tests: free ports and a throw-away `redis-server`."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import redis

START_TIMEOUT = 10.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def redis_binary() -> str:
    """Where `redis-server` is; a clear error naming the package when it is missing."""
    found = shutil.which("redis-server") or shutil.which("redis-server", path="/usr/sbin:/usr/bin")
    if found is None:
        raise RuntimeError(
            "redis-server is missing: install it with your package manager (apt-get install redis-server)"
        )
    return found


class LocalRedis:
    """`redis-server` keeping nothing on disk; `start()` again after `stop()` brings it back on the same port."""

    def __init__(self, directory: Path) -> None:
        self.binary = redis_binary()
        self.directory = directory
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> LocalRedis:
        command = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(
            [*command, "--dir", str(self.directory)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                redis.Redis.from_url(self.url).ping()
                return self
            except redis.ConnectionError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.stop()
                    raise RuntimeError(f"redis-server did not start on port {self.port}") from None
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
