"""Turn and round rules (sections 3-4) and the acceptance scenarios of section 9."""

from __future__ import annotations

import random

import pytest

import kameleon
from kameleon import IllegalAction
from kameleon.games.coloretto import notation as nt
from kameleon.games.coloretto.cards import COLOURS, GOLDEN, JOKER, LAST_ROUND, PLUS_TWO
from kameleon.games.coloretto.phases import DECLARE
from kameleon.games.coloretto.state import ColorettoState

from .helpers import play, set_pile, stack_pile

BLUE, BROWN, GREEN, ORANGE, PURPLE, RED, YELLOW = range(7)


def new(players: int = 3, **options: object) -> ColorettoState:
    options.setdefault("start_player", 0)
    state = kameleon.load("coloretto", players=players, **options).new_state(5)
    assert isinstance(state, ColorettoState)
    return state


def test_scenario_1_first_turn_of_every_round_is_a_draw() -> None:
    rng = random.Random(0)
    for seed in range(30):
        state = kameleon.load("coloretto", players=2 + seed % 4).new_state(seed)
        while not state.is_terminal:
            if state.phase == 0 and all(state.active) and not any(state.rows):
                assert state.legal_actions() == [nt.DRAW]
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])


def test_scenario_2_all_rows_full_only_takes() -> None:
    state = new(3)
    for _ in range(9):
        play(state, "draw")
        state.apply(state.legal_actions()[0])
    assert all(len(row) == 3 for row in state.rows)
    assert state.legal_actions() == [nt.TAKE, nt.TAKE + 1, nt.TAKE + 2]
    with pytest.raises(IllegalAction, match="Every row in the centre is full"):
        state.apply(nt.DRAW)


def test_scenario_3_two_players_green_rows_and_discard() -> None:
    state = new(2)
    assert state.game.capacities == (1, 2, 3)
    play(state, "draw", "place 1")
    play(state, "draw")
    with pytest.raises(IllegalAction, match="Row 1 is full"):
        state.apply_str("place 1")
    play(state, "place 2", "draw", "place 2", "draw", "place 3")
    assert state.legal_actions() == [nt.DRAW, nt.TAKE, nt.TAKE + 1, nt.TAKE + 2]
    taker = state.current_player
    assert taker is not None
    left = [card for card in state.rows[2]]
    play(state, "take 1")
    assert state.current_player == 1 - taker  # the other plays alone
    play(state, "take 2")
    assert state.discarded == left
    assert state.round == 2 and state.current_player == 1 - taker
    assert all(not row for row in state.rows) and all(state.active)
    assert [e[1] for e in state.events] == ["discard"] * len(left)


def test_three_of_three_rows_for_two_players() -> None:
    state = new(2, two_player_rows="three_of_three")
    assert state.game.capacities == (3, 3, 3)


def test_scenario_4_last_round_card_is_set_aside_and_the_round_finishes() -> None:
    state = new(3)
    stack_pile(state, [LAST_ROUND, RED])
    play(state, "draw")
    assert state.drawn == RED and state.final_round
    assert state.cards_above_last_round is None
    assert state.events == [(1, "last round", LAST_ROUND)]
    play(state, "place 1", "take 1", "draw", "place 2", "take 2", "draw", "place 3")
    assert not state.is_terminal
    play(state, "take 3")
    assert state.is_terminal and state.current_player is None and state.legal_actions() == []


def test_scenario_5_golden_joker_bonus() -> None:
    state = new(3)
    stack_pile(state, [GOLDEN, BLUE])
    blue_before = state.held[1][BLUE]
    play(state, "draw", "place 1", "take 1")  # seat 0 places the golden joker, seat 1 takes it
    assert state.held[1][GOLDEN] == 1 and state.held[1][BLUE] == blue_before + 1
    assert state.events == [(3, "bonus", BLUE)]


def test_scenario_5_golden_joker_bonus_reveals_the_last_round_card() -> None:
    state = new(3)
    stack_pile(state, [GOLDEN, LAST_ROUND, GREEN])
    before = state.held[1][GREEN]
    play(state, "draw", "place 1", "take 1")
    assert state.final_round
    assert state.held[1][GREEN] == before + 1
    assert [e[1] for e in state.events] == ["last round", "bonus"]


