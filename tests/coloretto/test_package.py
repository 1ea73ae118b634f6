"""The Coloretto package is the reference others copy: one role per module, no import circles, and no module
reaching into another's private names (each uses the documented package-internal API instead)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import kameleon.games.coloretto as package

ROOT = Path(package.__file__).parent
ROLES = (
    "__init__", "game", "options", "cards", "setup", "phases", "state", "notation", "view", "explain",
    "determinize", "scoring", "heuristics", "observation", "render", "narration", "events",
)  # fmt: skip


def test_every_role_has_its_module_and_nothing_else_is_there() -> None:
    assert sorted(path.stem for path in ROOT.glob("*.py")) == sorted(ROLES)


def test_each_module_imports_first_without_a_circle() -> None:
    """Importing any module on its own, before the others, works: no module needs another half-loaded."""
    code = "; ".join(
        f"import importlib, sys; [sys.modules.pop(m) for m in list(sys.modules) if m.startswith({package.__name__!r})]"
        f"; importlib.import_module('{package.__name__}.{role}')"
        for role in ROLES
        if role != "__init__"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def private_uses(tree: ast.Module, owner: str) -> list[str]:
    """Private names (`_x`, not dunders) that code reads off anything but its own objects or module."""
    own = {"self", "cls"} | ({"other"} if owner == "state" else set())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [f"import {alias.name}" for alias in node.names if _private(alias.name)]
        elif (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and not (isinstance(node.value, ast.Name) and node.value.id in own)
        ):
            found.append(f"line {node.lineno}: .{node.attr}")
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_module_touches_another_modules_private_names() -> None:
    for path in ROOT.glob("*.py"):
        assert private_uses(ast.parse(path.read_text()), path.stem) == [], path.name


def test_imports_are_at_module_level() -> None:
    """A function-level import hides a circle; only the terminal renderer is loaded late (it needs rich)."""
    renderer = f"{package.__name__}.render"
    late = [
        f"{path.name} line {node.lineno}"
        for path in ROOT.glob("*.py")
        for function in ast.walk(ast.parse(path.read_text()))
        if isinstance(function, ast.FunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.Import | ast.ImportFrom)
        and not (path.stem == "game" and isinstance(node, ast.ImportFrom) and node.module == renderer)
    ]
    assert late == []
