"""Which code made a result: the version that tournaments, strength reports and trained networks record.

An installed release is its version (`0.1.0`). Run from a git checkout, the version
also names the commit (`0.1.0+3f9c2a1b7d4e`) and, when tracked files were changed
since, `.dirty`: two results are comparable only if they came from the same code,
and a version number alone does not say that between releases.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from importlib import metadata
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]
"""The folder holding the package: a checkout's root when run from one."""


@functools.cache
def code_version() -> str:
    """The package's version, with the commit (and `.dirty`) when it runs from a git checkout."""
    try:
        release = metadata.version("kameleon")
    except metadata.PackageNotFoundError:  # a source tree that was never installed
        release = "unreleased"
    git = shutil.which("git")
    if git is None or not (SOURCE / ".git").exists():
        return release
    try:
        commit = _git(git, "rev-parse", "HEAD")
        changed = _git(git, "status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return release
    return f"{release}+{commit[:12]}{'.dirty' if changed else ''}"


def _git(git: str, *args: str) -> str:
    done = subprocess.run([git, "-C", str(SOURCE), *args], capture_output=True, text=True, timeout=10, check=True)
    return done.stdout.strip()
