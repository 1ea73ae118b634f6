"""Every engine option has a label in every interface language (kameleon/web/js/option_labels.js).

The table is read as text, without a JavaScript runtime: each language's block starts on its own line
(`  it: {`) and holds one `"game.option": "…"` entry per option.
"""

from __future__ import annotations

import re

from kameleon.server.catalogue import catalogue
from tests.server.harness import ROOT

LABELS = ROOT / "kameleon" / "web" / "js" / "option_labels.js"
LANGUAGES = ("it", "pl", "fr", "uk")
BLOCK = re.compile(r"^  (\w\w): \{$", re.MULTILINE)
KEY = re.compile(r'"(\w+\.\w+)":')


def keys_by_language() -> dict[str, set[str]]:
    text = LABELS.read_text(encoding="utf-8")
    starts = list(BLOCK.finditer(text))
    ends = [m.start() for m in starts[1:]] + [len(text)]
    return {m.group(1): set(KEY.findall(text, m.end(), end)) for m, end in zip(starts, ends, strict=True)}


def engine_options() -> dict[str, set[str]]:
    return {game["name"]: {option["name"] for option in game["options"]} for game in catalogue()["games"]}


def test_every_option_of_every_game_has_a_label_in_every_language() -> None:
    found = keys_by_language()
    expected = {f"{game}.{option}" for game, options in engine_options().items() for option in options}
    assert expected, "the catalogue lists no options: the check below would pass vacuously"
    missing = {code: sorted(expected - found.get(code, set())) for code in LANGUAGES}
    missing = {code: keys for code, keys in missing.items() if keys}
    assert not missing, f"options without a label in {LABELS.name}: {missing}"


def test_no_label_outlives_its_option() -> None:
    """A renamed or removed option would otherwise leave a translation that nothing shows."""
    options = engine_options()
    stale: dict[str, list[str]] = {}
    for code, keys in keys_by_language().items():
        for key in sorted(keys):
            game, option = key.split(".")
            # A game whose engine does not import is missing from the catalogue, not gone: its labels stay.
            if game in options and option not in options[game]:
                stale.setdefault(code, []).append(key)
    assert not stale, f"labels for options the engines no longer have: {stale}"
