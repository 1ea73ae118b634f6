"""The arena's texts in the reader's language: gettext catalogs read with Babel, and the language of a request.

Every text the server sends to a person (an API error, the engine's explanation of
an illegal move, a mail) is a `Message` rendered here. The catalogs are gettext
`.po` files: `kameleon/locale/<lang>/LC_MESSAGES/messages.po` for the arena's own
texts and each game's `catalog_dir()` for its engine's, kept in step with the
code by `scripts/i18n` (Babel's extract and update). They are read once per
process, so no compiled `.mo` file is kept in the repository.

The language of a request is its account's (`User.language`) when the request
names one, else the best match of `Accept-Language`, else English.
"""

from __future__ import annotations

import gettext
import io
import logging
from collections.abc import Callable
from functools import cache
from pathlib import Path

from babel.core import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from starlette.requests import HTTPConnection

from kameleon.engine import registry
from kameleon.engine.messages import Message

log = logging.getLogger("kameleon.server")
LANGUAGES = ("en", "it", "pl", "fr", "uk")
"""The interface languages (those of the rulebooks); English is the source language."""
DEFAULT = "en"
CORE = Path(__file__).resolve().parent.parent / "locale"


def catalog_dirs(game: str | None = None) -> list[Path]:
    """Where the catalogs are: the game's first (a game's wording wins for its own texts), then the arena's.

    Without a game, every game's catalog comes before the arena's (for a text whose game is not known)."""
    folders = []
    for name in registry.games() if game is None else [game]:
        try:
            folder = registry.game_class(name).catalog_dir()
        except Exception:  # a broken plug-in is reported by `kameleon games`; its texts stay English
            continue
        if folder is not None:
            folders.append(folder)
    return [*folders, CORE]


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
def translator(language: str, game: str | None = None) -> Callable[[str], str]:
    """`gettext` for `language` over the catalogs of `game` (None: of every game) and the arena's (English, or
    an unknown language: the templates as they are). Two games may word the same English differently."""
    chain = gettext.NullTranslations()
    if language != DEFAULT and language in LANGUAGES:
        found = [_read(f / language / "LC_MESSAGES" / "messages.po", language) for f in catalog_dirs(game)]
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


CLOSE_REASON_BYTES = 123
"""The longest reason a WebSocket close frame may carry (RFC 6455: 125 bytes of payload, 2 of them the code)."""


def close_reason(message: Message, language: str) -> str:
    """Why a socket is closed, in its reader's language, cut on a character to fit the close frame."""
    text = render(message, language)
    while len(text.encode("utf-8")) > CLOSE_REASON_BYTES:
        text = text[:-1]
    return text


def best_match(header: str | None) -> str:
    """The interface language that suits an `Accept-Language` header best (q-values honoured)."""
    if not header:
        return DEFAULT
    wanted: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")[:20]):
        tag, _, rest = part.strip().partition(";")
        quality = 1.0
        if rest.strip().startswith("q="):
            try:
                quality = float(rest.strip()[2:])
            except ValueError:
                continue
        if tag and quality > 0:
            wanted.append((-quality, position, tag.strip()))
    for _, _, tag in sorted(wanted):
        if tag == "*":
            return DEFAULT
        try:
            language = Locale.parse(tag, sep="-").language
        except (ValueError, UnknownLocaleError):
            language = tag.split("-")[0].lower()  # a region Babel does not know ("fr-XX") still names French
        if language in LANGUAGES:
            return language
    return DEFAULT


def language_of(connection: HTTPConnection) -> str:
    """The language to answer `connection` in: its account's once known (`state.language`), else the header's."""
    chosen = getattr(connection.state, "language", None)
    if isinstance(chosen, str) and chosen in LANGUAGES:
        return chosen
    return best_match(connection.headers.get("accept-language"))
