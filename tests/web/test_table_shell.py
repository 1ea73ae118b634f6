"""The table page around any board, in a real Chromium: the log in words with the players' names, the Notation
switch (off by default: no token anywhere), the results table of a finished game, the phone layout at 390x844
(a compact header, no horizontal scroll) and Log out behind a confirmation."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Dialog, Page, Route, ViewportSize, expect

from tests.web.conftest import shot
from tests.web.test_browser import create_table, sign_up

PHONE: ViewportSize = {"width": 390, "height": 844}


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide: it scrolls sideways"  # type: ignore[index]


def test_the_log_reads_in_words_and_notation_hides_behind_its_switch(page: Page) -> None:
    sign_up(page)
    create_table(page, "coloretto", 2, {"start_player": "1"})  # the bot moves first: the log has its move
    expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
    bot = page.locator("#seats li").nth(1).locator(".name").inner_text().strip()
    first = page.locator("#log li").first
    expect(first).to_contain_text(bot)
    assert not re.fullmatch(r"(draw|place \d|take \d)", first.inner_text().strip()), "the log shows notation"
    # Off by default: no token list, no notation in the log.
    toggle = page.locator("#notation-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#legal-moves")).to_have_count(0)
    expect(page.locator("#log code.notation")).to_have_count(0)
    shot(page, "shell-table-desktop")
    toggle.click()
    expect(page.locator("#legal-moves button").first).to_be_visible()
    expect(page.locator("#log code.notation").first).to_be_visible()
    page.reload()  # remembered
    expect(page.locator("#notation-toggle")).to_have_attribute("aria-pressed", "true", timeout=15_000)
    expect(page.locator("#legal-moves button").first).to_be_visible()
    page.click("#notation-toggle")
    expect(page.locator("#legal-moves")).to_have_count(0)
    expect(page.locator("#log code.notation")).to_have_count(0)

    # A phone: the header is one short bar that scrolls away, the account behind the menu, nothing overlaps.
    page.set_viewport_size(PHONE)
    header = page.locator(".topbar").bounding_box()
    assert header is not None and header["height"] <= 56, f"the header is {header} on a phone"
    assert page.evaluate("getComputedStyle(document.querySelector('.topbar')).position") != "sticky"
    no_horizontal_scroll(page)
    board = page.locator("#board").bounding_box()
    assert board is not None and board["y"] >= header["y"] + header["height"], "the header covers the board"
    expect(page.locator("#logout")).to_be_hidden()
    shot(page, "shell-table-phone")
    page.click("#menu-button")
    expect(page.locator("#logout")).to_be_visible()
    no_horizontal_scroll(page)
    shot(page, "shell-menu-phone")
    # Log out asks first: dismissed, nothing happens; accepted, the session ends.
    answers = iter([False, True])
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        if next(answers):
            dialog.accept()
        else:
            dialog.dismiss()

    page.on("dialog", answer)
    page.click("#logout")
    time.sleep(0.3)
    expect(page.locator("#logout")).to_be_visible()
    page.click("#logout")
    expect(page.locator("#login-link")).to_be_attached()
    assert len(asked) == 2 and "Log out" in asked[0]


def test_the_results_table_shows_places_breakdown_forfeits_and_rating_changes(page: Page) -> None:
    name = sign_up(page)
    page.select_option("#language", "it")
    created = page.request.post("/api/tables", data={"game": "coloretto", "options": {"players": 2}, "bots": "random"})
    table_id = created.json()["table"]["id"]
    assert page.request.post(f"/api/tables/{table_id}/start", data={}).ok
    assert page.request.post(f"/api/tables/{table_id}/leave", data={}).ok  # a bot plays her seat to the end
    deadline = time.monotonic() + 60
    while page.request.get(f"/api/tables/{table_id}").json()["table"]["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    page.goto(f"/table/{table_id}")
    results = page.locator("#results")
    expect(results).to_be_visible(timeout=15_000)
    expect(page.locator("#final h2")).to_have_text("Risultati")
    rows = results.locator("tbody tr")
    expect(rows).to_have_count(2)
    # She left: her seat is last, marked as a forfeit, and loses rating; the bot's rating is not shown.
    expect(rows.nth(1)).to_contain_text(name)
    expect(rows.nth(1).locator(".badge.forfeit")).to_have_text("abbandono")
    expect(rows.nth(1).locator("td.place")).to_have_text("2")
    expect(rows.nth(1).locator(".rating-change")).to_contain_text("−")
    expect(rows.nth(0).locator("td.place svg.icon-trophy")).to_have_count(1)
    headers = results.locator("thead th").all_inner_texts()
    assert headers[:2] == ["Posizione", "Giocatore"] and "Totale" in headers and len(headers) > 4, headers
    expect(page.locator("#result-line")).to_contain_text("Vince")
    expect(page.get_by_role("button", name="Rivincita")).to_be_visible()
    shot(page, "shell-results-desktop")
    page.set_viewport_size(PHONE)
    no_horizontal_scroll(page)
    shot(page, "shell-results-phone")
    # The profile says the same: a loss, place 2, the same rating change; no emoji (the trophy is SVG).
    page.goto("/")
    page.click("#menu-button")
    page.click("#me-link")
    expect(page.locator("td.outcome").first).to_have_text("persa")
    expect(page.locator(".badge.provisional").first).to_be_visible()
    no_horizontal_scroll(page)
    shot(page, "shell-profile-phone")
    # The lobby on a phone: whole words in its lists, the new-table form in Italian without internal names.
    page.goto("/")
    page.click("#new-table details summary")
    page.select_option("#game", "cameleon")
    expect(page.locator("#option-capture_geometry option").first).to_have_text("due vicini qualsiasi")
    expect(page.locator("#option-finite_supply")).to_have_attribute("type", "checkbox")
    expect(page.locator("#option-no_progress_plies")).to_have_attribute("type", "number")
    expect(page.locator("#option-start")).to_have_count(0)  # a position in notation: experts only
    no_horizontal_scroll(page)
    shot(page, "shell-lobby-phone")
    assert not re.search(r"[\U0001F300-\U0001FAFF]", page.locator("body").inner_text()), "an emoji is shown"


def test_the_phone_menu_stays_open_when_the_account_arrives_after_it_was_opened(page: Page) -> None:
    """On a slow connection a player opens the menu before the page has its account; the first render of the page
    must not fold it shut under their thumb. Leaving the page does."""
    sign_up(page)
    page.set_viewport_size(PHONE)
    released: list[bool] = []

    def late_account(route: Route) -> None:
        deadline = time.monotonic() + 15  # held until the menu is open; never longer, so a failure cannot hang
        while not released and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        route.continue_()

    page.route("**/api/me", late_account)
    page.goto("/", wait_until="commit")
    expect(page.locator("#menu-button svg")).to_be_attached()
    page.click("#menu-button")
    expect(page.locator(".topbar")).to_have_class(re.compile(r"\bmenu-open\b"))
    released.append(True)
    expect(page.locator("#me-link")).to_be_visible()
    expect(page.locator("#new-table")).to_be_visible()  # the lobby has drawn, and the menu is open still
    expect(page.locator(".topbar")).to_have_class(re.compile(r"\bmenu-open\b"))
    page.unroute("**/api/me")
    page.click("#me-link")
    expect(page).to_have_url(re.compile(r"/profile/\d+$"))
    expect(page.locator(".topbar")).not_to_have_class(re.compile(r"\bmenu-open\b"))
