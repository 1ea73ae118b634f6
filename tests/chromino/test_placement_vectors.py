"""Rules §10.1-§10.3 and §10.5: placement counts, listed positions and legality micro-vectors."""

from __future__ import annotations

import pytest

import kameleon
from kameleon.games.chromino import count, placements
from kameleon.games.chromino.tiles import TILE_NAMES

from .helpers import rig

START = "Y*B H 0,-1"
LONE_STARTS = ["R*G H 0,-1", "R*P H 0,-1", "Y*B H 0,-1", "Y*P H 0,-1", "G*B H 0,-1"]


@pytest.mark.parametrize(
    ("tile", "positions", "footprints"),
    [
        ("YYY", 2, 2), ("BBB", 2, 2), ("YYB", 6, 4), ("YBB", 6, 4), ("YGB", 2, 2), ("YRB", 2, 2),
        ("RYB", 4, 2), ("G*B", 8, 4), ("GYB", 4, 2), ("BYB", 2, 2), ("YBY", 2, 2), ("RRR", 0, 0),
        ("YGG", 0, 0), ("GGB", 0, 0), ("R*G", 8, 4), ("Y*P", 8, 4),
    ],
)  # fmt: skip
def test_lone_start_counts(tile: str, positions: int, footprints: int) -> None:
    assert count(START, tile) == (positions, footprints)


@pytest.mark.parametrize(
    ("tile", "listed"),
    [
        ("YYB", {"YYB H -1,-1", "YYB H -1,-2", "BYY H -1,-2", "YYB H 1,-1", "YYB H 1,-2", "BYY H 1,-2"}),
        ("YRB", {"YRB H -1,-1", "YRB H 1,-1"}),
        ("RYB", {"RYB H -1,-2", "BYR H -1,-2", "RYB H 1,-2", "BYR H 1,-2"}),
        ("Y*P", {f"{c} H {r},{k}" for c in ("Y*P", "P*Y") for r in (-1, 1) for k in (-2, 0)}),
    ],
)
def test_lone_start_listings(tile: str, listed: set[str]) -> None:
    assert {str(p) for p in placements(START, tile)} == listed


@pytest.mark.parametrize("start", LONE_STARTS)
def test_lone_start_aggregate_142_86_37(start: str) -> None:
    start_name = start.split()[0]
    totals = [count(start, name) for name in TILE_NAMES if name != start_name]
    assert len(totals) == 79
    assert sum(p for p, _ in totals) == 142
    assert sum(f for _, f in totals) == 86
    assert sum(1 for p, _ in totals if p) == 37


MICRO = [
    ("L1", ["RRG H 1,0"], "PRR H 0,-1", True, False),
    ("L2", ["GRR H 1,0"], "PRR H 0,0", False, False),
    ("L3", [START], "BGR H 0,2", False, True),
    ("L4", [START], "BBB H 1,2", False, False),
    ("L5", ["Y*R H 0,1"], "GRR H 1,2", True, False),
    ("L6", ["YYR H 2,0", "YRR H 3,1"], "RRR V 0,3", True, False),
    ("L7", ["YGB H 0,0", "YRB H 2,0"], "Y*B H 1,0", True, False),
    ("L8", ["YGB H 0,0", "YRB H 2,0"], "B*Y H 1,0", False, False),
    ("L9", [START], "YYY V -3,0", False, True),
    ("L10", [START], "YYB H -1,-1", True, False),
    ("L11", [START], "RRR H -1,-1", False, False),
]


@pytest.mark.parametrize(("name", "table", "move", "standard", "bambino"), MICRO, ids=[m[0] for m in MICRO])
def test_legality_micro_vectors(name: str, table: list[str], move: str, standard: bool, bambino: bool) -> None:
    tile = move.split()[0]
    assert (move in {str(p) for p in placements(table, tile)}) is standard
    if name in ("L3", "L9"):
        assert (move in {str(p) for p in placements(table, tile, "bambino")}) is bambino


@pytest.mark.parametrize(("name", "table", "move", "standard", "bambino"), MICRO, ids=[m[0] for m in MICRO])
def test_legality_micro_vectors_in_a_game(
    name: str, table: list[str], move: str, standard: bool, bambino: bool
) -> None:
    """The same vectors through State.apply (chameleon set with a Y-R chameleon for L5)."""
    ends = ["YR", "RP", "YB", "YP", "GB"]
    state = rig(table, hands=[[move.split()[0], "PPP"], ["GGG"]], chameleon_ends=ends)
    action = state.parse_action(move)
    assert (action in state.legal_actions()) is standard
    before = state.clone()
    if standard:
        state.apply(action)
        assert len(state.placed) == len(table) + 1
    else:
        with pytest.raises(kameleon.IllegalAction) as refused:
            state.apply(action)
        assert refused.value.message.code != "illegal_move" and move not in refused.value.reason
        assert state == before


