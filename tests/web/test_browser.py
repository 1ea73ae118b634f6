"""Sign up, create a table with bots, play by clicking, watch the replay — in a real Chromium."""

from __future__ import annotations

import json
import random
import re
import secrets
from pathlib import Path

from playwright.sync_api import Browser, Dialog, Page, Route, WebSocketRoute, expect

import kameleon
from kameleon.server.catalogue import available_games, catalogue
from tests.server.harness import ServerProcess
from tests.web.conftest import shot


def sign_up(page: Page) -> str:
    name = "web" + secrets.token_hex(3)
    page.goto("/login")
    page.fill("#signup-form input[name=username]", name)
    page.fill("#signup-form input[name=password]", "a good password")
    page.click("#signup-form button[type=submit]")
    expect(page.locator("#who")).to_contain_text(name)
    return name


def open_table(
    page: Page, game: str, players: int, *, bots: bool, private: bool = False, options: dict[str, str] | None = None
) -> None:
    """The lobby's new-table form, filled and sent; the page is then the new table's."""
    page.goto("/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    if options:
        # Options written in notation (a start position) are offered to experts only: the Notation switch,
        # turned on for the form and off again before the table page reads it.
        page.evaluate("localStorage.setItem('kameleon.notation', '1')")
        page.select_option("#game", game)  # the form again, with the experts' fields
        page.select_option("#players", str(players))
        page.evaluate("localStorage.setItem('kameleon.notation', '0')")
        page.click("#new-table details summary")
        for name, value in options.items():
            field = page.locator(f"#new-table [name={name}]")
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
    page.set_checked("#fill-bots", bots)
    page.set_checked("#private", private)
    page.click("#create")
    expect(page).to_have_url(re.compile(r"/table/[\w-]+(\?.*)?$"))


def create_table(page: Page, game: str, players: int, options: dict[str, str] | None = None) -> None:
    open_table(page, game, players, bots=True, options=options)
    page.click("#start")
    expect(page.locator("#turn")).not_to_have_text(re.compile("Waiting to start"))


def test_coloretto_sign_up_play_by_clicking_and_replay(page: Page) -> None:
    name = sign_up(page)
    shot(page, "lobby")
    create_table(page, "coloretto", 3, {"start_player": "0"})
    mine = page.locator(".turn-banner.mine")
    expect(mine).to_be_visible(timeout=30_000)
    # An illegal click is explained by the engine: we play first, so every row is empty and no card is drawn:
    # a click on a row means "take" it, which the engine refuses.
    page.click(".row[data-row='1']")
    expect(page.locator("#toast")).to_contain_text("empty")
    clicks = 0
    while clicks < 8:
        expect(mine).to_be_visible(timeout=30_000)
        before = page.locator("#log li").count()
        pile = page.locator(".pile.can")
        (pile if pile.count() else page.locator(".row.legal").first).click()
        expect(page.locator("#log li")).not_to_have_count(before)
        clicks += 1
    expect(page.locator(".collection.me")).to_contain_text(name)
    shot(page, "coloretto-table")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "coloretto-table-phone")
    page.set_viewport_size({"width": 1280, "height": 900})
    # A replay opens only once the game is over (its record tells every hidden card); until then, a way back.
    table = "/" + page.url.split("/", 3)[3]
    page.goto(table.replace("/table/", "/replay/"))
    expect(page.locator("#replay-not-over")).to_contain_text("This game is not over yet")
    expect(page.locator("#replay-slider")).to_have_count(0)
    page.locator("#replay-not-over a").click()
    expect(page.locator(".turn-banner")).to_be_visible()
    # Hand the seat to a bot so the game finishes, then watch the replay. Leaving is a forfeit: asked first.
    asked: list[str] = []

    def say_no(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", say_no)
    page.get_by_role("button", name="Leave").click()
    expect(page.get_by_role("button", name="Leave")).to_be_visible()  # said no: still seated
    assert asked == ["Leave this game? A bot plays your seat to the end, and the game counts as lost for you."]
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Leave").click()
    expect(page.locator("#final")).to_be_visible(timeout=60_000)
    shot(page, "coloretto-finished")
    page.click("#replay-link")
    expect(page.locator("#replay-step")).to_contain_text("Move")
    total = int(page.locator("#replay-slider").get_attribute("max") or "0")
    assert total > 20
    page.click("#replay-first")
    expect(page.locator("#replay-step")).to_have_text(f"Move 0 of {total}")
    for _ in range(3):
        page.click("#replay-next")
    expect(page.locator("#replay-step")).to_have_text(f"Move 3 of {total}")
    expect(page.locator("#replay-log li")).to_have_count(3)
    page.click("#replay-prev")
    expect(page.locator("#replay-step")).to_have_text(f"Move 2 of {total}")
    shot(page, "coloretto-replay")
    page.locator("h1").click()  # the keys belong to the page, not to a focused control
    for key, step in [("ArrowRight", 3), ("ArrowLeft", 2), ("End", total), ("Home", 0)]:
        page.keyboard.press(key)
        expect(page.locator("#replay-step")).to_have_text(f"Move {step} of {total}")
    for _ in range(5):  # quick presses: the last one wins, whatever order the answers come back in
        page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-step")).to_have_text(f"Move 5 of {total}")
    expect(page.locator("#replay-log li")).to_have_count(5)
    page.locator("#replay-log li").nth(1).click()  # a move of the log leads back to the position after it
    expect(page.locator("#replay-step")).to_have_text(f"Move 2 of {total}")
    expect(page.locator("#replay-log li")).to_have_count(2)
    page.keyboard.press("End")
    page.locator("#replay-log li").nth(3).focus()
    page.keyboard.press("Enter")
    expect(page.locator("#replay-step")).to_have_text(f"Move 4 of {total}")
    page.click("#replay-play")
    expect(page.locator("#replay-play")).to_have_text("Pause")
    expect(page.locator("#replay-step")).not_to_have_text(f"Move 5 of {total}")  # it plays on by itself
    page.click("#replay-first")  # a step by hand stops the playback
    expect(page.locator("#replay-play")).to_have_text("Play")
    expect(page.locator("#replay-step")).to_have_text(f"Move 0 of {total}")
    page.wait_for_timeout(1500)  # more than two steps of the playback
    expect(page.locator("#replay-step")).to_have_text(f"Move 0 of {total}")
    # The finished game is rated: the person who left, as a forfeit, not the bot that finished for them.
    page.goto("/leaderboard?game=coloretto")
    expect(page.locator("#leaderboard")).to_contain_text(name)
    shot(page, "leaderboard")
    page.locator("#leaderboard a", has_text=name).click()
    expect(page.locator("h1")).to_have_text(name)
    expect(page.get_by_role("link", name="Replay")).to_have_count(1)
    shot(page, "profile")


def test_raw_view_and_move_buttons_play_every_game(page: Page) -> None:
    """`?board=raw` swaps a game's board for the generic one; the legal-move buttons play any game."""
    sign_up(page)
    for game in available_games():
        create_table(page, game, 2)
        page.goto(page.url + "?board=raw")
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
        expect(page.locator(".generic")).to_be_visible()
        # The generic board is played through the move buttons, so they show even with the Notation switch off.
        before = page.locator("#log li").count()
        page.locator("#legal-moves button").first.click()
        expect(page.locator("#log li")).not_to_have_count(before, timeout=30_000)
        shot(page, f"{game}-raw-view")


def test_language_switch(page: Page) -> None:
    page.goto("/")
    page.select_option("#language", "it")
    expect(page.locator(".nav a").first).to_have_text("Sala")
    page.select_option("#language", "uk")
    expect(page.locator(".nav a").first).to_have_text("Лобі")
    page.select_option("#language", "fr")
    expect(page.locator("#login-link")).to_have_text("Connexion")
    page.select_option("#language", "pl")
    expect(page.locator(".nav a[href='/leaderboard']")).to_have_text("Ranking")
    page.select_option("#language", "en")
    expect(page.locator(".nav a").first).to_have_text("Lobby")


def test_an_account_speaks_its_language_on_every_browser(page: Page, browser: Browser, arena: ServerProcess) -> None:
    page.goto("/login")
    page.select_option("#language", "it")
    name = sign_up(page)  # signed up in Italian: the account keeps it
    expect(page.locator(".nav a").first).to_have_text("Sala")
    elsewhere = browser.new_context(base_url=arena.url)
    other = elsewhere.new_page()
    try:
        other.goto("/login")
        expect(other.locator(".nav a").first).to_have_text("Lobby")  # a new browser starts in its own language
        other.fill("#login-form input[name=username]", name)
        other.fill("#login-form input[name=password]", "a good password")
        other.click("#login-form button[type=submit]")
        expect(other.locator(".nav a").first).to_have_text("Sala")
        expect(other.locator("#language")).to_have_value("it")
        other.select_option("#language", "fr")  # a choice made here is the account's from now on
        expect(other.locator(".nav a[href='/leaderboard']")).to_have_text("Classement")
        page.reload()
        expect(page.locator("#language")).to_have_value("fr")
        expect(page.locator(".nav a[href='/leaderboard']")).to_have_text("Classement")
    finally:
        elsewhere.close()


def test_levels_badges_and_dates_speak_the_interface_language(page: Page) -> None:
    sign_up(page)
    page.select_option("#language", "uk")
    page.goto("/")
    expect(page.locator("#bot-level option[value=medium]")).to_have_text("середній")
    expect(page.locator("#new-table")).to_contain_text("хв +")
    open_table(page, "cameleon", 2, bots=True)
    expect(page.locator("#seats .badge")).to_have_text("бот")
    page.click("#start")
    page.goto(page.locator("#who a").first.get_attribute("href") or "")
    expect(page.locator(".badge.playing")).to_have_text("триває")


def test_a_language_picked_while_the_page_loads_stands_and_becomes_the_accounts(page: Page) -> None:
    """The account's language is applied when the page learns who is logged in; a choice made in the menu
    before that answer arrives must not be undone by it."""
    sign_up(page)  # an account in English
    held: list[Route] = []
    holding = True

    def hold(route: Route) -> None:
        if holding:
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/me", hold)
    page.goto("/")
    while not held:
        page.wait_for_timeout(20)
    page.select_option("#language", "uk")
    holding = False
    for route in held:
        route.continue_()
    expect(page.locator(".nav a").first).to_have_text("Лобі")
    page.wait_for_timeout(500)  # everything the page asked for has come back
    expect(page.locator(".nav a").first).to_have_text("Лобі")
    for _ in range(50):
        if page.request.get("/api/me").json()["user"]["language"] == "uk":
            break
        page.wait_for_timeout(100)
    assert page.request.get("/api/me").json()["user"]["language"] == "uk"


def test_invite_link_brings_a_friend_to_the_table(page: Page, browser: Browser, arena: ServerProcess) -> None:
    sign_up(page)
    open_table(page, "coloretto", 2, bots=False, private=True)
    invite = page.locator("#invite-link").input_value()
    assert "?invite=" in invite
    friend_context = browser.new_context(base_url=arena.url, viewport={"width": 390, "height": 844})
    try:
        friend = friend_context.new_page()
        friend.goto(invite)
        friend.locator("#controls a", has_text="Log in").click()
        friend.fill("#guest-form input[name=name]", "Friend")
        friend.click("#guest-form button[type=submit]")
        expect(friend).to_have_url(re.compile(r"/table/[\w-]+\?invite="))
        friend.get_by_role("button", name="Join").click()
        expect(page.locator("#seats")).to_contain_text("Friend")
        page.click("#start")
        for player in (page, friend):
            expect(player.locator("#turn")).to_contain_text(re.compile("Your turn|Turn of"))
        shot(friend, "invited-friend-phone")
    finally:
        friend_context.close()


def test_cameleon_board_moves_by_clicking_a_piece_then_its_destination(page: Page) -> None:
    sign_up(page)
    create_table(page, "cameleon", 2)
    expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
    before = page.locator("#log li").count()
    page.locator(".cm-sq.movable:has(.cm-piece)").first.click()
    targets = page.locator(".cm-sq.target")
    expect(targets.first).to_be_visible()
    shot(page, "cameleon-selected")
    targets.first.click()
    expect(page.locator("#log li")).not_to_have_count(before, timeout=30_000)
    expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
    # A piece that cannot move (the opponent's, or one of ours that is blocked) explains why nothing happens.
    page.locator(".cm-sq:not(.movable):has(.cm-piece)").first.click()
    expect(page.locator("#toast")).to_contain_text(re.compile("is your opponent's|cannot move"))  # the engine's words
    shot(page, "cameleon-board")
    expect(page.locator(".cm-info")).to_contain_text("moves without a capture")
    page.select_option("#language", "fr")  # the board speaks the interface's language too
    expect(page.locator(".cm-info")).to_contain_text("coups sans prise")
    expect(page.locator(".cm-seats")).to_contain_text(re.compile("Rond|Carré"))
    page.select_option("#language", "en")


def test_a_record_file_imports_into_a_replay_and_a_bad_file_is_named(page: Page, tmp_path: Path) -> None:
    sign_up(page)
    state = kameleon.load("coloretto", players=2).new_state(5)
    rng = random.Random(5)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    record = state.record()
    files = {
        "notes.json": "these are not moves",
        "tampered.json": json.dumps({**record, "moves": ["bogus", *record["moves"][1:]]}),
        "game.json": json.dumps(record),
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    page.goto("/")
    page.set_input_files("#import-file", str(tmp_path / "notes.json"))
    expect(page.locator("#toast")).to_have_text("notes.json is not a game record (a JSON file).")
    page.set_input_files("#import-file", str(tmp_path / "tampered.json"))
    expect(page.locator("#toast")).to_contain_text("move 1 'bogus' cannot be played")
    expect(page).to_have_url(re.compile(r"/$"))  # refused records change nothing
    page.set_input_files("#import-file", str(tmp_path / "game.json"))
    expect(page).to_have_url(re.compile(r"/replay/[\w-]+$"))
    expect(page.locator("#replay-step")).to_have_text(f"Move {len(record['moves'])} of {len(record['moves'])}")


def test_an_unknown_page_says_so_and_leads_back_to_the_lobby(page: Page) -> None:
    page.goto("/profile/nobody")
    expect(page.locator("#not-found")).to_have_text("There is no page /profile/nobody. Lobby")
    page.locator("#not-found a").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.locator("#app")).to_contain_text("kameleon arena")


UNNAMED_CONTROLS = """() => {
  const named = (el) => (el.getAttribute("aria-label") || el.labels?.[0]?.textContent || el.textContent
    || el.title || el.placeholder || "").trim();
  const unnamed = [...document.querySelectorAll("input:not([type=hidden]), select, textarea, button, a[href]")]
    .filter((el) => !named(el)).map((el) => el.outerHTML.slice(0, 120));
  const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  const astray = [...document.querySelectorAll("label[for]")].filter((l) => l.control === null
    || !l.closest("form, .panel, main")?.contains(l.control)).map((l) => l.outerHTML.slice(0, 120));
  return { unnamed, repeated, astray };
}"""


def test_every_control_has_a_name_and_every_label_its_own_field(page: Page) -> None:
    """A screen reader names each field; a label focuses the field beside it (the log-in form's labels once
    focused the sign-up form's fields, which had the same ids)."""
    clean: dict[str, list[str]] = {"unnamed": [], "repeated": [], "astray": []}
    page.goto("/login")
    expect(page.locator("#guest-form")).to_be_visible()
    assert page.evaluate(UNNAMED_CONTROLS) == clean
    page.click("#login-form label[for=login-form-password]")
    expect(page.locator("#login-form input[name=password]")).to_be_focused()
    sign_up(page)
    page.goto("/")
    expect(page.locator("#import-file")).to_be_attached()
    for game in available_games():
        page.select_option("#game", game)
        assert page.evaluate(UNNAMED_CONTROLS) == clean, game
    for game in available_games():
        create_table(page, game, 2)
        expect(page.locator(".turn-banner")).to_be_visible(timeout=30_000)
        assert page.evaluate(UNNAMED_CONTROLS) == clean, game


# The letter drawn after a card, and the letter it should be, read in one go (a board redraw between
# two reads would compare two different cards).
SHOWN = "(el) => [getComputedStyle(el, '::after').content, el.dataset.letter, el.getAttribute('aria-label')]"


def test_colour_letters_write_every_colour_and_stay_on(page: Page) -> None:
    sign_up(page)
    create_table(page, "chromino", 2)
    letters = page.locator(".cr-hand .cr-letter")
    expect(letters.first).to_be_hidden()
    page.click("#letters")
    expect(page.locator("#letters")).to_have_attribute("aria-pressed", "true")
    expect(letters.first).to_be_visible()
    tile = page.locator(".cr-hand-tile").first.get_attribute("data-tile") or ""
    shown = page.locator(".cr-hand-tile").first.locator(".cr-letter").all_text_contents()
    assert shown == [letter for letter in tile if letter != "*"]  # the notation's letters; the wild centre has none
    shot(page, "chromino-letters")
    page.reload()
    expect(page.locator(".cr-hand .cr-letter").first).to_be_visible()  # the choice is remembered

    create_table(page, "coloretto", 2)
    expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)  # the board holds still
    shown, letter, name = page.locator(".collection .card[data-letter]").first.evaluate(SHOWN)
    assert shown == f'"{letter}"' and letter == name[0].upper() + name[1]
    shot(page, "coloretto-letters")
    create_table(page, "cardcassonne", 2)
    expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
    card = page.locator(".cc-hand .cc-card[data-letter]").first
    shown, letter, name = card.evaluate(SHOWN)
    assert shown == f'"{letter}"' and name.startswith({"Y": "yellow", "R": "red", "G": "green", "B": "blue"}[letter])
    shot(page, "cardcassonne-letters")
    page.click("#letters")
    expect(page.locator("#letters")).to_have_attribute("aria-pressed", "false")
    assert card.evaluate(SHOWN)[0] == "none"
    page.select_option("#language", "fr")
    expect(page.locator("#letters")).to_have_attribute("aria-label", "Afficher les lettres des couleurs")
    page.select_option("#language", "en")


