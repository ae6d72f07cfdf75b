"""One guild's SQLite file, owned by one thread of its own.

Every store operation is a plain function of a ``sqlite3.Connection`` that runs in the guild's
thread in a single hop: a write's ``BEGIN IMMEDIATE``, statements and ``COMMIT`` (or ``ROLLBACK``)
all happen there before the event loop hears back. A library that hops back to the event loop
after each statement (aiosqlite does) makes a four-statement commit wait four times behind
everything else the loop has to do, and under load that, not SQLite, was the cost of a commit.
One thread per guild keeps one guild's writes in order and never makes another guild wait.

Operations that queue up while the thread is busy (a burst of clicks at a guild's tables) are run
together, in order, as one batch: one transaction whose writes each sit in a savepoint of their
own, so each commits or fails alone, but the batch pays for one COMMIT and wakes the event loop
once. A caller hears of its write only after the batch's COMMIT.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .errors import StoreError
from .migrations import migrate

T = TypeVar("T")
BUSY_TIMEOUT_MS = 5000


def connect(path: Path) -> sqlite3.Connection:
    """Open (creating if needed) the database at ``path``, in WAL mode, with foreign keys on, and
    migrated to the current schema.

    Autocommit mode (``isolation_level=None``): the store says BEGIN and COMMIT itself, so Python's
    sqlite3 never opens or commits a transaction behind its back. ``synchronous=NORMAL`` is safe
    with WAL (a power cut can lose the last commits, never corrupt the file) and keeps each click
    to one fsync-free commit."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        row = conn.execute("PRAGMA journal_mode = WAL").fetchone()
        if row is None or str(row[0]).lower() != "wal":
            raise StoreError(f"{path} could not be put in WAL mode (got {row[0] if row else None!r})")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


@dataclass(eq=False)
class _Operation:
    work: Callable[[sqlite3.Connection], Any]
    write: bool
    future: concurrent.futures.Future[Any] = field(default_factory=concurrent.futures.Future)
    result: Any = None
    error: BaseException | None = None


def run_batch(conn: sqlite3.Connection, batch: list[_Operation]) -> None:
    """Run ``batch`` in order inside one transaction (if it writes), each write in a savepoint, then
    settle every operation's future (writes only once the COMMIT has succeeded)."""
    batch = [op for op in batch if op.future.set_running_or_notify_cancel()]  # a cancelled caller: skip
    writes = any(op.write for op in batch)
    try:
        if writes:
            conn.execute("BEGIN IMMEDIATE")
        for op in batch:
            if op.write:
                conn.execute("SAVEPOINT operation")
            try:
                op.result = op.work(conn)
            except BaseException as err:  # this operation fails alone
                op.error = err
                if op.write:
                    conn.execute("ROLLBACK TO operation")
            if op.write:
                conn.execute("RELEASE operation")
        if writes:
            conn.execute("COMMIT")
    except BaseException as err:  # BEGIN or COMMIT failed: nothing of the batch is kept
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        for op in batch:
            if op.write or op.error is None:
                op.error, op.result = err, None
    for op in batch:
        if op.error is not None:
            op.future.set_exception(op.error)
        else:
            op.future.set_result(op.result)


class Database:
    """A connection and the one thread that uses it. ``read`` and ``write`` run a function there."""

    def __init__(self, path: Path, executor: concurrent.futures.ThreadPoolExecutor, conn: sqlite3.Connection) -> None:
        self.path = path
        self._executor = executor
        self._conn = conn
        self._closed = False
        self._queued: list[_Operation] = []  # waiting for the thread, run as one batch
        self._queue_lock = threading.Lock()

    @classmethod
    async def open(cls, path: Path) -> Database:
        executor = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix=f"sqlite-{path.stem}")
        try:
            conn = await asyncio.get_running_loop().run_in_executor(executor, connect, path)
        except BaseException:
            executor.shutdown(wait=False)
            raise
        return cls(path, executor, conn)

    @property
    def closed(self) -> bool:
        return self._closed

    async def read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        result: T = await self._run(_Operation(work, write=False))
        return result

    async def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` as one transaction: all of it is committed, or none of it."""
        result: T = await self._run(_Operation(work, write=True))
        return result

    def _drain(self) -> None:
        with self._queue_lock:
            batch, self._queued = self._queued, []
        run_batch(self._conn, batch)

    async def _run(self, op: _Operation) -> Any:
        """Run ``op`` in the thread. A caller cancelled before the work starts cancels it; once
        it has started it finishes (a transaction is never cut short), and only then does the
        cancellation reach the caller, so nothing runs behind a caller's back after it returns."""
        if self._closed:
            raise StoreError(f"the database {self.path.name} is closed")
        with self._queue_lock:
            self._queued.append(op)
            first = len(self._queued) == 1
        if first:  # else a batch already on its way to the thread will take it
            self._executor.submit(self._drain)
        future = op.future
        waiting = asyncio.wrap_future(future)
        try:
            return await asyncio.shield(waiting)
        except asyncio.CancelledError:
            if not future.cancel():  # already running: let it finish first
                await asyncio.wait([waiting])
            raise

    async def close(self) -> None:
        """Close once the work already queued has run. Safe to call twice."""
        if self._closed:
            return
        self._closed = True  # no new work; what is queued runs before the close below
        await asyncio.get_running_loop().run_in_executor(self._executor, self._conn.close)
        self._executor.shutdown(wait=False)
