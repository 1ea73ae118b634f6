"""Cardcassonne's moves in words for the terminal's move lines: only what the watcher may know."""

from __future__ import annotations

import kameleon
from kameleon.engine.translations import speaker
from kameleon.games.cardcassonne.narration import narrate

NAMES = ["Ann", "Bob"]


def test_a_card_played_face_down_is_named_to_its_player_only() -> None:
    state = kameleon.load("cardcassonne", players=2).new_state(1)
    mover = state.current_player
    assert mover is not None
    action = state.parse_action("?YA@G")
    after = state.clone()
    after.apply(action)
    said = {watcher: narrate(state.event_seen_by(action, after, watcher), mover, NAMES) for watcher in (None, 0, 1)}
    assert said[mover] == f"{NAMES[mover]} played a card face down into the green row: yellow animal"
    for watcher in (None, 1 - mover):
        assert said[watcher] == f"{NAMES[mover]} played a card face down into the green row"


def test_the_sentence_speaks_the_reader_s_language_and_its_grammar() -> None:
    state = kameleon.load("cardcassonne", players=2).new_state(1)
    mover = state.current_player
    assert mover is not None
    action = state.parse_action("?YA@G")
    after = state.clone()
    after.apply(action)
    event = state.event_seen_by(action, after, None)
    assert narrate(event, mover, NAMES, speaker("pl", "cardcassonne", core_first=False)) == (
        f"{NAMES[mover]} zagrywa zakrytą kartę na koniec rzędu (zielony)"
    )
    assert narrate({"kind": "unknown"}, mover, NAMES) is None
