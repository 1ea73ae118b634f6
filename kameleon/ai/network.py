"""The `expert` bot's value network: a small multilayer perceptron, run with NumPy alone.

A network reads one seat's `Game.network_input()` encoding of a position and
gives that seat a logit; the seats' win chances are the softmax of their logits
(two seats: the logistic of the difference). Hidden layers use ReLU.

A network is one `.npz` file (NumPy's archive, read without pickle): the arrays
`w0, b0, w1, b1, ...` (float32) and `meta`, a UTF-8 JSON object:

    {"format": "kameleon-value-network", "version": 1, "game": "coloretto",
     "players": 2, "input": "<encoding name>", "input_size": 108,
     "layers": [108, 128, 64, 1], "training": {...}}

`training` says how the network was made (the training settings, generations,
seconds, workers, machine, held-out log-loss); it is informational. `load` refuses a file whose format,
version, game, number of players, input encoding or array shapes are not
what the caller expects, with a `NetworkError` naming the difference.
"""

from __future__ import annotations

import itertools
import json
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from kameleon.engine.errors import KameleonError

FORMAT = "kameleon-value-network"
VERSION = 1
"""Bump when the file's meaning changes; a reader refuses newer versions."""


class NetworkError(KameleonError):
    """A network file that is missing, unreadable or not the one asked for."""


@dataclass
class ValueNetwork:
    """The layers' weights (float32) and what the network is for."""

    game: str
    players: int
    input_name: str
    weights: list[np.ndarray]
    biases: list[np.ndarray]
    training: dict[str, Any] = field(default_factory=dict)

    @property
    def layers(self) -> list[int]:
        return [self.weights[0].shape[0], *(w.shape[1] for w in self.weights)]

    @property
    def input_size(self) -> int:
        return int(self.weights[0].shape[0])

    def forward(self, x: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
        """Rows of encodings (k, input_size) -> each layer's input (the encodings, then every hidden layer's
        ReLU output: what training differentiates) and one logit per row (k,)."""
        inputs = [x]
        h = x
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0.0)
                inputs.append(h)
        out: np.ndarray = h[:, 0]
        return inputs, out

    def logits(self, x: np.ndarray) -> np.ndarray:
        """Rows of encodings (k, input_size) -> one logit per row (k,)."""
        return self.forward(x)[1]

    def meta(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "input": self.input_name,
            "input_size": self.input_size,
            "layers": self.layers,
            "training": self.training,
        }

    def save(self, path: str | Path) -> None:
        """Write the network whole (to a temporary file first, so a crash never leaves half a file)."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, np.ndarray] = {"meta": np.frombuffer(json.dumps(self.meta()).encode(), dtype=np.uint8)}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"w{i}"] = np.asarray(w, dtype=np.float32)
            arrays[f"b{i}"] = np.asarray(b, dtype=np.float32)
        partial = target.with_name(target.name + ".part")
        with partial.open("wb") as out:
            np.savez_compressed(out, **arrays)  # type: ignore[arg-type]
        partial.replace(target)


def new_network(
    game: str, players: int, input_name: str, sizes: Sequence[int], rng: np.random.Generator
) -> ValueNetwork:
    """A network with He-initialised weights for layer sizes `sizes` (input first, 1 last)."""
    weights = [
        (rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32) for a, b in itertools.pairwise(sizes)
    ]
    biases = [np.zeros(b, dtype=np.float32) for b in sizes[1:]]
    return ValueNetwork(game, players, input_name, weights, biases)


def load(
    path: str | Path, *, game: str | None = None, players: int | None = None, input_name: str | None = None
) -> ValueNetwork:
    """Read a network file, checked against what the caller expects (NetworkError naming the problem)."""
    where = Path(path)
    try:
        with np.load(where, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except FileNotFoundError:
        raise NetworkError(f"no value network at {where}") from None
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:
        raise NetworkError(f"{where} is not a readable value network ({exc})") from None
    meta = _meta(arrays, where)
    expected = {"game": game, "players": players, "input": input_name}
    for key, wanted in expected.items():
        if wanted is not None and meta.get(key) != wanted:
            raise NetworkError(f"{where} is a network for {key} {meta.get(key)!r}, not {wanted!r}")
    layers = meta.get("layers")
    if not isinstance(layers, list) or len(layers) < 2 or not all(isinstance(n, int) and n > 0 for n in layers):
        raise NetworkError(f"{where}: 'layers' must list at least two positive sizes")
    weights, biases = [], []
    for i, (a, b) in enumerate(itertools.pairwise(layers)):
        w, bias = arrays.get(f"w{i}"), arrays.get(f"b{i}")
        if w is None or bias is None or w.shape != (a, b) or bias.shape != (b,):
            raise NetworkError(f"{where}: layer {i} must be a {a}x{b} matrix and {b} biases")
        if not (np.isfinite(w).all() and np.isfinite(bias).all()):
            raise NetworkError(f"{where}: layer {i} holds a number that is not finite")
        weights.append(w.astype(np.float32))
        biases.append(bias.astype(np.float32))
    if layers[-1] != 1 or meta.get("input_size") != layers[0]:
        raise NetworkError(f"{where}: a value network has one output and input_size equal to its first layer")
    training = meta.get("training")
    return ValueNetwork(
        str(meta["game"]), int(meta["players"]), str(meta["input"]), weights, biases,
        dict(training) if isinstance(training, Mapping) else {},
    )  # fmt: skip


def _meta(arrays: Mapping[str, np.ndarray], where: Path) -> dict[str, Any]:
    raw = arrays.get("meta")
    if raw is None or raw.dtype != np.uint8:
        raise NetworkError(f"{where} is not a value network: it has no 'meta' record")
    try:
        meta = json.loads(raw.tobytes().decode())
    except (UnicodeDecodeError, ValueError):
        raise NetworkError(f"{where}: its 'meta' record is not JSON") from None
    if not isinstance(meta, dict):
        raise NetworkError(f"{where}: its 'meta' record is not a JSON object")
    if meta.get("format") != FORMAT:
        raise NetworkError(f"{where} is not a value network (format {meta.get('format')!r}, expected {FORMAT!r})")
    version = meta.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
        raise NetworkError(f"{where}: network version {version!r}; this kameleon reads versions 1 to {VERSION}")
    for key, kind in (("game", str), ("players", int), ("input", str), ("input_size", int)):
        if not isinstance(meta.get(key), kind):
            raise NetworkError(f"{where}: its 'meta' record has no valid {key!r}")
    return meta
