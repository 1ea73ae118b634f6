"""Texts for people in their language: the gettext catalogs (`.po`, read with Babel) of the arena and the games.

The engine's, the games' and the interfaces' texts are `Message`s (`kameleon.engine.messages`); this module
words them in one of the interface languages. The catalogs are `kameleon/locale/<lang>/LC_MESSAGES/messages.po`
for the arena's and the command line's own texts and each game's `catalog_dir()` for its engine's, kept in
step with the code by `scripts/i18n`. They are read once per process and compiled in memory, so no `.mo`
file is kept. Babel reads them; where it is not installed (kameleon without its server extra), every text
stays English. The web arena's language of a request is chosen in `kameleon.server.i18n`, the terminal's
in `kameleon.cli.speech`.
"""

from __future__ import annotations

import gettext
import io
import logging
from collections.abc import Callable
from functools import cache
from pathlib import Path

from kameleon.engine import registry
from kameleon.engine.messages import Message, Say

log = logging.getLogger("kameleon")
LANGUAGES = ("en", "it", "pl", "fr", "uk")
"""The interface languages (those of the rulebooks); English is the source language."""
DEFAULT = "en"
CORE = Path(__file__).resolve().parent.parent / "locale"
"""The arena's and the command line's own catalogs."""


def catalog_dirs(game: str | None = None, core_first: bool = False) -> list[Path]:
    """Where the catalogs are: the game's first (a game's wording wins for its own texts), then the arena's.

    Without a game, every game's catalog comes before the arena's (for a text whose game is not known).
    `core_first` puts the arena's first: for an interface's own words, which a game's catalog may word
    otherwise ("loss" is a lost game to Le Caméléon, and win chance lost to an analysis)."""
    folders = []
    for name in registry.games() if game is None else [game]:
        try:
            folder = registry.game_class(name).catalog_dir()
        except Exception:  # a broken plug-in is reported by `kameleon games`; its texts stay English
            continue
        if folder is not None:
            folders.append(folder)
    return [CORE, *folders] if core_first else [*folders, CORE]


def _read(path: Path, language: str) -> gettext.NullTranslations | None:
    """The catalog at `path`; None, silently, when there is none (a game that ships no translation speaks
    English), and None with one line in the log when it cannot be read."""
    try:
        source = path.open("rb")
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("the catalog %s cannot be read (%s); its texts stay English", path, exc)
        return None
    try:
        from babel.messages.mofile import write_mo  # the server extra's; without it, every text stays English
        from babel.messages.pofile import read_po
    except ImportError:
        source.close()
        return None
    try:
        with source:
            catalog = read_po(source, locale=language)
        compiled = io.BytesIO()
        write_mo(compiled, catalog, use_fuzzy=False)
        compiled.seek(0)
        return gettext.GNUTranslations(compiled)
    except Exception as exc:
        log.warning("the catalog %s cannot be read (%s: %s); its texts stay English", path, type(exc).__name__, exc)
        return None


@cache
def translator(language: str, game: str | None = None, core_first: bool = False) -> Callable[[str], str]:
    """`gettext` for `language` over the catalogs of `game` (None: of every game) and the arena's (English, or
    an unknown language: the templates as they are). Two games may word the same English differently."""
    chain = gettext.NullTranslations()
    if language != DEFAULT and language in LANGUAGES:
        folders = catalog_dirs(game, core_first)
        found = [_read(f / language / "LC_MESSAGES" / "messages.po", language) for f in folders]
        loaded = [t for t in found if t is not None]
        if loaded:
            chain = loaded[0]
            for later in loaded[1:]:
                chain.add_fallback(later)
    return chain.gettext


def render(message: Message | str, language: str, game: str | None = None) -> str:
    """`message` in `language` (said by `game`'s engine, when given); a plain string is returned as it is."""
    if isinstance(message, str):
        return message
    return message.render(translator(language, game))


def speaker(language: str, game: str | None = None, *, core_first: bool = False) -> Say:
    """`Message -> text` in `language` (a renderer's `say`): `translator`'s catalogs, in the same order."""
    translate = translator(language, game, core_first)

    def say(message: Message) -> str:
        return message.render(translate)

    return say
