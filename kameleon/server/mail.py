"""Mail: the confirmation of an address, "your turn" mails for turn-based games, and the outbox that sends them.

Nothing here ever holds up a move. A mail is a row of the `outbox` table, written
in a worker thread after the move is stored; a background task of each server
process (`Mailer.run`) claims the rows that are due with one conditional UPDATE
(so with several processes each mail goes out once), sends them with the
standard library's `smtplib` in a worker thread, and marks them sent. A mail
server that fails is logged and tried again later, each time waiting twice as
long (`KAMELEON_MAIL_RETRY`, up to an hour), up to `MAX_ATTEMPTS` times; a
permanent refusal (5xx) is not tried again.

One mail per turn that waits for a person: the turn mail's key is
`turn:<table>:<moves played>`, unique in the outbox, and it is written only when
the turn passes to a person of a turn-based table (one with a deadline per
move). It waits `KAMELEON_TURN_MAIL_DELAY` seconds in the outbox (5 minutes) and is dropped if the table
has moved on meanwhile, or if the person has the table open (a socket of the sending process): a person
who is playing right now needs no mail.

Without `KAMELEON_SMTP_URL` nothing is written, nothing is sent and the API says
mail is unavailable. Texts are `Message`s rendered in the account's language
(`i18n.py`); every mail carries a one-click unsubscribe link (RFC 8058).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import logging
import secrets
import smtplib
import ssl
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any
from urllib.parse import unquote, urlsplit

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from kameleon.engine.messages import Message, msg
from kameleon.server import i18n
from kameleon.server.models import GameTable, MailSettings, Move, OutboxMail, Seat, User

log = logging.getLogger("kameleon.server")

SMTP_POLICY = policy.SMTP.clone(max_line_length=998)
"""CRLF lines folded only past RFC 5322's hard limit: with the default 78 a long ASCII header (the
List-Unsubscribe URL) comes out RFC 2047-encoded, which mail programs do not decode there."""

CONFIRM_HOURS = 24
"""How long a confirmation link works."""
MAX_WAITING_PER_RECIPIENT = 20
"""Unsent mails one address may have in the outbox (a mail server down for a while); more are not written."""
MAX_ATTEMPTS = 12
MAX_BACKOFF = 3600.0
BATCH = 10
SMTP_TIMEOUT = 30.0
CLAIM_SECONDS = 60.0 + BATCH * SMTP_TIMEOUT
"""How long a claimed batch stays with its process; a process that died frees it when this runs out."""
MAX_EMAIL = 254
KEEP_DAYS = 7
"""Days a sent, dropped or failed mail stays in the outbox (for the logs of its sending), then it is deleted."""
PURGE_EVERY = 3600.0


def utcnow() -> datetime:
    return datetime.now(UTC)


def aware(when: datetime) -> datetime:
    """SQLite hands datetimes back without their zone; they were stored in UTC."""
    return when if when.tzinfo else when.replace(tzinfo=UTC)


@dataclass(frozen=True)
class SmtpTarget:
    tls: bool
    """smtps: TLS from the first byte; smtp: STARTTLS when the server offers it."""
    host: str
    port: int
    user: str | None
    password: str | None


def parse_smtp_url(url: str) -> SmtpTarget:
    """`smtp://[user:password@]host[:port]` or `smtps://...`; ValueError naming what is wrong."""
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps"):
        raise ValueError(f"KAMELEON_SMTP_URL must start with smtp:// or smtps://, not {url.split(':', 1)[0]!r}")
    try:
        port = parts.port
    except ValueError:
        raise ValueError("KAMELEON_SMTP_URL has a port that is not a number from 0 to 65535") from None
    if not parts.hostname:
        raise ValueError("KAMELEON_SMTP_URL names no host")
    tls = parts.scheme == "smtps"
    user = unquote(parts.username) if parts.username else None
    password = unquote(parts.password) if parts.password else None
    return SmtpTarget(tls, parts.hostname, port or (465 if tls else 25), user, password)


def check_email(value: str) -> str:
    """An address worth mailing a confirmation to (the confirmation is the real check)."""
    address = value.strip()
    local, at, domain = address.rpartition("@")
    if (
        not at
        or not local
        or "." not in domain.strip(".")
        or len(address) > MAX_EMAIL
        or any(ch.isspace() or not ch.isprintable() or ch in '<>,;"()[]\\' for ch in address)
    ):
        from kameleon.server.errors import ApiError

        raise ApiError(422, msg("bad_email", "{address!r} is not a mail address", address=address[:80]))
    return address


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


# --- the texts of mails and of the pages their links open ----------------------------------------------


def confirm_mail(link: str) -> tuple[Message, Message]:
    """The confirmation mail. It names no display name: whoever asks chooses it, and it goes to an address
    that may not be theirs, so it must not be able to put words in the arena's mouth."""
    subject = msg("mail_confirm_subject", "Confirm your address for the kameleon arena")
    body = msg(
        "mail_confirm_body_anonymous",
        "Hello,\n\n"
        "Someone asked the kameleon arena to send its mails to this address. To receive them, confirm it "
        "within 24 hours by opening this link and pressing the button on its page:\n"
        "{link}\n\n"
        "If you did not ask for this, ignore this mail: nothing more will be sent to you.",
        link=link,
    )
    return subject, body


