"""Setup (rules 2.1-2.3): pile sizes, the last-round card's depth, starting cards, overrides."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kameleon
from kameleon.games.coloretto.cards import GOLDEN, JOKER, LAST_ROUND, PLUS_TWO

# players -> (pile before the last-round card, cards above, cards below) from the table of 2.1
TABLE = {2: (54, 38, 16), 3: (64, 48, 16), 4: (72, 56, 16), 5: (71, 55, 16)}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pile_and_split_follow_the_table(players: int) -> None:
    size, above, below = TABLE[players]
    state = kameleon.load("coloretto", players=players).new_state(1)
    deck = state._deck
    assert len(deck) == size + 1
    assert deck.index(LAST_ROUND) == above
    assert len(deck) - deck.index(LAST_ROUND) - 1 == below
    bga = kameleon.load("coloretto", players=players, preset="bga").new_state(1)._deck
    assert bga.index(LAST_ROUND) == above + 1
    assert bga.count(JOKER) == 3 and GOLDEN not in bga


def reference_setup(players: int, seed: int) -> tuple[list[int], int, list[list[int]], list[int]]:
    """Section 2.3 written out again, independently of the engine, for the default options."""
    rng = random.Random(seed)
    removed = sorted(rng.sample(range(7), {2: 2, 3: 1}.get(players, 0)))
    start = rng.randrange(players)
    in_play = [c for c in range(7) if c not in removed]
    shuffled = list(in_play)
    rng.shuffle(shuffled)
    if players == 2:
        starting = [[shuffled[0], shuffled[1]], [shuffled[2], shuffled[3]]]
    else:
        starting = [[shuffled[i]] for i in range(players)]
    used = {c for s in starting for c in s}
    deck = []
    for colour in in_play:
        deck += [colour] * (8 if colour in used else 9)
    deck += [PLUS_TWO] * 10 + [JOKER, JOKER, GOLDEN]
    rng.shuffle(deck)
    deck.insert(len(deck) - 16, LAST_ROUND)
    return removed, start, starting, deck


@given(players=st.integers(2, 5), seed=st.integers(0, 2**40))
def test_setup_is_the_reproducible_procedure(players: int, seed: int) -> None:
    removed, start, starting, deck = reference_setup(players, seed)
    state = kameleon.load("coloretto", players=players).new_state(seed)
    assert list(state.removed) == removed
    assert state.current_player == start == state.round_start
    assert list(state._deck) == deck
    for seat, colours in enumerate(starting):
        held = [0] * 10
        for colour in colours:
            held[colour] += 1
        assert state.held[seat] == held


@given(players=st.integers(2, 5), seed=st.integers(0, 2**40))
def test_starting_colours_are_distinct_and_in_play(players: int, seed: int) -> None:
    state = kameleon.load("coloretto", players=players).new_state(seed)
    flat = [c for h in state.held for c in range(7) for _ in range(h[c])]
    assert len(flat) == len(set(flat)) == players * (2 if players == 2 else 1)
    assert not set(flat) & set(state.removed)


def test_overrides_keep_the_random_sequence() -> None:
    plain = kameleon.load("coloretto", players=3).new_state(42)
    removed = list(plain.removed)
    seat_colours = [[c for c in range(7) if h[c]] for h in plain.held]
    forced = kameleon.load(
        "coloretto", players=3, removed_colours=removed, start_player=plain.current_player,
        starting_colours=seat_colours,
    ).new_state(42)  # fmt: skip
    assert forced._deck == plain._deck and plain.current_player is not None
    other_start = (plain.current_player + 1) % 3
    moved = kameleon.load("coloretto", players=3, start_player=other_start).new_state(42)
    assert moved._deck == plain._deck and moved.current_player == other_start


def test_per_player_start_allows_shared_colours_between_seats() -> None:
    game = kameleon.load("coloretto", players=2, two_player_start="per_player")
    shared = 0
    for seed in range(200):
        held = game.new_state(seed).held
        a = {c for c in range(7) if held[0][c]}
        b = {c for c in range(7) if held[1][c]}
        assert len(a) == len(b) == 2
        shared += bool(a & b)
    assert shared > 0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "'players' is required"),
        ({"players": 6}, "from 2 to 5"),
        ({"players": 4, "scoring": "pink"}, "'scoring'"),
        ({"players": 4, "last_round_depth": 0}, "from 1 to"),
        ({"players": 4, "last_round_depth": 73}, "72 cards"),
        ({"players": 4, "jokers": True}, "'jokers'"),
        ({"players": 3, "removed_colours": [1, 2]}, "exactly 1"),
        ({"players": 3, "removed_colours": [9]}, "colour index"),
        ({"players": 4, "start_player": 4}, "seat 4"),
        ({"players": 4, "starting_colours": [[0], [0], [1], [2]]}, "same colour"),
        ({"players": 3, "starting_colours": [[0], [1], [2]]}, "removed_colours too"),
        ({"players": 3, "removed_colours": [0], "starting_colours": [[0], [1], [2]]}, "removed"),
        ({"players": 2, "removed_colours": [0, 1], "starting_colours": [[2], [3]]}, "2 colours"),
        ({"players": 4, "preset": "bgaa"}, "'preset'"),
        ({"players": 4, "colour": 1}, "unknown option 'colour'"),
    ],
)
def test_bad_options_are_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(kameleon.InvalidOption, match=message):
        kameleon.load("coloretto", **options)


def test_presets_and_aliases() -> None:
    game = kameleon.load("coloretto", players=4, preset="bga", last_round_depth=16, scoring="violet")
    assert game.options["jokers"] == "plain"
    assert game.options["last_round_depth"] == 16
    assert game.options["scoring"] == "purple"
    assert game.options["scoring_choices"] == "auto"
