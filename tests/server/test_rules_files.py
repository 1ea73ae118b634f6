"""The rules summaries: one static fragment per game and interface language, served by the real arena.

The rules page inserts a fragment under a strict Content-Security-Policy and builds its table of contents from
the fragment's <h2 id> sections, so every language of a game must have the same sections in the same order and
nothing but plain markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import httpx
import pytest

import kameleon
from tests.server.harness import ROOT, ServerProcess

WEB = ROOT / "kameleon" / "web"
RULES = WEB / "rules"
ENGLISH = "en"
MIN_TEXT = 1500


def interface_languages() -> list[str]:
    """The languages a reader can pick: the options of the language menu in index.html."""
    menu = re.search(r'<select id="language"[^>]*>(.*?)</select>', (WEB / "index.html").read_text(), re.S)
    assert menu, "index.html has no language menu"
    return re.findall(r'<option value="(\w+)"', menu.group(1))


LANGUAGES = interface_languages()
GAMES = kameleon.games()
FILES = [RULES / f"{game}.{code}.html" for game in GAMES for code in LANGUAGES]


@dataclass
class Fragment:
    """What the checks need from one fragment, collected by a real HTML parser."""

    sections: list[tuple[str | None, str]] = field(default_factory=list)  # (h2 id, heading text)
    text: list[str] = field(default_factory=list)
    tags: set[str] = field(default_factory=set)
    attributes: set[str] = field(default_factory=set)


class FragmentParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.fragment = Fragment()
        self._heading: list[str] | None = None
        self._heading_id: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.fragment.tags.add(tag)
        self.fragment.attributes.update(name for name, _ in attrs)
        if tag == "h2":
            self._heading, self._heading_id = [], dict(attrs).get("id")

    def handle_endtag(self, tag: str) -> None:
        if tag == "h2" and self._heading is not None:
            self.fragment.sections.append((self._heading_id, " ".join("".join(self._heading).split())))
            self._heading = None

    def handle_data(self, data: str) -> None:
        self.fragment.text.append(data)
        if self._heading is not None:
            self._heading.append(data)


def parse(path: Path) -> Fragment:
    parser = FragmentParser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser.fragment


def test_the_menu_offers_the_rulebook_languages() -> None:
    assert sorted(LANGUAGES) == sorted(["en", "it", "pl", "fr", "uk"])
    assert sorted(GAMES) == ["cameleon", "cardcassonne", "chromino", "coloretto"]


def test_every_game_has_a_summary_in_every_language() -> None:
    missing = [path.name for path in FILES if not path.is_file()]
    assert missing == [], f"missing rules summaries: {missing}"
    extra = sorted({path.name for path in RULES.glob("*.html")} - {path.name for path in FILES})
    assert extra == [], f"summaries for no known game or language: {extra}"


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_a_fragment_is_plain_markup_of_substance(path: Path) -> None:
    raw = path.read_text(encoding="utf-8")
    assert "<script" not in raw.lower() and "style=" not in raw.lower(), f"{path.name}: script or inline style"
    fragment = parse(path)
    handlers = sorted(name for name in fragment.attributes if name.startswith("on"))
    assert handlers == [], f"{path.name}: event handler attributes {handlers}"
    assert fragment.attributes <= {"id", "class"}, f"{path.name}: attributes {sorted(fragment.attributes)}"
    assert not fragment.tags & {"html", "head", "body", "h1", "a", "img", "style", "iframe", "form"}, path.name
    text = " ".join(" ".join(fragment.text).split())
    assert len(text) >= MIN_TEXT, f"{path.name}: only {len(text)} characters of text"
    assert len(fragment.sections) >= 5, f"{path.name}: only {len(fragment.sections)} sections"
    ids = [section_id for section_id, _ in fragment.sections]
    assert all(section_id and re.fullmatch(r"[a-z][a-z0-9-]*", section_id) for section_id in ids), ids
    assert len(set(ids)) == len(ids), f"{path.name}: repeated section ids {ids}"
    assert all(heading for _, heading in fragment.sections), f"{path.name}: an empty heading"


@pytest.mark.parametrize("game", GAMES)
def test_every_language_has_the_same_sections_in_its_own_words(game: str) -> None:
    english = parse(RULES / f"{game}.{ENGLISH}.html").sections
    for code in LANGUAGES:
        if code == ENGLISH:
            continue
        sections = parse(RULES / f"{game}.{code}.html").sections
        assert [s for s, _ in sections] == [s for s, _ in english], f"{game}.{code}: sections differ from English"
        untranslated = [heading for (_, heading), (_, own) in zip(english, sections, strict=True) if heading == own]
        assert untranslated == [], f"{game}.{code}: headings left in English: {untranslated}"


def test_the_arena_serves_every_fragment_and_the_rules_page(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, trust_env=False) as http:
        for path in FILES:
            response = http.get(f"/static/rules/{path.name}")
            assert response.status_code == 200, f"{path.name}: {response.status_code}"
            assert response.headers["content-type"].startswith("text/html"), response.headers["content-type"]
            assert response.content == path.read_bytes(), f"{path.name}: served bytes differ from the file"
            assert "script-src 'self'" in response.headers["content-security-policy"]
        missing = http.get("/static/rules/coloretto.xx.html")
        assert missing.status_code == 404
        for page in ("/rules", "/rules/coloretto", "/rules/no-such-game"):
            response = http.get(page)
            assert response.status_code == 200 and '<main id="app"' in response.text, page
