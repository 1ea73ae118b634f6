"""The Chromino board in a real Chromium: placement highlighting, playing by clicking, explanations, pan and zoom."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import kameleon
from kameleon.games.chromino.tiles import TILE_NAMES, tile_id
from tests.server.harness import ServerProcess
from tests.web.conftest import ARTIFACTS, shot
from tests.web.test_browser import create_table, open_table, sign_up

TURN_TIMEOUT = 30_000

# Screen point of the centre of square (row, col) of the layout, through the map's own transform.
CELL_POINT = """([r, c]) => {
  const p = new DOMPoint(c + 0.5, r + 0.5).matrixTransform(document.querySelector('.cr-svg').getScreenCTM());
  return [p.x, p.y];
}"""

# Whether the centre of square (row, col) shows the map itself (not outside it, nor under the zoom buttons).
ON_MAP = """([r, c]) => {
  const p = new DOMPoint(c + 0.5, r + 0.5).matrixTransform(document.querySelector('.cr-svg').getScreenCTM());
  const hit = document.elementFromPoint(p.x, p.y);
  return Boolean(hit && hit.closest('.cr-svg'));
}"""

# A visible square of the map that is neither covered nor part of any highlighted spot.
FREE_CELL = """() => {
  const svg = document.querySelector('.cr-svg');
  const taken = new Set();
  document.querySelectorAll('.cr-spot').forEach((s) => s.dataset.cells.split(' ').forEach((k) => taken.add(k)));
  document.querySelectorAll('.cr-layout [data-placed]').forEach((el) => {
    const [, o, r, c] = el.dataset.placed.match(/^\\S+ ([HV]) (-?\\d+),(-?\\d+)$/);
    for (let i = 0; i < 3; i++) taken.add(o === 'H' ? `${+r},${+c + i}` : `${+r + i},${+c}`);
  });
  const [x, y, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
  const m = svg.getScreenCTM();
  for (let r = Math.ceil(y); r < y + h - 1; r++) {
    for (let c = Math.ceil(x); c < x + w - 1; c++) {
      if (taken.has(`${r},${c}`)) continue;
      const p = new DOMPoint(c + 0.5, r + 0.5).matrixTransform(m);
      const hit = document.elementFromPoint(p.x, p.y);
      if (hit && hit.closest('.cr-svg')) return [r, c];
    }
  }
  return null;
}"""


SIZES = "els => els.map(e => e.dataset.handSize)"


def canonical(letters: str) -> str:
    """The engine's name of the tile that a reading (either direction) names: how the hand lists it."""
    return TILE_NAMES[tile_id(letters)]


def cells_of(move: str) -> list[tuple[int, int]]:
    _, orientation, anchor = move.split()
    row, col = (int(x) for x in anchor.split(","))
    return [(row, col + i) if orientation == "H" else (row + i, col) for i in range(3)]


def legal_moves(page: Page) -> list[str]:
    """The moves panel's tokens: these tests read the notation, so they turn the experts' switch on."""
    if page.locator("#notation-toggle[aria-pressed=false]").count():
        page.click("#notation-toggle")
    expect(page.locator("#legal-moves button").first).to_be_attached()
    moves: list[str] = page.locator("#legal-moves button[data-move]").evaluate_all(
        "els => els.map(e => e.dataset.move)"
    )
    assert 0 < len(moves) < 200, (
        f"the moves panel lists at most 200 moves, so it cannot be the whole list: {len(moves)}"
    )
    return moves


def log_size(page: Page) -> int:
    return page.locator("#log li").count()


def click_cell(page: Page, cell: tuple[int, int]) -> None:
    assert page.evaluate(ON_MAP, list(cell)), f"square {cell} is not visible on the map"
    x, y = page.evaluate(CELL_POINT, list(cell))
    page.mouse.click(x, y)


def visible_cell(page: Page, cells: list[tuple[int, int]]) -> tuple[int, int]:
    for cell in cells:
        if page.evaluate(ON_MAP, list(cell)):
            return cell
    raise AssertionError(f"none of {cells} is visible on the map")


def play_typed(page: Page, move: str) -> None:
    before = log_size(page)
    page.fill("#typed-move", move)
    page.press("#typed-move", "Enter")
    expect(page.locator("#log li")).not_to_have_count(before, timeout=TURN_TIMEOUT)


def my_turn_with_a_placement(page: Page) -> list[str]:
    """Wait for our turn, drawing or passing through turns where nothing fits; the legal placements then."""
    for _ in range(40):
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=TURN_TIMEOUT)
        moves = legal_moves(page)
        placements = [m for m in moves if m not in ("draw", "pass")]
        if placements:
            return placements
        before = log_size(page)
        page.click(f".chromino-board [data-move='{moves[0]}']")
        expect(page.locator("#log li")).not_to_have_count(before, timeout=TURN_TIMEOUT)
    raise AssertionError("40 turns without a single tile that fits")