def test_golden_joker_in_the_discarded_row_gives_nothing() -> None:
    state = new(2)
    stack_pile(state, [RED, GOLDEN, BLUE])
    play(state, "draw", "place 1", "draw", "place 3", "take 1")  # seat 0 takes row 1
    play(state, "draw", "place 2", "take 2")  # seat 1 alone; row 3 with the golden joker is discarded
    assert GOLDEN in state.discarded
    assert state.held[0][GOLDEN] == state.held[1][GOLDEN] == 0
    assert all(e[1] != "bonus" for e in state.events)


def test_plain_jokers_give_no_bonus() -> None:
    state = new(3, jokers="plain")
    stack_pile(state, [JOKER, BLUE])
    play(state, "draw", "place 1", "take 1")
    assert state.events == [] and state.pile_size == len(state._deck) - 1


def test_scenario_6_last_taker_starts_the_next_round() -> None:
    state = new(4)
    play(state, "draw", "place 1", "draw", "place 2", "draw", "place 3", "draw", "place 4")  # seats 0-3
    play(state, "take 1", "draw", "place 2", "take 3", "take 4")  # seats 0, 1, 2, 3
    assert state.current_player == 1  # alone
    play(state, "take 2")
    assert state.round == 2 and state.current_player == 1 and state.round_start == 1


def test_turn_order_skips_players_out_of_the_round() -> None:
    state = new(4)
    play(state, "draw", "place 1", "take 1")  # seat 0 draws, seat 1 takes
    assert state.current_player == 2
    play(state, "draw", "place 2", "draw", "place 2", "draw", "place 3")  # seats 2, 3, 0
    assert state.current_player == 2  # seat 1 is skipped


def test_lone_player_may_keep_drawing_then_must_take_when_full() -> None:
    state = new(3)
    play(state, "draw", "place 1", "take 1", "draw", "place 2", "take 2")  # seats 0, 1, 2, 0
    assert state.current_player == 2
    assert state.legal_actions() == [nt.DRAW]  # the last row is empty: draw first
    play(state, "draw", "place 3", "draw", "place 3", "draw", "place 3")
    assert state.legal_actions() == [nt.TAKE + 2]


def test_taken_row_cannot_receive_or_be_taken_again() -> None:
    state = new(3)
    play(state, "draw", "place 1", "take 1", "draw")
    with pytest.raises(IllegalAction, match="Row 1 was taken this round"):
        state.apply_str("place 1")
    play(state, "place 2")
    with pytest.raises(IllegalAction, match="Row 1 was taken"):
        state.apply_str("take 1")


@pytest.mark.parametrize(
    ("moves", "bad", "message"),
    [
        ([], "take 1", "Row 1 is empty"),
        ([], "place 1", "no drawn card"),
        (["draw"], "draw", "place it in a row first"),
        ([], "take 4", "The row must be a number from 1 to 3"),  # three rows at a table of 3
        ([], "joker red", "declared after the final round"),
        ([], "fly", r"^'fly' is not a move; moves are: draw, place <row>, take <row>\.$"),  # no end choices here
        ([], "place x", "number from 1 to 3"),
        ([], "joker pink", "no colour 'pink'"),
        ([], "place", r"^'place' needs a row: place <row>, a number from 1 to 3 \(e\.g\. place 1\)\.$"),
        ([], "TAKE ", r"^'take' needs a row: take <row>"),
    ],
)
def test_illegal_moves_are_explained_and_change_nothing(moves: list[str], bad: str, message: str) -> None:
    state = new(3)
    play(state, *moves)
    before = state.clone()
    with pytest.raises(IllegalAction, match=message):
        state.apply_str(bad)
    assert state == before


def test_a_word_that_is_no_move_is_met_with_the_moves_this_game_has() -> None:
    manual = new(3, scoring_choices="manual")
    with pytest.raises(IllegalAction, match="moves are: draw, place <row>, take <row>, joker <colour>, positive"):
        manual.apply_str("fly")
    with pytest.raises(IllegalAction, match=r"'joker' needs a colour: joker <colour>, one of blue, brown, "):
        manual.apply_str("joker")