def test_the_lobby_follows_tables_opened_elsewhere(page: Page, browser: Browser, arena: ServerProcess) -> None:
    sign_up(page)
    page.goto("/")
    page.select_option("#time-profile", "custom")
    page.fill("#time-initial", "7")  # something half-typed in the new-table form
    friend_context = browser.new_context(base_url=arena.url)
    try:
        friend = friend_context.new_page()
        sign_up(friend)
        open_table(friend, "chromino", 3, bots=False)
        table = friend.url.rsplit("/", 1)[1]
    finally:
        friend_context.close()
    expect(page.locator(f'#open-tables a[href="/table/{table}"]')).to_be_visible(timeout=15_000)
    expect(page.locator("#time-initial")).to_have_value("7")  # the form was left alone
    badge = page.locator(f'#open-tables tr:has(a[href="/table/{table}"]) .badge')
    expect(badge).to_have_text("open")
    page.select_option("#language", "it")
    expect(badge).to_have_text("aperto")
    page.select_option("#language", "en")


OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


def test_a_phone_never_scrolls_sideways_even_for_a_long_name(page: Page) -> None:
    """Names are wrapped, not allowed to widen the page: 40 letters without a space once made a table 815 px
    wide on a 390 px phone, and some languages' lobby and profile pages were a few pixels too wide."""
    page.set_viewport_size({"width": 390, "height": 844})
    name = "W" * 40
    page.goto("/login")
    page.fill("#guest-form input[name=name]", name)
    page.click("#guest-form button[type=submit]")
    expect(page.locator("#who")).to_contain_text(name)
    open_table(page, "coloretto", 3, bots=True)
    table = "/" + page.url.split("/", 3)[3]
    page.click("#start")
    expect(page.locator(".turn-banner")).to_be_visible(timeout=30_000)
    profile = page.locator("#who a").first.get_attribute("href") or ""
    # Each page once what it shows has arrived: the lobby's and the profile's lists name the table.
    shown = {"/": f"a[href='{table}']", table: ".seats .name", profile: f"a[href='{table}']",
             "/leaderboard": "#board-game", "/login": "#guest-form"}  # fmt: skip
    for code in ("en", "it", "pl", "fr", "uk"):
        page.goto("/")
        page.click("#menu-button")  # on a phone the language sits in the menu
        page.select_option("#language", code)
        for path, ready in shown.items():
            page.goto(path)
            expect(page.locator(ready).first).to_be_visible()
            assert page.evaluate(OVERFLOW) <= 0, f"{path} in {code} is wider than the phone"
    page.goto(table)
    expect(page.locator(".seats .name").first).to_be_visible()
    shot(page, "long-name-phone")


