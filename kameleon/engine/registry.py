"""The registry of games: the built-in ones, one line each, and plug-ins from the `kameleon.games` entry points.

A game published as its own package declares, in its `pyproject.toml`::

    [project.entry-points."kameleon.games"]
    mygame = "mygame.game:MyGame"

and is then listed by `kameleon.games()` and playable everywhere (terminal, bots,
tournaments, the arena) with no edit inside kameleon. Built-in games are loaded
by the same "module:Class" path. A game is imported only when first used; one
that fails to import raises `BrokenGame` naming it, and the others still work.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Literal, overload

from kameleon.engine.errors import BrokenGame, UnknownGame
from kameleon.engine.game import Game
from kameleon.engine.messages import msg

if TYPE_CHECKING:  # for the type checker only: at run time the engine never imports a game
    from kameleon.games.cameleon import CameleonGame
    from kameleon.games.cardcassonne import CardcassonneGame
    from kameleon.games.chromino import ChrominoGame
    from kameleon.games.coloretto import ColorettoGame

ENTRY_POINT_GROUP = "kameleon.games"

# name -> "module:GameClass"; adding a built-in game is one line here.
BUILT_IN: dict[str, str] = {
    "cameleon": "kameleon.games.cameleon:CameleonGame",
    "cardcassonne": "kameleon.games.cardcassonne:CardcassonneGame",
    "chromino": "kameleon.games.chromino:ChrominoGame",
    "coloretto": "kameleon.games.coloretto:ColorettoGame",
}

_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


@cache
def _table() -> dict[str, str]:
    """Every game's "module:Class" path: the built-in ones, then the installed plug-ins (a plug-in
    cannot replace a built-in game; a badly named one is skipped, and `plugin_problems` says why)."""
    table = dict(BUILT_IN)
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name in BUILT_IN or not _NAME.fullmatch(point.name):
            continue
        table.setdefault(point.name, point.value)
    return table


def plugin_problems() -> list[str]:
    """Why an installed `kameleon.games` entry point is not offered (a name clash or an unusable name)."""
    problems = []
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name in BUILT_IN and point.value != BUILT_IN[point.name]:
            problems.append(
                f"the plug-in game {point.name!r} ({point.value}) is ignored: a built-in game has that name"
            )
        elif not _NAME.fullmatch(point.name):
            problems.append(
                f"the plug-in game {point.name!r} ({point.value}) is ignored: a game's name is lower-case letters, "
                "digits and '_', starting with a letter, at most 40 characters"
            )
    return problems


def refresh() -> None:
    """Forget the plug-ins found so far (after installing one into a running interpreter)."""
    _table.cache_clear()
    _load_class.cache_clear()


def games() -> list[str]:
    """The names of every game, built-in and plug-in, sorted."""
    return sorted(_table())


def game_class(name: str) -> type[Game[Any]]:
    """The Game class registered as `name` (UnknownGame if none, BrokenGame if it does not load)."""
    table = _table()
    if not isinstance(name, str) or name not in table:
        raise UnknownGame(
            msg("unknown_game", "unknown game {game!r}; the games are: {games}", game=name, games=", ".join(games()))
        )
    return _load_class(name, table[name])


@cache
def _load_class(name: str, path: str) -> type[Game[Any]]:
    module_name, _, class_name = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # a broken plug-in must not take the other games down
        raise BrokenGame(f"the game {name!r} ({path}) failed to import: {type(exc).__name__}: {exc}") from exc
    cls = getattr(module, class_name, None) if class_name else None
    if cls is None:
        raise BrokenGame(f"the game {name!r} ({path}): {module_name} has no {class_name or 'class named after the :'}")
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise BrokenGame(f"the game {name!r} ({path}) does not name a kameleon.Game subclass")
    if getattr(cls, "name", None) != name:
        raise BrokenGame(f"the game {name!r} ({path}) is registered under another name than its own {cls.name!r}")
    if not any(spec.name == "players" for spec in getattr(cls, "option_specs", ())):
        raise BrokenGame(f"the game {name!r} ({path}) has no 'players' option: every game declares one")
    return cls


# A game named by a literal comes back as its own class, so its states' fields are typed.
@overload
def load(name: Literal["cameleon"], /, **options: Any) -> CameleonGame: ...
@overload
def load(name: Literal["cardcassonne"], /, **options: Any) -> CardcassonneGame: ...
@overload
def load(name: Literal["chromino"], /, **options: Any) -> ChrominoGame: ...
@overload
def load(name: Literal["coloretto"], /, **options: Any) -> ColorettoGame: ...
@overload
def load(name: str, /, **options: Any) -> Game[Any]: ...
def load(name: str, /, **options: Any) -> Game[Any]:
    """The game `name` with validated `options` (raises UnknownGame / InvalidOption)."""
    return game_class(name)(**options)
