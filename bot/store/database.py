"""Opening one guild's SQLite file with the settings every connection needs."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite

from .errors import StoreError
from .migrations import migrate

BUSY_TIMEOUT_MS = 5000


async def open_database(path: Path) -> aiosqlite.Connection:
    """Open (creating if needed) the database at ``path``, in WAL mode, with foreign keys on,
    and migrated to the current schema.

    The connection is in autocommit mode (``isolation_level=None``): the store says BEGIN and
    COMMIT itself, so Python's sqlite3 never opens or commits a transaction behind its back.
    ``synchronous=NORMAL`` is safe with WAL (a power cut can lose the last commits, never
    corrupt the file) and keeps each click to one fsync-free commit."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = await aiosqlite.connect(path, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        async with conn.execute("PRAGMA journal_mode = WAL") as cursor:
            row = await cursor.fetchone()
        if row is None or str(row[0]).lower() != "wal":
            raise StoreError(f"{path} could not be put in WAL mode (got {row[0] if row else None!r})")
        await conn.execute("PRAGMA synchronous = NORMAL")
        await conn.execute("PRAGMA foreign_keys = ON")
        await migrate(conn)
    except BaseException:
        await conn.close()
        raise
    return conn
