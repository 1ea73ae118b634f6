"""One package per game. `kameleon.games()` lists them.

DESIGN.md's contract has both `kameleon.games()` and the packages
`kameleon.games.<name>`. Importing a game package rebinds the attribute
`kameleon.games` to this package, so the package itself is made callable
and answers like the registry's `games()`.
"""

from __future__ import annotations

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from kameleon.engine.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
