"""Rules §2.3 tile ids, §4.1 reproducible setups (§10.7), §7.1 options and §12 action indices (§10.9)."""

from __future__ import annotations

import re

import pytest

import kameleon
from kameleon.games.chromino.notation import Codec, Placement
from kameleon.games.chromino.tiles import TILE_NAMES, tile_colours, tile_id, tile_value


def test_tile_table() -> None:
    assert len(TILE_NAMES) == len(set(TILE_NAMES)) == 80
    assert (TILE_NAMES[7], TILE_NAMES[26], TILE_NAMES[56]) == ("RYG", "YRG", "GBP")
    assert TILE_NAMES[75:] == ("R*G", "R*P", "Y*B", "Y*P", "G*B")
    palindromes = [t for t, c in enumerate(tile_colours()) if c[0] == c[2]]
    assert palindromes == [*range(0, 25, 5), 25, 29, 33, 37, 41, 45, 48, 51, 54, 57, 60, 62, 64, 66, 68, *range(70, 75)]
    values = [tile_value(c) for c in tile_colours()[:75]]
    assert (values.count(1), values.count(2), values.count(3)) == (5, 40, 30)
    assert all(tile_value(c) == 3 for c in tile_colours()[75:])
    assert tile_id("BYR") == tile_id("RYB") == 8


def test_custom_chameleon_ends_take_ids_in_order() -> None:
    game = kameleon.load("chromino", players=2, chameleon_ends=["GR", "YR", "B-Y", ["P", "Y"], [2, 3]])
    assert game.options["chameleon_ends"] == ["RY", "RG", "YB", "YP", "GB"]
    shown = [game.codec.to_str(game.codec.encode(t, 0, 0, 0, False)).split()[0] for t in range(75, 80)]
    assert shown == ["R*Y", "R*G", "Y*B", "Y*P", "G*B"]


@pytest.mark.parametrize(
    "options",
    [
        {"players": 0}, {"players": 9}, {"players": 2, "first_player": 2}, {"players": 2, "hand_size": 9},
        {"players": 2, "draw": "two"}, {"players": 2, "draw_limit": 0}, {"players": 2, "open_hands": 1},
        {"players": 2, "chameleon_ends": ["RG"] * 5}, {"players": 2, "chameleon_ends": ["RR", "RP", "YB", "YP", "GB"]},
        {"players": 2, "preset": "classic"}, {"players": 2, "scoring": "points"},
    ],
)  # fmt: skip
def test_bad_options_are_named(options: dict[str, object]) -> None:
    with pytest.raises(kameleon.InvalidOption, match="option"):
        kameleon.load("chromino", **options)


def test_presets_expand_and_explicit_options_win() -> None:
    bga = kameleon.load("chromino", players=3, preset="bga")
    assert (bga.options["drawn_tile"], bga.options["scoring"]) == ("may", "bga")
    mixed = kameleon.load("chromino", players=3, preset="bga", scoring="expert")
    assert mixed.options["scoring"] == "expert"
    assert kameleon.load("chromino", players=1, preset="bambino").options["placement"] == "bambino"
    assert kameleon.load("chromino", players=1, preset="expert").options["scoring"] == "expert"


def _ids(state: kameleon.State, seat: int) -> list[int]:
    return sorted(state.hand(seat))  # type: ignore[attr-defined]


def test_setup_seed_2024_two_players() -> None:
    game = kameleon.load("chromino", players=2)
    setup = game.deal(2024)
    assert setup.start == 78
    assert list(setup.hands[0]) == [23, 74, 38, 25, 52, 33, 68, 31]
    assert [TILE_NAMES[t] for t in setup.hands[0]] == ["RPB", "PPP", "YBG", "YRY", "GGB", "YGY", "BPB", "YYB"]
    assert list(setup.hands[1]) == [63, 45, 53, 67, 27, 39, 42, 9]
    assert setup.first == 1 and len(setup.bag) == 63
    state = game.new_state(2024)
    assert state.current_player == 1 and [state.bag[-k] for k in (1, 2, 3)] == [46, 49, 55]
    assert state.view(None)["layout"][0] == {
        "tile": "Y*P",
        "move": "Y*P H 0,-1",
        "cells": [[0, -1], [0, 0], [0, 1]],
        "colours": "Y*P",
        "seat": None,
        "drawn": False,
        "move_number": None,
    }


