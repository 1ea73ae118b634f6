"""Mail: the confirmation of an address, one "your turn" mail per waiting turn of a turn-based game (in the
account's language, with working links), nothing without a mail server, a failing mail server tried again
without slowing any move, and several server processes sending each mail once.

A real SMTP server (aiosmtpd) listens on 127.0.0.1 and keeps what it receives; the arena runs as
`kameleon serve` subprocesses (tests/server/harness.py).
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from kameleon.engine.messages import msg
from kameleon.server import i18n, mail
from kameleon.server.loopback import LocalRedis, free_port
from tests.server.harness import Player, ServerProcess
from tests.server.test_fanout import LEASE

TURN_BASED = {"game": "coloretto", "options": {"players": 2}, "time": {"per_move": 3600}}
MAIL_ENV = {
    "KAMELEON_MAIL_RETRY": "0.3",
    "KAMELEON_MAIL_POLL": "0.2",
    "KAMELEON_MAIL_FROM": "arena@example.org",
    "KAMELEON_TURN_MAIL_DELAY": "0",
}


class Catcher:
    """aiosmtpd's handler: keeps every mail; `failures` mails are first answered 451 after `delay` seconds."""

    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []
        self.raw: list[bytes] = []
        self.failures = 0
        self.delay = 0.0
        self.attempts = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            self.attempts += 1
            failing = self.failures > 0
            if failing:
                self.failures -= 1
        if failing:
            await asyncio.sleep(self.delay)
            return "451 4.3.0 try again later"
        mail = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(mail, EmailMessage)
        with self.lock:
            self.mails.append(mail)
            self.raw.append(envelope.content)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.mails if m["To"] == address]

    def wait(self, address: str, count: int, timeout: float = 15.0) -> list[EmailMessage]:
        deadline = time.monotonic() + timeout
        while len(found := self.to(address)) < count:
            assert time.monotonic() < deadline, f"{len(found)} mails to {address}, not {count}"
            time.sleep(0.05)
        return found