def turn_mail(
    name: str, game: str, opponents: str, deadline: str, link: str, unsubscribe: str
) -> tuple[Message, Message]:
    subject = msg("mail_turn_subject", "Your turn in {game}", game=game)
    body = msg(
        "mail_turn_body",
        "Hello {name},\n\n"
        "It is your turn in {game} with {opponents}.\n"
        "Play your move before {deadline}: {link}\n\n"
        "You get this mail because you asked the kameleon arena to tell you when it is your turn.\n"
        "No more of these mails: {unsubscribe}",
        name=name,
        game=game,
        opponents=opponents,
        deadline=deadline,
        link=link,
        unsubscribe=unsubscribe,
    )
    return subject, body


# --- the address in links -------------------------------------------------------------------------


def _hostname(host: str) -> tuple[str, int | None] | None:
    try:
        parts = urlsplit(f"//{host}")
        return (parts.hostname or "", parts.port)
    except ValueError:
        return None


def _loopback(name: str) -> bool:
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def link_base(scheme: str, host: str | None, server: tuple[str, int] | None) -> str:
    """scheme://host[:port] for the links of mails without KAMELEON_PUBLIC_URL: the request's Host only when it
    names the address this server listens on (or loopback) with its port, else that address itself. Any other
    Host header would let a request put another site's link into a mail from the arena."""
    scheme = scheme if scheme in ("http", "https") else "http"
    if server is None:
        return f"{scheme}://localhost"
    listen_host, listen_port = server
    shown = f"[{listen_host}]" if ":" in listen_host else listen_host
    listen = f"{scheme}://{shown}:{listen_port}"
    named = _hostname(host.strip().lower()) if host else None
    if named is None:
        return listen
    name, port = named
    port = port or {"http": 80, "https": 443}[scheme]
    if port == listen_port and name and (name == listen_host.lower() or _loopback(name)):
        # Rebuilt from its parts, never echoed: nothing else the header held (a path, user info) goes along.
        return f"{scheme}://{f'[{name}]' if ':' in name else name}:{port}"
    return listen


# --- the outbox -------------------------------------------------------------------------------------


def enqueue(
    db: Session,
    recipient: str,
    subject: str,
    body: str,
    headers: dict[str, str] | None = None,
    key: str | None = None,
    table_id: str | None = None,
    moves: int | None = None,
    user_id: int | None = None,
    delay: float = 0.0,
) -> bool:
    """Write a mail to the outbox and commit, due in `delay` seconds; False when a mail with `key` is there
    already, or when the recipient has `MAX_WAITING_PER_RECIPIENT` unsent mails already (the outbox stays
    bounded)."""
    if waiting_for(db, recipient) >= MAX_WAITING_PER_RECIPIENT:
        log.warning("a mail to %s is not written: %d are waiting for it already", recipient, MAX_WAITING_PER_RECIPIENT)
        db.rollback()
        return False
    now = utcnow()
    db.add(
        OutboxMail(
            key=key,
            user_id=user_id,
            recipient=recipient,
            subject=subject[:200],
            body=body,
            headers=headers or {},
            table_id=table_id,
            moves=moves,
            created_at=now,
            due_at=now + timedelta(seconds=delay),
            attempts=0,
            state="waiting",
        )
    )
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
        return False
    return True