def select_tile(page: Page, tile: str) -> None:
    """Pick `tile` in the hand (a tile drawn in this turn may already be picked)."""
    button = page.locator(f".cr-hand [data-tile='{tile}']")
    if "selected" not in (button.get_attribute("class") or ""):
        button.click()
    expect(button).to_have_class(re.compile(r"\bselected\b"))


def spot_moves(page: Page) -> list[list[str]]:
    found: list[list[str]] = page.locator(".cr-spot").evaluate_all("els => els.map(e => e.dataset.moves.split('|'))")
    return found


def play_by_clicking(page: Page, move: str) -> None:
    """Click a square of `move`'s footprint; if several placements cover it, pick `move` in the chooser."""
    before = log_size(page)
    click_cell(page, visible_cell(page, cells_of(move)))
    page.wait_for_function(
        "n => document.querySelectorAll('#log li').length > n || document.querySelector('.cr-chooser')", arg=before
    )
    if page.locator(".cr-chooser").count():
        pending = page.locator(".cr-pending-move")
        for _ in range(12):
            if pending.get_attribute("data-move") == move:
                break
            page.click(".cr-chooser [data-action=next]")
        expect(pending).to_have_attribute("data-move", move)
        page.click(".cr-chooser [data-action=place]")
    expect(page.locator("#log li")).not_to_have_count(before, timeout=TURN_TIMEOUT)


def view_box(page: Page) -> list[float]:
    return [float(x) for x in (page.locator(".cr-svg").get_attribute("viewBox") or "").split()]


def test_chromino_highlights_the_legal_placements_of_a_picked_tile_and_plays_one(page: Page) -> None:
    sign_up(page)
    create_table(page, "chromino", 2, {"first_player": "0"})
    expect(page.locator(".chromino-board")).to_be_visible()
    expect(page.locator(".generic")).to_have_count(0)
    placements = my_turn_with_a_placement(page)
    expect(page.locator(".cr-hand [data-tile]")).not_to_have_count(0)
    expect(page.locator(".cr-spot")).to_have_count(0)
    me = page.locator(".cr-player.me")
    expect(me).to_have_class(re.compile(r"\bturn\b"))
    hand_sizes = [int(x) for x in page.locator(".cr-player [data-hand-size]").evaluate_all(SIZES)]
    mine = int(me.locator("[data-hand-size]").get_attribute("data-hand-size") or "-1")
    assert mine == page.locator(".cr-hand [data-tile]").count() and len(hand_sizes) == 2
    bag = int(page.locator(".cr-bag").get_attribute("data-bag") or "-1")
    assert bag + sum(hand_sizes) + page.locator(".cr-layout [data-placed]").count() == 80, "every tile is somewhere"
    tile = canonical(placements[0].split()[0])
    expected = {m for m in placements if canonical(m.split()[0]) == tile}
    select_tile(page, tile)
    spots = spot_moves(page)
    assert {m for spot in spots for m in spot} == expected
    footprints = [{tuple(c) for c in cells_of(spot[0])} for spot in spots]
    assert all(cells_of(m) == cells_of(spot[0]) for spot in spots for m in spot), (
        "a spot holds readings of one footprint"
    )
    assert len({frozenset(f) for f in footprints}) == len(spots), "one spot per footprint"
    shot(page, "chromino-selected")
    layout_before = page.locator(".cr-layout [data-placed]").count()
    move = sorted(expected)[0]
    play_by_clicking(page, move)
    expect(page.locator(f".cr-layout [data-placed='{move}']")).to_have_count(1)
    assert page.locator(".cr-layout [data-placed]").count() > layout_before
    expect(page.locator(f".cr-hand [data-tile='{tile}']")).to_have_count(0)  # every tile of the box is unique
    shot(page, "chromino-board")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.locator(".cr-hand [data-tile]").first).to_be_visible()
    box = page.locator(".cr-svg").bounding_box()
    assert box is not None and box["width"] <= 390, "the map fits a phone's width"
    shot(page, "chromino-board-player-phone")


