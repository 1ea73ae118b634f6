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

WORD = re.compile(r"[A-Za-z]*[a-z]{2}[A-Za-z]*")
NAMES = ["Ann", "Bob"]
MARKUP = "[/]"
"""A name that Rich would read as markup (and fail on): a renderer shows names as text."""


def text_of(renderable: object) -> str:
    console = Console(record=True, width=200, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def shown(state: State[Any], renderer: TerminalRenderer, say: Any) -> Iterator[str]:
    """What the renderer shows of `state`: the table for each seat and a spectator, the moves' descriptions."""
    for seat in (None, *range(state.num_players)):
        yield text_of(renderer.render(state, seat, say))
    if renderer.describe is not None and not state.is_terminal:
        for action in state.legal_actions()[:40]:
            yield renderer.describe(state, action, say)


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
        state.apply(rng.choice(state.legal_actions()))
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
