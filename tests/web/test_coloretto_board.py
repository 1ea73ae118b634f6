"""The Coloretto board in a real Chromium shows the view's rule-derived fields and works none of them out:
free places in a row, the colours that count positively or negatively, and the colour each wild card counts as."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

import kameleon
from kameleon.games.coloretto.cards import JOKER, NUM_KINDS
from kameleon.games.coloretto.state import ColorettoState
from tests.web.conftest import shot

RENDER = """async (view) => {
  const board = await import("/static/js/boards/coloretto.js");
  const box = document.createElement("div");
  box.id = "probe";
  document.body.append(box);  // beside the page, which goes on with its own work
  board.render(box, view, { seat: 0, legal: view.legal_moves, names: ["ann", "bob", "cy"], play: () => {},
    interactive: false, explain: () => {} });
}"""


def position() -> ColorettoState:
    """Three players, seat 1 to place a drawn card; it holds four colours and a joker."""
    state: ColorettoState = kameleon.load("coloretto", players=3, start_player=0).new_state(4)
    state.apply_str("draw")
    state.apply_str("place 1")
    state.apply_str("draw")
    first, second, third, fourth = state.in_play[:4]
    state.held[1] = [0] * NUM_KINDS
    for colour, count in ((first, 4), (second, 3), (third, 1), (fourth, 1)):
        state.held[1][colour] = count
    state.held[1][JOKER] = 1
    return state


def test_the_board_shows_the_views_scores_and_free_places(page: Page) -> None:
    state = position()
    view: dict[str, Any] = state.view(0)
    score = view["scores"][1]
    assert score["joker_colours"] and score["negative"], "the position shows every part of a breakdown"
    page.goto("/")
    page.evaluate(RENDER, view)
    probe = page.locator("#probe")
    for number, row in enumerate(view["rows"], start=1):
        shown = probe.locator(f".row[data-row='{number}']")
        expect(shown.locator(".card.slot")).to_have_count(row["free"])
        expect(shown.locator(".card:not(.slot)")).to_have_count(len(row["cards"]))
    expect(probe.locator(".row[data-move='place 1']")).to_have_count(1)  # a drawn card: a row click places it
    seat = probe.locator(".collection[data-seat='1']")
    expect(seat.locator(".score")).to_contain_text(str(score["total"]))
    positive = seat.locator(".stack.positive").evaluate_all("els => els.map(e => e.dataset.colour)")
    negative = seat.locator(".stack.negative").evaluate_all("els => els.map(e => e.dataset.colour)")
    assert sorted(positive) == sorted(score["positive"]) and sorted(negative) == sorted(score["negative"])
    (wild,) = score["joker_colours"]
    expect(seat.locator(f".stack[data-colour='{wild}'] .wild")).to_have_text("+1")
    expect(seat.locator(".wild")).to_have_count(1)


def test_a_click_on_a_row_or_the_pile_plays_the_views_move(page: Page) -> None:
    """The board writes no notation: each row and the pile carry the move the view gives them."""
    state: ColorettoState = kameleon.load("coloretto", players=3, start_player=0).new_state(4)
    state.apply_str("draw")
    state.apply_str("place 2")
    page.goto("/")
    for then in ("draw", None):  # a turn (take or draw), then a drawn card to place
        view: dict[str, Any] = state.view(state.current_player)
        page.evaluate("() => document.querySelector('#probe')?.remove()")
        page.evaluate(RENDER, view)
        probe = page.locator("#probe")
        for row in view["rows"]:
            shown = probe.locator(f".row[data-row='{row['row']}']")
            expect(shown).to_have_attribute("data-move", row["move"])
            highlighted = "legal" in (shown.get_attribute("class") or "").split()
            assert highlighted == (row["move"] in view["legal_moves"]), row
        expect(probe.locator(".pile")).to_have_attribute("data-move", view["pile_move"])
        if then:
            state.apply_str(then)
    assert {row["move"] for row in view["rows"]} >= set(view["legal_moves"]), "placing: every legal move is a row's"
    shot(page, "coloretto-board-view-moves")
