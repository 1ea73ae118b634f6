"""Server settings: where the database lives, cookie policy, bot pacing.

Every setting has a default that works on a laptop (an SQLite file in the
user's data directory) and can be overridden by an argument of `create_app`
or a `KAMELEON_*` environment variable, so that `kameleon serve` and the test
subprocesses configure the same code path.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from kameleon.engine.home import data_dir

SQLITE_SYNC_MODES = ("FULL", "NORMAL")
"""SQLite `synchronous` settings the arena runs with (`db.make_engine`)."""


def default_database_url() -> str:
    """An SQLite file in the user's data directory (created on first use)."""
    base = data_dir()
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'arena.sqlite3'}"


def env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return float(raw)
    except ValueError:
        raise ValueError(f"environment variable {name} must be a number, not {raw!r}") from None


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"environment variable {name} must be a whole number, not {raw!r}") from None


def _env_str(name: str, default: str) -> str:
    raw = os.environ.get(name)
    return default if raw is None or raw.strip() == "" else raw.strip()


def _env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.strip().lower() in ("1", "true", "yes", "on")


@dataclass
class Settings:
    """Configuration of one arena process."""

    database_url: str = field(default_factory=lambda: os.environ.get("KAMELEON_DATABASE_URL") or default_database_url())
    secure_cookies: bool = field(default_factory=lambda: _env_bool("KAMELEON_SECURE_COOKIES", False))
    """Set the cookie's Secure flag; turn on whenever the arena is served over HTTPS."""
    bot_delay: float = field(default_factory=lambda: env_float("KAMELEON_BOT_DELAY", 0.6))
    """Seconds a bot waits before moving, so people can follow the game (0 in tests and benchmarks)."""
    absent_grace: float = field(default_factory=lambda: env_float("KAMELEON_ABSENT_GRACE", 3600.0))
    """At a table where no other person could expel them, a person out of time is expelled by the server after
    this many seconds, or after as long as the table's own time (per move, or initial time) if that is shorter."""
    sqlite_synchronous: str = field(default_factory=lambda: os.environ.get("KAMELEON_SQLITE_SYNC", "FULL").upper())
    """FULL: each accepted move is on disk before it is broadcast; NORMAL: survives a killed server, not a power cut."""
    session_days: int = 30
    session_sweep: float = field(default_factory=lambda: env_float("KAMELEON_SESSION_SWEEP", 3600.0))
    """Seconds between two sweeps of expired login sessions (the first runs at startup)."""
    chat_max_length: int = 300
    chat_per_minute: int = 20
    redis_url: str | None = field(default_factory=lambda: os.environ.get("KAMELEON_REDIS_URL") or None)
    """Redis for several server processes sharing one database (fanout.py); None: a single process."""
    lease_seconds: float = field(default_factory=lambda: env_float("KAMELEON_LEASE_SECONDS", 10.0))
    """With Redis: how long a table's bots and clocks stay with a process that stopped renewing its claim."""

    # --- limits against abuse (docs/security.md lists each with its test) -----------------------------
    max_body: int = field(default_factory=lambda: _env_int("KAMELEON_MAX_BODY", 1_000_000))
    """Bytes a request body may have; the rest is never read (413)."""
    body_timeout: float = field(default_factory=lambda: env_float("KAMELEON_BODY_TIMEOUT", 10.0))
    """Seconds a request may take to send its whole body (408 after that)."""
    header_timeout: float = field(default_factory=lambda: env_float("KAMELEON_HEADER_TIMEOUT", 10.0))
    """Seconds a connection may take to send a request's headers before it is closed (`kameleon serve`)."""
    socket_outbox: int = field(default_factory=lambda: _env_int("KAMELEON_SOCKET_OUTBOX", 1_000_000))
    """Bytes of frames a table socket may have waiting to be sent; a socket further behind is closed."""
    socket_rate: str = field(default_factory=lambda: _env_str("KAMELEON_SOCKET_RATE", "20/second;600/minute"))
    """Messages one table socket may send (`limits` notation); the extra ones are refused, and a socket that
    keeps on is closed."""
    socket_connects: str = field(default_factory=lambda: _env_str("KAMELEON_SOCKET_CONNECTS", "120/minute"))
    """Table sockets one client address may open."""
    sockets_per_address: int = field(default_factory=lambda: _env_int("KAMELEON_SOCKETS_PER_ADDRESS", 50))
    """Table sockets one client address may hold open at once in one server process."""
    guest_rate: str = field(default_factory=lambda: _env_str("KAMELEON_GUEST_RATE", "10/minute;100/day"))
    """Guests one client address may create."""
    signup_rate: str = field(default_factory=lambda: _env_str("KAMELEON_SIGNUP_RATE", "5/minute;20/day"))
    """Accounts one client address may create."""
    table_rate: str = field(default_factory=lambda: _env_str("KAMELEON_TABLE_RATE", "10/minute;200/day"))
    """Tables (new, rematch) one person, and separately one client address, may create."""
    import_rate: str = field(default_factory=lambda: _env_str("KAMELEON_IMPORT_RATE", "10/minute;100/day"))
    """Records one person, and separately one client address, may import."""
    replay_rate: str = field(default_factory=lambda: _env_str("KAMELEON_REPLAY_RATE", "600/minute;10000/hour"))
    """Replay steps (`GET /api/tables/{id}/replay/{step}`) one client address may ask for: each replays the
    game from its start, up to 2,000 moves of an imported record."""
    state_rate: str = field(default_factory=lambda: _env_str("KAMELEON_STATE_RATE", "300/minute"))
    """Table states (`GET /api/tables/{id}/state`) one client address may ask for: a socket sends them as they
    change, and each is built whole, the move log included."""
    analysis_rate: str = field(default_factory=lambda: _env_str("KAMELEON_ANALYSIS_RATE", "10/hour;30/day"))
    """Game analyses one person may ask for (asking again for a game analysed or being analysed costs nothing)."""
    analysis_rate_per_address: str = field(
        default_factory=lambda: _env_str("KAMELEON_ANALYSIS_RATE_PER_ADDRESS", "20/hour;60/day")
    )
    """Game analyses one client address may ask for, whoever asks."""
    hint_rate: str = field(default_factory=lambda: _env_str("KAMELEON_HINT_RATE", "10/minute;200/day"))
    """Hints one person may ask for (each is a search by the strongest bot level)."""
    hint_rate_per_address: str = field(
        default_factory=lambda: _env_str("KAMELEON_HINT_RATE_PER_ADDRESS", "20/minute;400/day")
    )
    """Hints one client address may ask for, whoever asks (fresh guests are no way around it)."""
    chat_rate_per_address: str = field(default_factory=lambda: _env_str("KAMELEON_CHAT_RATE", "60/minute"))
    """Chat lines from one client address, whoever sends them (fresh guests are no way around it)."""
    login_failures_per_address: str = field(
        default_factory=lambda: _env_str("KAMELEON_LOGIN_FAILURES_PER_ADDRESS", "100/5minutes")
    )
    """Wrong passwords one client address (an IPv6 /64) may send from devices the accounts do not know, whatever
    the accounts: generous, as many people may share an address (NAT); the next two limits are the tight ones."""
    login_failures_per_pair: str = field(
        default_factory=lambda: _env_str("KAMELEON_LOGIN_FAILURES_PER_PAIR", "5/5minutes")
    )
    """Wrong passwords one client address may send to one account from devices that account does not know."""
    login_failures_per_account: str = field(
        default_factory=lambda: _env_str("KAMELEON_LOGIN_FAILURES_PER_ACCOUNT", "10/5minutes")
    )
    """Wrong passwords an account may get from devices it does not know, all addresses together; beyond it
    only its known devices (browsers that logged in to it before) may try, so its owner still logs in."""
    login_failures_per_device: str = field(
        default_factory=lambda: _env_str("KAMELEON_LOGIN_FAILURES_PER_DEVICE", "10/5minutes")
    )
    """Wrong passwords one known device (a browser holding the account's signed device cookie) may send to it."""
    login_attempts_per_address: str = field(
        default_factory=lambda: _env_str("KAMELEON_LOGIN_ATTEMPTS_PER_ADDRESS", "300/5minutes")
    )
    """Logins one client address may try, right or wrong: generous (NAT), it bounds the password checks one
    address makes the server run with accounts of its own."""
    login_attempts_per_account: str = field(
        default_factory=lambda: _env_str("KAMELEON_LOGIN_ATTEMPTS_PER_ACCOUNT", "30/5minutes")
    )
    """Logins, right or wrong, to one account from its known devices, and separately from other devices (so
    that strangers using up the second never touch the owner's first)."""
    confirm_pause: float = field(default_factory=lambda: env_float("KAMELEON_CONFIRM_PAUSE", 30.0))
    """Seconds an account waits between two confirmation mails; clearing the address does not end the wait."""
    confirm_mails_per_account: str = field(
        default_factory=lambda: _env_str("KAMELEON_CONFIRM_MAILS_PER_ACCOUNT", "5/hour;10/day")
    )
    """Confirmation mails one account may ask for (besides `confirm_pause` between two)."""
    confirm_mails_per_address: str = field(
        default_factory=lambda: _env_str("KAMELEON_CONFIRM_MAILS_PER_ADDRESS", "10/hour;30/day")
    )
    """Confirmation mails one client address may ask for, whatever the accounts."""
    confirm_mails_per_recipient: str = field(
        default_factory=lambda: _env_str("KAMELEON_CONFIRM_MAILS_PER_RECIPIENT", "3/hour;5/day")
    )
    """Confirmation mails one mail address may receive, whoever asks: nobody can flood an inbox from here."""
    idle_table_seconds: float = field(default_factory=lambda: env_float("KAMELEON_IDLE_TABLE_SECONDS", 300.0))
    """A table nobody watches or used for this long is dropped from memory (rebuilt from the database on use)."""
    metrics: bool = field(default_factory=lambda: _env_bool("KAMELEON_METRICS", True))
    """Serve Prometheus metrics at /metrics (restrict it to your scraper at the reverse proxy)."""
    allowed_origins: str = field(default_factory=lambda: _env_str("KAMELEON_ALLOWED_ORIGINS", ""))
    """Origins (scheme://host[:port], comma-separated) allowed besides the arena's own, e.g. behind a proxy that
    rewrites the Host header."""

    # --- analyses and hints (analysis_jobs.py) -------------------------------------------------------------
    analysis_workers: int = field(default_factory=lambda: _env_int("KAMELEON_ANALYSIS_WORKERS", 1))
    """Analyses this server process runs at once, each in a worker process of its own (0: none here; the other
    processes sharing the database run them)."""
    analysis_iterations: int = field(default_factory=lambda: _env_int("KAMELEON_ANALYSIS_ITERATIONS", 0))
    """Search iterations per decision of an analysis; 0: the analysis library's default (reproducible, about a
    minute for a 4-player Coloretto game on one core)."""

    # --- mail (mail.py) -----------------------------------------------------------------------------------
    smtp_url: str | None = field(default_factory=lambda: os.environ.get("KAMELEON_SMTP_URL") or None)
    """`smtp://[user:password@]host[:port]` (STARTTLS when the server offers it) or `smtps://...` (TLS from
    the first byte); None: no mail at all, and the mail settings are hidden."""
    mail_from: str = field(default_factory=lambda: _env_str("KAMELEON_MAIL_FROM", "kameleon arena <arena@localhost>"))
    """The From of every mail."""
    public_url: str | None = field(default_factory=lambda: os.environ.get("KAMELEON_PUBLIC_URL") or None)
    """The arena's address in the links of mails (scheme://host[:port]); None: the address the server listens
    on, or the Host a request named when that is it (never any other Host: `mail.link_base`)."""
    mail_retry: float = field(default_factory=lambda: env_float("KAMELEON_MAIL_RETRY", 30.0))
    """Seconds before a failed mail is tried again; doubled at each failure, up to an hour."""
    mail_poll: float = field(default_factory=lambda: env_float("KAMELEON_MAIL_POLL", 2.0))
    """Seconds between two looks at the outbox for mails written by other server processes."""
    turn_mail_delay: float = field(default_factory=lambda: env_float("KAMELEON_TURN_MAIL_DELAY", 300.0))
    """Seconds a "your turn" mail waits before it is sent: none goes out if the person plays meanwhile or has
    the table open (they are playing right now)."""

    def __post_init__(self) -> None:
        if not self.lease_seconds > 0:
            raise ValueError(
                f"the lease (KAMELEON_LEASE_SECONDS) must be a positive number of seconds, not {self.lease_seconds}"
            )
        if not self.session_sweep > 0:
            raise ValueError(
                "the session sweep (KAMELEON_SESSION_SWEEP) must be a positive number of seconds, "
                f"not {self.session_sweep}"
            )
        if not self.absent_grace >= 0:
            raise ValueError(f"KAMELEON_ABSENT_GRACE must be 0 or more seconds, not {self.absent_grace}")
        if not self.confirm_pause >= 0:
            raise ValueError(f"KAMELEON_CONFIRM_PAUSE must be 0 or more seconds, not {self.confirm_pause}")
        if not self.bot_delay >= 0:
            raise ValueError(f"the bot delay (KAMELEON_BOT_DELAY) must be 0 or more seconds, not {self.bot_delay}")
        from kameleon.server.throttle import RULES, parse_rule  # the `limits` notation, checked at startup

        for attr in RULES.values():
            parse_rule(attr, getattr(self, attr))
        for name in ("max_body", "socket_outbox", "sockets_per_address"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, not {getattr(self, name)}")
        if self.smtp_url is not None:
            from kameleon.server.mail import parse_smtp_url  # a wrong URL is refused at startup, not at each mail

            parse_smtp_url(self.smtp_url)
        for name in ("body_timeout", "header_timeout", "idle_table_seconds", "mail_retry", "mail_poll"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be a positive number of seconds, not {getattr(self, name)}")
        if not 0 <= self.analysis_workers <= 64:
            raise ValueError(f"KAMELEON_ANALYSIS_WORKERS must be from 0 to 64, not {self.analysis_workers}")
        if not 0 <= self.analysis_iterations <= 100_000:
            raise ValueError(
                f"KAMELEON_ANALYSIS_ITERATIONS must be from 0 (the default) to 100000, not {self.analysis_iterations}"
            )
        if not self.turn_mail_delay >= 0:
            raise ValueError(f"KAMELEON_TURN_MAIL_DELAY must be 0 or more seconds, not {self.turn_mail_delay}")
        if self.sqlite_synchronous not in SQLITE_SYNC_MODES:
            modes = " or ".join(SQLITE_SYNC_MODES)
            raise ValueError(f"KAMELEON_SQLITE_SYNC must be {modes}, not {self.sqlite_synchronous!r}")

    def normalised_url(self) -> str:
        """Map bare `postgresql://` URLs to the psycopg 3 driver this package depends on."""
        url = self.database_url
        for prefix in ("postgresql://", "postgres://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix) :]
        return url


def redacted(url: str) -> str:
    """A database or Redis URL without its password, for printing."""
    scheme, sep, rest = url.partition("://")
    if "@" in rest:
        credentials, _, place = rest.rpartition("@")
        user = credentials.split(":", 1)[0]
        return f"{scheme}{sep}{user}:***@{place}"
    return url
