"""OpenSpiel games: OpenSpiel's own random_sim_test, and its MCTS bot playing full games."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts, minimax
from open_spiel.python.observation import make_observation

from kameleon.games.chromino.notation import DRAW
from kameleon.games.chromino.tiles import triple_name
from kameleon.interop.openspiel import REGISTERED, parse_options, short_name

from .conftest import CASES, IDS


def test_every_encoded_game_is_registered() -> None:
    assert {short_name(name) for name, _ in CASES} <= set(REGISTERED)
    assert set(REGISTERED) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_random_sim_test(game: str, players: int) -> None:
    spiel_game = pyspiel.load_game(short_name(game), {"players": players})
    pyspiel.random_sim_test(spiel_game, num_sims=3, serialize=True, verbose=False)


QUICK = {"cameleon": "no_progress_plies:6"}
"""Options that shorten games whose random rollouts are long, to keep the suite fast."""


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_openspiel_mcts_completes_a_game(game: str, players: int) -> None:
    chance = pyspiel.load_game(short_name(game), {"players": players}).get_type().chance_mode
    deals = {"deals": 64} if chance == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC else {}
    params = {"players": players, **deals, "options": QUICK.get(game, "")}
    spiel_game = pyspiel.load_game(short_name(game), params)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(spiel_game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    returns = state.returns()
    assert all(-1.0 <= r <= 1.0 for r in returns)
    if spiel_game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
        assert players > 1 and abs(sum(returns)) < 1e-9
    else:
        assert players == 1  # a solo game's result is not zero-sum


def test_observations_and_information_states() -> None:
    game = pyspiel.load_game(short_name("coloretto"), {"players": 2})
    state = game.new_initial_state()
    state.apply_deal(7)
    state.apply_action(state.legal_actions()[0])
    tensor = np.asarray(state.observation_tensor(0))
    assert tensor.shape == (game.observation_tensor_size(),) and tensor.any()
    assert state.observation_string(0) != state.observation_string(1)  # "you" differs
    steps = state.information_state_string(0).split(" | ")[-1].split(" ; ")
    assert [step.split()[0] for step in steps] == ["deal", "draw"]
    restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(restored) == str(state)


def test_options_parameter() -> None:
    game = pyspiel.load_game(f"{short_name('coloretto')}(players=4,options=scoring:purple preset:bga)")
    state = game.new_initial_state()
    state.apply_deal(0)
    seen = state.observation_string(0)
    assert '"scoring": "purple"' in seen and '"jokers": "plain"' in seen
    assert parse_options("a:1 b:x c:[1]") == {"a": 1, "b": "x", "c": [1]}
    with pytest.raises(ValueError, match="key:value"):
        parse_options("scoring=purple")


def test_information_states_hide_face_down_cards() -> None:
    game = pyspiel.load_game(short_name("cardcassonne"), {"players": 3, "deals": 16})
    state = game.new_initial_state()
    state.apply_action(5)
    plays: list[tuple[int, str]] = []  # (mover, full token) of every action
    while not state.is_terminal() and len(plays) < 40:
        mover, action = state.current_player(), state.legal_actions()[0]
        plays.append((mover, state.action_to_string(mover, action)))
        state.apply_action(action)
    face_down = [(mover, token) for mover, token in plays if token.startswith("?")]
    assert face_down, "the first card of each player's round goes face down"
    for seat in range(3):
        steps = state.information_state_string(seat).split(" | ")[-1].split(" ; ")
        assert steps[0].startswith("deal ")
        log = [step.rsplit(" ", 1)[0] for step in steps[1:]]  # each move, without the digest of what followed
        assert len(log) == len(plays)
        for (mover, token), seen in zip(plays, log, strict=True):
            if token.startswith("?") and mover != seat:
                assert seen == "?@" + token[-1]  # the row only
            else:
                assert seen == token


def test_information_states_have_perfect_recall() -> None:
    """Two histories a seat saw differently never share an information state: here the public draws and
    the deal differ, though the moves' names and the position reached are the same for seat 1."""
    game = pyspiel.load_game(short_name("coloretto"), {"players": 3})
    seen = []
    for deal in (155, 163):
        state = game.new_initial_state()
        state.apply_deal(deal)
        for move in ("draw", "place 1", "draw", "place 1", "take 1"):
            state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == move))
        seen.append((state.information_state_string(1), state.observation_string(1)))
    assert seen[0][1] == seen[1][1], "what seat 1 sees now is the same"
    assert seen[0][0] != seen[1][0], "what it saw on the way is not"
    again = game.new_initial_state()
    again.apply_deal(163)
    for move in ("draw", "place 1", "draw", "place 1", "take 1"):
        again.apply_action(next(a for a in again.legal_actions() if again.action_to_string(a) == move))
    assert again.information_state_string(1) == seen[1][0]


def test_le_cameleon_is_a_deterministic_perfect_information_game() -> None:
    game = pyspiel.load_game(short_name("cameleon"), {"options": "no_progress_plies:6"})
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    state = game.new_initial_state()
    assert not state.is_chance_node() and state.current_player() == 0
    value, action = minimax.alpha_beta_search(game, state, lambda s: 0.0, maximum_depth=2, maximizing_player_id=0)
    assert action in state.legal_actions() and value == 0.0


