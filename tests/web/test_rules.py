"""The rules page in a real Chromium: languages, table of contents, game tabs, links from the lobby and a table."""

from __future__ import annotations

import re

from playwright.sync_api import Page, Route, expect

from kameleon.server.catalogue import available_games
from tests.server.harness import ServerProcess
from tests.server.test_rules_files import LANGUAGES, RULES, parse
from tests.web.conftest import shot


def headings(game: str, code: str) -> list[str]:
    return [heading for _, heading in parse(RULES / f"{game}.{code}.html").sections]


def section_ids(game: str, code: str) -> list[str]:
    return [section_id or "" for section_id, _ in parse(RULES / f"{game}.{code}.html").sections]


def expect_summary(page: Page, game: str, code: str) -> None:
    """The page shows the fragment of `game` in `code`: its headings, in order, and nothing else."""
    expect(page.locator("#rules")).to_have_attribute("lang", code)
    expect(page.locator("#rules h2")).to_have_text(headings(game, code))


def test_rules_follow_the_language_and_list_their_sections(page: Page) -> None:
    page.goto("/rules/coloretto")
    page.select_option("#language", "en")
    expect_summary(page, "coloretto", "en")
    for code in [code for code in LANGUAGES if code != "en"]:
        page.select_option("#language", code)
        expect(page.locator("#rules h2").first).to_have_text(headings("coloretto", code)[0])
        expect_summary(page, "coloretto", code)
        expect(page.locator("#rules-fallback")).to_have_count(0)
        assert page.evaluate("document.documentElement.lang") == code
    # The table of contents links to every section, with the section's own title.
    ids = section_ids("coloretto", "uk")
    toc = page.locator("#rules-toc a")
    expect(toc).to_have_count(len(ids))
    assert [link.get_attribute("href") for link in toc.all()] == [f"#{section_id}" for section_id in ids]
    expect(toc).to_have_text(headings("coloretto", "uk"))
    assert page.evaluate("[...document.querySelectorAll('#rules h2')].map((h) => h.id)") == ids
    page.set_viewport_size({"width": 1280, "height": 500})
    last = page.locator(f"#rules h2#{ids[-1]}")
    expect(last).not_to_be_in_viewport()
    toc.last.click()
    expect(last).to_be_in_viewport()
    expect(page).to_have_url(re.compile(rf"/rules/coloretto#{ids[-1]}$"))
    expect_summary(page, "coloretto", "uk")  # a contents link scrolls; it does not reload the page
    page.select_option("#language", "en")  # a new language keeps the reader at the same section
    expect_summary(page, "coloretto", "en")
    expect(last).to_be_in_viewport()
    deep = section_ids("chromino", "en")[-1]
    page.goto(f"/rules/chromino#{deep}")  # a link straight to a section opens there
    expect_summary(page, "chromino", "en")
    expect(page.locator(f"#rules h2#{deep}")).to_be_in_viewport()


def test_game_tabs_switch_game_in_the_current_language(page: Page) -> None:
    page.goto("/rules/coloretto")
    page.select_option("#language", "fr")
    expect_summary(page, "coloretto", "fr")
    tabs = page.locator("#rules-tabs a")
    expect(tabs).to_have_count(len(available_games()))
    expect(page.locator("#rules-tabs a[aria-selected=true]")).to_have_attribute("data-game", "coloretto")
    for game in ("chromino", "cardcassonne", "cameleon", "coloretto"):
        page.click(f"#rules-tabs a[data-game={game}]")
        expect(page).to_have_url(re.compile(rf"/rules/{game}$"))
        expect_summary(page, game, "fr")
        expect(page.locator("#rules-tabs a[aria-selected=true]")).to_have_attribute("data-game", game)
        expect(page.locator("#rules-toc a")).to_have_count(len(section_ids(game, "fr")))
    page.go_back()
    expect(page).to_have_url(re.compile(r"/rules/cameleon$"))
    expect_summary(page, "cameleon", "fr")
    page.select_option("#language", "en")
    shot(page, "rules-cameleon")
    page.goto("/rules/coloretto")
    expect_summary(page, "coloretto", "en")
    shot(page, "rules-coloretto")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "rules-coloretto-phone")


