"""The registry of games: one line per game, imported only when first used."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Literal, overload

from kameleon.engine.errors import UnknownGame
from kameleon.engine.game import Game

if TYPE_CHECKING:  # for the type checker only: at run time the engine never imports a game
    from kameleon.games.cameleon import CameleonGame
    from kameleon.games.cardcassonne import CardcassonneGame
    from kameleon.games.chromino import ChrominoGame
    from kameleon.games.coloretto import ColorettoGame

# name -> "module:GameClass"; adding a game is one line here.
_GAMES: dict[str, str] = {
    "cameleon": "kameleon.games.cameleon:CameleonGame",
    "cardcassonne": "kameleon.games.cardcassonne:CardcassonneGame",
    "chromino": "kameleon.games.chromino:ChrominoGame",
    "coloretto": "kameleon.games.coloretto:ColorettoGame",
}


def games() -> list[str]:
    """The names of every game, sorted."""
    return sorted(_GAMES)


def game_class(name: str) -> type[Game[Any]]:
    if not isinstance(name, str) or name not in _GAMES:
        raise UnknownGame(f"unknown game {name!r}; the games are: {', '.join(games())}")
    module_name, _, class_name = _GAMES[name].partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            raise UnknownGame(f"the game {name!r} is not implemented in this version") from None
        raise
    cls: type[Game[Any]] = getattr(module, class_name)
    return cls


# A game named by a literal comes back as its own class, so its states' fields are typed.
@overload
def load(name: Literal["cameleon"], **options: Any) -> CameleonGame: ...
@overload
def load(name: Literal["cardcassonne"], **options: Any) -> CardcassonneGame: ...
@overload
def load(name: Literal["chromino"], **options: Any) -> ChrominoGame: ...
@overload
def load(name: Literal["coloretto"], **options: Any) -> ColorettoGame: ...
@overload
def load(name: str, **options: Any) -> Game[Any]: ...
def load(name: str, **options: Any) -> Game[Any]:
    """The game `name` with validated `options` (raises UnknownGame / InvalidOption)."""
    return game_class(name)(**options)
