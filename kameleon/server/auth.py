"""Accounts and login sessions, done by the book.

* Passwords are hashed with argon2id (argon2-cffi's defaults), rehashed when the
  parameters change; a failed login says the same thing for a wrong name and a
  wrong password.
* A session is a 256-bit random token sent once in an HttpOnly, SameSite=Lax
  cookie (Secure when served over HTTPS); the database keeps only its SHA-256,
  so a leaked database opens no account. API clients may send the same token as
  `Authorization: Bearer <token>` (which wins over a cookie).
* Guests are users without a password; they keep their seats as long as their
  cookie lives.
* A browser that logged in to an account is a *known device* of it: a second
  HttpOnly cookie (`kameleon_device`, sent only to /api/auth) holds, for up to
  MAX_DEVICE_ACCOUNTS accounts, the account's id, a random device id and an
  HMAC of both keyed with the account's password hash. Nobody can forge one
  without the database, a new password invalidates them all, and the server
  stores nothing. Known devices have their own failed-login limit
  (`throttle.py`), so strangers cannot lock the owner out.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Request, Response
from sqlalchemy import CursorResult, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from kameleon.engine.messages import Message, msg
from kameleon.server.errors import ApiError
from kameleon.server.models import AuthSession, User

COOKIE = "kameleon_session"
DEVICE_COOKIE = "kameleon_device"
DEVICE_PATH = "/api/auth"
"""The device cookie goes only to the login and sign-up calls, the only ones that read it."""
DEVICE_DAYS = 365
MAX_DEVICE_ACCOUNTS = 4
"""Accounts one browser is remembered as a known device of (the last ones it logged in to)."""
MAX_USERNAME = 24
USERNAME = re.compile(r"^[A-Za-z0-9_.-]{3,24}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 256
LANGUAGES = ("en", "it", "pl", "fr", "uk")
_hasher = PasswordHasher()
# What an unknown name's password is checked against, so that it takes as long as a known one's. Written out,
# since hashing it took 0.3 s of every server start; made again only where the hasher's parameters differ
# from the ones it was made with, which would make its check take another time.
_WRITTEN_DUMMY_HASH = (
    "$argon2id$v=19$m=65536,t=3,p=4$J7B8cglV+1IEXd/qoG2xmQ$acR/18RgiFNIDTTNVqDk3Pc308c5fltJg6Hlbg65STo"
)
_DUMMY_HASH = (
    _hasher.hash("timing-equaliser-not-a-password")
    if _hasher.check_needs_rehash(_WRITTEN_DUMMY_HASH)
    else _WRITTEN_DUMMY_HASH
)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def clean_name(name: object, what: Message | None = None) -> str:
    """A display name: 1-40 printable characters, surrounding spaces removed; `what` names it in errors."""
    what = what or msg("name", "name")
    if not isinstance(name, str):
        raise ApiError(422, msg("name_not_text", "{what} must be text", what=what))
    text = " ".join(name.split())
    if not 1 <= len(text) <= 40:
        raise ApiError(422, msg("name_length", "{what} must have 1 to 40 characters", what=what))
    if any(not ch.isprintable() for ch in text):
        raise ApiError(422, msg("name_unprintable", "{what} contains unprintable characters", what=what))
    if not visible(text):
        raise ApiError(422, msg("name_invisible", "{what} needs at least one visible character", what=what))
    return text


BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\U0001d159")
"""Letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern, a null notehead)."""


def visible(text: str) -> bool:
    """Whether `text` draws something: a letter, digit, punctuation or symbol that is not blank (combining marks
    alone, spaces and fillers draw nothing)."""
    return any(ch not in BLANK and unicodedata.category(ch)[0] in "LNPS" for ch in text)


def clean_language(language: object) -> str:
    """An interface language the arena speaks."""
    if language not in LANGUAGES:
        raise ApiError(
            422, msg("unknown_language", "'language' must be one of {languages}", languages=", ".join(LANGUAGES))
        )
    return str(language)


def check_credentials(username: object, password: object) -> tuple[str, str]:
    if not isinstance(username, str) or not USERNAME.match(username):
        raise ApiError(422, msg("bad_username", "username must be 3 to 24 letters, digits, '.', '_' or '-'"))
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ApiError(
            422,
            msg(
                "bad_password_length",
                "password must have {low} to {high} characters",
                low=MIN_PASSWORD,
                high=MAX_PASSWORD,
            ),
        )
    return username, password


def sign_up(
    db: Session, username: object, password: object, display_name: object = None, language: object = "en"
) -> User:
    """A new account; `language` is the interface language the person signed up in."""
    name, secret = check_credentials(username, password)
    spoken = clean_language(language)
    if db.scalar(select(User).where(func.lower(User.username) == name.lower())) is not None:
        raise ApiError(409, msg("username_taken", "the username {name!r} is taken", name=name))
    shown = clean_name(display_name, msg("display_name", "display name")) if display_name not in (None, "") else name
    user = User(username=name, display_name=shown, password_hash=_hasher.hash(secret), is_guest=False, language=spoken)
    db.add(user)
    try:
        db.flush()
    except IntegrityError:  # a sign-up racing this one took the name (in any case: migration 0005's index)
        db.rollback()
        raise ApiError(409, msg("username_taken", "the username {name!r} is taken", name=name)) from None
    return user


def log_in(db: Session, username: object, password: object) -> User:
    """The account, or 401; failed logins are counted (per address and per account) by the caller, `throttle.py`."""
    if not isinstance(username, str) or not isinstance(password, str) or len(password) > MAX_PASSWORD:
        raise ApiError(401, msg("wrong_login", "wrong username or password"))
    user = db.scalar(select(User).where(func.lower(User.username) == username.lower(), User.is_guest.is_(False)))
    try:
        _hasher.verify(user.password_hash if user and user.password_hash else _DUMMY_HASH, password)
    except (VerificationError, InvalidHashError):
        user = None
    if user is None:
        raise ApiError(401, msg("wrong_login", "wrong username or password"))
    if _hasher.check_needs_rehash(user.password_hash or ""):
        user.password_hash = _hasher.hash(password)
    return user


def guest(db: Session, name: object, language: object = "en") -> User:
    spoken = clean_language(language)
    user = User(username=None, display_name=clean_name(name), password_hash=None, is_guest=True, language=spoken)
    db.add(user)
    db.flush()
    return user


def open_session(db: Session, user: User, days: int) -> str:
    """Store a new session for `user`; returns the token (shown to the client only, never stored)."""
    token = secrets.token_urlsafe(32)
    now = datetime.now(UTC)
    db.add(AuthSession(token_hash=hash_token(token), user_id=user.id, created_at=now, expires_at=now + timedelta(days)))
    return token


def set_cookie(response: Response, token: str, days: int, secure: bool) -> None:
    response.set_cookie(COOKIE, token, max_age=days * 86400, httponly=True, samesite="lax", secure=secure, path="/")


def _device_mac(user: User, device: str) -> str:
    key = (user.password_hash or "").encode("utf-8")
    return hmac.new(key, f"kameleon device {user.id} {device}".encode(), hashlib.sha256).hexdigest()[:32]


def _device_entries(cookies: dict[str, str]) -> list[tuple[str, str, str]]:
    """(account id, device id, mac) of each entry of a device cookie; nothing from a malformed one."""
    raw = cookies.get(DEVICE_COOKIE) or ""
    if len(raw) > 120 * MAX_DEVICE_ACCOUNTS:
        return []
    entries = []
    for entry in raw.split("_")[:MAX_DEVICE_ACCOUNTS]:
        parts = entry.split(".")
        if len(parts) == 3 and all(part.isalnum() and part.isascii() for part in parts):
            entries.append((parts[0], parts[1], parts[2]))
    return entries


def known_device(db: Session, cookies: dict[str, str], username: str) -> str | None:
    """The device id this browser holds for the account `username`, if its cookie is genuine; else None."""
    entries = _device_entries(cookies)
    if not entries:
        return None
    user = db.scalar(select(User).where(func.lower(User.username) == username.lower(), User.is_guest.is_(False)))
    if user is None or not user.password_hash:
        return None
    for account, device, mac in entries:
        if account == str(user.id) and hmac.compare_digest(mac, _device_mac(user, device)):
            return device
    return None


def remember_device(response: Response, cookies: dict[str, str], user: User, secure: bool) -> None:
    """Mark the browser that just proved the password as a known device of `user` (keeping its device id)."""
    entries = [entry for entry in _device_entries(cookies) if entry[0] != str(user.id)]
    device = next(
        (
            d
            for a, d, m in _device_entries(cookies)
            if a == str(user.id) and hmac.compare_digest(m, _device_mac(user, d))
        ),
        secrets.token_hex(12),
    )
    entries = [(str(user.id), device, _device_mac(user, device)), *entries][:MAX_DEVICE_ACCOUNTS]
    value = "_".join(".".join(entry) for entry in entries)
    response.set_cookie(
        DEVICE_COOKIE,
        value,
        max_age=DEVICE_DAYS * 86400,
        httponly=True,
        samesite="lax",
        secure=secure,
        path=DEVICE_PATH,
    )


def request_token(request_headers: Any, cookies: dict[str, str]) -> str | None:
    """The session token of a request: an explicit `Authorization: Bearer` header, else the cookie."""
    header = request_headers.get("authorization", "") if hasattr(request_headers, "get") else ""
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return cookies.get(COOKIE) or None


def user_for_token(db: Session, token: str | None) -> User | None:
    if not token or len(token) > 200:
        return None
    found = db.get(AuthSession, hash_token(token))
    if found is None:
        return None
    expires = found.expires_at if found.expires_at.tzinfo else found.expires_at.replace(tzinfo=UTC)
    if expires < datetime.now(UTC):
        db.delete(found)
        db.commit()
        return None
    return db.get(User, found.user_id)


def purge_expired(db: Session, now: datetime | None = None) -> int:
    """Delete every expired login session; returns how many.

    An expired token is refused anyway (`user_for_token`); without this sweep the sessions of guests who
    never come back would pile up forever.
    """
    moment = now or datetime.now(UTC)
    swept = cast(CursorResult[Any], db.execute(delete(AuthSession).where(AuthSession.expires_at < moment)))
    return swept.rowcount or 0


def current_user(db: Session, request: Request) -> User | None:
    return user_for_token(db, request_token(request.headers, request.cookies))


def close_session(db: Session, request: Request) -> None:
    token = request_token(request.headers, request.cookies)
    if token:
        db.execute(delete(AuthSession).where(AuthSession.token_hash == hash_token(token)))