@pytest.fixture
def smtp() -> Iterator[tuple[Catcher, str]]:
    catcher = Catcher()
    controller = Controller(catcher, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield catcher, f"smtp://127.0.0.1:{controller.port}"
    controller.stop()


def mail_arena(tmp_path: Path, smtp_url: str, name: str = "arena", **env: str) -> ServerProcess:
    return ServerProcess(
        tmp_path / f"{name}.sqlite3",
        database_url=env.pop("database_url", None),
        env={**MAIL_ENV, "KAMELEON_SMTP_URL": smtp_url, **env},
    ).start()


def link(text: str, path: str) -> str:
    found = re.search(rf"http://\S+{re.escape(path)}\S*", text)
    assert found, f"no {path} link in {text!r}"
    return found.group(0)


def confirmed(player: Player, catcher: Catcher, address: str, language: str = "en") -> None:
    """Set the player's address and turn mails, and follow the confirmation link mailed to it."""
    player.post("/api/me/language", {"language": language})
    asked = player.post("/api/me/notifications", {"email": address, "turn_email": True})
    assert asked["pending"] == address and asked["email"] is None and asked["confirmation_sent"]
    mail = catcher.wait(address, 1)[-1]
    assert mail["Subject"] == i18n.render(msg("", "Confirm your address for the kameleon arena"), language)
    url = link(mail.get_content(), "/api/mail/confirm?token=")
    with httpx.Client(trust_env=False) as stranger:  # the link works from any browser: the token is the key
        page = stranger.get(url)  # what a link scanner does: it shows the button, and confirms nothing
        assert page.status_code == 200 and address in page.text and f'lang="{language}"' in page.text
        assert player.get("/api/me/notifications")["pending"] == address
        token = re.search(r'name="token" value="([^"]+)"', page.text)
        assert token and 'method="post" action="/api/mail/confirm"' in page.text
        done = stranger.post(url.split("?")[0], data={"token": token.group(1)})  # its button: a form post
        assert done.status_code == 200 and address in done.text
        assert stranger.post(url.split("?")[0], data={"token": token.group(1)}).status_code == 404  # once only
        assert stranger.get(url).status_code == 404
    settings = player.get("/api/me/notifications")
    assert settings == {"available": True, "email": address, "pending": None, "turn_email": True}


def to_move(players: list[Player], table_id: str) -> tuple[int, dict[str, Any]]:
    """Which of the players is to move, and their frame."""
    deadline = time.monotonic() + 15
    while True:
        for index, player in enumerate(players):
            frame = player.get(f"/api/tables/{table_id}/state")
            if frame["legal"]:
                return index, frame
        assert time.monotonic() < deadline, "nobody is to move"
        time.sleep(0.05)


def move(player: Player, table_id: str, frame: dict[str, Any]) -> float:
    """Play the first legal move; the seconds the answer took."""
    started = time.perf_counter()
    player.post(f"/api/tables/{table_id}/moves", {"move": frame["legal"][0], "expect": len(frame["log"])})
    return time.perf_counter() - started


def test_mail_is_unavailable_without_a_mail_server(server: ServerProcess) -> None:
    ann = Player(server.url, "Ann")
    assert ann.get("/api/me/notifications") == {"available": False, "email": None, "pending": None, "turn_email": False}
    refused = ann.http.post("/api/me/notifications", json={"email": "ann@example.org", "turn_email": True})
    assert refused.status_code == 409 and refused.json()["code"] == "mail_unavailable"


def test_confirmation_then_one_mail_per_waiting_turn_in_the_account_language(
    tmp_path: Path, smtp: tuple[Catcher, str]
) -> None:
    catcher, url = smtp
    arena = mail_arena(tmp_path, url)
    try:
        alice, bob = Player(arena.url, "alice", "a good password"), Player(arena.url, "Bob")
        refused = alice.http.post("/api/me/notifications", json={"email": "not an address"})
        assert refused.status_code == 422 and refused.json()["code"] == "bad_email"
        address = "alice@example.org"
        confirmed(alice, catcher, address, "it")
        table_id = alice.post("/api/tables", TURN_BASED, expect=201)["table"]["id"]
        bob.post(f"/api/tables/{table_id}/join", {})
        alice.post(f"/api/tables/{table_id}/start")
        players, expected, hers_before = [alice, bob], 0, False
        while expected < 4:
            mover, frame = to_move(players, table_id)
            if mover == 0 and not hers_before:  # a turn of hers begins: exactly one mail
                expected += 1
                catcher.wait(address, 1 + expected)
            hers_before = mover == 0
            move(players[mover], table_id, frame)
        time.sleep(1.0)
        turns = catcher.to(address)[1:]
        assert len(turns) == expected  # one per turn of hers, none for a second action in the same turn
        game = i18n.render(msg("", "Your turn in {game}", game="Coloretto"), "it")
        for mail in turns:
            assert mail["Subject"] == game and mail["Content-Language"] == "it"
            assert mail["From"] == "arena@example.org"
            assert f"{arena.url}/table/{table_id}" in mail.get_content() and "Bob" in mail.get_content()
            assert re.search(r" \d{4}-\d\d-\d\d \d\d:\d\d UTC", mail.get_content())  # the move's deadline
            assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert catcher.to("Bob") == []
        with httpx.Client(trust_env=False) as browser:
            assert browser.get(link(turns[-1].get_content(), f"/table/{table_id}")).status_code == 200
            unsubscribe = turns[-1]["List-Unsubscribe"].strip("<>")
            assert unsubscribe == link(turns[-1].get_content(), "/api/mail/unsubscribe?token=")
            page = browser.get(unsubscribe)  # one click
            assert page.status_code == 200 and 'lang="it"' in page.text
            one_click = browser.post(
                unsubscribe,
                content="List-Unsubscribe=One-Click",
                headers={"Content-Type": "application/x-www-form-urlencoded"},
            )  # RFC 8058, as a mail program sends it
            assert one_click.status_code == 200
        # Unsubscribing forgets the address: turning the mails on again sends nothing before a new confirmation.
        assert alice.get("/api/me/notifications") == {
            "available": True,
            "email": None,
            "pending": None,
            "turn_email": False,
        }
        assert alice.post("/api/me/notifications", {"turn_email": True})["email"] is None
        assert httpx.get(unsubscribe, trust_env=False).status_code == 200  # the same link, once more: no harm
        hers_before = True
        while True:  # play on until her next turn: no mail for it
            mover, frame = to_move(players, table_id)
            if mover == 0 and not hers_before:
                break
            hers_before = mover == 0
            move(players[mover], table_id, frame)
        time.sleep(1.0)
        assert len(catcher.to(address)) == 1 + expected
    finally:
        arena.stop()


def test_a_failing_mail_server_is_tried_again_and_slows_no_move(tmp_path: Path, smtp: tuple[Catcher, str]) -> None:
    catcher, url = smtp
    arena = mail_arena(tmp_path, url)
    try:
        alice, bob = Player(arena.url, "Alice", "a good password"), Player(arena.url, "Bob")
        carol = Player(arena.url, "Carol")
        confirmed(alice, catcher, "alice@example.org")
        table_id = alice.post("/api/tables", TURN_BASED, expect=201)["table"]["id"]
        bob.post(f"/api/tables/{table_id}/join", {})
        alice.post(f"/api/tables/{table_id}/start")
        mover, frame = to_move([alice, bob], table_id)
        expected = 1 + (mover == 0)  # the confirmation, and her first turn if she begins
        catcher.wait("alice@example.org", expected)
        while mover == 0:  # alice plays until it is Bob's turn: then Bob's move gives her turn back
            move(alice, table_id, frame)
            mover, frame = to_move([alice, bob], table_id)
        catcher.failures, catcher.delay = 2, 1.5  # the next two tries hang 1.5 s each, then are refused
        tried, slowest = catcher.attempts, 0.0
        while mover == 1:  # Bob plays until her turn comes back
            slowest = max(slowest, move(bob, table_id, frame))
            mover, frame = to_move([alice, bob], table_id)
        # Meanwhile another table plays on at full speed while the mail server hangs and refuses.
        other = carol.post("/api/tables", {**TURN_BASED, "options": {"players": 3}, "bots": "random"}, expect=201)
        carol.post(f"/api/tables/{other['table']['id']}/start")
        started = time.monotonic()
        while time.monotonic() - started < 3.0:
            frame = carol.get(f"/api/tables/{other['table']['id']}/state")
            if frame["legal"]:
                slowest = max(slowest, move(carol, other["table"]["id"], frame))
        assert slowest < 1.0, f"a move took {slowest:.2f} s"
        catcher.wait("alice@example.org", expected + 1, timeout=20)
        assert catcher.attempts == tried + 3
        assert "trying again" in arena.log.read_text()
        time.sleep(1.0)
        assert len(catcher.to("alice@example.org")) == expected + 1  # sent once, though tried three times
    finally:
        arena.stop()


def test_several_processes_send_each_mail_once(tmp_path: Path, smtp: tuple[Catcher, str]) -> None:
    catcher, url = smtp
    redis_server = LocalRedis(tmp_path).start()
    shared = {
        "database_url": f"sqlite:///{tmp_path / 'shared.sqlite3'}",
        "KAMELEON_REDIS_URL": redis_server.url,
        "KAMELEON_LEASE_SECONDS": str(LEASE),
    }
    first = mail_arena(tmp_path, url, "first", **dict(shared))
    second = mail_arena(tmp_path, url, "second", **dict(shared))
    try:
        alice, bob = Player(first.url, "Alice", "a good password"), Player(second.url, "Bob", "a good password")
        confirmed(alice, catcher, "alice@example.org")
        confirmed(bob, catcher, "bob@example.org")
        table_id = alice.post("/api/tables", TURN_BASED, expect=201)["table"]["id"]
        bob.post(f"/api/tables/{table_id}/join", {})
        alice.post(f"/api/tables/{table_id}/start")
        players, turns, previous = [alice, bob], [1, 1], None
        for _ in range(12):
            mover, frame = to_move(players, table_id)
            if mover != previous:
                turns[mover] += 1
                catcher.wait(["alice@example.org", "bob@example.org"][mover], turns[mover])
            previous = mover
            move(players[mover], table_id, frame)
        mover, _ = to_move(players, table_id)
        turns[mover] += mover != previous  # the turn the last move began
        time.sleep(1.5)
        assert [len(catcher.to(a)) for a in ("alice@example.org", "bob@example.org")] == turns
        keys = [m["Message-ID"] for m in catcher.mails]
        assert len(keys) == len(set(keys))
    finally:
        second.stop()
        first.stop()
        redis_server.stop()


def test_one_client_cannot_make_the_arena_mail_an_address_again_and_again(
    tmp_path: Path, smtp: tuple[Catcher, str]
) -> None:
    """Review 28 H1: guests set no address; clearing the address does not end an account's pause; confirmation
    mails are limited per recipient and per client address, whoever asks; the mail names no display name."""
    catcher, url = smtp
    arena = mail_arena(tmp_path, url, KAMELEON_CONFIRM_MAILS_PER_ADDRESS="5/hour")
    try:
        assert "without KAMELEON_PUBLIC_URL" in arena.log.read_text()  # the warning at startup
        guest = Player(arena.url, "Guest")
        refused = guest.http.post("/api/me/notifications", json={"email": "victim@example.org"})
        assert refused.status_code == 403 and refused.json()["code"] == "mail_needs_account"
        mallory = Player(arena.url, "mallory", "a good password")
        mallory.post("/api/me/notifications", {"email": "victim@example.org"})
        for _ in range(3):  # the flood of review 28: set, clear, set...
            assert mallory.post("/api/me/notifications", {"email": ""})["pending"] is None
            again = mallory.http.post("/api/me/notifications", json={"email": "victim@example.org"})
            assert again.status_code == 429 and again.json()["code"] == "confirm_wait"
        # Other accounts of the same client, to the same recipient: three per hour reach it, whoever asks.
        others = [Player(arena.url, f"mallory{i}", "a good password") for i in range(4)]
        answers = [o.http.post("/api/me/notifications", json={"email": "victim@example.org"}) for o in others[:3]]
        assert [a.status_code for a in answers] == [200, 200, 429]
        assert answers[2].json()["code"] == "rate_limited"
        # ... and five per hour leave one client address, whatever the recipients (the refused one counted too).
        fifth = others[3].http.post("/api/me/notifications", json={"email": "another@example.org"})
        sixth = others[2].http.post("/api/me/notifications", json={"email": "a-third@example.org"})
        assert (fifth.status_code, sixth.status_code) == (200, 429)
        time.sleep(1.0)
        assert len(catcher.wait("victim@example.org", 3)) == 3
        time.sleep(0.5)
        assert len(catcher.to("victim@example.org")) == 3
    finally:
        arena.stop()


def test_the_links_of_mails_never_come_from_a_foreign_host_header_nor_name_the_asker(
    tmp_path: Path, smtp: tuple[Catcher, str]
) -> None:
    """Review 28 H1: a `Host: evil.example` request must not put evil.example's link into the arena's mail, and a
    display name must not put words into it."""
    catcher, url = smtp
    arena = mail_arena(tmp_path, url)
    try:
        http = httpx.Client(base_url=arena.url, trust_env=False, timeout=30)
        name = "Call +1 555 0100 at http://evil.example"  # a display name has 40 characters at most
        signed_up = http.post(
            "/api/auth/signup", json={"username": "eve1", "password": "a good password", "name": name}
        )
        assert signed_up.status_code == 200
        asked = http.post("/api/me/notifications", json={"email": "one@example.org"}, headers={"Host": "evil.example"})
        assert asked.status_code == 200, asked.text
        body = catcher.wait("one@example.org", 1)[0].get_content()
        assert "evil.example" not in body and "555 0100" not in body
        assert link(body, "/api/mail/confirm?token=").startswith(f"{arena.url}/api/mail/confirm?token=")
        # A loopback name on the server's own port is the arena itself: its links may use it.
        other = Player(arena.url, "eve2", "a good password")
        local = f"localhost:{arena.port}"
        asked = other.http.post("/api/me/notifications", json={"email": "two@example.org"}, headers={"Host": local})
        assert asked.status_code == 200, asked.text
        body = catcher.wait("two@example.org", 1)[0].get_content()
        assert f"http://{local}/api/mail/confirm?token=" in body
    finally:
        arena.stop()


def test_going_back_to_the_confirmed_address_kills_the_pending_link_and_a_form_elsewhere_confirms_nothing(
    tmp_path: Path, smtp: tuple[Catcher, str]
) -> None:
    """Review 28 L4 and M2: an old confirmation link stops working once the confirmed address is set again; the
    confirmation's POST comes only from the arena's own page."""
    catcher, url = smtp
    arena = mail_arena(tmp_path, url, KAMELEON_CONFIRM_PAUSE="0.5")
    try:
        ann = Player(arena.url, "ann1", "a good password")
        confirmed(ann, catcher, "ann@example.org")
        time.sleep(0.6)
        assert ann.post("/api/me/notifications", {"email": "new@example.org"})["pending"] == "new@example.org"
        old_link = link(catcher.wait("new@example.org", 1)[0].get_content(), "/api/mail/confirm?token=")
        back = ann.post("/api/me/notifications", {"email": "ann@example.org"})
        assert (back["email"], back["pending"], back["confirmation_sent"]) == ("ann@example.org", None, False)
        with httpx.Client(trust_env=False) as browser:
            assert browser.get(old_link).status_code == 404
        # A new link, then a form on another site posting it (the victim's browser, say): refused at the door.
        time.sleep(0.6)
        ann.post("/api/me/notifications", {"email": "newer@example.org"})
        page = httpx.get(link(catcher.wait("newer@example.org", 1)[0].get_content(), "token="), trust_env=False)
        token = re.search(r'name="token" value="([^"]+)"', page.text)
        assert token
        forged = httpx.post(
            f"{arena.url}/api/mail/confirm",
            data={"token": token.group(1)},
            headers={"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"},
            trust_env=False,
        )
        assert forged.status_code == 403 and forged.json()["code"] == "cross_site"
        as_json = httpx.post(f"{arena.url}/api/mail/confirm", json={"token": token.group(1)}, trust_env=False)
        assert as_json.status_code == 415
        assert ann.get("/api/me/notifications")["pending"] == "newer@example.org"
        own_page = httpx.post(
            f"{arena.url}/api/mail/confirm",
            data={"token": token.group(1)},
            headers={"Origin": arena.url, "Sec-Fetch-Site": "same-origin"},
            trust_env=False,
        )
        assert own_page.status_code == 200
        assert ann.get("/api/me/notifications")["email"] == "newer@example.org"
    finally:
        arena.stop()


def test_a_turn_mail_waits_and_is_not_sent_to_a_person_at_the_table_and_its_unsubscribe_header_is_plain(
    tmp_path: Path, smtp: tuple[Catcher, str]
) -> None:
    catcher, url = smtp
    arena = mail_arena(tmp_path, url, KAMELEON_TURN_MAIL_DELAY="1.5")
    try:
        alice, bob = Player(arena.url, "alice", "a good password"), Player(arena.url, "Bob")
        address = "alice@example.org"
        confirmed(alice, catcher, address)
        body = {**TURN_BASED, "options": {"players": 2, "start_player": 0}}
        table_id = alice.post("/api/tables", body, expect=201)["table"]["id"]
        bob.post(f"/api/tables/{table_id}/join", {})
        at_table = alice.socket(table_id)  # she clicked Start and sees the table: her first turn sends nothing
        alice.post(f"/api/tables/{table_id}/start")
        time.sleep(2.5)
        assert len(catcher.to(address)) == 1, "a turn mail went to a person who had the table open"
        at_table.close()

        def play_until_her_turn() -> float:
            players, hers = [alice, bob], True
            while True:
                mover, frame = to_move(players, table_id)
                if mover == 0 and not hers:
                    return time.monotonic()
                hers = mover == 0
                move(players[mover], table_id, frame)

        began = play_until_her_turn()
        [_, mail] = catcher.wait(address, 2)
        assert time.monotonic() - began >= 1.4, "the turn mail did not wait"
        raw = catcher.raw[-1].decode("ascii")
        header = re.search(r"^List-Unsubscribe: (.*)$", raw, re.MULTILINE)
        assert header and re.fullmatch(
            r"<http://127\.0\.0\.1:\d+/api/mail/unsubscribe\?token=[\w-]+>", header.group(1).strip()
        )
        assert "=?utf-8?" not in header.group(1)
        assert mail["List-Unsubscribe"] == header.group(1).strip()

        play_until_her_turn()  # and she plays at once, within the delay: that turn's mail is dropped
        _, frame = to_move([alice], table_id)
        move(alice, table_id, frame)
        time.sleep(2.5)
        assert len(catcher.to(address)) == 2, "a mail for a turn already played"
    finally:
        arena.stop()


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("localhost:8000", "http://localhost:8000"),
        ("evil.example", "http://127.0.0.1:8000"),
        ("127.0.0.1:8000/evil", "http://127.0.0.1:8000"),  # rebuilt from its parts, never echoed
        ("localhost:8000@evil.example", "http://127.0.0.1:8000"),
        ("localhost:9999", "http://127.0.0.1:8000"),
        (None, "http://127.0.0.1:8000"),
    ],
)
def test_the_base_of_links_is_the_listen_address_unless_the_host_names_it(host: str | None, expected: str) -> None:
    assert mail.link_base("http", host, ("127.0.0.1", 8000)) == expected
