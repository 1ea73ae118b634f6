"""The replay's "Analyse this game" (progress, graph, accuracy, marks, the better move on the board) and the
table's hint button, in Debian's Chromium against a real arena (a spawned analysis worker, SQLite)."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request, Route, expect

import kameleon
from tests.server.harness import Player, ServerProcess, my_turn, play
from tests.server.test_analysis import FAST, finished_game, new_table, wait_done
from tests.web.conftest import shot, signed_in
from tests.web.test_cameleon_board import CHOICES

SHOTS = os.environ.get("KAMELEON_SHOTS")
"""A folder that receives a copy of each screenshot besides test-artifacts/ (for reviewing them by eye)."""
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("web-analysis")) / "arena.sqlite3", env=FAST).start()
    yield process
    process.stop()


def keep(page: Page, name: str) -> None:
    path = shot(page, name)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(SHOTS) / path.name)


def test_a_spectator_asks_for_the_analysis_and_sees_graph_accuracy_and_better_moves(
    browser: Browser, arena: ServerProcess
) -> None:
    alice, bob = Player(arena.url, "Alice"), Player(arena.url, "Bob")
    table_id = finished_game(alice)
    context, page = signed_in(browser, arena, bob, viewport=DESKTOP)
    try:
        page.goto(f"/replay/{table_id}")
        expect(page.locator("#analyse")).to_have_text("Analyse this game")
        page.click("#analyse")
        expect(page.locator("#an-graph")).to_be_visible(timeout=120_000)
        rows = page.locator("#an-accuracy tbody tr")
        expect(rows).to_have_count(2)
        expect(rows.nth(0)).to_contain_text("Alice")
        expect(rows.nth(0).locator(".an-accuracy-value")).to_have_text(re.compile(r"^\d{1,3}%$"))
        graph = page.locator("#an-graph")
        assert graph.get_attribute("role") == "img"
        expect(page.locator("#an-graph-title")).to_have_text("Win chance after each decision")
        expect(page.locator("#an-graph .an-line")).to_have_count(2)
        keep(page, "analysis-desktop")

        marks = page.locator("#replay-log .an-mark")
        if marks.count():
            mark = marks.first
            label = mark.get_attribute("data-label")
            mark.click()
            better = page.locator("#better-move")
            expect(better).to_be_visible()
            expect(better.locator("h3")).to_have_text("The better move")
            expect(better.locator(".an-label")).to_have_text(re.compile(f"^{label}$", re.I))
            expect(page.locator("#better-best")).to_contain_text("Better:")
            # The better move is advice, as a hint is: nobody played it, so it names nobody.
            for seat in range(2):
                name = rows.nth(seat).locator("td").first.inner_text().strip()
                expect(page.locator("#better-best")).not_to_contain_text(name)
            # Shown on the board (the row or pile that stands for it), never as a token with the notation off.
            expect(page.locator("#replay-board .hinted")).to_have_count(1)
            expect(better.locator("code")).to_have_count(0)
            # Only the recommendation is outlined; the counter names the position shown, the log the move judged.
            expect(page.locator("#replay-board .changed")).to_have_count(0)
            ply = int(mark.get_attribute("data-ply") or 0)
            expect(page.locator("#replay-step")).to_have_text(re.compile(rf"^Before move {ply + 1} of \d+$"))
            expect(page.locator("#replay-log li.judged")).to_have_count(1)
            expect(page.locator("#replay-log li").nth(ply)).to_have_class(re.compile(r"\bjudged\b"))
            keep(page, "analysis-better-move-desktop")
            page.click("#back-to-played")
            expect(page.locator("#show-better")).to_be_visible()
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()

    # Shown to every watcher once done, on a phone too (one column, nothing wider than the screen).
    visitor = browser.new_context(base_url=arena.url, viewport=PHONE)  # type: ignore[arg-type]
    try:
        phone = visitor.new_page()
        phone.goto(f"/replay/{table_id}")
        expect(phone.locator("#an-graph")).to_be_visible(timeout=30_000)
        expect(phone.locator("#an-accuracy tbody tr")).to_have_count(2)
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        # Readable on a phone: the axis text about 14 px high, and a tap 11 px beside a mark still selects one.
        height = phone.locator("#an-graph .an-tick").first.evaluate("text => text.getBoundingClientRect().height")
        assert height >= 12, height
        keep(phone, "analysis-phone")
        points = phone.locator("#an-graph .an-point.marked")
        if points.count():
            x, y = points.last.evaluate(
                "mark => { mark.scrollIntoView({ block: 'center' }); const r = mark.getBoundingClientRect();"
                " return [r.x + r.width / 2, r.y + r.height / 2]; }"
            )
            phone.mouse.click(x, y + 11)
            expect(phone.locator("#better-move h3")).to_have_text("The better move")
            expect(phone.locator("#replay-board")).to_be_in_viewport()  # brought up from the graph, below it
            keep(phone, "analysis-better-move-phone")
            phone.click("#back-to-played")
        phone.click("#menu-button")  # on a phone the language menu folds behind it
        phone.select_option("#language", "pl")
        expect(phone.locator("#an-graph-title")).to_have_text("Szansa na wygraną po każdej decyzji")
        expect(phone.locator("#an-accuracy thead")).to_contain_text("Dokładność")
        # The level stands as a label, so that it needs no inflection.
        expect(phone.locator("#analysis")).to_contain_text("Ocenia bot (poziom: ekspert)")
        keep(phone, "analysis-phone-pl")
        if not phone.locator("#language").is_visible():
            phone.click("#menu-button")
        phone.select_option("#language", "uk")
        expect(phone.locator("#analysis")).to_contain_text("Оцінює бот (рівень: експерт)")
    finally:
        visitor.close()


ADVICE = {
    "en": re.compile(r"^Suggested move: (draw a card|take row \d: .+)$"),
    "it": re.compile(r"^Mossa consigliata: (pesca una carta|prendi la fila \d: .+)$"),
}
"""A Coloretto hint at the start of a turn, as advice: draw (no card named) or take a row."""


def test_the_hint_button_shows_the_move_on_the_board_in_an_unrated_game_against_a_bot(
    browser: Browser, arena: ServerProcess
) -> None:
    carol = Player(arena.url, "Carol")
    friendly = new_table(carol, rated=False)
    rated = new_table(carol)
    my_turn(carol, friendly)
    my_turn(carol, rated)
    context, page = signed_in(browser, arena, carol, viewport=DESKTOP)
    try:
        page.goto(f"/table/{rated}")
        expect(page.locator("#turn")).to_have_text("Your turn")
        # A rated game has no hints: the button is there, disabled, and says why (on hover, and under it on a tap)
        # without asking the server.
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url) if request.url.endswith("/hint") else None)
        button = page.locator("#hint-button")
        expect(button).to_have_attribute("aria-disabled", "true")
        expect(button).to_have_attribute("title", re.compile("^No hints in a rated game"))
        expect(page.locator("#hint-why")).to_have_count(0)
        button.click(force=True)  # Playwright holds aria-disabled for disabled; a person's click reaches it
        expect(page.locator("#hint-why")).to_have_text(button.get_attribute("title") or "")
        expect(page.locator("#hint-line")).to_have_count(0)
        keep(page, "hint-disabled-desktop")
        assert asked == []
        page.goto(f"/table/{friendly}")
        expect(page.locator("#turn")).to_have_text("Your turn")
        expect(page.locator("#hint-button")).not_to_have_attribute("aria-disabled", "true")
        page.click("#hint-button")
        expect(page.locator("#hint-line")).to_be_visible(timeout=30_000)
        expect(page.locator("#hint-line strong")).to_have_text("Suggested move: ")
        # Advice to the player, not the log's sentence about them: no name, and a draw names no card.
        expect(page.locator("#hint-line")).to_have_text(ADVICE["en"])
        expect(page.locator("#hint-line")).not_to_contain_text("Carol")
        expect(page.locator("#board .changed")).to_have_count(0)  # the hint alone is outlined
        expect(page.locator("#board .hinted")).to_have_count(1)
        expect(page.locator("#hint-line code")).to_have_count(0)  # the notation is off: no token
        keep(page, "hint-desktop")
        page.click("#notation-toggle")
        expect(page.locator("#hint-line code")).to_have_count(1)
        page.click("#notation-toggle")
        page.select_option("#language", "it")
        # The switch draws the table again; the hint stays, now worded in Italian, without asking the server again.
        expect(page.locator("#hint-button")).to_have_text("Suggerimento")
        expect(page.locator("#hint-line")).to_have_text(ADVICE["it"])
        expect(page.locator("#board .hinted")).to_have_count(1)
        page.click("#hint-button")  # the same position's hint again: shown already, not asked for again
        page.wait_for_timeout(300)  # time for a request that should not be sent
        expect(page.locator("#hint-button")).to_have_text("Suggerimento")
        expect(page.locator("#hint-line")).to_have_text(ADVICE["it"])
        assert len(asked) == 1
        keep(page, "hint-desktop-it")
        page.select_option("#language", "en")
        expect(page.locator("#hint-button")).to_have_text("Hint")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
    context, phone = signed_in(browser, arena, carol, viewport=PHONE)
    try:
        phone.goto(f"/table/{friendly}")
        phone.click("#hint-button")
        expect(phone.locator("#hint-line")).to_be_visible(timeout=30_000)
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        keep(phone, "hint-phone")
        phone.goto(f"/table/{rated}")
        phone.click("#hint-button", force=True)
        expect(phone.locator("#hint-why")).to_be_visible()
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        keep(phone, "hint-disabled-phone")
    finally:
        context.close()


def test_a_cardcassonne_hint_plays_when_its_row_is_tapped_before_its_card(
    browser: Browser, arena: ServerProcess
) -> None:
    """The hint marks a card and a row; a newcomer taps the marked row first, and gets the hinted move, not an
    error asking for a card."""
    erin = Player(arena.url, "Erin")
    table_id = new_table(erin, rated=False, game="cardcassonne")
    frame = my_turn(erin, table_id)
    while any(move.startswith("J@") for move in frame["legal"]):  # the dealer's joker: the setup, no card to play
        play(erin, table_id, frame, frame["legal"][0])
        frame = my_turn(erin, table_id)
    context, page = signed_in(browser, arena, erin, viewport=PHONE)
    try:
        page.goto(f"/table/{table_id}")
        expect(page.locator("#turn")).to_have_text("Your turn")
        page.click("#hint-button")
        expect(page.locator("#board .cc-row.hinted")).to_have_count(1, timeout=30_000)
        expect(page.locator("#board .cc-hand .selected")).to_have_count(0)
        before = page.locator("#log li").count()
        page.locator("#board .cc-row.hinted").click()
        expect(page.locator("#log li")).not_to_have_count(before, timeout=30_000)
        expect(page.locator("#toast.bad")).to_be_hidden()
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


CHROMINO_ADVICE = {
    "en": re.compile(r"^Suggested move: (lay the tile \([a-z, ]+\)|draw a tile|pass)( · .+)?$"),
    "fr": re.compile(r"^Coup conseillé\u202f: (posez le chromino \([a-zé, ]+\)|piochez un chromino|passez)( · .+)?$"),
}


def test_a_hint_in_another_game_reads_as_advice_on_a_phone_too(browser: Browser, arena: ServerProcess) -> None:
    """A Chromino hint: lay a tile (its colours in words), draw or pass; said to the player in their language."""
    dana = Player(arena.url, "Dana")
    table_id = new_table(dana, rated=False, game="chromino")
    my_turn(dana, table_id)
    for language, viewport in (("en", DESKTOP), ("fr", PHONE)):
        dana.post("/api/me/language", {"language": language})
        context, page = signed_in(browser, arena, dana, viewport=viewport)
        try:
            page.goto(f"/table/{table_id}")
            page.click("#hint-button")
            expect(page.locator("#hint-line")).to_have_text(CHROMINO_ADVICE[language], timeout=30_000)
            expect(page.locator("#hint-line")).not_to_contain_text("Dana")
            expect(page.locator("#board .hinted")).not_to_have_count(0)
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            keep(page, f"hint-chromino-{'desktop' if viewport is DESKTOP else 'phone'}-{language}")
            assert page.errors == []  # type: ignore[attr-defined]
        finally:
            context.close()


def random_record(game: str, seed: int, moves: int) -> dict[str, object]:
    """A game of random moves to its end or its first `moves` moves, as a record to import (one token per
    action)."""
    options = {} if game == "cameleon" else {"players": 2}
    state = kameleon.load(game, **options).new_state(seed=seed)
    rng = random.Random(seed)
    tokens: list[str] = []
    while not state.is_terminal and len(tokens) < moves:
        action = rng.choice(state.legal_actions())
        tokens.append(state.action_to_str(action))
        state.apply(action)
    return {**state.record(players=["Ann", "Ben"]), "moves": tokens}


@pytest.mark.parametrize("game", ["cameleon", "cardcassonne", "chromino"])
def test_the_better_move_is_drawn_on_every_board(browser: Browser, arena: ServerProcess, game: str) -> None:
    """An imported game is analysed like a finished one; a marked move's better move is marked on its board."""
    ann = Player(arena.url, f"Ann {game}")
    # The first 30 moves: a Cardcassonne decision costs a tenth of a second to analyse even at the tests' budget.
    table_id = ann.post("/api/records", random_record(game, 11, 30), expect=201)["table"]["id"]
    context, page = signed_in(browser, arena, ann, viewport=DESKTOP)
    try:
        page.goto(f"/replay/{table_id}")
        page.click("#analyse")
        expect(page.locator("#an-graph")).to_be_visible(timeout=120_000)
        marks = page.locator("#an-graph .an-point.marked")
        assert marks.count(), "random moves make mistakes"
        marks.last.click()  # drawn last: no other mark covers it
        expect(page.locator("#better-move h3")).to_have_text("The better move")
        expect(page.locator("#replay-board .hinted")).not_to_have_count(0)
        expect(page.locator("#replay-board .hinted").first).to_be_in_viewport()  # the board scrolled up to
        # From mark to mark, whoever made it, in the order of the game.
        plies = sorted({int(p) for p in marks.evaluate_all("els => els.map(e => e.dataset.ply)")})
        shown = int(re.sub(r"\D+", " ", page.locator("#replay-step").inner_text()).split()[0]) - 1
        at = plies.index(shown)
        if at + 1 < len(plies):
            page.click("#next-mark")
            expect(page.locator("#replay-step")).to_have_text(re.compile(rf"^Before move {plies[at + 1] + 1} of"))
            page.click("#prev-mark")
            expect(page.locator("#replay-step")).to_have_text(re.compile(rf"^Before move {shown + 1} of"))
        if at == 0:
            expect(page.locator("#prev-mark")).to_be_disabled()
        keep(page, f"analysis-better-move-{game}")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_a_failed_analysis_is_said_in_words_and_can_be_asked_again(browser: Browser, arena: ServerProcess) -> None:
    ivy = Player(arena.url, "Ivy")
    table_id = finished_game(ivy)
    with sqlite3.connect(arena.database) as db:  # what a worker that crashed three times leaves behind
        db.execute(
            "INSERT INTO analyses (table_id, status, done, attempts, created_at)"
            " VALUES (?, 'failed', 0, 3, '2026-01-01')",
            (table_id,),
        )
    context, page = signed_in(browser, arena, ivy, viewport=DESKTOP)
    try:
        page.goto(f"/replay/{table_id}")
        expect(page.locator("#analysis-error")).to_have_text(
            "the analysis of this game failed; ask again to try once more"
        )
        keep(page, "analysis-failed-desktop")
        page.click("#analyse")
        expect(page.locator("#an-graph")).to_be_visible(timeout=120_000)
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_inaccuracies_are_marked_in_the_log_and_on_the_graph(browser: Browser, arena: ServerProcess) -> None:
    """An analysis with an inaccuracy marks it "?!" in the log and on the graph, selectable like a mistake (the
    served analysis labels one more decision an inaccuracy, so that the game need not have one of its own)."""
    jo = Player(arena.url, "Jo")
    table_id = finished_game(jo)
    inaccuracies: list[int] = []

    def label_one(route: Route, request: Request) -> None:
        response = route.fetch()
        job = response.json()
        if job.get("status") == "done" and request.method == "GET":
            decisions = job["analysis"]["decisions"]
            plain = [d for d in decisions if d["label"] in ("best", "good")]
            chosen = next((d for d in plain if d.get("best_entry")), plain[0] if plain else None)
            if chosen:
                chosen["label"] = "inaccuracy"
            inaccuracies[:] = [d["ply"] for d in decisions if d["label"] == "inaccuracy"]
        route.fulfill(response=response, body=json.dumps(job), content_type="application/json")

    context, page = signed_in(browser, arena, jo, viewport=DESKTOP)
    try:
        page.route(f"**/api/tables/{table_id}/analysis", label_one)
        page.goto(f"/replay/{table_id}")
        page.click("#analyse")
        expect(page.locator("#an-graph")).to_be_visible(timeout=120_000)
        assert inaccuracies
        log_marks = page.locator("#replay-log .an-mark.inaccuracy")
        expect(log_marks).to_have_count(len(inaccuracies))
        expect(log_marks.first).to_have_text("?!")
        points = page.locator("#an-graph .an-point.marked.inaccuracy")
        expect(points).to_have_count(len(inaccuracies))
        # Smaller than a mistake's mark (11 units wide), and selectable like it (here from the keyboard).
        width = points.first.locator(".an-dot").evaluate("dot => dot.getBBox().width")
        assert width < 10, width
        points.first.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#better-move .an-label")).to_have_text(re.compile("^inaccuracy$", re.I))
        expect(page.locator("#replay-log li.judged .an-mark")).to_have_text("?!")
        keep(page, "analysis-inaccuracy-desktop")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_an_analysis_by_an_earlier_analyser_says_so_and_can_be_made_again(
    browser: Browser, arena: ServerProcess
) -> None:
    kit = Player(arena.url, "Kit")
    table_id = finished_game(kit)
    kit.post(f"/api/tables/{table_id}/analysis")
    assert wait_done(kit, table_id)["status"] == "done"
    with sqlite3.connect(arena.database) as db:  # as an analysis stored before the analyst changed reads
        db.execute("UPDATE analyses SET result = json_remove(result, '$.analyst') WHERE table_id = ?", (table_id,))
    context, page = signed_in(browser, arena, kit, viewport=PHONE)
    try:
        page.goto(f"/replay/{table_id}")
        expect(page.locator("#an-graph")).to_be_visible()  # the earlier analysis is still shown meanwhile
        stale = page.locator("#analysis-stale")
        expect(stale).to_contain_text("made by an earlier version of the analyser")
        expect(stale.locator("#analyse")).to_have_text("Analyse again")
        stale.scroll_into_view_if_needed()
        keep(page, "analysis-stale-phone")
        stale.locator("#analyse").click()
        expect(page.locator("#an-graph")).to_be_visible(timeout=120_000)
        expect(page.locator("#analysis-stale")).to_have_count(0)
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_a_cameleon_hint_that_captures_with_choices_is_marked_on_the_board(
    browser: Browser, arena: ServerProcess
) -> None:
    """The best ply here takes two pieces with a reward to choose for each: its token spells the choices
    (`c4-d5xd6=…`) where the board lists the displacement alone as `c4-d5*`; both of its squares are marked."""
    eve = Player(arena.url, "Eve")
    table_id = new_table(eve, rated=False, game="cameleon", options={"start": CHOICES})
    frame = my_turn(eve, table_id)
    assert frame["view"]["current_player"] == 0 and "c4-d5*" in frame["legal"]
    context, page = signed_in(browser, arena, eve, viewport=DESKTOP)
    try:
        page.goto(f"/table/{table_id}")
        page.click("#hint-button")
        expect(page.locator("#hint-line")).to_be_visible(timeout=30_000)
        words = (
            r"^Suggested move: move red c4 → d5 · capturing red on d6 \(winning \w+ → \w\d\), yellow on e5 \(winning"
        )
        expect(page.locator("#hint-line")).to_have_text(re.compile(words))
        marked = page.locator("#board .cm-sq.hinted").evaluate_all("els => els.map(e => e.dataset.square)")
        assert sorted(marked) == ["c4", "d5"]
        expect(page.locator("#board .cm-sq.hint-from")).to_have_attribute("data-square", "c4")  # dashed; d5 solid
        taken = page.locator("#board .cm-sq.hint-victim").evaluate_all("els => els.map(e => e.dataset.square)")
        assert sorted(taken) == ["d6", "e5"]  # what it takes, and where its two rewards go
        expect(page.locator("#board .cm-sq.hint-reward")).to_have_count(2)
        keep(page, "hint-cameleon-choices-desktop")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
