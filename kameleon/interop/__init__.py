"""Adapters to research frameworks (optional extra `kameleon[rl]`): PettingZoo, Gymnasium and OpenSpiel.

All of them read a game's encoding through `Game.observation()` (`kameleon/interop/spaces.py`).
`single_agent(game, ...)` is the Gymnasium environment of one seat against kameleon bots
(`kameleon/interop/gymnasium.py`); it is imported on first use, so that importing this
package needs none of the optional libraries.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "single_agent":
        from kameleon.interop.gymnasium import single_agent

        return single_agent
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["single_agent"]
