"""Option sets every game is run through by the shared contract tests (one entry per game)."""

from __future__ import annotations

from typing import Any

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "coloretto": [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 5},
        {"players": 5, "preset": "bga"},
        {"players": 3, "scoring": "purple", "scoring_choices": "manual"},
        {"players": 2, "two_player_rows": "three_of_three", "two_player_start": "per_player"},
    ],
}
