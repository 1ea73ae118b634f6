"""The public contract of DESIGN.md, checked on every game and configuration in CONFIGS."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from typing import Any, get_args, get_overloads, get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon import IllegalAction
from kameleon.engine import registry
from kameleon.engine.registry import game_class, games
from tests.depth import examples

from .configs import CONFIGS

CASES = [(name, options) for name, configs in sorted(CONFIGS.items()) for options in configs]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}" for name, options in CASES]
MAX_MOVES = 3000


def random_playout(state: Any, rng: random.Random, stop_after: int | None = None) -> list[Any]:
    """Play random legal moves; returns the states passed through (every tenth)."""
    seen = []
    for i in range(MAX_MOVES):
        if state.is_terminal or (stop_after is not None and i >= stop_after):
            break
        actions = state.legal_actions()
        assert actions, "a non-terminal state must have a legal action"
        if i % 10 == 0:
            seen.append(state.clone())
        state.apply(actions[rng.randrange(len(actions))])
    return seen


def test_registry_lists_the_four_games() -> None:
    assert kameleon.games() == ["cameleon", "cardcassonne", "chromino", "coloretto"]


def test_load_is_typed_for_every_game() -> None:
    # The type checker learns a game's class from the literal name only through these overloads.
    typed = {}
    for variant in get_overloads(registry.load):
        hints = get_type_hints(variant, vars(registry) | {cls.__name__: cls for cls in map(game_class, games())})
        (name,) = get_args(hints["name"]) or (None,)
        typed[name] = hints["return"]
    assert typed == {None: kameleon.Game[Any]} | {name: game_class(name) for name in games()}


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_game_replays_identically(name: str, options: dict[str, Any], seed: int) -> None:
    game = kameleon.load(name, **options)
    state = game.new_state(seed)
    random_playout(state, random.Random(seed))
    assert state.is_terminal
    assert state.current_player is None
    assert state.legal_actions() == []
    winners = state.winners()
    assert winners and all(0 <= w < game.num_players for w in winners)
    assert len(state.scores()) == game.num_players
    record = json.loads(json.dumps(state.record()))
    assert kameleon.replay(record) == state


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_legal_action_applies_and_every_other_index_raises(name: str, options: dict[str, Any], seed: int) -> None:
    game = kameleon.load(name, **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    for snapshot in random_playout(state, rng, stop_after=200)[:8]:
        legal = snapshot.legal_actions()
        for action in legal:
            assert game.index_action(game.action_index(action)) == action
            copy = snapshot.clone()
            copy.apply(action)
            assert copy.history == [*snapshot.history, action]
        legal_indices = {game.action_index(a) for a in legal}
        # A sample of illegal indices (some action spaces are huge).
        candidates: Sequence[int] = range(game.num_distinct_actions)
        if game.num_distinct_actions > 400:
            candidates = [rng.randrange(game.num_distinct_actions) for _ in range(200)]
        for index in candidates:
            if index in legal_indices:
                continue
            try:
                action = game.index_action(index)
            except ValueError:
                continue  # an index that denotes no action (documented by the game)
            before = snapshot.clone()
            with pytest.raises(IllegalAction):
                snapshot.apply(action)
            assert snapshot == before


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_views_are_json_and_determinize_keeps_them(name: str, options: dict[str, Any], seed: int) -> None:
    game = kameleon.load(name, **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    for snapshot in random_playout(state, rng, stop_after=300)[:10]:
        for seat in [None, *range(game.num_players)]:
            view = snapshot.view(seat)
            assert json.loads(json.dumps(view)) == view
        seat = snapshot.current_player
        if seat is None:
            continue
        sample = snapshot.determinize(seat, random.Random(rng.random()))
        assert sample.view(seat) == snapshot.view(seat)
        assert sample.current_player == seat
        assert sorted(map(game.action_index, sample.legal_actions())) == sorted(
            map(game.action_index, snapshot.legal_actions())
        )


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_clone_is_independent(name: str, options: dict[str, Any]) -> None:
    state = kameleon.load(name, **options).new_state(11)
    copy = state.clone()
    assert copy == state
    copy.apply(copy.legal_actions()[-1])
    assert copy != state
    assert state.history == []


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_notation_round_trips(name: str, options: dict[str, Any]) -> None:
    state = kameleon.load(name, **options).new_state(5)
    rng = random.Random(5)
    for snapshot in random_playout(state, rng, stop_after=150):
        for action in snapshot.legal_actions():
            assert snapshot.parse_action(snapshot.action_to_str(action)) == action


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_same_seed_same_game(name: str, options: dict[str, Any]) -> None:
    game = kameleon.load(name, **options)
    a, b = game.new_state(99), game.new_state(99)
    assert a == b
    assert a.view(None) == b.view(None)


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_unknown_option_is_named(name: str) -> None:
    with pytest.raises(kameleon.InvalidOption, match="no_such_option"):
        kameleon.load(name, players=2, no_such_option=1)


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_a_seat_that_does_not_exist_is_refused(name: str, options: dict[str, Any]) -> None:
    state = kameleon.load(name, **options).new_state(3)
    n = state.num_players
    for seat in (n, -1, "0", True, 1.0):
        with pytest.raises(ValueError, match=f"seat {seat!r} does not exist; seats are 0..{n - 1}"):
            state.view(seat)  # type: ignore[arg-type]  # wrong on purpose
        with pytest.raises(ValueError, match="does not exist"):
            state.determinize(seat, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat None does not exist"):
        state.determinize(None, random.Random(0))  # type: ignore[arg-type]
    assert state.view(None) == state.view(None)  # a spectator's view


SEAT_OPTIONS = {"coloretto": "start_player", "chromino": "first_player", "cardcassonne": "first_dealer"}


@pytest.mark.parametrize("name", sorted(SEAT_OPTIONS))
def test_a_first_seat_beyond_the_table_names_the_table(name: str) -> None:
    """Whatever the seat, too far is said against the players asked for, not the game's largest table."""
    option = SEAT_OPTIONS[name]
    for seat in (2, 7, 99):
        with pytest.raises(kameleon.InvalidOption, match=f"seat {seat} does not exist with 2 players"):
            kameleon.load(name, players=2, **{option: seat})
    assert kameleon.load(name, players=2, **{option: 1}).options[option] == 1


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_what_is_no_action_has_no_notation(name: str) -> None:
    """Every game refuses the same way: a ValueError (IllegalAction is one) that echoes what it was given."""
    state = kameleon.load(name, players=2).new_state(1)
    for bad in (None, -1, 10**12, "draw", 1.5, True):
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            state.action_to_str(bad)