def test_chromino_explains_clicks_that_cannot_be_played(page: Page) -> None:
    sign_up(page)
    create_table(page, "chromino", 2, {"first_player": "0"})
    placements = my_turn_with_a_placement(page)
    # A tile drawn in this turn comes picked already; put it down to click with nothing picked.
    picked = page.locator(".cr-hand .selected")
    if picked.count():
        picked.click()
        expect(picked).to_have_count(0)
    free = page.evaluate(FREE_CELL)
    assert free is not None, "the fitted view shows some empty square"
    click_cell(page, tuple(free))
    expect(page.locator("#toast")).to_contain_text("Pick a tile from your hand")
    select_tile(page, canonical(placements[0].split()[0]))
    free = page.evaluate(FREE_CELL)
    click_cell(page, tuple(free))
    # The click is sent as a placement of the picked tile through that square; the engine says why it fails.
    expect(page.locator("#toast")).to_contain_text(re.compile(r"at least 2|would touch"))
    start = page.locator(".cr-layout .cr-tile.start").get_attribute("data-placed") or ""
    row, col = cells_of(start)[1]
    click_cell(page, (row, col))
    expect(page.locator("#toast")).to_contain_text("A square of this tile is already covered")
    shot(page, "chromino-explained")


# The board module itself, drawn for one seat's real view and legal moves, as the table page draws it.
RENDER_HINT = """async ([view, legal]) => {
  const board = await import('/static/js/boards/chromino.js');
  const box = document.body.appendChild(document.createElement('div'));
  const ctx = { seat: view.you, legal, names: ['A', 'B'], play: () => {}, explain: () => {}, interactive: true };
  board.render(box, view, ctx);
  const hint = box.querySelector('.cr-hint').textContent;
  box.remove();
  return hint;
}"""


def stuck_position(only: str, phase: str) -> tuple[dict[str, Any], list[str]]:
    """The first position of random two-player games where `only` is the one legal move, in `phase`."""
    game = kameleon.load("chromino", players=2)
    for seed in range(100):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        while not state.is_terminal:
            legal = [state.action_to_str(a) for a in state.legal_actions()]
            view = state.view(state.current_player)
            if legal == [only] and view["phase"] == phase and view["bag_size"] > 0:
                return view, legal
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no position with only {only!r} in phase {phase!r}")


def test_chromino_hint_says_why_a_turn_must_draw_or_pass(page: Page) -> None:
    page.goto("/")
    view, legal = stuck_position("draw", "turn")
    assert page.evaluate(RENDER_HINT, [view, legal]) == "None of your tiles fits: draw one from the bag."
    view, legal = stuck_position("pass", "after_draw")  # the drawn tile did not fit, the bag still has tiles
    assert page.evaluate(RENDER_HINT, [view, legal]) == (
        "No tile you drew fits, and you may draw no more this turn: pass."
    )
    page.select_option("#language", "fr")
    assert page.evaluate(RENDER_HINT, [view, legal]) == (
        "Aucune pièce piochée ne va, et vous ne pouvez plus piocher ce tour-ci : passez."
    )


# A click on a tile of the hand, with the board drawn as above: what the board explains.
CLICK_TILE = """async ([view, legal, tile]) => {
  const board = await import('/static/js/boards/chromino.js');
  const box = document.body.appendChild(document.createElement('div'));
  const said = [];
  const explain = (m) => said.push(m);
  board.render(box, view, { seat: view.you, legal, names: ['A', 'B'], play: () => {}, explain, interactive: true });
  box.querySelector(`.cr-hand [data-tile='${tile}']`).click();
  box.remove();
  return said;
}"""


def test_chromino_a_tile_that_cannot_go_anywhere_is_explained_by_the_engine(page: Page) -> None:
    page.goto("/")
    view, legal = stuck_position("pass", "after_draw")
    drawn, unplayable = view["drawn"], view["unplayable"]
    other = next(name for name in view["players"][view["you"]]["hand"] if name != drawn)
    assert unplayable[other] == "only_drawn" and unplayable[drawn] == "stuck"
    assert page.evaluate(CLICK_TILE, [view, legal, other]) == ["After drawing, only the drawn tile may be placed."]
    assert page.evaluate(CLICK_TILE, [view, legal, drawn]) == ["This tile fits nowhere on the layout."]
    page.select_option("#language", "it")
    assert page.evaluate(CLICK_TILE, [view, legal, other]) == ["Dopo aver pescato puoi posare solo la tessera pescata."]


