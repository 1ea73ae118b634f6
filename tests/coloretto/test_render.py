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
    assert shown.count("the last round card came up") == 1  # the move log's words
    assert f"Move {move}: the last round card came up\n" in shown


def test_the_cards_left_in_the_centre_are_one_line_in_the_move_log_s_words() -> None:
    state = kameleon.load("coloretto", players=2).new_state(3)
    rng = random.Random(3)

    def set_aside() -> list[int]:  # the cards of the last move that set some aside
        moves = [at for at, kind, _ in state.events if kind == "discard"]
        return [card for at, kind, card in state.events if kind == "discard" and at == moves[-1]] if moves else []

    while len(set_aside()) < 2 or state.events[-1][1] != "discard":
        state.apply(rng.choice(state.legal_actions()))
    move = state.events[-1][0]
    cards = [render.card_label(render.CARD_NAMES[card], str) for card in set_aside()]
    shown = text_of(render.render(state, None))
    assert shown.count(f"Move {move}:") == 1
    assert f"Move {move}: discarded: {', '.join(cards)}\n" in shown


def test_the_pile_s_news_leaves_the_board_after_two_moves_per_seat() -> None:
    state = kameleon.load("coloretto", players=2).new_state(2)
    rng = random.Random(2)
    while not state.events:
        state.apply(rng.choice(state.legal_actions()))
    move = state.events[-1][0]  # the number of moves played when it came up
    seen = []
    while len(state.history) < move + 8 and not state.is_terminal:
        seen.append(f"Move {move}: " in text_of(render.render(state, 0)))
        state.apply(rng.choice(state.legal_actions()))
    assert seen == [True] * 4 + [False] * 4  # two moves per seat
