"""The expert level: its value networks, the training command that writes them, and how it plays."""

from __future__ import annotations

import json
import math
import random
import re
import socket
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import kameleon
from kameleon.ai import make_agent
from kameleon.ai.expert import ExpertAgent, check_shipped, judge, network_file
from kameleon.ai.fair import fair_state
from kameleon.ai.network import FORMAT, VERSION, NetworkError, load, new_network
from kameleon.cli.main import app
from kameleon.engine.errors import KameleonError
from kameleon.research.train import Settings, final_network, play, train
from tests.ai.games import configs


def _shipped(name: str, players: int) -> bool:
    path = network_file(kameleon.load(name, players=players))
    return path is not None and path.exists()


SHIPPED = [(name, players) for name, players in configs() if _shipped(name, players)]


def _tiny(tmp_path: Path, generations: int = 1) -> Path:
    out = tmp_path / "run"
    train(Settings("coloretto", 2, generations=generations, games=20, iterations=5, epochs=1), out)
    return out


def _with_a_choice(name: str, players: int, seed: int) -> Any:
    """A position of `name` where the seat to move has more than one move (the bots search only there)."""
    state = kameleon.load(name, players=players).new_state(seed)
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    return state


def test_networks_are_shipped_for_the_games_the_issue_names() -> None:
    assert ("coloretto", 2) in SHIPPED


@pytest.mark.parametrize(("name", "players"), SHIPPED)
def test_shipped_networks_load_and_say_how_they_were_trained(name: str, players: int) -> None:
    game = kameleon.load(name, players=players)
    path = network_file(game)
    assert path is not None and path.stat().st_size <= 5_000_000
    encoding = game.network_input()
    assert encoding is not None
    net = load(path, game=name, players=players, input_name=encoding.name)
    assert net.meta()["format"] == FORMAT and net.meta()["version"] == VERSION
    assert net.training["settings"]["game"] == name and net.training["generations"] >= 1
    assert judge(game) is not None
    state = game.new_state(3)
    values = judge(game)(state)  # type: ignore[misc]
    assert len(values) == players and all(np.isfinite(values))


def test_the_training_command_writes_the_format_the_expert_loads(tmp_path: Path) -> None:
    out = _tiny(tmp_path)
    written = final_network(out)
    shipped = network_file(kameleon.load("coloretto", players=2))
    assert shipped is not None
    mine, theirs = load(written), load(shipped)
    assert set(mine.meta()) == set(theirs.meta())
    assert mine.layers == theirs.layers and mine.input_name == theirs.input_name
    agent = ExpertAgent(1, iterations=20, network=written)
    state = _with_a_choice("coloretto", 2, 5)
    assert agent.act(fair_state(state)) in state.legal_actions()
    assert agent.rollout_depth == 0  # it judged leaves by the network, not by rollouts


def test_training_is_reproducible_and_resumes_where_it_stopped(tmp_path: Path) -> None:
    straight = _tiny(tmp_path / "a", generations=2)
    stopped = _tiny(tmp_path / "b", generations=1)
    train(Settings("coloretto", 2, generations=2), stopped, resume=True)
    for path in (straight, stopped):
        assert json.loads((path / "progress.json").read_text())["settings"]["games"] == 20
    a, b = load(final_network(straight)), load(final_network(stopped))
    for x, y in zip(a.weights + a.biases, b.weights + b.biases, strict=True):
        np.testing.assert_array_equal(x, y)


def test_generation_0_is_played_by_the_teacher_and_replays_exactly() -> None:
    """`--teacher hard@N` plays generation 0, not `medium`: other games, the same ones again from the same seed."""
    medium = play((Settings("coloretto", 2, games=20), 0, 3, None))
    taught = play((Settings("coloretto", 2, games=20, teacher="hard@8"), 0, 3, None))
    again = play((Settings("coloretto", 2, games=20, teacher="hard@8"), 0, 3, None))
    np.testing.assert_array_equal(taught[0], again[0])
    np.testing.assert_array_equal(taught[1], again[1])
    assert taught[0].shape != medium[0].shape or not np.array_equal(taught[0], medium[0])


