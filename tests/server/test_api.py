"""Accounts, sessions, lobby and table life cycle through the HTTP API of a real server."""

from __future__ import annotations

import sqlite3
import time

import httpx
import pytest

import kameleon
from kameleon.server.catalogue import available_games
from tests.server.harness import Player, ServerProcess, Socket


def test_health_openapi_and_catalogue(server: ServerProcess) -> None:
    assert httpx.get(server.url + "/api/health", trust_env=False).json() == {"status": "ok"}
    schema = httpx.get(server.url + "/openapi.json", trust_env=False).json()
    assert "/api/tables/{table_id}/moves" in schema["paths"]
    for path in ("/docs", "/redoc"):  # they would need scripts from a CDN, which the CSP refuses
        answer = httpx.get(server.url + path, trust_env=False)
        assert answer.status_code == 404 and "swagger" not in answer.text.lower() and "redoc" not in answer.text.lower()
    catalogue = httpx.get(server.url + "/api/games", trust_env=False).json()
    assert [g["name"] for g in catalogue["games"]] == available_games()
    coloretto = next(g for g in catalogue["games"] if g["name"] == "coloretto")
    assert coloretto["players"] == [2, 3, 4, 5]
    assert {
        "name": "scoring",
        "doc": "scoring table",
        "required": False,
        "default": "brown",
        "choices": ["brown", "purple"],
    } in coloretto["options"]
    assert catalogue["default_bot"] in catalogue["bots"]
    page = httpx.get(server.url + "/table/abc", trust_env=False)
    assert page.status_code == 200 and "<html" in page.text.lower()
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert page.headers["x-content-type-options"] == "nosniff"
    # Unknown routes: the API answers in its own error form, a page address gets the front end with a 404.
    unknown = httpx.get(server.url + "/api/no/such/route", trust_env=False)
    assert (unknown.status_code, unknown.json()) == (
        404,
        {"error": "there is no GET /api/no/such/route", "code": "no_route"},
    )
    wrong = httpx.delete(server.url + "/api/health", headers={"Content-Type": "application/json"}, trust_env=False)
    assert (wrong.status_code, wrong.json(), wrong.headers["allow"]) == (
        405,
        {"error": "DELETE is not allowed on /api/health", "code": "method_not_allowed"},
        "GET",
    )
    missing = httpx.get(server.url + "/no/such/page", trust_env=False)
    assert missing.status_code == 404 and "<html" in missing.text.lower()
    assert "content-security-policy" in missing.headers


def test_sign_up_log_in_and_sessions_by_the_book(server: ServerProcess) -> None:
    http = httpx.Client(base_url=server.url, trust_env=False)
    response = http.post("/api/auth/signup", json={"username": "carol", "password": "correct horse"})
    assert response.status_code == 200
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
    token = response.json()["token"]
    assert len(token) >= 43
    assert http.get("/api/me").json()["user"]["name"] == "carol"
    taken = http.post("/api/auth/signup", json={"username": "Carol", "password": "another one"})
    assert (taken.status_code, taken.json()["error"]) == (409, "the username 'Carol' is taken")
    short = http.post("/api/auth/signup", json={"username": "dave", "password": "short"})
    assert (short.status_code, short.json()["error"]) == (422, "password must have 8 to 256 characters")
    for name, password in (("carol", "wrong password"), ("nobody", "correct horse")):
        wrong = httpx.post(
            server.url + "/api/auth/login", json={"username": name, "password": password}, trust_env=False
        )
        assert (wrong.status_code, wrong.json()["error"]) == (401, "wrong username or password")
    logged_in = httpx.Client(base_url=server.url, trust_env=False)
    assert logged_in.post("/api/auth/login", json={"username": "carol", "password": "correct horse"}).status_code == 200
    assert logged_in.get("/api/me").json()["user"]["username"] == "carol"
    for _ in range(9):
        httpx.post(server.url + "/api/auth/login", json={"username": "carol", "password": "guessing"}, trust_env=False)
    throttled = httpx.post(
        server.url + "/api/auth/login", json={"username": "carol", "password": "correct horse"}, trust_env=False
    )
    assert (throttled.status_code, throttled.json()["error"]) == (
        429,
        "too many failed logins for this account from your address; wait a few minutes",
    )
    fresh = httpx.Client(base_url=server.url, trust_env=False)
    assert fresh.post("/api/auth/login", json={"username": "carol", "password": "correct horse"}).status_code == 429
    assert http.get("/api/me").json()["user"]["username"] == "carol", "the session from sign-up still works"
    assert http.post("/api/auth/logout", json={}).status_code == 200
    assert httpx.get(server.url + "/api/me", headers={"Authorization": f"Bearer {token}"}, trust_env=False).json() == {
        "user": None
    }
    # The browser that signed up is a known device of the account (its device cookie outlives the logout): the
    # failures from elsewhere do not count for it.
    assert "kameleon_device=" in response.headers["set-cookie"]
    assert http.post("/api/auth/login", json={"username": "carol", "password": "correct horse"}).status_code == 200
    # Only hashes are stored: the argon2id password hash and the SHA-256 of the session token.
    with sqlite3.connect(server.database) as db:
        (password_hash,) = db.execute("SELECT password_hash FROM users WHERE username = 'carol'").fetchone()
        tokens = [row[0] for row in db.execute("SELECT token_hash FROM sessions")]
    assert password_hash.startswith("$argon2id$")
    assert token not in tokens and all(len(t) == 64 for t in tokens)


