"""Invariants of rules/cameleon.md §10.4 over random games, for several option sets."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon.games.cameleon import CameleonState
from kameleon.games.cameleon.chart import BOX, PRIMARY_BOX, K, V
from tests.depth import examples

CONFIGS: list[dict[str, Any]] = [
    {},
    {"finite_supply": True},
    {"capture_geometry": "opposite", "reserve_placement": "auto"},
    {"capture_trigger": "moved_piece", "full_reserve_blocks": "rewarded"},
    {"board": "8x11", "first_player": "square", "lone_piece_rule": False},
]
IDS = ["default", "finite", "opposite-auto", "moved-rewarded", "8x11-square"]


def new(options: dict[str, Any], seed: int) -> CameleonState:
    state = kameleon.load("cameleon", **options).new_state(seed)
    assert isinstance(state, CameleonState)
    return state


def check_board(state: CameleonState) -> None:
    """Colours, reserve rows and the bitboards agree with the board list (§10.4 invariants 1, 2, 5)."""
    geo = state.geo
    occ = [0, 0]
    kings = [0, 0]
    for s, code in enumerate(state.board):
        if not code:
            continue
        owner, kind = code >> 3, (code & 7) - 1
        occ[owner] |= 1 << s
        kings[owner] |= (kind == K) << s
        assert geo.is_light(s) == (owner == 0), f"{geo.names[s]} holds a piece off its colour"
        if geo.reserve_rows >> s & 1:
            assert s in geo.reserve[owner] and kind >= V, f"{geo.names[s]} is not a legal reserve placement"
    assert occ == state.occ and kings == state.kings


def rewards_in(tokens: list[str], seat: int, first: int) -> int:
    """Rewards earned by `seat` according to the record's tokens (each '=' is one reward)."""
    return sum(token.count("=") for i, token in enumerate(tokens) if (first + i) % 2 == seat and "*" not in token)


def check_conservation(state: CameleonState) -> None:
    """Board + reserve + eliminated + tray = the box (finite supply); primaries are never created."""
    for seat in (0, 1):
        counts, gone = state.counts[seat], state.eliminated[seat]
        on_board = [0] * 7
        for code in state.board:
            if code and code >> 3 == seat:
                on_board[(code & 7) - 1] += 1
        assert on_board == counts
        for kind in range(3):
            assert on_board[kind] + gone[kind] == PRIMARY_BOX
        if state.tray is not None:
            for i, kind in enumerate((V, V + 1, V + 2, K)):
                assert on_board[kind] + gone[kind] + state.tray[seat][i] == BOX[kind]
        if state.seed is not None and state.pending is None:
            earned = rewards_in(state.move_tokens(), seat, state.game.start.to_move)
            assert sum(on_board[3:]) + sum(gone[3:]) == earned


def check_no_waiting_capture(state: CameleonState, mover: int) -> None:
    """After a ply with default options, a capture left on the board means the mover's reserve is full."""
    probe = state.clone()
    probe.turn = mover
    if probe.flanked():
        assert all(state.board[s] for s in state.geo.reserve[mover])


@pytest.mark.parametrize("options", CONFIGS, ids=IDS)
@settings(max_examples=examples(5), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(options: dict[str, Any], seed: int) -> None:
    state = new(options, seed)
    rng = random.Random(seed)
    default = options == {}
    plies = 0
    while not state.is_terminal:
        mover = state.turn
        mover_counts = sum(state.counts[mover])
        action = rng.choice(state.legal_actions())
        state.apply(action)
        if state.pending is not None:
            continue
        plies += 1
        assert sum(state.counts[mover]) >= mover_counts, "the mover lost a piece in its own ply"
        check_board(state)
        if plies % 25 == 0 or state.is_terminal:
            check_conservation(state)
        if default and not state.is_terminal:
            check_no_waiting_capture(state, mover)
        assert plies < 5000, "a random game did not end"
    assert state.winners() and state.reason is not None


@pytest.mark.parametrize("options", CONFIGS, ids=IDS)
@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 400))
def test_replay_identity_including_unfinished_plies(options: dict[str, Any], seed: int, stop: int) -> None:
    state = new(options, seed)
    rng = random.Random(seed)
    for _ in range(stop):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(state.record()))
    assert all(isinstance(token, str) and " " not in token for token in record["moves"])
    assert kameleon.replay(record) == state


def test_replay_of_a_game_stopped_inside_a_ply() -> None:
    state = kameleon.load("cameleon", start="8/5b2/3R4/3y3b/8/2Y5/8/8/8 R 0 1").new_state(3)
    state.apply(state.parse_action("c4-d5"))
    assert state.pending is not None and state.record()["moves"] == ["c4-d5*"]
    assert kameleon.replay(state.record()) == state
    state.apply(state.parse_action("@f1"))
    assert state.record()["moves"] == ["c4-d5xd6=O@f1"]
    assert kameleon.replay(state.record()) == state


@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_illegal_actions_and_texts_raise_and_change_nothing(seed: int) -> None:
    state = new({}, seed)
    rng = random.Random(seed)
    game = state.game
    for _ in range(rng.randrange(300)):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    legal = set(state.legal_actions())
    before = state.clone()
    for index in [*rng.sample(range(game.num_distinct_actions), 150), -1, game.num_distinct_actions, "c4-d5", None]:
        if index in legal:
            continue
        with pytest.raises(kameleon.IllegalAction):
            state.apply(index)  # type: ignore[arg-type]
        assert state == before
    for text in ["", "c4", "c4-d6", "c4-d5xz9", "j1-k2", "c4-d5xd6=Q@b1", "pass pass", "@b1", "c4-d5xd6xd6", "z"]:
        if text == "@b1" and state.game.geo.reserve0 in legal:
            continue  # a pending reward may really go to b1
        with pytest.raises(kameleon.IllegalAction):
            state.apply_str(text)
        assert state == before


@settings(max_examples=examples(5), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_notation_of_every_action_replays_that_action(seed: int) -> None:
    state = new({}, seed)
    rng = random.Random(seed)
    for _ in range(120):
        if state.is_terminal:
            break
        for action in state.legal_actions():
            text = state.action_to_str(action)
            assert state.parse_action(text) == action
            by_action, by_text = state.clone(), state.clone()
            by_action.apply(action)
            by_text.apply_str(text)
            assert by_text.board == by_action.board and by_text.pending == by_action.pending
        state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=examples(5), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_cpn_round_trip_and_restart(seed: int) -> None:
    state = new({}, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(250)):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    while state.pending is not None:
        state.apply(state.legal_actions()[0])
    text = state.to_cpn()
    restarted = state.game.from_cpn(text)
    assert restarted.to_cpn() == text
    assert restarted.board == state.board
    if not state.is_terminal and not restarted.is_terminal:
        assert restarted.ply_tokens() == state.ply_tokens()


@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_view_is_everything_and_determinize_copies(seed: int) -> None:
    state = new({"finite_supply": True}, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(200)):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    views = [state.view(p) for p in (None, 0, 1)]
    assert views[0] == views[1] == views[2]
    assert json.loads(json.dumps(views[0])) == views[0]
    assert views[0]["cpn"] == state.to_cpn()
    copy = state.determinize(0, random.Random(1))
    assert copy.seed is None and copy.view(0) == state.view(0) and copy.legal_actions() == state.legal_actions()
