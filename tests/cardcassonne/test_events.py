"""Move events (what each seat may learn of a move), explanations as Messages with codes and translations,
the score breakdown and the open view of a finished game's replay."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon import IllegalAction
from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne.cards import CARD_LABELS
from kameleon.games.cardcassonne.game import CardcassonneGame
from kameleon.games.cardcassonne.phases import RESOLVE
from kameleon.games.cardcassonne.scoring import PARTS
from kameleon.games.cardcassonne.state import CardcassonneState
from tests.cardcassonne.helpers import play, position, resolve
from tests.depth import examples

LANGUAGES = ("it", "pl", "fr", "uk")


def _random_state(seed: int, players: int, moves: int) -> CardcassonneState:
    state = kameleon.load("cardcassonne", players=players).new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, CardcassonneState)
    return state


def _faces(view: dict[str, Any]) -> Counter[str]:
    """Every face a view shows, with its multiplicity (cards in rows, hands, claims, chests and scoring events)."""
    found: Counter[str] = Counter()
    for row in view["rows"]:
        found.update(e["face"] for e in row["entries"] if e["kind"] == "card" and e["face"])
    for p in view["players"]:
        found.update(p["hand"] or [])
        found.update(p["chest"] or [])
    if view["claim"]:
        found.update(view["claim"]["cards"])
    for e in view["events"]:
        found.update(e["cards"])
    if view["setup_joker"]:
        found[view["setup_joker"]] += 1
    return found


def _named(event: dict[str, Any]) -> Counter[str]:
    """The faces an event names, with their multiplicity."""
    names: Counter[str] = Counter()
    for key in ("face", "card"):
        if isinstance(event.get(key), str):
            names[event[key]] += 1
    names.update(c for c in event.get("cards", []) if c)
    for key in ("display", "revealed"):
        names.update(item["card"] for item in event[key]) if key in event else None
    for claim in event["claims"]:
        names.update(claim["cards"])
    return names


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), moves=st.integers(0, 140), who=st.integers(-1, 4))
def test_no_event_says_what_the_seats_view_hides(seed: int, players: int, moves: int, who: int) -> None:
    state = _random_state(seed, players, moves)
    if state.is_terminal:
        return
    seat = None if who < 0 else who % players
    rng = random.Random(seed + 1)
    action = rng.choice(state.legal_actions())
    after = state.clone()
    after.apply(action)
    said = state.event_seen_by(action, after, seat)
    json.dumps(said)
    mover = state.current_player
    if nt.FACE_DOWN <= action < nt.FOLLOWER:
        assert (said["face"] is None) == (seat != mover)
    # Every face it names is one the seat sees, before or after the move.
    shown = _faces(state.view(seat)) + _faces(after.view(seat))
    assert not _named(said) - shown, (said, shown)
    # Claims are told exactly as the seat's view records them.
    fresh = after.view(seat)["events"][len(state.events) :]
    assert [{k: c[k] for k in ("seat", "row", "points", "cards", "to_chest")} for c in said["claims"]] == [
        {k: e[k] for k in ("seat", "row", "points", "cards", "to_chest")} for e in fresh if e["row"] is not None
    ]
    # Another position the seat cannot tell from this one gives the same event, as long as no card is revealed
    # (the display after a setup joker, the face-down cards at a round's end).
    if seat is not None and said["kind"] != "joker" and not said["round_over"] and not said["claims"]:
        for _ in range(3):
            sample = state.determinize(seat, rng)
            if action in sample.legal_actions():
                moved = sample.clone()
                moved.apply(action)
                assert sample.event_seen_by(action, moved, seat) == said


def test_events_of_a_round_and_its_resolution() -> None:
    state = position(2, {"Y": ["YP1"], "G": ["GA"]}, hands=[["YP2", "RA"], ["BP1", "GP1"]])
    after = state.clone()
    play(after, "?RA@G")
    action = nt.parse("?RA@G")
    assert state.event_seen_by(action, after, 0)["face"] == "RA"
    hidden = state.event_seen_by(action, after, 1)
    assert hidden == {**state.event_seen_by(action, after, None), "face": None}
    assert hidden["kind"] == "card" and hidden["row"] == "G" and hidden["face_down"] is True
    state = after
    after = state.clone()
    play(after, "F@Y")
    said = state.event_seen_by(nt.parse("F@Y"), after, None)
    assert said["kind"] == "follower" and said["row"] == "Y" and said["cards"] == ["YP1"]


def test_decisions_and_wild_animals_are_events() -> None:
    state = position(4, {"R": ["RP2", "?GA(3)", "?YH(0)", "WA", "F(0)"]}, herds={0: {"Y": 1}})
    resolve(state)
    assert state.phase == RESOLVE
    after = state.clone()
    after.apply(nt.KEEP)
    said = state.event_seen_by(nt.KEEP, after, 2)
    assert said["kind"] == "decision" and said["choice"] == "keep" and said["card"] == "GA" and said["row"] == "R"
    state, after = after, after.clone()
    after.apply(nt.TEN)
    assert state.event_seen_by(nt.TEN, after, None)["choice"] == "ten"
    state, after = after, after.clone()
    after.apply(nt.WILD + 2)
    said = state.event_seen_by(nt.WILD + 2, after, None)
    assert said["kind"] == "wild" and said["herd"] == "G"
    (claim,) = said["claims"]
    assert claim["seat"] == 0 and claim["row"] == "R" and claim["points"] == sum(claim["parts"].values())
    assert set(claim["parts"]) == set(PARTS)


def test_a_whole_game_ends_with_the_chests_and_a_breakdown() -> None:
    state = _random_state(11, 3, 10_000)
    assert state.is_terminal
    breakdown = state.score_breakdown()
    assert [b["total"] for b in breakdown] == state.scores()
    assert all(sum(b[p] for p in PARTS) == b["total"] for b in breakdown)
    last = kameleon.load("cardcassonne", players=3).new_state(11)
    rng = random.Random(11)
    while True:
        action = rng.choice(last.legal_actions())
        after = last.clone()
        after.apply(action)
        if after.is_terminal:
            break
        last = after
    said = last.event_seen_by(action, after, None)
    assert said["game_over"] and [c["seat"] for c in said["chests"]] == [0, 1, 2]
    assert [c["points"] for c in said["chests"]] == [b["buildings"] for b in breakdown]


def test_the_open_view_shows_every_face_down_card() -> None:
    state = position(2, {"Y": ["YP1"]}, hands=[["YP2", "RA"], ["BP1", "GP1"]])
    play(state, "?RA@G", "?BP1@Y")
    closed = [e["face"] for row in state.view(None)["rows"] for e in row["entries"]]
    opened = [e["face"] for row in state.open_view()["rows"] for e in row["entries"]]
    assert closed.count(None) == 2 and None not in opened
    assert state.open_view()["players"][0]["hand"] is None, "hands stay closed"


def test_explanations_have_codes_and_no_move_token() -> None:
    state = position(2, {}, hands=[["YP1", "RA"], ["GP1", "BA"]])
    for text, code in [("YP1", "first_card_face_down"), ("?GA@Y", "card_not_in_hand"), ("keep", "no_decision_pending")]:
        with pytest.raises(IllegalAction) as refused:
            state.apply_str(text)
        assert refused.value.message.code == code
        assert text not in refused.value.reason
    play(state, "F@Y")
    with pytest.raises(IllegalAction) as refused:
        state.apply_str("YP1@R")
    assert refused.value.message.code == "wrong_row_face_up"


def _catalog(language: str) -> dict[str, str]:
    folder = CardcassonneGame.catalog_dir()
    assert folder is not None
    with (folder / language / "LC_MESSAGES" / "messages.po").open("rb") as source:
        catalog = read_po(source, locale=language)
    return {m.id: m.string for m in catalog if isinstance(m.id, str) and m.id and isinstance(m.string, str)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_explanation_is_translated(language: str) -> None:
    """Each template of the engine's Messages has a translation keeping the same fields."""
    catalog = _catalog(language)
    for label in CARD_LABELS:
        assert catalog.get(label.template), (language, label.template)
    for template, translated in catalog.items():
        assert translated, (language, template)
        fields = sorted(p.split("}")[0] for p in template.split("{")[1:])
        assert sorted(p.split("}")[0] for p in translated.split("{")[1:]) == fields, (language, template)


