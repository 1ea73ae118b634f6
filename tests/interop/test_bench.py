"""`kameleon bench --rl`: every interface's row, as JSON and as a table that fits 80 columns."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from kameleon.interop.bench import MEASUREMENTS, pettingzoo_steps, single_agent_steps, vector_steps


def _bench(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "KAMELEON_HOME": str(home), "COLUMNS": "80"}
    command = [sys.executable, "-m", "kameleon", "bench", "--rl", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)


def test_bench_rl_json_has_every_figure(tmp_path: Path) -> None:
    out = _bench("-g", "coloretto", "-p", "2", "-s", "0.1", "--json", home=tmp_path)
    assert out.returncode == 0, out.stderr
    row = json.loads(out.stdout)
    assert row["game"] == "coloretto" and row["players"] == 2 and "error" not in row
    for measurement in MEASUREMENTS:
        assert row[measurement.key] > 0, measurement.label


def test_bench_rl_table_fits_80_columns(tmp_path: Path) -> None:
    out = _bench("-g", "cameleon", "-s", "0.1", home=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "…" not in out.stdout and max(map(len, out.stdout.splitlines())) <= 80
    for measurement in MEASUREMENTS:
        assert measurement.label in out.stdout


def test_chromino_figures_with_the_legal_list() -> None:
    assert pettingzoo_steps("chromino", 0.1, mask="indices", players=2)["env_indices_steps_per_s"] > 0
    assert single_agent_steps("chromino", 0.1, players=2)["single_agent_random_steps_per_s"] > 0
    assert vector_steps("chromino", 0.1, players=2, observation="planes")["vector_env_steps_per_s"] > 0
