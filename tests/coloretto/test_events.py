"""Each move as a language-neutral event, the engine's explanations as translated Messages with codes, and the
score breakdown the results table shows."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon.engine.errors import IllegalAction
from kameleon.games.coloretto.cards import COLOURS, GOLDEN, LAST_ROUND
from kameleon.games.coloretto.state import ColorettoState
from kameleon.server.i18n import LANGUAGES, render
from tests.depth import examples

from .helpers import play, stack_pile

LOCALE = Path(kameleon.load("coloretto", players=2).catalog_dir() or ".")


def new(players: int = 3, **options: object) -> ColorettoState:
    state: ColorettoState = kameleon.load("coloretto", players=players, start_player=0, **options).new_state(4)
    return state


def played(state: ColorettoState, move: str, seat: int | None = None) -> dict[str, object]:
    before = state.clone()
    action = state.apply_str(move)
    return before.event_seen_by(action, state, seat)


def test_draw_place_and_take_name_the_cards() -> None:
    state = new()
    colour = state.in_play[0]
    name = COLOURS[colour]
    stack_pile(state, [colour, GOLDEN, colour])
    assert played(state, "draw") == {"kind": "draw", "card": name, "last_round": False}
    assert played(state, "place 2") == {"kind": "place", "row": 2, "card": name}
    played(state, "draw")
    played(state, "place 2")
    take = played(state, "take 2")
    assert take["kind"] == "take" and take["row"] == 2 and take["cards"] == [name, "golden joker"]
    assert take["bonus"] == name and not take["round_over"] and not take["game_over"]


def test_the_last_round_card_and_a_two_player_discard_are_told() -> None:
    state = new(2)
    colour = state.in_play[0]
    stack_pile(state, [LAST_ROUND, colour, colour])
    assert played(state, "draw") == {"kind": "draw", "card": COLOURS[colour], "last_round": True}
    play(state, "place 3", "take 3", "draw", "place 1")
    take = played(state, "take 1")
    assert take["round_over"] and take["game_over"] and take["discarded"] == []


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), manual=st.booleans())
def test_every_move_has_an_event_every_seat_sees_alike(seed: int, players: int, manual: bool) -> None:
    """Coloretto hides only the pile's order: each event is the same for every seat and names only cards the
    table saw (the drawn card, row cards, bonus and discarded cards as the view after the move shows them)."""
    options = {"scoring_choices": "manual"} if manual else {}
    state = kameleon.load("coloretto", players=players, **options).new_state(seed)
    rng = random.Random(seed)
    kinds = set()
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        before = state.clone()
        state.apply(action)
        events = [before.event_seen_by(action, state, seat) for seat in [None, *range(players)]]
        assert all(e == events[0] for e in events)
        event = events[0]
        kinds.add(event["kind"])
        assert event["kind"] == state.action_to_str(action).split()[0]
        if event["kind"] == "draw":
            assert state.view(None)["drawn"] == event["card"]
    assert {"draw", "place", "take"} <= kinds


def test_explanations_are_messages_with_codes_that_do_not_repeat_the_move() -> None:
    state = new()
    cases = {"take 1": "row_empty", "place 1": "nothing_to_place", "joker red": "not_declaring"}
    for move, code in cases.items():
        with pytest.raises(IllegalAction) as refused:
            state.apply_str(move)
        assert refused.value.message.code == code and move not in refused.value.reason
    play(state, "draw")
    with pytest.raises(IllegalAction) as refused:
        state.apply_str("draw")
    assert refused.value.message.code == "place_drawn_first"
    assert render(refused.value.message, "it").startswith("Hai pescato una carta (")
    with pytest.raises(IllegalAction) as refused:
        state.apply_str("take 9")
    assert refused.value.message.code == "row_number"


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_explanation_is_translated_with_the_same_fields(language: str) -> None:
    with (LOCALE / language / "LC_MESSAGES" / "messages.po").open("rb") as source:
        catalog = read_po(source, locale=language)
    messages = [m for m in catalog if m.id]
    assert len(messages) > 25 and all(m.string for m in messages)
    assert sum(m.string != m.id for m in messages) > 0.8 * len(messages), "words such as 'orange' may stay"
    fields = re.compile(r"\{[^}]*\}")
    for m in messages:
        assert sorted(fields.findall(str(m.string))) == sorted(fields.findall(str(m.id))), m.id


def test_the_score_breakdown_names_the_colours_the_jokers_and_the_plus_two_cards() -> None:
    state = kameleon.load("coloretto", players=3).new_state(11)
    rng = random.Random(3)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    breakdown = state.score_breakdown()
    assert [b["total"] for b in breakdown] == state.scores()
    for seat, parts in enumerate(breakdown):
        assert parts["positive"] + parts["negative"] + parts["plus_two"] == parts["total"]
        assert sum(p["points"] for p in parts["piles"]) == parts["positive"] + parts["negative"]
        assert sum(1 for p in parts["piles"] if p["points"] > 0) <= 3
        assert len(parts["jokers"]) == sum(p["jokers"] for p in parts["piles"])
        assert parts["plus_two"] == 2 * state.view(None)["players"][seat]["plus_two"]
    assert state.end_reason() is None
