"""The arena's tables as SQLAlchemy 2 models; the schema itself is created by the Alembic migrations."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Index, Integer, String, Text, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class User(Base):
    """A person: a registered account (username + argon2 hash) or a guest (display name only)."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str | None] = mapped_column(String(32), unique=True)
    """Unique whatever its case too: migration 0005's index on lower(username)."""
    display_name: Mapped[str] = mapped_column(String(40))
    password_hash: Mapped[str | None] = mapped_column(String(200))
    is_guest: Mapped[bool] = mapped_column(Boolean, default=False)
    language: Mapped[str] = mapped_column(String(8), default="en")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AuthSession(Base):
    """A login. Only the SHA-256 of the random token is stored, so a leaked database opens no account."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameTable(Base):
    """A table: one game of `game` with `options` and `seed`; its moves are in `moves`.

    status: open (seats being filled) -> playing -> finished; `imported` tables hold
    an uploaded record for replay only.
    """

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    invite_code: Mapped[str] = mapped_column(String(32))
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    rematch_of: Mapped[str | None] = mapped_column(String(16))
    rematch_id: Mapped[str | None] = mapped_column(String(16))
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    time_initial: Mapped[float | None] = mapped_column(Float)
    time_increment: Mapped[float | None] = mapped_column(Float)
    time_per_move: Mapped[float | None] = mapped_column(Float)
    """Turn-based tables: seconds each move may take (migration 0003); None with real-time control or no limit."""
    rated: Mapped[bool] = mapped_column(Boolean, default=True)
    """Whether the result changes ratings (migration 0006); an unrated table against bots allows hints."""


class Seat(Base):
    """Who plays seat `seat` of a table: a user, a bot (`bot` = its level), or nobody yet.

    A person holds at most one seat of a table (a unique index on (table, user) over the seats without a
    bot, migration 0002); `timed_out`: the person ran out of time and was expelled (by another player, or by
    the server when no other person sits at the table): a bot finished the seat, a forfeit."""

    __tablename__ = "seats"
    __table_args__ = (
        Index(
            "uq_seats_person",
            "table_id",
            "user_id",
            unique=True,
            sqlite_where=text("bot IS NULL AND user_id IS NOT NULL"),
            postgresql_where=text("bot IS NULL AND user_id IS NOT NULL"),
        ),
    )

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    bot: Mapped[str | None] = mapped_column(String(32))
    name: Mapped[str | None] = mapped_column(String(40))
    timed_out: Mapped[bool] = mapped_column(Boolean, default=False)


class Move(Base):
    """One accepted action; the primary key (table, number) makes a second move n impossible."""

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    token: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatMessage(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Rating(Base):
    """OpenSkill rating of one player (`user:<id>` or `bot:<level>`) in one game."""

    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    player: Mapped[str] = mapped_column(String(48), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)


class MailSettings(Base):
    """A person's mail address and what they want mailed (migration 0004).

    `email` is the confirmed address; a new one waits in `pending_email` until the link mailed to it is
    followed (`confirm_hash`: the SHA-256 of that link's single-use token, valid until `confirm_expires`).
    `unsubscribe_token` makes the one-click unsubscribe link; it changes with the address. `base_url`: the
    address the arena was reached at when the mails were set up, for the links (without KAMELEON_PUBLIC_URL)."""

    __tablename__ = "mail_settings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    email: Mapped[str | None] = mapped_column(String(254))
    pending_email: Mapped[str | None] = mapped_column(String(254))
    confirm_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    confirm_expires: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    turn_email: Mapped[bool] = mapped_column(Boolean, default=False)
    unsubscribe_token: Mapped[str] = mapped_column(String(64), unique=True)
    base_url: Mapped[str | None] = mapped_column(String(200))
    confirm_asked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When a confirmation mail was last asked for (migration 0005); kept when the address is cleared."""


class OutboxMail(Base):
    """A mail waiting to be sent, or sent: the sender (`mail.py`) claims rows atomically, so that with several
    server processes each mail goes out once. `key` (unique) makes enqueueing the same mail twice a no-op
    (`turn:<table>:<moves>`: one mail per waiting turn). A turn mail carries its table and the number of moves
    played when it was written: once the table has moved on it is dropped unsent."""

    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str | None] = mapped_column(String(80), unique=True)
    recipient: Mapped[str] = mapped_column(String(254), index=True)
    user_id: Mapped[int | None] = mapped_column(Integer, index=True)
    """The account the mail was written for (migration 0005), to bound what one account has waiting."""
    subject: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text)
    headers: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    table_id: Mapped[str | None] = mapped_column(String(16))
    moves: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    claim: Mapped[str | None] = mapped_column(String(32))
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    state: Mapped[str] = mapped_column(String(16), default="waiting", index=True)
    """waiting -> sent, or failed (gave up), or dropped (a turn mail whose turn is over)."""
    last_error: Mapped[str | None] = mapped_column(String(300))


class PlayRequest(Base):
    """A person waiting to be seated by "Play now" (`matching.py`), one row a person.

    `wish` is the SHA-256 of the canonical JSON of (game, players, options, time): people with the same wish are
    seated together. `table_id` is set, atomically with the table's creation, once they are seated. `seen_at`: the
    last time the person asked; a request nobody asks about any more is dropped, never seated."""

    __tablename__ = "play_queue"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    wish: Mapped[str] = mapped_column(String(64), index=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    time: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    rating: Mapped[float] = mapped_column(Float)
    bots_after: Mapped[float | None] = mapped_column(Float)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    table_id: Mapped[str | None] = mapped_column(String(16))


class AnalysisJob(Base):
    """The move-by-move analysis of a finished table (`analysis_jobs.py`), one per table (migration 0006).

    status: pending -> running -> done, or failed. A running job is held by one server process until
    `claimed_until` (renewed while it works); a job whose process died is pending again once that passes (a
    single process resets its running jobs at startup). `result` is `kameleon.ai.analysis.Analysis.to_json()`,
    each decision whose best move differs from the move played completed with `best_entry` (that move as a log
    entry, for the board's sentence). `error`: what went wrong, for the operators (people read a fixed text)."""

    __tablename__ = "analyses"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    status: Mapped[str] = mapped_column(String(16), index=True, default="pending")
    done: Mapped[int] = mapped_column(Integer, default=0)
    """Decisions analysed so far (progress)."""
    total: Mapped[int | None] = mapped_column(Integer)
    """Decisions to analyse, once known."""
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    error: Mapped[str | None] = mapped_column(String(300))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    requested_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    claim: Mapped[str | None] = mapped_column(String(32))
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
