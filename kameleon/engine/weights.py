"""The file of a game's learned linear value (`ValueModel`): one row of weights per number of players and
stage, written by `kameleon research fit-value GAME --write` and shipped in the game's package as data.

The file is JSON, `{"format", "version", "features", "weights": {players: {stage: [w, ...]}}}`, one row of
weights a line so that a refit reads as a short diff. `WeightsFormat` reads and writes it for one game; every
problem is a `WeightsError` that names the file and what is wrong with it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kameleon.engine.errors import KameleonError
from kameleon.engine.record import write_whole

Weights = dict[int, dict[int, tuple[float, ...]]]
"""Players -> stage -> one weight per feature."""


class WeightsError(KameleonError, ValueError):
    """A weights file that is missing, unreadable or not in its game's format."""


@dataclass(frozen=True)
class WeightsFormat:
    """How one game's weights file reads: `title` names the game in messages."""

    title: str
    name: str
    version: int
    features: tuple[str, ...]
    stages: int

    def load(self, path: Path) -> Weights:
        """The weights the file at `path` holds (WeightsError naming the problem)."""
        what = f"the {self.title} value weights {path}"
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise WeightsError(f"{what} are missing") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise WeightsError(f"cannot read {what}: {exc}") from None
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise WeightsError(f"{what} are not valid JSON ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != self.name:
            raise WeightsError(f"{path} is not a file of {self.title} value weights (its format is not {self.name!r})")
        if data.get("version") != self.version:
            raise WeightsError(
                f"{path} holds version {data.get('version')!r} of the weights format; this kameleon reads version "
                f"{self.version}"
            )
        if data.get("features") != list(self.features):
            raise WeightsError(f"{path} weighs other features than this kameleon measures (FEATURES)")
        try:
            return self.parse(data.get("weights"))
        except (TypeError, ValueError) as exc:
            raise WeightsError(f"{what} are malformed: {exc}") from None

    def shipped(self, path: Path) -> Weights:
        """The weights shipped with the game: a damaged file means a damaged install, which a refit (it keeps
        the other counts) cannot mend."""
        try:
            return self.load(path)
        except WeightsError as exc:
            raise WeightsError(f"{exc}: reinstall kameleon") from None

    def parse(self, raw: Any) -> Weights:
        """The weights of the file's "weights" object (TypeError or ValueError naming what is wrong)."""
        if not isinstance(raw, dict):
            raise TypeError('"weights" is not an object of player counts')
        stages = [str(stage) for stage in range(1, self.stages + 1)]
        found: Weights = {}
        for players, by_stage in raw.items():
            if not players.isdigit() or not 1 <= int(players) <= 8:
                raise ValueError(f"{players!r} is not a number of players from 1 to 8")
            if not isinstance(by_stage, dict) or sorted(by_stage, key=_number) != stages:
                raise ValueError(f"the weights of {players} players are not one row per stage 1 to {self.stages}")
            rows = {}
            for stage, row in by_stage.items():
                where = f"the weights of {players} players at stage {stage}"
                if not isinstance(row, list) or len(row) != len(self.features):
                    raise ValueError(f"{where} are not a list of {len(self.features)} numbers")
                if not all(type(w) in (int, float) and math.isfinite(w) for w in row):
                    raise ValueError(f"{where} hold something that is not a finite number")
                rows[int(stage)] = tuple(float(w) for w in row)
            found[int(players)] = dict(sorted(rows.items()))
        return dict(sorted(found.items()))

    def text(self, weights: Mapping[int, Mapping[int, Sequence[float]]]) -> str:
        """The file `load` reads, one row of weights a line."""
        rows = []
        for players, by_stage in sorted(weights.items()):
            lines = [
                f'      "{stage}": {json.dumps([float(w) for w in row])}' for stage, row in sorted(by_stage.items())
            ]
            rows.append(f'    "{players}": {{\n' + ",\n".join(lines) + "\n    }")
        head = [f'  "format": {json.dumps(self.name)}', f'  "version": {self.version}']
        head.append(f'  "features": {json.dumps(list(self.features))}')
        return "{\n" + ",\n".join([*head, '  "weights": {\n' + ",\n".join(rows) + "\n  }"]) + "\n}\n"

    def save(self, weights: Mapping[int, Mapping[int, Sequence[float]]], path: Path) -> None:
        """Write `weights` to `path` whole (a crash leaves the old file or the new one), checked first."""
        text = self.text(weights)
        try:
            self.parse(json.loads(text)["weights"])
        except (TypeError, ValueError) as exc:
            raise WeightsError(f"these {self.title} value weights cannot be written: {exc}") from None
        write_whole(path, text)


def _number(text: str) -> int:
    return int(text) if text.isdigit() else -1
