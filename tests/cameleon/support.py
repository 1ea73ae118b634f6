"""Helpers shared by the Le Caméléon tests: set-up positions and legal-move lists as canonical tokens."""

from __future__ import annotations

from typing import Any

import kameleon
from kameleon.games.cameleon import CameleonState


def at(position: str, **options: Any) -> CameleonState:
    """The state at a CPN position (option `start`), with the given options."""
    state = kameleon.load("cameleon", start=position, **options).new_state(0)
    assert isinstance(state, CameleonState)
    return state


def legal(state: CameleonState, *displacements: str) -> list[str]:
    """Sorted canonical tokens of every legal ply whose displacement is one of `displacements` (all if none)."""
    tokens = state.ply_tokens()
    if not displacements:
        return tokens
    return [t for t in tokens if any(t == d or t.startswith(d + "x") for d in displacements)]


def status(state: CameleonState) -> str:
    if not state.is_terminal:
        return "ongoing"
    return f"{state.winners()} {state.reason}"
