"""Move-by-move analysis of finished games in the background (the routes: `analysis_api.py`).

A finished table is analysed by `kameleon.ai.analysis.analyse` (the strongest bot level judging every
decision from its seat's information).

The job is a row of the `analyses` table, so it outlives the process that was asked, and works with several
processes: each process runs `Analyses.run`, which claims a pending job with one conditional UPDATE (the same
pattern as the outbox of mails) and analyses it in a worker process of its own (`multiprocessing`, spawned),
so that a minute of search never holds up the event loop nor the moves of other tables. The worker sends its
progress through a pipe; the server process writes it to the row with the claim's renewal
(`claimed_until`). A job whose process died is pending again once its claim lapses (`LEASE` seconds); a
single process (no Redis) resets its running jobs at startup. A job is tried at most `MAX_ATTEMPTS` times.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from multiprocessing.connection import Connection
from typing import Any, cast

from sqlalchemy import CursorResult, or_, select, update
from sqlalchemy.orm import Session

import kameleon
from kameleon.engine.game import Game, State, foreseen_event, replay_move
from kameleon.server.errors import ApiError
from kameleon.server.models import AnalysisJob

log = logging.getLogger("kameleon.server")

LEASE = 30.0
"""Seconds a running job stays with its process without news; the process renews it while the job runs."""
RENEW = 1.0
"""Seconds between two writes of a running job's progress (with its claim's renewal): a small UPDATE, so that
the progress bar moves smoothly (the page polls every 1.5 s)."""
POLL = 2.0
"""Seconds between two looks for pending jobs (a request in this process wakes the runner at once)."""
MAX_ATTEMPTS = 3
"""Times a job is started (its process died, its worker crashed) before it is marked failed."""


def utcnow() -> datetime:
    return datetime.now(UTC)


def job_json(row: AnalysisJob | None, analyst: str) -> dict[str, Any]:
    """A job as the API answers it (`{"status": "none"}` before anyone asked); a done one says whether it is
    `stale`: made by another judge than `analyst`, the fingerprint of the one analysing it again would use."""
    if row is None:
        return {"status": "none", "done": 0, "total": None}
    answer: dict[str, Any] = {"status": row.status, "done": row.done, "total": row.total}
    if row.status == "done":
        answer["analysis"] = row.result
        answer["stale"] = is_stale(row, analyst)
    return answer


def is_stale(row: AnalysisJob, analyst: str) -> bool:
    """Whether a done job was judged by another analyst than `analyst` (one stored before analyses named theirs
    was)."""
    return row.status == "done" and (row.result or {}).get("analyst") != analyst


# --- in the worker process -------------------------------------------------------------------------------


def best_entries(record: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """`result` (`Analysis.to_json()`) with each decision whose best move is not the one played completed by
    `best_entry`: that move as a log entry `{"seat", "move", "event"}` as its seat could foresee it (no card a
    draw would have revealed: `foreseen_event`), so that the front end words it with the board's own sentence."""
    wanted = {d["ply"]: d for d in result.get("decisions", []) if d.get("best") and d["best"] != d.get("played")}
    if not wanted:
        return result
    game = kameleon.load(record["game"], **record["options"])
    state: State[Any] = game.new_state(record["seed"])
    for number, token in enumerate(record["moves"]):
        decision = wanted.get(number)
        if decision is not None:
            try:
                seat = state.current_player
                assert seat is not None
                event = foreseen_event(state, seat, decision["best"])  # what the seat could know before playing it
                decision["best_entry"] = {"seat": seat, "move": decision["best"], "event": event}
            except Exception:
                log.exception("the best move %r of ply %d cannot be worded", decision["best"], number)
        replay_move(state, number + 1, token)
    return result


def _child(connection: Connection, record: dict[str, Any], iterations: int | None, parent: int) -> None:
    """A worker process: analyse `record`, sending `("progress", done, total)` messages, then `("done",
    result)` or `("failed", why)`. It stops by itself when the server process that started it is gone."""
    try:
        from kameleon.ai.analysis import analyse

        def progress(done: int, total: int) -> None:
            if os.getppid() != parent:
                os._exit(1)  # nobody is waiting for the result any more
            connection.send(("progress", done, total))

        analysis = analyse(record, iterations=iterations, on_decision=progress)
        connection.send(("done", best_entries(record, analysis.to_json())))
    except Exception as exc:
        connection.send(("failed", f"{type(exc).__name__}: {exc}"[:300]))
    finally:
        connection.close()


# --- in the server process -------------------------------------------------------------------------------


