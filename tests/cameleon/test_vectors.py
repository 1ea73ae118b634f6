"""The worked examples and test vectors of rules/cameleon.md §11 (TV-01 .. TV-27), one test each."""

from __future__ import annotations

import pytest

from .support import at, legal, status

START = "8/1b1b1b1b/r1r1r1r1/1y1y1y1y/8/Y1Y1Y1Y1/1R1R1R1R/B1B1B1B1/8 R 0 1"
OPENINGS = ["a4-b5", "c4-b5", "c4-d5", "e4-d5", "e4-f5", "g4-f5", "g4-h5"]


def test_tv01_start_position() -> None:
    state = at(START)
    assert state.to_cpn() == START
    assert legal(state) == OPENINGS
    for opening in OPENINGS:
        after = at(START)
        after.apply_str(opening)
        replies = legal(after)
        assert len(replies) == 7 and not any("x" in r for r in replies)


def test_tv01_board_8x11_and_first_player() -> None:
    import kameleon

    tall = kameleon.load("cameleon", board="8x11").new_state(0)
    assert tall.to_cpn() == "8/1b1b1b1b/r1r1r1r1/1y1y1y1y/8/8/8/Y1Y1Y1Y1/1R1R1R1R/B1B1B1B1/8 R 0 1"
    assert legal(tall) == OPENINGS
    square = kameleon.load("cameleon", first_player="square").new_state(0)
    assert square.to_cpn() == START.replace(" R ", " S ")
    assert legal(square) == ["b6-a5", "b6-c5", "d6-c5", "d6-e5", "f6-e5", "f6-g5", "h6-g5"]
    assert square.current_player == 1


def test_tv02_capture_with_reward() -> None:
    state = at("8/5b2/3R4/3y3b/8/2Y5/8/8/8 R 0 1")
    assert legal(state, "c4-d5") == [f"c4-d5xd6=O@{s}" for s in ("b1", "d1", "f1", "h1")]
    state.apply_str("c4-d5xd6=O@b1")
    assert state.to_cpn() == "8/5b2/3R4/7b/3Y4/8/8/8/1O6 S 0 1"
    assert status(state) == "ongoing"


TV03 = [
    ("Y", "R", "r", "c4-d5xd6=O@b1", 4), ("Y", "Y", "r", "c4-d5xd6=O@b1", 4), ("R", "Y", "y", "c4-d5xd6=O@b1", 4),
    ("R", "R", "y", "c4-d5xd6=O@b1", 4), ("B", "R", "b", "c4-d5xd6=V@b1", 4), ("Y", "B", "y", "c4-d5xd6=G@b1", 4),
    ("R", "R", "r", "c4-d5", 1), ("Y", "R", "b", "c4-d5", 1), ("V", "O", "v", "c4-d5xd6=K@b1", 4),
    ("O", "O", "v", "c4-d5xd6=K@b1", 4), ("V", "O", "o", "c4-d5xd6=K@b1", 4), ("V", "V", "o", "c4-d5xd6=K@b1", 4),
    ("B", "O", "b", "c4-d5xd6", 1), ("O", "O", "b", "c4-d5xd6", 1), ("B", "O", "o", "c4-d5xd6", 1),
    ("B", "B", "o", "c4-d5xd6", 1), ("R", "V", "r", "c4-d5xd6", 1), ("G", "G", "y", "c4-d5xd6", 1),
    ("R", "Y", "o", "c4-d5", 1), ("B", "R", "v", "c4-d5", 1), ("B", "V", "r", "c4-d5", 1),
    ("K", "R", "y", "c4-d5xd6", 1), ("K", "R", "r", "c4-d5", 1), ("K", "V", "o", "c4-d5xd6", 1),
    ("K", "O", "o", "c4-d5", 1), ("K", "K", "r", "c4-d5xd6", 1), ("K", "K", "k", "c4-d5xd6", 1),
    ("Y", "Y", "k", "c4-d5xd6", 1), ("Y", "R", "k", "c4-d5", 1), ("K", "R", "k", "c4-d5xd6", 1),
    ("K", "G", "k", "c4-d5xd6", 1),
]  # fmt: skip


