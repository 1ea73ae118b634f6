"""The `kameleon` command without the server extra: terminal play needs neither the arena nor Babel."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BLOCKED = ("fastapi", "starlette", "sqlalchemy", "babel", "uvicorn")

SCRIPT = f"""
import sys
for name in {BLOCKED!r}:
    sys.modules[name] = None  # an import of it fails, as on an install without the server extra
from kameleon.cli.main import app
app(sys.argv[1:])
"""


def test_terminal_play_runs_without_the_server_extra_and_speaks_english_then(tmp_path: Path) -> None:
    env = {**os.environ, "KAMELEON_HOME": str(tmp_path), "COLUMNS": "120"}
    args = ["play", "coloretto", "-p", "2", "--bots", "greedy,greedy", "--seed", "3", "-q", "--lang", "it"]
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Final scores" in done.stdout and ("★ Winner" in done.stdout or "★ Shared first place" in done.stdout)
