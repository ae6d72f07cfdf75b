"""Faults of the file or the disk reach the bot as StoreFaults it can put into words (busy,
read-only, full, corrupt, unwritable); a failed write changes nothing; and once the fault has
cleared, the same store works again without a restart."""

from __future__ import annotations

import asyncio
import errno
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.store import GuildStore, StoreBusy, StoreError, StoreFault, Stores, StoreUnavailable
from bot.store import database as db_module

from ..store_helpers import ALICE, GUILD, LATER, playing_table, record

SECRET = "queen-of-spades"  # card data: never in a fault's message


async def play(store: GuildStore, table_id: int, expected: int, token: str = SECRET) -> bool:
    tokens = [f"{token}-{n}" for n in range(1, expected + 2)]
    return await store.commit_action(table_id, expected, 0, tokens[-1], record(tokens), actor_id=ALICE)


def raw(path: Path, sql: str) -> list[tuple[Any, ...]]:
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute(sql).fetchall()


async def snapshot(store: GuildStore, table_id: int) -> tuple[Any, ...]:
    table = await store.get_table(table_id)
    assert table is not None
    return table.version, table.record, [a.version for a in await store.actions(table_id)]


def assert_plain(fault: StoreFault, kind: str, path: Path, cls: type[StoreFault]) -> None:
    """The right class and kind, a message naming the file and the kind and no card data, the
    SQLite or OS error as its cause."""
    assert isinstance(fault, cls) and isinstance(fault, StoreError)
    assert fault.kind == kind and fault.path == path
    message = str(fault)
    assert path.name in message and kind in message
    assert SECRET not in message and "\n" not in message
    assert isinstance(fault.__cause__, sqlite3.Error | OSError)


