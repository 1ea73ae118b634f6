"""A training run's positions on disk: written game by game as the games end, read back a batch at a time.

A generation's samples are the folder `samples-<k>/` in the run's folder: raw arrays in the machine's byte
order, `x.f32` (positions, seats, input size), `y.f32` (positions, seats: the win shares) and `ids.i32` (the
game each position comes from), and `shape.json`, written last. The folder is filled as `samples-<k>.part/`
and renamed once whole, so a run stopped while the games were played leaves no folder that looks finished.

Neither the games nor the fit hold a generation in memory: a 100,000-game four-player Coloretto generation
is 5.8 GB of encodings. The fit reads the encodings through a memory map, a batch at a time, and copies
only the held-out games' positions (one in `held_out`) into memory, to measure them after each pass.
A run written before this format (`samples-<k>.npz`) is read whole into memory.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO

import numpy as np

from kameleon.engine.errors import KameleonError

SHAPE = "shape.json"


def folder(out: Path, generation: int) -> Path:
    return out / f"samples-{generation}"


def _legacy(out: Path, generation: int) -> Path:
    return out / f"samples-{generation}.npz"


def kept(out: Path, generation: int) -> bool:
    """Whether generation `generation`'s games are all on disk in `out`."""
    return (folder(out, generation) / SHAPE).exists() or _legacy(out, generation).exists()


class Writer:
    """Appends a generation's positions to `samples-<k>.part/` game by game; `close()` makes it `samples-<k>/`."""

    def __init__(self, out: Path, generation: int, seats: int, size: int) -> None:
        self.target = folder(out, generation)
        self.partial = self.target.with_name(self.target.name + ".part")
        shutil.rmtree(self.partial, ignore_errors=True)  # left by a run stopped during its games
        self.partial.mkdir(parents=True)
        self.seats, self.size, self.positions = seats, size, 0
        self.files: dict[str, IO[bytes]] = {
            name: (self.partial / name).open("wb") for name in ("x.f32", "y.f32", "ids.i32")
        }

    def add(self, x: np.ndarray, y: np.ndarray, game: int) -> None:
        """One game's encodings (positions, seats, size) and win shares (positions, seats)."""
        if x.shape[1:] != (self.seats, self.size) or y.shape != x.shape[:2]:
            raise ValueError(f"a game's samples have shape {x.shape} and {y.shape}, not (m, {self.seats}, {self.size})")
        self.files["x.f32"].write(np.ascontiguousarray(x, dtype=np.float32).tobytes())
        self.files["y.f32"].write(np.ascontiguousarray(y, dtype=np.float32).tobytes())
        self.files["ids.i32"].write(np.full(len(x), game, dtype=np.int32).tobytes())
        self.positions += len(x)

    def close(self) -> None:
        for file in self.files.values():
            file.close()
        shape = {"positions": self.positions, "seats": self.seats, "size": self.size}
        (self.partial / SHAPE).write_text(json.dumps(shape))
        shutil.rmtree(self.target, ignore_errors=True)
        self.partial.replace(self.target)

    def __enter__(self) -> Writer:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if kind is None:
            self.close()
        else:  # the partial folder stays, to be cleared by the next run
            for file in self.files.values():
                file.close()


def _read(out: Path, generation: int, shape: tuple[int, int], last: bool) -> tuple[np.ndarray, ...]:
    """A generation's (x, y, ids): x memory-mapped, or all three in memory from a run's older `.npz`; `shape` is
    (seats, input size), `last` whether the generation is the one being fitted (else its network is made)."""
    legacy = _legacy(out, generation)
    where = legacy if legacy.exists() and not (folder(out, generation) / SHAPE).exists() else folder(out, generation)
    try:
        if where == legacy:
            with np.load(legacy, allow_pickle=False) as data:
                x, y, ids = data["x"], data["y"], data["ids"]
            m = len(x)
        else:
            found = json.loads((where / SHAPE).read_text())
            m, n, d = (int(found[key]) for key in ("positions", "seats", "size"))
            if (n, d) != shape:
                raise ValueError(f"{n} seats of {d} numbers, where this run's game has {shape[0]} of {shape[1]}")
            x = np.memmap(where / "x.f32", dtype=np.float32, mode="r", shape=(m, n, d)) if m else np.zeros((0, n, d))
            y = np.fromfile(where / "y.f32", dtype=np.float32).reshape(m, n)
            ids = np.fromfile(where / "ids.i32", dtype=np.int32)
        if x.shape[1:] != shape or y.shape != (m, shape[0]) or ids.shape != (m,):
            raise ValueError(f"arrays of shapes {x.shape}, {y.shape} and {ids.shape} do not agree")
    except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile) as exc:
        way_out = (
            "delete it to play the generation's games again"
            if last
            else "the generations after it are made, so start a new run (another --out)"
        )
        raise KameleonError(f"the samples in {where} are damaged ({exc}): {way_out}") from None
    return x, y, ids


@dataclass
class Window:
    """The positions of some generations as one sequence (oldest generation first), split by game into the
    fitted ones and the held-out ones."""

    xs: list[np.ndarray]
    ys: list[np.ndarray]
    fitted: np.ndarray
    """Indices, into the whole sequence, of the positions of the fitted games."""
    held: tuple[np.ndarray, np.ndarray]
    """The held-out games' (x, y), in memory."""

    @classmethod
    def read(cls, out: Path, generations: range, held_out: int, shape: tuple[int, int]) -> Window:
        """The samples of `generations` (the last is the one being fitted), each game `shape` (seats, input size),
        every `held_out`-th game held out."""
        xs, ys, fitted, held_x, held_y = [], [], [], [], []
        start = 0
        for generation in generations:
            x, y, ids = _read(out, generation, shape, generation == generations[-1])
            test = ids % held_out == 0
            xs.append(x)
            ys.append(y)
            fitted.append(start + np.flatnonzero(~test))
            rows = np.flatnonzero(test)
            held_x.append(np.asarray(x[rows]))
            held_y.append(y[rows])
            start += len(x)
        return cls(xs, ys, np.concatenate(fitted), (np.concatenate(held_x), np.concatenate(held_y)))

    def __len__(self) -> int:
        return len(self.fitted)

    def take(self, picks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(x, y) of the fitted positions `picks` (indices into `fitted`), in that order."""
        rows = self.fitted[picks]
        x = np.empty((len(rows), *self.xs[0].shape[1:]), dtype=np.float32)
        y = np.empty((len(rows), self.ys[0].shape[1]), dtype=np.float32)
        start = 0
        for part_x, part_y in zip(self.xs, self.ys, strict=True):
            inside = (rows >= start) & (rows < start + len(part_x))
            local = rows[inside] - start
            x[inside] = part_x[local]
            y[inside] = part_y[local]
            start += len(part_x)
        return x, y
