"""Signals in tests that start a kameleon process and interrupt it."""

from __future__ import annotations

import signal


def hears_ctrl_c() -> None:
    """A `preexec_fn` for a child that is to be interrupted: a test run started in the background (`scripts/test
    &`) hands its children SIGINT ignored, and a Python started so never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