@pytest.mark.parametrize(
    ("teacher", "message"),
    [
        ("hard", "--teacher hard: give a searching bot its budget in iterations (hard@50)"),
        ("expert:0.5", "--teacher expert:0.5: give a searching bot its budget in iterations (expert@50)"),
        ("grandmaster", "--teacher: unknown bot 'grandmaster'"),
        ("medium@5", "--teacher: bot 'medium@5': medium does not search"),
    ],
)
def test_a_teacher_that_would_not_replay_or_does_not_exist_is_refused(
    tmp_path: Path, teacher: str, message: str
) -> None:
    with pytest.raises(KameleonError, match=re.escape(message)):
        train(Settings("coloretto", 2, games=20, teacher=teacher), tmp_path / "run")
    assert not (tmp_path / "run").exists()


def test_a_run_is_not_overwritten_and_resume_needs_one(tmp_path: Path) -> None:
    out = _tiny(tmp_path)
    with pytest.raises(KameleonError, match="already holds a training run"):
        train(Settings("coloretto", 2, games=20), out)
    with pytest.raises(KameleonError, match="nothing to resume"):
        train(Settings("coloretto", 2), tmp_path / "empty", resume=True)
    with pytest.raises(KameleonError, match="--games must be at least 20"):
        train(Settings("coloretto", 2, games=3), tmp_path / "small")


def _corrupt(tmp_path: Path, good: Path, kind: str) -> Path:
    bad = tmp_path / f"{kind}.npz"
    if kind == "missing":
        return bad
    if kind == "garbage":
        bad.write_bytes(b"not a zip file at all")
    elif kind == "truncated":
        bad.write_bytes(good.read_bytes()[:200])
    else:
        with np.load(good) as data:
            arrays = {key: data[key] for key in data.files}
        meta = json.loads(arrays["meta"].tobytes())
        if kind == "version":
            meta["version"] = VERSION + 1
        elif kind == "format":
            meta["format"] = "something else"
        elif kind == "shape":
            arrays["w1"] = arrays["w1"][:, :3]
        elif kind == "nan":
            arrays["w0"] = arrays["w0"].copy()
            arrays["w0"][0, 0] = np.nan
        arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
        with bad.open("wb") as out:
            np.savez(out, **arrays)
    return bad


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("missing", "no value network at"),
        ("garbage", "is not a readable value network"),
        ("truncated", "is not a readable value network"),
        ("version", f"network version {VERSION + 1}; this kameleon reads versions 1 to {VERSION}"),
        ("format", "is not a value network \\(format 'something else'"),
        ("shape", "layer 1 must be a"),
        ("nan", "layer 0 holds a number that is not finite"),
    ],
)
def test_a_missing_or_corrupt_network_is_refused_by_name(tmp_path: Path, kind: str, said: str) -> None:
    good = tmp_path / "good.npz"
    new_network("coloretto", 2, "observation-108", [108, 8, 4, 1], np.random.default_rng(0)).save(good)
    with pytest.raises(NetworkError, match=said):
        load(_corrupt(tmp_path, good, kind))
    assert zipfile.is_zipfile(good)


def test_play_refuses_a_damaged_network_before_the_first_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "networks"
    folder.mkdir()
    (folder / "value-2p.npz").write_bytes(b"not a zip file at all")  # what a broken install would hold
    monkeypatch.setattr(type(kameleon.load("coloretto", players=2)), "network_dir", classmethod(lambda cls: folder))
    monkeypatch.setenv("KAMELEON_HOME", str(tmp_path / "home"))
    save = tmp_path / "game.json"
    result = CliRunner().invoke(
        app, ["play", "coloretto", "-p", "2", "--bots", "random,expert@5", "-q", "--save", str(save), "--lang", "en"]
    )
    assert result.exit_code == 2, result.output
    assert "is not a readable value network" in result.output and "Traceback" not in result.output
    assert "Game saved" not in result.output  # refused before random's first move, not at expert's
    assert not save.exists() or json.loads(save.read_text())["moves"] == []


