"""Every word a game's terminal renderer shows comes from its catalog, so terminal play speaks five languages.

A renderer is drawn with a `say` that words every Message as "~": whatever English is left is
text that no catalog translates. The game's title and the players' names are allowed; so are
codes such as Le Caméléon's "bRb" or a card's "YP2" (no two lower-case letters in a row: a word
needs them). The boards show no move in notation, so no notation word is allowed either.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

import kameleon
from kameleon.engine import registry
from kameleon.engine.errors import KameleonError
from kameleon.engine.game import State
from kameleon.engine.hooks import TerminalRenderer
from kameleon.engine.messages import Message
from kameleon.engine.translations import LANGUAGES, speaker

WORD = re.compile(r"[A-Za-z]*[a-z]{2}[A-Za-z]*")
NAMES = ["Ann", "Bob"]
MARKUP = "[/]"
"""A name that Rich would read as markup (and fail on): a renderer shows names as text."""


def text_of(renderable: object, width: int = 200) -> str:
    console = Console(record=True, width=width, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def shown(state: State[Any], renderer: TerminalRenderer, say: Any) -> Iterator[str]:
    """What the renderer shows of `state`: the table for each seat and a spectator, the moves' descriptions."""
    for seat in (None, *range(state.num_players)):
        yield text_of(renderer.render(state, seat, say))
    if renderer.describe is not None and not state.is_terminal:
        for action in state.legal_actions()[:40]:
            yield renderer.describe(state, action, say)


def narrated(before: State[Any], action: Any, after: State[Any], renderer: TerminalRenderer, say: Any) -> list[str]:
    """The move's sentence as every seat and a spectator may know it; every event of a game is worded."""
    assert renderer.narrate is not None
    mover = before.current_player
    assert mover is not None
    said = []
    for watcher in (None, *range(before.num_players)):
        sentence = renderer.narrate(before.event_seen_by(action, after, watcher), mover, NAMES, say)
        assert sentence, f"no words for {before.event_seen_by(action, after, watcher)}"
        said.append(sentence)
    return said


def words_left(game_name: str, say: Any) -> set[str]:
    try:
        game = kameleon.load(game_name, players=2)
    except KameleonError:  # a game with one table size takes no players option
        game = kameleon.load(game_name)
    renderer = game.renderer()
    assert renderer is not None
    state, rng = game.new_state(5), random.Random(5)
    allowed = {game.title, *NAMES}
    texts: list[str] = []
    for step in range(10_000):
        if step % 7 == 0 or state.is_terminal:
            texts.extend(shown(state, renderer, say))
        if state.is_terminal:
            break
        before, action = state.clone(), rng.choice(state.legal_actions())
        state.apply(action)
        texts.extend(narrated(before, action, state, renderer, say))
    if renderer.summary is not None:
        names = [MARKUP, *NAMES][: state.num_players]
        texts.append(text_of(renderer.summary(state, names, say)))
        assert MARKUP in texts[-1], "a name is shown as it is"
    return {word for text in texts for word in WORD.findall(text)} - allowed


def blank(message: Message) -> str:
    return "~"


@pytest.mark.parametrize("game_name", registry.games())
def test_a_renderer_says_nothing_that_its_catalog_does_not_translate(game_name: str) -> None:
    assert words_left(game_name, str), "in English the renderer does show words (the test sees them)"
    assert words_left(game_name, blank) == set()


def cut_at_80_columns(game_name: str, language: str) -> set[str]:
    """What a whole game's tables, drawn 80 columns wide in `language`, show that they do not show 200 wide:
    a word Rich cut short ("piazza…"), or cropped at the right edge of a table too wide ("tota")."""
    try:
        game = kameleon.load(game_name, players=2)
    except KameleonError:
        game = kameleon.load(game_name)
    renderer = game.renderer()
    assert renderer is not None
    say = speaker(language, game_name)
    state, rng = game.new_state(5), random.Random(5)
    cut: set[str] = set()
    for step in range(10_000):
        if step % 11 == 0 or state.is_terminal:
            for seat in (None, 0):
                drawn = [renderer.render(state, seat, say)]
                if renderer.summary is not None and state.is_terminal:
                    drawn.append(renderer.summary(state, ["medium", "expert"], say))  # bots' names
                for renderable in drawn:
                    wide, narrow = ({t for t in text_of(renderable, width).split() if re.search(r"\w", t)}
                                    for width in (200, 80))  # fmt: skip
                    cut |= narrow - wide
        if state.is_terminal:
            return cut
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_name", registry.games())
def test_no_table_cuts_a_word_short_at_80_columns(game_name: str, language: str) -> None:
    # Translated headers and words are longer than the English ones; a cell cut to "piazza…" says nothing.
    assert cut_at_80_columns(game_name, language) == set()
