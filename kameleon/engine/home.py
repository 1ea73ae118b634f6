"""Where kameleon keeps its files on this machine (saved games, the arena's SQLite file, unfinished reports)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def data_dir() -> Path:
    """`$KAMELEON_HOME`, else the user's data directory (`~/.local/share/kameleon` on Linux)."""
    home = os.environ.get("KAMELEON_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir("kameleon", appauthor=False))