def waiting_for(db: Session, recipient: str) -> int:
    """Unsent mails to `recipient` in the outbox."""
    count = db.scalar(
        select(func.count())
        .select_from(OutboxMail)
        .where(func.lower(OutboxMail.recipient) == recipient.lower(), OutboxMail.state == "waiting")
    )
    return int(count or 0)


class Permanent(Exception):
    """The mail server refused the mail for good (a 5xx answer)."""


def send_now(target: SmtpTarget, sender: str, row: OutboxMail) -> None:
    """Hand one mail to the mail server (blocking: run it in a worker thread)."""
    mail = EmailMessage(policy=SMTP_POLICY)
    mail["From"] = sender
    mail["To"] = row.recipient
    mail["Subject"] = row.subject
    mail["Date"] = formatdate(localtime=False)
    mail["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2].strip(">") or "localhost")
    mail.set_content(row.body)  # first: it drops every Content-* header set before it
    for name, value in (row.headers or {}).items():
        mail[name] = value
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    try:
        if target.tls:
            smtp = smtplib.SMTP_SSL(target.host, target.port, timeout=SMTP_TIMEOUT, context=context)
        else:
            smtp = smtplib.SMTP(target.host, target.port, timeout=SMTP_TIMEOUT)
        with smtp:
            smtp.ehlo()
            if not target.tls and smtp.has_extn("starttls"):
                smtp.starttls(context=context)
                smtp.ehlo()
            if target.user is not None:
                smtp.login(target.user, target.password or "")
            smtp.send_message(mail)
    except smtplib.SMTPRecipientsRefused as exc:
        codes = [code for code, _ in exc.recipients.values()]
        if codes and all(code >= 500 for code in codes):
            raise Permanent(f"refused: {exc.recipients}") from None
        raise
    except smtplib.SMTPResponseException as exc:
        if exc.smtp_code >= 500:
            raise Permanent(f"{exc.smtp_code} {exc.smtp_error!r}") from None
        raise


class Mailer:
    """The outbox's sender for one server process, and the writer of turn mails."""

    def __init__(
        self,
        sessions: Callable[[], Session],
        smtp_url: str | None,
        mail_from: str,
        public_url: str | None,
        retry: float,
        poll: float,
        pause: float = 30.0,
        turn_delay: float = 0.0,
    ) -> None:
        self.sessions = sessions
        self.target = parse_smtp_url(smtp_url) if smtp_url else None
        self.mail_from = mail_from
        self.public_url = public_url.rstrip("/") if public_url else None
        self.retry = retry
        self.poll = poll
        self.pause = pause
        """Seconds an account waits between two confirmation mails (KAMELEON_CONFIRM_PAUSE); clearing the
        address does not end it. The throttle's `confirm_*` rules bound them further."""
        self.turn_delay = turn_delay
        """Seconds a turn mail waits in the outbox (KAMELEON_TURN_MAIL_DELAY): a person who plays meanwhile, or
        has the table open, gets none."""
        self.present: Callable[[str, int], bool] = lambda table_id, user_id: False
        """Whether the person has the table open on a socket of this process (set by `Arena`)."""
        self._wake: asyncio.Event | None = None
        self._writing: set[asyncio.Task[None]] = set()

    @property
    def enabled(self) -> bool:
        return self.target is not None

    def base(self, settings_row: MailSettings | None, reached: str | None = None) -> str:
        """The arena's address for links: KAMELEON_PUBLIC_URL, else the one it was reached at (`link_base`:
        never a Host header other than the server's own address)."""
        if self.public_url:
            return self.public_url
        if reached:
            return reached.rstrip("/")
        if settings_row is not None and settings_row.base_url:
            return settings_row.base_url
        return "http://localhost"

    def wake(self) -> None:
        if self._wake is not None:
            self._wake.set()

    # --- turn mails ----------------------------------------------------------------------------------

    def turn_waiting(self, table_id: str, seat: int, moves: int) -> None:
        """The turn of a person at a turn-based table began: write their mail in the background."""
        if not self.enabled:
            return
        task = asyncio.get_running_loop().create_task(self._write_turn(table_id, seat, moves))
        self._writing.add(task)
        task.add_done_callback(self._writing.discard)

    async def _write_turn(self, table_id: str, seat: int, moves: int) -> None:
        try:
            if await asyncio.to_thread(self.write_turn_mail, table_id, seat, moves):
                self.wake()
        except Exception:
            log.exception("writing the turn mail of table %s failed", table_id)

    def write_turn_mail(self, table_id: str, seat: int, moves: int) -> bool:
        with self.sessions() as db:
            row = db.get(Seat, (table_id, seat))
            table = db.get(GameTable, table_id)
            if row is None or table is None or row.bot or row.user_id is None:
                return False
            settings_row = db.get(MailSettings, row.user_id)
            user = db.get(User, row.user_id)
            if settings_row is None or user is None or not settings_row.turn_email or not settings_row.email:
                return False
            others = db.scalars(select(Seat.name).where(Seat.table_id == table_id, Seat.seat != seat)).all()
            try:
                import kameleon

                title = kameleon.load(table.game, **table.options).title
            except Exception:
                title = table.game
            base = self.base(settings_row)
            last = db.scalar(select(func.max(Move.created_at)).where(Move.table_id == table_id))
            since = last or table.started_at or utcnow()
            deadline = aware(since) + timedelta(seconds=table.time_per_move or 0)
            unsubscribe = f"{base}/api/mail/unsubscribe?token={settings_row.unsubscribe_token}"
            subject, body = turn_mail(
                user.display_name,
                title,
                ", ".join(name or "?" for name in others),
                deadline.strftime("%Y-%m-%d %H:%M UTC"),
                f"{base}/table/{table_id}",
                unsubscribe,
            )
            language = user.language
            headers = {
                "Content-Language": language,
                "List-Unsubscribe": f"<{unsubscribe}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            }
            return enqueue(
                db,
                settings_row.email,
                i18n.render(subject, language),
                i18n.render(body, language),
                headers,
                key=f"turn:{table_id}:{moves}",
                table_id=table_id,
                moves=moves,
                user_id=user.id,
                delay=self.turn_delay,
            )

    # --- the sender -----------------------------------------------------------------------------------

    async def run(self) -> None:
        """Send what is due, until cancelled; wakes when this process writes a mail, else every `poll` s."""
        if not self.enabled:
            return
        self._wake = asyncio.Event()
        purged = 0.0
        while True:
            self._wake.clear()
            busy = False
            try:
                busy = await self.send_due()
                if time.monotonic() - purged > PURGE_EVERY:
                    purged = time.monotonic()
                    await asyncio.to_thread(self.purge)
            except Exception:
                log.exception("sending mails failed; trying again later")
            if not busy:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), self.poll)

    async def send_due(self) -> bool:
        """Claim and send one batch of due mails; True when there was one."""
        claimed = await asyncio.to_thread(self._claim)
        for row in claimed:
            outcome: Exception | None = None
            at_table = row.table_id is not None and row.user_id is not None and self.present(row.table_id, row.user_id)
            if at_table or await asyncio.to_thread(self._stale, row):
                await asyncio.to_thread(self._settle, row, "dropped", None)
                continue
            assert self.target is not None
            try:
                await asyncio.to_thread(send_now, self.target, self.mail_from, row)
            except Exception as exc:
                outcome = exc
            await asyncio.to_thread(self._settle, row, "sent" if outcome is None else "failed", outcome)
        return bool(claimed)

    def _claim(self) -> list[OutboxMail]:
        now = utcnow()
        due = (
            (OutboxMail.state == "waiting")
            & (OutboxMail.due_at <= now)
            & or_(OutboxMail.claimed_until.is_(None), OutboxMail.claimed_until < now)
        )
        with self.sessions() as db:
            # A read first: most looks find nothing, and a read takes no write lock.
            ids = list(db.scalars(select(OutboxMail.id).where(due).order_by(OutboxMail.id).limit(BATCH)))
            if not ids:
                return []
            claim = uuid.uuid4().hex
            # The conditions again on the rows themselves: another process may have claimed some meanwhile.
            db.execute(
                update(OutboxMail)
                .where(OutboxMail.id.in_(ids), due)
                .values(claim=claim, claimed_until=now + timedelta(seconds=CLAIM_SECONDS))
                .execution_options(synchronize_session=False)
            )
            db.commit()
            return list(db.scalars(select(OutboxMail).where(OutboxMail.claim == claim).order_by(OutboxMail.id)))

    def purge(self) -> None:
        """Delete the mails done with for `KEEP_DAYS`."""
        with self.sessions() as db:
            db.execute(
                delete(OutboxMail).where(
                    OutboxMail.state != "waiting", OutboxMail.created_at < utcnow() - timedelta(days=KEEP_DAYS)
                )
            )
            db.commit()

    def _stale(self, row: OutboxMail) -> bool:
        """A turn mail whose turn is over (the table moved on or ended)."""
        if row.table_id is None or row.moves is None:
            return False
        with self.sessions() as db:
            status = db.scalar(select(GameTable.status).where(GameTable.id == row.table_id))
            played = db.scalar(select(func.count()).select_from(Move).where(Move.table_id == row.table_id))
        return status != "playing" or played != row.moves

    def _settle(self, row: OutboxMail, outcome: str, error: Exception | None) -> None:
        now = utcnow()
        values: dict[str, Any] = {"claim": None, "claimed_until": None}
        if outcome in ("sent", "dropped"):
            values.update(state=outcome, sent_at=now if outcome == "sent" else None)
        else:
            attempts = row.attempts + 1
            final = isinstance(error, Permanent) or attempts >= MAX_ATTEMPTS
            wait = min(MAX_BACKOFF, self.retry * 2 ** (attempts - 1))
            values.update(attempts=attempts, last_error=f"{type(error).__name__}: {error}"[:300])
            if final:
                values["state"] = "failed"
                log.error("mail %s to %s given up after %d attempts: %s", row.id, row.recipient, attempts, error)
            else:
                values["due_at"] = now + timedelta(seconds=wait)
                log.warning(
                    "mail %s to %s failed (attempt %d): %s; trying again in %.0f s",
                    row.id,
                    row.recipient,
                    attempts,
                    error,
                    wait,
                )
        with self.sessions() as db:
            db.execute(
                update(OutboxMail)
                .where(OutboxMail.id == row.id, OutboxMail.claim == row.claim)
                .values(**values)
                .execution_options(synchronize_session=False)
            )
            db.commit()

    async def close(self) -> None:
        for task in list(self._writing):
            task.cancel()