@pytest.mark.usefixtures("damaged_cameleon_value")
def test_a_damaged_cameleon_value_is_refused_before_the_first_move_and_at_the_arena_s_start(tmp_path: Path) -> None:
    with pytest.raises(KameleonError, match=r"value_weights\.json are not valid JSON"):
        check_shipped()
    save = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["play", "cameleon", "--bots", "random,expert@5", "-q", "--save", str(save)])
    assert result.exit_code == 2 and "are not valid JSON" in result.output and "Game saved" not in result.output


@pytest.mark.parametrize("scale", [0.0, -2.0, math.nan, math.inf, "2", True])
def test_a_calibration_that_is_no_positive_number_is_refused(scale: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(kameleon.load("cameleon")), "value_calibration", scale)
    with pytest.raises(KameleonError, match=r"Le Caméléon: value_calibration must be a positive number"):
        check_shipped()


def test_a_network_for_another_game_or_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "net.npz"
    new_network("coloretto", 2, "observation-108", [108, 4, 1], np.random.default_rng(0)).save(path)
    with pytest.raises(NetworkError, match="network for players 2, not 4"):
        load(path, game="coloretto", players=4)
    with pytest.raises(NetworkError, match="network for game 'coloretto', not 'chromino'"):
        load(path, game="chromino")
    agent = ExpertAgent(1, iterations=10, network=path)
    state = _with_a_choice("coloretto", 4, 1)
    with pytest.raises(NetworkError, match="network for players 2, not 4"):
        agent.act(state)


def test_a_network_file_asked_for_that_is_not_there_is_an_error_not_hard(tmp_path: Path) -> None:
    # Only the shipped network may be missing (then `expert` is `hard`); training's games must never be played
    # by `hard` because a checkpoint went missing.
    agent = ExpertAgent(1, iterations=10, network=tmp_path / "gone.npz")
    with pytest.raises(NetworkError, match=r"no value network at .*gone\.npz"):
        agent.act(_with_a_choice("coloretto", 2, 1))


@pytest.mark.parametrize("name", ["coloretto", "chromino", "cardcassonne", "cameleon"])
def test_the_shipped_networks_are_the_files_in_the_package(name: str) -> None:
    game_class = type(kameleon.load(name, players=2))
    folder = game_class.network_dir()
    found = (
        sorted(int(p.stem.removeprefix("value-").removesuffix("p")) for p in folder.glob("value-*p.npz"))
        if folder
        else []
    )
    assert tuple(found) == game_class.shipped_networks


def test_a_shipped_network_gone_from_the_install_is_an_error_not_hard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        type(kameleon.load("coloretto", players=2)), "network_dir", classmethod(lambda cls: tmp_path)
    )  # empty
    with pytest.raises(
        NetworkError, match=r"the coloretto network for 2 players, .*value-2p\.npz, is missing: reinstall"
    ):
        make_agent("expert@10", 1).act(_with_a_choice("coloretto", 2, 1))
    assert make_agent("expert@10", 1).act(_with_a_choice("coloretto", 3, 1)) is not None  # none shipped: hard


def test_the_arena_refuses_to_start_on_a_damaged_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check_shipped()  # the install as shipped passes
    monkeypatch.setattr(type(kameleon.load("coloretto", players=2)), "network_dir", classmethod(lambda cls: tmp_path))
    monkeypatch.setenv("KAMELEON_HOME", str(tmp_path / "home"))
    with socket.socket() as taken:  # a busy port: were the install not refused, serve would stop there, not serve
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        result = CliRunner().invoke(app, ["serve", "--host", "127.0.0.1", "--port", str(taken.getsockname()[1])])
    assert result.exit_code == 2, result.output
    assert "the coloretto network for 2 players" in result.output and "is missing: reinstall kameleon" in result.output


