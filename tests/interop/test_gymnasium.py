"""The single-agent Gymnasium environment: Gymnasium's own checker, vector envs, seeds, seats, rewards, truncation."""

from __future__ import annotations

import warnings
from typing import Any, NamedTuple

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import kameleon
from kameleon.ai import make_agent
from kameleon.engine.errors import KameleonError
from kameleon.games.chromino import observation as chromino_observation
from kameleon.interop import single_agent
from kameleon.interop.gymnasium import NoEpisode, SingleAgentEnv, env_id

from .conftest import encoded_games

GAMES = encoded_games()
PLANES = [g for g in GAMES if getattr(kameleon.load(g, players=2).observation(), "planes", None)]


def _checked(game: str, **kwargs: Any) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # e.g. "A Box observation space maximum value is infinity"
        environment = gymnasium.make(env_id(game), **kwargs)
        check_env(environment.unwrapped)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    _checked(game)
    _checked(game, reward="margin", mask="indices", opponents="random", seat=1)
    if game in PLANES:
        _checked(game, observation="planes")
    assert "to play" in capsys.readouterr().out  # the checker renders in "human" mode


def test_the_ids_are_registered_for_every_game() -> None:
    assert env_id("coloretto") == "kameleon/Coloretto-v0"
    for game in kameleon.games():
        assert env_id(game) in gymnasium.registry
    assert isinstance(gymnasium.make("kameleon/Coloretto-v0").unwrapped, SingleAgentEnv)


def _random_policy(info: dict[str, Any], rng: np.random.Generator) -> int:
    if "action_mask" in info:
        legal = np.flatnonzero(info["action_mask"])
    else:
        listed = info["legal_actions"]
        legal = listed[listed >= 0]
    return int(rng.choice(legal))


class Step(NamedTuple):
    observation: Any
    reward: float
    terminated: bool
    truncated: bool
    info: dict[str, Any]


def _episode(environment: SingleAgentEnv, seed: int | None, policy_seed: int = 0) -> tuple[Any, list[Step]]:
    """Everything an episode hands out, playing random legal actions: reset's pair, then every step."""
    rng = np.random.default_rng(policy_seed)
    first = environment.reset(seed=seed)
    info = first[1]
    steps: list[Step] = []
    while True:
        legal = info["legal_actions"] if "legal_actions" in info else np.flatnonzero(info["action_mask"])
        action = _random_policy(info, rng) if (legal >= 0).any() and len(legal) else 0
        step = Step(*environment.step(action))
        steps.append(step)
        info = step.info
        if step.terminated or step.truncated:
            return first, steps


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and np.array_equal(a, b)
    return bool(a == b)


def test_an_opponent_factory_that_makes_no_agent_is_refused_at_reset() -> None:
    environment = single_agent("coloretto", opponents=[lambda seed: "not an agent"])
    with pytest.raises(TypeError, match="which is not an Agent"):
        environment.reset(seed=1)


def test_a_numpy_integer_seed_is_a_seed() -> None:
    by_numpy, by_int = single_agent("coloretto", opponents="medium"), single_agent("coloretto", opponents="medium")
    observation, _ = by_numpy.reset(seed=np.int64(4))
    expected, _ = by_int.reset(seed=4)
    assert by_numpy.seat == by_int.seat and np.array_equal(observation, expected)


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_gives_the_same_episode_and_later_resets_follow_it(game: str) -> None:
    one = single_agent(game, opponents="medium", mask="indices")
    two = single_agent(game, opponents="medium", mask="indices")
    assert _same(_episode(one, 3), _episode(two, 3))
    assert _same(_episode(one, None), _episode(two, None))  # the next deal comes from the seeded generator
    assert not _same(_episode(one, 4), _episode(two, 5))


def test_seats_rotate_from_the_seed_or_stay_fixed() -> None:
    rotating = single_agent("coloretto", players=3, opponents="random")
    seats = [rotating.reset(seed=7)[1]["seat"]] + [rotating.reset()[1]["seat"] for _ in range(4)]
    assert seats == [1, 2, 0, 1, 2]
    assert rotating.reset(seed=9)[1]["seat"] == 0
    fixed = single_agent("coloretto", players=3, opponents="random", seat=2)
    assert {fixed.reset(seed=s)[1]["seat"] for s in range(5)} == {2}