# --- settings of one person (api.py's /api/me/notifications and the links of mails) ------------------


def settings_json(mailer: Mailer, row: MailSettings | None) -> dict[str, Any]:
    return {
        "available": mailer.enabled,
        "email": row.email if row else None,
        "pending": row.pending_email if row else None,
        "turn_email": bool(row and row.turn_email),
    }


def settings_of(db: Session, user: User) -> MailSettings:
    row = db.get(MailSettings, user.id)
    if row is None:
        row = MailSettings(user_id=user.id, turn_email=False, unsubscribe_token=secrets.token_urlsafe(24))
        db.add(row)
    return row


def _pause_left(row: MailSettings | None, now: datetime, pause: float) -> float:
    if row is None or row.confirm_asked_at is None:
        return 0.0
    return pause - (now - aware(row.confirm_asked_at)).total_seconds()


def wanted_confirmation(mailer: Mailer, db: Session, user: User, email: str | None) -> str | None:
    """The address `POST /api/me/notifications` would mail a confirmation link to (None: no mail), checked:
    a guest may not set one (nobody could tell who asked), and an account waits `Mailer.pause` between two
    (clearing the address in between does not end the pause). The caller then counts the throttle's rules."""
    from kameleon.server.errors import ApiError

    if email is None or email.strip() == "":
        return None
    if user.is_guest:
        raise ApiError(
            403,
            msg("mail_needs_account", "only registered accounts can receive mails: sign up to set an address"),
        )
    address = check_email(email)
    row = db.get(MailSettings, user.id)
    if row is not None and address == row.email:
        return None
    left = _pause_left(row, utcnow(), mailer.pause)
    if left > 0:
        raise ApiError(
            429,
            msg(
                "confirm_wait",
                "a confirmation mail was sent a moment ago: wait {seconds} seconds before asking for another",
                seconds=max(1, round(left)),
            ),
        )
    return address


