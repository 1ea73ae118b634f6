"""OpenSpiel information states, full-state strings and the deal's chance nodes."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pyspiel
import pytest

from kameleon.engine.game import State
from kameleon.interop.openspiel import KameleonSpielState, short_name
from kameleon.interop.openspiel.deal import Deal

from .conftest import CASES, IDS

QUICK = {"cameleon": "no_progress_plies:6"}


def _random_states(game: str, players: int, seed: int, moves: int = 80) -> list[KameleonSpielState]:
    """Every state of one random game (after the deal), each a clone."""
    spiel_game = pyspiel.load_game(short_name(game), {"players": players, "options": QUICK.get(game, "")})
    rng = random.Random(seed)
    state = spiel_game.new_initial_state()
    if state.is_chance_node():
        state.apply_deal(rng.randrange(1 << 16))
    states = [state.clone()]
    while not state.is_terminal() and len(states) <= moves:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        states.append(state.clone())
    return states


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_information_states_are_stable_and_grow_move_by_move(game: str, players: int) -> None:
    states = _random_states(game, players, seed=players)
    spiel_game = states[0].get_game()
    final = states[-1]
    assert final.inner is not None
    replayed = spiel_game.new_initial_state()
    if replayed.is_chance_node():
        replayed.apply_deal(final.inner.seed)
    for action in final.inner.history:
        replayed.apply_action(final.setup.encoding.to_index(action))
    restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(spiel_game, final))[1]
    for seat in range(players):
        # asked only at the end, then move by move, then again: the same strings
        at_end = final.information_state_string(seat)
        texts = [state.information_state_string(seat) for state in states]
        assert (
            texts[-1] == at_end == final.information_state_string(seat) == final.clone().information_state_string(seat)
        )
        assert replayed.information_state_string(seat) == at_end == restored.information_state_string(seat)
        assert texts[0].startswith(f"p{seat} | ")
        for before, after in itertools.pairwise(texts):  # perfect recall: each step adds to what was seen
            assert after.startswith(before + " ; ") and " ; " not in after[len(before) + 3 :]
    assert str(replayed) == str(final) == str(restored)


def test_a_seat_that_saw_the_same_has_the_same_information_state() -> None:
    """Coloretto hides only the order of the pile: deals whose setups look alike give the same string until a
    draw shows a different card, and from then on differ."""
    game = pyspiel.load_game(short_name("coloretto"), {"players": 2})
    by_view: dict[str, list[KameleonSpielState]] = {}
    for deal in range(400):
        state = game.new_initial_state()
        state.apply_deal(deal)
        by_view.setdefault(state.observation_string(0), []).append(state)
    first, second = next(states for states in by_view.values() if len(states) > 1)[:2]
    assert str(first) != str(second), "the full states differ"
    for seat in (0, 1):
        assert first.information_state_string(seat) == second.information_state_string(seat)
    draw = next(a for a in first.legal_actions() if first.action_to_string(a) == "draw")
    first.apply_action(draw)
    second.apply_action(draw)
    same_card = first.observation_string(0) == second.observation_string(0)
    for seat in (0, 1):
        assert (first.information_state_string(seat) == second.information_state_string(seat)) == same_card


def test_information_states_are_kept_move_by_move_without_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Asked after every move, the strings are kept up to date as moves are applied: no call replays a move.
    Played on unasked (a rollout), a state stops keeping them after one move, and the next call replays the
    moves since once per seat."""
    game = pyspiel.load_game(short_name("cardcassonne"), {"players": 3})
    state = game.new_initial_state()
    state.apply_deal(9)
    kind: Any = type(state.inner)
    replays = 0
    asking = False
    apply = kind.apply

    def counting(self: State[Any], action: Any) -> None:
        nonlocal replays
        replays += asking
        apply(self, action)

    monkeypatch.setattr(kind, "apply", counting)
    rng = random.Random(0)
    for _ in range(60):
        asking = True
        state.information_state_string(state.current_player())
        asking = False
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    assert replays == 0
    asking = True
    at_once = [state.information_state_string(seat) for seat in range(3)]
    assert replays == 0, "every seat's string is already there"
    rollout = state.clone()
    asking = False
    for _ in range(10):
        legal = rollout.legal_actions()
        rollout.apply_action(legal[rng.randrange(len(legal))])
    asking = True
    late = [rollout.information_state_string(seat) for seat in range(3)]
    assert 0 < replays <= 3 * 10
    assert all(text.startswith(before + " ; ") for text, before in zip(late, at_once, strict=True))
    assert [state.information_state_string(seat) for seat in range(3)] == at_once


