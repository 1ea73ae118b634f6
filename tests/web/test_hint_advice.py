"""A hint's move worded as advice to the player (each board's `advice`) in every interface language: an
instruction with no name, for every event a whole game's hints hold (the server's foreseen events) and for the
rarer events a board words, and no card or tile that the hint does not hold."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

import kameleon
from kameleon.engine.game import foreseen_event

LANGUAGES = ("en", "it", "pl", "fr", "uk")
NAMES = ["Ann", "Bruno", "Cy"]
GAMES = {"coloretto": {"players": 3}, "chromino": {"players": 3}, "cardcassonne": {"players": 3}, "cameleon": {}}
I18N = Path(__file__).resolve().parents[2] / "kameleon" / "web" / "js" / "i18n.js"

# Each entry's advice and sentence from the game's board, in one interface language.
WORDS = """async ([game, language, entries, names]) => {
  const i18n = await import("/static/js/i18n.js");
  const board = await import(`/static/js/boards/${game}.js`);
  const before = i18n.language();
  i18n.setLanguage(language);
  const said = entries.map((e) => [board.advice(e, { names }), board.sentence(e, { names })]);
  i18n.setLanguage(before);
  return said;
}"""

DRAW = {"seat": 0, "move": "draw", "event": {"kind": "draw", "card": None, "last_round": False}}
# The events a random game seldom brings, one of each (as the engine words them).
RARE: dict[str, list[dict[str, Any]]] = {
    "coloretto": [
        {"seat": 1, "move": "draw", "event": {"kind": "draw", "card": "blue", "last_round": True}},
        {"seat": 1, "move": "take 1", "event": {"kind": "take", "row": 1, "cards": ["golden joker"], "bonus": "red",
         "last_round": True, "discarded": ["green"], "round_over": True, "game_over": False}},
        {"seat": 2, "move": "joker blue", "event": {"kind": "joker", "colour": "blue"}},
        {"seat": 2, "move": "positive red", "event": {"kind": "positive", "colour": "red"}},
        {"seat": 2, "move": "done", "event": {"kind": "done"}},
    ],
    "chromino": [
        {"seat": 2, "move": "RYG H 0,1", "event": {"kind": "place", "tile": "RYG", "colours": "GYR",
         "cells": [[0, 1], [0, 2], [0, 3]], "orientation": "H", "row": 0, "col": 1, "after_draw": True, "points": 7,
         "out": False, "extra_draw": True, "extra_tile": None, "game_over": False}},
        {"seat": 1, "move": "draw", "event": {"kind": "draw", "tile": "R*G", "game_over": False}},
    ],
    "cardcassonne": [
        {"seat": 1, "move": "?@G", "event": {"kind": "card", "row": "G", "face": None, "face_down": True, "claims": [],
         "revealed": [], "new_round": None, "chests": [{"seat": 1, "points": 4}, {"seat": 2, "points": 2}],
         "round_over": False, "game_over": False}},
    ],
    "cameleon": [
        {"seat": 0, "move": "a9-b8", "event": {"kind": "move", "piece": "V", "from": "a9", "to": "b8",
         "leaves_reserve": True, "side": "round", "captures": [{"victim": "c7", "piece": "r", "reward": "G",
         "square": "b9"}], "choices_follow": False, "game_over": False, "reason": None}},
        {"seat": 0, "move": "pass", "event": {"kind": "pass", "side": "round", "captures": [], "game_over": True,
         "reason": "double_pass", "choices_follow": False}},
        {"seat": 1, "move": "=O", "event": {"kind": "choice", "choice": "reward", "reward": "O", "victim": "d6",
         "side": "square", "captures": [], "choices_follow": True, "game_over": False, "reason": None}},
    ],
}  # fmt: skip
KINDS = {
    "coloretto": {"draw", "place", "take", "joker", "positive", "done"},
    "chromino": {"draw", "pass", "place"},
    "cardcassonne": {"card", "follower", "joker", "decision", "wild"},
    "cameleon": {"move", "pass", "choice"},
}
"""Every kind of event each board's `sentence` words: its `advice` words each too."""
ADVICE = {
    "coloretto": {"en": "draw a card", "it": "pesca una carta", "pl": "dobierz kartę", "fr": "piochez une carte",
                  "uk": "візьміть карту"},
    "chromino": {"en": "lay the drawn tile (green, yellow, red) · +7 points · you then draw at once: a chameleon "
                 "cannot be the last tile", "it": "posa la tessera pescata (verde, giallo, rosso) · +7 punti · poi "
                 "peschi subito: un camaleonte non può essere l'ultima tessera"},
    "cardcassonne": {"en": "play a card face down into the green row · your chest: +4 · Cy's chest: +2",
                     "fr": "jouez une carte face cachée dans la rangée verte · votre coffre : +4 · coffre (Cy) : +2"},
    "cameleon": {"en": "bring violet into play a9 → b8 · capturing red on c7 (winning green → b9)",
                 "pl": "wprowadź do gry: fioletowy a9 → b8 · bijąc: czerwony na c7 (zdobywasz: zielony → b9)"},
}  # fmt: skip
"""One entry's advice, word for word: the first of RARE (the plain draw for Coloretto), in some languages."""


