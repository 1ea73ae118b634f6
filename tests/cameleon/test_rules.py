"""The association chart of §5.4, options, notation details and the choice actions of §10.2."""

from __future__ import annotations

import pytest

import kameleon
from kameleon.games.cameleon.chart import KIND_LETTERS, chart_cell
from kameleon.games.cameleon.notation import move_action

from .support import at, legal

SPEC_TABLE = """
B+B | - | xV | xG | x | x | x | x
B+R | xV | xV | - | - | - | - | -
B+Y | xG | - | xG | - | - | - | -
B+V | x | - | - | x | - | - | -
B+O | x | - | - | - | x | - | -
B+G | x | - | - | - | - | x | -
B+K | - | x | x | x | x | x | x
R+R | xV | - | xO | x | x | x | x
R+Y | - | xO | xO | - | - | - | -
R+V | - | x | - | x | - | - | -
R+O | - | x | - | - | x | - | -
R+G | - | x | - | - | - | x | -
R+K | x | - | x | x | x | x | x
Y+Y | xG | xO | - | x | x | x | x
Y+V | - | - | x | x | - | - | -
Y+O | - | - | x | - | x | - | -
Y+G | - | - | x | - | - | x | -
Y+K | x | x | - | x | x | x | x
V+V | x | x | x | - | xK | xK | x
V+O | - | - | - | xK | xK | - | -
V+G | - | - | - | xK | - | xK | -
V+K | x | x | x | - | x | x | x
O+O | x | x | x | xK | - | xK | x
O+G | - | - | - | - | xK | xK | -
O+K | x | x | x | x | - | x | x
G+G | x | x | x | xK | xK | - | x
G+K | x | x | x | x | x | - | x
K+K | x | x | x | x | x | x | x
"""
"""The full association table of rules §5.4, copied from the spec."""


def test_chart_equals_the_spec_table_in_both_attacker_orders() -> None:
    tally: dict[str, int] = {}
    for line in SPEC_TABLE.strip().splitlines():
        head, *cells = (part.strip() for part in line.split("|"))
        a, b = (KIND_LETTERS.index(c) for c in head.split("+"))
        for v, cell in enumerate(cells):
            assert chart_cell(a, b, v) == cell == chart_cell(b, a, v), f"{head} against {KIND_LETTERS[v]}"
            kind = "none" if cell == "-" else "plain" if cell == "x" else "K" if cell == "xK" else "complementary"
            tally[kind] = tally.get(kind, 0) + 1
    assert tally == {"none": 87, "plain": 85, "complementary": 12, "K": 12}


def test_options_are_validated_with_precise_messages() -> None:
    with pytest.raises(kameleon.InvalidOption, match="players"):
        kameleon.load("cameleon", players=3)
    with pytest.raises(kameleon.InvalidOption, match="repetition_count"):
        kameleon.load("cameleon", repetition_count=1)
    with pytest.raises(kameleon.InvalidOption, match="finite_supply"):
        kameleon.load("cameleon", finite_supply="yes")
    with pytest.raises(kameleon.InvalidOption, match="has 9 ranks; this board has 11"):
        kameleon.load("cameleon", board="8x11", start="8/8/8/8/8/8/8/8/8 R 0 1")
    with pytest.raises(kameleon.InvalidOption, match="Round pieces stand only on light squares"):
        kameleon.load("cameleon", start="8/8/8/8/8/8/8/1B6/8 R 0 1")
    with pytest.raises(kameleon.InvalidOption, match="reserve squares hold only"):
        kameleon.load("cameleon", start="8/8/8/8/8/8/8/8/1B6 R 0 1")
    with pytest.raises(kameleon.InvalidOption, match="not its owner's reserve square"):
        kameleon.load("cameleon", start="1V6/8/8/8/8/8/8/8/8 R 0 1")
    with pytest.raises(kameleon.InvalidOption, match="side to move"):
        kameleon.load("cameleon", start="8/8/8/8/8/8/8/8/8 X 0 1")
    with pytest.raises(kameleon.InvalidOption, match="describes 9 files"):
        kameleon.load("cameleon", start="63/8/8/8/8/8/8/8/8 R 0 1")


def test_start_cpn_is_stored_in_canonical_form() -> None:
    game = kameleon.load("cameleon", start="44/1b1b1b1b/8/8/8/8/8/B1B5/8 R 3 9")
    assert game.options["start"] == "8/1b1b1b1b/8/8/8/8/8/B1B5/8 R 3 9"
    assert game.new_state(0).to_cpn() == game.options["start"]


def test_a_set_up_position_without_pieces_is_drawn() -> None:
    state = at("8/8/8/8/8/8/8/8/8 R 0 1")
    assert state.is_terminal and state.winners() == [0, 1] and state.reason == "elimination"
    assert state.legal_actions() == []


def test_bare_token_places_rewards_in_file_order_when_only_squares_differ() -> None:
    state = at("8/5b2/3R4/3y3b/8/2Y5/8/8/8 R 0 1")
    state.apply_str("c4-d5")
    assert state.record()["moves"] == ["c4-d5xd6=O@b1"]


def test_bare_token_is_ambiguous_when_the_reward_kind_differs() -> None:
    state = at("8/7b/8/2YrB3/8/2R5/8/8/8 R 0 1")
    before = state.clone()
    with pytest.raises(kameleon.NotationError, match=r"ambiguous.*c4-d5xd6=O@b1.*c4-d5xd6=V@h1"):
        state.apply_str("c4-d5")
    assert state == before


