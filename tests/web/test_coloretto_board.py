"""The Coloretto board in a real Chromium shows the view's rule-derived fields and works none of them out:
free places in a row, the colours that count positively or negatively, and the colour each wild card counts as."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import kameleon
from kameleon.games.coloretto.cards import JOKER, NUM_KINDS
from kameleon.games.coloretto.state import ColorettoState
from tests.web.conftest import ARTIFACTS, shot
from tests.web.test_browser import create_table, open_table, sign_up

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


# The board module's sentence and breakdown words for log entries, in one interface language.
WORDS = """async ([language, entries, breakdown]) => {
  const i18n = await import("/static/js/i18n.js");
  const board = await import("/static/js/boards/coloretto.js");
  const before = i18n.language();
  i18n.setLanguage(language);
  const ctx = { names: ["Ann", "Bruno", "Cy"] };
  const said = { sentences: entries.map((e) => board.sentence(e, ctx)), parts: board.breakdownParts(breakdown),
    label: board.breakdownLabel("positive") };
  i18n.setLanguage(before);
  return said;
}"""

TAKE = {"seat": 1, "move": "take 2", "event": {"kind": "take", "row": 2, "cards": ["blue", "blue", "+2"], "bonus": None,
        "last_round": False, "discarded": [], "round_over": False, "game_over": False}}  # fmt: skip
SENTENCES = {
    "en": ("Bruno took row 2: 2 blue, +2", "Positive colours"),
    "it": ("Bruno ha preso la fila 2: 2× blu, +2", "Colori positivi"),
    "pl": ("Bruno bierze rząd 2: 2× niebieski, +2", "Kolory dodatnie"),
    "fr": ("Bruno a pris la rangée 2 : 2× bleu, +2", "Couleurs positives"),
    "uk": ("Bruno забирає ряд 2: 2× синій, +2", "Позитивні кольори"),
}
NOTATION = re.compile(r"\b(place|take) \d|\bdraw\b|\b(joker|positive) (blue|brown|green|orange|purple|red|yellow)\b")


def finished_game_log() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The events of a whole three-player game with golden jokers, and its breakdown."""
    state: ColorettoState = kameleon.load("coloretto", players=3).new_state(11)
    rng = random.Random(3)
    entries = []
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        before = state.clone()
        seat = state.current_player
        state.apply(action)
        entries.append(
            {"seat": seat, "move": state.action_to_str(action), "event": before.event_seen_by(action, state, 0)}
        )
    return entries, state.score_breakdown()


@pytest.mark.parametrize("language", list(SENTENCES))
def test_every_move_reads_as_a_sentence_with_the_players_name(page: Page, language: str) -> None:
    """Each event of a whole game is a sentence in the interface language, naming the mover, with no notation;
    the breakdown's parts are named in that language too."""
    entries, breakdown = finished_game_log()
    page.goto("/")
    said = page.evaluate(WORDS, [language, [TAKE, *entries], breakdown[0]])
    expected, label = SENTENCES[language]
    assert said["sentences"][0] == expected
    for entry, text in zip(entries, said["sentences"][1:], strict=True):
        assert text and ["Ann", "Bruno", "Cy"][entry["seat"]] in text, (entry, text)
        assert not NOTATION.search(text), text
        assert "{" not in text, text
    assert said["label"] == label and said["parts"][0] == [label, f"+{breakdown[0]['positive']}"]
    assert all(value and "undefined" not in value for _, value in said["parts"])


def board_text(page: Page) -> str:
    return page.locator("#board").inner_text()


def no_overlap(page: Page, selector: str) -> None:
    """No two of the elements `selector` finds overlap on the screen, and none sticks out of the page."""
    boxes = [b for b in page.locator(selector).evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())")]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = a["right"] <= b["left"] + 1 or b["right"] <= a["left"] + 1
            apart = apart or a["bottom"] <= b["top"] + 1 or b["bottom"] <= a["top"] + 1
            assert apart, (selector, a, b)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= page.viewport_size["width"]  # type: ignore[index]


