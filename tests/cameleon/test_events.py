"""Le Caméléon's move events, the pending ply's facts, the score breakdown and the end reason: what the arena's log
and the web board read instead of notation."""

from __future__ import annotations

import json
import random
import re

import pytest

import kameleon
from kameleon.engine.errors import IllegalAction
from kameleon.games.cameleon.explain import END_REASONS
from kameleon.games.cameleon.scoring import REASONS
from kameleon.games.cameleon.state import CameleonState
from tests.cameleon.support import at


def test_random_games_have_an_event_per_action_and_the_pending_facts_match_the_legal_choices() -> None:
    game = kameleon.load("cameleon")
    rng = random.Random(7)
    kinds: set[str] = set()
    steps: set[str] = set()
    for seed in range(6):
        state = game.new_state(seed)
        for _ in range(400):
            if state.is_terminal:
                break
            view = state.view(None)
            if state.pending is not None:
                pending = view["pending"]
                steps.add(pending["step"])
                assert [o["move"] for o in pending["options"]] == [
                    state.action_to_str(a) for a in state.legal_actions()
                ]
                assert all(o.get("victim") for o in pending["options"])
                assert pending["captures"] and all(c["piece"] for c in pending["captures"])
            action = rng.choice(state.legal_actions())
            after = state.clone()
            after.apply(action)
            event = state.event_seen_by(action, after, None)
            assert event == state.event_seen_by(action, after, 0)  # perfect information
            json.dumps(event)
            kinds.add(event["kind"])
            assert event["choices_follow"] == (after.pending is not None)
            removed = sum(after.eliminated[1 - state.turn]) - sum(state.eliminated[1 - state.turn])
            assert len(event["captures"]) == removed
            if event["kind"] == "choice" and not event["choices_follow"]:
                assert "ply" in event
            state = after
    assert {"move", "choice"} <= kinds and "reserve" in steps


def test_a_finished_game_names_its_end_and_breakdown() -> None:
    state = at("8/8/3R4/3y4/8/2Y5/8/8/8 R 0 1")
    assert state.end_reason() is None
    state.apply_str("c4-d5xd6=O@b1")
    assert state.end_reason() == "elimination"
    assert state.score_breakdown() == [
        {"outcome": "win", "pieces": 3, "chameleons": 0, "captured": 1, "total": 1},
        {"outcome": "loss", "pieces": 0, "chameleons": 0, "captured": 0, "total": -1},
    ]
    assert set(END_REASONS) == set(REASONS)
    try:
        state.apply_str("d5-e6")
    except IllegalAction as refused:
        assert refused.message.code == "game_over_because"
        assert str(refused) == "the game is over: all the pieces of one side were captured"
    else:
        raise AssertionError("a move after the end was accepted")


def test_explanations_carry_codes_and_name_no_move() -> None:
    state = kameleon.load("cameleon").new_state(0)
    cases = {
        "c4-e6": "only_chameleons_slide",
        "b6-c5": "opponent_piece",
        "d5-e6": "empty_square",
        "a2-b3": "piece_cannot_move",
        "c4-c6": "not_diagonal",
        "pass": "pass_not_allowed",
    }
    for token, code in cases.items():
        try:
            state.apply_str(token)
        except IllegalAction as refused:
            assert refused.message.code == code, (token, refused.message)
            assert "-" not in token or token not in str(refused), str(refused)  # never repeats the move
        else:
            raise AssertionError(f"{token} was accepted")


def test_a_short_reserve_asks_which_victim_earns_the_reward_then_its_colour() -> None:
    state = at("8/7b/8/2YrB3/4yY2/2R5/8/8/1O1O1O2 R 0 1")  # rules TV-25's note: only h1 is free
    state.apply_str("c4-d5*")
    pending = state.view(0)["pending"]
    assert pending["step"] == "room"
    assert sorted(o["victim"] for o in pending["options"]) == ["d6", "e5"]
    assert [c["certain"] for c in pending["captures"]] == [False, False]  # neither falls without the room
    before = state.clone()
    choice = state.apply_str("xd6")
    event = before.event_seen_by(choice, state, None)
    assert (event["kind"], event["choice"], event["victim"], event["choices_follow"]) == ("choice", "room", "d6", True)
    pending = state.view(0)["pending"]
    assert pending["step"] == "reward"
    assert {(o["kind"], o["victim"]) for o in pending["options"]} == {("O", "d6"), ("V", "d6")}
    before = state.clone()
    choice = state.apply_str("=V")
    event = before.event_seen_by(choice, state, None)
    assert event["captures"] == [{"victim": "d6", "piece": "r", "reward": "V", "square": "h1"}]
    assert event["ply"]["from"] == "c4" and not event["choices_follow"]


def _pending_with_a_choice() -> CameleonState:
    """The first position of seeded random play where a ply waits for one of several choices."""
    game = kameleon.load("cameleon")
    for seed in range(50):
        state, rng = game.new_state(seed), random.Random(seed)
        while not state.is_terminal:
            if state.pending is not None and len(state.legal_actions()) > 1:
                assert isinstance(state, CameleonState)
                return state
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    raise AssertionError("no ply with a choice in 50 random games")


def test_moves_are_read_whatever_their_case_and_a_wrong_choice_names_the_right_ones() -> None:
    from kameleon.games.cameleon.notation import canonical, choices

    assert canonical(" A4-B5XC6=o@B1 ") == "a4-b5xc6=O@b1" and canonical("PASS") == "pass"
    state = _pending_with_a_choice()
    waiting = choices(state)
    assert len(waiting) > 1
    upper = state.clone()
    upper.apply_str(waiting[0].upper())
    lower = state.clone()
    lower.apply_str(waiting[0])
    assert upper.history == lower.history
    before = state.clone()
    said = f"'=K' is not a choice the ply can take; it is waiting for one of: {', '.join(waiting)}"
    with pytest.raises(IllegalAction, match=re.escape(said)):
        state.apply_str("=K")
    assert state.history == before.history
