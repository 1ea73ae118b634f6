"""The local worker processes of the research programs that play or judge games in parallel (oracle, fit-value,
calibrate)."""

from __future__ import annotations

import multiprocessing
import signal
from multiprocessing.pool import Pool


def worker_pool(workers: int) -> Pool:
    """A pool of `workers` processes that leave Ctrl-C to the program: it stops them (the pool's `terminate`, as
    its `with` block ends), where each catching the interrupt itself would print its own traceback."""
    return multiprocessing.Pool(workers, initializer=_leave_interrupts)


def _leave_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
