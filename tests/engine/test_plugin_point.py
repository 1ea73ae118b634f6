"""The Game is the one plug-in point: nothing outside the registry finds a game's parts by a module name."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import kameleon
from kameleon.engine import Game
from kameleon.engine.registry import BUILT_IN

PACKAGE = Path(kameleon.__file__).resolve().parent


def test_only_the_registry_imports_modules_by_name() -> None:
    found = [
        str(path.relative_to(PACKAGE))
        for path in sorted(PACKAGE.rglob("*.py"))
        if re.search(r"import_module|__import__", path.read_text(encoding="utf-8"))
    ]
    assert found == ["engine/registry.py"]


def test_every_built_in_game_declares_its_capabilities_on_its_game_class() -> None:
    for name in BUILT_IN:
        game = kameleon.load(name, players=2) if name != "cameleon" else kameleon.load(name)
        assert type(game).action_values is not Game.action_values and game.has_heuristics, name
        assert game.observation() is not None and game.renderer() is not None, name
        state = game.new_state(1)
        seat = state.current_player
        assert seat is not None
        values = game.action_values(state.determinize(seat, random.Random(1)), state.legal_actions())
        assert len(values) == len(state.legal_actions()), name


def test_an_option_named_like_a_parameter_is_an_unknown_option() -> None:
    for key in ("name", "self"):
        with pytest.raises(kameleon.InvalidOption, match=f"unknown option '{key}'"):
            kameleon.load("coloretto", players=2, **{key: 1})
