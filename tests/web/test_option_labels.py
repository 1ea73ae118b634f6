"""Every engine option has a label, and every choice a name, in every interface language
(kameleon/web/js/option_labels.js), and none of them shows an internal name, a rule section or JSON.

The tables are read as text, without a JavaScript runtime: `const LABELS = {` then `const VALUES = {`, each
language's block starting on its own line (`  it: {`), with `"game.option": "…"` (labels) and
`"game.option=value": "…"` (choices) entries.
"""

from __future__ import annotations

import re

from kameleon.server.catalogue import catalogue
from tests.server.harness import ROOT

LABELS = ROOT / "kameleon" / "web" / "js" / "option_labels.js"
LANGUAGES = ("en", "it", "pl", "fr", "uk")
BLOCK = re.compile(r"^  (\w\w): \{$", re.MULTILINE)
ENTRY = re.compile(r'"(\w+\.\w+(?:=[\w.-]+)?)": "((?:[^"\\]|\\.)*)"')
BOOLEANS = {True, False}


def tables() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    """(labels, value names), each by language then key."""
    text = LABELS.read_text(encoding="utf-8")
    labels_at, values_at = text.index("const LABELS = {"), text.index("const VALUES = {")
    found = []
    for start, end in ((labels_at, values_at), (values_at, len(text))):
        section = text[start:end]
        blocks = list(BLOCK.finditer(section))
        ends = [m.start() for m in blocks[1:]] + [len(section)]
        pairs = zip(blocks, ends, strict=True)
        found.append({m.group(1): dict(ENTRY.findall(section, m.end(), stop)) for m, stop in pairs})
    return found[0], found[1]


def engine_options() -> dict[str, dict[str, dict[str, object]]]:
    return {game["name"]: {o["name"]: o for o in game["options"]} for game in catalogue()["games"]}


def choice_keys() -> set[str]:
    """The choices the form shows by name (booleans are checkboxes)."""
    return {
        f"{game}.{name}={choice}"
        for game, options in engine_options().items()
        for name, option in options.items()
        if isinstance(option["choices"], list) and not set(option["choices"]) <= BOOLEANS
        for choice in option["choices"]
        if name != "players"
    }


def test_every_option_of_every_game_has_a_label_in_every_language() -> None:
    labels, _ = tables()
    expected = {f"{game}.{option}" for game, options in engine_options().items() for option in options}
    assert expected, "the catalogue lists no options: the check below would pass vacuously"
    missing = {code: sorted(expected - set(labels.get(code, {}))) for code in LANGUAGES}
    missing = {code: keys for code, keys in missing.items() if keys}
    assert not missing, f"options without a label in {LABELS.name}: {missing}"


def test_every_choice_has_a_name_in_every_language() -> None:
    _, values = tables()
    expected = choice_keys()
    assert expected
    missing = {code: sorted(expected - set(values.get(code, {}))) for code in LANGUAGES}
    missing = {code: keys for code, keys in missing.items() if keys}
    assert not missing, f"choices without a name in {LABELS.name}: {missing}"


def test_no_label_outlives_its_option() -> None:
    """A renamed or removed option would otherwise leave a translation that nothing shows."""
    options = engine_options()
    labels, values = tables()
    stale: dict[str, list[str]] = {}
    for code in LANGUAGES:
        for key in sorted(set(labels.get(code, {})) | set(values.get(code, {}))):
            game, option = key.split("=")[0].split(".")
            # A game whose engine does not import is missing from the catalogue, not gone: its labels stay.
            if game in options and option not in options[game]:
                stale.setdefault(code, []).append(key)
    stale_values = sorted({key for table in values.values() for key in table} - choice_keys())
    assert not stale, f"labels for options the engines no longer have: {stale}"
    assert not stale_values, f"names of choices the engines no longer offer: {stale_values}"


def test_labels_show_no_internal_names_sections_or_json() -> None:
    labels, values = tables()
    shown = [text for table in (*labels.values(), *values.values()) for text in table.values()]
    assert len(shown) > 300
    bad = [text for text in shown if re.search(r"§|\bNone\b|[_=\[\]{}]|'\w+'|\b(must|may)\)", text)]
    assert not bad, f"labels that show notation, sections or JSON: {bad}"