def test_a_whole_game_by_clicking_with_the_notation_hidden(page: Page) -> None:
    """Two players, against a bot: every move is a click on the pile or a row; the log tells the bot's moves in
    words with its name; what changed is marked; the end screen shows places and the breakdown."""
    sign_up(page)
    create_table(page, "coloretto", 2, {"start_player": "0"})
    mine = page.locator(".turn-banner.mine")
    expect(mine).to_be_visible(timeout=30_000)
    page.click(".row[data-row='1']")  # every row is empty: taking one is refused, in words
    expect(page.locator("#toast")).to_contain_text("Row 1 is empty")
    bot = page.locator(".seats .name").nth(1).inner_text().strip()
    final = page.locator("#final")
    shots = 0
    for _ in range(200):
        page.wait_for_function(
            "() => document.querySelector('#final') || document.querySelector('.turn-banner.mine')", timeout=30_000
        )
        if final.count():
            break
        expect(page.locator("#legal-moves")).to_be_hidden()
        assert not NOTATION.search(board_text(page)), board_text(page)
        before = page.locator("#log li").count()
        if shots == 0 and before > 4 and page.locator("#log li").last.get_attribute("data-seat") != "0":
            # the bot moved since our last move: its moves in words, and what they changed marked on the board
            expect(page.locator("#log")).to_contain_text(bot)
            expect(page.locator("#log")).to_contain_text(re.compile(f"{re.escape(bot)} (drew|put|took)"))
            expect(page.locator("#board .changed").first).to_be_visible()
            page.wait_for_timeout(700)  # the arrival animation is over: the picture shows where things stay
            shot(page, "coloretto-game-desktop")
            page.set_viewport_size({"width": 390, "height": 844})
            no_overlap(page, "#board .row, #board .collection, #board .cl-top")
            shot(page, "coloretto-game-phone")
            page.set_viewport_size({"width": 1280, "height": 900})
            shots += 1
        rows = page.locator(".row.legal")
        (rows.first if rows.count() else page.locator(".pile.can")).click()
        page.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=before, timeout=30_000)
    expect(final).to_be_visible(timeout=30_000)
    expect(final).to_contain_text("1")
    expect(final).to_contain_text("Positive colours")
    page.wait_for_timeout(700)
    shot(page, "coloretto-end-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    no_overlap(page, "#final, #board")
    shot(page, "coloretto-end-phone")


ILLEGAL = {
    "it": "La fila 1 è vuota",
    "pl": "Rząd 1 jest pusty",
    "fr": "La rangée 1 est vide",
    "uk": "Ряд 1 порожній",
}


def test_an_illegal_click_is_explained_in_the_interface_language(page: Page) -> None:
    """One table, read in each language in turn: the engine's explanation of a refused click follows it."""
    sign_up(page)
    open_table(page, "coloretto", 2, bots=True, options={"start_player": "0"})
    page.click("#start")
    for language, said in ILLEGAL.items():
        page.select_option("#language", language)
        page.reload()
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
        page.click(".row[data-row='1']")  # every row is still empty: taking one is refused
        expect(page.locator("#toast")).to_contain_text(said)
    shot(page, "coloretto-explained-uk")


def shot_path(name: str) -> Any:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{name}.png"


def test_manual_scoring_is_declared_by_clicking_colour_cards(page: Page) -> None:
    """With manual scoring, the seat to move gives each wild card a colour, marks its positive colours and confirms
    with buttons that carry the view's moves: every legal declaration has its button, and nothing else."""
    state: ColorettoState = kameleon.load("coloretto", players=3, scoring_choices="manual").new_state(2)
    rng = random.Random(2)
    while state.view(None)["phase"] != "declare":
        state.apply(rng.choice(state.legal_actions()))
    page.goto("/")
    for _ in range(4):
        view: dict[str, Any] = state.view(state.current_player)
        page.evaluate("() => document.querySelector('#probe')?.remove()")
        page.evaluate(RENDER.replace("interactive: false", "interactive: true"), view)
        buttons = page.locator("#probe .cl-declaration [data-move]").evaluate_all("els => els.map(e => e.dataset.move)")
        assert sorted(buttons) == sorted(view["legal_moves"])
        assert not NOTATION.search(page.locator("#probe .cl-declaration").inner_text())
        if len(buttons) > 2:
            page.locator("#probe").scroll_into_view_if_needed()
            page.locator("#probe").screenshot(path=str(shot_path("coloretto-declare")))
        state.apply_str(view["legal_moves"][0])


ANIMATION = """async () => {
  for (const game of ["coloretto", "chromino"]) {
    if (document.querySelector(`link[data-board="${game}"]`)) continue;
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: `/static/css/${game}.css` });
    link.dataset.board = game;
    const loaded = new Promise((done) => { link.onload = done; });
    document.head.append(link);
    await loaded;
  }
  const card = Object.assign(document.createElement("span"), { className: "card arrive" });
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "cr-svg");
  const tile = document.createElementNS("http://www.w3.org/2000/svg", "g");
  tile.setAttribute("class", "cr-tile arrive changed");
  svg.append(tile);
  document.body.append(card, svg);
  const [c, t] = [getComputedStyle(card), getComputedStyle(tile)];
  const said = [c.animationName, t.animationName, t.outlineStyle];
  card.remove(); svg.remove();
  return said;
}"""


def test_arrivals_animate_unless_the_reader_asks_for_less_motion(page: Page) -> None:
    page.goto("/")
    assert page.evaluate(ANIMATION) == ["cl-arrive", "cr-arrive", "none"]  # a map square is no place for an outline
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(ANIMATION)[:2] == ["none", "none"]