@pytest.mark.parametrize(("x", "z", "v", "expected", "n"), TV03)
def test_tv03_association_chart_row(x: str, z: str, v: str, expected: str, n: int) -> None:
    state = at(f"8/7k/3{z}4/3{v}4/8/2{x}5/8/7k/8 R 0 1")
    assert status(state) == "ongoing"
    tokens = legal(state, "c4-d5")
    assert len(tokens) == n
    assert tokens[0] == expected
    state.apply_str(expected)
    assert status(state) == "ongoing"


def test_tv04_priority_of_the_attacker() -> None:
    state = at("8/8/3B2y1/3r4/8/2Ry4/8/8/8 R 0 1")
    assert legal(state, "c4-d5") == [f"c4-d5xd6=V@{s}" for s in ("b1", "d1", "f1", "h1")]
    state.apply_str("c4-d5xd6=V@b1")
    assert state.to_cpn() == "8/8/3B2y1/8/3R4/3y4/8/8/1V6 S 0 1"
    assert status(state) == "ongoing"


def test_tv05_exposed_attacker_falls_next_turn() -> None:
    state = at("8/8/3B4/3r3b/2y1y3/2R5/8/8/8 R 0 1")
    state.apply_str("c4-d5xd6=V@b1")
    assert state.to_cpn() == "8/8/3B4/7b/2yRy3/8/8/8/1V6 S 0 1"
    assert legal(state, "h6-g5") == [f"h6-g5xd5=O@{s}" for s in ("a9", "c9", "e9", "g9")]
    state.apply_str("h6-g5xd5=O@a9")
    assert state.to_cpn() == "o7/8/3B4/8/2y1y1b1/8/8/8/1V6 R 0 2"


def test_tv05_moved_piece_option() -> None:
    state = at("8/8/3B4/3r3b/2y1y3/2R5/8/8/8 R 0 1", capture_trigger="moved_piece")
    state.apply_str("c4-d5xd6=V@b1")
    assert legal(state, "h6-g5") == ["h6-g5"]


def test_tv06_moving_into_an_association_is_not_suicide() -> None:
    state = at("8/8/6b1/3y4/8/2Ry4/8/B7/8 R 0 1")
    state.apply_str("c4-d5")
    assert state.to_cpn() == "8/8/6b1/3y4/3R4/3y4/8/B7/8 S 1 1"
    assert legal(state, "g7-h8") == [f"g7-h8xd5=O@{s}" for s in ("a9", "c9", "e9", "g9")]
    state.apply_str("g7-h8xd5=O@a9")
    assert state.to_cpn() == "o7/7b/8/3y4/8/3y4/8/B7/8 R 0 2"


def test_tv07_full_reserve_blocks_then_frees() -> None:
    state = at("8/5b2/3R4/3y3b/8/2Y5/8/8/1O1V1G1K R 0 1")
    assert legal(state, "c4-d5") == ["c4-d5"]
    state.apply_str("c4-d5")
    assert state.to_cpn() == "8/5b2/3R4/3y3b/3Y4/8/8/8/1O1V1G1K S 1 1"
    state.apply_str("h6-g5")
    assert state.to_cpn() == "8/5b2/3R4/3y4/3Y2b1/8/8/8/1O1V1G1K R 2 2"
    assert legal(state, "d1-c2") == ["d1-c2xd6=O@d1"]
    state.apply_str("d1-c2xd6=O@d1")
    assert state.to_cpn() == "8/5b2/3R4/8/3Y2b1/8/8/2V5/1O1O1G1K S 0 2"


def test_tv08_full_reserve_blocks_plain_captures_and_the_option() -> None:
    position = "8/5b2/3R4/3y3b/8/2K5/8/8/1O1V1G1O R 0 1"
    assert legal(at(position), "c4-d5") == ["c4-d5"]
    state = at(position, full_reserve_blocks="rewarded")
    assert legal(state, "c4-d5") == ["c4-d5xd6"]
    state.apply_str("c4-d5xd6")
    assert state.to_cpn() == "8/5b2/3R4/7b/3K4/8/8/8/1O1V1G1O S 0 1"