def test_public_observers_see_what_a_spectator_sees() -> None:
    game = pyspiel.load_game(short_name("chromino"), {"players": 2, "deals": 64})
    public = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    history = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE)
    )
    assert public.tensor is None and history.tensor is None, "the encoders encode what a seat sees"
    state = game.new_initial_state()
    state.apply_deal(5)
    while DRAW not in state.legal_actions():
        state.apply_action(state.legal_actions()[0])
    state.apply_action(DRAW)
    drawn = triple_name(state.inner.game.codec.colours[state.inner.drawn])
    assert (
        public.string_from(state, 0)
        == public.string_from(state, 1)
        == json.dumps(state.inner.view(None), sort_keys=True)
    )
    assert history.string_from(state, 0) == history.string_from(state, 1) == state.public_string()
    assert history.string_from(state, 0).endswith(" ; draw " + history.string_from(state, 0).rsplit(" ", 1)[1])
    assert drawn not in public.string_from(state, 0) and f"draw {drawn}" not in history.string_from(state, 0)
    mover = state.current_player()
    assert f"draw {drawn}" in state.information_state_string(mover)


def test_observers_of_every_seats_private_information_are_refused() -> None:
    game = pyspiel.load_game(short_name("cardcassonne"), {"players": 2})
    every = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    with pytest.raises(ValueError, match="every seat's private information is the full state"):
        make_observation(game, every)
    with pytest.raises(ValueError, match="always include the public information"):
        make_observation(game, pyspiel.IIGObservationType(public_info=False, perfect_recall=False))
    perfect = pyspiel.load_game(short_name("cameleon"))
    assert make_observation(perfect, every).tensor is None, "with perfect information nothing is private"
    state = game.new_initial_state()
    state.apply_deal(3)
    with pytest.raises(Exception, match="no information-state tensor: no fixed-size tensor"):
        state.information_state_tensor(0)
    with pytest.raises(Exception, match="no information-state tensor: no fixed-size tensor"):
        pyspiel.State.information_state_tensor(state, 0)


def test_bad_parameters_and_actions_are_named() -> None:
    with pytest.raises(ValueError, match="parameter 'deals' must be at least 1, not 0"):
        pyspiel.load_game(short_name("coloretto"), {"players": 2, "deals": 0})
    with pytest.raises(ValueError, match="says players:5 but parameter 'players' is 2"):
        pyspiel.load_game(short_name("coloretto"), {"players": 2, "options": "players:5"})
    with pytest.raises(ValueError, match="parameter 'deal_outcomes' must be at least 2, not 1"):
        pyspiel.load_game(short_name("coloretto"), {"players": 2, "deal_outcomes": 1})
    game = pyspiel.load_game(short_name("coloretto"), {"players": 2, "deals": 10})
    state = game.new_initial_state()
    with pytest.raises(Exception, match="deal 1000000 does not exist: the deals are 0 to 9"):
        state.apply_action(10**6)
    assert state.is_chance_node(), "a refused deal changes nothing"
    state = pyspiel.load_game(
        short_name("coloretto"), {"players": 2, "deals": 1000, "deal_outcomes": 32}
    ).new_initial_state()
    state.apply_action(31)
    with pytest.raises(
        Exception, match="deal digit 8 is not an outcome of chance node 2 of 2 \\(its outcomes are 0 to 7\\)"
    ):
        state.apply_action(8)
    with pytest.raises(ValueError, match="deal 1000 does not exist: the deals are 0 to 999"):
        state.setup.deal.actions(1000)
    with pytest.raises(ValueError, match="a deal is chosen at the start"):
        state.apply_deal(3)
    assert state.is_chance_node() and state.chosen == (31,)


def test_list_options_are_written_with_semicolons_and_survive_serialization() -> None:
    with pytest.raises(ValueError, match="holds a comma, which OpenSpiel's game strings reserve"):
        parse_options("animal_points:[1,2]")
    points = ";".join(str(n) for n in range(1, 14))
    game = pyspiel.load_game(short_name("cardcassonne"), {"players": 2, "options": f"animal_points:[{points}]"})
    state = game.new_initial_state()
    state.apply_deal(1)
    state.apply_action(state.legal_actions()[0])
    again = pyspiel.load_game(str(game))
    restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(again) == str(game) and str(restored) == str(state)
    assert pickle.loads(pickle.dumps(state)).history() == state.history()


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_each_player_is_asked_its_own_legal_actions_as_openspiel_asks(game: str, players: int) -> None:
    # OpenSpiel's C++ sizes a seat's mask by the game's distinct actions: a deal's outcomes given to a seat at a
    # chance node wrote past its end (a crash in `legal_actions_mask(0)`).
    spiel_game = pyspiel.load_game(short_name(game), {"players": players})
    state = spiel_game.new_initial_state()
    rng = np.random.default_rng(5)
    for _ in range(30):
        if state.is_terminal():
            break
        mover = state.current_player()
        moves = state.legal_actions()
        assert state.legal_actions(mover) == moves
        for seat in {*range(players), pyspiel.PlayerId.CHANCE} - {mover}:
            assert state.legal_actions(seat) == []
        for seat in range(players):
            mask = state.legal_actions_mask(seat)
            assert len(mask) == spiel_game.num_distinct_actions()
            assert [i for i, legal in enumerate(mask) if legal] == (moves if seat == mover else [])
        if state.is_chance_node():
            chance = state.legal_actions_mask(pyspiel.PlayerId.CHANCE)
            assert len(chance) == spiel_game.max_chance_outcomes()
            assert [i for i, legal in enumerate(chance) if legal] == moves
        state.clone()
        state.apply_action(int(rng.choice(moves)))
