"""The Cardcassonne board in a real Chromium: play by clicking a hand card then a highlighted row, decisions as
buttons, the engine's explanations for clicks that match no legal move, what each follower secures, the score
track, a spectator's view and a phone screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

import kameleon
from kameleon.games.cardcassonne.cards import CARD_BY_NAME, DOWN
from tests.server.harness import ServerProcess
from tests.web.conftest import ARTIFACTS, shot
from tests.web.test_browser import create_table, sign_up

MOVES_TO_PLAY = 9
"""More than the 7 turns a seat has in a 2-player round, so the round-end resolution is crossed."""
TURN_TIMEOUT = 30_000


def attributes(locator: Locator, name: str) -> list[str]:
    return [value for value in locator.evaluate_all(f"els => els.map(e => e.getAttribute('{name}'))") if value]


def legal_moves(page: Page) -> list[str]:
    """The seat's legal moves as the table page lists them (read only: the test never clicks these buttons)."""
    return sorted(attributes(page.locator("#legal-moves button[data-move]"), "data-move"))


def placed_card(move: str) -> str | None:
    """The hand card (or "F" for the follower) a move of the rules' notation puts into a row; None for decisions."""
    match = re.fullmatch(r"\??([A-Z]+\d?)(?:@[YRGB])?", move)
    return match.group(1) if match else None


def assert_followers_show_what_they_secure(board: Locator) -> None:
    """Each follower in a row secures as many cards as the row marks as its own (both from the view)."""
    pairs = board.evaluate(  # one call: a state frame cannot re-render the board between the reads
        """b => [...b.querySelectorAll('.cc-row')].flatMap((row) =>
               [...row.querySelectorAll('.cc-meeple[data-follower]')].map((m) => [
                 Number(m.dataset.secures),
                 row.querySelectorAll(`.cc-entry.secured.by-${m.dataset.follower}`).length,
               ]))"""
    )
    assert all(secures == marked for secures, marked in pairs), pairs


def expect_every_part(board: Locator, seats: int) -> None:
    """The four rows, and each seat's panel and marker and number on the score track."""
    expect(board.locator(".cc-row")).to_have_count(4)
    expect(board.locator(".score-track .cc-score[data-seat]")).to_have_count(seats)
    expect(board.locator(".score-track .cc-marker")).to_have_count(seats)
    expect(board.locator(".cc-player")).to_have_count(seats)


def expect_public_view_only(board: Locator) -> None:
    """Nobody's hand, no face of a face-down card, nothing to click for a move."""
    expect(board.locator(".cc-hand")).to_have_count(0)
    expect(board.locator("[data-card]")).to_have_count(0)
    expect(board.locator(".cc-card.down")).to_have_count(0)
    expect(board.locator("[data-move]")).to_have_count(0)


