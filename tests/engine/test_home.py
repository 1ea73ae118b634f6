"""One rule for where kameleon keeps its files, read by play, the arena and the strength report."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from kameleon.engine.home import data_dir
from kameleon.server.settings import default_database_url


def test_kameleon_home_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KAMELEON_HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home"
    assert default_database_url() == f"sqlite:///{tmp_path / 'home' / 'arena.sqlite3'}"
    assert (tmp_path / "home").is_dir()  # the arena creates it on first use


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG directories are Linux's")
def test_else_the_xdg_data_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("KAMELEON_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert data_dir() == tmp_path / "share" / "kameleon"