@cache
def hints(game: str) -> list[dict[str, Any]]:
    """Each decision of a whole random game as its hint would hold it: the mover's foreseen event."""
    state = kameleon.load(game, **GAMES[game]).new_state(5)
    rng = random.Random(5)
    entries: list[dict[str, Any]] = []
    while not state.is_terminal and len(entries) < 300:
        seat = state.current_player
        assert seat is not None
        token = state.action_to_str(rng.choice(state.legal_actions()))
        entries.append({"seat": seat, "move": token, "event": foreseen_event(state, seat, token)})
        state.apply_str(token)
    return entries


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_hint_reads_as_advice_with_no_name(page: Page, game: str, language: str) -> None:
    rare = RARE[game] if game != "coloretto" else [DRAW, *RARE[game]]
    entries = [*rare, *hints(game)]
    assert {entry["event"]["kind"] for entry in entries} == KINDS[game]
    page.goto("/")
    said = page.evaluate(WORDS, [game, language, entries, NAMES])
    english = page.evaluate(WORDS, [game, "en", entries, NAMES]) if language != "en" else said
    if language in ADVICE[game]:
        assert said[0][0] == ADVICE[game][language]
    for entry, (advice, sentence), (in_english, _) in zip(entries, said, english, strict=True):
        assert advice and advice != sentence, (entry, advice)
        assert NAMES[entry["seat"]] not in advice, (entry, advice)
        assert "{" not in advice and "undefined" not in advice and "null" not in advice, advice
        if language != "en":
            assert advice != in_english, advice
    draws = {advice for entry, (advice, _) in zip(hints(game), said[len(rare) :], strict=True)
             if entry["event"]["kind"] == "draw"}  # fmt: skip
    assert len(draws) <= 1, draws  # a hint to draw names no card or tile: every one reads the same


def test_every_advice_text_is_in_the_five_languages_with_the_same_fields() -> None:
    texts: dict[str, dict[str, str]] = {}
    language = None
    for line in I18N.read_text(encoding="utf-8").splitlines():
        start = re.match(r"^  (en|it|pl|fr|uk): \{$", line)
        if start:
            language = start[1]
            texts[language] = {}
        elif language is not None:
            texts[language] |= dict(re.findall(r'\b(\w+_a_\w+): "([^"]*)"', line))
    assert len(texts["en"]) >= 30
    for language in LANGUAGES:
        assert texts[language].keys() == texts["en"].keys(), (language, texts[language].keys() ^ texts["en"].keys())
        for key, text in texts[language].items():
            assert sorted(re.findall(r"\{\w+\}", text)) == sorted(re.findall(r"\{\w+\}", texts["en"][key])), key