@contextmanager
def opened_read_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every database opened meanwhile is opened as a read-only file would be (as root, chmod
    stops nothing, so the connection is told it may not write: SQLite answers SQLITE_READONLY
    just as for a file it could only open for reading)."""
    real = db_module._sqlite_connect

    def read_only(path: Path, create: bool) -> sqlite3.Connection:
        conn = real(path, create)
        conn.execute("PRAGMA query_only = ON")
        return conn

    with monkeypatch.context() as patch:
        patch.setattr(db_module, "_sqlite_connect", read_only)
        yield


# -- busy ---------------------------------------------------------------------------------------
async def test_a_lock_held_past_the_busy_timeout_is_busy_and_passes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(db_module, "BUSY_TIMEOUT_MS", 100)
    async with Stores(tmp_path) as stores:
        store = await stores.guild(GUILD)
        table_id = await playing_table(store)
        before = await snapshot(store, table_id)
        with closing(sqlite3.connect(store.path, isolation_level=None)) as other:
            other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
            with pytest.raises(StoreBusy) as caught:
                await play(store, table_id, 0)
            assert_plain(caught.value, "busy", store.path, StoreBusy)
            assert getattr(caught.value.__cause__, "sqlite_errorname", None) == "SQLITE_BUSY"
            assert await snapshot(store, table_id) == before  # reads go on under the lock (WAL)
            other.execute("ROLLBACK")
        assert await play(store, table_id, 0)  # the same store, once the lock is released
        assert (await snapshot(store, table_id))[0] == 1


def test_the_busy_timeout_leaves_time_to_answer_a_click() -> None:
    assert 1000 <= db_module.BUSY_TIMEOUT_MS <= 2500  # Discord wants an answer within 3 s


# -- full ---------------------------------------------------------------------------------------
async def limit_pages(store: GuildStore, extra: int | None) -> None:
    """Cap the file at its current size plus ``extra`` pages (None: lift the cap)."""
    def work(conn: sqlite3.Connection) -> None:
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {1_000_000_000 if extra is None else pages + extra}")

    await store._db.read(work)


async def test_a_full_disk_is_full_changes_nothing_and_passes(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    table_id = await playing_table(store)
    before = await snapshot(store, table_id)
    await limit_pages(store, 0)  # SQLite reports SQLITE_FULL as for a full disk
    with pytest.raises(StoreUnavailable) as caught:
        await play(store, table_id, 0, token=SECRET * 2000)  # a record too big for the room left
    assert_plain(caught.value, "full", store.path, StoreUnavailable)
    assert getattr(caught.value.__cause__, "sqlite_errorname", None) == "SQLITE_FULL"
    assert await snapshot(store, table_id) == before
    assert raw(store.path, f"SELECT version FROM tables WHERE id = {table_id}") == [(0,)]
    await limit_pages(store, None)  # room again
    assert await play(store, table_id, 0, token=SECRET * 2000)
    assert (await snapshot(store, table_id))[0] == 1


async def test_a_batch_cut_short_by_a_full_disk_tells_every_writer_the_truth(stores: Stores) -> None:
    """SQLite rolls the whole transaction back on SQLITE_FULL, taking the writes batched before
    the one that ran out of room with it: each writer hears exactly what was kept."""
    store = await stores.guild(GUILD)
    tables = [await playing_table(store) for _ in range(5)]
    await limit_pages(store, 0)
    attempts = [play(store, t, 0, token=SECRET * (2000 if n == 2 else 1)) for n, t in enumerate(tables)]
    outcomes = await asyncio.gather(*attempts, return_exceptions=True)
    assert isinstance(outcomes[2], StoreUnavailable) and outcomes[2].kind == "full"
    for table_id, outcome in zip(tables, outcomes, strict=True):
        version = (await snapshot(store, table_id))[0]
        assert version == (1 if outcome is True else 0), (outcome, version)
        assert outcome is True or isinstance(outcome, StoreUnavailable)
    await limit_pages(store, None)
    for table_id in tables:
        table = await store.get_table(table_id)
        assert table is not None
        assert await play(store, table_id, table.version)


# -- read-only ----------------------------------------------------------------------------------
async def test_a_file_opened_read_only_is_read_only_and_passes(
        stores: Stores, monkeypatch: pytest.MonkeyPatch) -> None:
    store = await stores.guild(GUILD)
    table_id = await playing_table(store)
    before = await snapshot(store, table_id)
    assert await stores.sweep(now=LATER) == 1 and not store.awake  # the file is let go...
    with opened_read_only(monkeypatch):  # ...and opened again read-only
        assert await snapshot(store, table_id) == before  # reading still works
        with pytest.raises(StoreUnavailable) as caught:
            await play(store, table_id, 0)
        assert_plain(caught.value, "read-only", store.path, StoreUnavailable)
        with pytest.raises(StoreUnavailable, match="read-only"):
            await store.set_setting("turn_timeout", 60)
    assert await snapshot(store, table_id) == before
    assert await play(store, table_id, 0)  # the same store reopens the file, writable again
    await store.set_setting("turn_timeout", 60)
    assert await store.get_setting("turn_timeout") == 60


# -- corrupt ------------------------------------------------------------------------------------
GARBAGE = b"this is not a SQLite file at all" * 4


async def test_a_corrupt_file_is_corrupt_and_passes_once_restored(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    table_id = await playing_table(store)
    await store.set_setting("turn_timeout", 90)
    before = await snapshot(store, table_id)
    await stores.sweep(now=LATER)
    good = store.path.read_bytes()  # closed cleanly: everything is in the main file
    store.path.write_bytes(GARBAGE + good[len(GARBAGE):])
    with pytest.raises(StoreUnavailable) as caught:
        await store.get_table(table_id)
    assert_plain(caught.value, "corrupt", store.path, StoreUnavailable)
    with pytest.raises(StoreUnavailable, match="corrupt"):
        await play(store, table_id, 0)
    store.path.write_bytes(good)  # restored from the backup
    assert await snapshot(store, table_id) == before
    assert await play(store, table_id, 0)


async def test_a_corrupt_file_at_first_open(stores: Stores) -> None:
    path = stores.path_for(GUILD)
    path.parent.mkdir(parents=True)
    path.write_bytes(GARBAGE * 20)
    with pytest.raises(StoreUnavailable) as caught:
        await stores.guild(GUILD)
    assert_plain(caught.value, "corrupt", path, StoreUnavailable)
    assert getattr(caught.value.__cause__, "sqlite_errorname", None) == "SQLITE_NOTADB"
    assert stores.open_guilds() == []
    path.unlink()
    store = await stores.guild(GUILD)  # a fresh file now
    assert await store.get_setting("x") is None


# -- unwritable ---------------------------------------------------------------------------------
async def test_a_folder_that_cannot_be_made_is_unwritable_and_passes(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.write_text("a file where the data folder should be")
    async with Stores(data) as stores:
        with pytest.raises(StoreUnavailable) as caught:
            await stores.guild(GUILD)
        assert_plain(caught.value, "unwritable", stores.path_for(GUILD), StoreUnavailable)
        assert stores.open_guilds() == []
        data.unlink()
        store = await stores.guild(GUILD)
        await store.set_setting("k", 1)
        assert await store.get_setting("k") == 1


async def test_an_io_error_lets_the_connection_go_and_the_next_call_reopens(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    await store.set_setting("k", 1)

    def failing(conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA query_only = ON")  # would stay if the connection were kept
        raise sqlite3.OperationalError("disk I/O error")

    with pytest.raises(StoreUnavailable, match="unwritable"):
        await store._db.read(failing)
    await store.set_setting("k", 2)  # a fresh connection: writable
    assert await store.get_setting("k") == 2


@pytest.mark.parametrize(("error", "kind"), [
    (OSError(errno.ENOSPC, "No space left on device"), "full"),
    (OSError(errno.EROFS, "Read-only file system"), "read-only"),
    (PermissionError(errno.EACCES, "Permission denied"), "unwritable"),  # making a file that is not there
    (OSError(errno.EIO, "Input/output error"), "unwritable"),
])
def test_os_errors_are_faults_of_their_kind(tmp_path: Path, error: OSError, kind: str) -> None:
    fault = db_module.fault_from(error, tmp_path / "111.sqlite3")
    assert isinstance(fault, StoreUnavailable) and fault.kind == kind and fault.__cause__ is error
    assert "111.sqlite3" in str(fault)


def test_errors_that_are_not_faults_stay_as_they_are(tmp_path: Path) -> None:
    for error in (sqlite3.IntegrityError("UNIQUE constraint failed"), sqlite3.OperationalError("no such table: x"),
                  ValueError("bad"), StoreError("misuse")):
        assert db_module.fault_from(error, tmp_path / "1.sqlite3") is error


async def test_a_constraint_is_not_a_fault(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    with pytest.raises(sqlite3.IntegrityError):
        await store._db.write(lambda conn: conn.execute("INSERT INTO actions VALUES (999, 1, 0, 'x', NULL, 'c', 0)"))