def test_bad_options_are_reported(server: ServerProcess) -> None:
    alice = Player(server.url, "Alice")
    for options, message in (
        ({"players": 9}, "bad value for option 'players': 9 is out of range; expected an integer from 2 to 5"),
        ({"players": 3, "colour": "pink"}, "unknown option 'colour' for coloretto"),
        ({}, "option 'players' is required for coloretto"),
    ):
        response = alice.http.post("/api/tables", json={"game": "coloretto", "options": options})
        assert response.status_code == 422
        assert response.json()["error"].startswith(message)
    open_before = alice.get("/api/tables?status=open")["tables"]
    for body, message in (
        ({"game": "go", "options": {}}, "unknown game 'go'"),
        ({}, "'game' is missing; the games are: "),
        ({"game": "coloretto", "options": {"players": 2}, "bot": "easy"}, "unknown field 'bot'"),
    ):
        response = alice.http.post("/api/tables", json=body)
        assert response.status_code == 422 and response.json()["error"].startswith(message)
    assert alice.get("/api/tables?status=open")["tables"] == open_before, "nothing refused was created"
    response = alice.http.post("/api/tables", json={"game": "coloretto", "options": {"players": 2}, "bots": "godlike"})
    assert response.status_code == 422 and "unknown bot level 'godlike'" in response.json()["error"]


