"""Cardcassonne's moves in words for the terminal's move lines: only what the watcher may know."""

from __future__ import annotations

from typing import Any

import kameleon
from kameleon.engine.translations import speaker
from kameleon.games.cardcassonne.narration import narrate

NAMES = ["Ann", "Bob"]


def _face_down(token: str) -> tuple[int, dict[int | None, dict[str, Any]]]:
    """The mover of `token`, played face down at the start of a game, and its event as each watcher knows it."""
    state = kameleon.load("cardcassonne", players=2).new_state(1)
    mover = state.current_player
    assert mover is not None
    action = state.parse_action(token)
    after = state.clone()
    after.apply(action)
    return mover, {watcher: state.event_seen_by(action, after, watcher) for watcher in (None, 0, 1)}


def test_a_card_played_face_down_is_named_to_its_player_only() -> None:
    mover, events = _face_down("?YA@G")
    assert (
        narrate(events[mover], mover, NAMES)
        == f"{NAMES[mover]} played a card face down into the green row: yellow animal"
    )
    for watcher in (None, 1 - mover):
        assert narrate(events[watcher], mover, NAMES) == f"{NAMES[mover]} played a card face down into the green row"


def test_the_sentence_speaks_the_reader_s_language_and_its_grammar() -> None:
    mover, events = _face_down("?YA@G")
    polish = speaker("pl", "cardcassonne", core_first=False)
    assert (
        narrate(events[None], mover, NAMES, polish) == f"{NAMES[mover]} zagrywa zakrytą kartę na koniec rzędu (zielony)"
    )
    assert narrate({"kind": "unknown"}, mover, NAMES) is None
