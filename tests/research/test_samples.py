"""A training run's samples on disk: whole or absent, read back as they were written, older runs still read."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from kameleon.ai.network import load
from kameleon.engine.errors import KameleonError
from kameleon.research import samples
from kameleon.research.train import Settings, final_network, train

SETTINGS = Settings("coloretto", 2, generations=2, games=20, iterations=5, epochs=2)


def _games(rng: np.random.Generator, lengths: list[int]) -> list[tuple[np.ndarray, np.ndarray]]:
    return [(rng.random((m, 2, 3), dtype=np.float32), rng.random((m, 2), dtype=np.float32)) for m in lengths]


def _digest(out: Path) -> str:
    net = load(final_network(out))
    return hashlib.sha256(b"".join(a.tobytes() for a in (*net.weights, *net.biases))).hexdigest()


def test_the_window_gives_back_the_written_positions_split_by_game(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    written = [_games(rng, [4, 0, 5, 2]), _games(rng, [3, 6])]
    for generation, games in enumerate(written):
        with samples.Writer(tmp_path, generation, 2, 3) as writer:
            for i, (x, y) in enumerate(games):
                writer.add(x, y, i)
    window = samples.Window.read(tmp_path, range(2), held_out=2, shape=(2, 3))
    kept = [(g, i, x, y) for g, games in enumerate(written) for i, (x, y) in enumerate(games)]
    fitted_x = np.concatenate([x for _, i, x, _ in kept if i % 2])
    held_x = np.concatenate([x for _, i, x, _ in kept if i % 2 == 0])
    assert len(window) == len(fitted_x) == 0 + 2 + 6  # games 1 and 3 of generation 0, game 1 of 1
    np.testing.assert_array_equal(window.held[0], held_x)
    np.testing.assert_array_equal(window.held[1], np.concatenate([y for _, i, _, y in kept if i % 2 == 0]))
    picks = np.random.default_rng(1).permutation(len(window))[:9]
    x, y = window.take(picks)
    np.testing.assert_array_equal(x, fitted_x[picks])
    np.testing.assert_array_equal(y, np.concatenate([y for _, i, _, y in kept if i % 2])[picks])


def test_games_stopped_midway_leave_no_samples_that_look_whole(tmp_path: Path) -> None:
    x, y = _games(np.random.default_rng(0), [3])[0]
    with pytest.raises(RuntimeError), samples.Writer(tmp_path, 0, 2, 3) as writer:
        writer.add(x, y, 0)
        raise RuntimeError("stopped")
    assert not samples.kept(tmp_path, 0) and not (tmp_path / "samples-0").exists()
    with samples.Writer(tmp_path, 0, 2, 3) as writer:  # the next run starts the generation afresh
        writer.add(x, y, 0)
    assert samples.kept(tmp_path, 0) and not (tmp_path / "samples-0.part").exists()
    assert len(samples.Window.read(tmp_path, range(1), held_out=2, shape=(2, 3)).held[0]) == 3


def test_a_game_of_the_wrong_shape_is_refused(tmp_path: Path) -> None:
    with samples.Writer(tmp_path, 0, 2, 3) as writer, pytest.raises(ValueError, match=r"not \(m, 2, 3\)"):
        writer.add(np.zeros((2, 2, 4), dtype=np.float32), np.zeros((2, 2), dtype=np.float32), 0)


def test_damaged_samples_are_named_with_the_way_out(tmp_path: Path) -> None:
    x, y = _games(np.random.default_rng(0), [3])[0]
    with samples.Writer(tmp_path, 0, 2, 3) as writer:
        writer.add(x, y, 0)
    (tmp_path / "samples-0" / "ids.i32").write_bytes(b"\0\0\0\0")
    with pytest.raises(KameleonError, match=r"samples-0 are damaged \(arrays of shapes .*\): delete it to play"):
        samples.Window.read(tmp_path, range(1), held_out=2, shape=(2, 3))
    with samples.Writer(tmp_path, 1, 2, 3) as writer:
        writer.add(x, y, 0)
    with pytest.raises(KameleonError, match=r"samples-0 are damaged .*: the generations after it are made, so start"):
        samples.Window.read(tmp_path, range(2), held_out=2, shape=(2, 3))
    with pytest.raises(KameleonError, match=r"samples-1 are damaged \(2 seats of 3 numbers, where this run's game"):
        samples.Window.read(tmp_path, range(1, 2), held_out=2, shape=(2, 4))
    (tmp_path / "samples-1" / "shape.json").write_text("{}")
    with pytest.raises(KameleonError, match="samples-1 are damaged"):
        samples.Window.read(tmp_path, range(1, 2), held_out=2, shape=(2, 3))
    (tmp_path / "samples-2.npz").write_bytes(b"not an archive")
    with pytest.raises(KameleonError, match=r"samples-2.npz are damaged"):
        samples.Window.read(tmp_path, range(2, 3), held_out=2, shape=(2, 3))


def test_a_run_kept_in_the_older_npz_samples_resumes_to_the_same_network(tmp_path: Path) -> None:
    train(SETTINGS, tmp_path / "new")
    old = tmp_path / "old"
    train(replace(SETTINGS, generations=1), old)
    _as_npz(old / "samples-0", old / "samples-0.npz")
    train(SETTINGS, old, resume=True)  # generation 1's fit reads generation 0 from the .npz
    assert (old / "samples-0.npz").exists() and not (old / "samples-0").exists() and (old / "samples-1").is_dir()
    assert _digest(old) == _digest(tmp_path / "new")


def _as_npz(folder: Path, target: Path) -> None:
    """Rewrite a generation's samples as a run before the sample folders kept them, and remove the folder."""
    shape = json.loads((folder / "shape.json").read_text())
    m, n, d = shape["positions"], shape["seats"], shape["size"]
    x = np.fromfile(folder / "x.f32", dtype=np.float32).reshape(m, n, d)
    y = np.fromfile(folder / "y.f32", dtype=np.float32).reshape(m, n)
    ids = np.fromfile(folder / "ids.i32", dtype=np.int32)
    np.savez_compressed(target, x=x, y=y, ids=ids)
    for file in folder.iterdir():
        file.unlink()
    folder.rmdir()


