"""Deck, setup, turns, legal moves, notation and options: TV-01, TV-02, TV-04, TV-05, TV-16 and errors."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import kameleon
from kameleon import IllegalAction, InvalidOption
from kameleon.engine.errors import NotationError
from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne.cards import (
    CARD_NAMES,
    COPIES,
    DEAL_TABLE,
    FACE,
    FACE_CODES,
    VALUE,
    card_name,
)
from kameleon.games.cardcassonne.phases import PLAY, SETUP_JOKER
from kameleon.games.cardcassonne.setup import shuffled_deck

from .helpers import play, position, resolve, row_faces


def test_tv01_deck() -> None:
    faces = Counter(FACE_CODES[FACE[c]] for c in range(130))
    assert len(faces) == 24 and sum(faces.values()) == 130
    for colour in "YRGB":
        assert [faces[colour + t] for t in ("P1", "P2", "P3", "H", "A")] == [8, 5, 3, 5, 9]
        assert sum(VALUE[c] for c in range(130) if FACE_CODES[FACE[c]].startswith(colour)) == 27
    assert [faces[j] for j in ("DRG", "FAI", "WA", "WH")] == [1, 1, 4, 4]
    assert sum(COPIES) == 130


def test_card_ids_follow_the_spec() -> None:
    assert [card_name(c) for c in (0, 7, 8, 13, 16, 21, 29, 30, 120, 121, 122, 125, 126, 129)] == [
        "YP1.1", "YP1.8", "YP2.1", "YP3.1", "YH.1", "YA.1", "YA.9", "RP1.1", "DRG", "FAI", "WA.1", "WA.4",
        "WH.1", "WH.4",
    ]  # fmt: skip
    assert len(set(CARD_NAMES)) == 130
    assert [FACE[c] for c in (0, 8, 13, 16, 21, 111, 120, 121, 122, 126)] == [0, 1, 2, 3, 4, 19, 20, 21, 22, 23]


@pytest.mark.parametrize(("players", "turns"), [(2, 140), (3, 144), (4, 144), (5, 150)])
def test_tv02_deal_table(players: int, turns: int) -> None:
    per, rounds = DEAL_TABLE[players]
    assert players * per * rounds == 120
    assert players * (per + 1) * rounds == turns
    state = kameleon.load("cardcassonne", players=players).new_state(4)
    while state.phase == SETUP_JOKER:
        state.apply(state.legal_actions()[0])
    assert [len(h) for h in state.hands] == [per] * players
    assert state.deck_size == 120 - players * per


def test_tv16_setup_and_deal_follow_the_shuffle() -> None:
    seed = 12345
    deck = shuffled_deck(seed)
    assert deck == tuple(random.Random(seed).sample(range(130), 130)) or sorted(deck) == list(range(130))
    expected = list(range(130))
    random.Random(seed).shuffle(expected)
    assert list(deck) == expected
    state = kameleon.load("cardcassonne", players=4).new_state(seed)
    rows: list[list[int]] = [[], [], [], []]
    moves = 0
    for card in deck[:10]:
        if card >= 120:
            assert state.phase == SETUP_JOKER and state.current_player == 3
            assert state.legal_actions() == [196, 197, 198, 199]
            state.apply_str("J@B")
            rows[3].append(card)
            moves += 1
        else:
            rows[card // 30].append(card)
    assert [[e & 255 for e in row] for row in state.rows] == rows
    assert len(state.history) == moves and state.phase == PLAY
    # the deal: one card at a time clockwise from the dealer's left neighbour (seat 0)
    for seat in range(4):
        assert state.hands[seat] == sorted(deck[10 + seat : 30 : 4])
    assert state.current_player == 0 and state.deck_size == 100


def test_tv16_joker_goes_where_the_dealer_says() -> None:
    for seed in range(200):
        state = kameleon.load("cardcassonne", players=3).new_state(seed)
        if state.phase == SETUP_JOKER:
            joker = state.pending_joker
            state.apply_str("J@G")
            assert joker in [e & 255 for e in state.rows[2]]
            return
    raise AssertionError("no seed with a joker in the display")


def test_tv04_face_up_cards_go_to_their_row() -> None:
    state = position(4, {}, hands=[["RP1", "YP1"], ["RP2", "YP1"], ["GP1", "YP1"], ["YP1", "YP2"]])
    play(state, "?YP1@B", "?YP1@B", "?YP1@B", "?YP1@B", "RP1", "RP2", "GP1")
    assert row_faces(state, "R") == ["RP1", "RP2"] and row_faces(state, "G") == ["GP1"]


def test_tv05_legal_action_counts() -> None:
    state = position(2, {}, hands=[["YP1", "YP1", "GA", "DRG", "WH"], ["YP1", "YP1", "GA", "FAI", "WH"]])
    assert len(state.legal_actions()) == 20
    play(state, "?GA@Y", "F@Y")
    assert state.current_player == 0 and len(state.legal_actions()) == 13
    play(state, "F@R", "?YP1@B")
    assert state.current_player == 0 and len(state.legal_actions()) == 9
    empty = position(2, {}, hands=[[], []])
    assert empty.legal_actions() == [192, 193, 194, 195]


def test_first_card_must_go_face_down_and_later_ones_must_not() -> None:
    state = position(2, {}, hands=[["YP1", "RA"], ["GP1", "BA"]])
    before = state.clone()
    with pytest.raises(IllegalAction, match="face down"):
        state.apply_str("YP1")
    assert state == before
    play(state, "F@Y", "?GP1@R")
    with pytest.raises(IllegalAction, match="face down"):
        state.apply_str("YP1")
    play(state, "?YP1@G")
    with pytest.raises(IllegalAction, match="face up"):
        state.apply_str("?BA@B")
    with pytest.raises(IllegalAction, match="You hold no red animal"):
        state.apply_str("RA")
    play(state, "BA")
    before = state.clone()
    with pytest.raises(IllegalAction, match="already placed your follower"):
        state.apply_str("F@G")
    assert state == before


def test_follower_once_and_turn_rotation() -> None:
    state = position(2, {}, hands=[["YP1"], ["GP1"]])
    play(state, "F@R")
    assert state.current_player == 1
    play(state, "F@R", "?YP1@G")
    before = state.clone()
    with pytest.raises(IllegalAction, match="already placed your follower"):
        state.apply_str("F@B")
    assert state == before


def test_round_first_option() -> None:
    state = position(2, {}, hands=[["YP1", "RA"], ["GP1", "BA"]], face_down_rule="round_first")
    play(state, "F@Y")
    assert all(a >= nt.FACE_DOWN or a >= nt.FOLLOWER for a in state.legal_actions())
    play(state, "?GP1@Y")
    assert state.legal_actions() == [nt.FACE_UP + 4 * 0 + 0, nt.FACE_UP + 4 * 9 + 1]  # YP1, RA face up
    play(state, "YP1")
    assert state.legal_actions() == [4 * 19 + 3, *range(192, 196)]  # BA face up, or the follower


@pytest.mark.parametrize(
    ("token", "index"),
    [("YP3", 8), ("?YP3@B", 96 + 8 + 3), ("DRG@G", 82), ("F@G", 194), ("J@R", 197), ("keep", 200),
     ("ten", 201), ("wild@Y", 202), ("wild@G", 204), ("WH@B", 95), ("BA", 79)],
)  # fmt: skip
def test_notation_tokens_and_indices(token: str, index: int) -> None:
    assert nt.parse(token) == index
    assert nt.to_str(index) == token


def test_every_action_index_round_trips() -> None:
    game = kameleon.load("cardcassonne", players=3)
    valid = [i for i in range(206) if nt.is_action(i)]
    assert len(valid) == 206 - 20 * 3
    for i in valid:
        assert game.index_action(i) == i and nt.parse(nt.to_str(i)) == i
    with pytest.raises(ValueError, match="no Cardcassonne action"):
        game.index_action(1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("YP3@B", "can only go to the yellow row"),
        ("YP3@Y", r"goes to its own row, written YP3; face down, it is written \?YP3@Y"),
        ("DRG", "needs a row"),
        ("?@B", "hides the card"),
        ("?YP3", "needs a row"),
        ("XX", "not a move"),
        ("F@Q", "not a row"),
        ("", "empty"),
        ("YQ@R", "not a card face"),
    ],
)
def test_bad_notation_is_named(text: str, message: str) -> None:
    state = kameleon.load("cardcassonne", players=2).new_state(1)
    before = state.clone()
    with pytest.raises(NotationError, match=message):
        state.apply_str(text)
    assert state == before


@pytest.mark.parametrize("bad", [-1, 206, 1, "F@G", None, 3.0, True, [192]])
def test_malformed_actions_raise_and_change_nothing(bad: object) -> None:
    state = kameleon.load("cardcassonne", players=4).new_state(2)
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply(bad)  # type: ignore[arg-type]
    assert state == before


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 6}, "players"),
        ({"players": 3, "first_dealer": 3}, "first_dealer"),
        ({"players": 3, "animal_points": [1, 2]}, "animal_points"),
        ({"players": 3, "animal_points": [3] * 12 + [2]}, "non-decreasing"),
        ({"players": 3, "face_down_rule": "never"}, "face_down_rule"),
        ({"players": 3, "reveal_unclaimed_face_down": 1}, "reveal_unclaimed_face_down"),
    ],
)
def test_bad_options(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        kameleon.load("cardcassonne", **options)


def test_first_dealer_and_animal_points_options() -> None:
    game = kameleon.load("cardcassonne", players=3, first_dealer=0, animal_points=[1] * 13)
    state = game.new_state(8)
    while state.phase == SETUP_JOKER:
        assert state.current_player == 0
        state.apply(196)
    assert state.current_player == 1
    s2 = position(3, {"G": ["GA", "GA", "F(0)"]}, animal_points=[1] * 13)
    resolve(s2)
    assert s2.score[0] == 1


def test_chest_visible_to_owner_option() -> None:
    hidden = position(2, {}, chests={0: ["YH"]})
    shown = position(2, {}, chests={0: ["YH"]}, chest_visible_to_owner=True)
    assert hidden.view(0)["players"][0]["chest"] is None
    assert shown.view(0)["players"][0]["chest"] == ["YH"]
    assert shown.view(1)["players"][0]["chest"] is None
    assert shown.view(1)["players"][0]["chest_size"] == 1
