"""Texts for people that every interface can translate: a stable code, an English template and its parameters.

The engine and the games explain an illegal move with a `Message` (through
`IllegalAction`), the arena refuses a request with one (`ApiError`). The English
template is also the gettext message id, so the catalogs of each language
(`kameleon/locale`, and a game's own `locale/` folder) translate it with the
Python ecosystem's tools (Babel extracts every `msg(...)` call: the template is
its second argument). Parameters are inserted after translation, by name
(`str.format` fields such as `{row}` or `{card!r}`); a parameter may itself be a
Message, translated first. `str(message)` is the English text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

_EMPTY: Mapping[str, Any] = {}


@dataclass(frozen=True, slots=True)
class Message:
    code: str
    """Stable snake_case name of what is said, for programs (`"row_full"`, `"not_your_turn"`)."""
    template: str
    """The English text with `{name}` fields: the gettext message id."""
    params: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    def __str__(self) -> str:
        return self.render(_identity)

    def render(self, gettext: Callable[[str], str]) -> str:
        """The text in the language of `gettext`; a template its catalog lacks stays English."""
        params = {k: v.render(gettext) if isinstance(v, Message) else v for k, v in self.params.items()}
        translated = gettext(self.template)
        try:
            return translated.format_map(params)
        except (KeyError, IndexError, ValueError):
            # A catalog entry naming a field the template lacks: the English text is better than an error page.
            return self.template.format_map(params)

    def as_json(self) -> dict[str, Any]:
        """Code, English text and parameters (parameters that are Messages as their English text)."""
        params = {k: str(v) if isinstance(v, Message) else v for k, v in self.params.items()}
        return {"code": self.code, "text": str(self), "params": params}


Say = Callable[[Message], str]
"""How an interface words a Message in its reader's language; `str` says it in English."""


def msg(code: str, template: str, /, **params: Any) -> Message:
    """A Message; write the template as a literal, so that Babel can extract it (keyword `msg:2`)."""
    return Message(code, template, params)


def plain(text: str, code: str = "message") -> Message:
    """Text that has no template of its own (it cannot be translated) as a Message."""
    return Message(code, "{text}", {"text": text})


def _identity(text: str) -> str:
    return text