def test_the_bots_play_between_the_agents_turns() -> None:
    environment = single_agent("coloretto", players=4, opponents=["random", "medium", "easy"], seat=2)
    observation, info = environment.reset(seed=1)
    state = environment.state
    assert state is not None and state.current_player == 2
    rng = np.random.default_rng(1)
    while True:
        observation, _reward, terminated, truncated, info = environment.step(_random_policy(info, rng))
        assert terminated or state.current_player == 2
        assert np.array_equal(info["scores"], state.scores())
        assert np.array_equal(environment.action_masks(), info["action_mask"].astype(bool))
        if terminated:
            break
    assert not truncated and info["winners"].tolist() == [q in state.winners() for q in range(4)]
    assert np.array_equal(observation, np.asarray(environment.encoding.observe(state, 2), dtype=np.float32))


@pytest.mark.parametrize("game", ["coloretto", "cardcassonne", "chromino"])
def test_margin_rewards_sum_to_the_final_margin_and_terminal_rewards_are_the_returns(game: str) -> None:
    for seed in range(3):
        margin = single_agent(game, opponents="medium", reward="margin", seat=0, mask="indices")
        _, steps = _episode(margin, seed)
        state = margin.state
        assert state is not None and state.is_terminal and steps[-1].terminated
        scores = state.scores()
        assert sum(step.reward for step in steps) == pytest.approx(scores[0] - scores[1])
        assert np.array_equal(steps[-1].info["scores"], scores)
        terminal = single_agent(game, opponents="medium", seat=0, mask="indices")
        _, steps = _episode(terminal, seed)
        assert terminal.state is not None and terminal.state.is_terminal
        assert [step.reward for step in steps[:-1]] == [0.0] * (len(steps) - 1)
        assert steps[-1].reward == terminal.encoding.returns(terminal.state)[0]


def test_solo_chromino_has_no_opponents() -> None:
    environment = single_agent("chromino", players=1, mask="indices")
    (_, info), steps = _episode(environment, 2)
    assert steps[-1].terminated and steps[-1].reward in (1.0, -1.0) and info["seat"] == 0


def test_an_illegal_action_ends_the_episode_with_a_penalty() -> None:
    environment = single_agent("coloretto", players=3, seat=0)
    environment.reset(seed=1)
    _observation, reward, terminated, truncated, info = environment.step(6)  # take row 1 while it is empty
    assert (reward, terminated, truncated) == (-1.0, True, False) and "illegal_action" in info
    with pytest.raises(NoEpisode, match="the last one is over"):
        environment.step(0)
    environment.reset()
    with pytest.raises(ValueError, match="outside the action space"):
        environment.step(99)
    with pytest.raises(TypeError, match="an action is an integer index"):
        environment.step("0")
    environment.close()
    with pytest.raises(NoEpisode):
        environment.step(0)