def test_a_new_run_never_takes_the_games_left_in_its_folder_by_another(tmp_path: Path) -> None:
    train(replace(SETTINGS, generations=1), tmp_path / "first")
    out = tmp_path / "second"
    out.mkdir()
    (tmp_path / "first" / "samples-0").rename(out / "samples-0")
    with pytest.raises(KameleonError, match=r"second holds samples-0 but no progress.json: a new run would take"):
        train(replace(SETTINGS, seed=7), out)
    assert sorted(p.name for p in out.iterdir()) == ["samples-0"]


def test_a_generation_is_never_played_without_the_last_ones_network(tmp_path: Path) -> None:
    out = tmp_path / "run"
    train(replace(SETTINGS, generations=1), out)
    (out / "network-0.npz").unlink()
    with pytest.raises(KameleonError, match="generation 1 plays with the last one's network: no value network at"):
        train(SETTINGS, out, resume=True)
    (out / "network-0.npz").write_bytes(b"damaged")
    with pytest.raises(KameleonError, match=r"generation 1 plays .*network-0.npz is not a readable value network"):
        train(SETTINGS, out, resume=True)
    assert not samples.kept(out, 1) and not (out / "samples-1.part").exists()  # no game was played


def test_resuming_never_goes_back_before_the_generations_made(tmp_path: Path) -> None:
    out = tmp_path / "run"
    train(SETTINGS, out)
    with pytest.raises(KameleonError, match=r"--generations 1: the run in .* has already made 2"):
        train(replace(SETTINGS, generations=1), out, resume=True)
    with pytest.raises(KameleonError, match="--generations 0"):
        train(replace(SETTINGS, generations=0), out, resume=True)
    assert json.loads((out / "progress.json").read_text())["settings"]["generations"] == 2


def test_games_that_leave_nothing_to_fit_are_refused(tmp_path: Path) -> None:
    with pytest.raises(KameleonError, match=r"left 0 positions to fit and 0 held out: play more games"):
        train(replace(SETTINGS, generations=1, sample_every=100_000), tmp_path / "run")
    assert not (tmp_path / "run" / "network-0.npz").exists()
    with pytest.raises(KameleonError, match="--players must be at least 2, not 1"):
        train(Settings("chromino", 1, games=20), tmp_path / "alone")
