"""The public contract of DESIGN.md, checked on every game and configuration in CONFIGS."""

from __future__ import annotations

from typing import Any, get_args, get_overloads, get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon import testing
from kameleon.engine import registry
from kameleon.engine.registry import BUILT_IN, game_class
from tests.depth import examples

from .configs import CONFIGS

CASES = [(name, options) for name, configs in sorted(CONFIGS.items()) for options in configs]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}" for name, options in CASES]
random_playout = testing.random_playout


def test_registry_lists_the_four_built_in_games() -> None:
    # Plug-ins installed in this environment are listed too (tests/plugin covers them).
    assert sorted(registry.BUILT_IN) == ["cameleon", "cardcassonne", "chromino", "coloretto"]
    assert set(registry.BUILT_IN) <= set(kameleon.games())


def test_load_is_typed_for_every_game() -> None:
    # The type checker learns a game's class from the literal name only through these overloads.
    typed = {}
    for variant in get_overloads(registry.load):
        hints = get_type_hints(variant, vars(registry) | {cls.__name__: cls for cls in map(game_class, BUILT_IN)})
        (name,) = get_args(hints["name"]) or (None,)
        typed[name] = hints["return"]
    assert typed == {None: kameleon.Game[Any]} | {name: game_class(name) for name in BUILT_IN}


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_game_replays_identically(name: str, options: dict[str, Any], seed: int) -> None:
    testing.check_replay(kameleon.load(name, **options), seed)


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_legal_action_applies_and_every_other_index_raises(name: str, options: dict[str, Any], seed: int) -> None:
    testing.check_actions(kameleon.load(name, **options), seed)


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_views_are_json_and_determinize_keeps_them(name: str, options: dict[str, Any], seed: int) -> None:
    testing.check_views(kameleon.load(name, **options), seed)


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_clone_is_independent(name: str, options: dict[str, Any]) -> None:
    testing.check_clone(kameleon.load(name, **options))


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_notation_round_trips(name: str, options: dict[str, Any]) -> None:
    testing.check_notation(kameleon.load(name, **options))


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_same_seed_same_game(name: str, options: dict[str, Any]) -> None:
    testing.check_same_seed(kameleon.load(name, **options))


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_unknown_option_is_named(name: str) -> None:
    testing.check_unknown_option(game_class(name), players=2)


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_a_seat_that_does_not_exist_is_refused(name: str, options: dict[str, Any]) -> None:
    testing.check_bad_seats(kameleon.load(name, **options))


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
    testing.check_no_notation_for_non_actions(kameleon.load(name, players=2))
