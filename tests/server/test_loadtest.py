"""`kameleon bench --arena`: the load benchmark plays real tables against a server it starts itself."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server.harness import ROOT


def bench(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "KAMELEON_HOME": str(home), "NO_PROXY": "*"}
    command = [sys.executable, "-m", "kameleon", "bench", "--arena", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)


@pytest.mark.parametrize("workers", [1, 2])
def test_bench_arena_plays_every_table_to_the_end(tmp_path: Path, workers: int) -> None:
    out = bench(tmp_path, "--tables", "3", "--think", "0.01", "--workers", str(workers), "--json")
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    assert set(figures) == {"tables", "moves", "moves_per_s", "p50_ms", "p99_ms", "errors"}
    assert figures["tables"] == 3 and figures["errors"] == 0
    # Every table is played to its end, and a two-player Coloretto game lasts far more than 20 moves.
    assert figures["moves"] >= 3 * 20 and figures["moves_per_s"] > 0
    assert 0 < figures["p50_ms"] <= figures["p99_ms"]


def test_workers_need_a_server_the_benchmark_starts(tmp_path: Path) -> None:
    out = bench(tmp_path, "--url", "http://127.0.0.1:1", "--workers", "2")
    assert out.returncode == 2 and "workers applies to the server the benchmark starts" in out.stderr


def test_an_unreachable_url_is_a_clear_error(tmp_path: Path) -> None:
    out = bench(tmp_path, "--url", "http://127.0.0.1:1", "--tables", "1")
    assert out.returncode == 2 and "the arena at http://127.0.0.1:1 did not answer" in out.stderr


def test_bench_abuse_measures_the_owners_logins_during_an_attack(tmp_path: Path) -> None:
    env = {**os.environ, "KAMELEON_HOME": str(tmp_path), "NO_PROXY": "*"}
    command = [sys.executable, "-m", "kameleon", "bench", "--abuse", "logins", "--attackers", "2", "--seconds", "3"]
    out = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    logins = json.loads(out.stdout)["logins"]
    assert logins["attacking_addresses"] == 2
    assert logins["attack_known"]["logins"] >= 1 and logins["attack_attackers"]["logins"] >= 1
    assert 0 < logins["attack_known"]["p50_ms"] <= logins["attack_known"]["max_ms"]


def test_bench_abuse_names_what_it_measures_and_the_old_entry_still_works(tmp_path: Path) -> None:
    env = {**os.environ, "KAMELEON_HOME": str(tmp_path)}
    wrong = [sys.executable, "-m", "kameleon", "bench", "--abuse", "everything"]
    out = subprocess.run(wrong, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "--abuse takes flood, body, logins, all" in out.stderr
    old = [sys.executable, "-m", "kameleon.server.abuse", "--help"]
    out = subprocess.run(old, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "logins" in out.stdout