def test_full_state_strings_tell_apart_what_no_seat_can() -> None:
    game = pyspiel.load_game(short_name("coloretto"), {"players": 3})
    seen = []
    for deal in (155, 163):  # two deals whose visible course is alike (test_openspiel.py)
        state = game.new_initial_state()
        state.apply_deal(deal)
        for move in ("draw", "place 1", "draw", "place 1", "take 1"):
            state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == move))
        seen.append(state)
    assert seen[0].observation_string(1) == seen[1].observation_string(1)
    assert str(seen[0]) == "deal 155 ; draw ; place 1 ; draw ; place 1 ; take 1" and str(seen[1]).startswith("deal 163")
    sampled = seen[0].resample_from_infostate(1, random.Random(0).random)
    assert str(sampled).startswith("world ") and str(sampled) == str(sampled.clone())
    sampled.apply_action(sampled.legal_actions()[0])
    assert str(sampled).count(" ; ") == 1


@pytest.mark.parametrize(("deals", "base"), [(1 << 16, 256), (1000, 32), (10, 256), (7, 2), (100, 10), (101, 10)])
def test_the_deal_digits_choose_every_deal_with_equal_chance(deals: int, base: int) -> None:
    deal = Deal(deals, base)
    chance: dict[int, float] = {}
    paths: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    for _ in range(deal.digits):
        paths = [((*chosen, d), p * q) for chosen, p in paths for d, q in deal.outcomes(chosen)]
    for chosen, p in paths:
        chance[deal.number(chosen)] = p
        assert deal.actions(deal.number(chosen)) == list(chosen)
    assert sorted(chance) == list(range(deals))
    assert max(abs(p - 1 / deals) for p in chance.values()) < 1e-12
    assert deal.outcomes(()) is deal.outcomes(()), "each node's outcomes are built once"
    assert len(deal.outcomes(())) <= base


def test_the_deal_is_two_small_chance_nodes_by_default() -> None:
    game = pyspiel.load_game(short_name("coloretto"), {"players": 2})
    assert game.max_chance_outcomes() == 256 and game.max_chance_nodes_in_history() == 2
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    outcomes.clear()  # a copy: the shared list is untouched
    assert len(state.chance_outcomes()) == 256 and state.legal_actions() == list(range(256))
    state.apply_action(48)
    assert state.is_chance_node() and state.action_to_string(state.current_player(), 57) == "deal digit 2/2: 57"
    state.apply_action(57)
    assert state.inner.seed == 48 * 256 + 57 and state.history() == [48, 57]
    single = pyspiel.load_game(short_name("coloretto"), {"players": 2, "deals": 65536, "deal_outcomes": 65536})
    state = single.new_initial_state()
    state.apply_action(12345)
    assert state.inner.seed == 12345 and not state.is_chance_node()


