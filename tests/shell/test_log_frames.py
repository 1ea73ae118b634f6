"""The move log on a table's socket is sent once: whole on connect and on `sync`, then each frame only the
entries the socket was not sent yet (`log_from`: the first one's index), and whole again once the game is over
(every move shows then as its mover saw it). The HTTP state keeps the whole log."""

from __future__ import annotations

from tests.server.harness import ServerProcess, Socket
from tests.shell.test_log_and_results import secret_table

SYNC_AFTER = 3


def test_a_socket_gets_the_log_once_then_only_each_moves_entries(server: ServerProcess) -> None:
    alice, bob, carol, table_id = secret_table(server)
    viewers = [alice, bob, carol]
    sockets: list[Socket] = [viewer.socket(table_id) for viewer in viewers]
    state = f"/api/tables/{table_id}/state"
    for socket in sockets:
        first = socket.next_of("state")
        assert first["log_from"] == 0 and first["log"] == [] and first["table"]["status"] == "playing"
    played = 0
    while True:
        frame = alice.get(state)
        if frame["table"]["status"] != "playing":
            break
        assert frame["log_from"] == 0 and len(frame["log"]) == played, "the HTTP state has the whole log"
        seat = frame["table"]["current_player"]
        mover = viewers[seat]
        mover.post(f"/api/tables/{table_id}/moves", {"move": mover.get(state)["legal"][0], "expect": played})
        played += 1
        for socket in sockets:
            socket.next_of("state")
            sent = socket.raw[-1]
            if sent["table"]["status"] == "playing":
                # Only the new move's entry, though the socket's log (kept by the harness) holds every move.
                assert sent["log_from"] == played - 1 and len(sent["log"]) == 1 and sent["table"]["moves"] == played
                assert socket.log[: played - 1] == socket.frames[-2]["log"]
        if played == SYNC_AFTER:
            for viewer, socket in zip(viewers, sockets, strict=True):
                socket.send({"type": "sync"})
                socket.next_of("state")
                sent = socket.raw[-1]
                assert sent["log_from"] == 0 and len(sent["log"]) == played
                assert sent["log"] == viewer.get(state)["log"], "a sync sends the whole log as the seat sees it"
    assert played > SYNC_AFTER
    # Over: the first frame that says so carries the whole log, each hidden move now as its mover played it.
    for viewer, socket in zip(viewers, sockets, strict=True):
        socket.drain()
        over = next(sent for sent in socket.raw if sent["type"] == "state" and sent["table"]["status"] == "finished")
        assert over["log_from"] == 0 and over["log"] == viewer.get(state)["log"] == alice.get(state)["log"]
        assert all(entry["move"] != "?" for entry in over["log"])
        socket.close()