def test_option_labels_speak_the_interface_language(page: Page) -> None:
    """The engines document their options in English; the lobby's form shows them translated, each still
    headed by the option's own name, which is what the terminal takes (`-o name=value`)."""
    sign_up(page)  # the new-table form is for players only
    page.select_option("#language", "it")
    page.goto("/")
    expect(page.locator(".nav a").first).to_have_text("Sala")
    page.click("#new-table details summary")
    for game in catalogue()["games"]:
        page.select_option("#game", game["name"])
        fields = page.locator("#new-table details [data-option]")
        expect(fields.first).to_be_attached()
        for name in fields.evaluate_all("els => els.map(e => e.dataset.option)"):
            option = next(o for o in game["options"] if o["name"] == name)
            label = page.locator(f"#new-table details label[for='option-{name}']").inner_text().strip()
            assert label and name not in label and "§" not in label, label
            assert label != option["doc"], f"{game['name']}.{name} is in English"


def test_the_form_offers_two_seats_and_a_table_of_one_needs_no_bot(page: Page) -> None:
    """Chromino may be played alone, but the form starts every game at two seats or more; a table of one with
    "fill empty seats with bots" ticked is made all the same (there is no seat to fill), not refused."""
    sign_up(page)
    for game in catalogue()["games"]:
        page.select_option("#game", game["name"])
        expect(page.locator("#players")).to_have_value(str(min(n for n in game["players"] if n >= 2)))
    page.select_option("#game", "chromino")
    page.select_option("#players", "1")
    expect(page.locator("#fill-bots")).to_be_checked()
    page.click("#create")
    expect(page).to_have_url(re.compile(r"/table/[\w-]+$"))
    expect(page.locator("#create-error")).to_have_count(0)


