"""The server extra installs everything the server package imports (`scripts/start` installs server,ai and
nothing else: `kameleon bench --arena` once failed there for want of httpx)."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "kameleon" / "server"


def _requirement_names(extra: str) -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = project["dependencies"] + project["optional-dependencies"][extra]
    if extra == "server":
        wanted += project["optional-dependencies"]["ai"]
    return {re.split(r"[\[<>=~! ;]", line, maxsplit=1)[0].lower().replace("_", "-") for line in wanted}


def _imported_top_level(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_the_server_extra_installs_every_module_the_server_imports() -> None:
    modules = set().union(*(_imported_top_level(path) for path in SERVER.rglob("*.py")))
    third_party = modules - set(sys.stdlib_module_names) - {"kameleon", "__future__"}
    distributions = packages_distributions()
    declared = _requirement_names("server")
    missing = {
        module
        for module in third_party
        if not {name.lower().replace("_", "-") for name in distributions.get(module, [module])} & declared
    }
    assert missing == set(), f"imported by kameleon/server but not in the server extra: {sorted(missing)}"