def test_setup_seed_7_four_players() -> None:
    setup = kameleon.load("chromino", players=4).deal(7)
    assert setup.start == 77
    assert [list(h) for h in setup.hands] == [
        [19, 50, 6, 9, 68, 12, 46, 7], [64, 27, 4, 11, 55, 53, 8, 30],
        [5, 35, 69, 3, 52, 36, 71, 14], [40, 54, 37, 59, 57, 58, 25, 51],
    ]  # fmt: skip
    assert setup.first == 0 and len(setup.bag) == 47 and list(setup.bag[-3:]) == [61, 2, 66]


def test_first_player_option_skips_the_draw_of_lots() -> None:
    setup = kameleon.load("chromino", players=4, first_player=2).deal(7)
    assert setup.first == 2 and list(setup.bag[-3:]) == [61, 2, 66]


def test_action_index_vectors() -> None:
    game = kameleon.load("chromino", players=2)
    state = game.new_state(1)
    assert game.num_distinct_actions == 32_973_122
    assert state.parse_action("draw") == 0 and state.parse_action("pass") == 1
    expected = {"RRR H 0,0": 103_042, "PRR H 0,-1": 1_751_697, "BYY H -1,-2": 12_879_481,
                "YYB H -1,-1": 12_879_482, "Y*B V -3,5": 32_043_836}  # fmt: skip
    for token, index in expected.items():
        assert game.action_index(state.parse_action(token)) == index
        assert state.action_to_str(game.index_action(index)) == token
    bambino = kameleon.load("chromino", players=2, placement="bambino")
    assert bambino.num_distinct_actions == 74_035_522
    assert bambino.action_index(bambino.new_state(1).parse_action("YYB H -1,-1")) == 28_919_162


def test_decoding_and_palindrome_holes() -> None:
    codec = Codec(160)
    assert codec.decode(1_751_697) == Placement(4, "H", 0, -1, True)
    with pytest.raises(ValueError, match="palindrome"):
        codec.decode(103_043)  # RRR flipped
    for bad in (-1, 32_973_122, "draw", 2.0, True):
        with pytest.raises(ValueError):
            codec.check(bad)


@pytest.mark.parametrize(
    "text",
    ["", "place", "RRX H 0,0", "*RR H 0,0", "RR* H 0,0", "RRR D 0,0", "RRR H 0", "RRR H a,b", "RRR H 0,161",
     "R*R H 0,0", "RRRR H 0,0"],
)  # fmt: skip
def test_malformed_notation_raises(text: str) -> None:
    state = kameleon.load("chromino", players=2).new_state(1)
    with pytest.raises(kameleon.NotationError):
        state.parse_action(text)


@pytest.mark.parametrize(
    ("text", "example"),
    [("GPG H", "GPG H 0,-1"), ("ypr v", "YPR V 0,-1"), ("r*g", "R*G H 0,-1"), ("PRR H 0", "PRR H 0,-1")],
)
def test_a_placement_without_its_square_says_what_is_missing(text: str, example: str) -> None:
    state = kameleon.load("chromino", players=2).new_state(1)
    with pytest.raises(kameleon.NotationError, match=f"is not a whole placement: .* e.g. '{re.escape(example)}'"):
        state.parse_action(text)
    with pytest.raises(kameleon.NotationError, match="'yes' is not a move; moves are 'draw', 'pass'"):
        state.parse_action("yes")  # three letters that are no colours: no placement begun
    with pytest.raises(kameleon.NotationError, match=r"'\*rg' is not a move"):
        state.parse_action("*rg")  # a chameleon is only ever a tile's middle: no tile begins so


def test_notation_normalises_palindromes_and_reads_either_direction() -> None:
    state = kameleon.load("chromino", players=2).new_state(1)
    assert state.parse_action("rrp h 0,-1") == state.parse_action("RRP H 0,-1") != state.parse_action("PRR H 0,-1")
    assert state.action_to_str(state.parse_action("  YRY   V 3 , -4 ")) == "YRY V 3,-4"
