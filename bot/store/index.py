"""Which guilds have unfinished tables: ``<data_dir>/open-guilds.sqlite3``, so start-up opens only
those guilds' files rather than every guild the bot has ever served.

A guild enters the index inside the write that creates a table (before that write commits, so it
is never missing while the table is unfinished) and leaves it when :class:`~bot.store.Stores`
finds none of its tables needs anything more (:data:`UNFINISHED`). Several processes may share
the data folder (one per group of shards), so the index is a SQLite file too, in WAL mode, and
only ever gains or loses single rows.

A data folder from before the index has none; the first :meth:`GuildIndex.build` scans every
guild file once (one at a time, each closed after) and notes that it has, in ``meta``.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from . import database
from .errors import StoreError

T = TypeVar("T")
INDEX_NAME = "open-guilds.sqlite3"
log = logging.getLogger(__name__)

# A table that start-up has to look at: being played or in the lobby; ended, but its channel not
# yet deleted (``delete_channel_at``); ended with partners' threads not yet closed (bot/play/partners_talk.py
# keeps them in ``extra.talk``). A guild stays in the index while any of its tables is one.
UNFINISHED = (
    "status IN ('lobby', 'playing') OR delete_channel_at IS NOT NULL"
    " OR (json_type(extra, '$.talk.threads') = 'object' AND json_extract(extra, '$.talk.threads') != '{}'"
    " AND COALESCE(json_extract(extra, '$.talk.closed'), 0) = 0)"
)


def has_unfinished(conn: sqlite3.Connection) -> bool:
    """Whether the guild database on ``conn`` has a table start-up must look at."""
    try:
        return conn.execute(f"SELECT 1 FROM tables WHERE {UNFINISHED} LIMIT 1").fetchone() is not None
    except sqlite3.OperationalError as err:
        if "no such table" in str(err):  # a file made but never migrated: no tables at all
            return False
        raise


class GuildIndex:
    """The index file, behind one connection that any thread may use (one at a time)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._listed: set[int] = set()  # guilds this process has listed (or found listed)
        self._closed = False

    def _connection(self) -> sqlite3.Connection:  # under the lock
        if self._closed:
            raise StoreError("the index of guilds to restore is closed")
        if self._conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            try:
                conn.execute(f"PRAGMA busy_timeout = {database.BUSY_TIMEOUT_MS}")
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA synchronous = NORMAL")
                conn.execute("CREATE TABLE IF NOT EXISTS guilds (id INTEGER PRIMARY KEY)")
                conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            except BaseException:
                conn.close()
                raise
            self._conn = conn
        return self._conn

    def _use(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` on the connection; a fault of the file or disk is raised as a StoreFault, and
        a connection it may have spoilt is let go, to be opened afresh next time. A corrupt index
        is deleted and started again, unbuilt (so the next start scans the guild files)."""
        with self._lock:
            for attempt in range(2):
                try:
                    return work(self._connection())
                except Exception as err:
                    fault = database.fault_from(err, self.path)
                    if fault is err:
                        raise
                    kind = database.fault_kind(fault)
                    if kind != "busy":
                        self._close()
                    if kind == "corrupt" and attempt == 0:
                        log.warning("the index of guilds to restore is corrupt (%s); starting it again", fault)
                        self._remove_files()
                        continue
                    raise fault from err
            raise AssertionError("unreachable")

    def add(self, guild_id: int) -> None:
        """List the guild (once: a guild this process has listed is not written again, so a new
        table in an indexed guild costs the shared index nothing)."""
        if guild_id in self._listed:
            return
        self._use(lambda conn: conn.execute("INSERT OR IGNORE INTO guilds (id) VALUES (?)", (guild_id,)))
        self._listed.add(guild_id)

    def add_all(self, guild_ids: Iterable[int]) -> None:
        rows = [(guild_id,) for guild_id in guild_ids]

        def work(conn: sqlite3.Connection) -> None:
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.executemany("INSERT OR IGNORE INTO guilds (id) VALUES (?)", rows)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

        self._use(work)

    def discard(self, guild_id: int) -> None:
        self._listed.discard(guild_id)
        self._use(lambda conn: conn.execute("DELETE FROM guilds WHERE id = ?", (guild_id,)))

    def ids(self) -> list[int]:
        return self._use(lambda conn: [int(row[0]) for row in conn.execute("SELECT id FROM guilds ORDER BY id")])

    def built(self) -> bool:
        """Whether the index is complete: built by a scan of every guild file, or made before
        the first guild file was."""
        return self._use(lambda conn: conn.execute("SELECT 1 FROM meta WHERE key = 'built'").fetchone() is not None)

    def mark_built(self) -> None:
        self._use(lambda conn: conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('built', '1')"))

    def build(self, guilds: Iterable[tuple[int, Path]]) -> int:
        """Scan each guild file (opened read-write without creating, one at a time, closed after)
        and add the guilds with unfinished tables; then mark the index built. A file that cannot be
        read is added, so start-up tries it and reports why. Returns how many were added. Only
        adds: a guild that gains a table meanwhile is added by its own write."""
        found: list[int] = []
        for guild_id, path in guilds:
            try:
                conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True, isolation_level=None)
            except sqlite3.Error:
                continue  # gone since it was listed
            try:
                conn.execute(f"PRAGMA busy_timeout = {database.BUSY_TIMEOUT_MS}")
                if has_unfinished(conn):
                    found.append(guild_id)
            except sqlite3.Error as err:
                log.warning("could not scan guild %s for unfinished tables (%s); it will be restored", guild_id, err)
                found.append(guild_id)
            finally:
                conn.close()
        self.add_all(found)
        self.mark_built()
        return len(found)

    def _close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except sqlite3.Error:
                log.warning("could not close %s cleanly", self.path.name)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._close()

    def _remove_files(self) -> None:
        """Delete the index (derived data: :meth:`build` makes it again from the guild files)."""
        self._close()
        for suffix in ("", "-wal", "-shm"):
            self.path.with_name(self.path.name + suffix).unlink(missing_ok=True)