def test_chromino_zoom_and_pan_survive_the_next_state_frame(page: Page) -> None:
    sign_up(page)
    create_table(page, "chromino", 2, {"first_player": "0"})
    placements = my_turn_with_a_placement(page)
    fitted = view_box(page)
    page.click(".cr-zoom [data-zoom=in]")
    zoomed = view_box(page)
    assert zoomed[2] < fitted[2] and zoomed[3] < fitted[3]
    box = page.locator(".cr-svg").bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -400)
    wheeled = view_box(page)
    assert wheeled[2] < zoomed[2]
    page.mouse.move(cx - 60, cy - 20)
    page.mouse.down()
    page.mouse.move(cx + 40, cy + 30, steps=5)
    page.mouse.up()
    panned = view_box(page)
    assert panned[2:] == wheeled[2:] and panned[0] < wheeled[0] and panned[1] < wheeled[1]
    page.evaluate("document.querySelector('.cr-svg').dataset.old = 'yes'")
    # Any move will do (the panned view may hide the spots): it brings new state frames, each a full re-render.
    play_typed(page, placements[0])
    expect(page.locator(".cr-svg[data-old]")).to_have_count(0)
    assert view_box(page) == panned
    page.click(".cr-zoom [data-zoom=fit]")
    refit = view_box(page)
    assert refit[2] >= fitted[2]
    shot(page, "chromino-zoomed")


