"""Declarative game options: each game lists its `Option`s and gets validation for free."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kameleon.engine.errors import InvalidOption, quoted

REQUIRED: Any = object()
"""Default of an option that has no default and must be given."""

MAX_OPTION_INT = 1_000_000_000
"""The largest integer any option takes (an option "without upper bound" stops here): far above every sensible
count, and small enough that scores and frames built from it stay exact integers in JSON and in a browser."""


@dataclass(frozen=True)
class Option:
    """One named option of a game.

    `choices` restricts the value to a fixed set (after `aliases` are resolved);
    `check` validates and normalises anything else, raising `ValueError` with a
    message that completes "bad value for option 'name': ...".
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    aliases: Mapping[Any, Any] = field(default_factory=dict)
    check: Callable[[Any], Any] | None = None

    def normalise(self, value: Any) -> Any:
        if isinstance(value, str | int) and not isinstance(value, bool) and value in self.aliases:
            value = self.aliases[value]
        if self.choices is not None:
            # bool is an int subclass: True must not pass for 1, nor 1 for True.
            if not any(value == c and type(value) is type(c) for c in self.choices):
                shown = ", ".join(repr(c) for c in self.choices)
                expected = f"one of {shown}" if len(self.choices) > 1 else f"only {shown}"
                raise InvalidOption(f"bad value for option {self.name!r}: {quoted(value)}; expected {expected}")
            return value
        if self.check is not None:
            try:
                return self.check(value)
            except InvalidOption:
                raise
            except (TypeError, ValueError) as exc:
                raise InvalidOption(f"bad value for option {self.name!r}: {exc}") from None
        return value


def validate_options(game: str, specs: Iterable[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Return every option of `specs` with its normalised value; reject unknown or missing ones."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name))
        raise InvalidOption(f"unknown option {quoted(unknown[0])} for {game}; known options: {known}")
    result: dict[str, Any] = {}
    for name, spec in by_name.items():
        if name in given:
            result[name] = spec.normalise(given[name])
        elif spec.default is REQUIRED:
            raise InvalidOption(f"option {name!r} is required for {game}: {spec.doc}")
        else:
            result[name] = spec.default
    return result


def int_in_range(low: int, high: int | None = None) -> Callable[[Any], int]:
    """A `check` accepting integers in [low, high] (up to MAX_OPTION_INT when high is None)."""
    top = MAX_OPTION_INT if high is None else high

    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{quoted(value)} is not an integer")
        if not low <= value <= top:
            raise ValueError(f"{quoted(value)} is out of range; expected an integer from {low} to {top}")
        return value

    return check


def optional(check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Wrap a `check` so that None passes through unchanged."""

    def wrapped(value: Any) -> Any:
        return None if value is None else check(value)

    return wrapped
