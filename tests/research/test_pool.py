"""The research programs' worker processes leave Ctrl-C and SIGTERM to the program that started them."""

from __future__ import annotations

import os
import signal

from kameleon.cli.common import sigterm_as_interrupt
from kameleon.research.pool import worker_pool


def _interrupt_handling(_: int) -> bool:
    return signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def test_the_workers_leave_ctrl_c_to_the_program() -> None:
    with worker_pool(2) as pool:
        assert pool.map(_interrupt_handling, range(4)) == [True] * 4


def test_a_forked_worker_ends_on_sigterm_as_a_process_does_not_as_the_program_is_interrupted() -> None:
    """The command's SIGTERM handler (an interrupt, so that the program stops cleanly) is inherited by the workers a
    pool forks; raised there, it printed a worker's KeyboardInterrupt traceback as the pool was terminated."""
    with sigterm_as_interrupt():
        child = os.fork()
        if child == 0:  # pragma: no cover - the child
            try:
                os.kill(os.getpid(), signal.SIGTERM)
                signal.pause()
            except BaseException:
                os._exit(3)  # an interrupt raised here: the inherited handler acted as the program's
            os._exit(4)
        _, status = os.waitpid(child, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM, status
