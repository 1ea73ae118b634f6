"""The Le Caméléon board in a real Chromium, played by clicking only (notation hidden): moves and captures are
finished on the board, the reward placed by clicking a reserve square; the log words every move, the bot's
with its name; illegal clicks bring back the engine's explanation in the interface language; the end shows the
result in words, places and the breakdown; the phone layout has no overlap."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from kameleon.games.cameleon.scoring import REASONS
from tests.web.conftest import shot
from tests.web.test_browser import create_table, sign_up

TURN_TIMEOUT = 30_000
SHORT_GAME = "8/8/8/8/8/8/7R/B3Y2y/8 R 0 1"
"""Square's lone yellow on h2 has one move (h2-g3), into the red h3's reach: Round plays a2-b3, the bot h2-g3,
then Round's e2-f3 flanks g3 (red h3 + yellow f3 against yellow: an orange) and ends the game by elimination,
the orange placed by a click on one of Round's four free reserve squares."""
CHOICES = "8/7b/8/2YrB3/4yY2/2R5/8/8/1O1O4 R 0 1"
"""Rules TV-25: Round's c4-d5 takes d6 (orange or violet) and e5 (orange or green), two free reserve squares."""
TOKEN = re.compile(r"\b[a-h][1-9]-[a-h][1-9]|[=@x][a-hOVGK]\d?")
"""Notation: a displacement or a choice token (squares alone are coordinates, not notation)."""


I18N = Path(__file__).resolve().parents[2] / "kameleon" / "web" / "js" / "i18n.js"


def test_every_board_text_is_in_the_five_languages() -> None:
    keys: dict[str, set[str]] = {}
    language = None
    for line in I18N.read_text(encoding="utf-8").splitlines():
        start = re.match(r"^  (en|it|pl|fr|uk): \{$", line)
        if start:
            language = start[1]
            keys[language] = set()
        elif language is not None:
            keys[language] |= set(re.findall(r"\b(cm_\w+):", line))
    assert set(keys) == {"en", "it", "pl", "fr", "uk"}
    assert len(keys["en"]) > 40
    for language, found in keys.items():
        assert found == keys["en"], (language, found ^ keys["en"])
    board = (I18N.parent / "boards" / "cameleon.js").read_text(encoding="utf-8")
    used = set(re.findall(r'"(cm_\w+)"', board))
    assert used <= keys["en"], used - keys["en"]
    dynamic = {f"cm_reason_{reason}" for reason in REASONS} | {f"cm_colour_{kind}" for kind in "BRYVOGK"}
    dynamic |= {f"cm_bd_{part}" for part in ("outcome", "pieces", "chameleons", "captured", "total")}
    plies = ("move", "enter", "pass", "room", "reward", "reserve", "captured", "capture_reward", "choosing")
    dynamic |= {f"cm_{words}_{part}" for words in ("s", "a") for part in plies}  # a log's sentence, a hint's advice
    assert dynamic <= keys["en"], dynamic - keys["en"]


def squares(page: Page, selector: str) -> list[str]:
    found = page.locator(selector).evaluate_all("els => els.map(e => e.dataset.square)")
    return sorted(found)


def speak(page: Page, language: str) -> None:
    page.add_init_script(f"localStorage.setItem('kameleon.language', '{language}')")


def no_notation(page: Page) -> None:
    text = page.locator("#app").inner_text()
    assert not TOKEN.search(text), TOKEN.search(text)
    expect(page.locator("#legal-moves")).to_have_count(0)