RULEBOOK_LAYOUT = ["Y*R H 0,1", "GRR H 1,2", "YBR V -2,4", "PGR H 2,1", "YBP V 0,0"]
RULEBOOK_COUNTS = {
    "RRR": ["RRR H 2,4", "RRR V 0,5", "RRR V 2,4"],
    "RRG": ["RRG H 2,4", "GRR H 3,2", "RRG V 0,5", "RRG V 2,4"],
    "RGP": ["RGP H 2,4", "PGR H 3,1", "RGP V 2,4"],
    "YYY": ["YYY H -1,-1", "YYY H -1,0"],
    "YYB": ["BYY H -1,-1", "YYB H -1,0", "YYB V -3,5", "YYB V -1,-1"],
    "GPP": ["GPP H 3,-1", "PPG H 3,0"],
    "PPP": ["PPP H 3,-1"],
    "GGG": [],
    "BBB": [],
    "YBG": [],
    "R*G": ["R*G H 2,4", "G*R H 3,2", "R*G V 0,5", "R*G V 2,4"],
    "R*P": ["R*P H 2,4", "R*P H 3,-1", "P*R H 3,1", "R*P V 0,5", "R*P V 2,4"],
    "Y*B": ["B*Y H -1,-1", "Y*B H -1,0", "Y*B V -3,5", "Y*B V -1,-1", "B*Y V 1,-1"],
    "Y*P": ["P*Y H -1,-1", "Y*P H -1,0", "Y*P H 3,-1", "Y*P V 0,-1"],
    "G*B": ["G*B H 3,2", "G*B V -3,5", "G*B V -1,-1", "B*G V 1,-1"],
}


@pytest.mark.parametrize(("tile", "listed"), RULEBOOK_COUNTS.items(), ids=list(RULEBOOK_COUNTS))
def test_rulebook_layout_positions_in_order(tile: str, listed: list[str]) -> None:
    found = placements(RULEBOOK_LAYOUT, tile)
    assert [str(p) for p in found] == listed
    assert count(RULEBOOK_LAYOUT, tile) == (len(listed), len(listed))


def test_rulebook_layout_each_step_makes_exactly_two_contacts() -> None:
    for k in range(1, len(RULEBOOK_LAYOUT)):
        move = RULEBOOK_LAYOUT[k]
        assert move in {str(p) for p in placements(RULEBOOK_LAYOUT[:k], move.split()[0])}
    state = rig(RULEBOOK_LAYOUT, hands=[["GGG"]], chameleon_ends=["YR", "RP", "YB", "YP", "GB"])
    assert state.board.colour_at(1, 1) is None
    assert [state.board.colour_at(0, c) for c in range(5)] == [1, 1, 5, 0, 0]


def test_rulebook_layout_aggregate_117_49() -> None:
    totals = [count(RULEBOOK_LAYOUT, name)[0] for name in TILE_NAMES]
    assert sum(totals) == 117
    assert sum(1 for p in totals if p) == 49


BAMBINO_FIGURE = ["P*Y H 0,0", "YGP H 0,3", "Y*B V -1,6", "GYG H 0,7", "BRG V 2,6", "GRY V 1,1"]


def test_bambino_figure_steps_are_legal_only_in_bambino() -> None:
    for k in range(1, len(BAMBINO_FIGURE)):
        move = BAMBINO_FIGURE[k]
        tile = move.split()[0]
        assert move in {str(p) for p in placements(BAMBINO_FIGURE[:k], tile, "bambino")}
        assert move not in {str(p) for p in placements(BAMBINO_FIGURE[:k], tile)}


def test_bambino_t_junction_on_an_ordinary_tile_is_illegal() -> None:
    assert "GRR V 1,4" not in {str(p) for p in placements(BAMBINO_FIGURE, "GRR", "bambino")}


@pytest.mark.parametrize(
    ("tile", "positions", "footprints", "listed"),
    [
        ("YYY", 3, 3, {"YYY H 0,-4", "YYY V -3,0", "YYY V 1,0"}),
        ("RRR", 2, 2, {"RRR V -3,0", "RRR V 1,0"}),
        ("YRB", 6, 4, {"BRY H 0,-4", "BRY H 0,2", "YRB V -3,0", "BRY V -3,0", "YRB V 1,0", "BRY V 1,0"}),
        ("R*G", 8, 4, {f"{c} V {a}" for c in ("R*G", "G*R") for a in ("-3,0", "1,0", "-1,-2", "-1,2")}),
        ("Y*B", 10, 6, None),
    ],
)
def test_bambino_lone_start_counts(tile: str, positions: int, footprints: int, listed: set[str] | None) -> None:
    assert count(START, tile, "bambino") == (positions, footprints)
    if listed is not None:
        assert {str(p) for p in placements(START, tile, "bambino")} == listed


@pytest.mark.parametrize("start", LONE_STARTS)
def test_bambino_lone_start_aggregate_334_218_79(start: str) -> None:
    start_name = start.split()[0]
    totals = [count(start, name, "bambino") for name in TILE_NAMES if name != start_name]
    assert sum(p for p, _ in totals) == 334
    assert sum(f for _, f in totals) == 218
    assert sum(1 for p, _ in totals if p) == 79
