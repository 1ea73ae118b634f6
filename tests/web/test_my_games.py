"""The "My games" page, the tab title's count, the turn alerts' settings, and expelling a seat out of time."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Browser, Page, expect

from tests.server.harness import Player, ServerProcess
from tests.web.conftest import shot, signed_in


def duel(alice: Player, bob: Player, per_move: float, start_player: int) -> str:
    options = {"players": 2, "start_player": start_player}
    body = {"game": "coloretto", "options": options, "time": {"per_move": per_move}}
    table_id: str = alice.post("/api/tables", body, expect=201)["table"]["id"]
    bob.post(f"/api/tables/{table_id}/join")
    alice.post(f"/api/tables/{table_id}/start")
    return table_id


def _wait_for_a_note(page: Page, seconds: float = 10.0) -> None:
    """Wait until the page has signalled a turn. Polled from here: a predicate polled inside the page is a
    string the page's Content-Security-Policy (no 'unsafe-eval') refuses to run."""
    deadline = time.monotonic() + seconds
    while page.evaluate("window.__notes.length") == 0:
        assert time.monotonic() < deadline, "no turn was signalled"
        time.sleep(0.1)


def test_my_games_lists_the_games_awaiting_me_first_and_the_title_counts_them(
    browser: Browser, arena: ServerProcess
) -> None:
    alice = Player(arena.url, "Alicja", password="a good password")
    bob = Player(arena.url, "Bruno", password="a good password")
    theirs = duel(alice, bob, 3 * 86400, start_player=1)
    later = duel(alice, bob, 86400, start_player=0)
    sooner = duel(alice, bob, 12 * 3600, start_player=0)
    context, page = signed_in(browser, arena, alice, viewport={"width": 1280, "height": 900})
    try:
        page.goto("/games")
        expect(page).to_have_title("(2) kameleon arena")
        rows = page.locator("#my-games-list li.my-game")
        expect(rows).to_have_count(3)
        assert [rows.nth(i).get_attribute("data-table") for i in range(3)] == [sooner, later, theirs]
        expect(rows.nth(0)).to_contain_text("Your turn")
        expect(rows.nth(0)).to_contain_text("against Bruno")
        expect(rows.nth(2)).to_contain_text("Their turn")
        expect(rows.nth(2).locator(".deadline")).to_have_text(re.compile(r"^2 days 23 hours$"))  # never "2 d 23 h"
        expect(rows.nth(2).locator(".my-game-time")).to_have_text("3 days per move")
        expect(rows.nth(0).locator(".my-game-time")).to_have_text("12 hours per move")  # not "12h00"
        expect(page.locator("#turn-sound")).not_to_be_checked()  # off unless chosen
        page.check("#turn-sound")
        assert page.evaluate("localStorage.getItem('kameleon.sound')") == "1"
        expect(page.locator("#nav-my-games")).to_be_visible()
        shot(page, "my-games-desktop")

        frame = alice.get(f"/api/tables/{sooner}/state")  # Alice plays her turn elsewhere: one game awaits her now
        while frame["table"]["current_player"] == 0:
            frame = alice.post(f"/api/tables/{sooner}/moves", {"move": frame["legal"][0], "expect": len(frame["log"])})
        expect(page).to_have_title("(1) kameleon arena", timeout=15_000)
        expect(rows.nth(0)).to_have_attribute("data-table", later)

        page.select_option("#language", "fr")
        expect(page.locator("#my-games h1")).to_have_text("Mes parties")
        expect(rows.nth(0)).to_contain_text("contre Bruno")
        page.select_option("#language", "en")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()

    context, phone = signed_in(browser, arena, alice, viewport={"width": 390, "height": 844})
    try:
        phone.goto("/games")
        expect(phone.locator("#my-games-list li.my-game")).to_have_count(3)
        expect(phone).to_have_title("(1) kameleon arena")
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shot(phone, "my-games-phone")
    finally:
        context.close()


