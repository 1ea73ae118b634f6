"""PettingZoo's other observation forms: (C, H, W) planes, and the legal actions as a padded index list."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import kameleon
from kameleon.engine.errors import KameleonError
from kameleon.games.chromino import observation as chromino_observation
from kameleon.interop.pettingzoo import env

FORMS = [
    ("coloretto", 3, "flat", "indices"),
    ("cardcassonne", 2, "flat", "indices"),
    ("cameleon", 2, "planes", "dense"),
    ("cameleon", 2, "planes", "indices"),
    ("chromino", 2, "planes", "indices"),
    ("chromino", 4, "flat", "indices"),
]
IDS = [f"{g}-{p}p-{o}-{m}" for g, p, o, m in FORMS]


@pytest.mark.parametrize(("game", "players", "observation", "mask"), FORMS, ids=IDS)
def test_pettingzoo_api_test(game: str, players: int, observation: str, mask: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # dict observations; random actions without a mask are illegal
        api_test(env(game, players=players, observation=observation, mask=mask), num_cycles=100)


@pytest.mark.parametrize(("game", "players", "observation", "mask"), FORMS, ids=IDS)
def test_the_list_and_the_planes_say_what_the_flat_forms_say(
    game: str, players: int, observation: str, mask: str
) -> None:
    plain = env(game, players=players)
    other = env(game, players=players, observation=observation, mask=mask)
    plain.reset(seed=6)
    other.reset(seed=6)
    layout = other.unwrapped.encoding.observation.planes
    rng = random.Random(6)
    for agent in plain.agent_iter(max_iter=300):
        reference, *_, termination, truncation, _ = plain.last()
        seen, *_ = other.last()
        assert seen in other.observation_space(agent)
        legal = np.flatnonzero(reference["action_mask"])
        if mask == "indices":
            listed = seen["legal_actions"]
            assert listed.dtype == np.int64 and listed[: len(legal)].tolist() == legal.tolist()
            assert (listed[len(legal) :] == -1).all()
        else:
            assert np.array_equal(seen["action_mask"], reference["action_mask"])
        if observation == "planes":
            assert layout is not None
            index = np.arange(reference["observation"].size) if layout.index is None else np.asarray(layout.index)
            count = seen["planes"].size
            assert np.array_equal(seen["planes"].reshape(-1), reference["observation"][index[:count]])
            assert seen["features"].size + count == reference["observation"].size
        else:
            assert np.array_equal(seen["observation"], reference["observation"])
        action = None if termination or truncation else int(legal[rng.randrange(len(legal))])
        plain.step(action)
        other.step(action)


def test_chromino_planes_and_list_sizes() -> None:
    environment = env("chromino", players=2, observation="planes", mask="indices")
    space = environment.observation_space("player_0")
    assert space["planes"].shape == (6, 53, 53) and space["features"].shape == (339,)
    assert space["legal_actions"].shape == (chromino_observation.MAX_LEGAL,)
    assert space["legal_actions"].high.max() == 832_321 and space["legal_actions"].low.min() == -1
    bambino = env("chromino", players=2, observation="planes", placement="bambino")
    assert bambino.observation_space("player_0")["planes"].shape == (6, 99, 99)


def test_a_placement_index_unravels_to_its_cell_on_the_planes() -> None:
    """The documented factorisation: index - 2 unravels to (tile, orientation, row + W', col + W', flipped)."""
    game = kameleon.load("chromino", players=2)
    v = chromino_observation.window(game)
    s = 2 * v + 1
    state = game.new_state(3)
    for action in state.legal_actions():
        if action < 2:
            continue
        index = chromino_observation.to_env(game, action)
        assert index is not None
        tile, orientation, row, col, flipped = np.unravel_index(index - 2, (80, 2, s, s, 2))
        p = game.codec.decode(action)
        assert (tile, "HV"[orientation], row - v, col - v, bool(flipped)) == (
            p.tile,
            p.orientation,
            p.row,
            p.col,
            p.flipped,
        )


def test_pettingzoo_truncates_when_the_legal_actions_overflow_the_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chromino_observation, "MAX_LEGAL", 2)
    environment = env("chromino", players=2, mask="indices")
    environment.reset(seed=1)
    for _ in environment.agent_iter(max_iter=500):
        observation, _, termination, truncation, info = environment.last()
        if truncation:
            assert "do not fit the 2 slots" in info["truncated"] and (observation["legal_actions"] == -1).all()
            assert set(environment.rewards.values()) == {0.0}
            break
        assert not termination, "some state of the game has more than two legal actions"
        listed = observation["legal_actions"]
        environment.step(int(listed[0]))
    else:
        pytest.fail("the episode never truncated")


@pytest.mark.parametrize(("observation", "mask", "message"), [("planes", "dense", "no planes"), ("flat", "x", "mask")])
def test_bad_forms_are_refused(observation: str, mask: str, message: str) -> None:
    with pytest.raises(KameleonError, match=message):
        env("coloretto", players=2, observation=observation, mask=mask)
