"""The example plug-in game: an installed distribution (a `*.dist-info` with a `kameleon.games` entry point)
beside its package, put on the import path for the tests that use it, as `pip install` would."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kameleon.engine import registry

HERE = Path(__file__).resolve().parent
SITE = HERE / "site"
"""Rainbow, a working plug-in game (kameleon_rainbow)."""
BROKEN_SITE = HERE / "broken_site"
"""Entry points that cannot work: a missing module, a built-in game's name, a badly formed name."""

collect_ignore = ["site", "broken_site"]  # installed packages, not test modules


def _installed(*sites: Path) -> Iterator[None]:
    added = [str(site) for site in sites]
    sys.path[:0] = added
    registry.refresh()
    try:
        yield
    finally:
        for entry in added:
            sys.path.remove(entry)
        registry.refresh()


@pytest.fixture
def rainbow() -> Iterator[None]:
    """Rainbow installed in this interpreter for the test."""
    yield from _installed(SITE)


@pytest.fixture
def broken_plugins() -> Iterator[None]:
    """Rainbow and the broken entry points installed in this interpreter for the test."""
    yield from _installed(SITE, BROKEN_SITE)


def plugin_env(*sites: Path) -> dict[str, str]:
    """The environment of a subprocess (the `kameleon` command, a server) that has these plug-ins installed."""
    paths = [str(site) for site in sites]
    if os.environ.get("PYTHONPATH"):
        paths.append(os.environ["PYTHONPATH"])
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