def test_a_reward_without_its_square_says_so() -> None:
    state = at("8/7b/8/2YrB3/8/2R5/8/8/8 R 0 1")
    before = state.clone()
    with pytest.raises(kameleon.NotationError, match=r"the reward for the capture on d6 needs the free square of the "
                       r"reserve it goes to, written xd6=O@<square>"):  # fmt: skip
        state.apply_str("c4-d5xd6=o")
    assert state == before


def test_wrong_captures_are_rejected_with_the_legal_moves() -> None:
    state = at("8/5b2/3R4/3y3b/8/2Y5/8/8/8 R 0 1")
    before = state.clone()
    for token in ("c4-d5xd6=V@b1", "c4-d5xd6", "c4-d5xd6=O@a9", "c4-d5xd6=O@b1xh6"):
        with pytest.raises(kameleon.IllegalAction, match="c4-d5xd6=O@b1 c4-d5xd6=O@d1"):
            state.apply_str(token)
        assert state == before


def test_choice_actions_follow_the_displacement() -> None:
    game = kameleon.load("cameleon", start="8/7b/8/2YrB3/4yY2/2R5/8/8/1O1O4 R 0 1")
    state = game.new_state(0)
    state.apply(state.parse_action("c4-d5"))
    assert state.current_player == 0 and state.pending is not None
    assert state.legal_actions() == [2089, 2090]  # §10.2: pick reward kind V, O (for the victim d6)
    assert [state.action_to_str(a) for a in state.legal_actions()] == ["=V", "=O"]
    state.apply_str("=O")
    assert [state.action_to_str(a) for a in state.legal_actions()] == ["=O", "=G"]  # the victim e5
    state.apply(state.parse_action("=G"))
    assert [state.action_to_str(a) for a in state.legal_actions()] == ["@f1", "@h1"]
    assert state.legal_actions() == [2092 + 2, 2092 + 3]  # f1 and h1 are Round's reserve squares 2 and 3
    state.apply_str("@h1")
    assert state.pending is None and state.current_player == 1
    assert state.record()["moves"] == ["c4-d5xd6=O@h1xe5=G@f1"]
    assert state.history == [move_action(26, 35), 2090, 2091, 2095]


def test_a_displacement_written_with_a_star_stops_before_the_choices() -> None:
    state = at("8/5b2/3R4/3y3b/8/2Y5/8/8/8 R 0 1")
    assert state.action_to_str(state.parse_action("c4-d5")) == "c4-d5*"
    state.apply_str("c4-d5*")
    assert [state.action_to_str(a) for a in state.legal_actions()] == ["@b1", "@d1", "@f1", "@h1"]
    with pytest.raises(kameleon.IllegalAction, match="finish the capture first") as refused:
        state.apply(state.game.geo.pass_action)
    assert refused.value.message.code == "capture_pending_reserve"
    with pytest.raises(kameleon.IllegalAction, match="finish the capture first"):
        state.apply_str("a2-b3")  # a displacement while the ply waits: the same explanation, not a notation error
    with pytest.raises(kameleon.NotationError, match="not one of your reserve squares"):
        state.apply_str("@a9")
    state.apply_str("@h1")
    assert state.to_cpn() == "8/5b2/3R4/7b/3Y4/8/8/8/7O S 0 1"


def test_moves_from_the_start_and_errors_name_the_problem() -> None:
    state = kameleon.load("cameleon").new_state(0)
    assert legal(state) == ["a4-b5", "c4-b5", "c4-d5", "e4-d5", "e4-f5", "g4-f5", "g4-h5"]
    cases = {
        "c4-e6": "only a chameleon moves more than one square",
        "b6-c5": "your opponent's",
        "d5-e6": "no piece on d5",
        "b3-c4": "the piece on b3 cannot move",
        "pass": "only when you have no legal move",
    }
    for token, message in cases.items():
        with pytest.raises(kameleon.IllegalAction, match=message):
            state.apply_str(token)


def test_set_up_endings_two_chameleons_and_lone_piece() -> None:
    two = at("8/8/8/8/3Kk3/8/8/8/8 R 0 1")
    assert two.is_terminal and two.winners() == [0, 1] and two.reason == "two_chameleons"
    three = at("8/8/8/8/3Kk3/8/8/8/1K6 S 0 1")
    assert three.winners() == [0] and three.reason == "three_chameleons"
    lone = at("8/8/8/8/3Kb3/8/8/8/1K6 S 0 1")
    assert lone.winners() == [0] and lone.reason == "lone_piece"
    assert not at("8/8/8/8/3Kb3/8/8/8/1K6 S 0 1", lone_piece_rule=False).is_terminal


def test_a_record_with_a_bad_token_names_the_move() -> None:
    state = kameleon.load("cameleon").new_state(4)
    state.apply_str("c4-d5")
    record = state.record()
    record["moves"].append("c4-d6")
    with pytest.raises(kameleon.RecordError, match="move 2 'c4-d6'"):
        kameleon.replay(record)


def test_bench_extras_count_plies_of_uncapped_games() -> None:
    from kameleon.games.cameleon import bench

    figures = bench.run(0.2)
    assert figures["full_games_per_s"] > 0 and 50 < figures["plies_per_full_game"] < 2000
