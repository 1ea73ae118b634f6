"""Round-end resolution and scoring in play: test vectors TV-03, TV-07 to TV-12 of the spec (§12)."""

from __future__ import annotations

import pytest

from kameleon import IllegalAction
from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne.phases import PLAY, RESOLVE

from .helpers import herd_total, position, resolve, row_faces, take_from_deck


def test_tv03_segments_of_four_independent_rows() -> None:
    """Row G: 4 cards to Black (seat 0); row B: y1..y4 to seat 1, y5..y7 to seat 2;
    row R: [F(0), z1, F(1), F(2)]; row Y: [a, F(0)...] with b, c staying (one seat per row here)."""
    state = position(
        5,
        {
            "G": ["GP1", "GP1", "GP1", "GP1", "F(0)"],
            "B": ["BP1", "BP1", "BP1", "BP1", "F(1)", "BP2", "BP2", "BP2", "F(2)"],
            "R": ["F(3)", "RP3", "F(4)"],
            "Y": ["YP1", "YA"],
        },
    )
    resolve(state)
    # G: 4 x 4 = 16; B: seat 1 (1+1+1+1) x 4 = 16, seat 2 (2+2+2) x 3 = 18; R: seat 3 nothing, seat 4 3 x 1 = 3
    assert state.score == [16, 16, 18, 0, 3]
    state2 = position(4, {"Y": ["YP1", "F(0)", "YP2", "YP3"], "R": ["F(1)", "RP1", "F(2)", "F(3)"]})
    resolve(state2)
    assert state2.score == [1, 0, 1, 0]
    assert row_faces(state2, "Y") == ["YP2", "YP3"]  # b and c stay for the next round
    assert row_faces(state2, "R") == []


def test_tv06_people_in_a_claim() -> None:
    state = position(2, {"Y": ["YP3", "YP1", "YP1", "F(0)"], "R": ["RP1", "RP1", "RP2", "F(1)"]})
    resolve(state)
    assert state.score == [15, 12]


def test_tv07_sheep_six_then_fourteen() -> None:
    state = position(4, {"G": ["GA", "GA", "F(1)"]})
    resolve(state)
    assert state.score[1] == 6
    assert herd_total(state, 1) == [0, 0, 2, 0]
    state.rows = [[], [], [], []]
    state.rows[2] = [*(state.rows[2]), *take_from_deck(state, ["GA", "GA", "WA"]), -2]
    resolve(state)
    assert state.score[1] == 20  # 6 + 14, the wild joined G automatically (only herd)
    assert state.herd_real[1][2] == 4 and state.herd_wild[1][2] == 1


def test_tv08_lone_wild_then_a_real_animal() -> None:
    state = position(4, {"Y": ["WA", "F(2)"]})
    resolve(state)
    assert state.score[2] == 3 and state.loose[2] == 1
    state.rows = [[], [], [], [*take_from_deck(state, ["BA"]), -3]]
    resolve(state)
    assert state.score[2] == 3 + 6 and state.loose[2] == 0
    assert (state.herd_real[2][3], state.herd_wild[2][3]) == (1, 1)


def test_tv08_variants() -> None:
    state = position(4, {"R": ["WA", "WA", "F(0)"]})
    resolve(state)
    assert state.score[0] == 6 and state.loose[0] == 2
    state = position(4, {"R": ["WA", "F(0)"]}, herds={0: {"G": 2}})
    resolve(state)
    assert state.score[0] == 9 and herd_total(state, 0) == [0, 0, 3, 0]
    state = position(4, {"G": ["GA", "WA", "F(0)"]})  # §14 Q21: no flat 3
    resolve(state)
    assert state.score[0] == 6 and state.loose[0] == 0 and herd_total(state, 0) == [0, 0, 2, 0]


def _tv09(*moves: str) -> tuple[int, list[int], int]:
    state = position(4, {"R": ["RP2", "?GA(3)", "?YH(0)", "WA", "F(0)"]}, herds={0: {"Y": 1}})
    resolve(state)
    assert state.phase == RESOLVE and state.current_player == 0
    assert state.legal_actions() == [nt.KEEP, nt.TEN]
    for move in moves:
        state.apply_str(move)
    assert state.phase == PLAY
    return state.score[0], herd_total(state, 0), len(state.chests[0])


def test_tv09_misplaced_cards_and_choices() -> None:
    assert _tv09("keep", "keep", "wild@G") == (8, [1, 0, 2, 0], 1)
    assert _tv09("keep", "ten", "wild@Y") == (21, [2, 0, 1, 0], 0)
    assert _tv09("ten", "ten") == (28, [2, 0, 0, 0], 0)
    assert _tv09("keep", "keep", "wild@Y") == (11, [2, 0, 1, 0], 1)


