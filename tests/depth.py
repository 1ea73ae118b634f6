"""How hard the property tests search: `KAMELEON_TEST_DEPTH=20 scripts/test tests/chromino` tries 20 times
as many examples as the default run, for a soak before a release or after a change to the rules."""

from __future__ import annotations

import os

_RAW = os.environ.get("KAMELEON_TEST_DEPTH", "1")
if not _RAW.isdigit() or int(_RAW) < 1:
    raise ValueError(f"KAMELEON_TEST_DEPTH must be a whole number of at least 1, not {_RAW!r}")
DEPTH = int(_RAW)


def examples(default: int) -> int:
    """The number of examples a property test tries: its default run's `default`, times the depth."""
    return default * DEPTH
