"""Browser fixtures: Debian's Chromium driven by Playwright, against a real arena subprocess.

The browser is never downloaded (`playwright install` is not used): the tests
launch /usr/bin/chromium through `executable_path` and fail, with the command
that fixes it, when it is missing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from tests.server.harness import ROOT, Player, ServerProcess

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = ROOT / "test-artifacts"


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing; install Debian's Chromium: apt-get update && apt-get install -y chromium",
            pytrace=False,
        )
    return CHROMIUM


# Per package, not per session: Playwright's synchronous API keeps an event loop running in the test
# thread while it is open, and asyncio.run() in a later test of the same worker outside tests/web would
# refuse to start. Once for the package, not per module: a start and a launch took about 1.5 s.
@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="package")
def browser(playwright: Playwright, chromium_path: Path) -> Iterator[Browser]:
    launched = playwright.chromium.launch(executable_path=str(chromium_path), args=ARGS)
    yield launched
    launched.close()


# One arena for the package too (a start took about 3.5 s): the tests sign up people of their own and open
# tables of their own, so what other modules left in it is not theirs to see. A module that needs other
# settings makes its own.
@pytest.fixture(scope="package")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("web")) / "arena.sqlite3").start()
    yield process
    process.stop()


@pytest.fixture
def page(browser: Browser, arena: ServerProcess) -> Iterator[Page]:
    context = browser.new_context(base_url=arena.url, viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    opened = context.new_page()
    opened.on("pageerror", lambda exc: errors.append(str(exc)))
    yield opened
    context.close()
    assert errors == [], f"JavaScript errors: {errors}"


def shot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.evaluate("window.scrollTo(0, 0)")  # the sticky header belongs at the top of a full-page picture
    page.screenshot(path=str(path), full_page=True)
    return path


def signed_in(browser: Browser, arena: ServerProcess, player: Player, **options: object) -> tuple[BrowserContext, Page]:
    """A new browser context logged in as `player` (its session cookie), with `options` for the context (e.g.
    `viewport`); the page's uncaught errors are collected in `page.errors`."""
    context = browser.new_context(base_url=arena.url, **options)  # type: ignore[arg-type]
    context.add_cookies([{"name": "kameleon_session", "value": player.token, "url": arena.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors  # type: ignore[attr-defined]
    return context, page