def test_tv09_recorded_indices_and_refusals() -> None:
    state = position(4, {"R": ["RP2", "?GA(3)", "?YH(0)", "WA", "F(0)"]}, herds={0: {"Y": 1}})
    resolve(state)
    before = state.clone()
    for bad in ("wild@Y", "F@R", "YP1"):
        with pytest.raises(IllegalAction):
            state.apply_str(bad)
        assert state == before
    state.apply(200)
    state.apply(200)
    assert state.legal_actions() == [202, 204]
    with pytest.raises(IllegalAction, match="you own no red animal"):
        state.apply(203)
    with pytest.raises(IllegalAction, match="No misplaced card"):
        state.apply(nt.KEEP)
    state.apply(204)
    assert state.history == [200, 200, 204]
    assert state.score[0] == 8


def test_tv09_misplaced_people() -> None:
    state = position(4, {"B": ["BP3", "BP1", "?YP2(2)", "F(3)"]})
    resolve(state)
    assert state.score[3] == 18
    assert any(card // 30 == 0 for card in state.removed)  # YP2 left the game


def test_tv11_dragon_and_fairy() -> None:
    state = position(4, {"G": ["DRG", "FAI", "F(1)"], "Y": ["?YP1(0)", "F(3)"]})
    resolve(state)
    assert state.score[1] == 20 and 120 in state.removed and 121 in state.removed
    state = position(4, {"Y": ["?DRG(1)", "F(3)"]})
    resolve(state)
    assert state.score[3] == 10


@pytest.mark.parametrize("reveal", [True, False])
def test_tv12_a_whole_four_player_round(reveal: bool) -> None:
    state = position(
        4,
        {"Y": ["YP1", "YP2"], "R": ["RP3", "RP1", "RP1"], "G": ["GA"], "B": ["BH"]},
        hands=[
            ["YA", "RH", "DRG", "RP2", "RA"],
            ["GA", "WA", "GP2", "GP1", "BA"],
            ["GH", "WH", "FAI", "BP1", "BP2"],
            ["YP2", "YA", "YP1", "YH", "YP3"],
        ],
        dealer=3,
        herds={1: {"G": 2}},
        scores={1: 6},
        reveal_unclaimed_face_down=reveal,
    )
    turns = [
        "F@R",
        "?GA@G",
        "?GH@R",
        "?YP2@B",
        "?YA@Y",
        "WA@G",
        "WH@B",
        "YA",
        "RH",
        "F@G",
        "FAI@B",
        "YP1",
        "DRG@R",
        "GP2",
        "BP1",
        "F@Y",
        "RP2",
        "GP1",
        "F@B",
        "YH",
        "RA",
        "BA",
        "BP2",
        "YP3",
    ]
    for t, move in enumerate(turns):
        assert state.current_player == t % 4
        if t == 4:
            assert len(state.legal_actions()) == 20
            assert all(a >= nt.FACE_DOWN for a in state.legal_actions())
        if t == 23:  # stop just before the last turn to check the rows
            assert row_faces(state, "Y") == ["YP1", "YP2", "?YA(0)", "YA", "YP1", "F(3)", "YH"]
            assert row_faces(state, "R") == ["RP3", "RP1", "RP1", "F(0)", "?GH(2)", "RH", "DRG", "RP2", "RA"]
            assert row_faces(state, "G") == ["GA", "?GA(1)", "WA", "F(1)", "GP2", "GP1"]
            assert row_faces(state, "B") == ["BH", "?YP2(3)", "WH", "FAI", "BP1", "F(2)", "BA", "BP2"]
        state.apply_str(move)
    assert state.score == [15, 20, 21, 18]
    assert len(state.chests[2]) == 2
    assert herd_total(state, 1) == [0, 0, 5, 0] and herd_total(state, 3) == [2, 0, 0, 0]
    assert state.dealer == 2 and state.current_player == 3
    assert state.round_no == 3
    # the next round's rows start with what was left, GH now face up (and misplaced)
    assert row_faces(state, "Y") == ["YH", "YP3"]
    assert row_faces(state, "R") == ["GH" if reveal else "?GH(2)", "RH", "DRG", "RP2", "RA"]
    seen = [state.view(q)["rows"][1]["entries"][0]["face"] for q in range(4)]
    assert seen == (["GH"] * 4 if reveal else [None, None, "GH", None])
    assert row_faces(state, "G") == ["GP2", "GP1"]
    assert row_faces(state, "B") == ["BA", "BP2"]
    event = state.view(0)["events"][0]
    assert event["seat"] == 2 and event["to_chest"] == 2 and "BH" not in event["cards"] and "WH" not in event["cards"]
    assert [e[:4] for e in state.events] == [(2, 2, 3, 21), (2, 1, 2, 14), (2, 0, 1, 15), (2, 3, 0, 18)]


def test_tv12_with_unclaimed_face_down_cards_kept_hidden() -> None:
    state = position(
        4,
        {"Y": ["YP1", "YP2"], "R": ["RP3", "RP1", "RP1", "F(0)", "?GH(2)", "RH"]},
        reveal_unclaimed_face_down=False,
    )
    resolve(state)
    assert row_faces(state, "R") == ["?GH(2)", "RH"]
    assert state.view(2)["rows"][1]["entries"][0]["face"] == "GH"
    assert state.view(0)["rows"][1]["entries"][0]["face"] is None