def test_private_table_invite_join_leave_and_bots(server: ServerProcess) -> None:
    alice, bob, eve = Player(server.url, "Alice"), Player(server.url, "Bob"), Player(server.url, "Eve")
    created = alice.post("/api/tables", {"game": "coloretto", "options": {"players": 3}, "private": True}, expect=201)
    table_id, invite = created["table"]["id"], created["invite"]
    assert invite and created["seat"] == 0
    assert all(t["id"] != table_id for t in eve.get("/api/tables")["tables"])
    assert any(t["id"] == table_id for t in alice.get("/api/tables")["tables"])
    refused = eve.http.post(f"/api/tables/{table_id}/join", json={})
    assert (refused.status_code, refused.json()["error"]) == (
        403,
        "this table is private: join it through its invite link",
    )
    assert eve.get(f"/api/tables/{table_id}", expect=403)["error"] == (
        "this table is private: open it through its invite link"
    )
    joined = bob.post(f"/api/tables/{table_id}/join", {"invite": invite, "seat": 2})
    assert joined["seat"] == 2
    again = bob.http.post(f"/api/tables/{table_id}/join", json={"invite": invite})
    assert (again.status_code, again.json()["error"]) == (409, "you already hold a seat at this table")
    bob.post(f"/api/tables/{table_id}/leave")
    assert [s["kind"] for s in alice.get(f"/api/tables/{table_id}")["table"]["seats"]] == ["human", "empty", "empty"]
    outsider = eve.http.post(f"/api/tables/{table_id}/bots", json={"level": "random"})
    assert outsider.status_code == 403
    seats = alice.post(f"/api/tables/{table_id}/bots", {"level": "random"})["table"]["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "bot"]
    assert [s["name"] for s in seats] == ["Alice", "random bot 1", "random bot 2"], "bots can be told apart"
    response = alice.http.delete(f"/api/tables/{table_id}/seats/2", headers={"Content-Type": "application/json"})
    assert [s["kind"] for s in response.json()["table"]["seats"]] == ["human", "bot", "empty"]
    assert response.json()["table"]["seats"][1]["name"] == "random bot"


def test_a_private_game_is_seen_only_by_its_players_and_those_with_the_link(server: ServerProcess) -> None:
    alice = Player(server.url, "Alice")
    created = alice.post(
        "/api/tables", {"game": "coloretto", "options": {"players": 2}, "private": True, "bots": "random"}, expect=201
    )
    table_id, invite = created["table"]["id"], created["invite"]
    alice.post(f"/api/tables/{table_id}/start")
    stranger = httpx.Client(base_url=server.url, trust_env=False)
    assert stranger.get(f"/api/users/{alice.user['id']}").json()["games"] == [], "not even listed on her profile"
    for path in (f"/api/tables/{table_id}", f"/api/tables/{table_id}/state"):
        refused = stranger.get(path)
        assert (refused.status_code, refused.json()["error"]) == (
            403,
            "this table is private: open it through its invite link",
        )
        assert stranger.get(path, params={"invite": invite}).status_code == 200
        tampered = invite[:-1] + ("y" if invite.endswith("x") else "x")  # never the invite itself
        assert stranger.get(path, params={"invite": tampered}).status_code == 403
    peeking = Socket(server.url, table_id)
    assert peeking.recv() == {
        "type": "error",
        "error": "this table is private: open it through its invite link",
        "code": "table_private_watch",
        "request": "connect",
    }
    peeking.close()
    invited = Socket(server.url, table_id, query=f"?invite={invite}")
    assert invited.recv()["type"] == "state"
    invited.close()
    assert [g["id"] for g in alice.get(f"/api/users/{alice.user['id']}")["games"]] == [table_id]
    assert alice.get(f"/api/tables/{table_id}/state")["seat"] == 0


def test_an_open_table_everyone_left_leaves_the_lobby(server: ServerProcess) -> None:
    alice, bob = Player(server.url, "Alice"), Player(server.url, "Bob")
    table_id = alice.post("/api/tables", {"game": "coloretto", "options": {"players": 3}}, expect=201)["table"]["id"]
    alice.post(f"/api/tables/{table_id}/bots", {"level": "random", "seat": 1})

    def listed() -> list[str]:
        return [t["id"] for t in bob.get("/api/tables?status=open")["tables"]]

    assert table_id in listed()
    alice.post(f"/api/tables/{table_id}/leave")
    assert table_id not in listed(), "a bot alone does not keep a table in the lobby"
    assert bob.get(f"/api/tables/{table_id}")["table"]["status"] == "open", "its link still works"
    bob.post(f"/api/tables/{table_id}/join")
    assert table_id in listed()


def test_leaving_mid_game_hands_the_seat_to_a_bot_and_rematch(server: ServerProcess) -> None:
    alice = Player(server.url, "Alice")
    table_id = alice.post(
        "/api/tables", {"game": "coloretto", "options": {"players": 2}, "bots": "random"}, expect=201
    )["table"]["id"]
    alice.post(f"/api/tables/{table_id}/start")
    after = alice.post(f"/api/tables/{table_id}/leave")
    assert after["seat"] is None
    assert after["table"]["seats"][0]["kind"] == "bot"
    deadline = time.monotonic() + 60
    while alice.get(f"/api/tables/{table_id}")["table"]["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    record = alice.get(f"/api/tables/{table_id}/record")
    assert kameleon.replay(record).is_terminal
    board = alice.get("/api/leaderboard/coloretto")["players"]
    assert any(entry["player"] == f"user:{alice.user['id']}" and entry["games"] >= 1 for entry in board)
    assert all(entry["player"].startswith("user:") for entry in board), "bots are never on the leaderboard"
    rematch = alice.post(f"/api/tables/{table_id}/rematch", expect=201)["table"]
    assert rematch["status"] == "open" and rematch["rematch_of"] == table_id
    assert [s["kind"] for s in rematch["seats"]] == ["bot", "bot"]
    assert alice.get(f"/api/tables/{table_id}")["table"]["rematch_id"] == rematch["id"]


def test_a_profile_lists_the_games_played_and_unknown_players_are_not_found(server: ServerProcess) -> None:
    bob = Player(server.url, "Bob")
    table_id = bob.post("/api/tables", {"game": "coloretto", "options": {"players": 2}, "bots": "random"}, expect=201)[
        "table"
    ]["id"]
    bob.post(f"/api/tables/{table_id}/start")
    profile = bob.get(f"/api/users/{bob.user['id']}")
    assert profile["user"] == {"id": bob.user["id"], "name": "Bob", "guest": True}
    assert [(g["id"], g["status"], g["seat"]) for g in profile["games"]] == [(table_id, "playing", 0)]
    for unknown in ("0", "999999", "99999999999999999999999"):  # the last one is beyond what the database can hold
        assert bob.get(f"/api/users/{unknown}", expect=404)["error"] == f"there is no player {unknown}"


@pytest.mark.parametrize("tamper", ["none", "moves", "scores", "name"])
def test_record_import(server: ServerProcess, tamper: str) -> None:
    alice = Player(server.url, "Alice")
    state = kameleon.load("coloretto", players=3).new_state(seed=11)
    while not state.is_terminal:
        state.apply(state.legal_actions()[-1])
    record = state.record(players=["Ann", "Ben", "Cy"])
    if tamper == "moves":
        record["moves"][3] = "take 9"
    elif tamper == "scores":
        record["result"]["scores"][0] += 1
    elif tamper == "name":
        record["players"][2] = "C" * 41
    imported_before = alice.get("/api/tables?status=imported")["tables"]
    response = alice.http.post("/api/records", json=record)
    if tamper != "none":
        assert response.status_code == 422
        assert response.json()["error"].startswith(
            ("move 4 'take 9' cannot be played", "record says scores", "the name of player 2 must have 1 to 40")
        )
        assert alice.get("/api/tables?status=imported")["tables"] == imported_before, "a refused record stores nothing"
        return
    assert response.status_code == 201
    table = response.json()["table"]
    assert table["status"] == "imported" and [s["name"] for s in table["seats"]] == ["Ann", "Ben", "Cy"]
    assert alice.get(f"/api/tables/{table['id']}/record") == record
    last = alice.get(f"/api/tables/{table['id']}/replay/{len(record['moves'])}")
    assert last["view"]["final"] is True


def test_a_busy_lobby_still_lists_the_open_tables(server: ServerProcess) -> None:
    dana = Player(server.url, "Dana")
    waiting = dana.post("/api/tables", {"game": "coloretto", "options": {"players": 2}}, expect=201)["table"]["id"]
    state = kameleon.load("coloretto", players=2).new_state(seed=3)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    for _ in range(61):  # more finished games since the table opened than the lobby shows of one status
        dana.post("/api/records", state.record(), expect=201)
    tables = dana.get("/api/tables")["tables"]
    assert waiting in [t["id"] for t in tables if t["status"] == "open"]
    assert sum(t["status"] == "imported" for t in tables) == 60
    stamps = [t["created_at"] for t in tables]
    assert stamps == sorted(stamps, reverse=True)  # newest first across the statuses
    assert [t["id"] for t in dana.get("/api/tables?status=open")["tables"]].count(waiting) == 1
    assert dana.get("/api/tables?status=lost", expect=422)["error"] == (
        "'status' must be one of open, playing, finished, imported"
    )


def test_a_person_alone_with_bots_is_expelled_a_grace_period_after_leaving_out_of_time(server: ServerProcess) -> None:
    alice = Player(server.url, "Slow")
    bad = alice.http.post(
        "/api/tables", json={"game": "coloretto", "options": {"players": 2}, "time": {"initial": 0, "increment": 1}}
    )
    assert (bad.status_code, bad.json()["error"]) == (422, "time.initial: Input should be greater than or equal to 1")
    created = alice.post(
        "/api/tables",
        {
            "game": "coloretto",
            "options": {"players": 2, "start_player": 0},
            "bots": "random",
            "time": {"initial": 1, "increment": 0.5},
        },
        expect=201,
    )
    table_id = created["table"]["id"]
    assert created["table"]["time"] == {"initial": 1.0, "increment": 0.5}
    socket = alice.socket(table_id)
    socket.recv()
    alice.post(f"/api/tables/{table_id}/start")
    started = socket.next_of("state")
    assert started["clock"]["running"] == 0 and 0 < started["clock"]["remaining"][0] <= 1.0
    assert socket.next_of("out_of_time", timeout=10) == {"type": "out_of_time", "seat": 0}
    out = socket.next_of("state")
    assert out["seat"] == 0 and out["clock"]["out_of_time"] == [0], "still her seat: she may still move"
    assert out["clock"]["remaining"][1] is None, "a bot's seat shows no clock"
    # While she has the table open she can act on it (move): the server leaves her seat alone.
    time.sleep(2.5)
    assert alice.get(f"/api/tables/{table_id}")["table"]["seats"][0]["kind"] == "human"
    # Gone, nobody at the table can act on the absence: the server expels her once the grace period (here the
    # 1 s initial time) is over, and the game does not stay "playing" forever.
    socket.close()
    deadline = time.monotonic() + 15
    while (table := alice.get(f"/api/tables/{table_id}")["table"])["seats"][0]["kind"] == "human":
        assert time.monotonic() < deadline, "the absent person was never expelled"
        time.sleep(0.1)
    taken_over = table["seats"][0]
    assert (taken_over["kind"], taken_over["name"], taken_over["user_id"]) == ("bot", "Slow (bot)", alice.user["id"])
    assert (taken_over["timed_out"], taken_over["person"], taken_over["forfeit"]) == (True, "Slow", "expelled")
    assert alice.get(f"/api/tables/{table_id}/state")["seat"] is None, "the timed-out person no longer holds the seat"


def test_usernames_are_matched_exactly_ignoring_case(server: ServerProcess) -> None:
    Player(server.url, "a_b", password="first password")
    Player(server.url, "axb", password="other password")
    wild = httpx.post(
        server.url + "/api/auth/login", json={"username": "a%", "password": "first password"}, trust_env=False
    )
    assert wild.status_code == 401
    upper = httpx.post(
        server.url + "/api/auth/login", json={"username": "A_B", "password": "first password"}, trust_env=False
    )
    assert upper.status_code == 200 and upper.json()["user"]["username"] == "a_b"


def test_an_account_starts_in_the_language_it_signed_up_in(server: ServerProcess) -> None:
    http = httpx.Client(base_url=server.url, trust_env=False)
    signed = http.post("/api/auth/signup", json={"username": "polka", "password": "dobre hasło", "language": "pl"})
    assert signed.json()["user"]["language"] == "pl"
    assert http.get("/api/me").json()["user"]["language"] == "pl"
    guest = httpx.post(server.url + "/api/auth/guest", json={"name": "Ugo", "language": "it"}, trust_env=False)
    assert guest.json()["user"]["language"] == "it"
    assert Player(server.url, "plain").user["language"] == "en", "no language given: English"
    for path, body in (
        ("/api/auth/signup", {"username": "klingon", "password": "a good password", "language": "tlh"}),
        ("/api/auth/guest", {"name": "Worf", "language": "tlh"}),
        ("/api/me/language", {"language": ["pl"]}),
    ):
        refused = http.post(path, json=body)
        assert (refused.status_code, refused.json()["error"]) == (
            422,
            "language: Input should be 'en', 'it', 'pl', 'fr' or 'uk'",
        )
    assert http.get("/api/me").json()["user"]["language"] == "pl", "a refused change changes nothing"
    with sqlite3.connect(server.database) as db:
        assert db.execute("SELECT count(*) FROM users WHERE display_name IN ('klingon', 'Worf')").fetchone() == (0,)
