"""The game-agnostic contract checks, for a game's own tests (a plug-in's included).

Each check takes a loaded `Game` (and a seed where it plays) and raises
AssertionError with a message naming what broke; none needs pytest. Run them all
with `check_game(game, seeds)`, or each from a parametrized test:

>>> import kameleon
>>> from kameleon.testing import check_game
>>> check_game(kameleon.load("coloretto", players=2), seeds=[1])

`tests/contract/test_contract.py` runs them on every built-in game and
`tests/plugin/test_plugin_game.py` on the example plug-in (docs/adding-a-game.md, "Tests").
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Sequence
from typing import Any

from kameleon.engine.errors import IllegalAction, InvalidOption
from kameleon.engine.game import Game, State
from kameleon.engine.record import replay

MAX_MOVES = 3000
"""A game that has not ended after this many random moves fails `check_replay`."""


def random_playout(state: State[Any], rng: random.Random, stop_after: int | None = None) -> list[State[Any]]:
    """Play random legal moves in place; returns clones of every tenth state passed through."""
    seen = []
    for i in range(MAX_MOVES):
        if state.is_terminal or (stop_after is not None and i >= stop_after):
            break
        actions = state.legal_actions()
        assert actions, f"a non-terminal state has no legal action after {i} moves"
        if i % 10 == 0:
            seen.append(state.clone())
        state.apply(actions[rng.randrange(len(actions))])
    return seen


def check_replay(game: Game[Any], seed: int) -> None:
    """A random game ends, names its winners and scores, and its JSON record replays to the same state."""
    state = game.new_state(seed)
    random_playout(state, random.Random(seed))
    assert state.is_terminal, f"seed {seed}: no end after {MAX_MOVES} random moves"
    assert state.current_player is None, f"seed {seed}: a seat is to move after the end"
    assert state.legal_actions() == [], f"seed {seed}: legal actions after the end"
    winners = state.winners()
    assert winners and all(0 <= w < game.num_players for w in winners), f"seed {seed}: winners {winners!r}"
    assert len(state.scores()) == game.num_players, f"seed {seed}: scores {state.scores()!r}"
    record = json.loads(json.dumps(state.record()))
    assert replay(record) == state, f"seed {seed}: the record does not replay to the same state"


def check_actions(game: Game[Any], seed: int, *, positions: int = 8, sample: int = 200) -> None:
    """Every legal action applies and round-trips its index; an illegal one raises IllegalAction and changes
    nothing (all indices of a small action space, `sample` random ones of a large one)."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    for snapshot in random_playout(state, rng, stop_after=200)[:positions]:
        legal = snapshot.legal_actions()
        for action in legal:
            assert game.index_action(game.action_index(action)) == action, f"{action!r}: index does not round-trip"
            copy = snapshot.clone()
            copy.apply(action)
            assert copy.history == [*snapshot.history, action], f"{action!r} is not appended to the history"
        legal_indices = {game.action_index(a) for a in legal}
        candidates: Sequence[int] = range(game.num_distinct_actions)
        if game.num_distinct_actions > 2 * sample:
            candidates = [rng.randrange(game.num_distinct_actions) for _ in range(sample)]
        for index in candidates:
            if index in legal_indices:
                continue
            try:
                action = game.index_action(index)
            except ValueError:
                continue  # an index that denotes no action (documented by the game)
            before = snapshot.clone()
            try:
                snapshot.apply(action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"seed {seed}: illegal action {action!r} (index {index}) was applied")
            assert snapshot == before, f"seed {seed}: refusing {action!r} changed the state"