def test_a_whole_game_by_clicking(page: Page) -> None:
    name = sign_up(page)
    create_table(page, "cameleon", 2, {"start": SHORT_GAME})
    expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=TURN_TIMEOUT)
    seats = page.locator(".cm-seat")
    expect(seats.nth(0)).to_contain_text("● Round")
    expect(seats.nth(0)).to_contain_text(name)
    expect(seats.nth(1)).to_contain_text("■ Square")
    expect(page.locator(".cm-prompt")).to_contain_text("click one of your pieces")
    assert squares(page, ".cm-sq.movable") == ["a2", "e2", "h3"]
    no_notation(page)
    page.click(".cm-sq[data-square=h2]")  # the bot's piece: the engine says why
    expect(page.locator("#toast")).to_contain_text("the piece on h2 is your opponent's")
    page.click(".cm-sq[data-square=a2]")
    assert squares(page, ".cm-sq.target") == ["b3"]
    page.click(".cm-sq[data-square=c4]")  # not on a diagonal line of one square: the engine explains
    expect(page.locator("#toast")).to_contain_text("only a chameleon moves more than one square")
    page.click(".cm-sq[data-square=a2]")
    page.click(".cm-sq[data-square=b3]")
    # The bot answers with its only move; the log words both moves, the bot's with its name.
    expect(page.locator("#log li")).to_have_count(2, timeout=TURN_TIMEOUT)
    bot = page.locator(".cm-seat[data-seat='1'] .cm-name").inner_text()
    expect(page.locator("#log li").nth(0)).to_contain_text(f"{name} moved blue a2 → b3")
    expect(page.locator("#log li").nth(1)).to_contain_text(f"{bot} moved yellow h2 → g3")
    expect(page.locator(".cm-sq.changed")).to_have_count(2)  # h2 and g3: the bot's move since mine
    assert squares(page, ".cm-sq.changed") == ["g3", "h2"]
    expect(page.locator(".cm-sq[data-square=g3] .cm-piece.arrive")).to_have_count(1)
    page.click(".cm-sq[data-square=e2]")
    page.click(".cm-sq[data-square=f3]")
    # The capture waits for the reward's square: the victim, the reward and the free reserve squares show.
    expect(page.locator("#cm-capture")).to_contain_text("Capture: yellow on g3", timeout=TURN_TIMEOUT)
    expect(page.locator("#cm-capture")).to_contain_text("Reward for g3: orange")
    assert squares(page, ".cm-sq.victim") == ["g3"]
    assert squares(page, ".cm-sq.option") == ["b1", "d1", "f1", "h1"]
    expect(page.locator(".cm-sq.option .cm-piece.ghost")).to_have_count(4)
    no_notation(page)
    page.wait_for_timeout(500)  # the arrival animation over
    shot(page, "cameleon-capture")
    page.click(".cm-sq[data-square=a2]")  # anything but a reserve square: the capture comes first
    expect(page.locator("#toast")).to_contain_text("finish the capture first")
    page.click(".cm-sq[data-square=d1]")
    expect(page.locator("#cm-result")).to_contain_text(f"{name} (Round) wins: all pieces of one side captured")
    expect(page.locator(".cm-sq[data-square=d1] .cm-piece")).to_have_attribute("data-piece", "O")
    expect(page.locator("#log li")).to_have_count(4)
    expect(page.locator("#log li").nth(2)).to_contain_text("choosing the reward")
    expect(page.locator("#log li").nth(3)).to_contain_text(f"{name} put the orange reward on d1")
    expect(page.locator("#log li").nth(3)).to_contain_text("captured yellow on g3")
    expect(page.locator(".cm-info")).to_contain_text("moves played: 4")  # the log's count: one per stored move
    final = page.locator("#final")
    expect(final).to_contain_text("Captured")
    expect(final).to_contain_text("won")
    no_notation(page)
    shot(page, "cameleon-over")
    # The replay counts the same moves and words them the same way.
    page.click("#replay-link")
    expect(page.locator("#replay-step")).to_contain_text("4")
    expect(page.locator(".cm-info")).to_contain_text("moves played: 4")
    expect(page.locator("#replay-log li")).to_have_count(4)
    expect(page.locator("#replay-log li").nth(1)).to_contain_text(f"{bot} moved yellow h2 → g3")
    page.click("#replay-prev")
    expect(page.locator(".cm-info")).to_contain_text("moves played: 3")
    expect(page.locator("#cm-capture")).to_have_count(0)  # a replay is never asked for choices
    shot(page, "cameleon-replay")
    page.go_back()
    expect(page.locator("#final")).to_be_visible()
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    shot(page, "cameleon-over-phone")
    board = page.locator(".cm-board").bounding_box()
    assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= 390
    overflow = page.evaluate("document.documentElement.scrollWidth")
    assert overflow <= 390, f"the page is {overflow} px wide at 390"