def test_notifications_are_asked_for_only_on_a_click(browser: Browser, arena: ServerProcess) -> None:
    carol = Player(arena.url, "Carol", password="a good password")
    context, page = signed_in(browser, arena, carol)
    try:
        context.grant_permissions(["notifications"])
        page.goto("/games")
        expect(page.locator("#notify-button")).to_have_text("Notify me in this browser")
        assert page.evaluate("localStorage.getItem('kameleon.notify')") is None, "nothing asked before the click"
        page.click("#notify-button")
        expect(page.locator("#notify-state")).to_have_text(re.compile("Notifications are on"))
        expect(page.locator("#notify-button")).to_have_text("Stop notifications")
        expect(page.locator("#my-games-list")).to_contain_text("No game in progress")
        page.goto("/")  # the new-table form offers the profiles, real time "normal" first chosen
        expect(page.locator("#time-profile")).to_have_value("normal")
        expect(page.locator("#time-note")).to_contain_text("may still move until another player expels them")
        page.select_option("#time-profile", "none")
        expect(page.locator("#time-note")).to_have_text(re.compile("^Without a time limit nobody can be expelled"))
        shot(page, "new-table-no-limit")
        # Durations in words, never like a time of day ("12h00") nor "1 d 0 h".
        expect(page.locator("#time-profile option[value='12h']")).to_have_text("Turn-based · 12 hours per move")
        expect(page.locator("#time-profile option[value='1d']")).to_have_text("Turn-based · 1 day per move")
        page.select_option("#time-profile", "1d")
        page.set_checked("#fill-bots", False)
        page.click("#create")
        expect(page).to_have_url(re.compile(r"/table/[\w-]+$"))
        table_id = page.url.rsplit("/", 1)[1]
        assert carol.get(f"/api/tables/{table_id}")["table"]["time"] == {"per_move": 86400.0}
    finally:
        context.close()


