"""The compact encoding the expert's value network reads of a Le Caméléon position."""

from __future__ import annotations

from kameleon.games.cameleon.features import NETWORK_FEATURES, network_features
from tests.cameleon.support import at

# Round's red d7 and yellow d5 flank Square's yellow d6: Round takes it at the end of its next ply.
FLANKED = "8/5b2/3R4/3y3b/3Y4/8/8/8/8 S 0 1"


def _named(position: str, seat: int) -> dict[str, float]:
    state = at(position)
    values = network_features(state, seat)
    assert len(values) == len(NETWORK_FEATURES)
    return dict(zip(NETWORK_FEATURES, values, strict=True))


def test_each_seat_reads_the_same_position_from_its_own_side() -> None:
    round_, square = _named(FLANKED, 0), _named(FLANKED, 1)
    for kind in "BRYVOGK":
        assert round_[f"own {kind} / 4"] == square[f"enemy {kind} / 4"]
    assert round_["own R / 4"] == 0.25 and square["own B / 4"] == 0.5
    assert round_["material lead / 10"] == -square["material lead / 10"] != 0
    assert (round_["to move"], square["to move"]) == (0.0, 1.0)


def test_threats_are_counted_both_ways_whoever_is_to_move() -> None:
    round_, square = _named(FLANKED, 0), _named(FLANKED, 1)
    assert round_["enemy pieces flanked / 3"] == square["own pieces flanked / 3"] == 1 / 3
    assert round_["own pieces flanked / 3"] == square["enemy pieces flanked / 3"] == 0.0


def test_a_full_reserve_threatens_nothing() -> None:
    # With its four reserve squares taken Round can capture nothing (§5.5), so its flank is no threat.
    full = at("8/5b2/3R4/3y3b/3Y4/8/8/8/1V1V1V1V S 0 1")
    values = dict(zip(NETWORK_FEATURES, network_features(full, 0), strict=True))
    assert values["own reserve / 4"] == 1.0
    assert values["enemy pieces flanked / 3"] == values["enemy worth flanked by own pieces / 3"] == 0.0
