"""Settings shared by every test directory."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from kameleon.cli.common import speak
from tests.depth import examples

# Speed is measured by `kameleon bench`, not by tests: a per-example deadline only turns a busy machine
# (CI's two cores running tests in parallel) into failures that say nothing about correctness.
settings.register_profile("kameleon", deadline=None, max_examples=examples(100))
settings.load_profile("kameleon")


@pytest.fixture(autouse=True)
def _own_data_directory(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Whatever a test saves by default (games, reports in progress) goes to a folder of its own, not the user's."""
    monkeypatch.setenv("KAMELEON_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(autouse=True)
def _english_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands speak the locale's language (`kameleon play --lang`): the tests read English whatever the
    machine's locale, unless a test names another language."""
    monkeypatch.setenv("LANGUAGE", "en")
    speak(str)  # a command run in this process before may have chosen another language for its errors


@pytest.fixture
def damaged_cameleon_value(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Le Caméléon's learned value weights replaced by a file that is not JSON, read afresh (the weights are cached
    at their first judgement), and the shipped ones back for the next test."""
    from kameleon.games.cameleon import value

    damaged = tmp_path / "value_weights.json"
    damaged.write_text("{", encoding="utf-8")
    monkeypatch.setattr(value, "WEIGHTS_FILE", damaged)
    value.shipped_row.cache_clear()
    try:
        yield damaged
    finally:
        monkeypatch.undo()
        value.shipped_row.cache_clear()
