"""The invariants of spec §11.4 as property tests over random games, plus replay, views and determinize."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon import IllegalAction
from kameleon.engine.benchmark import random_game
from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne.cards import COLOUR, DEAL_TABLE, DOWN, FACE, FACE_CODES
from kameleon.games.cardcassonne.phases import PLAY
from kameleon.games.cardcassonne.scoring import breakdowns
from kameleon.games.cardcassonne.state import CardcassonneState
from tests.depth import examples

SEEDS = st.integers(0, 2**32)
PLAYERS = st.integers(2, 5)


def _segments(state: CardcassonneState) -> dict[int, list[int]]:
    """Seat -> the cards its follower secures now (entries between it and the previous follower)."""
    out = {}
    for row in state.rows:
        start = 0
        for i, e in enumerate(row):
            if e < 0:
                out[-1 - e] = [x & 255 for x in row[start:i]]
                start = i + 1
    return out


def _check_static(state: CardcassonneState) -> None:
    cards = state.card_locations()
    assert sorted(cards) == list(range(130)), "card conservation"
    for q in range(state.num_players):
        real, wild = state.herd_real[q], state.herd_wild[q]
        assert all(real[k] >= 1 for k in range(4) if wild[k]), "a herd with wilds has a real card"
        assert not (state.loose[q] and sum(real)), "loose wilds only while owning no real animal"
        assert sum(real) + sum(wild) + state.loose[q] == len(state.animals[q])
    parts = breakdowns(state.events, state.num_players)
    assert [sum(p.values()) for p in parts] == state.scores(), "the score breakdown adds up"


def _play_checked(state: CardcassonneState, rng: random.Random, round_first: bool = False) -> list[dict[str, Any]]:
    """A random game checking the step invariants; returns per-round move summaries."""
    n = state.num_players
    rounds = DEAL_TABLE[n][1]
    entered_down: set[int] = set()
    segments: dict[int, list[int]] = {}
    summaries: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    last_scores = state.scores()
    while not state.is_terminal:
        _check_static(state)
        actions = state.legal_actions()
        assert actions
        action = actions[rng.randrange(len(actions))]
        seat = state.current_player
        assert seat is not None
        phase, round_no = state.phase, state.round_no
        state.apply(action)
        assert all(b >= a for a, b in zip(last_scores, state.scores(), strict=True)), "scores never decrease"
        last_scores = state.scores()
        if phase != PLAY:
            continue
        if current is None or current["round"] != round_no:
            current = {"round": round_no, "turns": [], "cards": Counter(), "down": [], "followers": Counter()}
            summaries.append(current)
            entered_down_round: list[int] = []
            segments = {}
        current["turns"].append(seat)
        if action >= nt.FOLLOWER:
            current["followers"][seat] += 1
            if state.round_no == round_no and state.phase == PLAY:
                segments[seat] = _segments(state)[seat]
        else:
            current["cards"][seat] += 1
            if action >= nt.FACE_DOWN:
                current["down"].append((seat, current["cards"][seat], sum(current["cards"].values())))
                r = (action - nt.FACE_DOWN) & 3
                if state.round_no == round_no and state.phase == PLAY:
                    entry = state.rows[r][-1]
                    assert entry & DOWN
                    entered_down.add(entry & 255)
                    entered_down_round.append(entry & 255)
        if state.round_no == round_no and state.phase == PLAY:
            now = _segments(state)
            for s, seg in segments.items():
                assert now[s] == seg, "a follower's segment never changes"
            for r, row in enumerate(state.rows):
                for e in row:
                    if e >= 0 and COLOUR[e & 255] >= 0 and COLOUR[e & 255] != r:
                        assert e & 255 in entered_down, "a card lies in another colour's row only if it went face down"
    _check_static(state)
    assert state.deck_size == 0 and state.round_no == rounds
    assert all(not row for row in state.rows) and all(not hand for hand in state.hands)
    return summaries


@settings(max_examples=examples(40), deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_round_and_game_invariants(seed: int, players: int) -> None:
    state = kameleon.load("cardcassonne", players=players).new_state(seed)
    summaries = _play_checked(state, random.Random(seed))
    per, rounds = DEAL_TABLE[players]
    assert len(summaries) == rounds
    for summary in summaries:
        turns = summary["turns"]
        assert len(turns) == players * (per + 1)
        assert all(b == (a + 1) % players for a, b in itertools.pairwise(turns)), "clockwise, nobody skipped"
        assert all(summary["cards"][q] == per and summary["followers"][q] == 1 for q in range(players))
        downs = summary["down"]
        assert sorted(s for s, _, _ in downs) == list(range(players)), "one face-down card per player"
        assert all(k == 1 for _, k, _ in downs), "the face-down card is the player's first"
    # TV-15: every point scored is in the event log
    assert sum(e[3] for e in state.events) == sum(state.scores())
    assert state.winners()


@settings(max_examples=examples(20), deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_round_first_rule_gives_one_face_down_card_per_round(seed: int, players: int) -> None:
    state = kameleon.load("cardcassonne", players=players, face_down_rule="round_first").new_state(seed)
    summaries = _play_checked(state, random.Random(seed), round_first=True)
    for summary in summaries:
        assert len(summary["down"]) == 1 and summary["down"][0][2] == 1


@settings(max_examples=examples(20), deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_hidden_face_down_cards_without_reveal(seed: int, players: int) -> None:
    state = kameleon.load("cardcassonne", players=players, reveal_unclaimed_face_down=False).new_state(seed)
    _play_checked(state, random.Random(seed))


@settings(max_examples=examples(25), deadline=None)
@given(seed=SEEDS, players=PLAYERS, stop=st.integers(0, 160))
def test_replay_identity_midway_and_at_the_end(seed: int, players: int, stop: int) -> None:
    state = kameleon.load("cardcassonne", players=players, reveal_unclaimed_face_down=seed % 2 == 0).new_state(seed)
    rng = random.Random(seed)
    random_game(state, rng, max_moves=stop)
    record = json.loads(json.dumps(state.record()))
    assert kameleon.replay(record) == state
    tokens = record["moves"]
    assert all(state.parse_action(t) == a for t, a in zip(tokens, state.history, strict=True))


def _random_state(seed: int, players: int, moves: int, **options: Any) -> CardcassonneState:
    state = kameleon.load("cardcassonne", players=players, **options).new_state(seed)
    rng = random.Random(seed ^ 0x5EED)
    random_game(state, rng, max_moves=moves)
    return state


def _assert_no_leak(state: CardcassonneState, seat: int | None) -> None:
    view = state.view(seat)
    text = json.dumps(view)
    assert "deck" not in {k for k in view if k != "deck_size"}
    for p in view["players"]:
        if p["seat"] != seat:
            assert p["hand"] is None
        if not state.is_terminal and not (p["seat"] == seat and state.game.options["chest_visible_to_owner"]):
            assert p["chest"] is None
    for r, row in enumerate(state.rows):
        for e, shown in zip(row, view["rows"][r]["entries"], strict=True):
            if e >= 0 and e & DOWN and (e >> 9) - 1 != seat:
                assert shown["face"] is None and shown["face_down"]
    removed = Counter(view["removed"])
    for event in view["events"]:
        if event["row"] is not None and not state.is_terminal:
            buildings = Counter(f for f in event["cards"] if f.endswith("H"))
            assert not buildings - removed, "an event shows a card that went under a chest"
    json.loads(text)


@settings(max_examples=examples(25), deadline=None)
@given(seed=SEEDS, players=PLAYERS, moves=st.integers(0, 150))
def test_views_hide_what_the_seat_cannot_see(seed: int, players: int, moves: int) -> None:
    state = _random_state(seed, players, moves, reveal_unclaimed_face_down=seed % 3 != 0)
    for seat in [None, *range(players)]:
        _assert_no_leak(state, seat)


@settings(max_examples=examples(25), deadline=None)
@given(seed=SEEDS, players=PLAYERS, moves=st.integers(0, 150))
def test_determinize_keeps_the_view_and_resamples_only_hidden_parts(seed: int, players: int, moves: int) -> None:
    state = _random_state(seed, players, moves, reveal_unclaimed_face_down=seed % 2 == 0)
    for seat in range(players):
        sample = state.determinize(seat, random.Random(seed + seat))
        assert sample.view(seat) == state.view(seat)
        assert sample.hands[seat] == state.hands[seat]
        assert sample.chests == state.chests
        assert sorted(sample.card_locations()) == list(range(130))
        if sample.current_player == seat:
            assert sample.legal_actions() == state.legal_actions()
        # the sample plays on to the end like any state
        rng = random.Random(seed)
        while not sample.is_terminal:
            actions = sample.legal_actions()
            sample.apply(actions[rng.randrange(len(actions))])


def test_determinize_really_resamples_and_rewrites_hidden_history() -> None:
    state = _random_state(3, 4, 14)
    samples = [state.determinize(0, random.Random(k)) for k in range(10)]
    assert any(s.hands[1] != state.hands[1] for s in samples)
    for s in samples:
        for m in s.down_moves:
            h, seat = m >> 3, m & 7
            r = (s.history[h] - nt.FACE_DOWN) & 3
            faces = [FACE[e & 255] for e in s.rows[r] if e >= 0 and e & DOWN and (e >> 9) - 1 == seat]
            if faces:  # still hidden: the history names the sampled face
                assert (s.history[h] - nt.FACE_DOWN) >> 2 == faces[-1]


@settings(max_examples=examples(25), deadline=None)
@given(seed=SEEDS, players=PLAYERS, moves=st.integers(0, 120))
def test_views_equal_when_only_hidden_information_differs(seed: int, players: int, moves: int) -> None:
    state = _random_state(seed, players, moves)
    if state.is_terminal:
        return
    seat = 0
    others = [q for q in range(1, players) if state.hands[q]]
    if len(others) < 2:
        return
    a, b = others[0], others[1]
    twin = state.clone()
    ca, cb = twin.hands[a][0], twin.hands[b][0]
    twin.hands[a] = sorted([cb, *twin.hands[a][1:]])
    twin.hands[b] = sorted([ca, *twin.hands[b][1:]])
    twin.chests = [list(reversed(c)) for c in twin.chests]
    assert twin.view(seat) == state.view(seat)
    if FACE[ca] != FACE[cb]:
        assert twin.view(a) != state.view(a)


@settings(max_examples=examples(20), deadline=None)
@given(seed=SEEDS, players=PLAYERS, moves=st.integers(0, 150))
def test_illegal_actions_raise_and_change_nothing(seed: int, players: int, moves: int) -> None:
    state = _random_state(seed, players, moves)
    legal = set(state.legal_actions())
    for index in range(nt.NUM_ACTIONS):
        if index in legal:
            continue
        before = state.clone()
        with pytest.raises(IllegalAction) as info:
            state.apply(index)
        assert info.value.reason
        assert state == before
    for action in legal:
        copy = state.clone()
        copy.apply(action)
        assert copy.history[-1] == action


def test_legal_moves_as_tokens_are_canonical() -> None:
    state = _random_state(11, 3, 40)
    tokens = [state.action_to_str(a) for a in state.legal_actions()]
    assert len(set(tokens)) == len(tokens)
    assert all(state.parse_action(t) in state.legal_actions() for t in tokens)
    assert all(not t.endswith(f"@{t[0]}") or t[0] == "?" or t[:3] in FACE_CODES for t in tokens)