def test_chromino_spectator_on_a_phone_sees_the_layout_and_pinches_to_zoom(
    page: Page, browser: Browser, arena: ServerProcess
) -> None:
    sign_up(page)
    create_table(page, "chromino", 2, {"first_player": "0"})
    my_turn_with_a_placement(page)
    phone = browser.new_context(
        base_url=arena.url, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        watcher = phone.new_page()
        errors: list[str] = []
        watcher.on("pageerror", lambda exc: errors.append(str(exc)))
        watcher.goto(page.url)
        expect(watcher.locator(".chromino-board")).to_be_visible()
        expect(watcher.locator(".cr-layout [data-placed]")).not_to_have_count(0)
        expect(watcher.locator(".cr-hand")).to_have_count(0)
        expect(watcher.locator(".chromino-board [data-move]")).to_have_count(0)
        before = view_box(watcher)
        box = watcher.locator(".cr-svg").bounding_box()
        assert box is not None
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = phone.new_cdp_session(watcher)

        def touch(kind: str, spread: float) -> None:
            points = [{"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if kind == "touchEnd" else points})

        touch("touchStart", 30)
        for spread in (45, 60, 80, 100):
            touch("touchMove", spread)
        touch("touchEnd", 100)
        pinched = view_box(watcher)
        assert pinched[2] < before[2] * 0.6, f"pinching out zooms in: {before} -> {pinched}"
        shot(watcher, "chromino-board-phone")
        assert errors == [], f"JavaScript errors: {errors}"
    finally:
        phone.close()


def shared_square(placements: list[str]) -> tuple[str, tuple[int, int], set[str]] | None:
    """A tile of the hand and a square that several of its legal placements cover, with those placements."""
    covering: dict[tuple[str, tuple[int, int]], set[str]] = {}
    for move in placements:
        for cell in cells_of(move):
            covering.setdefault((canonical(move.split()[0]), cell), set()).add(move)
    for (tile, cell), moves in sorted(covering.items(), key=lambda item: -len(item[1])):
        if len(moves) > 1:
            return tile, cell, moves
    return None


def test_chromino_chooser_cycles_through_the_placements_that_share_a_square(page: Page) -> None:
    sign_up(page)
    create_table(page, "chromino", 2, {"first_player": "0"})
    for _ in range(12):
        placements = my_turn_with_a_placement(page)
        shared = shared_square(placements)
        if shared and page.evaluate(ON_MAP, list(shared[1])):
            break
        play_typed(page, placements[0])
    else:
        raise AssertionError("12 turns without two placements of one tile on a common square")
    tile, cell, moves = shared
    select_tile(page, tile)
    before = log_size(page)
    click_cell(page, cell)
    chooser = page.locator(".cr-chooser")
    expect(chooser).to_be_visible()
    assert log_size(page) == before, "a square with several placements asks before playing"
    pending = page.locator(".cr-pending-move")
    seen = set()
    for _ in moves:
        seen.add(pending.get_attribute("data-move"))
        page.click(".cr-chooser [data-action=next]")
    assert seen == moves
    expect(page.locator(".cr-pending")).to_have_count(1)
    shot(page, "chromino-chooser")
    page.click(".cr-chooser [data-action=cancel]")
    expect(chooser).to_have_count(0)
    expect(page.locator(".cr-pending")).to_have_count(0)
    click_cell(page, cell)
    page.click(".cr-chooser [data-action=next]")
    chosen = pending.get_attribute("data-move")
    page.click(".cr-chooser [data-action=place]")
    expect(page.locator("#log li")).not_to_have_count(before, timeout=TURN_TIMEOUT)
    expect(page.locator(f".cr-layout [data-placed='{chosen}']")).to_have_count(1)


def test_chromino_replay_shows_the_layout_of_each_step(page: Page) -> None:
    sign_up(page)
    create_table(page, "chromino", 2, {"first_player": "0"})
    expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=TURN_TIMEOUT)
    page.once("dialog", lambda dialog: dialog.accept())  # leaving a game is confirmed
    page.get_by_role("button", name="Leave").click()  # a bot takes the seat and the bots finish the game
    expect(page.locator("#final")).to_be_visible(timeout=120_000)
    page.click("#replay-link")
    expect(page.locator("#replay-board .chromino-board")).to_be_visible()
    expect(page.locator("#replay-board .cr-hand")).to_have_count(0)
    page.click("#replay-first")
    expect(page.locator("#replay-board .cr-layout [data-placed]")).to_have_count(1)  # the start chameleon alone
    page.click("#replay-next")
    first = page.locator("#replay-log li").first.text_content() or ""
    placed = 1 if first in ("draw", "pass") else 2
    expect(page.locator("#replay-board .cr-layout [data-placed]")).to_have_count(placed)
    page.click("#replay-last")
    expect(page.locator("#replay-board .cr-layout [data-placed]")).not_to_have_count(placed)
    shot(page, "chromino-replay")


# The board drawn for a view, with one tile of the hand picked: the spots it draws, as (moves, squares).
SPOTS_OF_VIEW = """async ([view, legal, tile]) => {
  const board = await import('/static/js/boards/chromino.js');
  document.querySelector('#probe')?.remove();
  if (!document.querySelector("link[href$='/chromino.css']")) {  // the table page's board stylesheet
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: "/static/css/chromino.css" });
    document.head.append(link);
    await new Promise((done) => { link.onload = done; });
  }
  const box = document.body.appendChild(document.createElement('div'));
  box.id = 'probe';
  const ctx = { seat: view.you, legal, names: ['A', 'B'], play: () => {}, explain: () => {}, interactive: true };
  const draw = () => { box.replaceChildren(); board.render(box, view, ctx); };
  box.addEventListener('board-redraw', draw);
  draw();
  const pick = box.querySelector(`.cr-hand [data-tile='${tile}']`);
  if (!pick.classList.contains('selected')) pick.click();  // the picked tile outlives a re-render
  return [...box.querySelectorAll('.cr-spot')].map((s) => [s.dataset.moves.split('|').sort(), s.dataset.cells]);
}"""


def test_chromino_spots_are_the_views_placements(page: Page) -> None:
    """The board groups the view's placements by their tile and squares; it reads no notation and names no tile."""
    game = kameleon.load("chromino", players=2)
    state, rng = game.new_state(seed=5), random.Random(5)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    while not [a for a in state.legal_actions() if state.action_to_str(a) not in ("draw", "pass")]:
        state.apply(state.legal_actions()[0])
    view: dict[str, Any] = state.view(state.current_player)
    legal = [state.action_to_str(a) for a in state.legal_actions()]
    tile = view["placements"][0]["tile"]

    def expected(placements: list[dict[str, Any]]) -> list[tuple[list[str], str]]:
        spots: dict[str, list[str]] = {}
        for p in placements:
            if p["tile"] == tile:
                spots.setdefault(" ".join(f"{r},{c}" for r, c in p["cells"]), []).append(p["move"])
        return sorted((sorted(moves), cells) for cells, moves in spots.items())

    page.goto("/")
    shown = page.evaluate(SPOTS_OF_VIEW, [view, legal, tile])
    assert sorted((moves, cells) for moves, cells in shown) == expected(view["placements"])
    page.locator("#probe").screenshot(path=str(probe_shot("chromino-view-spots")))
    # Another set of placements in the view (new labels, squares two rows down): the board follows the view.
    for i, p in enumerate(view["placements"]):
        p["move"] = f"option {i}"
        p["cells"] = [[r + 2, c] for r, c in p["cells"]]
    shown = page.evaluate(SPOTS_OF_VIEW, [view, legal, tile])
    assert sorted((moves, cells) for moves, cells in shown) == expected(view["placements"])


def probe_shot(name: str) -> Path:
    """Where a picture of the probe board goes, beside the pages' pictures."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{name}.png"


# The board module's sentences and breakdown words for log entries, in one interface language.
WORDS = """async ([language, entries, breakdown]) => {
  const i18n = await import("/static/js/i18n.js");
  const board = await import("/static/js/boards/chromino.js");
  const before = i18n.language();
  i18n.setLanguage(language);
  const ctx = { names: ["Ann", "Bruno", "Cy"] };
  const said = { sentences: entries.map((e) => board.sentence(e, ctx)), parts: board.breakdownParts(breakdown),
    reason: board.endReason("went_out") };
  i18n.setLanguage(before);
  return said;
}"""

PLACE: dict[str, Any] = {"seat": 1, "move": "RYG H 0,1", "event": {"kind": "place", "tile": "RYG", "colours": "GYR",
         "cells": [[0, 1], [0, 2], [0, 3]], "orientation": "H", "row": 0, "col": 1, "after_draw": False, "points": 7,
         "out": False, "extra_draw": False, "extra_tile": None, "game_over": False}}  # fmt: skip
SENTENCES = {
    "en": ("Bruno laid a tile (green, yellow, red) · +7 points", "Placement points"),
    "it": ("Bruno ha posato una tessera (verde, giallo, rosso) · +7 punti", "Punti delle pose"),
    "pl": ("Bruno kładzie płytkę (zielony, żółty, czerwony) · +7 pkt", "Punkty za ułożenia"),
    "fr": ("Bruno a posé un chromino (vert, jaune, rouge) · +7 points", "Points de pose"),
    "uk": ("Bruno кладе Хроміно (зелений, жовтий, червоний) · +7 очк.", "Очки за викладання"),
}
EXTRA_EVENT = {**PLACE["event"], "points": None, "extra_draw": True, "extra_tile": "RRR"}
EXTRA: dict[str, Any] = {"seat": 0, "move": "YYY H -1,-2", "event": EXTRA_EVENT}
RED = {"en": "red", "it": "rosso", "pl": "czerwony", "fr": "rouge", "uk": "червоний"}
TOKEN = re.compile(r"\b[RYGBP][RYGBP*][RYGBP]\b|\b[HV] -?\d+,-?\d+|^(draw|pass)$", re.MULTILINE)


def finished_game_log() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The events of a whole three-player Expert game as seat 0 sees them, and its breakdown."""
    state = kameleon.load("chromino", players=3, scoring="expert", chameleon_last_draw="immediate").new_state(7)
    rng = random.Random(7)
    entries = []
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        before = state.clone()
        seat = state.current_player
        state.apply(action)
        event = before.event_seen_by(action, state, 0)
        entries.append({"seat": seat, "move": before.token_seen_by(action, 0), "event": event})
    return entries, state.score_breakdown()


@pytest.mark.parametrize("language", list(SENTENCES))
def test_every_move_reads_as_a_sentence_with_the_players_name(page: Page, language: str) -> None:
    entries, breakdown = finished_game_log()
    page.goto("/")
    unseen = {**EXTRA, "event": {**EXTRA["event"], "extra_tile": None}}
    said = page.evaluate(WORDS, [language, [PLACE, EXTRA, unseen, *entries], breakdown[0]])
    expected, label = SENTENCES[language]
    assert said["sentences"][0] == expected
    red = RED[language]
    assert f"({red}, {red}, {red})" in said["sentences"][1].split(" · ")[1], said["sentences"][1]
    assert "(" not in said["sentences"][2].split(" · ")[1], said["sentences"][2]
    for entry, text in zip(entries, said["sentences"][3:], strict=True):
        assert text and ["Ann", "Bruno", "Cy"][entry["seat"]] in text, (entry, text)
        assert not TOKEN.search(text) and "{" not in text, text
    assert said["parts"][0] == [label, str(breakdown[0]["placement_points"])]
    assert said["reason"] and "chromino_" not in said["reason"]


def board_text(page: Page) -> str:
    return page.locator("#board").inner_text()


def test_a_whole_game_by_clicking_with_the_notation_hidden(page: Page) -> None:
    """Two players, against a bot, Expert scoring: tiles picked in the hand and laid by clicking the map, draw and
    pass by their buttons; the log tells the bot's moves in words with its name; the tiles laid since our last
    move are marked; the end screen shows places and the breakdown."""
    sign_up(page)
    create_table(page, "chromino", 2, {"first_player": "0", "scoring": "1"})  # choice 1: Expert points
    bot = page.locator(".seats .name").nth(1).inner_text().strip()
    final = page.locator("#final")
    shots, refused = 0, False
    for _ in range(150):
        page.wait_for_function(
            "() => document.querySelector('#final') || document.querySelector('.turn-banner.mine')",
            timeout=TURN_TIMEOUT,
        )
        if final.count():
            break
        expect(page.locator("#legal-moves")).to_be_hidden()
        assert not TOKEN.search(board_text(page)), board_text(page)
        before = log_size(page)
        latest = page.locator("#log li").last
        if shots == 0 and before >= 4 and latest.get_attribute("data-seat") != "0" and " laid " in latest.inner_text():
            # the bot laid a tile since our last move (it may as well have drawn and passed): its move in words,
            # and the tile it laid marked on the map
            expect(latest).to_contain_text(f"{bot} laid")
            expect(page.locator(".cr-layout .cr-tile.changed").first).to_be_attached()
            page.wait_for_timeout(700)  # the arrival animation is over: the picture shows where things stay
            shot(page, "chromino-game-desktop")
            page.set_viewport_size({"width": 390, "height": 844})
            assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
            header = page.locator(".topbar").bounding_box()
            board = page.locator(".cr-map").bounding_box()
            assert header and board and page.locator(".cr-hand").is_visible()
            shot(page, "chromino-game-phone")
            page.set_viewport_size({"width": 1280, "height": 900})
            shots += 1
        playable = page.locator(".cr-hand-tile.playable")
        if playable.count() and not refused:
            page.click(".cr-actions [data-move=draw]")  # a tile fits: the engine refuses the draw, in words
            expect(page.locator("#toast")).to_contain_text("One of your tiles fits, so you must place a tile.")
            refused = True
        if playable.count():
            select_tile(page, playable.first.get_attribute("data-tile") or "")
            play_by_clicking(page, spot_moves(page)[0][0])
        else:
            page.locator(".cr-actions button[data-legal=true]").first.click()
            expect(page.locator("#log li")).not_to_have_count(before, timeout=TURN_TIMEOUT)
    assert shots, "the bot never laid a tile just before our turn"
    expect(final).to_be_visible(timeout=TURN_TIMEOUT)
    expect(final).to_contain_text("Placement points")
    page.wait_for_timeout(700)
    shot(page, "chromino-end-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    shot(page, "chromino-end-phone")


ILLEGAL = {  # a covered square clicked, or (no tile fits this deal) a pass with tiles in the bag
    "it": ("è già occupato", "Il sacchetto non è vuoto"),
    "pl": ("jest już zajęte", "Worek nie jest pusty"),
    "fr": ("est déjà couvert", "Le sac n'est pas vide"),
    "uk": ("вже зайнята", "Мішечок не порожній"),
}


def test_an_illegal_click_is_explained_in_the_interface_language(page: Page) -> None:
    """One table, read in each language in turn: the engine's explanation of a refused click follows it."""
    sign_up(page)
    open_table(page, "chromino", 2, bots=True, options={"first_player": "0"})
    page.click("#start")
    for language, (covered, bag) in ILLEGAL.items():
        page.select_option("#language", language)
        page.reload()
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=TURN_TIMEOUT)
        playable = page.locator(".cr-hand-tile.playable")
        if playable.count():
            select_tile(page, playable.first.get_attribute("data-tile") or "")
            start = page.locator(".cr-layout .cr-tile.start").get_attribute("data-placed") or ""
            click_cell(page, cells_of(start)[1])  # a covered square: the engine says so, in the interface language
            expect(page.locator("#toast")).to_contain_text(covered)
        else:
            page.click(".cr-actions [data-move=pass]")
            expect(page.locator("#toast")).to_contain_text(bag)
    shot(page, "chromino-explained-uk")
