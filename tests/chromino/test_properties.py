"""The invariants of rules §10.8 as property tests over random seeds, player counts and options."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kameleon
from kameleon.engine.benchmark import random_game
from kameleon.games.chromino.notation import DRAW, PASS
from kameleon.games.chromino.phases import AFTER_DRAW, TURN
from kameleon.games.chromino.state import ChrominoState
from kameleon.games.chromino.tiles import CHAMELEONS, WILD, tiles_of
from tests.depth import examples

from .helpers import brute_force

OPTION_SETS = st.fixed_dictionaries(
    {
        "players": st.integers(1, 8),
        "draw": st.sampled_from(["one", "until_playable", "up_to_n"]),
        "drawn_tile": st.sampled_from(["must", "may"]),
        "placement": st.sampled_from(["standard", "standard", "bambino"]),
        "scoring": st.sampled_from(["none", "expert", "bga"]),
        "final_round": st.sampled_from(["complete_round", "one_more_turn"]),
        "chameleon_last_draw": st.sampled_from(["on_turn", "immediate"]),
        "open_hands": st.booleans(),
        "hand_size": st.sampled_from([8, 8, 3, 1]),
    }
)


def rule_holds(state: ChrominoState, action: int) -> bool:
    """§3.5 / §7.4 for one placement, computed from the list of laid tiles only (not the board's caches)."""
    game = state.game
    p = game.codec.decode(action)
    colours = game.laid[2 * p.tile + p.flipped]
    dr, dc = (0, 1) if p.orientation == "H" else (1, 0)
    new = [(p.row + i * dr, p.col + i * dc) for i in range(3)]
    table: dict[tuple[int, int], tuple[int, int]] = {}
    for number, (cells, laid) in enumerate(state.board.laid):
        for cell, x in zip(cells, laid, strict=True):
            table[state.board.row_col(cell)] = (x, number)
    if any(c in table for c in new):
        return False
    contacts = []
    for i, (r, c) in enumerate(new):
        for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if q in table:
                contacts.append((i, (r, c), q))
    matching = all(colours[i] == table[q][0] or WILD in (colours[i], table[q][0]) for i, _, q in contacts)
    if not game.bambino:
        return len(contacts) >= 2 and matching
    if len(contacts) != 1 or not matching:
        return False
    i, f, q = contacts[0]
    d = (f[0] - q[0], f[1] - q[1])
    # new tile: an end face, or the side of a wild centre
    if i == 1:
        if colours[1] != WILD or d in ((dr, dc), (-dr, -dc)):
            return False
    elif d != ((dr, dc) if i == 0 else (-dr, -dc)):
        return False
    cells, laid = state.board.laid[table[q][1]]
    rc = [state.board.row_col(c) for c in cells]
    if q == rc[1]:
        return laid[1] == WILD
    mid = rc[1]
    return f == (2 * q[0] - mid[0], 2 * q[1] - mid[1])


def layout_cells(state: ChrominoState) -> dict[tuple[int, int], int]:
    board = state.board
    return {board.row_col(c): x for cells, laid in board.laid for c, x in zip(cells, laid, strict=True)}


def open_tiles(state: ChrominoState) -> list[int]:
    """The tiles §5.2 lets the current player place: the drawn one after a draw, else the hand
    without a lone chameleon."""
    if state.phase == AFTER_DRAW:
        return [state.drawn]
    hand = tiles_of(state.hands[state.current_player])  # type: ignore[index]
    return [] if len(hand) == 1 and hand[0] in CHAMELEONS else hand


def check_conservation(state: ChrominoState) -> None:
    laid = [t for t, *_ in state.placed]
    held = [t for h in state.hands for t in tiles_of(h)]
    everything = laid + held + state.bag
    assert sorted(everything) == list(range(80))
    assert [len(tiles_of(h)) for h in state.hands] == state.sizes


def check_views(state: ChrominoState, rng: random.Random) -> None:
    n = state.num_players
    open_hands = state.game.options["open_hands"]
    for seat in [None, *range(n)]:
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        assert "bag" not in view
        for entry in view["players"]:
            if not open_hands and entry["seat"] != seat:
                assert entry["hand"] is None
                assert len(entry["revealed"]) <= 1 or entry["hand_size"] >= len(entry["revealed"])
        if seat is not None:
            other = state.determinize(seat, random.Random(rng.random()))
            assert other.view(seat) == view
            assert other.hands[seat] == state.hands[seat]
            check_conservation(other)


def check_legal_list(state: ChrominoState) -> list[int]:
    legal = state.legal_actions()
    assert legal == sorted(set(legal))
    game = state.game
    for action in legal:
        assert game.index_action(game.action_index(action)) == action
        assert state.parse_action(state.action_to_str(action)) == action
    return legal


def check_illegal(state: ChrominoState, legal: list[int], rng: random.Random) -> None:
    game = state.game
    tries = [DRAW, PASS, *(rng.randrange(2, game.num_distinct_actions) for _ in range(5))]
    for action in legal[:3]:
        if action > PASS:
            tries += [action + 2, action + 2 * game.codec.S, action + game.codec.tile_stride]
    for action in tries:
        if action in legal or not 0 <= action < game.num_distinct_actions:
            continue
        try:
            game.index_action(action)
        except ValueError:
            continue
        before = state.clone()
        with pytest.raises(kameleon.IllegalAction):
            state.apply(action)
        assert state == before


def bounds_hold(state: ChrominoState) -> bool:
    k = len(state.placed) - 1
    rmin, rmax, cmin, cmax = state.board.extent()
    grow = 3 if state.game.bambino else 2
    return -grow * k <= rmin and rmax <= grow * k and -1 - grow * k <= cmin and cmax <= 1 + grow * k


@settings(max_examples=examples(25), deadline=None)
@given(options=OPTION_SETS, seed=st.integers(0, 2**40))
def test_random_games_keep_every_invariant(options: dict[str, Any], seed: int) -> None:
    game = kameleon.load("chromino", **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    check_conservation(state)
    step = 0
    draw_checks = 2
    while not state.is_terminal:
        legal = check_legal_list(state)
        assert legal
        seat = state.current_player
        assert seat is not None and not state.out[seat]
        if step % 7 == 0:
            check_views(state, rng)
            check_illegal(state, legal, rng)
        action = legal[rng.randrange(len(legal))]
        if action == DRAW:
            # §10.8: a draw only when no placement was open (start of turn, or the last drawn tile)
            assert all(a <= PASS for a in legal)
            if draw_checks and not game.bambino:
                draw_checks -= 1
                assert not any(brute_force(layout_cells(state), game.codec.colours[t]) for t in open_tiles(state))
        if action > PASS:
            assert rule_holds(state, action)
            tile = game.codec.decode(action).tile
            if state.sizes[seat] == 1:
                assert tile not in CHAMELEONS
            if state.phase == AFTER_DRAW:
                assert tile == state.drawn
        before_draws = state.turn_draws
        state.apply(action)
        if action == DRAW:
            assert state.turn_draws == before_draws + 1
        check_conservation(state)
        assert bounds_hold(state)
        step += 1
    assert state.phase not in (TURN, AFTER_DRAW) and state.legal_actions() == []
    winners = state.winners()
    assert winners
    if any(state.out) and options["scoring"] != "expert":
        assert all(state.sizes[w] == 0 for w in winners)
    record = json.loads(json.dumps(state.record()))
    assert kameleon.replay(record) == state


@settings(max_examples=examples(15), deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**40), cut=st.integers(0, 60))
def test_states_that_differ_only_in_hidden_tiles_look_the_same(players: int, seed: int, cut: int) -> None:
    state = kameleon.load("chromino", players=players).new_state(seed)
    rng = random.Random(seed)
    random_game(state, rng, max_moves=cut)
    for seat in range(players):
        twin = state.determinize(seat, random.Random(seed + 1))
        assert twin.view(seat) == state.view(seat)
        assert twin.view(None) == state.view(None)
        for other in range(players):
            if other != seat:
                hidden = state.hands[other] & ~state.revealed[other]
                shown = json.dumps(state.view(seat)["players"][other])
                names = [
                    state.game.codec.to_str(state.game.codec.encode(t, 0, 0, 0, False)).split()[0]
                    for t in tiles_of(hidden)
                ]
                assert not any(f'"{name}"' in shown for name in names)


def test_clone_is_independent_and_equal() -> None:
    state = kameleon.load("chromino", players=3).new_state(5)
    copy = state.clone()
    assert copy == state
    copy.apply(copy.legal_actions()[0])
    assert copy != state and state.history == [] and len(state.board.laid) == 1


@given(tiles=st.sets(st.integers(0, 79)))
def test_tiles_of_lists_a_mask_in_ascending_order(tiles: set[int]) -> None:
    assert tiles_of(sum(1 << t for t in tiles)) == sorted(tiles)
