"""The oracle: cheating searches that bound the bot targets, at three sight levels."""

from __future__ import annotations

import re
from typing import Any

import pytest

import kameleon
from kameleon.ai.fair import fair_state
from kameleon.engine.registry import games
from kameleon.engine.seeding import MAX_SEED, bot_seed
from kameleon.games.chromino.state import ChrominoState
from kameleon.research.oracle import SIGHTS, OracleAgent, check, measure, report


def _start(sees: str, state: ChrominoState, me: int) -> ChrominoState:
    """Where an oracle that sees `sees` starts its playouts from."""
    return _start_seeded(sees, state, me, 1)


def _start_seeded(sees: str, state: ChrominoState, me: int, seed: int) -> ChrominoState:
    start = OracleAgent(sees, seed)._start(state, me)
    assert isinstance(start, ChrominoState)
    return start


def test_sight_levels_start_their_playouts_from_what_they_may_see() -> None:
    state = kameleon.load("chromino", players=2).new_state(11)
    me = state.current_player
    assert me is not None
    everything = _start("everything", state, me)
    assert everything.hands == state.hands and everything.bag == state.bag
    hands = _start("hands", state, me)
    assert hands.hands == state.hands and sorted(hands.bag) == sorted(state.bag) and hands.bag != state.bag
    nothing = _start("nothing", state, me)
    assert nothing.hands[me] == state.hands[me] and nothing.hands[1 - me] != state.hands[1 - me]


def test_the_oracle_draws_its_samples_from_a_stream_of_its_own() -> None:
    """Seeded with its deal's seed, the fair oracle's first sample of the other hand shares about a third more tiles
    with the real one than chance gives: it reads the numbers that shuffled the real tiles. The seats' seeds of
    `kameleon research oracle` (`bot_seed`) come from streams of their own."""
    game = kameleon.load("chromino", players=2)

    def shared(seed_of: Any) -> float:
        """The mean number of the other seat's real tiles in the oracle's first sample, less what chance gives."""
        excess = []
        for deal in range(300):
            state = game.new_state(deal)
            me = state.current_player
            assert me is not None
            real = state.hands[1 - me]
            sample = _start_seeded("nothing", state, me, seed_of(deal, me))
            held = bin(real).count("1")
            excess.append(bin(sample.hands[1 - me] & real).count("1") - held * held / (held + len(state.bag)))
        return sum(excess) / len(excess)

    assert shared(lambda deal, seat: deal) > 0.3  # the leak this guards against
    assert abs(shared(bot_seed)) < 0.12
    seeds = {bot_seed(deal, seat) for deal in range(200) for seat in range(5)}
    assert len(seeds) == 1000 and all(0 <= seed <= MAX_SEED for seed in seeds)
    assert not seeds & set(range(1000))  # nor the seeds of the next deals


@pytest.mark.parametrize("game", games())
def test_the_oracle_that_sees_nothing_is_a_fair_bot(game: str) -> None:
    """At `nothing` it reads only the seat's view (the strength report seats it behind `FairView`), so its
    rate against `random` is a ceiling for fair bots."""
    loaded = kameleon.load(game, players=2)
    state = loaded.new_state(4)
    oracle = OracleAgent("nothing", 6, rollouts=1, candidates=2)
    # Where nothing is hidden a view is the whole state: one move shows the bot runs behind FairView, and
    # each of Le Caméléon's greedy playouts to the end costs seconds.
    for _ in range(1 if loaded.perfect_information else 6):
        action = oracle.act(fair_state(state))  # FairView raises FairPlayError on a read of hidden fields
        assert action in state.legal_actions()
        state.apply(action)


@pytest.mark.parametrize("sees", SIGHTS)
def test_every_sight_level_plays_legal_moves_to_the_end(sees: str) -> None:
    state = kameleon.load("chromino", players=2).new_state(3)
    oracle = OracleAgent(sees, 5, rollouts=2, candidates=2)
    while not state.is_terminal:
        action = oracle.act(state)
        assert action in state.legal_actions()
        state.apply(action)
    assert state.winners()


def test_other_games_shuffle_their_own_unseen_pile() -> None:
    state = kameleon.load("coloretto", players=2).new_state(4)
    action = OracleAgent("everything", 1, rollouts=1, candidates=2).act(state)
    assert action in state.legal_actions()
    hands = OracleAgent("hands", 1)._start(state, 0)
    assert hands.view(0) == state.view(0) and hands != state  # the pile's order is all that changed
    perfect = kameleon.load("cameleon", players=2).new_state(4)
    assert OracleAgent("hands", 1)._start(perfect, 0) == perfect  # nothing is hidden: the default keeps all


def test_the_report_is_a_table_of_win_rates() -> None:
    settings = {"rollouts": 1, "candidates": 2, "workers": 1, "seed": 0}
    done: list[None] = []
    found = measure("chromino", SIGHTS, "random", 2, on_game=lambda: done.append(None), **settings)
    assert len(done) == 2 * len(SIGHTS) and set(found) == set(SIGHTS)
    assert all(played == 2 and 0 <= won <= 2 for won, played in found.values())
    out = report(found, "random", 2)
    assert "| oracle sees | wins against random |" in out
    for level in SIGHTS:
        assert f"| {level} | " in out and "/2 |" in out


def test_with_more_players_the_oracle_faces_a_bot_in_every_other_seat() -> None:
    found = measure("chromino", ["everything"], "medium", 2, players=4, rollouts=1, candidates=2, workers=1, seed=0)
    assert "| oracle sees | wins against 3 × medium |" in report(found, "medium", 4)
    state = kameleon.load("chromino", players=4).new_state(6)
    hands = _start("hands", state, 2)
    assert hands.hands == state.hands and sorted(hands.bag) == sorted(state.bag)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"sees": ["psychic"]}, "unknown sight level 'psychic'"),
        ({"sees": []}, "--sees names no sight level"),
        ({"opponent": "grandmaster"}, "unknown bot 'grandmaster'"),
        ({"game": "chess"}, "chess"),
        ({"games": 0}, "--games must be at least 1, not 0"),
        ({"rollouts": 0}, "--rollouts must be at least 1, not 0"),
        ({"candidates": -1}, "--candidates must be at least 1, not -1"),
        ({"players": 9}, "--game chromino --players 9: bad value for option 'players': 9 is out of range"),
        ({"players": 1}, "--players must be at least 2, not 1: the oracle plays against other seats"),
        ({"sees": ["nothing", "nothing"]}, "--sees names nothing twice"),
        ({"seed": -5}, "--seed must be from 0 to 9007199254740990 (the deals are --seed, --seed + 1, ...)"),
        ({"opponent": "hard"}, "--opponent hard: give a searching bot its budget in iterations (hard@50)"),
        ({"opponent": "hard:0.2"}, "--opponent hard:0.2: give a searching bot its budget in iterations"),
    ],
)
def test_bad_settings_are_a_clear_error(change: dict[str, Any], message: str) -> None:
    settings: dict[str, Any] = {"game": "chromino", "sees": SIGHTS, "opponent": "random", "games": 2}
    settings |= {"players": 2, "rollouts": 1, "candidates": 2, "workers": 1} | change
    with pytest.raises(kameleon.KameleonError, match=re.escape(message)):
        check(**settings)