def test_no_action_is_masked_before_the_first_reset() -> None:
    environment = single_agent("coloretto")
    with pytest.raises(NoEpisode, match=r"reset\(\) the environment"):
        environment.action_masks()
    environment.reset(seed=1)
    assert environment.action_masks().any()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"reward": "dense"}, "reward must be one of terminal, margin"),
        ({"opponents": "grandmaster"}, "unknown bot 'grandmaster'"),
        ({"opponents": ["medium", "medium"]}, r"one bot for every other seat \(1\)"),
        ({"opponents": [3]}, "an opponent is a bot spec"),
        ({"opponents": 5}, r"^opponents is a bot spec, a factory or a list of them, not 5$"),
        ({"opponents": "random,medium"}, r"give opponents=\['random', 'medium'\]"),
        ({"seat": 2}, "seat must be None"),
        ({"observation": "planes"}, "no planes"),
        ({"observation": "image"}, "observation must be one of flat, planes"),
        ({"mask": "sparse"}, "mask must be one of dense, indices"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(KameleonError, match=message):
        single_agent("coloretto", **kwargs)


def test_opponents_may_be_agent_factories() -> None:
    made: list[int] = []

    def factory(seed: int) -> Any:
        made.append(seed)
        return make_agent("greedy", seed)

    environment = single_agent("cameleon", opponents=factory, seat=0)
    environment.reset(seed=5)
    environment.reset(seed=5)
    assert len(made) == 2 and made[0] == made[1]


def test_chromino_truncates_when_play_leaves_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(chromino_observation.WINDOWS, "standard", 3)
    environment = single_agent("chromino", players=2, opponents="random", mask="indices")
    truncated = 0
    for seed in range(10):
        _, steps = _episode(environment, seed)
        last = steps[-1]
        if last.truncated:
            truncated += 1
            assert not last.terminated and last.reward == 0.0 and "outside the action window" in last.info["truncated"]
            assert (last.info["legal_actions"] < 0).all()
    assert truncated


def test_chromino_truncates_when_the_legal_actions_overflow_the_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chromino_observation, "MAX_LEGAL", 1)
    environment = single_agent("chromino", players=2, opponents="random", mask="indices", seat=0)
    assert environment.arrays.list_size == 1
    (_, first), steps = _episode(environment, 1)
    last = steps[-1]
    assert last.truncated and "do not fit the 1 slots" in last.info["truncated"]
    if "truncated" in first:  # found by reset: the first step ends the episode whatever the action
        assert len(steps) == 1 and last.reward == 0.0


def test_planes_are_the_flat_encoding_rearranged() -> None:
    for game in PLANES:
        flat_env = single_agent(game, seat=0, opponents="random")
        planes_env = single_agent(game, seat=0, opponents="random", observation="planes")
        flat, _ = flat_env.reset(seed=4)
        split, _ = planes_env.reset(seed=4)
        assert split in planes_env.observation_space
        layout = planes_env.encoding.observation.planes
        assert layout is not None and split["planes"].shape == layout.shape
        index = np.arange(flat.size) if layout.index is None else np.asarray(layout.index)
        count = int(np.prod(layout.shape))
        assert np.array_equal(split["planes"].reshape(-1), flat[index[:count]])
        assert np.array_equal(np.sort(np.concatenate([split["planes"].reshape(-1), split["features"]])), np.sort(flat))


def test_cameleon_planes_show_each_piece_on_its_square() -> None:
    environment = single_agent("cameleon", seat=1, opponents="random", observation="planes")
    observation, _ = environment.reset(seed=0)
    state = environment.state
    assert state is not None
    planes = observation["planes"]
    assert planes.shape == (16, 9, 8)
    for square, code in enumerate(state.board):
        rank, file = divmod(square, 8)
        expected = np.zeros(16)
        if code:
            expected[((code >> 3) ^ 1) * 7 + (code & 7) - 1] = 1.0  # the observer's own pieces first
        assert np.array_equal(planes[:, rank, file], expected)


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_environments(mode: str) -> None:
    kwargs: dict[str, Any] = {"observation": "planes", "mask": "indices", "opponents": "random"}
    envs = gymnasium.make_vec("kameleon/Chromino-v0", num_envs=2, vectorization_mode=mode, **kwargs)
    try:
        observations, infos = envs.reset(seed=5)
        assert observations["planes"].shape == (2, 6, 53, 53) and infos["legal_actions"].shape == (2, 512)
        assert infos["seat"].tolist() == [1, 0]
        rng = np.random.default_rng(0)
        for _ in range(4):
            actions = []
            for listed in infos["legal_actions"]:
                legal = listed[listed >= 0]
                actions.append(int(rng.choice(legal)) if len(legal) else 0)
            observations, rewards, _, _, infos = envs.step(np.array(actions))
            assert observations["features"].shape[0] == 2 and rewards.shape == (2,)
    finally:
        envs.close()


def test_sync_vector_env_of_factories() -> None:
    envs = gymnasium.vector.SyncVectorEnv([lambda: single_agent("coloretto", opponents="medium")] * 2)
    observations, infos = envs.reset(seed=[1, 2])
    assert observations.shape == (2, 108) and infos["action_mask"].shape == (2, 26)
    envs.step(np.array([int(np.flatnonzero(mask)[0]) for mask in infos["action_mask"]]))
    envs.close()
