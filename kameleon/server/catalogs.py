"""The gettext catalogs kept in step with the code: extract, update and check them with Babel (`scripts/i18n`).

A domain is a body of code and the catalogs that translate its `msg(...)` templates:

* the arena's own (`core`): every module of `kameleon/` but the games, catalogs in `kameleon/locale/`;
* each built-in game (`coloretto`, ...): the modules of `kameleon/games/<game>/`, catalogs in its `locale/`
  (where `Game.catalog_dir()` finds them at run time; a plug-in game ships its own folder the same way).

Babel extracts the second argument of every `msg(...)` call (keyword `msg:2`, no default keywords) and the
first of every `helptext(...)` (the command line's help, `kameleon.cli.helptext`) into the
domain's `messages.pot`, and updates each language's `<lang>/LC_MESSAGES/messages.po` from it. `check`
lists every template a catalog does not translate, translates only fuzzily, or translates with other
`{fields}` than the English, so that the arena never answers half in English.
"""

from __future__ import annotations

import io
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from kameleon import __version__

PACKAGE = Path(__file__).resolve().parent.parent
GAMES = PACKAGE / "games"
TRANSLATED = ("it", "pl", "fr", "uk")
"""The languages every catalog translates into (English is the templates' own)."""
KEYWORDS = {"msg": (2,), "helptext": (1,)}
"""`msg(code, template, **params)` and the command line's `helptext(template, **fields)`: the template is the
message id."""
HEADER = (
    "# The {domain} texts of kameleon{language}: the msg(...) templates of the code, kept in step with it by\n"
    "# scripts/i18n (extract, update, check). Use the terms of the rulebooks; keep every {{field}} as it is."
)


@dataclass(frozen=True)
class Domain:
    name: str
    sources: tuple[Path, ...]
    """The folders whose Python files are extracted."""
    locale: Path
    excluded: tuple[Path, ...] = ()

    def files(self) -> Iterator[Path]:
        for folder in self.sources:
            for path in sorted(folder.rglob("*.py")):
                if not any(path.is_relative_to(skip) for skip in self.excluded):
                    yield path

    @property
    def template(self) -> Path:
        return self.locale / "messages.pot"

    def po(self, language: str) -> Path:
        return self.locale / language / "LC_MESSAGES" / "messages.po"


def domains() -> list[Domain]:
    """The arena's domain, then one per built-in game package."""
    found = [Domain("core", (PACKAGE,), PACKAGE / "locale", excluded=(GAMES,))]
    for folder in sorted(GAMES.iterdir()):
        if (folder / "__init__.py").is_file():
            found.append(Domain(folder.name, (folder,), folder / "locale"))
    return found


def extract(domain: Domain) -> Catalog:
    """Every `msg(...)` template of the domain's code, with where it is said."""
    catalog = Catalog(project="kameleon", version=__version__, domain="messages", fuzzy=False)
    catalog.header_comment = _header(domain, None)
    for path in domain.files():
        where = path.relative_to(PACKAGE.parent).as_posix()
        for line, text, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
        ):
            if isinstance(text, str) and text:
                catalog.add(text, locations=[(where, line)], auto_comments=comments, context=context)
    return catalog


def update(domain: Domain, languages: tuple[str, ...] = TRANSLATED) -> list[Path]:
    """Write the domain's `.pot` and bring each language's `.po` up to date with it (new templates come in
    empty, templates the code no longer says become obsolete `#~` entries); the files written."""
    template = extract(domain)
    domain.locale.mkdir(parents=True, exist_ok=True)
    _write(domain.template, template)
    written = [domain.template]
    for language in languages:
        path = domain.po(language)
        if path.is_file():
            with path.open("rb") as source:
                catalog = read_po(source, locale=language)
        else:
            catalog = Catalog(locale=language, project="kameleon", version=__version__, fuzzy=False)
        catalog.update(template, update_header_comment=False, update_creation_date=False)
        catalog.header_comment = _header(domain, language)
        path.parent.mkdir(parents=True, exist_ok=True)
        _write(path, catalog)
        written.append(path)
    return written


def _header(domain: Domain, language: str | None) -> str:
    said = "arena's and engine's" if domain.name == "core" else f"{domain.name} engine's"
    return HEADER.format(domain=said, language=f" in {language}" if language else " (template)")


def _write(path: Path, catalog: Catalog) -> None:
    """Write the catalog unless only its creation date would change (a file changes when a text does)."""
    out = io.BytesIO()
    # File names without line numbers: a catalog changes when a text does, not when code moves around it.
    write_po(out, catalog, width=120, sort_output=True, include_lineno=False, include_previous=True)
    if not path.is_file() or _dateless(path.read_bytes()) != _dateless(out.getvalue()):
        path.write_bytes(out.getvalue())


def _dateless(text: bytes) -> bytes:
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*"', b"", text)


def fields(text: str) -> list[tuple[str, str | None, str]]:
    """The `str.format` fields of a template or translation: name, conversion and format spec, sorted."""
    found = []
    for _, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            found.append((name, conversion, spec or ""))
    return sorted(found, key=lambda field: (field[0], field[1] or "", field[2]))


def problems(domain: Domain, languages: tuple[str, ...] = TRANSLATED) -> list[str]:
    """What keeps the domain's catalogs from translating everything its code says (empty: all good)."""
    template = extract(domain)
    found: list[str] = []
    for language in languages:
        path = domain.po(language)
        shown = path.relative_to(PACKAGE.parent).as_posix()
        if not path.is_file():
            found.append(f"{shown}: missing (the code says {len(template)} templates)")
            continue
        with path.open("rb") as source:
            catalog = read_po(source, locale=language)
        for message in template:
            if not message.id:
                continue
            entry = catalog.get(message.id, context=message.context)
            said = f"{shown}: {message.id!r}"
            if entry is None or not entry.string:
                found.append(f"{said} has no translation")
            elif entry.fuzzy:
                found.append(f"{said} is fuzzy")
            elif not isinstance(entry.string, str):
                found.append(f"{said} is translated as a plural")
            else:
                try:
                    same = fields(entry.string) == fields(str(message.id))
                except ValueError as exc:
                    found.append(f"{said} has a translation that is no template: {exc}")
                    continue
                if not same:
                    found.append(f"{said} is translated with other fields: {entry.string!r}")
    return found