def test_choices_by_clicking_in_french(page: Page) -> None:
    speak(page, "fr")
    sign_up(page)
    create_table(page, "cameleon", 2, {"start": CHOICES})
    expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=TURN_TIMEOUT)
    expect(page.locator(".cm-seat").nth(0)).to_contain_text("● Rond")
    page.click(".cm-sq[data-square=a9]")  # an empty unused square: nothing happens; a Square piece: explained
    page.click(".cm-sq[data-square=h8]")
    expect(page.locator("#toast")).to_contain_text("le pion en h8 est à votre adversaire")
    page.click(".cm-sq[data-square=c4]")
    page.click(".cm-sq[data-square=d5]")
    expect(page.locator("#cm-capture")).to_contain_text("Choisissez la récompense pour d6", timeout=TURN_TIMEOUT)
    assert sorted(page.locator(".cm-reward").evaluate_all("els => els.map(e => e.dataset.reward)")) == ["O", "V"]
    assert squares(page, ".cm-sq.victim") == ["d6", "e5"]
    no_notation(page)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(500)
    shot(page, "cameleon-fr-reward-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click(".cm-reward[data-reward=V]")
    expect(page.locator("#cm-capture")).to_contain_text("pour e5", timeout=TURN_TIMEOUT)
    page.click(".cm-reward[data-reward=G]")
    expect(page.locator("#cm-capture")).to_contain_text("cliquez une case de réserve", timeout=TURN_TIMEOUT)
    assert squares(page, ".cm-sq.option") == ["f1", "h1"]
    page.click(".cm-sq[data-square=b3]")
    expect(page.locator("#toast")).to_contain_text("terminez d'abord la prise")
    page.click(".cm-sq[data-square=h1]")
    expect(page.locator("#log li").nth(3)).to_contain_text("a pris rouge en d6", timeout=TURN_TIMEOUT)
    shot(page, "cameleon-fr")


def test_other_languages_explain_and_word_the_log(page: Page) -> None:
    expected = {
        "it": ("● Tondo", "la pedina in b8 è dell'avversario", "ha mosso"),
        "pl": ("● Okrągły", "pionek na b8 należy do przeciwnika", "→"),
        "uk": ("● Круглий", "фішка на b8 належить суперникові", "→"),
    }
    sign_up(page)
    for language, (badge, refusal, moved) in expected.items():
        page.select_option("#language", language)  # the interface's and the account's language
        create_table(page, "cameleon", 2)
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=TURN_TIMEOUT)
        expect(page.locator(".cm-seat").nth(0)).to_contain_text(badge)
        page.click(".cm-sq[data-square=b8]")
        expect(page.locator("#toast")).to_contain_text(refusal)
        page.click(".cm-sq[data-square=c4]")
        page.click(".cm-sq[data-square=d5]")
        expect(page.locator("#log li")).to_have_count(2, timeout=TURN_TIMEOUT)
        expect(page.locator("#log li").nth(0)).to_contain_text(moved)
        no_notation(page)
        if language == "uk":
            arrived = page.locator(".cm-piece.arrive")
            expect(arrived).to_have_count(1)  # the bot's piece, new since the previous render
            assert arrived.evaluate("e => getComputedStyle(e).animationName") != "none"
            page.emulate_media(reduced_motion="reduce")
            assert arrived.evaluate("e => getComputedStyle(e).animationName") == "none"
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_timeout(200)
            shot(page, "cameleon-uk-phone")
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
