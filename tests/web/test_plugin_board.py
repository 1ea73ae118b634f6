"""The example plug-in game (tests/plugin) in the browser: the lobby offers it and a whole game is played by
clicking the table page's move buttons on the generic board, with no edit inside kameleon."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.plugin.conftest import SITE, plugin_env
from tests.server.harness import ServerProcess
from tests.web.conftest import shot
from tests.web.test_browser import create_table, sign_up


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """An arena whose Python has the Rainbow plug-in installed."""
    env = {"PYTHONPATH": plugin_env(SITE)["PYTHONPATH"]}
    process = ServerProcess(Path(tmp_path_factory.mktemp("plugin")) / "arena.sqlite3", env=env).start()
    yield process
    process.stop()


def test_a_plugin_game_is_played_to_the_end_by_clicking(page: Page) -> None:
    sign_up(page)
    create_table(page, "rainbow", 2)
    expect(page.locator(".generic")).to_be_visible()
    for _ in range(3):  # three cards each
        button = page.locator("#legal-moves button").first
        expect(button).to_be_visible(timeout=30_000)
        before = page.locator("#log li").count()
        button.click()
        expect(page.locator("#log li")).not_to_have_count(before)
    expect(page.locator("#log li")).to_have_count(6, timeout=30_000)
    expect(page.locator("#legal-moves button")).to_have_count(0)
    shot(page, "plugin-rainbow-finished")