def check_views(game: Game[Any], seed: int, *, positions: int = 10) -> None:
    """Every seat's view and the spectator's are JSON-safe; `determinize` keeps the mover's view, seat and
    legal actions."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    for snapshot in random_playout(state, rng, stop_after=300)[:positions]:
        for seat in [None, *range(game.num_players)]:
            view = snapshot.view(seat)
            assert json.loads(json.dumps(view)) == view, f"seed {seed}: the view of seat {seat} is not JSON-safe"
        seat = snapshot.current_player
        if seat is None:
            continue
        sample = snapshot.determinize(seat, random.Random(rng.random()))
        assert sample.view(seat) == snapshot.view(seat), f"seed {seed}: determinize changed seat {seat}'s view"
        assert sample.current_player == seat, f"seed {seed}: determinize changed the seat to move"
        assert sample.seed is None, f"seed {seed}: a determinized state keeps a replayable seed"
        assert sorted(map(game.action_index, sample.legal_actions())) == sorted(
            map(game.action_index, snapshot.legal_actions())
        ), f"seed {seed}: determinize changed the mover's legal actions"


def check_clone(game: Game[Any], seed: int = 11) -> None:
    """A clone equals its original, and playing on it leaves the original untouched."""
    state = game.new_state(seed)
    copy = state.clone()
    assert copy == state, "a clone differs from its original"
    copy.apply(copy.legal_actions()[-1])
    assert copy != state, "a move on a clone does not change it"
    assert state.history == [], "a move on a clone changed the original"


def check_notation(game: Game[Any], seed: int = 5) -> None:
    """Every legal action of a random game parses back from its notation."""
    state = game.new_state(seed)
    for snapshot in random_playout(state, random.Random(seed), stop_after=150):
        for action in snapshot.legal_actions():
            text = snapshot.action_to_str(action)
            assert snapshot.parse_action(text) == action, f"{action!r} -> {text!r} does not parse back"


def check_same_seed(game: Game[Any], seed: int = 99) -> None:
    """The same seed deals the same game."""
    a, b = game.new_state(seed), game.new_state(seed)
    assert a == b and a.view(None) == b.view(None), f"seed {seed} dealt two different games"


def check_unknown_option(game_class: type[Game[Any]], **options: Any) -> None:
    """An unknown option is refused with InvalidOption naming it."""
    try:
        game_class(**options, no_such_option=1)
    except InvalidOption as exc:
        assert "no_such_option" in str(exc), f"the error does not name the option: {exc}"
    else:
        raise AssertionError(f"{game_class.__name__} accepted the option no_such_option")


def check_bad_seats(game: Game[Any], seed: int = 3) -> None:
    """`view` and `determinize` refuse a seat that does not exist with a ValueError naming it."""
    state = game.new_state(seed)
    n = state.num_players
    for seat in (n, -1, "0", True, 1.0, None):
        calls: list[Any] = [lambda s=seat: state.determinize(s, random.Random(0))]
        if seat is not None:
            calls.append(lambda s=seat: state.view(s))
        for call in calls:
            try:
                call()
            except ValueError as exc:
                assert f"seat {seat!r} does not exist" in str(exc), f"seat {seat!r}: {exc}"
                if seat is not None:
                    assert f"seats are 0..{n - 1}" in str(exc), f"seat {seat!r}: {exc}"
            else:
                raise AssertionError(f"seat {seat!r} was accepted")
    assert state.view(None) == state.view(None)  # a spectator's view


def check_no_notation_for_non_actions(game: Game[Any], seed: int = 1) -> None:
    """What is no action has no notation: a ValueError (IllegalAction is one) that echoes what it was given."""
    state = game.new_state(seed)
    for bad in (None, -1, 10**12, "draw", 1.5, True):
        try:
            state.action_to_str(bad)
        except ValueError as exc:
            assert re.search(re.escape(repr(bad)), str(exc)), f"the error for {bad!r} does not name it: {exc}"
        else:
            raise AssertionError(f"{bad!r} was written as a move")


def check_game(game: Game[Any], seeds: Iterable[int] = range(4)) -> None:
    """Every check above on `game` (its class for the option check), the seeded ones once per seed."""
    for seed in seeds:
        check_replay(game, seed)
        check_actions(game, seed)
        check_views(game, seed)
    check_clone(game)
    check_notation(game)
    check_same_seed(game)
    check_unknown_option(type(game), **game.options)
    check_bad_seats(game)
    check_no_notation_for_non_actions(game)