def test_rules_without_a_game_unknown_games_and_the_lobby_link(page: Page) -> None:
    first = available_games()[0]
    page.goto("/")
    page.select_option("#language", "it")
    expect(page.locator("#lobby-rules")).to_have_text("Regole")
    shot(page, "rules-lobby-link")
    page.click("#lobby-rules")
    expect(page).to_have_url(re.compile(r"/rules$"))
    expect_summary(page, first, "it")
    page.goto("/")
    page.click(".games-strip a.badge >> text=Chromino")
    expect(page).to_have_url(re.compile(r"/rules/chromino$"))
    expect_summary(page, "chromino", "it")
    page.goto("/rules/no-such-game")
    expect(page.locator("#rules-error")).to_have_text(
        "Gioco sconosciuto 'no-such-game': scegline uno dalle schede qui sopra."
    )
    expect(page.locator("#rules-tabs a")).to_have_count(len(available_games()))


def test_a_missing_translation_falls_back_to_english_and_says_so(page: Page) -> None:
    # The repository has every translation, so the browser is told one is missing (a real 404 from the route).
    page.route("**/static/rules/cardcassonne.pl.html", lambda route: route.fulfill(status=404, body="not found"))
    page.goto("/rules/cardcassonne")
    page.select_option("#language", "pl")
    expect(page.locator("#rules-fallback")).to_have_text(
        "To streszczenie nie jest jeszcze dostępne po polsku: oto wersja angielska."
    )
    expect_summary(page, "cardcassonne", "en")
    page.click("#rules-tabs a[data-game=chromino]")
    expect_summary(page, "chromino", "pl")
    expect(page.locator("#rules-fallback")).to_have_count(0)
    page.route("**/static/rules/cameleon.*.html", lambda route: route.fulfill(status=404, body="not found"))
    page.click("#rules-tabs a[data-game=cameleon]")
    expect(page.locator("#rules-error")).to_have_text("Nie ma jeszcze streszczenia zasad gry Le Caméléon.")
    expect(page.locator("#rules, #rules-toc")).to_have_count(0)


def test_a_fragment_is_reduced_to_plain_markup(page: Page) -> None:
    hostile = (
        '<h2 id="aim" onclick="window.hit = 1" style="color: red">Aim</h2>'
        '<p>Text <script>window.hit = 2</script><img src="x" onerror="window.hit = 3">'
        '<a href="javascript:window.hit = 4">link</a> <b class="x">bold</b></p>'
        '<h2 id="bad id">Second</h2><iframe src="/"></iframe><style>body { display: none }</style>'
    )

    def serve(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body=hostile)

    page.route("**/static/rules/chromino.en.html", serve)
    page.goto("/rules/chromino")
    page.select_option("#language", "en")
    expect(page.locator("#rules h2")).to_have_text(["Aim", "Second"])
    article = page.locator("#rules")
    expect(article.locator("script, img, iframe, style, a, [onclick], [onerror], [style], [href]")).to_have_count(0)
    expect(article.locator("b.x")).to_have_text("bold")
    expect(article).to_contain_text("Text link bold")
    expect(page.locator("#rules-toc a")).to_have_count(1)  # the heading whose id is not a plain name has no link
    page.locator("#rules h2").first.click()
    assert page.evaluate("window.hit") is None


def test_the_table_page_links_to_its_game_rules(page: Page, arena: ServerProcess) -> None:
    guest = page.request.post("/api/auth/guest", data={"name": "reader"})
    assert guest.ok, guest.text()
    created = page.request.post("/api/tables", data={"game": "chromino", "options": {"players": 2}})
    assert created.status == 201, created.text()
    table_id = created.json()["table"]["id"]
    page.goto(f"/table/{table_id}")
    page.select_option("#language", "uk")
    link = page.locator("#table-rules")
    expect(link).to_have_text("Правила")
    expect(link).to_have_attribute("href", "/rules/chromino")
    shot(page, "rules-table-link")
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    expect(rules).to_have_url(f"{arena.url}/rules/chromino")
    expect_summary(rules, "chromino", "uk")
    expect(page).to_have_url(re.compile(rf"/table/{table_id}$"))  # the table stays open in its own tab
    rules.close()