def test_a_double_click_plays_once_without_a_false_error(page: Page) -> None:
    """Both clicks land before the server's answer (its frames are held back meanwhile, as on a slow line):
    the second must not send the move again."""
    received: list[str] = []
    held: list[str | bytes] = []
    pages: list[WebSocketRoute] = []
    holding = False

    def relay(route: WebSocketRoute) -> None:
        pages.append(route)
        server = route.connect_to_server()

        def to_page(message: str | bytes) -> None:
            received.append(str(message))
            if holding:
                held.append(message)
            else:
                route.send(message)

        server.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws(\?.*)?$"), relay)
    sign_up(page)
    create_table(page, "coloretto", 2, {"start_player": "0"})
    expect(page.locator(".pile.can")).to_be_visible(timeout=30_000)
    holding = True
    page.dblclick(".pile.can")
    page.wait_for_timeout(500)  # the server has answered the first click, and would have the second
    holding = False
    for message in held:
        pages[-1].send(message)
    expect(page.locator("#log li")).to_have_count(1)
    page.wait_for_timeout(1000)  # the second click's answer, had it been sent
    errors = [frame for frame in received if '"type": "error"' in frame or '"type":"error"' in frame]
    assert errors == [], errors


def test_after_the_server_comes_back_the_chat_shows_once_and_what_was_not_sent_is_said(
    browser: Browser, tmp_path: Path
) -> None:
    """Each reconnection resends the recent chat: it replaces what the page shows instead of repeating it. A move
    or a chat line while the connection is down is said not to be sent (the line stays typed), and the move can be
    played once the table is live again."""
    server = ServerProcess(tmp_path / "chat.sqlite3").start()
    context = browser.new_context(base_url=server.url)
    try:
        page = context.new_page()
        sign_up(page)
        create_table(page, "coloretto", 2, {"start_player": "0"})
        page.goto(page.url + "?board=raw")  # the move buttons
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
        expect(page.locator(".conn")).to_have_text("● live")  # a line typed before the socket is up is not sent
        for line in ("hello", "again"):
            page.fill("#chat-input", line)
            page.press("#chat-input", "Enter")
            expect(page.locator("#chat-lines")).to_contain_text(line)
        before = page.locator("#log li").count()
        server.kill()
        expect(page.locator(".conn.down")).to_be_visible()
        page.locator("#legal-moves button").first.click()
        expect(page.locator("#toast")).to_contain_text("Not connected: nothing was sent")
        page.evaluate("document.getElementById('toast').textContent = ''")  # the chat's own toast, not the move's
        page.fill("#chat-input", "still there?")
        page.press("#chat-input", "Enter")
        expect(page.locator("#toast")).to_contain_text("Not connected: nothing was sent")
        expect(page.locator("#chat-input")).to_have_value("still there?")
        shot(page, "not-sent-while-reconnecting")
        server.start()  # the same database and port
        expect(page.locator(".conn:not(.down)")).to_be_visible(timeout=20_000)
        page.wait_for_timeout(500)  # the recent chat arrives just after the connection
        expect(page.locator("#chat-lines > div")).to_have_count(2)
        page.locator("#legal-moves button").first.click()  # the same position: the click is not taken for a repeat
        expect(page.locator("#log li")).not_to_have_count(before, timeout=30_000)
    finally:
        context.close()
        server.stop()
