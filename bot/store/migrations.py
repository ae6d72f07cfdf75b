"""The schema, as numbered migrations tracked by ``PRAGMA user_version``.

Migration *n* is ``MIGRATIONS[n - 1]``. Never edit one that has shipped: append a new one. Each
runs in its own transaction together with the bump of ``user_version``, so a database is always
at exactly one schema version, even if the process dies halfway.
"""

from __future__ import annotations

import sqlite3

from .errors import StoreError

MIGRATIONS: list[str] = [
    # 1: settings, tables, the action log and results.
    """
    CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );

    CREATE TABLE tables (
        id                INTEGER PRIMARY KEY AUTOINCREMENT,
        game              TEXT    NOT NULL,
        options           TEXT    NOT NULL,
        seed              INTEGER NOT NULL,
        status            TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
        host_id           INTEGER NOT NULL,
        seats             TEXT    NOT NULL,
        record            TEXT,
        version           INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
        origin_channel_id INTEGER,
        lobby_message_id  INTEGER,
        channel_id        INTEGER,
        is_thread         INTEGER NOT NULL DEFAULT 0 CHECK (is_thread IN (0, 1)),
        table_message_id  INTEGER,
        turn_started_at   REAL,
        reminded          INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
        created_at        REAL    NOT NULL,
        updated_at        REAL    NOT NULL,
        finished_at       REAL,
        delete_channel_at REAL,
        extra             TEXT    NOT NULL DEFAULT '{}'
    );
    CREATE INDEX tables_by_status ON tables (status);
    CREATE INDEX tables_by_channel ON tables (channel_id) WHERE channel_id IS NOT NULL;

    CREATE TABLE actions (
        table_id INTEGER NOT NULL REFERENCES tables (id),
        version  INTEGER NOT NULL CHECK (version >= 1),
        seat     INTEGER NOT NULL CHECK (seat >= 0),
        token    TEXT    NOT NULL,
        actor_id INTEGER,
        source   TEXT    NOT NULL,
        at       REAL    NOT NULL,
        PRIMARY KEY (table_id, version)
    );

    CREATE TABLE results (
        table_id    INTEGER NOT NULL REFERENCES tables (id),
        seat        INTEGER NOT NULL CHECK (seat >= 0),
        game        TEXT    NOT NULL,
        member_id   INTEGER,
        score       INTEGER NOT NULL,
        won         INTEGER NOT NULL CHECK (won IN (0, 1)),
        drew        INTEGER NOT NULL CHECK (drew IN (0, 1)),
        finished_at REAL    NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    CREATE INDEX results_by_game_member ON results (game, member_id);
    CREATE INDEX results_by_member_game ON results (member_id, game);
    """,
    # 2: the stakes ledger (see bot/store/ledger.py).
    """
    CREATE TABLE ledger (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        kind       TEXT    NOT NULL CHECK (kind IN ('settlement', 'reset')),
        table_id   INTEGER REFERENCES tables (id),
        round      INTEGER,
        entry      INTEGER,
        seat       INTEGER,
        member_id  INTEGER,
        name       TEXT    NOT NULL DEFAULT '',
        amount     INTEGER NOT NULL DEFAULT 0,
        other_seat INTEGER,
        other_name TEXT,
        reason     TEXT    NOT NULL,
        actor_id   INTEGER,
        at         REAL    NOT NULL,
        CHECK (kind = 'reset' OR (table_id IS NOT NULL AND round IS NOT NULL AND entry IS NOT NULL
                                  AND seat IS NOT NULL)),
        CHECK (kind = 'settlement' OR amount = 0),
        UNIQUE (table_id, round, entry)
    );
    CREATE INDEX ledger_by_member ON ledger (member_id, id);
    """,
    # 3: the version the table message last showed, so a restart redraws only tables left behind.
    """
    ALTER TABLE tables ADD COLUMN shown_version INTEGER NOT NULL DEFAULT 0;
    """,
    # 4: skill ratings (see bot/store/ratings.py). A result's team and place say how the game
    # finished; results recorded before this have none until the bot places them (bot/play/places.py).
    """
    ALTER TABLE results ADD COLUMN team INTEGER;
    ALTER TABLE results ADD COLUMN place INTEGER CHECK (place >= 1);
    CREATE INDEX results_by_finish ON results (finished_at, table_id);

    CREATE TABLE ratings (
        game   TEXT    NOT NULL,
        entity INTEGER NOT NULL,
        mu     REAL    NOT NULL,
        sigma  REAL    NOT NULL CHECK (sigma > 0),
        games  INTEGER NOT NULL CHECK (games >= 1),
        wins   INTEGER NOT NULL CHECK (wins >= 0),
        PRIMARY KEY (game, entity)
    );

    CREATE TABLE rating_history (
        table_id INTEGER NOT NULL REFERENCES tables (id),
        game     TEXT    NOT NULL,
        entity   INTEGER NOT NULL,
        mu       REAL    NOT NULL,
        sigma    REAL    NOT NULL,
        at       REAL    NOT NULL,
        PRIMARY KEY (table_id, entity)
    );
    CREATE INDEX rating_history_by_entity ON rating_history (game, entity, at);
    """,
    # 5: the coach's lines each member has been shown at practice tables (a kind of moment in a
    # game, said once).
    """
    CREATE TABLE coached (
        member_id INTEGER NOT NULL,
        game      TEXT    NOT NULL,
        kind      TEXT    NOT NULL,
        at        REAL    NOT NULL,
        PRIMARY KEY (member_id, game, kind)
    );
    """,
    # 6: a member's ended games, newest first, for /history (bot/store/history.py): the tables that
    # started and ended, in the order they ended, with the seats it looks for the member in, so a page
    # reads a few rows of this rather than every table's whole row (a record can be kilobytes).
    """
    CREATE INDEX tables_ended ON tables (finished_at, id, game, seats)
        WHERE status IN ('finished', 'cancelled') AND record IS NOT NULL AND version >= 1;
    """,
]


def statements(script: str) -> list[str]:
    """Split a script into whole statements (``sqlite3.complete_statement`` knows about quotes
    and trigger bodies), because ``executescript`` would commit our transaction first."""
    found: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \t\r\n;"):
                found.append(pending.strip())
            pending = ""
    if pending.strip(" \t\r\n;"):
        raise StoreError(f"incomplete SQL statement in a migration: {pending.strip()[:80]!r}")
    return found


def user_version(conn: sqlite3.Connection) -> int:
    row = conn.execute("PRAGMA user_version").fetchone()
    return int(row[0]) if row is not None else 0


def migrate(conn: sqlite3.Connection) -> int:
    """Apply the migrations the database has not had yet, each in its own transaction; return
    the schema version. The connection must be in autocommit mode (``isolation_level=None``).

    A database from a newer Parlour (a higher ``user_version`` than we know) is refused rather
    than written to with an older idea of the schema."""
    target = len(MIGRATIONS)
    # Up to date (every open but the first after an upgrade): no write lock, so a store reopened
    # after a rest costs no transaction, and a file that can only be read can still be read.
    current = user_version(conn)
    if current > target:
        raise StoreError(f"the database is at schema {current}, newer than this Parlour's {target}")
    if current == target:
        return current
    while True:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Read inside the write transaction, so two processes cannot both apply a migration.
            current = user_version(conn)
            if current > target:
                raise StoreError(f"the database is at schema {current}, newer than this Parlour's {target}")
            if current == target:
                conn.execute("COMMIT")
                return current
            for statement in statements(MIGRATIONS[current]):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {current + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
