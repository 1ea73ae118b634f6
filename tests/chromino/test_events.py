"""Each move as a language-neutral event that tells no seat what its view hides, the engine's explanations as
translated Messages with codes, the score breakdown and how the game ended."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon.engine.errors import IllegalAction
from kameleon.games.chromino.narration import narrate
from kameleon.games.chromino.state import ChrominoState
from kameleon.server.i18n import LANGUAGES, render
from tests.depth import examples

from .helpers import rig

LOCALE = Path(kameleon.load("chromino", players=2).catalog_dir() or ".")


def tile_names(value: Any) -> set[str]:
    """Every tile name (three letters of RYGBP*) anywhere in a JSON-like value."""
    if isinstance(value, str):
        return {value} if re.fullmatch(r"[RYGBP][RYGBP*][RYGBP]", value) else set()
    if isinstance(value, dict):
        return set().union(*(tile_names(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(tile_names(v) for v in value)) if value else set()
    return set()


@settings(max_examples=examples(12), deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    options=st.sampled_from([{}, {"scoring": "expert"}, {"chameleon_last_draw": "immediate"}, {"open_hands": True}]),
)
def test_no_event_tells_a_seat_what_its_view_hides(seed: int, players: int, options: dict[str, Any]) -> None:
    """Every tile an event names for a seat is in that seat's view after the move (the layout, its own hand, a
    revealed tile), so a drawn tile reaches only its drawer (everyone with open hands)."""
    state = kameleon.load("chromino", players=players, **options).new_state(seed)
    rng = random.Random(seed)
    kinds = set()
    while not state.is_terminal and len(state.history) < 120:
        action = rng.choice(state.legal_actions())
        before = state.clone()
        mover = before.current_player
        state.apply(action)
        for seat in [None, *range(players)]:
            event = before.event_seen_by(action, state, seat)
            kinds.add(event["kind"])
            assert event["kind"] in ("draw", "pass", "place")
            assert tile_names(event) <= tile_names(state.view(seat)), (seat, event)
            if event["kind"] == "draw":
                sees = seat == mover or options.get("open_hands")
                assert (event["tile"] is not None) == bool(sees)
            if event["kind"] == "place":
                layout = state.view(seat)["layout"][-1]
                assert (layout["cells"], layout["colours"], layout["tile"]) == (
                    event["cells"],
                    event["colours"],
                    event["tile"],
                )
                if event["extra_tile"] is not None:
                    assert seat == mover or options.get("open_hands")
    assert "place" in kinds


def test_a_lone_chameleon_draw_is_told_and_said_with_its_tile_to_its_owner_only() -> None:
    state = rig(
        layout=["Y*B H 0,-1"], hands=[["YYY", "R*G"], ["PPP"]], bag=["GGG", "RRR"], chameleon_last_draw="immediate"
    )
    before = state.clone()
    action = state.parse_action("YYY H -1,-2")
    state.apply(action)
    mine, theirs = before.event_seen_by(action, state, 0), before.event_seen_by(action, state, 1)
    assert mine["extra_draw"] and theirs["extra_draw"]
    assert mine["extra_tile"] == "RRR" and theirs["extra_tile"] is None
    said_to_me, said_to_them = narrate(mine, 0, ["Ada", "Bo"]), narrate(theirs, 0, ["Ada", "Bo"])
    assert said_to_me is not None and "Ada drew a tile at once (red, red, red):" in said_to_me
    assert said_to_them is not None and "Ada drew a tile at once:" in said_to_them
    assert "red, red, red" not in said_to_them


def test_expert_points_and_going_out_are_told() -> None:
    state: ChrominoState = rig(layout=["Y*B H 0,-1"], hands=[["YYY"], ["PPP"]], bag=["GGG"], scoring="expert")
    before = state.clone()
    action = state.parse_action("YYY H -1,-2")
    state.apply(action)
    event = before.event_seen_by(action, state, None)
    assert event["points"] == state.points[0] > 0 and event["out"]
    assert event["cells"] == [[-1, -2], [-1, -1], [-1, 0]] and event["orientation"] == "H"


def test_explanations_are_messages_with_codes_that_do_not_repeat_the_move() -> None:
    state = kameleon.load("chromino", players=2).new_state(1)
    with pytest.raises(IllegalAction) as refused:
        state.apply_str("GGG H -1,-1")
    assert refused.value.message.code == "not_in_hand" and "H -1,-1" not in refused.value.reason
    assert render(refused.value.message, "fr") == "Vous n'avez pas le Chromino GGG."
    tile = state.hand(state.current_player)[0]  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.game.codec.encode(tile, 0, 40, 40, False))
    assert refused.value.message.code == "too_few_contacts"
    assert render(refused.value.message, "uk").startswith("Це Хроміно торкалося б викладки")
    with pytest.raises(IllegalAction) as refused:
        state.apply_str("draw")
    assert refused.value.message.code == "must_place"
    with pytest.raises(IllegalAction) as refused:
        state.apply_str("XYZ H 0,0")
    assert refused.value.message.code == "no_such_tile"


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_explanation_is_translated_with_the_same_fields(language: str) -> None:
    with (LOCALE / language / "LC_MESSAGES" / "messages.po").open("rb") as source:
        catalog = read_po(source, locale=language)
    messages = [m for m in catalog if m.id]
    assert len(messages) > 25 and all(m.string for m in messages)
    assert sum(m.string != m.id for m in messages) > 0.9 * len(messages), "a word such as 'points' may stay"
    fields = re.compile(r"\{[^}]*\}")
    for m in messages:
        assert sorted(fields.findall(str(m.string))) == sorted(fields.findall(str(m.id))), m.id


@pytest.mark.parametrize("scoring", ["none", "bga", "expert"])
def test_the_breakdown_adds_up_and_the_end_is_named(scoring: str) -> None:
    state = kameleon.load("chromino", players=3, scoring=scoring).new_state(5)
    rng = random.Random(2)
    assert state.end_reason() is None
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    breakdown = state.score_breakdown()
    assert [b["total"] for b in breakdown] == state.scores()
    assert [b["tiles_left"] for b in breakdown] == state.sizes
    assert state.end_reason() == ("went_out" if any(state.out) else "blocked")
