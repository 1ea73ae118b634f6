"""The Cardcassonne board in a real Chromium: play by clicking a hand card then a highlighted row, decisions as
buttons, the engine's explanations for clicks that match no legal move, what each follower secures, the score
track, a spectator's view and a phone screen."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

import kameleon
from kameleon.games.cardcassonne.cards import CARD_BY_NAME, DOWN
from kameleon.games.cardcassonne.phases import PLAY
from tests.server.harness import ServerProcess
from tests.web.conftest import ARTIFACTS, shot
from tests.web.test_browser import sign_up

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


NOTATION = re.compile(r"\b[YRGB](?:P[123]|H|A)\b|\b(?:DRG|FAI|WA|WH)\b|@|\?[A-Z]")
"""Move tokens and card codes of the rules' notation: none may show while the notation is hidden."""


def open_cardcassonne(page: Page, players: int = 2, options: dict[str, str] | None = None) -> None:
    """A new table with random bots (quick to move), started; seat 0 is ours."""
    page.goto("/")
    page.select_option("#game", "cardcassonne")
    page.select_option("#players", str(players))
    page.select_option("#bot-level", "random")
    if options:
        page.click("#new-table details summary")
        for name, value in options.items():
            field = page.locator(f"#new-table [name={name}]")
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
    page.set_checked("#fill-bots", True)
    page.click("#create")
    expect(page).to_have_url(re.compile(r"/table/[\w-]+(\?.*)?$"))
    page.click("#start")


def no_overlap(page: Page, selector: str, fits: bool = True) -> None:
    """No two of the elements `selector` finds overlap on the screen, and (with `fits`) nothing of the board sticks
    out of it."""
    boxes = page.locator(selector).evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())")
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = a["right"] <= b["left"] + 1 or b["right"] <= a["left"] + 1
            apart = apart or a["bottom"] <= b["top"] + 1 or b["bottom"] <= a["top"] + 1
            assert apart, (selector, a, b)
    if not fits:
        return
    wide = page.evaluate(
        """() => [...document.querySelectorAll('#board *')]
                 .filter((e) => e.getBoundingClientRect().right > innerWidth + 1)
                 .slice(0, 3).map((e) => e.tagName + '.' + e.className)"""
    )
    assert not wide, f"sticking out of a {page.viewport_size} screen: {wide}"


def visible_text(page: Page) -> str:
    """The board's and the log's text, and every title and label a pointer or a screen reader shows."""
    return page.evaluate(
        """() => [document.querySelector('#board')?.innerText || '', document.querySelector('#log')?.innerText || '',
                  ...[...document.querySelectorAll('#board [title], #board [aria-label]')].flatMap((e) =>
                    [e.getAttribute('title') || '', e.getAttribute('aria-label') || ''])].join('\\n')"""
    )


SEATS = 4


