"""Results name the code that made them: the release, and the commit when run from a checkout."""

from __future__ import annotations

import shutil
import subprocess
from importlib import metadata

from kameleon.engine.provenance import SOURCE, code_version


def test_the_version_names_the_release_and_the_commit_of_a_checkout() -> None:
    release = metadata.version("kameleon")
    found = code_version()
    git = shutil.which("git")
    if git is None or not (SOURCE / ".git").exists():  # an installed copy: the release alone
        assert found == release
        return
    head = subprocess.run([git, "-C", str(SOURCE), "rev-parse", "HEAD"], capture_output=True, text=True, check=True)
    assert found.removesuffix(".dirty") == f"{release}+{head.stdout.strip()[:12]}"
