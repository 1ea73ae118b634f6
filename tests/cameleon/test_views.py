"""The rule-derived facts the view carries for interfaces, and the score breakdowns of scoring.py."""

from __future__ import annotations

import kameleon
from kameleon.games.cameleon.render import describe
from kameleon.games.cameleon.view import action_facts

from .support import at

CHOICES = "8/5b2/3R4/3y3b/8/2Y5/8/8/8 R 0 1"


def test_moves_and_reasons_at_the_start() -> None:
    view = kameleon.load("cameleon").new_state(0).view(1)
    assert view["ranks"] == 9
    assert view["reserves"] == [["b1", "d1", "f1", "h1"], ["a9", "c9", "e9", "g9"]]
    assert view["moves"] == {
        "a4": {"b5": "a4-b5"},
        "c4": {"b5": "c4-b5", "d5": "c4-d5"},
        "e4": {"d5": "e4-d5", "f5": "e4-f5"},
        "g4": {"f5": "g4-f5", "h5": "g4-h5"},
    }
    reasons = view["no_move_from"]
    assert reasons["a2"] == reasons["b3"] == "blocked" and reasons["b6"] == reasons["h8"] == "opponent"
    assert len(reasons) == 24 - 4
    assert view["scores"][0] == {"outcome": None, "points": 0, "pieces": 12, "chameleons": 0, "captured": 0}


def test_a_displacement_with_choices_shows_as_such_and_then_waits() -> None:
    state = at(CHOICES)
    assert state.view(0)["moves"]["c4"]["d5"] == "c4-d5*"
    facts = action_facts(state, state.parse_action("c4-d5"))
    assert facts == {
        "piece": "Y",
        "from": "c4",
        "to": "d5",
        "leaves_reserve": False,
        "choices_follow": True,
        "captures": [],
        "sure_victims": [{"victim": "d6", "piece": "y"}],  # taken whatever is chosen: only its reward's square is
        "maybe_victims": [],
    }
    assert describe(state, state.parse_action("c4-d5")) == (
        "yellow c4 to d5; takes the yellow on d6; the reward's choices follow"
    )
    state.apply_str("c4-d5*")
    view = state.view(None)
    assert view["moves"] == {} and set(view["no_move_from"].values()) == {"pending"}
    pending = view["pending"]
    assert pending["displacement"] == "c4-d5" and pending["choices"] == ["@b1", "@d1", "@f1", "@h1"]
    assert (pending["from"], pending["to"], pending["piece"], pending["step"]) == ("c4", "d5", "Y", "reserve")
    assert pending["captures"] == [{"victim": "d6", "piece": "y", "rewards": ["O"], "certain": True}]
    assert pending["options"][0] == {"move": "@b1", "square": "b1", "kind": "O", "victim": "d6"}
    assert action_facts(state, state.legal_actions()[-1]) == {"choice": "reserve", "square": "h1"}


def test_facts_of_a_capture_with_a_reward() -> None:
    state = at("8/5b2/3R4/3y3b/8/2Y5/8/8/1O1O1O2 R 0 1")
    assert action_facts(state, state.parse_action("c4-d5xd6=O@h1"))["captures"] == [
        {"victim": "d6", "piece": "y", "reward": "O", "square": "h1"}
    ]


def test_breakdowns_of_a_finished_game() -> None:
    state = at("8/8/3R4/3y4/8/2Y5/8/8/8 R 0 1")
    state.apply_str("c4-d5xd6=O@b1")
    assert state.scores() == [1, -1] and state.winners() == [0]
    scores = state.view(0)["scores"]
    assert scores == [
        {"outcome": "win", "points": 1, "pieces": 3, "chameleons": 0, "captured": 1},
        {"outcome": "loss", "points": -1, "pieces": 0, "chameleons": 0, "captured": 0},
    ]
    assert state.view(0)["moves"] == {} and state.view(0)["no_move_from"] == {}
    drawn = at("8/8/8/8/3Kk3/8/8/8/8 R 0 1")
    assert [b.outcome for b in drawn.breakdowns()] == ["draw", "draw"] and drawn.scores() == [0, 0]