def change(mailer: Mailer, db: Session, user: User, email: str | None, turn_email: bool | None, reached: str) -> bool:
    """Apply `POST /api/me/notifications` (after `wanted_confirmation` and the throttle); True when a
    confirmation mail was written (the caller wakes the sender). An address is kept only once confirmed; ""
    forgets it. A new confirmation drops the unsent ones of the account (their links no longer work anyway)."""
    address = wanted_confirmation(mailer, db, user, email)
    row = settings_of(db, user)
    row.base_url = reached.rstrip("/")[:200]
    now = utcnow()
    wrote = False
    if email is not None and email.strip() == "":
        row.email = row.pending_email = row.confirm_hash = row.confirm_expires = None
        row.turn_email = False
    elif email is not None and address is None:
        # Back to the confirmed address: a link mailed for another one must stop working.
        row.pending_email = row.confirm_hash = row.confirm_expires = None
    elif address is not None:
        token = secrets.token_urlsafe(32)
        row.pending_email = address
        row.confirm_hash = hash_token(token)
        row.confirm_expires = now + timedelta(hours=CONFIRM_HOURS)
        row.confirm_asked_at = now
        subject, body = confirm_mail(f"{mailer.base(row, reached)}/api/mail/confirm?token={token}")
        db.execute(
            update(OutboxMail)
            .where(
                OutboxMail.user_id == user.id,
                OutboxMail.table_id.is_(None),
                OutboxMail.state == "waiting",
                OutboxMail.claim.is_(None),
            )
            .values(state="dropped")
            .execution_options(synchronize_session=False)
        )
        db.flush()
        language = user.language
        headers = {"Content-Language": language}
        rendered = i18n.render(subject, language), i18n.render(body, language)
        wrote = enqueue(db, address, *rendered, headers, user_id=user.id)
        if not wrote:
            from kameleon.server.errors import ApiError

            raise ApiError(
                429,
                msg("mail_backlog", "too many mails wait to be sent to this address; try again later"),
            )
        row = settings_of(db, user)
    if turn_email is not None:
        row.turn_email = turn_email
    db.commit()
    return wrote


