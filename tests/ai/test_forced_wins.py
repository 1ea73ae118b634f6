"""ISMCTS finds the forced win in hand-made Chromino and Cardcassonne positions (Coloretto's and
Le Caméléon's are in test_ismcts.py). Each position is checked first by `solve`, an exhaustive search of
the real state; the bot itself sees only its determinizations."""

from __future__ import annotations

from kameleon.ai.ismcts import ISMCTSAgent
from tests.ai.positions import solve
from tests.cardcassonne.helpers import position
from tests.chromino.helpers import rig


def test_chromino_plays_the_chameleon_while_it_may_and_goes_out_next() -> None:
    # Seat 0 holds a chameleon and GBP. Played last, a chameleon is illegal (it may never be the last
    # tile), so laying GBP now strands it; laying the chameleon now leaves GBP, which fits next turn.
    # Nothing seat 1 holds or could draw fits, so only the chameleon placements win.
    state = rig(["Y*B H 0,-1", "BPP V 1,1"], hands=[["G*B", "GBP"], ["BGB", "BGP", "BPB"]], bag=["BRB", "BRP", "GGB"])
    wins = {state.action_to_str(a): won for a, won in solve(state).items()}
    assert {move for move, won in wins.items() if won} == {move for move in wins if "*" in move}
    assert any(not won for won in wins.values())
    for seed in range(8):
        agent = ISMCTSAgent(seed, iterations=300)
        assert "*" in state.action_to_str(agent.act(state))
        means = {state.action_to_str(stat["action"]): stat["mean"] for stat in agent.action_stats()}
        assert max(means[move] for move in means if "*" not in move) < max(means.values())


def test_cardcassonne_secures_the_row_that_wins_the_last_round() -> None:
    # The last round, nothing left in the deck: seat 0 (20 points) must put its follower on the yellow
    # people row (3 + 3 + 3, times 3: 27 points) before seat 1 (30 points) takes it.
    state = position(2, {"Y": ["YP3", "YP3", "YP3"], "R": ["RP1"]}, hands=[["GP1"], ["GP2"]], scores={0: 20, 1: 30})
    state.round_no = state.game.rounds
    state._pos = len(state._deck)
    wins = {state.action_to_str(a): won for a, won in solve(state).items()}
    assert [move for move, won in wins.items() if won] == ["F@Y"]
    for seed in range(3):
        assert state.action_to_str(ISMCTSAgent(seed, iterations=300).act(state)) == "F@Y"