def test_a_seat_out_of_time_is_shown_and_can_be_expelled_from_the_table(browser: Browser, arena: ServerProcess) -> None:
    dana = Player(arena.url, "Dana", password="a good password")
    eve = Player(arena.url, "Eve", password="a good password")
    table_id = duel(dana, eve, 2, start_player=1)  # Eve is to move and does not
    context, page = signed_in(browser, arena, dana)
    try:
        page.goto(f"/table/{table_id}")
        expect(page.locator("#late-note")).to_have_text("Eve is out of time: you may expel them.", timeout=15_000)
        expect(page.locator(".clock.late")).to_have_text("out of time")
        shot(page, "table-out-of-time")
        page.set_viewport_size({"width": 390, "height": 844})
        expect(page.locator("button[data-expel='1']")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shot(page, "table-out-of-time-phone")
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("button[data-expel='1']")
        expelled = page.locator("#seats [data-forfeit='expelled']")
        expect(expelled).to_have_text("expelled", timeout=10_000)  # for everyone, for good
        expect(page.locator("#seats")).not_to_contain_text("Eve (bot)")
        expect(page.locator("button[data-expel]")).to_have_count(0)
        shot(page, "table-expelled-phone")
        deadline = time.monotonic() + 10
        while not [s for s in dana.get(f"/api/tables/{table_id}")["table"]["seats"] if s["timed_out"]]:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
    # Eve comes back: a sentence in her language says what happened, not only "You are watching".
    eve.post("/api/me/language", {"language": "pl"})
    context, page = signed_in(browser, arena, eve, viewport={"width": 390, "height": 844})
    try:
        page.goto(f"/table/{table_id}")
        expect(page.locator("#forfeit-note")).to_have_text(re.compile("^Skończył ci się czas i zostałeś wyrzucony"))
        expect(page.locator("#seats [data-forfeit='expelled']")).to_have_text("wyrzucony")
        shot(page, "table-expelled-self-pl-phone")
        page.goto("/")  # the lobby names her with the mark, never "Eve (bot)"
        expect(page.locator("#live-tables")).to_contain_text("Eve (wyrzucony)")
        expect(page.locator("#live-tables")).not_to_contain_text("(bot)")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


# A fake Notification (granted, recording what it shows) and a tab that reads as hidden.
HIDDEN_TAB = """
window.__notes = [];
window.Notification = class { constructor(title, options) { window.__notes.push([title, options.tag]); } };
window.Notification.permission = "granted";
window.Notification.requestPermission = async () => "granted";
Object.defineProperty(Document.prototype, "hidden", { get() { return true; }, configurable: true });
localStorage.setItem("kameleon.notify", "1");
"""


def test_a_hidden_table_page_signals_the_turn_the_opponent_gives(browser: Browser, arena: ServerProcess) -> None:
    fiona = Player(arena.url, "Fiona", password="a good password")
    gus = Player(arena.url, "Gus", password="a good password")
    table_id = duel(fiona, gus, 3600, start_player=1)
    context, page = signed_in(browser, arena, fiona)
    try:
        page.add_init_script(HIDDEN_TAB)
        page.goto(f"/table/{table_id}")
        expect(page.locator("#turn")).to_contain_text("Gus")
        assert page.evaluate("window.__notes") == []
        frame = gus.get(f"/api/tables/{table_id}/state")  # Gus plays his whole turn: Fiona's begins
        while frame["table"]["current_player"] == 1:
            frame = gus.post(f"/api/tables/{table_id}/moves", {"move": frame["legal"][0], "expect": len(frame["log"])})
        _wait_for_a_note(page)
        assert page.evaluate("window.__notes") == [["Your turn: Coloretto", table_id]]
        expect(page).to_have_title("(1) kameleon arena", timeout=10_000)
        assert page.evaluate("window.__notes.length") == 1, "one signal per turn"
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_lobby_rows_show_the_time_control_and_empty_seats_and_french_words_never_break(
    browser: Browser, arena: ServerProcess
) -> None:
    hal = Player(arena.url, "Hal", password="a good password")
    body = {"game": "coloretto", "options": {"players": 3}, "time": {"initial": 120, "increment": 5}}
    hal.post("/api/tables", body, expect=201)
    ida = Player(arena.url, "Ida", password="a good password")
    ida.post("/api/me/language", {"language": "fr"})
    context, page = signed_in(browser, arena, ida, viewport={"width": 390, "height": 844})
    try:
        page.goto("/")
        row = page.locator("#open-tables tr", has_text="Hal").first
        expect(row).to_contain_text("2 min + 5 s")
        expect(row.locator(".empty-seat").first).to_have_text("place libre")
        shot(page, "lobby-fr-phone")
        # Every button and badge of the lists stays on one line ("Rejoindre", "ouverte").
        broken = page.evaluate(
            """() => [...document.querySelectorAll('table.list .button, table.list button, table.list .badge')]
                 .filter((el) => el.getClientRects().length > 1
                   || el.offsetHeight > 2 * parseFloat(getComputedStyle(el).fontSize) + 16)
                 .map((el) => el.textContent)"""
        )
        assert broken == []
        page.set_viewport_size({"width": 1280, "height": 900})
        shot(page, "lobby-fr-desktop")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_a_hidden_tab_keeps_counting_and_signals_a_new_turn_of_a_game_that_already_awaited_me(
    browser: Browser, arena: ServerProcess
) -> None:
    jan = Player(arena.url, "Jan", password="a good password")
    kim = Player(arena.url, "Kim", password="a good password")
    table_id = duel(jan, kim, 3600, start_player=0)  # Jan's turn from the start
    context, page = signed_in(browser, arena, jan)
    try:
        page.clock.install()
        page.add_init_script(HIDDEN_TAB)
        page.goto("/games")
        expect(page).to_have_title("(1) kameleon arena")
        # Jan plays from another device, Kim answers: a new turn of the same game, between two looks.
        for player, seat in ((jan, 0), (kim, 1)):
            frame = player.get(f"/api/tables/{table_id}/state")
            while frame["table"]["current_player"] == seat:
                path = f"/api/tables/{table_id}/moves"
                frame = player.post(path, {"move": frame["legal"][0], "expect": len(frame["log"])})
        assert page.evaluate("window.__notes") == []
        page.clock.run_for(61_000)  # the hidden tab's slower look still comes
        _wait_for_a_note(page)
        assert page.evaluate("window.__notes") == [["Your turn: Coloretto", table_id]]
        expect(page).to_have_title("(1) kameleon arena")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