def test_the_catalogs_follow_the_code() -> None:
    """Babel's extraction of this game finds no template without a translation, nor a translation out of step."""
    from kameleon.server import catalogs

    (domain,) = [d for d in catalogs.domains() if d.name == "cardcassonne"]
    assert catalogs.problems(domain) == []


def test_the_view_names_the_move_of_each_pick_and_place() -> None:
    """The seat to move finds its legal moves among `moves` by equality; the others are sent to be explained."""
    state = position(2, {}, hands=[["YP1", "RA", "WA"], ["GP1", "BA"]])
    moves = state.view(0)["moves"]
    assert state.view(1)["moves"] is None and state.view(None)["moves"] is None
    legal = set(state.view(0)["legal_moves"])
    assert set(moves["place"]) == {"YP1", "RA", "WA", "F"}
    placed = {move for rows in moves["place"].values() for move in rows.values()}
    assert legal == placed  # the first card goes face down into any row: every placement is legal
    play(state, "?RA@G", "F@Y")
    moves = state.view(0)["moves"]
    assert moves["place"]["YP1"] == {"Y": "YP1", "R": "YP1@R", "G": "YP1@G", "B": "YP1@B"}
    with pytest.raises(IllegalAction) as refused:
        state.apply_str(moves["place"]["YP1"]["B"])
    assert refused.value.message.code == "wrong_row_face_up"
    assert {m for rows in moves["place"].values() for m in rows.values()} & set(state.view(0)["legal_moves"]) == set(
        state.view(0)["legal_moves"]
    )
