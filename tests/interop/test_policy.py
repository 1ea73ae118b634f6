"""A policy of (observation, action_mask) as an agent: it plays under FairView and sees the seat's true observation."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import kameleon
from kameleon.ai import evaluate
from kameleon.ai.fair import FairPlayError, fair_state
from kameleon.ai.tournament import Tournament, run_tournament
from kameleon.engine.errors import KameleonError
from kameleon.engine.game import State
from kameleon.engine.match import play_match
from kameleon.interop.policy import PolicyAgent, PolicyError, policy_agent
from kameleon.interop.spaces import Encoding

from .conftest import CASES, IDS, encoded_games


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    """A module-level policy: worker processes can import it."""
    return int(np.flatnonzero(mask)[0])


class Recorder:
    """A policy that plays a random legal index and keeps what it was shown."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.shown: list[tuple[np.ndarray, np.ndarray]] = []

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        self.shown.append((observation, mask))
        legal = np.flatnonzero(mask)
        return int(legal[self.rng.randrange(len(legal))])


def test_the_encoder_alone_cannot_read_a_fair_view() -> None:
    """Why the helper exists: the encoding reads hidden fields, which FairView refuses."""
    state = kameleon.load("coloretto", players=2).new_state(1)
    with pytest.raises(FairPlayError):
        Encoding.of(state.game).observe(fair_state(state), 0)


@pytest.mark.parametrize("game", encoded_games())
def test_a_policy_plays_whole_tournament_games_in_every_game(game: str) -> None:
    agent = PolicyAgent(first_legal, name="first")
    tournament = Tournament(game, [agent, "random"], games=2, players=2, seed=3)
    results, stats = run_tournament(tournament)
    assert stats["first"].games == 2
    for result in results:
        state = kameleon.replay(result["record"])
        assert state.is_terminal and state.scores() == result["scores"]


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_its_observations_are_the_seats_true_observations(game: str, players: int) -> None:
    """Move by move, under FairView: what the policy sees equals the encoding of the real state for that seat,
    and the mask marks exactly the legal moves in the action space."""
    loaded = kameleon.load(game, players=players)
    encoding = Encoding.of(loaded)
    recorder = Recorder(players)
    agent = PolicyAgent(recorder, seed=7)
    checked = 0

    def compare(state: State[Any], action: Any) -> None:
        nonlocal checked
        if not recorder.shown:
            return  # a move the policy did not choose (all legal moves outside the window)
        observation, mask = recorder.shown.pop()
        seat = state.current_player
        assert seat is not None
        truth = np.asarray(encoding.observe(state, seat), dtype=np.float32)
        assert observation.dtype == np.float32 and mask.dtype == np.int8
        assert np.array_equal(observation, truth)
        inside, _ = encoding.split_legal(state)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(inside)
        checked += 1

    play_match(loaded, [agent] * players, seed=players + 1, shown=fair_state, on_move=compare, max_moves=2_000)
    assert checked > 10


def test_illegal_choices_are_named() -> None:
    state = kameleon.load("coloretto", players=2).new_state(2)
    for policy, message in (
        (lambda o, m: len(m) + 5, r"policy 'p' chose index \d+, not a legal action here \(legal: "),
        (lambda o, m: int(np.flatnonzero(m == 0)[0]), r"chose index \d+, not a legal action here"),
        (lambda o, m: "draw", r"policy 'p' returned 'draw', not an integer action index"),
        (lambda o, m: 1.0, r"returned 1.0, not an integer action index"),
        (lambda o, m: True, r"returned True, not an integer action index"),
    ):
        with pytest.raises(PolicyError, match=message):
            PolicyAgent(policy, name="p").act(fair_state(state))
    assert PolicyAgent(lambda o, m: np.int64(np.flatnonzero(m)[0])).act(state) in state.legal_actions()
    with pytest.raises(KameleonError, match="a policy is a callable"):
        PolicyAgent("first")  # type: ignore[arg-type]
    with pytest.raises(KameleonError, match="name is a non-empty string"):
        policy_agent(first_legal, name="")


def test_worker_processes_and_copies_share_the_policy() -> None:
    agent = policy_agent(first_legal, name="first")
    serial = evaluate(agent, game="coloretto", players=3, opponents="medium", games=3, seed=2)
    parallel = evaluate(agent, game="coloretto", players=3, opponents="medium", games=3, seed=2, workers=2)
    assert serial == parallel and serial.agent == "first"
    with pytest.raises(KameleonError, match="cannot be sent to worker processes"):
        evaluate(PolicyAgent(lambda o, m: first_legal(o, m)), game="coloretto", players=2, games=2, workers=2)


@pytest.mark.parametrize(("window", "counter"), [(1, "outside_moves"), (4, "narrowed_moves")])
def test_moves_outside_the_window_are_played_and_counted(
    monkeypatch: pytest.MonkeyPatch, window: int, counter: str
) -> None:
    # With every legal move outside the window the agent plays the first one (the game is not lost); with some
    # outside, its policy chooses among the others, where the environments would have truncated the episode.
    from kameleon.games.chromino import observation

    monkeypatch.setitem(observation.WINDOWS, "standard", window)
    game = kameleon.load("chromino", players=2)
    agent = PolicyAgent(Recorder(1), seed=1)
    result = play_match(game, [agent, agent], seed=4, shown=fair_state)
    assert result.state.is_terminal and getattr(agent, counter) > 0


DOC_EXAMPLE_HEADING = "## Evaluating an agent"


def test_the_worked_example_of_docs_research_runs() -> None:
    """The first Python block under "Evaluating an agent" in docs/research.md, run as written."""
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "research.md").read_text(encoding="utf-8")
    section = text.split(DOC_EXAMPLE_HEADING, 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {"__name__": "docs_research_example"}
    exec(compile(code, "docs/research.md", "exec"), namespace)
    result = namespace["result"]
    assert result.games == 12 and 0.0 <= result.win_rate <= 1.0 and len(result.seats) == 3