def test_a_whole_game_by_clicking_with_the_notation_hidden(page: Page, browser: Browser, arena: ServerProcess) -> None:
    """Four players, three of them bots: every move is a click on a hand card then a highlighted row, or a decision
    button; no notation shows; the log tells the bot's moves in words with its name; an illegal click is
    explained by the engine; what changed is marked; a spectator sees the public view; the end screen shows
    places and the breakdown; the replay shows face-down cards face up."""
    sign_up(page)
    open_cardcassonne(page, SEATS)  # four seats: the fewest turns of ours in a whole game (36)
    board = page.locator(".cardcassonne-board")
    mine = page.locator(".turn-banner.mine")
    expect(mine).to_be_visible(timeout=TURN_TIMEOUT)
    expect_every_part(board, SEATS)
    expect(board.locator(".cc-round")).not_to_contain_text("Round 0")
    bot = page.locator(".seats .name").nth(1).inner_text().strip().rstrip(" ★")

    # A row clicked before any card is chosen matches no move: the board says what to do first.
    board.locator(".cc-row[data-row='Y'] .cc-head").click()
    expect(page.locator("#toast")).to_contain_text("Choose a card from your hand or your follower first")

    final = page.locator("#final")
    log = page.locator("#log li")
    explained = looked = False
    kinds: set[str] = set()
    for turn in range(400):
        page.wait_for_function(
            "() => document.querySelector('#final') || document.querySelector('.turn-banner.mine')",
            timeout=TURN_TIMEOUT,
        )
        if final.count():
            break
        assert page.locator("#legal-moves:visible").count() == 0, "the notation panel shows"
        text = visible_text(page)
        assert not NOTATION.search(text), NOTATION.search(text)
        before = log.count()
        decisions = board.locator(".cc-decision button[data-choice]")
        slots = board.locator(".cc-slot[data-move]")
        if decisions.count():
            expect(board.locator(".cc-question")).to_contain_text(
                re.compile("keep the card or take 10 points|wild animal")
            )
            decisions.nth(turn % decisions.count()).click()
            kinds.add("decision")
        elif slots.count():  # the dealer's revealed joker: the rows are the targets at once
            slots.first.click()
            kinds.add("joker")
        else:
            picks = board.locator(".cc-hand [data-card].playable")
            pick = picks.nth(turn % picks.count())
            card = pick.get_attribute("data-card") or ""
            pick.click()
            expect(pick).to_have_class(re.compile(r"\bselected\b"))
            targets = board.locator(".cc-row .cc-slot[data-move]")
            expect(targets.first).to_be_visible()
            if not explained and targets.count() == 1 and re.fullmatch(r"[YRGB](P\d|H|A)", card):
                # A face-up coloured card has one row: another row is sent all the same, the engine refuses it
                # with the rule in words, nothing is played and the card stays chosen.
                other = next(row for row in "YRGB" if row != card[0])
                board.locator(f".cc-row[data-row='{other}'] .cc-head").click()
                expect(page.locator("#toast")).to_contain_text("can only go to the")
                expect(page.locator("#toast")).not_to_contain_text(card)
                assert log.count() == before
                expect(pick).to_have_class(re.compile(r"\bselected\b"))
                explained = True
            targets.nth(turn % targets.count()).click()
            kinds.add("follower" if card == "F" else "card")
        page.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=before, timeout=TURN_TIMEOUT)
        assert_followers_show_what_they_secure(board)
        if not looked and log.count() > 6 and page.locator(".turn-banner.mine").count():
            expect(page.locator("#log")).to_contain_text(re.compile(f"{re.escape(bot)} (played|placed|put)"))
            expect(board.locator(".changed").first).to_be_visible()
            page.wait_for_timeout(600)  # the arrivals' animation is over: the picture shows where things landed
            shot(page, "cardcassonne-game-desktop")
            page.set_viewport_size({"width": 390, "height": 844})
            no_overlap(page, "#board .cc-row, #board .cc-hand, #board .cc-player, #board .score-track")
            shot(page, "cardcassonne-game-phone")
            page.set_viewport_size({"width": 1280, "height": 900})
            looked = True
            # A spectator sees the public view only: no hand, no face of any face-down card.
            watcher = browser.new_context(base_url=arena.url, viewport={"width": 390, "height": 844})
            try:
                spectator = watcher.new_page()
                spectator.goto(page.url)
                seen = spectator.locator(".cardcassonne-board")
                expect_every_part(seen, SEATS)
                expect_public_view_only(seen)
                seen.locator(".cc-row[data-row='G'] .cc-head").click()
                expect(spectator.locator("#toast")).to_contain_text("You are watching")
                shot(spectator, "cardcassonne-spectator-phone")
            finally:
                watcher.close()
    expect(final).to_be_visible(timeout=TURN_TIMEOUT)
    assert {"card", "follower"} <= kinds and looked
    assert explained, "no face-up coloured card was played: the colour rule's explanation was not checked"
    expect(board).to_have_attribute("data-phase", "over")
    expect(board.locator(".cc-chest[data-chest-points]")).to_have_count(SEATS)
    expect(final).to_contain_text("People")
    expect(final).to_contain_text("Buildings (chest)")
    expect(page.locator("#log")).to_contain_text("chest")
    assert not NOTATION.search(visible_text(page))
    shot(page, "cardcassonne-end-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "cardcassonne-end-phone")
    # The results table (the table page's, not the board's) may still widen the page on a phone.
    no_overlap(page, "#final, #board", fits=False)
    no_overlap(page, "#board .cc-player, #board .score-track, #board .cc-rows", fits=False)
    page.set_viewport_size({"width": 1280, "height": 900})

    # The replay of the finished game shows every face-down card face up (and marked as laid face down).
    page.click("#replay-link")
    replay = page.locator("#replay-board .cardcassonne-board")
    expect(replay).to_be_visible()
    page.click("#replay-first")
    expect(page.locator("#replay-step")).to_contain_text("Move 0")
    expect_every_part(replay, SEATS)
    for _ in range(12):
        page.click("#replay-next")
        expect(replay.locator(".cc-card.back")).to_have_count(0)
        if replay.locator(".cc-card.down").count():
            break
    expect(replay.locator(".cc-card.down").first).to_be_visible()
    expect(replay.locator(".cc-card.back")).to_have_count(0)
    shot(page, "cardcassonne-replay")


FOLLOWER_AGAIN = {
    "it": ("Hai già piazzato il tuo seguace in questo turno.", "Seguace"),
    "pl": ("W tej rundzie twój podwładny już stoi w rzędzie.", "Podwładny"),
    "fr": ("Vous avez déjà posé votre partisan cette manche.", "Partisan"),
    "uk": ("Ви вже виставили свого підданого в цьому раунді.", "Підданий"),
}


def test_an_illegal_click_is_explained_in_the_interface_language(page: Page) -> None:
    """The follower clicked once it stands in a row: the engine's reason, translated by the server, in each
    interface language the menu switches to (one table, so that the languages cost one game)."""
    page.goto("/")
    page.select_option("#language", "it")
    sign_up(page)
    open_cardcassonne(page)
    board = page.locator(".cardcassonne-board")
    expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=TURN_TIMEOUT)
    board.locator(".cc-hand [data-card='F']").click()
    board.locator(".cc-slot[data-move]").first.click()
    expect(board.locator(".cc-player.me .cc-meeple.used")).to_have_count(1, timeout=TURN_TIMEOUT)
    for language, (said, follower) in FOLLOWER_AGAIN.items():
        page.select_option("#language", language)
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=TURN_TIMEOUT)
        expect(board.locator(".cc-hand [data-card='F']")).to_contain_text(follower)
        board.locator(".cc-hand [data-card='F']").click()
        expect(page.locator("#toast")).to_contain_text(said)
        assert not NOTATION.search(visible_text(page))
        if language == "uk":
            shot(page, "cardcassonne-explained-uk")


