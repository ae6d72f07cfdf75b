"""One guild's SQLite file, owned by one thread of its own.

Every store operation is a plain function of a ``sqlite3.Connection`` that runs in the guild's
thread in a single hop: a write's ``BEGIN IMMEDIATE``, statements and ``COMMIT`` (or ``ROLLBACK``)
all happen there before the event loop hears back. A library that hops back to the event loop
after each statement (aiosqlite does) makes a four-statement commit wait four times behind
everything else the loop has to do, and under load that, not SQLite, was the cost of a commit.
One thread per guild keeps one guild's writes in order and never makes another guild wait.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

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


def transaction(conn: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """``work`` inside ``BEGIN IMMEDIATE ... COMMIT``; rolled back if it raises."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = work(conn)
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return result


class Database:
    """A connection and the one thread that uses it. ``read`` and ``write`` run a function there."""

    def __init__(self, path: Path, executor: concurrent.futures.ThreadPoolExecutor, conn: sqlite3.Connection) -> None:
        self.path = path
        self._executor = executor
        self._conn = conn
        self._closed = False

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
        return await self._run(work)

    async def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` as one transaction: all of it is committed, or none of it."""
        return await self._run(lambda conn: transaction(conn, work))

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in the thread. A caller cancelled before the work starts cancels it; once
        it has started it finishes (a transaction is never cut short), and only then does the
        cancellation reach the caller, so nothing runs behind a caller's back after it returns."""
        if self._closed:
            raise StoreError(f"the database {self.path.name} is closed")
        future = self._executor.submit(work, self._conn)
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
