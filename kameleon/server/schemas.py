"""The request bodies of the HTTP API as Pydantic models: /openapi.json documents each one, and every bound
(lengths, integer ranges, counts) is checked here, before any handler runs.

A body that breaks a bound gets `422 {"error": "<field>: <what is wrong>", "code": "invalid_field"}` (the
text in the reader's language). The rules that need the database or the engine (a free seat, a legal option
value) stay with the code that owns them and answer the same way. JSON itself (size, nesting, numbers,
encoding) is checked earlier, by `guard.py`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, model_validator

from kameleon.engine.game import RECORD_FORMAT, RECORD_VERSION
from kameleon.engine.seeding import MAX_SEED
from kameleon.server.auth import LANGUAGES, MAX_PASSWORD, MAX_USERNAME

MAX_SEATS = 8
MAX_PER_MOVE = 30 * 86_400
"""Turn-based: at most 30 days a move."""
MAX_MOVES = 20_000
"""Moves a live table's game may have been played to (`expect`)."""
MAX_IMPORTED_MOVES = 2_000
"""Moves an imported record may have: the longest games measured, Le Caméléon's between `hard` bots, have about
600; a record of thousands more is a game whose draw rules were turned off, and each of its moves costs every
rebuild, replay step, state frame and analysis of its table."""

Language = Literal[LANGUAGES]  # type: ignore[valid-type]
Text = Annotated[str, Field(max_length=200)]
Name = Annotated[str, Field(max_length=100, description="1 to 40 printable characters once spaces are tidied")]
SeatNumber = Annotated[StrictInt, Field(ge=0, lt=MAX_SEATS)]
Options = Annotated[
    dict[Annotated[str, Field(max_length=40)], Any],
    Field(max_length=32, description="the game's options (GET /api/games lists them and their values)"),
]


class Body(BaseModel):
    """Every body is a JSON object whose fields are all known: a misspelt field is an error, never ignored."""

    model_config = ConfigDict(extra="forbid")


class NoBody(Body):
    """Nothing to say: send `{}` (or no body at all), as `application/json` like every request that changes
    something."""


class GuestIn(Body):
    name: Name
    language: Language = "en"


class SignupIn(Body):
    username: Annotated[str, Field(max_length=MAX_USERNAME, description="3 to 24 letters, digits, '.', '_', '-'")]
    password: Annotated[str, Field(max_length=MAX_PASSWORD, description="8 to 256 characters")]
    name: Name | None = None
    language: Language = "en"


class LoginIn(Body):
    username: Annotated[str, Field(max_length=MAX_USERNAME)]
    password: Annotated[str, Field(max_length=MAX_PASSWORD)]


class LanguageIn(Body):
    language: Language


class TimeControl(Body):
    """Real time `{"initial": s, "increment": s}` or turn-based `{"per_move": s}` (a deadline for each move).

    A new table without `"time"` gets the "normal" real-time profile; `"time": null` means no limit. The
    seconds are JSON numbers: `"5"` is refused rather than read as a number."""

    initial: Annotated[StrictFloat, Field(ge=1, le=86_400, description="seconds on each clock at the start")] | None = (
        None
    )
    increment: Annotated[StrictFloat, Field(ge=0, le=86_400, description="seconds added after each move")] | None = None
    per_move: (
        Annotated[StrictFloat, Field(ge=1, le=MAX_PER_MOVE, description="turn-based: seconds for each move")] | None
    ) = None

    @model_validator(mode="after")
    def one_kind(self) -> TimeControl:
        if (self.per_move is None) == (self.initial is None) or (self.per_move is not None and self.increment):
            raise ValueError("give either 'initial' (and 'increment') or 'per_move'")
        return self


class NewTable(Body):
    game: Annotated[str, Field(max_length=32)] | None = None
    options: Options = Field(default_factory=dict)
    private: StrictBool = False
    bots: Annotated[str, Field(max_length=32, description="seat this bot level in every empty seat")] | None = None
    time: TimeControl | None = None
    rated: StrictBool = Field(
        default=True, description="false: a friendly game that changes no rating (against bots: hints allowed)"
    )


class JoinIn(Body):
    seat: SeatNumber | None = None
    invite: Annotated[str, Field(max_length=64)] | None = None


class ExpelIn(Body):
    seat: SeatNumber


class BotsIn(Body):
    level: Annotated[str, Field(max_length=32)] | None = None
    seat: SeatNumber | None = None


class MoveIn(Body):
    move: Annotated[str, Field(min_length=1, max_length=200, description="the move in the game's notation")]
    expect: Annotated[StrictInt, Field(ge=0, le=MAX_MOVES, description="moves played so far")] | None = None


class RecordResult(Body):
    """The result a record claims; the import replays the moves and refuses a record that does not reach it."""

    scores: Annotated[list[StrictInt], Field(max_length=MAX_SEATS)] | None = None
    winners: Annotated[list[SeatNumber], Field(max_length=MAX_SEATS)] | None = None
    reason: Annotated[str, Field(max_length=64, description="how the game ended (`State.end_reason`)")] | None = None


class RecordIn(Body):
    """A game record as `GET /api/tables/{id}/record` gives it (`kameleon.replay` checks the rest): the fields
    of `kameleon.engine.record`, no others."""

    format: Annotated[str, Field(max_length=32)] = RECORD_FORMAT
    version: Annotated[StrictInt, Field(le=RECORD_VERSION)] = RECORD_VERSION
    game: Annotated[str, Field(max_length=32)]
    options: Options
    seed: Annotated[StrictInt, Field(ge=0, le=MAX_SEED)] | None
    moves: Annotated[list[Text], Field(max_length=MAX_IMPORTED_MOVES)]
    players: Annotated[list[Name], Field(max_length=MAX_SEATS)] | None = None
    result: RecordResult | None = None


class NotificationsIn(Body):
    email: Annotated[str, Field(max_length=254, description='the address to confirm; "" forgets it')] | None = None
    turn_email: StrictBool | None = None


class PlayIn(Body):
    game: Annotated[str, Field(max_length=32)]
    players: Annotated[StrictInt, Field(ge=1, le=MAX_SEATS)]
    options: Options = Field(default_factory=dict)
    time: TimeControl | None = None
    bots_after: (
        Annotated[StrictFloat, Field(ge=0, le=3600, description="seconds before bots fill the empty seats")] | None
    ) = None
