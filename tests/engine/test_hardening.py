"""Engine inputs an arena takes from strangers: bounded integer options, a clear error for a wrong rng."""

from __future__ import annotations

import random

import pytest

import kameleon
from kameleon.engine.options import MAX_OPTION_INT


@pytest.mark.parametrize(
    ("game", "options", "named"),
    [
        ("chromino", {"players": 2, "draw_limit": 2**64 + 1}, "draw_limit"),
        ("cameleon", {"no_progress_plies": 2**70}, "no_progress_plies"),
        ("cameleon", {"repetition_count": 2**65}, "repetition_count"),
        ("cardcassonne", {"players": 2, "animal_points": [0] * 12 + [2**64]}, "animal_points"),
        ("coloretto", {"players": 2, "last_round_depth": MAX_OPTION_INT + 1}, "last_round_depth"),
    ],
)
def test_integer_options_beyond_what_a_frame_can_carry_are_refused_by_name(
    game: str, options: dict[str, object], named: str
) -> None:
    with pytest.raises(kameleon.InvalidOption, match=f"'{named}'.*{MAX_OPTION_INT}"):
        kameleon.load(game, **options)


def test_the_largest_allowed_option_still_loads() -> None:
    assert kameleon.load("cameleon", no_progress_plies=MAX_OPTION_INT).options["no_progress_plies"] == MAX_OPTION_INT


@pytest.mark.parametrize("game", ["coloretto", "chromino", "cardcassonne", "cameleon"])
def test_determinize_with_something_other_than_a_random_is_a_clear_error(game: str) -> None:
    players = 2 if game != "cameleon" else None
    state = (kameleon.load(game, players=players) if players else kameleon.load(game)).new_state(seed=3)
    with pytest.raises(TypeError, match=r"random\.Random"):
        state.determinize(0, 42)  # type: ignore[arg-type]
    assert state.determinize(0, random.Random(1)) is not None
