"""`kameleon bench --arena`: the load benchmark plays real tables against a server it starts itself."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.server.harness import ROOT


def test_bench_arena_plays_every_table_to_the_end(tmp_path: Path) -> None:
    env = {**os.environ, "KAMELEON_HOME": str(tmp_path), "NO_PROXY": "*"}
    command = [sys.executable, "-m", "kameleon", "bench", "--arena", "--tables", "3", "--think", "0.01", "--json"]
    out = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    assert set(figures) == {"tables", "moves", "moves_per_s", "p50_ms", "p99_ms", "errors"}
    assert figures["tables"] == 3 and figures["errors"] == 0
    # Every table is played to its end, and a two-player Coloretto game lasts far more than 20 moves.
    assert figures["moves"] >= 3 * 20 and figures["moves_per_s"] > 0
    assert 0 < figures["p50_ms"] <= figures["p99_ms"]