def test_board_plays_by_clicking_cards_and_rows(page: Page, browser: Browser, arena: ServerProcess) -> None:
    sign_up(page)
    create_table(page, "cardcassonne", 2)
    board = page.locator(".cardcassonne-board")
    mine = page.locator(".turn-banner.mine")
    expect(mine).to_be_visible(timeout=TURN_TIMEOUT)
    expect_every_part(board, 2)

    # A row clicked before any card is chosen matches no move: the board says what to do first.
    board.locator(".cc-row[data-row='Y'] .cc-head").click()
    expect(page.locator("#toast")).to_contain_text("Choose a card from your hand or your follower first")
    expect(board.locator(".cc-slot[data-move]")).to_have_count(0)

    colour_rule_explained = decision_explained = False
    kinds_played: set[str] = set()
    log = page.locator("#log li")
    for played in range(MOVES_TO_PLAY):
        expect(mine).to_be_visible(timeout=TURN_TIMEOUT)
        before = log.count()
        legal = legal_moves(page)
        decisions = board.locator(".cc-decision [data-move]")
        if decisions.count():
            assert sorted(attributes(decisions, "data-move")) == legal
            if not decision_explained:
                # The follower cannot go anywhere while the claim waits: the engine's reason, from the view.
                board.locator(".cc-hand [data-card='F']").click()
                expect(page.locator("#toast")).to_contain_text(re.compile("decide first|must first decide"))
                decision_explained = True
            decisions.first.click()
            kinds_played.add("decision")
        else:
            picks = board.locator(".cc-hand [data-card].playable")
            assert picks.count() >= 1
            pick = picks.nth(played % picks.count())
            card = pick.get_attribute("data-card") or ""
            pick.click()
            expect(pick).to_have_class(re.compile(r"\bselected\b"))
            targets = board.locator(".cc-row .cc-slot[data-move]")
            expected = sorted(move for move in legal if placed_card(move) == card)
            expect(targets).to_have_count(len(expected))
            assert sorted(attributes(targets, "data-move")) == expected
            if not colour_rule_explained and len(expected) == 1 and re.fullmatch(r"[YRGB](P\d|H|A)", expected[0]):
                # A face-up coloured card has one row: the board sends another row all the same, the engine
                # refuses it with the rule, and nothing is played; the card stays chosen.
                other = next(row for row in "YRGB" if row != card[0])
                board.locator(f".cc-row[data-row='{other}'] .cc-head").click()
                expect(page.locator("#toast")).to_contain_text(f"a face-up {card} can only go to row {card[0]}")
                assert log.count() == before
                expect(pick).to_have_class(re.compile(r"\bselected\b"))
                colour_rule_explained = True
            move = expected[played % len(expected)]
            board.locator(f".cc-slot[data-move='{move}']").click()
            kinds_played.add("follower" if card == "F" else "face down" if move.startswith("?") else "face up")
        expect(log).not_to_have_count(before, timeout=TURN_TIMEOUT)
        assert_followers_show_what_they_secure(board)
    assert {"face down", "face up"} <= kinds_played
    assert colour_rule_explained, "no face-up coloured card was played: the colour rule's explanation was not checked"

    # Our panel counts the cards our hand shows; the opponent's hand is a number only.
    counted, shown = page.evaluate(  # one call: a state frame cannot re-render the board between the two reads
        """() => [Number(document.querySelector('.cc-player.me .cc-hand-size').dataset.handSize),
                  document.querySelectorAll('.cc-hand .cc-card[data-card]').length]"""
    )
    assert counted == shown
    expect(board.locator(".cc-player:not(.me) .cc-card")).to_have_count(0)
    shot(page, "cardcassonne-board")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(board.locator(".cc-row").first).to_be_visible()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the board is {overflow}px wider than a phone screen"
    shot(page, "cardcassonne-board-phone")
    page.set_viewport_size({"width": 1280, "height": 900})

    # A spectator sees the public view only: no hand, no face of any face-down card, every seat on the track.
    watcher = browser.new_context(base_url=arena.url, viewport={"width": 390, "height": 844})
    try:
        spectator = watcher.new_page()
        spectator.goto(page.url)
        seen = spectator.locator(".cardcassonne-board")
        expect_every_part(seen, 2)
        expect_public_view_only(seen)
        seen.locator(".cc-row[data-row='G'] .cc-head").click()
        expect(spectator.locator("#toast")).to_contain_text("You are watching")
        shot(spectator, "cardcassonne-spectator-phone")
    finally:
        watcher.close()

    # Bots finish the game: the chests are opened and scored, the track's numbers are the final scores.
    page.once("dialog", lambda dialog: dialog.accept())  # leaving a game is confirmed
    page.get_by_role("button", name="Leave").click()
    expect(page.locator("#final")).to_be_visible(timeout=60_000)
    expect(board).to_have_attribute("data-phase", "over")
    expect(board.locator(".cc-chest[data-chest-points]")).to_have_count(2)
    final_scores = re.findall(r": (\d+)(?: ·|$)", page.locator("#final .small").inner_text())
    assert attributes(board.locator(".score-track .cc-score"), "data-points") == final_scores
    for seat, points in enumerate(map(int, final_scores)):
        space = (points - 1) % 100 + 1 if points else 0  # the 100-space track laps; a 100/200 tile counts the laps
        expect(board.locator(f".cc-space[data-space='{space}'] .cc-marker[data-seat='{seat}']")).to_have_count(1)
    shot(page, "cardcassonne-finished")

    # The replay shows the public view with nothing to click, from the first move on.
    page.click("#replay-link")
    replay = page.locator("#replay-board .cardcassonne-board")
    expect(replay).to_be_visible()
    page.click("#replay-first")
    expect(page.locator("#replay-step")).to_contain_text("Move 0")
    expect_every_part(replay, 2)
    expect_public_view_only(replay)


TABLES_TO_FIND_A_SETUP_JOKER = 12
"""Each shuffle shows a joker among the ten display cards with probability ~0.56; all 12 miss with ~6e-5."""