def test_tv09_leaving_the_reserve_and_no_return() -> None:
    state = at("8/7y/y7/8/8/8/8/4B3/1O5K R 0 1")
    expected = ["b1-a2", "b1-c2", "e2-d3", "e2-f3", "h1-g2", "h1-f3", "h1-e4", "h1-d5", "h1-c6", "h1-b7", "h1-a8"]
    assert legal(state) == sorted(expected)
    for bad in ("e2-d1", "e2-f1"):
        before = state.clone()
        with pytest.raises(kameleon_illegal(), match="reserve row"):
            state.apply_str(bad)
        assert state == before


def kameleon_illegal() -> type[Exception]:
    import kameleon

    return kameleon.IllegalAction


def test_tv10_chameleon_moves() -> None:
    state = at("8/7y/y7/8/5Y2/8/3Kb3/8/8 R 0 1")
    assert [t for t in legal(state) if t.startswith("d3-")] == sorted(
        ["d3-c2", "d3-c4", "d3-b5", "d3-a6", "d3-e2", "d3-e4"]
    )


def test_tv11_reserve_squares_are_not_neighbours() -> None:
    state = at("8/7y/8/8/8/O7/8/1v6/1O6 R 0 1")
    assert legal(state, "a4-b3") == ["a4-b3"]
    state.apply_str("a4-b3")
    assert state.to_cpn() == "8/7y/8/8/8/8/1O6/1v6/1O6 S 1 1"


def test_tv12_two_captures_in_one_move() -> None:
    position = "8/7b/3R4/3y4/4rR2/2Y5/8/8/8 R 0 1"
    state = at(position)
    pairs = [("b1", "d1"), ("b1", "f1"), ("b1", "h1"), ("d1", "f1"), ("d1", "h1"), ("f1", "h1")]
    assert legal(state, "c4-d5") == [f"c4-d5xd6=O@{a}xe5=O@{b}" for a, b in pairs]
    state.apply_str("c4-d5xd6=O@b1xe5=O@d1")
    assert state.to_cpn() == "8/7b/3R4/8/3Y1R2/8/8/8/1O1O4 S 0 1"
    other = at(position)
    other.apply_str("c4-d5xd6=O@d1xe5=O@b1")  # the non-canonical spelling is the same move
    assert other == state
    assert other.record()["moves"] == ["c4-d5xd6=O@b1xe5=O@d1"]
    assert legal(at(position, reserve_placement="auto"), "c4-d5") == ["c4-d5xd6=O@b1xe5=O@d1"]


def test_tv13_not_enough_room_the_other_victim_stays() -> None:
    state = at("8/7b/3R4/3y4/4rR2/2Y5/8/8/1V1V1G2 R 0 1")
    assert legal(state, "c4-d5") == ["c4-d5xd6=O@h1", "c4-d5xe5=O@h1"]
    state.apply_str("c4-d5xd6=O@h1")
    assert state.to_cpn() == "8/7b/3R4/8/3YrR2/8/8/8/1V1V1G1O S 0 1"


def test_tv14_not_enough_room_plain_association_takes_the_other() -> None:
    position = "8/7b/3R4/3yK3/4rR2/2Y5/8/8/1V1V1G2 R 0 1"
    state = at(position)
    assert legal(state, "c4-d5") == ["c4-d5xd6=O@h1xe5"]
    state.apply_str("c4-d5xd6=O@h1xe5")
    assert state.to_cpn() == "8/7b/3R4/4K3/3Y1R2/8/8/8/1V1V1G1O S 0 1"
    other = at(position)
    other.apply_str("c4-d5xd6xe5=O@h1")
    assert other == state


def test_tv15_two_possible_rewards_and_opposite_option() -> None:
    position = "8/7b/8/2YrB3/8/2R5/8/8/8 R 0 1"
    squares = ("b1", "d1", "f1", "h1")
    assert legal(at(position), "c4-d5") == [f"c4-d5xd6={k}@{s}" for k in "OV" for s in squares]
    assert legal(at(position, capture_geometry="opposite"), "c4-d5") == ["c4-d5"]


