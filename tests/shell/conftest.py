"""The table shell's API tests: one arena subprocess per module, with the Secret plug-in game installed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.plugin.conftest import SITE, plugin_env
from tests.server.harness import ServerProcess

SECRET_SITE = Path(__file__).resolve().parent / "secret_site"
"""Secret, Rainbow played face down: a game whose move log hides things (an installed plug-in)."""

collect_ignore = ["secret_site"]  # an installed package, not test modules


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    env = plugin_env(SITE, SECRET_SITE)
    process = ServerProcess(Path(tmp_path_factory.mktemp("shell")) / "arena.sqlite3", env=env).start()
    yield process
    process.stop()