def test_dealer_puts_a_revealed_joker_into_a_highlighted_row(page: Page) -> None:
    """With seat 0 (ours) as the first dealer, a joker turned up in the display waits for our row (§3 step 5)."""
    sign_up(page)
    board = page.locator(".cardcassonne-board")
    for _ in range(TABLES_TO_FIND_A_SETUP_JOKER):
        create_table(page, "cardcassonne", 2, {"first_dealer": "0"})
        expect(board).to_be_visible(timeout=TURN_TIMEOUT)
        if board.get_attribute("data-phase") == "setup_joker":
            break
    else:
        raise AssertionError(f"no joker in the display of {TABLES_TO_FIND_A_SETUP_JOKER} shuffles")
    expect(page.locator(".turn-banner.mine")).to_be_visible()
    joker = board.locator(".cc-info .cc-card").get_attribute("title") or ""
    assert joker in ("DRG", "FAI", "WA", "WH")
    expect(board.locator(".cc-phase")).to_contain_text(joker)
    # No card has to be chosen: the four rows are the targets at once, exactly the legal moves.
    targets = board.locator(".cc-slot[data-move]")
    expect(targets).to_have_count(4)
    assert sorted(attributes(targets, "data-move")) == legal_moves(page) == ["J@B", "J@G", "J@R", "J@Y"]
    # The follower cannot go anywhere yet: the board shows the engine's reason, which the view carries.
    board.locator(".cc-hand [data-card='F']").click()
    expect(page.locator("#toast")).to_contain_text(f"the dealer must first put the revealed {joker} into a row")
    in_green = board.locator(f".cc-row[data-row='G'] .cc-card[title='{joker}']").count()
    before = page.locator("#log li").count()
    board.locator(".cc-slot[data-move='J@G']").click()
    expect(page.locator("#log li")).not_to_have_count(before, timeout=TURN_TIMEOUT)
    expect(board.locator(f".cc-row[data-row='G'] .cc-card[title='{joker}']")).to_have_count(in_green + 1)


RENDER_ROWS = """async (view) => {
  const board = await import("/static/js/boards/cardcassonne.js");
  document.querySelector("#probe")?.remove();
  if (!document.querySelector("link[href$='/cardcassonne.css']")) {  // the table page's board stylesheet
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet" });
    link.href = "/static/css/cardcassonne.css";
    document.head.append(link);
    await new Promise((done) => { link.onload = done; });
  }
  const box = document.body.appendChild(document.createElement("div"));
  box.id = "probe";
  board.render(box, view, { seat: view.you, legal: view.legal_moves, names: ["ann", "bob"], play: () => {},
    interactive: false, explain: () => {} });
  return [...box.querySelectorAll(".cc-row")].map((row) =>
    [...row.querySelectorAll(".cc-entry .cc-card")].map((card) => card.classList.contains("misplaced")));
}"""


def test_the_board_marks_the_cards_the_engine_calls_misplaced(page: Page) -> None:
    """Which card lies misplaced in its row (rules §8.5) is the view's `misplaced` flag, shown as it is."""
    state = kameleon.load("cardcassonne", players=2).new_state(3)
    yellow, red = CARD_BY_NAME["YP1.1"], CARD_BY_NAME["RH.1"]
    state.rows[1] += [yellow | 1 << 9, red | 1 << 9, CARD_BY_NAME["DRG"] | 2 << 9]  # a yellow card in the red row
    state.rows[2].append(red | DOWN | 1 << 9)  # a red card face down in the green row, seen by its placer only
    view: dict[str, Any] = state.view(0)
    flags = [[e["misplaced"] for e in row["entries"] if e["kind"] == "card"] for row in view["rows"]]
    assert flags[1][-3:] == [True, False, False] and flags[2][-1] is True
    assert state.view(1)["rows"][2]["entries"][-1]["misplaced"] is None, "a hidden face says nothing"
    page.goto("/")
    assert page.evaluate(RENDER_ROWS, view) == [[bool(f) for f in row] for row in flags]
    page.locator("#probe").screenshot(path=str(probe_shot("cardcassonne-misplaced")))
    for row in view["rows"]:  # the board follows the flag, whatever the card's colour
        for entry in row["entries"]:
            if entry["kind"] == "card" and entry["face"] is not None:
                entry["misplaced"] = not entry["misplaced"]
    assert page.evaluate(RENDER_ROWS, view) == [[not f for f in row] for row in flags]


def probe_shot(name: str) -> Path:
    """Where a picture of the probe board goes, beside the pages' pictures."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{name}.png"
