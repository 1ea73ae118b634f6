"""Option sets every game is run through by the shared contract tests (one entry per game)."""

from __future__ import annotations

from typing import Any

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "cameleon": [
        {"players": 2},
        {"finite_supply": True, "reserve_placement": "auto"},
        {"capture_geometry": "opposite", "capture_trigger": "moved_piece", "full_reserve_blocks": "rewarded"},
        {"board": "8x11", "first_player": "square", "no_progress_plies": 40, "repetition_count": 2},
    ],
    "chromino": [
        {"players": 1},
        {"players": 2},
        {"players": 4},
        {"players": 8},
        {"players": 3, "preset": "bga"},
        {"players": 4, "preset": "expert", "final_round": "one_more_turn"},
        {"players": 3, "preset": "bambino", "open_hands": True},
        {"players": 4, "draw": "until_playable", "chameleon_last_draw": "immediate"},
        {"players": 5, "draw": "up_to_n", "draw_limit": 2, "drawn_tile": "may", "hand_size": 3},
    ],
    "coloretto": [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 5},
        {"players": 5, "preset": "bga"},
        {"players": 3, "scoring": "purple", "scoring_choices": "manual"},
        {"players": 2, "two_player_rows": "three_of_three", "two_player_start": "per_player"},
    ],
    "cardcassonne": [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 5},
        {"players": 4, "face_down_rule": "round_first", "reveal_unclaimed_face_down": False},
        {"players": 3, "chest_visible_to_owner": True, "first_dealer": 0},
    ],
}
