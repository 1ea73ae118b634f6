"""Group commit of accepted moves: one transaction (one disk sync) for every move waiting to be stored.

A move is accepted only once its row is committed, so a table waits for its own
move; meanwhile other tables' moves join the next batch. The writing happens in
a worker thread, so the event loop keeps serving sockets while the disk syncs.
With SQLite `synchronous=FULL` this turns one fsync per move into one per batch.
"""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import Engine, insert
from sqlalchemy.exc import IntegrityError

from kameleon.server.models import Move


class MoveWriter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.pending: list[tuple[dict[str, Any], asyncio.Future[None]]] = []
        self.draining = False

    async def write(self, values: dict[str, Any]) -> None:
        """Store one move row; raises IntegrityError if that (table, number) is already stored."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append((values, future))
        if not self.draining:
            self.draining = True
            asyncio.get_running_loop().create_task(self._drain())
        await future

    async def _drain(self) -> None:
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                outcomes = await asyncio.to_thread(self._insert, [values for values, _ in batch])
                for (_, future), error in zip(batch, outcomes, strict=True):
                    if future.done():
                        continue
                    if error is None:
                        future.set_result(None)
                    else:
                        future.set_exception(error)
        finally:
            self.draining = False

    def _insert(self, rows: list[dict[str, Any]]) -> list[BaseException | None]:
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(Move), rows)
            return [None] * len(rows)
        except IntegrityError as exc:
            if len(rows) == 1:
                return [exc]
        # One row of the batch clashes (another server stored that move): store the others one by one.
        outcomes: list[BaseException | None] = []
        for row in rows:
            try:
                with self.engine.begin() as connection:
                    connection.execute(insert(Move), [row])
                outcomes.append(None)
            except IntegrityError as exc:
                outcomes.append(exc)
        return outcomes
