"""The arena's texts in the reader's language: the language of a request, and a socket's close reason.

Every text the server sends to a person (an API error, the engine's explanation of
an illegal move, a mail) is a `Message` rendered in the reader's language by the
catalogs of `kameleon.engine.translations` (re-exported here: `translator`,
`render`, `LANGUAGES`), which the terminal's commands read as well.

The language of a request is its account's (`User.language`) when the request
names one, else the best match of `Accept-Language`, else English.
"""

from __future__ import annotations

import logging

from babel.core import Locale, UnknownLocaleError
from starlette.requests import HTTPConnection

from kameleon.engine.messages import Message
from kameleon.engine.translations import CORE, DEFAULT, LANGUAGES, _read, catalog_dirs, render, translator

__all__ = ["CORE", "DEFAULT", "LANGUAGES", "_read", "catalog_dirs", "render", "translator"]

log = logging.getLogger("kameleon.server")


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
