"""One guild's SQLite file, owned by one thread of its own while it is in use.

Every store operation is a plain function of a ``sqlite3.Connection`` that runs in the guild's
thread in a single hop: a write's ``BEGIN IMMEDIATE``, statements and ``COMMIT`` (or ``ROLLBACK``)
all happen there before the event loop hears back. A library that hops back to the event loop
after each statement (aiosqlite does) makes a four-statement commit wait four times behind
everything else the loop has to do, and under load that, not SQLite, was the cost of a commit:
with 200 other tasks keeping the loop busy, ``python -m bench.store_commit`` measured 463 commits/s
at p50 16 ms (p95 21 ms) for 8 clicks committing at once, against 14 commits/s at p50 372 ms
(p95 879 ms) for a hop per statement (aiosqlite's model, emulated), and a lone commit at p50 15 ms
against 40 ms; with the loop busy but not saturated, 1,118 against 31 commits/s, p50 6.8 against
96 ms (idle loop: 0.39 against 0.72 ms). One thread per guild in use keeps one guild's writes in
order and never makes another guild wait.

Operations that queue up while the thread is busy (a burst of clicks at a guild's tables) are run
together, in order, as one batch: one transaction whose writes each sit in a savepoint of their
own, so each commits or fails alone, but the batch pays for one COMMIT and wakes the event loop
once. A caller hears of its write only after the batch's COMMIT.

The thread and the connection exist only while the guild is in use: :meth:`Database.rest` (asked
by :class:`~bot.store.Stores` when the guild has been idle) closes both, and the next operation
opens them again (about 2 ms, ``python -m bench.guild_scale``), so a caller holding the store
never notices. A failure of the file or the disk
reaches the caller as a :class:`~bot.store.StoreFault` whose ``kind`` says what went wrong; a
connection that may have gone bad with it (read-only, corrupt, unwritable) is let go, so the
next operation opens the file afresh and works again once the fault has cleared.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import errno
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .errors import FAULT_LISTENERS, StoreBusy, StoreError, StoreFault, StoreUnavailable
from .migrations import migrate

T = TypeVar("T")
# How long SQLite itself retries a locked database before giving up with SQLITE_BUSY: short
# enough that a click can still be answered inside Discord's 3-second deadline ("try again"),
# even one that waited behind a batch that spent this time too (2 x 1.2 s, and then the answer).
BUSY_TIMEOUT_MS = 1200

# SQLite's primary result codes (the low byte of an extended code) that are faults, by kind.
_SQLITE_KINDS: dict[int, str] = {
    5: "busy",  # SQLITE_BUSY
    6: "busy",  # SQLITE_LOCKED
    8: "read-only",  # SQLITE_READONLY (and READONLY_RECOVERY, _CANTLOCK, _ROLLBACK, _DBMOVED, ...)
    13: "full",  # SQLITE_FULL
    11: "corrupt",  # SQLITE_CORRUPT
    26: "corrupt",  # SQLITE_NOTADB: "file is not a database"
    14: "unwritable",  # SQLITE_CANTOPEN
    10: "unwritable",  # SQLITE_IOERR (and every IOERR_*)
}
# When there is no result code (an older Python), SQLite's message says the same.
_SQLITE_MESSAGES: tuple[tuple[str, str], ...] = (
    ("database is locked", "busy"),
    ("database table is locked", "busy"),
    ("readonly database", "read-only"),
    ("database or disk is full", "full"),
    ("malformed", "corrupt"),
    ("file is not a database", "corrupt"),
    ("unable to open database file", "unwritable"),
    ("disk i/o error", "unwritable"),
)
# Kinds after which the connection may be no good even once the fault clears (a file opened
# read-only stays read-only; an I/O error or a damaged file may have left it in any state).
_REOPEN_KINDS = frozenset({"read-only", "corrupt", "unwritable"})


def fault_kind(err: BaseException, path: Path | None = None) -> str | None:
    """The kind of fault ``err`` is, or None if it is not one (a constraint, a bug, misuse)."""
    if isinstance(err, StoreFault):
        return err.kind
    if isinstance(err, sqlite3.Error):
        code = getattr(err, "sqlite_errorcode", None)
        if isinstance(code, int):
            return _SQLITE_KINDS.get(code & 0xFF)
        message = str(err).lower()
        return next((kind for text, kind in _SQLITE_MESSAGES if text in message), None)
    if isinstance(err, OSError):
        if err.errno == errno.EROFS:
            return "read-only"
        if err.errno in (errno.ENOSPC, errno.EDQUOT):
            return "full"
        if err.errno in (errno.EACCES, errno.EPERM) and path is not None and path.exists():
            return "read-only"
        return "unwritable"  # the folder or the file could not be made
    return None


def fault_from(err: BaseException, path: Path) -> BaseException:
    """``err`` as the :class:`StoreFault` it amounts to (with ``err`` as its cause), or ``err``
    itself if it is not a fault of the file or the disk. The one place errors are translated."""
    if isinstance(err, StoreFault):
        return err
    kind = fault_kind(err, path)
    if kind is None:
        return err
    if isinstance(err, sqlite3.Error):
        name = getattr(err, "sqlite_errorname", None)
        detail = f"{name} ({err})" if name else str(err)
    else:
        detail = f"{type(err).__name__} ({err.strerror or err})" if isinstance(err, OSError) else str(err)
    fault = (StoreBusy if kind == "busy" else StoreUnavailable).about(path, kind, detail)
    fault.__cause__ = err
    for listener in FAULT_LISTENERS:
        listener(kind)
    return fault


def _sqlite_connect(path: Path, create: bool) -> sqlite3.Connection:
    """The one place a database file is opened (tests hook it to inject faults). Without
    ``create`` a missing file is an error rather than a new, empty database."""
    target: str | Path = path if create else f"{path.resolve().as_uri()}?mode=rw"
    return sqlite3.connect(target, isolation_level=None, check_same_thread=False, uri=not create)


def connect(path: Path, *, create: bool = True) -> sqlite3.Connection:
    """Open (creating it and its folder if ``create``) the database at ``path``, in WAL mode, with
    foreign keys on, and migrated to the current schema. Failures of the file or the disk are
    raised as :class:`StoreFault`.

    Autocommit mode (``isolation_level=None``): the store says BEGIN and COMMIT itself, so Python's
    sqlite3 never opens or commits a transaction behind its back. ``synchronous=NORMAL`` is safe
    with WAL (a power cut can lose the last commits, never corrupt the file) and keeps each click
    to one fsync-free commit."""
    try:
        if create:
            path.parent.mkdir(parents=True, exist_ok=True)
        conn = _sqlite_connect(path, create)
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
    except Exception as err:
        fault = fault_from(err, path)
        if fault is err:
            raise
        raise fault from err
    return conn


@dataclass(eq=False)
class _Operation:
    work: Callable[[sqlite3.Connection], Any]
    write: bool
    after: Callable[[Any], None] | None = None  # in the thread, with the result, once committed
    future: concurrent.futures.Future[Any] = field(default_factory=concurrent.futures.Future)
    result: Any = None
    error: BaseException | None = None


def run_batch(conn: sqlite3.Connection, batch: list[_Operation], path: Path | None = None) -> bool:
    """Run ``batch`` in order inside one transaction (if it writes), each write in a savepoint, then
    settle every operation's future (writes only once the COMMIT has succeeded). True if the
    connection should be let go (a fault that may have spoilt it, or a failed ROLLBACK)."""
    batch = [op for op in batch if op.future.set_running_or_notify_cancel()]  # a cancelled caller: skip
    writes = any(op.write for op in batch)
    spoilt = False
    try:
        if writes:
            conn.execute("BEGIN IMMEDIATE")
        for op in batch:
            if op.write:
                conn.execute("SAVEPOINT operation")
            try:
                op.result = op.work(conn)
            except BaseException as err:  # this operation fails alone...
                op.error = err
                if writes and not conn.in_transaction:
                    # ...unless SQLite rolled the whole transaction back (a full disk, an I/O error):
                    # then the writes before it are gone too, and every one must hear so.
                    raise
                if op.write:
                    conn.execute("ROLLBACK TO operation")
            if op.write:
                conn.execute("RELEASE operation")
        if writes:
            conn.execute("COMMIT")
        for op in batch:
            if op.after is not None and op.error is None:
                try:
                    op.after(op.result)
                except BaseException as err:
                    op.error, op.result = err, None
    except BaseException as err:  # BEGIN or COMMIT failed: nothing of the batch is kept
        try:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
        except sqlite3.Error:
            spoilt = True  # SQLite undoes it when the connection closes, or on the next open
        for op in batch:
            if op.write or op.error is None:
                op.error, op.result = err, None
    for op in batch:
        if op.error is not None:
            error = op.error if path is None else fault_from(op.error, path)
            if isinstance(error, StoreFault) and error.path in (None, path):  # not, say, the index's
                spoilt = spoilt or error.kind in _REOPEN_KINDS
            op.future.set_exception(error)
        else:
            op.future.set_result(op.result)
    return spoilt


class _Worker:
    """The thread and the connection of a database in use; the connection is opened by the
    thread on its first batch, so opening never blocks the event loop."""

    def __init__(self, name: str) -> None:
        self.executor = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix=name)
        self.conn: sqlite3.Connection | None = None

    def close_connection(self) -> None:  # in the thread
        conn, self.conn = self.conn, None
        if conn is not None:
            with contextlib.suppress(sqlite3.Error):
                conn.close()


def _nothing(conn: sqlite3.Connection) -> None:
    return None


class Database:
    """A connection and the one thread that uses it. ``read`` and ``write`` run a function there.

    The thread and connection are made on the first operation and after a :meth:`rest`, never
    before; :meth:`close` ends the database for good."""

    def __init__(self, path: Path, *, create: bool = True, on_wake: Callable[[], None] | None = None) -> None:
        self.path = path
        self._create = create  # may the next open make the file? (only until it first opens)
        self._on_wake = on_wake
        self._worker: _Worker | None = None
        self._closed = False
        self._queued: list[_Operation] = []  # waiting for the thread, run as one batch
        self._queue_lock = threading.Lock()
        self._in_flight = 0  # callers between handing in an operation and hearing of it
        self.last_used = time.monotonic()

    @classmethod
    async def open(cls, path: Path, *, create: bool = True, on_wake: Callable[[], None] | None = None) -> Database:
        """A database whose file has been opened (created and migrated if need be) already, so a
        file that cannot be used is reported here."""
        db = cls(path, create=create, on_wake=on_wake)
        await db.wake()
        return db

    async def wake(self) -> None:
        """Open the file now (it would be on the next operation anyway). If it cannot be opened,
        the error is raised and the database is closed."""
        try:
            await self.read(_nothing)
        except BaseException:
            await self.close()
            raise
        self._create = False  # the file exists: reopening after a rest never makes a new, empty one

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def awake(self) -> bool:
        """Whether it holds a thread (and, once that has run, a connection)."""
        return self._worker is not None

    @property
    def busy(self) -> bool:
        """Whether an operation has been handed in and not yet answered."""
        return self._in_flight > 0 or bool(self._queued)

    async def read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        result: T = await self._run(_Operation(work, write=False))
        return result

    async def write(self, work: Callable[[sqlite3.Connection], T], after: Callable[[T], None] | None = None) -> T:
        """``work`` as one transaction: all of it is committed, or none of it. ``after`` runs in
        the thread with the result once that transaction has committed, before any other work."""
        result: T = await self._run(_Operation(work, write=True, after=after))
        return result

    def _drain(self, worker: _Worker) -> None:
        with self._queue_lock:
            batch, self._queued = self._queued, []
        if worker.conn is None:
            try:
                worker.conn = connect(self.path, create=self._create)
            except BaseException as err:  # every caller of the batch hears why; the next batch tries again
                error = fault_from(err, self.path)
                for op in batch:
                    if op.future.set_running_or_notify_cancel():
                        op.future.set_exception(error)
                return
        if run_batch(worker.conn, batch, self.path):
            worker.close_connection()  # the next batch opens the file afresh

    def _wake_worker(self) -> _Worker:
        worker = self._worker
        if worker is None:
            worker = self._worker = _Worker(f"sqlite-{self.path.stem}")
            if self._on_wake is not None:
                self._on_wake()
        return worker

    async def _run(self, op: _Operation) -> Any:
        """Run ``op`` in the thread. A caller cancelled before the work starts cancels it; once
        it has started it finishes (a transaction is never cut short), and only then does the
        cancellation reach the caller, so nothing runs behind a caller's back after it returns."""
        if self._closed:
            raise StoreError(f"the database {self.path.name} is closed")
        self._in_flight += 1
        self.last_used = time.monotonic()
        try:
            with self._queue_lock:
                self._queued.append(op)
                first = len(self._queued) == 1
            if first:  # else a batch already on its way to the thread will take it
                worker = self._wake_worker()
                worker.executor.submit(self._drain, worker)
            future = op.future
            waiting = asyncio.wrap_future(future)
            try:
                return await asyncio.shield(waiting)
            except asyncio.CancelledError:
                if not future.cancel():  # already running: let it finish first
                    await asyncio.wait([waiting])
                raise
        finally:
            self._in_flight -= 1
            self.last_used = time.monotonic()

    async def rest(self) -> bool:
        """Close the connection and end the thread, unless an operation is in flight (then False).
        The next operation opens them again, so whoever holds the database never notices."""
        worker = self._worker
        if worker is None:
            return True
        if self.busy:
            return False
        self._worker = None  # an operation from now on wakes a new thread; this one only closes
        await self._retire(worker)
        return True

    @staticmethod
    async def _retire(worker: _Worker) -> None:
        closing = worker.executor.submit(worker.close_connection)  # after anything already queued
        worker.executor.shutdown(wait=False)
        await asyncio.shield(asyncio.wrap_future(closing))  # a cancelled caller still gets it closed

    async def close(self) -> None:
        """Close once the work already queued has run. Safe to call twice."""
        if self._closed:
            return
        self._closed = True  # no new work; what is queued runs before the close below
        worker, self._worker = self._worker, None
        if worker is not None:
            await self._retire(worker)
