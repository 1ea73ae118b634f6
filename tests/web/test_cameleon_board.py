"""The Le Caméléon board in a real Chromium: the squares that can move, their targets and the reasons why a
piece cannot move all come from the engine's view; a displacement whose captures leave choices waits for them."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.conftest import shot
from tests.web.test_browser import create_table, sign_up

TURN_TIMEOUT = 30_000
CHOICES = "8/5b2/3R4/3y3b/8/2Y5/8/8/8 R 0 1"
"""Round's c4-d5 takes the yellow on d6 for an orange reward, to any of Round's four empty reserve squares."""


def squares(page: Page, selector: str) -> list[str]:
    found = page.locator(selector).evaluate_all("els => els.map(e => e.dataset.square)")
    return sorted(found)


def test_moves_targets_and_reasons_come_from_the_view(page: Page) -> None:
    sign_up(page)
    create_table(page, "cameleon", 2)
    expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=TURN_TIMEOUT)
    assert squares(page, ".cm-sq.movable") == ["a4", "c4", "e4", "g4"]  # Round moves first, its yellows only
    assert len(squares(page, ".cm-sq.reserve")) == 16  # the two reserve rows
    page.click(".cm-sq[data-square=a2]")  # b3 holds Round's red: the blue has nowhere to go
    expect(page.locator("#toast")).to_contain_text("a2: none of your legal moves starts from this square")
    expect(page.locator("#toast")).to_contain_text("holds one of your pieces")
    page.click(".cm-sq[data-square=b6]")
    expect(page.locator("#toast")).to_contain_text("the piece is your opponent's")
    page.click(".cm-sq[data-square=c4]")
    expect(page.locator(".cm-sq.selected")).to_have_attribute("data-square", "c4")
    assert squares(page, ".cm-sq.target") == ["b5", "d5"]
    before = page.locator("#log li").count()
    page.click(".cm-sq[data-square=d5]")
    expect(page.locator("#log li")).not_to_have_count(before, timeout=TURN_TIMEOUT)
    expect(page.locator("#log")).to_contain_text("c4-d5")


def test_a_capture_with_choices_waits_for_them(page: Page) -> None:
    sign_up(page)
    create_table(page, "cameleon", 2, {"start": CHOICES})
    expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=TURN_TIMEOUT)
    page.click(".cm-sq[data-square=c4]")
    page.click(".cm-sq[data-square=d5]")
    expect(page.locator(".cm-info")).to_contain_text("finish the capture below", timeout=TURN_TIMEOUT)
    expect(page.locator(".cm-sq.movable")).to_have_count(0)
    page.click(".cm-sq[data-square=d5]")
    expect(page.locator("#toast")).to_contain_text("finish the capture first")
    buttons = page.locator("#legal-moves button[data-move]")
    assert sorted(buttons.evaluate_all("els => els.map(e => e.dataset.move)")) == ["@b1", "@d1", "@f1", "@h1"]
    shot(page, "cameleon-choices")
    page.click("#legal-moves button[data-move='@h1']")
    expect(page.locator(".cm-sq[data-square=h1] .cm-piece")).to_be_visible(timeout=TURN_TIMEOUT)
    expect(page.locator(".cm-sq[data-square=d6] .cm-piece")).to_have_count(0)