def pending(db: Session, token: str) -> MailSettings | None:
    """The settings a confirmation token is valid for (None: unknown, used or expired)."""
    row = db.scalar(select(MailSettings).where(MailSettings.confirm_hash == hash_token(token))) if token else None
    if row is None or row.confirm_expires is None or aware(row.confirm_expires) < utcnow() or not row.pending_email:
        return None
    return row


CONFIRM_INVALID = msg(
    "confirm_invalid", "This confirmation link is no longer valid: ask for a new one on your profile page."
)


def confirm(db: Session, token: str) -> tuple[User | None, Message]:
    """Confirm (the POST of the link's page, never the GET a link scanner makes): the address becomes the
    account's (once; the link then stops working)."""
    row = pending(db, token)
    if row is None:
        return None, CONFIRM_INVALID
    address = row.pending_email
    row.email, row.pending_email, row.confirm_hash, row.confirm_expires = address, None, None, None
    row.unsubscribe_token = secrets.token_urlsafe(24)
    db.commit()
    return db.get(User, row.user_id), msg(
        "confirm_done", "Your address {address} is confirmed: the arena's mails will come there.", address=address
    )


def unsubscribe(db: Session, token: str) -> tuple[User | None, Message]:
    row = db.scalar(select(MailSettings).where(MailSettings.unsubscribe_token == token)) if token else None
    if row is None:
        return None, msg("unsubscribe_invalid", "This unsubscribe link is not valid (any more).")
    # The address goes too, with any confirmation link on its way: mails come again only after a new
    # confirmation, so an unsubscribe cannot be undone by whoever holds the account (or a session of it). The
    # unsubscribe token stays, so that the link keeps answering (a mail program may POST after a prefetching
    # GET); a new confirmation changes it.
    row.turn_email = False
    row.email = row.pending_email = row.confirm_hash = row.confirm_expires = None
    db.commit()
    return db.get(User, row.user_id), msg(
        "unsubscribe_done_forgotten",
        "You will get no more mails from the arena, and it has forgotten this address. To get mails again, set "
        "an address on your profile page and confirm it.",
    )
