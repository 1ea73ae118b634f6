"""Pure parts of the server: clocks rebuilt from move times, rating ranks, the move writer, notation hooks."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, select
from sqlalchemy.orm import Session

import kameleon
from kameleon.ai import make_agent
from kameleon.server import notation, ratings, results
from kameleon.server.clock import Clock, TimeControl, check_time_control
from kameleon.server.db import make_engine, migrate
from kameleon.server.models import GameTable, Move, Rating
from kameleon.server.throttle import client_key
from kameleon.server.writer import MoveWriter

START = datetime(2026, 1, 1, tzinfo=UTC)


def test_clock_rebuilt_from_move_times() -> None:
    moves = [(0, START + timedelta(seconds=10)), (1, START + timedelta(seconds=13)), (0, START + timedelta(seconds=20))]
    clock = Clock.rebuild(60.0, 2.0, 2, START, moves)
    # Seat 0 thought 10 s then 7 s and earned 2 increments; seat 1 thought 3 s and earned one.
    assert clock.remaining == [60 - 10 - 7 + 4, 60 - 3 + 2]
    now = (START + timedelta(seconds=25)).timestamp()
    assert clock.left(1, 1, now) == pytest.approx(59 - 5)
    assert clock.left(0, 1, now) == pytest.approx(47)
    clock.charge(1, now)
    assert clock.remaining[1] == pytest.approx(59 - 5 + 2)
    # Naive datetimes (SQLite hands them back so) are read as UTC.
    naive = Clock.rebuild(
        60.0, 0.0, 2, START.replace(tzinfo=None), [(0, (START + timedelta(seconds=5)).replace(tzinfo=None))]
    )
    assert naive.remaining == [55.0, 60.0]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("5+3", "'time' must be an object"),
        ({"initial": 60, "bonus": 1}, "'time' must be an object"),
        ({"initial": True}, "time 'initial' must be a number of seconds"),
        ({"initial": 60, "increment": -1}, "'increment' 0 to that"),
    ],
)
def test_bad_time_controls(value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_time_control(value)


def test_time_control_values() -> None:
    assert check_time_control(None) is None
    assert check_time_control({"initial": 300}) == TimeControl(initial=300.0, increment=0.0)
    assert check_time_control({"initial": 60, "increment": 2.5}) == TimeControl(initial=60.0, increment=2.5)
    assert check_time_control({"per_move": 2}) == TimeControl(per_move=2.0)
    assert check_time_control({"per_move": 86400}).public() == {"per_move": 86400.0}  # type: ignore[union-attr]


def test_a_turn_based_clock_gives_each_turn_its_deadline_from_the_previous_move() -> None:
    moves = [(0, START + timedelta(seconds=10)), (1, START + timedelta(seconds=500))]
    clock = Clock.rebuild(0.0, 0.0, 2, START, moves, per_move=60.0)
    now = START.timestamp() + 530
    assert clock.left(0, 0, now) == pytest.approx(30)
    assert clock.left(1, 0, now) == 60.0, "only the seat to move spends its time"
    public = clock.public(0, now, people=[0])
    assert public["remaining"] == [pytest.approx(30), None], "a seat no person holds shows no clock"
    assert public["deadline"] == pytest.approx(START.timestamp() + 560)
    assert public["out_of_time"] == []
    assert clock.public(0, now + 31)["out_of_time"] == [0]
    clock.charge(0, now + 40)
    assert clock.left(1, 1, now + 40) == 60.0


def test_writer_batches_and_refuses_a_second_move_n(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    migrate(engine)
    with engine.begin() as connection:
        for table_id in ("t1", "t2"):
            connection.execute(
                insert(GameTable),
                {
                    "id": table_id,
                    "game": "coloretto",
                    "options": {"players": 2},
                    "seed": 1,
                    "status": "playing",
                    "private": False,
                    "invite_code": "x",
                    "created_at": START,
                },
            )
    writer = MoveWriter(engine)

    def row(table_id: str, number: int, token: str) -> dict[str, object]:
        return {"table_id": table_id, "number": number, "seat": 0, "token": token, "created_at": START}

    async def scenario() -> list[object]:
        return list(
            await asyncio.gather(
                writer.write(row("t1", 1, "draw")),
                writer.write(row("t2", 1, "draw")),
                writer.write(row("t1", 1, "take 1")),
                writer.write(row("t1", 2, "place 1")),
                return_exceptions=True,
            )
        )

    outcomes = asyncio.run(scenario())
    assert outcomes[:2] == [None, None] and outcomes[3] is None
    assert type(outcomes[2]).__name__ == "IntegrityError"
    with engine.connect() as connection:
        stored = connection.execute(select(Move.table_id, Move.number, Move.token).order_by(Move.table_id, Move.number))
        assert [tuple(r) for r in stored] == [("t1", 1, "draw"), ("t1", 2, "place 1"), ("t2", 1, "draw")]


def test_public_notation_without_a_hook() -> None:
    state = kameleon.load("coloretto", players=2).new_state(3)
    assert not notation.has_hidden_moves(state)
    action = state.legal_actions()[0]
    assert notation.token_seen_by(state, action, None) == state.action_to_str(action) == "draw"


def test_the_leaderboard_lists_people_by_displayed_rating_and_never_bots(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    migrate(engine)
    # Displayed: 1500 + 30 (mu - 25): 1500, 1530, 1470; the bot's 1590 is kept but never listed.
    players = {"user:1": (25.0, 1.0), "user:2": (26.0, 2.0), "user:3": (24.0, 4.0), "bot:random": (28.0, 0.5)}
    with Session(engine) as db:
        for player, (mu, sigma) in players.items():
            db.add(Rating(game="coloretto", player=player, name=player, mu=mu, sigma=sigma, games=5, wins=0))
        db.add(Rating(game="chromino", player="user:9", name="other game", mu=50.0, sigma=1.0, games=1, wins=1))
        db.commit()
        board = ratings.leaderboard(db, "coloretto", limit=2)
        nine = ratings.entry(db.get_one(Rating, ("chromino", "user:9")))
    assert [(e["player"], e["rating"], e["provisional"]) for e in board] == [
        ("user:2", 1530, False),
        ("user:1", 1500, False),
    ]
    assert (nine["rating"], nine["provisional"]) == (2250, True), f"provisional below {ratings.PROVISIONAL_GAMES}"
    assert ratings.displayed(25.0) == 1500
    engine.dispose()


def finished_game_won_by(seat: int) -> Any:
    game = kameleon.load("coloretto", players=2)
    for seed in range(100):
        result = kameleon.play_match(game, [make_agent("random", seed=seed), make_agent("random", seed=seed + 1)], seed)
        if result.winners == [seat]:
            return result.state
    raise AssertionError(f"no random game won by seat {seat} alone")


def test_a_seat_left_to_a_bot_is_a_forfeit_and_bot_only_tables_are_not_rated(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    migrate(engine)
    taken_over = finished_game_won_by(0)  # the bot that took the seat over won
    with Session(engine) as db:
        left: dict[str, Any] = {"user_id": 1, "bot": "medium", "name": "Carol (bot)"}
        seats: list[dict[str, Any]] = [left, {"bot": "easy", "name": "easy bot"}]
        result = results.outcome(taken_over, seats)
        assert (result["places"], result["winners"], result["forfeits"]) == ([2, 1], [1], [0])
        changes = ratings.record_result(db, "coloretto", seats, result)
        bots: list[dict[str, Any]] = [{"bot": "hard"}, {"bot": "random"}]
        assert ratings.record_result(db, "coloretto", bots, results.outcome(taken_over, bots)) is None
        db.commit()
        rows = {r.player: r for r in db.scalars(select(Rating))}
    assert set(rows) == {"user:1", "bot:easy"}, "a table of bots alone is not rated"
    carol, easy = rows["user:1"], rows["bot:easy"]
    assert (carol.name, carol.games, carol.wins, easy.games, easy.wins) == ("Carol", 1, 0, 1, 1)
    assert carol.mu < 25.0 < easy.mu, "leaving is a loss, whatever the bot did after"
    assert changes is not None and changes[1] is None, "a bot's rating is never shown"
    hers = changes[0]
    assert hers is not None and hers["before"] == 1500 and hers["after"] == ratings.displayed(carol.mu)
    assert hers["change"] == hers["after"] - 1500 < 0 and hers["provisional"] is True
    played_on = finished_game_won_by(0)
    with Session(engine) as db:
        seats = [{"user_id": 2, "name": "Dan"}, {"bot": "easy"}]
        ratings.record_result(db, "coloretto", seats, results.outcome(played_on, seats))
        db.commit()
        dan = db.get_one(Rating, ("coloretto", "user:2"))
    assert (dan.games, dan.wins) == (1, 1) and dan.mu > 25.0
    engine.dispose()


@pytest.mark.parametrize(
    ("host", "key"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:db8:1:2::ffff", "2001:db8:1:2::/64"),
        ("2001:DB8:1:3::1", "2001:db8:1:3::/64"),
        ("::ffff:198.51.100.9", "198.51.100.9"),
        ("fe80::1%eth0", "fe80::/64"),
        ("testclient", "testclient"),
        (None, "unknown"),
    ],
)
def test_the_client_key_is_an_ipv4_address_or_an_ipv6_64(host: str | None, key: str) -> None:
    assert client_key(host) == key
