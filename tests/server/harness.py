"""A real arena for the tests: `kameleon serve` in a subprocess on 127.0.0.1 with an SQLite file, and its clients."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

import kameleon
from kameleon.server.loopback import free_port
from kameleon.server.throttle import LOOPBACK_LIMITS

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 30.0


class ServerProcess:
    """`python -m kameleon serve` on a free port; `kill()` is a real SIGKILL."""

    def __init__(
        self,
        database: Path,
        bot_delay: float = 0.0,
        database_url: str | None = None,
        env: dict[str, str] | None = None,
        args: list[str] | None = None,
    ) -> None:
        self.database = database
        self.database_url = database_url or f"sqlite:///{database}"
        self.bot_delay = bot_delay
        self.env = env or {}
        self.args = args or []
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log = database.with_suffix(".log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        env = {
            **os.environ,
            **LOOPBACK_LIMITS,
            "KAMELEON_BOT_DELAY": str(self.bot_delay),
            "NO_PROXY": "*",
            **self.env,
        }
        command = [
            sys.executable,
            "-m",
            "kameleon",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
            *self.args,
        ]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.log.read_text()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/health", timeout=1, trust_env=False).status_code == 200:
                    return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer within {START_TIMEOUT}s:\n{self.log.read_text()}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Player:
    """One person at the arena: an HTTP client holding a session, able to open table sockets."""

    def __init__(self, base: str, name: str, password: str | None = None) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=30, trust_env=False)
        if password is None:
            response = self.http.post("/api/auth/guest", json={"name": name})
        else:
            response = self.http.post("/api/auth/signup", json={"username": name, "password": password})
        assert response.status_code == 200, response.text
        self.user = response.json()["user"]
        self.token: str = response.json()["token"]

    def post(self, path: str, body: Any = None, expect: int = 200) -> dict[str, Any]:
        response = self.http.post(path, json=body if body is not None else {})
        assert response.status_code == expect, f"{path}: {response.status_code} {response.text}"
        data: dict[str, Any] = response.json()
        return data

    def get(self, path: str, expect: int = 200) -> dict[str, Any]:
        response = self.http.get(path)
        assert response.status_code == expect, f"{path}: {response.status_code} {response.text}"
        data: dict[str, Any] = response.json()
        return data

    def socket(self, table_id: str) -> Socket:
        return Socket(self.base, table_id, {"Cookie": f"kameleon_session={self.token}"})


class Socket:
    """A table WebSocket that keeps every frame it receives (for the hidden-information checks).

    It keeps the move log as a client does: a state frame carries the entries from `log_from` on (the whole log
    when 0), and `recv` hands back each state frame with the whole log this socket holds after it; `raw` keeps
    the frames as sent."""

    def __init__(self, base: str, table_id: str, headers: dict[str, str] | None = None, query: str = "") -> None:
        url = base.replace("http://", "ws://") + f"/api/tables/{table_id}/ws{query}"
        self._stack = contextlib.ExitStack()
        # No bound on the frames kept unread: with the default 16 the connection stops reading once a test leaves
        # frames unread, misses the server's reply to its close and waits out the 10 s close timeout.
        self.ws: ClientConnection = self._stack.enter_context(
            connect(url, additional_headers=headers, proxy=None, open_timeout=10, max_queue=None)
        )
        self.frames: list[dict[str, Any]] = []
        self.raw: list[dict[str, Any]] = []
        self.log: list[dict[str, Any]] = []

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.raw.append(frame)
        if frame["type"] == "state":
            frame = self._whole(frame)
        self.frames.append(frame)
        return frame

    def _whole(self, frame: dict[str, Any]) -> dict[str, Any]:
        start = frame["log_from"]
        assert start in (0, len(self.log)), f"entries from {start} sent to a socket holding {len(self.log)}"
        self.log = [*self.log[:start], *frame["log"]]  # a list per frame: the tests compare earlier frames later
        assert len(self.log) == frame["table"]["moves"], "the log a socket holds counts every move"
        return {**frame, "log": self.log}

    def next_of(self, kind: str, timeout: float = 20.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            frame = self.recv(max(0.01, deadline - time.monotonic()))
            if frame["type"] == kind:
                return frame

    def drain(self, quiet: float = 0.2) -> None:
        """Read until nothing arrives for `quiet` seconds."""
        with contextlib.suppress(TimeoutError):
            while True:
                self.recv(quiet)

    def close(self) -> None:
        self._stack.close()


def my_turn(player: Player, table_id: str) -> dict[str, Any]:
    """The table's frame once it is `player`'s turn (the bots have moved) or the game is over."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        frame = player.get(f"/api/tables/{table_id}/state")
        if frame["legal"] or frame["table"]["status"] == "finished":
            return frame
        time.sleep(0.02)
    raise AssertionError("the bot never gave the turn back")


def play(player: Player, table_id: str, frame: dict[str, Any], move: str) -> dict[str, Any]:
    """Play `move` over HTTP on the position of `frame`; returns the new frame."""
    return player.post(f"/api/tables/{table_id}/moves", {"move": move, "expect": len(frame["log"])})


def player_count(game: str) -> int:
    """The smallest seat count of at least 2 that the game accepts (fastest full games)."""
    for players in range(2, 9):
        try:
            kameleon.load(game, players=players)
        except kameleon.KameleonError:
            continue
        return players
    raise AssertionError(f"{game} accepts no player count from 2 to 8")


def engine_steps(record: dict[str, Any]) -> tuple[list[str], dict[tuple[int, int | None], dict[str, Any]]]:
    """The per-action tokens of a finished game, and view(seat) for every seat and the spectator after each action.

    The arena stores one token per accepted action (a record may group several actions in one token, as Le
    Caméléon does for a ply), so both are rebuilt from the replayed state's history.
    """
    final = kameleon.replay(record)
    state = final.game.new_state(final.seed)
    seats: list[int | None] = [*range(state.num_players), None]
    views = {(0, seat): state.view(seat) for seat in seats}
    tokens = []
    for number, action in enumerate(final.history, start=1):
        tokens.append(state.action_to_str(action))
        state.apply(action)
        views.update({(number, seat): state.view(seat) for seat in seats})
    return tokens, views


def tokens_of(log: list[dict[str, Any]]) -> list[str]:
    """The notation of a frame's log entries (`{"seat", "move", "event"}` each)."""
    return [entry["move"] for entry in log]


def play_until(player: Player, moves: int, pick: int = 0) -> tuple[int, list[str]]:
    """Create a 3-seat Coloretto table with random bots, start it, and play (choosing legal move
    number `pick`) until at least `moves` moves are accepted; returns the table id and the log."""
    table_id: int = player.post(
        "/api/tables", {"game": "coloretto", "options": {"players": 3}, "bots": "random"}, expect=201
    )["table"]["id"]
    player.post(f"/api/tables/{table_id}/start")
    accepted: list[str] = []
    while len(accepted) < moves:
        frame = player.get(f"/api/tables/{table_id}/state")
        if frame["legal"]:
            move = {"move": frame["legal"][pick], "expect": len(frame["log"])}
            accepted = tokens_of(player.post(f"/api/tables/{table_id}/moves", move)["log"])
        else:
            time.sleep(0.02)
    return table_id, accepted
