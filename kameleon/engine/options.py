"""Declarative game options: each game lists its `Option`s and gets validation for free."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kameleon.engine.errors import InvalidOption, quoted
from kameleon.engine.messages import Message, msg, plain

REQUIRED: Any = object()
"""Default of an option that has no default and must be given."""

MAX_OPTION_INT = 1_000_000_000
"""The largest integer any option takes (an option "without upper bound" stops here): far above every sensible
count, and small enough that scores and frames built from it stay exact integers in JSON and in a browser."""


@dataclass(frozen=True)
class Option:
    """One named option of a game.

    `choices` restricts the value to a fixed set (after `aliases` are resolved);
    `check` validates and normalises anything else, raising `BadValue` (a
    `Message` that people can read in their language) or `ValueError` with a
    message that completes "bad value for option 'name': ...".
    """

    name: str
    default: Any
    doc: str | Message
    """What the option is; a Message where people read it in their language (the terminal's refusal of a missing
    required option), a plain English text otherwise."""
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
                if len(self.choices) > 1:
                    detail = msg(
                        "expected_one_of", "{value}; expected one of {choices}", value=quoted(value), choices=shown
                    )
                else:
                    detail = msg(
                        "expected_only", "{value}; expected only {choices}", value=quoted(value), choices=shown
                    )
                raise InvalidOption(self._bad(detail))
            return value
        if self.check is not None:
            try:
                return self.check(value)
            except InvalidOption:
                raise
            except BadValue as exc:
                raise InvalidOption(self._bad(exc.message)) from None
            except (TypeError, ValueError) as exc:
                raise InvalidOption(self._bad(plain(str(exc)))) from None
        return value

    def _bad(self, detail: Message) -> Message:
        return msg("bad_option_value", "bad value for option {option!r}: {detail}", option=self.name, detail=detail)


class BadValue(ValueError):
    """What is wrong with an option's value, raised by a `check`: a Message completing "bad value for option
    'name': ..." (a plain `ValueError` is accepted too, but stays English)."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


def validate_options(game: str, specs: Iterable[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Return every option of `specs` with its normalised value; reject unknown or missing ones."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name))
        raise InvalidOption(
            msg(
                "unknown_option",
                "unknown option {option} for {game}; known options: {known}",
                option=quoted(unknown[0]),
                game=game,
                known=known,
            )
        )
    result: dict[str, Any] = {}
    for name, spec in by_name.items():
        if name in given:
            result[name] = spec.normalise(given[name])
        elif spec.default is REQUIRED:
            raise InvalidOption(
                msg(
                    "missing_option",
                    "option {option!r} is required for {game}: {doc}",
                    option=name,
                    game=game,
                    doc=spec.doc,
                )
            )
        else:
            result[name] = spec.default
    return result


def int_in_range(low: int, high: int | None = None) -> Callable[[Any], int]:
    """A `check` accepting integers in [low, high] (up to MAX_OPTION_INT when high is None)."""
    top = MAX_OPTION_INT if high is None else high

    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadValue(msg("not_an_integer", "{value} is not an integer", value=quoted(value)))
        if not low <= value <= top:
            raise BadValue(
                msg(
                    "out_of_range",
                    "{value} is out of range; expected an integer from {low} to {high}",
                    value=quoted(value),
                    low=low,
                    high=top,
                )
            )
        return value

    return check


def optional(check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Wrap a `check` so that None passes through unchanged."""

    def wrapped(value: Any) -> Any:
        return None if value is None else check(value)

    return wrapped
