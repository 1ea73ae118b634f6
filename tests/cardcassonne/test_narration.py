"""Cardcassonne's moves in words for the terminal's move lines: only what the watcher may know."""

from __future__ import annotations

from typing import Any

import kameleon
from kameleon.engine.translations import speaker
from kameleon.games.cardcassonne.cards import CARD_LABELS, FACE_INDEX
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


def test_a_claim_names_its_cards_and_its_points_by_part() -> None:
    """A face-down card secured in a row is turned up by the claim: the log names it, and the points by part add
    up to the claim's, so a newcomer can check the sum from what the log says."""
    state = kameleon.load("cardcassonne", players=3).new_state(21)
    claims = 0
    while not state.is_terminal and claims < 6:
        seat = state.current_player
        assert seat is not None
        action = state.legal_actions()[0]
        after = state.clone()
        after.apply(action)
        event = state.event_seen_by(action, after, None)
        said = narrate(event, seat, ["Ann", "Bob", "Cy"])
        for claim in event.get("claims", []):
            if not claim["cards"]:
                continue
            claims += 1
            named_cards = ", ".join(str(CARD_LABELS[FACE_INDEX[face]]) for face in claim["cards"])
            assert said is not None and f"({named_cards}" in said
            parts = {part: points for part, points in claim["parts"].items() if points}
            assert sum(parts.values()) == claim["points"]
            named = ", ".join(f"{part.replace('_', ' ')} {points}" for part, points in parts.items()) or "0"
            assert f": +{claim['points']} ({named})" in said
        state = after
    assert claims >= 3