def test_tv16_corner_victim_double_capture_and_elimination() -> None:
    position = "8/7b/8/8/8/1r6/1Y6/Ry6/8 S 0 1"
    state = at(position)
    pairs = [("a9", "c9"), ("a9", "e9"), ("a9", "g9"), ("c9", "e9"), ("c9", "g9"), ("e9", "g9")]
    assert legal(state, "b4-a3") == [f"b4-a3xa2=O@{a}xb3=O@{b}" for a, b in pairs]
    state.apply_str("b4-a3xa2=O@a9xb3=O@c9")
    assert state.to_cpn() == "o1o5/7b/8/8/8/8/r7/1y6/8 R 0 2"
    assert status(state) == "[1] elimination"
    assert legal(at(position, capture_geometry="opposite"), "b4-a3") == ["b4-a3"]


def test_tv17_elimination() -> None:
    state = at("8/8/3R4/3y4/8/2Y5/8/8/8 R 0 1")
    state.apply_str("c4-d5xd6=O@b1")
    assert state.to_cpn() == "8/8/3R4/8/3Y4/8/8/8/1O6 S 0 1"
    assert status(state) == "[0] elimination"
    assert state.scores() == [1, -1] and state.current_player is None


def test_tv18_three_chameleons() -> None:
    state = at("8/8/3K4/3r4/8/2K5/8/7k/8 R 0 1")
    assert legal(state, "c4-d5") == ["c4-d5xd6"]
    state.apply_str("c4-d5xd6")
    assert state.to_cpn() == "8/8/3K4/8/3K4/8/8/7k/8 S 0 1"
    assert status(state) == "[0] three_chameleons"


@pytest.mark.parametrize(("lone", "expected"), [(True, "[0] lone_piece"), (False, "ongoing")])
def test_tv19_lone_piece_against_two_chameleons(lone: bool, expected: str) -> None:
    state = at("8/8/3K4/3r4/8/2K5/8/R6y/8 R 0 1", lone_piece_rule=lone)
    state.apply_str("c4-d5xd6")
    assert state.to_cpn() == "8/8/3K4/8/3K4/8/8/R6y/8 S 0 1"
    assert status(state) == expected


def test_tv20_dead_material() -> None:
    state = at("8/8/3R4/3y3b/8/2Y5/8/8/8 R 0 1")
    state.apply_str("c4-d5xd6=O@b1")
    assert state.to_cpn() == "8/8/3R4/7b/3Y4/8/8/8/1O6 S 0 1"
    assert status(state) == "[0, 1] dead_material"
    assert state.scores() == [0, 0]


def test_tv21_no_progress() -> None:
    state = at("8/8/6y1/7b/8/8/1B6/R7/8 R 79 60")
    state.apply_str("b3-a4")
    assert state.to_cpn() == "8/8/6y1/7b/8/B7/8/R7/8 S 80 60"
    assert status(state) == "[0, 1] no_progress"


def test_tv22_repetition() -> None:
    state = at("8/8/r5y1/8/8/8/1B5B/8/8 R 0 1")
    plies = ["b3-c4", "g7-h6", "c4-b3", "h6-g7", "b3-c4", "g7-h6", "c4-b3", "h6-g7"]
    for ply in plies[:-1]:
        state.apply_str(ply)
        assert status(state) == "ongoing"
    state.apply_str(plies[-1])
    assert status(state) == "[0, 1] repetition"


def test_tv23_pass_with_captures() -> None:
    position = "8/1b1b1b1b/b1b1b1b1/1b1b1b1b/b1bRbYb1/1b1b1b1b/b1b1b1b1/1b1b1b1b/8 S 0 1"
    state = at(position)
    reserve = ("a9", "c9", "e9", "g9")
    assert legal(state) == sorted(f"passxd5=V@{p}xf5=G@{q}" for p in reserve for q in reserve if p != q)
    state.apply_str("passxd5=V@a9xf5=G@c9")
    assert state.to_cpn() == "v1g5/1b1b1b1b/b1b1b1b1/1b1b1b1b/b1b1b1b1/1b1b1b1b/b1b1b1b1/1b1b1b1b/8 R 0 2"
    assert status(state) == "[1] elimination"
    assert legal(at(position, reserve_placement="auto")) == ["passxd5=V@a9xf5=G@c9"]


