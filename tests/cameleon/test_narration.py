"""Le Caméléon's plies in words for the terminal's move lines."""

from __future__ import annotations

from kameleon.games.cameleon.narration import narrate
from tests.cameleon.support import at

NAMES = ["Ann", "Bob"]


def test_a_ply_with_a_choice_is_said_whole_by_the_choice_that_completes_it() -> None:
    state = at("8/5b2/3R4/3y3b/8/2Y5/8/8/8 R 0 1")
    moved = state.clone()
    displacement = moved.apply_str("c4-d5*")  # the capture's reward square is still to choose
    assert narrate(state.event_seen_by(displacement, moved, None), 0, NAMES) == (
        "Ann moved yellow c4 → d5 · choosing the reward"
    )
    done = moved.clone()
    choice = done.apply_str("@h1")
    assert narrate(moved.event_seen_by(choice, done, 1), 0, NAMES) == (
        "Ann moved yellow c4 → d5 · captured yellow on d6 (won orange → h1)"
    )
