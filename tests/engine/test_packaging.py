"""The package as a user installs it: a wheel built from this tree, installed in a fresh environment.

An editable install reads files straight from the source tree, so only a real wheel shows whether the
arena's pages, the migrations and the typing marker travel with the code.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

USER_CODE = """\
import random

import kameleon

game = kameleon.load("chromino", players=2)
state = game.new_state(seed=1)
reveal_type(state)
hand: int = state.hands[0]
names: list[str] = kameleon.games()
other = kameleon.load("coloretto", players=3).new_state(2).determinize(0, random.Random(0))
reveal_type(other)
state.no_such_field
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Built from a copy: setuptools leaves build/ and *.egg-info/ behind where it builds.
    source = tmp_path_factory.mktemp("source")
    shutil.copy(ROOT / "pyproject.toml", source)
    shutil.copy(ROOT / "README.md", source)
    shutil.copytree(ROOT / "kameleon", source / "kameleon", ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("wheel")
    command = [
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--no-deps",
        "--no-build-isolation",
        "-w",
        str(out),
        str(source),
    ]
    subprocess.run(command, check=True, capture_output=True, timeout=300)
    (built,) = out.glob("kameleon-*.whl")
    return built


def test_the_wheel_carries_every_file_of_the_package(wheel: Path) -> None:
    tree = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "kameleon").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    with zipfile.ZipFile(wheel) as archive:
        packed = {name for name in archive.namelist() if name.startswith("kameleon/")}
    assert "kameleon/py.typed" in tree and "kameleon/web/index.html" in tree
    assert packed == tree


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The python of a fresh environment with only the wheel installed (no dependencies)."""
    environment = tmp_path_factory.mktemp("env")
    venv.create(environment, system_site_packages=False, with_pip=False)
    python = environment / "bin" / "python"
    install = [
        sys.executable,
        "-m",
        "pip",
        "--python",
        str(python),
        "install",
        "--quiet",
        "--no-deps",
        "--no-index",
        str(wheel),
    ]
    subprocess.run(install, check=True, capture_output=True, timeout=300)
    return python


def test_the_installed_library_plays_and_finds_its_pages(installed: Path, tmp_path: Path) -> None:
    code = (
        "import importlib.resources, kameleon; "
        "assert 'site-packages' in kameleon.__file__, kameleon.__file__; "
        "from kameleon.engine.match import play_match; from kameleon.ai.random_agent import RandomAgent; "
        "game = kameleon.load('chromino', players=2); "
        "result = play_match(game, [RandomAgent(1), RandomAgent(2)], seed=3); "
        "assert kameleon.replay(result.state.record()) == result.state; "
        "print(kameleon.games(), importlib.resources.files('kameleon').joinpath('web/index.html').is_file())"
    )
    run = subprocess.run([str(installed), "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.stdout == "['cameleon', 'cardcassonne', 'chromino', 'coloretto'] True\n", run.stderr


def test_a_type_checker_sees_the_installed_package_typed(installed: Path, tmp_path: Path) -> None:
    script = tmp_path / "user.py"
    script.write_text(USER_CODE, encoding="utf-8")
    check = [sys.executable, "-m", "mypy", "--no-incremental", "--python-executable", str(installed), str(script)]
    report = subprocess.run(check, capture_output=True, text=True, timeout=600, cwd=tmp_path)
    lines = [line.split(": ", 1)[1] for line in report.stdout.splitlines() if line.startswith("user.py:")]
    assert lines == [
        'note: Revealed type is "kameleon.games.chromino.state.ChrominoState"',
        'note: Revealed type is "kameleon.games.coloretto.state.ColorettoState"',
        'error: "ChrominoState" has no attribute "no_such_field"  [attr-defined]',
    ], report.stdout + report.stderr
