"""What a seat sees carries the facts the rules derive, computed once in the package (rules section 8)."""

from __future__ import annotations

import random

import kameleon
from kameleon.games.coloretto.scoring import collection_breakdown
from kameleon.games.coloretto.state import ColorettoState


def played(players: int, seed: int, moves: int, **options: object) -> ColorettoState:
    state: ColorettoState = kameleon.load("coloretto", players=players, **options).new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_rows_say_how_many_places_are_free() -> None:
    state = played(2, 3, 1)  # green rows 1/2/3, one card drawn
    state.apply_str("place 2")
    assert [(row["capacity"], row["free"]) for row in state.view(None)["rows"]] == [(1, 1), (2, 1), (3, 3)]


def test_scores_carry_each_seats_best_breakdown_from_scoring() -> None:
    for seed in range(20):
        state = played(4, seed, 60)
        view = state.view(None)
        scoring = state.game.options["scoring"]
        for seat, shown in enumerate(view["scores"]):
            best = collection_breakdown(state.held[seat], state.in_play, scoring)
            assert shown == best.named()
            counted = {colour for colour, count in shown["counts"].items() if count}
            assert set(shown["positive"]) | set(shown["negative"]) == counted
            assert len(shown["positive"]) <= 3


def test_a_finished_manual_game_shows_what_was_declared() -> None:
    state = played(3, 5, 10_000, scoring_choices="manual")
    assert state.is_terminal
    for score, declared in zip(state.view(None)["scores"], state.view(None)["declarations"], strict=True):
        assert score["joker_colours"] == declared["jokers"] and score["positive"] == declared["positive"]
