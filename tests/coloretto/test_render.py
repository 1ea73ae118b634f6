"""The terminal board of Coloretto."""

from __future__ import annotations

import random

from rich.console import Console

import kameleon
from kameleon.games.coloretto import render


def text_of(renderable: object) -> str:
    console = Console(record=True, width=120, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_last_round_card_is_named_once() -> None:
    state = kameleon.load("coloretto", players=3).new_state(2)
    rng = random.Random(2)
    while not any(kind == "last round" for _, kind, _ in state.events):
        state.apply(rng.choice(state.legal_actions()))
    move = state.events[-1][0]
    shown = text_of(render.render(state, None))
    assert f"Last event (move {move}): the last-round card came up\n" in shown
