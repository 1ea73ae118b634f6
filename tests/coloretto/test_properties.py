"""Properties over random games (hypothesis): conservation, the pile, hidden order, determinize."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon.engine.benchmark import random_game
from kameleon.games.coloretto.cards import COPIES, GOLDEN, JOKER, LAST_ROUND, NUM_KINDS, PLUS_TWO
from kameleon.games.coloretto.state import ColorettoState
from tests.depth import examples

OPTION_SETS = st.sampled_from(
    [
        {},
        {"preset": "bga"},
        {"scoring": "purple"},
        {"jokers": "plain"},
        {"last_round_depth": 15, "jokers": "plain"},
        {"scoring_choices": "manual"},
    ]
)


def box(state: ColorettoState) -> list[int]:
    """Every card kind in the game: 9 of each colour in play, 10 "+2", the wild cards, the last-round card."""
    counts = [0] * (LAST_ROUND + 1)
    for colour in state.in_play:
        counts[colour] = COPIES
    counts[PLUS_TWO] = 10
    if state.game.options["jokers"] == "golden":
        counts[JOKER], counts[GOLDEN] = 2, 1
    else:
        counts[JOKER] = 3
    counts[LAST_ROUND] = 1
    return counts


def located(state: ColorettoState) -> list[int]:
    """Every card counted where it is: pile, rows, drawn card, collections, discards, set aside."""
    counts = [0] * (LAST_ROUND + 1)
    for card in state.unseen_pile():
        counts[card] += 1
    for row in state.rows:
        for card in row:
            counts[card] += 1
    if state.drawn >= 0:
        counts[state.drawn] += 1
    for held in state.held:
        for kind in range(NUM_KINDS):
            counts[kind] += held[kind]
    for card in state.discarded:
        counts[card] += 1
    if state.final_round:
        counts[LAST_ROUND] += 1  # set aside face up
    return counts


@settings(max_examples=examples(40), deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**40), options=OPTION_SETS)
def test_every_card_is_in_exactly_one_place(players: int, seed: int, options: dict[str, object]) -> None:
    state = kameleon.load("coloretto", players=players, **options).new_state(seed)
    rng = random.Random(seed)
    expected = box(state)
    while not state.is_terminal:
        assert located(state) == expected
        remaining = [0] * (LAST_ROUND + 1)
        for card in state.unseen_pile():
            remaining[card] += 1
        assert state.pile_contents() == remaining
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert located(state) == expected


@settings(max_examples=examples(60), deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**40), preset=st.sampled_from(["rulebook", "bga"]))
def test_the_pile_never_runs_short_under_standard_options(players: int, seed: int, preset: str) -> None:
    state = kameleon.load("coloretto", players=players, preset=preset).new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        if state.phase == 0:
            assert any(state.rows) or state.cards_to_draw  # never the 4.3 fallback
        golden_taken = sum(h[GOLDEN] for h in state.held)
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        if sum(h[GOLDEN] for h in state.held) > golden_taken:  # the bonus card always exists
            assert (len(state.history), "bonus") in [(move, kind) for move, kind, _ in state.events]


@settings(max_examples=examples(30), deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**40), moves=st.integers(0, 150))
def test_views_never_depend_on_the_pile_order(players: int, seed: int, moves: int) -> None:
    state = kameleon.load("coloretto", players=players).new_state(seed)
    rng = random.Random(seed)
    random_game(state, rng, max_moves=moves)
    for seat in [None, *range(players)]:
        view = state.view(seat)
        for attempt in range(3):
            other = state.determinize(seat if seat is not None else 0, random.Random(attempt))
            assert other.view(seat) == view
        assert "deck" not in view and "pile" not in view
    # The order is really hidden: a different order gives the same view, and the view of each seat
    # is the spectator's plus its own seat number.
    spectator = state.view(None)
    for seat in range(players):
        assert {**state.view(seat), "you": None, "legal_moves": []} == {**spectator, "legal_moves": []}


@settings(max_examples=examples(30), deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**40), moves=st.integers(0, 150))
def test_determinize_reshuffles_only_unseen_cards_and_keeps_the_depth(players: int, seed: int, moves: int) -> None:
    state = kameleon.load("coloretto", players=players).new_state(seed)
    rng = random.Random(seed)
    random_game(state, rng, max_moves=moves)
    sample = state.determinize(0, random.Random(seed + 1))
    assert sample.seed is None
    assert sorted(sample.unseen_pile()) == sorted(state.unseen_pile())
    assert sample._deck[: state._pos] == state._deck[: state._pos]
    assert sample.cards_above_last_round == state.cards_above_last_round
    assert sample.held == state.held and sample.rows == state.rows and sample.history == state.history
    random_game(sample, rng, max_moves=None)  # the sample plays on: it is a full state
    assert sample.winners()


def test_determinize_changes_the_order() -> None:
    state = kameleon.load("coloretto", players=4).new_state(3)
    orders = {state.determinize(0, random.Random(i)).unseen_pile() for i in range(5)}
    assert len(orders) > 1