def test_expert_plays_as_hard_where_no_network_is_shipped() -> None:
    game = kameleon.load("coloretto", players=3)
    path = network_file(game)
    assert path is not None and not path.exists()
    expert = make_agent("expert@30", 1)
    state = _with_a_choice("coloretto", 3, 2)
    assert expert.act(fair_state(state)) in state.legal_actions()
    assert isinstance(expert, ExpertAgent) and expert.rollout_depth is None  # hard's random rollouts
    assert expert.reuse_tree  # and hard's kept tree


def test_expert_searches_afresh_at_every_move() -> None:
    # A kept subtree's values were judged on what the bot knew a move earlier; at 1 s per move they
    # outweighed the new search (docs/bots.md), so `expert` starts a new tree every move.
    game = kameleon.load("coloretto", players=2)
    expert = make_agent("expert@200", 3)
    state = game.new_state(12)
    searched = 0
    while not state.is_terminal and searched < 6:
        action = expert.act(fair_state(state)) if state.current_player == 0 else state.legal_actions()[0]
        if state.current_player == 0 and len(state.legal_actions()) > 1:
            assert isinstance(expert, ExpertAgent) and expert.last_reused == 0
            searched += 1
        state.apply(action)
    assert searched == 6
    assert make_agent("hard@200", 3).reuse_tree  # type: ignore[attr-defined]  # hard keeps its tree


def test_self_play_on_ray_trains_the_same_network(tmp_path: Path) -> None:
    settings = Settings("coloretto", 2, generations=1, games=20, iterations=5, epochs=1)
    train(settings, tmp_path / "here")
    train(settings, tmp_path / "ray", workers=2, ray_address="local")
    a, b = load(final_network(tmp_path / "here")), load(final_network(tmp_path / "ray"))
    for x, y in zip(a.weights + a.biases, b.weights + b.biases, strict=True):
        np.testing.assert_array_equal(x, y)


def test_a_run_stopped_during_the_fit_fits_again_from_its_kept_games(tmp_path: Path) -> None:
    out = _tiny(tmp_path)
    first = load(final_network(out))
    (out / "network-0.npz").unlink()
    progress = json.loads((out / "progress.json").read_text())
    (out / "progress.json").write_text(json.dumps({**progress, "done": []}))  # as if stopped during the fit
    kept = (out / "samples-0" / "x.f32").stat().st_mtime_ns
    train(Settings("coloretto", 2, generations=1), out, resume=True)
    assert (out / "samples-0" / "x.f32").stat().st_mtime_ns == kept  # no game played again
    again = load(final_network(out))
    for x, y in zip(first.weights + first.biases, again.weights + again.biases, strict=True):
        np.testing.assert_array_equal(x, y)


LEARNABLE = [(name, players) for name, players in configs() if kameleon.load(name, players=players).network_input()]


def test_every_built_in_game_offers_a_network_input() -> None:
    assert len(LEARNABLE) == len(configs())


@pytest.mark.parametrize(("name", "players"), LEARNABLE)
def test_the_network_input_reads_only_what_the_seat_sees(name: str, players: int) -> None:
    # The search calls it on determinized states, but training reads real ones: a hidden card read here
    # would teach the network something it never knows in play.
    game = kameleon.load(name, players=players)
    encoding = game.network_input()
    assert encoding is not None
    rng = random.Random(7)
    state = game.new_state(21)
    for _ in range(80):
        if state.is_terminal:
            break
        for seat in range(players):
            mine = list(encoding.encode(state, seat))
            assert len(mine) == encoding.size
            assert list(encoding.encode(state.determinize(seat, random.Random(rng.random())), seat)) == mine
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