def test_tv24_game_fragment() -> None:
    state = at(START)
    fragment = "a4-b5 b6-c5 b5-a4 a7-b6 c4-d5 b6-a7 b3-c4xc5=O@b1 a7-b6 a2-b3 b6-c5xd5=O@a9 a4-b5xc5=O@d1 b8-a7 b1-a2"
    for ply in fragment.split():
        assert ply in legal(state)
        state.apply_str(ply)
    assert state.to_cpn() == "o7/3b1b1b/b1r1r1r1/3y1y1y/1Y6/2R1Y1Y1/1B1R1R1R/O1B1B1B1/3O4 S 0 7"
    assert state.record()["moves"] == fragment.split()


def test_tv25_two_victims_two_rewards_two_free_squares() -> None:
    position = "8/7b/8/2YrB3/4yY2/2R5/8/8/1O1O4 R 0 1"
    expected = [
        "c4-d5xd6=O@f1xe5=G@h1",
        "c4-d5xd6=O@f1xe5=O@h1",
        "c4-d5xd6=O@h1xe5=G@f1",
        "c4-d5xd6=V@f1xe5=G@h1",
        "c4-d5xd6=V@f1xe5=O@h1",
        "c4-d5xd6=V@h1xe5=G@f1",
        "c4-d5xd6=V@h1xe5=O@f1",
    ]
    state = at(position)
    assert legal(state, "c4-d5") == expected
    state.apply_str("c4-d5xd6=O@f1xe5=G@h1")
    assert state.to_cpn() == "8/7b/8/2Y1B3/3R1Y2/8/8/8/1O1O1O1G S 0 1"
    assert status(state) == "ongoing"
    auto = ["c4-d5xd6=O@f1xe5=G@h1", "c4-d5xd6=O@f1xe5=O@h1", "c4-d5xd6=V@f1xe5=G@h1", "c4-d5xd6=V@f1xe5=O@h1"]
    assert legal(at(position, reserve_placement="auto"), "c4-d5") == auto
    short = at("8/7b/8/2YrB3/4yY2/2R5/8/8/1O1O1O2 R 0 1")
    assert legal(short, "c4-d5") == ["c4-d5xd6=O@h1", "c4-d5xd6=V@h1", "c4-d5xe5=G@h1", "c4-d5xe5=O@h1"]


def test_tv26_finite_supply() -> None:
    position = "8/7b/1K1R4/K2y4/4rR2/2Y4r/1K1K1K1O/O1O1O1O1/8 R 0 1"
    state = at(position, finite_supply=True)
    assert state.tray is not None and state.tray[0] == [6, 1, 6, 0]
    assert legal(state, "c4-d5") == [f"c4-d5xd6=O@{s}xe5" for s in ("b1", "d1", "f1", "h1")]
    state.apply_str("c4-d5xd6=O@b1xe5")
    assert state.to_cpn() == "8/7b/1K1R4/K7/3Y1R2/7r/1K1K1K1O/O1O1O1O1/1O6 S 0 1"
    assert state.tray[0][1] == 0
    assert len(legal(at(position), "c4-d5")) == 6
    used = "8/7b/1K1R4/K2y4/8/2Y4r/1K1K1K1O/O1O1O1O1/1O6 R 0 1"
    assert legal(at(used, finite_supply=True), "c4-d5") == ["c4-d5xd6"]
    assert legal(at(used), "c4-d5") == ["c4-d5xd6=O@d1", "c4-d5xd6=O@f1", "c4-d5xd6=O@h1"]


def test_tv27_double_pass() -> None:
    position = "8/BbBbBbBb/bBbBbBbB/BbBbBbBb/bBbBbBbB/BbBbBbBb/bBbBbBbB/BbBbBbBb/1K6 R 0 1"
    state = at(position)
    assert legal(state) == ["pass"]
    state.apply_str("pass")
    assert state.to_cpn() == position.replace(" R 0 1", " S 1 1")
    assert legal(state) == ["pass"]
    state.apply_str("pass")
    assert state.to_cpn() == position.replace(" R 0 1", " R 2 2")
    assert status(state) == "[0, 1] double_pass"
