"""The interface's words (kameleon/web/js/i18n.js): every key once per language, the same keys in every
language, none empty; a count's word in each language's plural forms (in Chromium).

Read as text, without a JavaScript runtime: `const STRINGS = {`, each language's block starting on its own line
(`  it: {`), with `key: "…"` entries. A key written twice in one block is not an error to JavaScript (the last
wins), so it is caught here: two copies drift apart, and the reader sees whichever came last.
"""

from __future__ import annotations

import re
from collections import Counter

from playwright.sync_api import Page

from tests.server.harness import ROOT

WORDS = ROOT / "kameleon" / "web" / "js" / "i18n.js"
LANGUAGES = ("en", "it", "pl", "fr", "uk")
BLOCK = re.compile(r"^  (\w\w): \{$", re.MULTILINE)
ENTRY = re.compile(r'(?:^|[\s,{])([a-z][A-Za-z0-9_]*): "((?:[^"\\]|\\.)*)"', re.MULTILINE)


def blocks() -> dict[str, list[tuple[str, str]]]:
    """Each language's entries (key, text), in the order written."""
    text = WORDS.read_text(encoding="utf-8")
    start = text.index("const STRINGS = {")
    found = list(BLOCK.finditer(text, start))
    ends = [m.start() for m in found[1:]] + [text.index("\n};", start)]
    return {m.group(1): ENTRY.findall(text, m.end(), end) for m, end in zip(found, ends, strict=True)}


def test_every_language_has_each_key_once_and_the_same_keys_as_english() -> None:
    words = blocks()
    assert tuple(words) == LANGUAGES
    english = {key for key, _ in words["en"]}
    assert len(english) > 300, "the entries were not found: the checks below would pass vacuously"
    for language, entries in words.items():
        twice = sorted(key for key, count in Counter(key for key, _ in entries).items() if count > 1)
        assert not twice, f"{language}: keys written more than once: {twice}"
        keys = {key for key, _ in entries}
        assert keys == english, f"{language}: missing {sorted(english - keys)}, extra {sorted(keys - english)}"
        empty = [key for key, said in entries if not said.strip()]
        assert not empty, f"{language}: empty texts: {empty}"


PLURALS = {
    "en": {1: "point", 2: "points", 0: "points", -1: "point"},
    "it": {1: "punto", 2: "punti", 0: "punti"},
    "pl": {1: "punkt", 2: "punkty", 5: "punktów", 22: "punkty", 12: "punktów", 0: "punktów"},
    "fr": {1: "point", 0: "point", 2: "points", 36: "points"},
    "uk": {1: "очко", 3: "очки", 11: "очок", 21: "очко", 25: "очок"},
}


def test_a_count_takes_the_plural_form_of_the_readers_language(page: Page) -> None:
    """`tn` picks the form of a count by the language's plural rules (Polish and Ukrainian have three), so that a
    score reads "22 punkty" and "12 punktów", not one form for every number."""
    page.goto("/")
    found = page.evaluate(
        """async (plurals) => {
          const i18n = await import("/static/js/i18n.js");
          const out = {};
          for (const [language, counts] of Object.entries(plurals)) {
            i18n.setLanguage(language);
            out[language] = Object.fromEntries(Object.keys(counts).map((n) => [n, i18n.tn("points_n", Number(n))]));
          }
          i18n.setLanguage("en");
          return out;
        }""",
        PLURALS,
    )
    assert found == {language: {str(n): word for n, word in counts.items()} for language, counts in PLURALS.items()}