class Analyses:
    """The analysis jobs of one server process: claims them, runs each in a worker process, stores the result."""

    def __init__(
        self,
        sessions: Callable[[], Session],
        record_of: Callable[[str], Awaitable[dict[str, Any]]],
        workers: int,
        iterations: int | None,
        alone: bool,
    ) -> None:
        self.sessions = sessions
        self.record_of = record_of
        """The finished table's record (it is rebuilt from the database when not in memory)."""
        self.workers = workers
        self.iterations = iterations
        self.alone = alone
        """Whether this is the only server process (no Redis): its running jobs at startup are orphans."""
        self.running: dict[str, asyncio.Task[None]] = {}
        self.children: set[Any] = set()
        self._wake: asyncio.Event | None = None

    def analyst(self, game: Game[Any]) -> str:
        """The fingerprint of the judge this process's analyses of `game` use (`kameleon.ai.analysis.analyst`)."""
        from kameleon.ai.analysis import analyst

        return analyst(game, iterations=self.iterations)

    def wake(self) -> None:
        if self._wake is not None:
            self._wake.set()

    async def run(self) -> None:
        """Claim and run jobs while this process has a free worker, until cancelled."""
        if self.workers <= 0:
            return
        self._wake = asyncio.Event()
        if self.alone:
            await asyncio.to_thread(self._reset_orphans)
        while True:
            self._wake.clear()
            try:
                while len(self.running) < self.workers:
                    claimed = await asyncio.to_thread(self.claim)
                    if claimed is None:
                        break
                    table_id, claim = claimed
                    self.running[table_id] = asyncio.get_running_loop().create_task(self._work(table_id, claim))
            except Exception:
                log.exception("looking for analyses to run failed; trying again later")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), POLL)

    def _reset_orphans(self) -> None:
        with self.sessions() as db:
            db.execute(
                update(AnalysisJob)
                .where(AnalysisJob.status == "running")
                .values(status="pending", claim=None, claimed_until=None)
                .execution_options(synchronize_session=False)
            )
            db.commit()

    def claim(self) -> tuple[str, str] | None:
        """Take the oldest pending job (or one whose process stopped renewing its claim): (table, claim)."""
        now = utcnow()
        lapsed = or_(AnalysisJob.claimed_until.is_(None), AnalysisJob.claimed_until < now)
        free = (AnalysisJob.status == "pending") | ((AnalysisJob.status == "running") & lapsed)
        with self.sessions() as db:
            for table_id in db.scalars(
                select(AnalysisJob.table_id).where(free).order_by(AnalysisJob.created_at).limit(5)
            ):
                claim = uuid.uuid4().hex
                taken = db.execute(
                    update(AnalysisJob)
                    .where(AnalysisJob.table_id == table_id, free)
                    .values(
                        status="running",
                        claim=claim,
                        claimed_until=now + timedelta(seconds=LEASE),
                        started_at=now,
                        attempts=AnalysisJob.attempts + 1,
                    )
                    .execution_options(synchronize_session=False)
                )
                db.commit()
                if cast(CursorResult[Any], taken).rowcount != 1:
                    continue  # another process took it meanwhile
                attempts = db.scalar(select(AnalysisJob.attempts).where(AnalysisJob.table_id == table_id)) or 0
                if attempts > MAX_ATTEMPTS:
                    self._settle(table_id, claim, "failed", None, f"given up after {MAX_ATTEMPTS} attempts")
                    continue
                return table_id, claim
        return None

    def _progress(self, table_id: str, claim: str, done: int, total: int | None) -> None:
        with self.sessions() as db:
            db.execute(
                update(AnalysisJob)
                .where(AnalysisJob.table_id == table_id, AnalysisJob.claim == claim)
                .values(done=done, total=total, claimed_until=utcnow() + timedelta(seconds=LEASE))
                .execution_options(synchronize_session=False)
            )
            db.commit()

    def _settle(self, table_id: str, claim: str, status: str, result: dict[str, Any] | None, error: str | None) -> None:
        values: dict[str, Any] = {"status": status, "claim": None, "claimed_until": None, "error": error}
        if status in ("done", "failed"):
            values["finished_at"] = utcnow()
        if result is not None:
            values["result"] = result
        with self.sessions() as db:
            db.execute(
                update(AnalysisJob)
                .where(AnalysisJob.table_id == table_id, AnalysisJob.claim == claim)
                .values(**values)
                .execution_options(synchronize_session=False)
            )
            db.commit()

    async def _work(self, table_id: str, claim: str) -> None:
        try:
            status, result, error = await self._analyse(table_id, claim)
            if status == "failed":
                log.error("the analysis of table %s failed: %s", table_id, error)
            await asyncio.to_thread(self._settle, table_id, claim, status, result, error)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("the analysis of table %s failed", table_id)
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self._settle, table_id, claim, "failed", None, f"{type(exc).__name__}: {exc}")
        finally:
            self.running.pop(table_id, None)
            self.wake()

    async def _analyse(self, table_id: str, claim: str) -> tuple[str, dict[str, Any] | None, str | None]:
        """Run the analysis in a spawned worker process; (status, result, error)."""
        try:
            record = await self.record_of(table_id)
        except ApiError as exc:
            return "failed", None, f"the table cannot be rebuilt: {exc.message}"
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe(duplex=False)
        child = context.Process(
            target=_child, args=(theirs, record, self.iterations, os.getpid()), daemon=True, name="kameleon-analysis"
        )
        child.start()
        theirs.close()
        self.children.add(child)
        done, total, written = 0, None, time.monotonic()
        try:
            while True:
                ready = await asyncio.to_thread(mine.poll, 1.0)
                if ready:
                    try:
                        message = mine.recv()
                    except EOFError:
                        return "pending", None, "the worker process stopped"  # tried again (MAX_ATTEMPTS)
                    if message[0] == "progress":
                        done, total = int(message[1]), int(message[2])
                    elif message[0] == "done":
                        return "done", message[1], None
                    else:
                        return "failed", None, str(message[1])
                elif not child.is_alive():
                    return "pending", None, f"the worker process ended with {child.exitcode}"
                if time.monotonic() - written >= RENEW or (total is not None and done == total):
                    written = time.monotonic()
                    await asyncio.to_thread(self._progress, table_id, claim, done, total)
        finally:
            mine.close()
            if child.is_alive():
                child.kill()
            await asyncio.to_thread(child.join, 5)
            self.children.discard(child)

    async def close(self) -> None:
        """Stop the running analyses (their jobs are pending again for the next start or another process)."""
        for task in list(self.running.values()):
            task.cancel()
        for child in list(self.children):
            with contextlib.suppress(Exception):
                child.kill()
        if self.running:
            await asyncio.gather(*self.running.values(), return_exceptions=True)