def test_information_state_tensors_where_they_fit() -> None:
    """`information_state_tensor=True`: a row per step (a flag, the move if the seat saw it in full, its
    observation after), exact as the strings are; refused, naming the size, where it would not fit."""
    game = pyspiel.load_game(short_name("cardcassonne"), {"players": 2, "information_state_tensor": True})
    assert game.get_type().provides_information_state_tensor
    rows, width = game.information_state_tensor_shape()[0] // (1 + 206 + 342), 1 + 206 + 342
    assert game.information_state_tensor_size() == rows * width
    state = game.new_initial_state()
    state.apply_deal(4)
    rng = random.Random(1)
    previous = [state.information_state_array(seat) for seat in (0, 1)]
    hidden_moves = 0
    for step in range(1, 40):
        mover = state.current_player()
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        hidden = state.action_to_string(action).startswith("?")  # a card played face down
        hidden_moves += hidden
        state.apply_action(action)
        for seat in (0, 1):
            now = state.information_state_array(seat).reshape(rows, width)
            assert (now[:step] == previous[seat].reshape(rows, width)[:step]).all(), "perfect recall"
            assert now[step, 0] == 1.0 and not now[step + 1 :].any()
            seen_in_full = seat == mover or not hidden
            assert now[step, 1 : 1 + 206].tolist() == [float(i == action and seen_in_full) for i in range(206)]
            assert now[step, 1 + 206 :].tolist() == state.observation_tensor(seat)
            previous[seat] = now.reshape(-1)
    assert hidden_moves
    assert state.information_state_tensor(1) == pyspiel.State.information_state_tensor(state, 1)
    sampled = state.resample_from_infostate(1, rng.random)
    assert sampled.information_state_tensor(1) == state.information_state_tensor(1)


def test_information_state_tensors_tell_what_the_strings_tell() -> None:
    game = pyspiel.load_game(short_name("coloretto"), {"players": 2, "information_state_tensor": True})
    by_view: dict[str, list[KameleonSpielState]] = {}
    for deal in range(400):
        state = game.new_initial_state()
        state.apply_deal(deal)
        by_view.setdefault(state.observation_string(0), []).append(state)
    pairs = [states[:2] for states in by_view.values() if len(states) > 1]
    assert pairs
    for first, second in pairs[:20]:
        for state in (first, second):
            state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == "draw"))
        for seat in (0, 1):
            same = first.information_state_string(seat) == second.information_state_string(seat)
            assert (first.information_state_tensor(seat) == second.information_state_tensor(seat)) == same


@pytest.mark.parametrize(("game", "players"), [("chromino", 2), ("cameleon", 2)])
def test_information_state_tensors_too_large_are_refused(game: str, players: int) -> None:
    with pytest.raises(ValueError, match="over the 1,048,576 floats offered; use information_state_string"):
        pyspiel.load_game(short_name(game), {"players": players, "information_state_tensor": True})
    state = pyspiel.load_game(short_name(game), {"players": players}).new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="no information-state tensor"):
        state.information_state_tensor(0)


def test_information_state_tensors_of_clones_that_go_their_own_ways() -> None:
    """Rows are filled in place and the list form kept between calls: a clone that goes on, the state it was
    cloned from going on differently, and a state left behind each give their own history's tensor."""
    game = pyspiel.load_game(short_name("coloretto"), {"players": 2, "information_state_tensor": True})
    state = game.new_initial_state()
    state.apply_deal(3)
    rng = random.Random(2)
    for _ in range(6):
        state.information_state_tensor(0)
        state.apply_action(state.legal_actions()[0])
    behind = state.clone()
    ahead = state.clone()
    for _ in range(5):
        ahead.information_state_tensor(0)
        legal = ahead.legal_actions()
        ahead.apply_action(legal[rng.randrange(len(legal))])
    state.apply_action(state.legal_actions()[-1])
    for each in (ahead, behind, state, ahead, behind):
        for seat in (0, 1):
            values = each.information_state_tensor(seat)
            assert values == each.information_state_array(seat).tolist()
            fresh = game.new_initial_state()
            fresh.apply_deal(3)
            for action in each.inner.history:
                fresh.apply_action(each.setup.encoding.to_index(action))
            assert values == fresh.information_state_tensor(seat)


@pytest.mark.parametrize("deals", [1 << 31, 1 << 32, 1 << 40])
def test_a_deal_space_beyond_openspiels_integers_is_refused_clearly(deals: int) -> None:
    for load in (
        lambda: pyspiel.load_game(short_name("coloretto"), {"players": 2, "deals": deals}),
        lambda: pyspiel.load_game(f"{short_name('coloretto')}(players=2,deals={deals})"),
    ):
        with pytest.raises(ValueError, match=r"parameter 'deals' is [\d,]+, .* at most 2,147,483,647 \(2\^31 - 1\)"):
            load()
    assert pyspiel.load_game(short_name("coloretto"), {"players": 2, "deals": (1 << 31) - 1}).max_chance_outcomes()
