"""The compact encoding the `expert` bot's value network reads of a Cardcassonne position for one seat.

The observation encoding of the research interfaces (342 numbers with two
players) lists the rows card by card; a network trained on it predicted
held-out games well yet played far worse than `hard` (docs/bots.md): what a
row is worth to whom is a sum over its cards that a small network does not
find. These features give it the heuristic's worths instead (`heuristics`:
the chest's sets, the claim the follower holds, the best row it could take,
the herds), with the race and the stage, so that the network learns how they
turn into a win.

Only what the seat sees is read: face-down cards placed by others count as an
unknown card (`heuristics.HIDDEN`), and chests are known by perfect recall,
as `determinize` assumes (every building went under a chest face up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.games.cardcassonne import heuristics
from kameleon.games.cardcassonne.phases import PHASES, PLAY
from kameleon.games.cardcassonne.scoring import building_points, chest_counts

if TYPE_CHECKING:
    from kameleon.games.cardcassonne.state import CardcassonneState

POINTS = 100.0
"""Points are given in hundreds (final scores are a few hundred)."""
CLAIM = 50.0
"""Claim worths in fifties."""

NETWORK_FEATURES = (
    "score / 100", "estimate / 100", "lead of the estimate over the best other seat's / 100",
    "chest sets now / 100", "chest cards / 10", "held claim / 50", "best row to claim / 50",
    "second best row / 50", "follower placed", "other seats with a free follower / 4",
    "animals in herds / 10", "largest herd / 10", "loose wilds / 4", "hand / 6", "cards played / 6",
    "next card face down", "to move", "rounds after this one / rounds", "round / rounds",
    *(f"phase {name}" for name in PHASES),
)  # fmt: skip
"""What `network_features` gives, in order."""


def network_features(state: CardcassonneState, seat: int) -> list[float]:
    """`NETWORK_FEATURES` of `seat`, read from what it sees (see the module docstring)."""
    n = state.num_players
    rounds = state.game.rounds
    estimates = [heuristics.evaluate(state, q, viewer=seat) for q in range(n)]
    counts, wilds = chest_counts(state.chests[seat])
    chest_now = building_points((counts[0], counts[1], counts[2], counts[3]), wilds)
    held = heuristics.held_claim(state, seat, viewer=seat) if state.follower[seat] else 0.0
    open_rows = (
        sorted((heuristics.claim_points(state, seat, r, heuristics.segment(state, r, seat)) for r in range(4)),
               reverse=True)
        if state.phase == PLAY and not state.follower[seat] else [0.0, 0.0]
    )  # fmt: skip
    herds = [state.herd_real[seat][k] + state.herd_wild[seat][k] for k in range(4)]
    phase = [0.0] * len(PHASES)
    phase[state.phase] = 1.0
    return [
        state.score[seat] / POINTS,
        estimates[seat] / POINTS,
        (estimates[seat] - max(e for q, e in enumerate(estimates) if q != seat)) / POINTS,
        chest_now / POINTS,
        len(state.chests[seat]) / 10,
        held / CLAIM,
        open_rows[0] / CLAIM,
        open_rows[1] / CLAIM,
        float(state.follower[seat] != 0),
        sum(1 for q in range(n) if q != seat and not state.follower[q]) / 4,
        sum(herds) / 10,
        max(herds) / 10,
        state.loose[seat] / 4,
        len(state.hands[seat]) / 6,
        state.played[seat] / 6,
        float(state.phase == PLAY and state.must_play_face_down(seat)),
        float(state.current_player == seat),
        max(0, rounds - state.round_no) / rounds,
        state.round_no / rounds,
        *phase,
    ]
