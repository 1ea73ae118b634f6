"""The front page's "Play now" as a newcomer would use it, and the lobby's one-click "Join", in a real Chromium."""

from __future__ import annotations

import re
from pathlib import Path

from aiosmtpd.controller import Controller
from playwright.sync_api import Browser, Page, ViewportSize, expect

from kameleon.server.loopback import free_port
from tests.server.harness import Player, ServerProcess
from tests.server.test_mail import MAIL_ENV, Catcher
from tests.web.conftest import shot

PHONE: ViewportSize = {"width": 390, "height": 844}


def no_overflow(page: Page) -> None:
    """Nothing wider than the screen (a phone would scroll sideways)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert page.viewport_size is not None and width <= page.viewport_size["width"], width


def test_a_newcomer_plays_now_without_logging_in(page: Page, arena: ServerProcess) -> None:
    page.goto("/")
    panel = page.locator("#play-now")
    expect(panel.locator(".play-game")).to_have_count(4)
    shot(page, "play-now-front-page")
    panel.locator(".play-game[data-game=coloretto]").click()
    page.fill("#play-name", "Newcomer")  # asked inline: no detour through the log-in page
    expect(page).to_have_url(re.compile(r"/$"))
    page.click("#play-go")
    expect(page.locator("#play-status")).to_contain_text("Looking for players for Coloretto")
    expect(page.locator("#play-bots")).to_contain_text("Bots take the empty seats in")
    expect(page.locator("#who")).to_contain_text("Newcomer")
    shot(page, "play-now-waiting")
    rival = Player(arena.url, "Rival")
    rival.post("/api/play", {"game": "coloretto", "players": 2})
    expect(page).to_have_url(re.compile(r"/table/[\w-]+$"), timeout=15_000)
    table_id = page.url.rsplit("/", 1)[1]
    assert rival.get("/api/play")["table"] == table_id
    expect(page.locator("#seats")).to_contain_text("Rival")
    expect(page.locator("#seats")).to_contain_text("Newcomer")
    expect(page.locator("#turn")).not_to_have_text(re.compile("Waiting to start"))
    shot(page, "play-now-seated")


def test_play_now_on_a_phone_and_cancel(browser: Browser, arena: ServerProcess) -> None:
    context = browser.new_context(base_url=arena.url, viewport=PHONE, is_mobile=True, has_touch=True)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto("/")
        expect(page.locator("#play-now .play-game")).to_have_count(4)
        no_overflow(page)
        shot(page, "play-now-phone")
        page.locator("#play-now .play-game[data-game=cameleon]").click()
        page.fill("#play-name", "Pocket")
        page.click("#play-go")
        expect(page.locator("#play-status")).to_be_visible()
        no_overflow(page)
        shot(page, "play-now-phone-waiting")
        page.click("#play-cancel")
        expect(page.locator("#play-now .play-game")).to_have_count(4)
        assert page.request.get("/api/play").json() == {"status": "none"}  # no longer in the queue
    finally:
        context.close()
    assert errors == [], f"JavaScript errors: {errors}"


def test_a_wait_the_server_dropped_is_said_and_the_front_page_asks_without_an_error(
    page: Page, arena: ServerProcess
) -> None:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto("/")
    page.locator("#play-now .play-game[data-game=chromino]").click()
    page.fill("#play-name", "Sleepy")
    page.click("#play-go")
    expect(page.locator("#play-status")).to_be_visible()
    # The status shows as the request leaves: wait until the server holds the wait (a loaded machine answers late).
    for _ in range(100):
        answer = page.request.get("/api/play")
        if answer.ok and answer.json().get("status") == "waiting":
            break
        page.wait_for_timeout(50)
    # The server drops a wait nobody asked about for a while (a tab asleep); here it is left from outside the page.
    assert page.request.delete("/api/play", data={}).json()["status"] == "left"
    expect(page.locator("#toast")).to_have_text("The wait has ended (the page was away too long): choose a game again.")
    expect(page.locator("#play-now .play-game")).to_have_count(4)
    shot(page, "play-now-wait-ended")
    page.reload()  # the front page asks whether this guest waits: "none" is an answer, not a 404 in the console
    expect(page.locator("#play-now .play-game")).to_have_count(4)
    assert errors == [], errors


def test_join_in_the_lobby_seats_you_at_once(page: Page, arena: ServerProcess) -> None:
    host = Player(arena.url, "Host")
    table_id = host.post("/api/tables", {"game": "coloretto", "options": {"players": 2}}, expect=201)["table"]["id"]
    page.goto("/")
    page.locator("#play-now .play-game[data-game=coloretto]").click()
    page.fill("#play-name", "Joiner")
    page.click("#play-go")
    page.click("#play-cancel")  # logged in as a guest now; back to the lobby's lists
    page.goto("/")
    page.locator(f"#open-tables a[href='/table/{table_id}']").click()
    expect(page).to_have_url(re.compile(f"/table/{table_id}$"))
    seats = host.get(f"/api/tables/{table_id}")["table"]["seats"]
    assert [seat["name"] for seat in seats] == ["Host", "Joiner"]  # seated by that one click
    expect(page.locator("#seats")).to_contain_text("Joiner")


def test_mail_settings_on_ones_own_profile(browser: Browser, tmp_path: Path) -> None:
    catcher = Catcher()
    controller = Controller(catcher, hostname="127.0.0.1", port=free_port())
    controller.start()
    arena = ServerProcess(
        tmp_path / "mail.sqlite3", env={**MAIL_ENV, "KAMELEON_SMTP_URL": f"smtp://127.0.0.1:{controller.port}"}
    ).start()
    context = browser.new_context(base_url=arena.url, viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto("/login")  # an account: guests set no mail address (review 28 H1)
        page.fill("#signup-form input[name=username]", "Mira")
        page.fill("#signup-form input[name=password]", "a good password")
        page.click("#signup-form button[type=submit]")
        expect(page.locator("#who")).to_contain_text("Mira")
        profile = page.locator("#me-link").get_attribute("href")  # on a phone the link sits in the menu
        assert profile
        page.goto(profile)
        page.fill("#mail-address", "mira@example.org")
        page.check("#mail-turn")
        page.click("#mail-save")
        expect(page.locator("#mail-state")).to_contain_text("A confirmation link was sent to mira@example.org")
        no_overflow(page)
        shot(page, "mail-settings-phone")
        mail = catcher.wait("mira@example.org", 1)[0]
        confirm = re.search(r"http://\S+/api/mail/confirm\?token=\S+", mail.get_content())
        assert confirm is not None
        page.goto(confirm.group(0))  # the link only asks (a mail scanner confirms nothing); the button confirms
        expect(page.locator("#mail-result")).to_contain_text("at mira@example.org?")
        page.click("#mail-result button[type=submit]")
        expect(page.locator("#mail-result")).to_contain_text("mira@example.org is confirmed")
        page.click("#mail-result a")
        page.goto(profile)
        expect(page.locator("#mail-state")).to_contain_text("Mails go to mira@example.org")
        expect(page.locator("#mail-turn")).to_be_checked()
    finally:
        context.close()
        arena.stop()
        controller.stop()


def test_no_mail_settings_without_a_mail_server(page: Page) -> None:
    page.goto("/login")
    page.fill("#guest-form input[name=name]", "Nomail")
    page.click("#guest-form button[type=submit]")
    expect(page.locator("#who")).to_contain_text("Nomail")  # logged in: the header's first link is the profile
    page.click("#who a:first-child")
    expect(page.locator("h1")).to_contain_text("Nomail")
    expect(page.locator("#mail-settings")).to_have_count(0)