WORDS = """async ([language, entries, breakdown]) => {
  const i18n = await import("/static/js/i18n.js");
  const board = await import("/static/js/boards/cardcassonne.js");
  const before = i18n.language();
  i18n.setLanguage(language);
  const ctx = { names: ["Ann", "Bruno", "Cy"] };
  const said = { sentences: entries.map((e) => board.sentence(e, ctx)), parts: board.breakdownParts(breakdown),
    label: board.breakdownLabel("people") };
  i18n.setLanguage(before);
  return said;
}"""

PEOPLE = {"en": "People", "it": "Persone", "pl": "Ludzie", "fr": "Personnes", "uk": "Люди"}
HIDDEN_CARD = {
    "en": "Bruno played a card face down into the green row",
    "it": "Bruno ha giocato una carta coperta nella fila verde",
    "pl": "Bruno zagrywa zakrytą kartę do zielonego rzędu",
    "fr": "Bruno a joué une carte face cachée dans la rangée verte",
    "uk": "Bruno кладе закриту карту в кінець зеленого ряду",
}


def whole_game_log(seat: int | None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The log entries of a whole three-player game as `seat` reads them while it runs, and its breakdown."""
    state = kameleon.load("cardcassonne", players=3).new_state(5)
    rng = random.Random(5)
    entries = []
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        before = state.clone()
        mover = state.current_player
        state.apply(action)
        entries.append({"seat": mover, "move": "", "event": before.event_seen_by(action, state, seat)})
    return entries, state.score_breakdown()


@pytest.mark.parametrize("language", list(PEOPLE))
def test_every_move_reads_as_a_sentence_with_the_players_name(page: Page, language: str) -> None:
    """Each event of a whole game is a sentence in the interface language naming the mover, with no notation
    and no card code; a hidden card is told as one; the breakdown's parts are named in that language."""
    entries, breakdown = whole_game_log(0)
    quiet: dict[str, Any] = {"claims": [], "revealed": [], "new_round": None, "chests": [], "game_over": False}
    quiet["round_over"] = False
    hidden = {"seat": 1, "move": "?@G", "event": {"kind": "card", "row": "G", "face": None, "face_down": True, **quiet}}
    page.goto("/")
    said = page.evaluate(WORDS, [language, [hidden, *entries], breakdown[0]])
    assert said["sentences"][0] == HIDDEN_CARD[language]
    english = page.evaluate(WORDS, ["en", entries, breakdown[0]])["sentences"] if language != "en" else None
    for i, (entry, text) in enumerate(zip(entries, said["sentences"][1:], strict=True)):
        assert text and ["Ann", "Bruno", "Cy"][entry["seat"]] in text, (entry, text)
        assert not NOTATION.search(text), text
        assert "{" not in text and "undefined" not in text and "null" not in text, text
        if english is not None:
            assert text != english[i], text
    assert said["label"] == PEOPLE[language] and said["parts"][0] == [PEOPLE[language], str(breakdown[0]["people"])]


TABLES_TO_FIND_A_SETUP_JOKER = 12
"""Each shuffle shows a joker among the ten display cards with probability ~0.56; all 12 miss with ~6e-5."""


def test_dealer_puts_a_revealed_joker_into_a_highlighted_row(page: Page) -> None:
    """With seat 0 (ours) as the first dealer, a joker turned up in the display waits for our row (§3 step 5)."""
    sign_up(page)
    board = page.locator(".cardcassonne-board")
    for _ in range(TABLES_TO_FIND_A_SETUP_JOKER):
        open_cardcassonne(page, 2, {"first_dealer": "0"})
        expect(board).to_be_visible(timeout=TURN_TIMEOUT)
        if board.get_attribute("data-phase") == "setup_joker":
            break
    else:
        raise AssertionError(f"no joker in the display of {TABLES_TO_FIND_A_SETUP_JOKER} shuffles")
    expect(page.locator(".turn-banner.mine")).to_be_visible()
    joker = board.locator(".cc-info .cc-card").get_attribute("data-face") or ""
    assert joker in ("DRG", "FAI", "WA", "WH")
    words = {"DRG": "dragon", "FAI": "fairy", "WA": "wild animal", "WH": "wild building"}[joker]
    expect(board.locator(".cc-phase")).to_contain_text(words)
    # No card has to be chosen: the four rows are the targets at once, exactly the legal moves.
    targets = board.locator(".cc-slot[data-move]")
    expect(targets).to_have_count(4)
    # The follower cannot go anywhere yet: the engine's reason, in words.
    board.locator(".cc-hand [data-card='F']").click()
    expect(page.locator("#toast")).to_contain_text(
        f"The dealer must first put the revealed {words} at the end of a row"
    )
    in_green = board.locator(f".cc-row[data-row='G'] .cc-card[data-face='{joker}']").count()
    before = page.locator("#log li").count()
    board.locator(".cc-row[data-row='G'] .cc-slot[data-move]").click()
    expect(page.locator("#log li")).not_to_have_count(before, timeout=TURN_TIMEOUT)
    expect(board.locator(f".cc-row[data-row='G'] .cc-card[data-face='{joker}']")).to_have_count(in_green + 1)


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


RENDER_RECENT = """async ([view, recent]) => {
  const board = await import("/static/js/boards/cardcassonne.js");
  document.querySelector("#probe")?.remove();
  if (!document.querySelector("link[href$='/cardcassonne.css']")) {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet" });
    link.href = "/static/css/cardcassonne.css";
    document.head.append(link);
    await new Promise((done) => { link.onload = done; });
  }
  const box = document.body.appendChild(document.createElement("div"));
  box.id = "probe";
  board.render(box, view, { seat: view.you, legal: view.legal_moves, names: ["ann", "bob"], play: () => {},
    interactive: false, explain: () => {}, recent });
  const last = [...box.querySelectorAll(".cc-row[data-row='G'] .cc-entry")].pop();
  return [last.className, getComputedStyle(last).animationName,
          box.querySelectorAll(".changed").length, box.querySelector(".cc-round").textContent];
}"""


def test_what_recent_moves_changed_is_marked_and_arrives_unless_motion_is_reduced(page: Page) -> None:
    state = kameleon.load("cardcassonne", players=2).new_state(3)
    while state.phase != PLAY:
        state.apply(state.legal_actions()[0])
    before = state.clone()
    action = state.parse_action("?" + state.view(0)["players"][0]["hand"][0] + "@G")
    state.apply(action)
    recent = [{"seat": 0, "move": "", "event": before.event_seen_by(action, state, 1)}]
    view = state.view(1)
    page.goto("/")
    classes, animation, changed, round_text = page.evaluate(RENDER_RECENT, [view, recent])
    assert "changed" in classes.split() and "arrive" in classes.split() and changed == 1
    assert animation == "cc-arrive" and round_text == "Round 1 of 10"
    page.emulate_media(reduced_motion="reduce")
    view["moves_played"] += 1  # a new position: the board animates its arrivals again, if motion is allowed
    classes, animation, _, _ = page.evaluate(RENDER_RECENT, [view, recent])
    assert "arrive" in classes.split() and animation == "none"
    setup = kameleon.load("cardcassonne", players=2).new_state(0).view(None)
    setup["round"] = 0
    assert "Round 0" not in page.evaluate(RENDER_RECENT, [setup, []])[3]