def test_non_actions_are_rejected() -> None:
    state = new(3)
    for bad in (-1, 26, "draw", None, True, 1.5):
        with pytest.raises(IllegalAction, match="not a Coloretto action"):
            state.apply(bad)  # type: ignore[arg-type]


def test_values_equal_to_an_action_code_are_no_actions_in_any_phase() -> None:
    """False == DRAW, True == place 1 and 6.0 == take 1 in Python; none of them is a move."""
    state = new(3, scoring_choices="manual")
    for phase_moves, bad in (([], False), (["draw"], True), (["place 1"], 6.0), ([], 0.0)):
        play(state, *phase_moves)
        before = state.clone()
        with pytest.raises(IllegalAction, match="not a Coloretto action"):
            state.apply(bad)  # type: ignore[arg-type]
        assert state == before
    rng = random.Random(1)
    while state.phase != DECLARE:
        state.apply(rng.choice(state.legal_actions()))
    for wrong in ("done", float(nt.DONE)):
        with pytest.raises(IllegalAction, match="not a Coloretto action"):
            state.apply(wrong)  # type: ignore[arg-type]
    assert len(state.record()["moves"]) == len(state.history)  # every move played has its notation


def test_fallback_empty_row_take_when_the_pile_is_exhausted() -> None:
    # Non-standard: depth 1 leaves one card under the last-round card (4.3).
    state = new(3, last_round_depth=1)
    set_pile(state, [RED, BLUE, LAST_ROUND, GREEN])
    play(state, "draw", "place 1", "draw", "place 2", "draw")  # third draw reveals the last-round card
    assert state.final_round and state.pile_size == 0
    play(state, "place 3", "take 1", "take 2", "take 3")
    assert state.is_terminal


def test_rule_4_3_3_empty_rows_can_be_taken_when_nothing_else_is_legal() -> None:
    state = new(3, last_round_depth=1)
    set_pile(state, [RED, LAST_ROUND, BLUE])
    play(state, "draw", "place 1", "take 1", "draw")  # the last-round card is revealed, then blue
    play(state, "place 2", "take 2")
    assert state.legal_actions() == [nt.TAKE + 2]  # empty row 3, no card to draw
    play(state, "take 3")
    assert state.is_terminal


def test_manual_declaration_flow() -> None:
    state = new(3, scoring_choices="manual", jokers="plain")
    stack_pile(state, [LAST_ROUND, JOKER, PLUS_TWO, GREEN])
    play(state, "draw", "place 1", "draw", "place 1", "draw", "place 2")  # seats 0, 1, 2
    play(state, "take 1", "take 2", "draw", "place 3", "take 3")  # seat 0 gets the joker and the +2
    assert state.phase == DECLARE and state.current_player == 0 and not state.is_terminal
    with pytest.raises(IllegalAction, match="each of your wild cards a colour"):
        state.apply_str("done")
    with pytest.raises(IllegalAction, match="not in play"):
        state.apply(nt.JOKER_TO + state.removed[0])
    colour = next(c for c in state.in_play if state.held[0][c])
    name = COLOURS[colour]
    play(state, f"joker {name}", f"positive {name}")
    with pytest.raises(IllegalAction, match="already positive"):
        state.apply_str(f"positive {name}")
    play(state, "done")
    assert state.current_player == 1
    play(state, "done", "done")  # seats 1 and 2 declare nothing positive
    assert state.is_terminal
    scores = state.scores()
    assert scores[0] == 3 + 2  # two cards of the colour (brown table: 3) + the "+2"
    assert scores[1] < 0 and scores[2] < 0  # everything held counts negative


def test_pile_is_public_as_a_count_and_a_multiset() -> None:
    state = new(4)
    view = state.view(1)
    assert view["pile_size"] == 73 and view["cards_above_last_round"] == 56
    assert sum(view["pile_contents"].values()) == 73
