"""The table page keeps the move log the socket sends once: it appends each frame's new entries, and when a
frame does not follow on (one went missing) it asks for a `sync` and shows the whole log again; a reload gets
the whole log too."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, WebSocketRoute, expect

from tests.web.test_browser import create_table, sign_up


def test_the_page_appends_new_entries_and_asks_for_the_whole_log_after_a_gap(page: Page) -> None:
    dropped: list[dict] = []
    synced: list[str] = []
    drop = False

    def relay(route: WebSocketRoute) -> None:
        server = route.connect_to_server()

        def to_page(message: str | bytes) -> None:
            nonlocal drop
            frame = json.loads(message)
            if drop and frame["type"] == "state" and frame["log_from"] > 0:
                drop = False
                dropped.append(frame)  # as if lost: the page never reads it
                return
            route.send(message)

        def to_server(message: str | bytes) -> None:
            if json.loads(message)["type"] == "sync":
                synced.append(str(message))
            server.send(message)

        server.on_message(to_page)
        route.on_message(to_server)

    page.route_web_socket(re.compile(r"/ws(\?.*)?$"), relay)
    sign_up(page)
    create_table(page, "coloretto", 2, {"start_player": "0"})
    table_id = page.url.rsplit("/", 1)[-1].split("?")[0]
    mine = page.locator(".turn-banner.mine")
    log = page.locator("#log li")

    def play() -> None:
        expect(mine).to_be_visible(timeout=30_000)
        before = log.count()
        pile = page.locator(".pile.can")
        (pile if pile.count() else page.locator(".row.legal").first).click()
        expect(log).not_to_have_count(before)

    def moves() -> int:
        count: int = page.request.get(f"/api/tables/{table_id}/state").json()["table"]["moves"]
        return count

    play()
    expect(mine).to_be_visible(timeout=30_000)  # the bot has answered: the page holds two entries or more
    drop = True
    play()  # the answer to this move is lost; the bot's next move, sent on top of it, shows the gap
    expect(log).to_have_count(moves(), timeout=30_000)
    assert len(dropped) == 1 and synced, "the page asked for the whole log once a frame did not follow on"
    held = log.count()
    play()
    expect(log).not_to_have_count(held)
    page.reload()
    expect(log).to_have_count(moves(), timeout=30_000)
