"""Chance nodes in ISMCTS: the outcome a draw shows splits the tree, fairly, and the tree is still reused."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon.ai.fair import fair_state
from kameleon.ai.ismcts import ISMCTSAgent, Node
from kameleon.games.coloretto import notation as nt
from kameleon.games.coloretto.cards import CARD_NAMES
from tests.ai.games import configs
from tests.depth import examples


def _turn(seed: int) -> Any:
    """A two-player Coloretto position where seat 0 may draw or take, after a few moves."""
    state = kameleon.load("coloretto", players=2).new_state(seed)
    rng = random.Random(seed)
    while True:
        actions = state.legal_actions()
        if len(state.history) >= 6 and state.current_player == 0 and nt.DRAW in actions and len(actions) > 1:
            return state
        state.apply(actions[rng.randrange(len(actions))])


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4, 5]))
def test_coloretto_shows_every_seat_the_drawn_card_and_nothing_else(seed: int, players: int) -> None:
    game = kameleon.load("coloretto", players=players)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        state.apply(action)
        seen = {game.revealed(state, action, seat) for seat in range(players)}
        assert len(seen) == 1  # a draw is public: every seat is shown the same
        (shown,) = seen
        if action != nt.DRAW:
            assert shown is None
            continue
        assert shown is not None
        # Only what the view already shows: the card waiting to be placed (and whether the last round began).
        view = state.view(1 % players)
        assert CARD_NAMES[shown % 16] == view["drawn"]
        assert shown // 16 == state.final_round


def test_a_draw_splits_the_tree_by_the_card_drawn() -> None:
    state = _turn(3)
    agent = ISMCTSAgent(1, iterations=600, chance_nodes=1, reuse_tree=False)
    agent.act(state)
    assert agent._root is not None
    draw = agent._root.children[nt.DRAW]
    assert draw.outcomes, "the search went past a draw"
    # Every visit of the draw but the one that expanded it went on below one card's subtree.
    assert sum(box.visits for box in draw.outcomes.values()) == draw.visits - 1
    assert not draw.children  # the placements hang below the cards, never below the draw itself
    for card, box in draw.outcomes.items():
        assert CARD_NAMES[card % 16] in CARD_NAMES
        assert box.player == -1 and box.total == 0.0  # nobody chose the card: no reward is kept there
        assert all(nt.PLACE <= action < nt.PLACE + 4 for action in box.children)
        assert all(child.player == 0 for child in box.children.values())


def test_without_chance_nodes_the_cards_share_one_subtree() -> None:
    agent = ISMCTSAgent(1, iterations=600, reuse_tree=False)
    agent.act(_turn(3))
    assert agent._root is not None
    draw = agent._root.children[nt.DRAW]
    assert draw.outcomes is None and draw.children


def test_the_tree_is_reused_through_the_card_the_seat_drew() -> None:
    state = _turn(5)
    agent = ISMCTSAgent(2, iterations=400, chance_nodes=1)
    agent.search(fair_state(state))
    first = agent._root
    assert first is not None
    state.apply(nt.DRAW)  # the card is turned over: the next search starts below it
    assert len(state.legal_actions()) > 1
    box = (first.children[nt.DRAW].outcomes or {})[state.game.revealed(state, nt.DRAW, 0)]
    kept = box.visits
    assert kept > 0
    agent.act(fair_state(state))
    assert agent.last_reused == kept
    assert agent._root is box


def test_a_node_outcome_is_made_once() -> None:
    node = Node(nt.DRAW, 0)
    assert node.outcome(3) is node.outcome(3)
    assert node.outcome(3) is not node.outcome(4)
    assert node.outcomes is not None and set(node.outcomes) == {3, 4}


@pytest.mark.parametrize(("game_name", "players"), configs())
def test_every_game_plays_legally_with_chance_nodes(game_name: str, players: int) -> None:
    game = kameleon.load(game_name, players=players)
    agents = [ISMCTSAgent(seat, iterations=12, chance_nodes=1, rollout_depth=10) for seat in range(players)]
    state = game.new_state(17)
    for _ in range(40):
        if state.is_terminal:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(fair_state(state)))  # raises on an illegal move
    assert state.is_terminal or len(state.history) >= 40


def test_chance_nodes_are_a_tunable_setting() -> None:
    agent = ISMCTSAgent(1, iterations=50, per_game={"coloretto": {"chance_nodes": 1}})
    agent.act(_turn(7))
    assert agent.chance_nodes == 1
    assert agent._root is not None and agent._root.children[nt.DRAW].outcomes
