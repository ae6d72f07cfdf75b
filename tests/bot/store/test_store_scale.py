"""Many guilds: a store is open (a thread, three file descriptors) only while in use, rested when
idle or when too many are open, and reopened by its next call without its holder noticing; start-up
opens only the guilds in the index of guilds with unfinished tables; a guild id nobody vouched for
gets no file."""

from __future__ import annotations

import asyncio
import gc
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from bot.store import GuildStore, StoreError, Stores, UnknownGuild
from bot.store.index import INDEX_NAME, GuildIndex

from ..store_helpers import ALICE, BOB, GUILD, LATER, SEATS, playing_table
from ..store_helpers import record as tokens_record

EARLIER = -(10**9)  # a sweep "now" before any: nothing is idle, only the cap applies


def record(actions: int) -> dict[str, Any]:
    return tokens_record([f"t{n}" for n in range(1, actions + 1)])


def descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


def store_threads() -> int:
    return sum(thread.name.startswith("sqlite-") for thread in threading.enumerate())


async def settled(condition: Any, timeout: float = 2.0) -> bool:
    """Wait for ``condition()`` (a retired thread ends just after its connection has closed)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.005)
    return True


async def finish(store: GuildStore, table_id: int) -> None:
    assert await store.finish_table(table_id, 0, record(0), [(0, ALICE, 11, True, False)], now=5.0)


# -- idle stores are rested and reopen by themselves --------------------------------------------
async def test_an_idle_store_is_closed_by_the_sweep_and_reopens_on_its_next_call(stores: Stores) -> None:
    await stores.guilds_to_restore()  # as the bot starts: the index (3 descriptors) and a helper thread
    threads, fds = threading.active_count(), descriptors()
    store = await stores.guild(GUILD)
    table_id = await playing_table(store)
    await store.set_setting("turn_timeout", 90)
    assert store.awake and stores.open_guilds() == [GUILD]
    assert threading.active_count() == threads + 1

    assert await stores.sweep() == 0  # used just now: not idle
    assert await stores.sweep(now=LATER) == 1
    assert not store.awake and not store.closed and stores.open_guilds() == []
    assert await settled(lambda: threading.active_count() == threads)
    assert descriptors() == fds

    # The holder of the store never notices: its next call opens the file again.
    table = await store.get_table(table_id)
    assert table is not None and table.status == "playing"
    assert await store.commit_action(table_id, 0, 0, "t1", record(1), actor_id=ALICE)
    assert await store.get_setting("turn_timeout") == 90
    assert store.awake and stores.open_guilds() == [GUILD]
    assert await stores.guild(GUILD) is store  # still the one store for the guild


async def test_a_store_in_use_is_never_closed_under_its_caller(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    table_id = await playing_table(store)
    started, release = threading.Event(), threading.Event()

    def slow(conn: sqlite3.Connection) -> int:
        started.set()
        release.wait(10)
        return int(conn.execute("SELECT COUNT(*) FROM tables").fetchone()[0])

    reading = asyncio.create_task(store._db.read(slow))
    await asyncio.to_thread(started.wait, 10)
    assert await stores.sweep(now=LATER) == 0 and store.awake  # busy: left alone
    release.set()
    assert await reading == 1
    assert await store.commit_action(table_id, 0, 0, "t1", record(1))
    assert await stores.sweep(now=LATER) == 1 and not store.awake


async def test_a_holder_across_sweeps_and_awaits_keeps_working(tmp_path: Path) -> None:
    """As the bot uses a store: ``store = await stores.guild(g)``, then calls on it with other
    awaits (and sweeps, and other guilds pushing it out of the cap) in between."""
    async with Stores(tmp_path, idle_seconds=0.0, max_open=2) as stores:
        store = await stores.guild(GUILD)
        table_id = await playing_table(store)
        for version in range(6):
            for other in range(1, 4):  # other guilds push it out of the cap...
                await (await stores.guild(GUILD + other)).get_setting("x")
            await stores.sweep()  # ...and everything idle is rested
            assert await store.commit_action(table_id, version, 0, f"t{version + 1}", record(version + 1))
        assert [a.version for a in await store.actions(table_id)] == list(range(1, 7))


async def test_concurrent_calls_on_a_rested_store_reopen_it_once(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    table_id = await playing_table(store)
    await stores.sweep(now=LATER)
    assert await settled(lambda: store_threads() == 0)  # the rested store's thread ends
    commits = [store.commit_action(table_id, 0, 0, "t1", record(1)) for _ in range(5)]
    reads = [store.get_table(table_id) for _ in range(5)]
    outcomes, rows = await asyncio.gather(asyncio.gather(*commits), asyncio.gather(*reads))
    assert sorted(outcomes) == [False] * 4 + [True] and all(row is not None for row in rows)
    assert store_threads() == 1


async def test_a_forgotten_resting_store_is_opened_anew(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    await store.set_setting("k", 7)
    await stores.sweep(now=LATER)
    del store
    gc.collect()
    again = await stores.guild(GUILD)
    assert await again.get_setting("k") == 7


async def test_closing_the_stores_closes_resting_stores_too(tmp_path: Path) -> None:
    stores = Stores(tmp_path)
    store = await stores.guild(GUILD)
    await stores.sweep(now=LATER)
    await stores.close()
    assert store.closed
    with pytest.raises(StoreError):
        await store.get_setting("k")


async def test_the_sweeper_runs_until_cancelled(tmp_path: Path) -> None:
    async with Stores(tmp_path, idle_seconds=0.0) as stores:
        store = await stores.guild(GUILD)
        sweeper = asyncio.create_task(stores.run_sweeper(every=0.01))
        assert await settled(lambda: not store.awake)
        sweeper.cancel()
        with pytest.raises(asyncio.CancelledError):
            await sweeper
        assert await store.get_setting("k") is None


# -- the cap on open stores ---------------------------------------------------------------------
async def test_the_least_recently_used_are_rested_beyond_max_open(tmp_path: Path) -> None:
    async with Stores(tmp_path, max_open=3) as stores:
        held = {}
        for guild_id in range(1, 6):
            held[guild_id] = await stores.guild(guild_id)
            await held[guild_id].get_table(1)
        await stores.sweep(now=EARLIER)  # only the cap applies; the background trim did the same
        assert stores.open_guilds() == [3, 4, 5]
        await held[1].get_table(1)  # used again: 3 is now the least recently used
        await stores.sweep(now=EARLIER)
        assert stores.open_guilds() == [1, 4, 5]
        assert [s.awake for s in held.values()] == [True, False, False, True, True]


async def test_descriptors_and_threads_stay_bounded_over_300_guilds(tmp_path: Path) -> None:
    async with Stores(tmp_path, max_open=20) as stores:
        await stores.guilds_to_restore()  # the index is open from here on, as in the bot
        fds, threads = descriptors(), threading.active_count()
        most_fds, most_threads = 0, 0
        for guild_id in range(1, 301):
            store = await stores.guild(guild_id)
            await store.get_setting("turn_timeout")
            if guild_id % 3 == 0:
                await store.set_setting("seen", guild_id)
            most_fds, most_threads = max(most_fds, descriptors()), max(most_threads, threading.active_count())
        assert len(stores.known_guilds()) == 300
        assert most_fds - fds <= 3 * 20 + 12, most_fds - fds  # a few rests can still be on their way
        assert most_threads - threads <= 20 + 4, most_threads - threads
        await stores.sweep(now=LATER)
        assert stores.open_guilds() == []
        assert await settled(lambda: threading.active_count() == threads)
        assert descriptors() == fds


# -- the index of guilds with unfinished tables -------------------------------------------------
async def test_a_created_tables_guild_is_indexed_until_its_tables_are_over(stores: Stores) -> None:
    store, other, idle = await stores.guild(GUILD), await stores.guild(222), await stores.guild(333)
    first, second = await playing_table(store), await playing_table(store)
    lobby = await other.create_table("fosco", {}, 7, BOB, SEATS)
    await idle.set_setting("k", 1)  # a guild without tables never enters the index
    assert await stores.guilds_to_restore() == [GUILD, 222]

    assert not await stores.forget_if_idle(GUILD)  # both still playing: stays
    await finish(store, first)
    assert not await stores.forget_if_idle(GUILD)  # one still playing
    assert await store.cancel_table(second)
    assert await stores.forget_if_idle(GUILD)
    assert await stores.guilds_to_restore() == [222]

    assert await other.cancel_table(lobby.id)
    assert await stores.guilds_to_restore() == [222]  # until someone looks
    assert await stores.sweep(now=LATER) == 3  # the sweep looks before it rests an idle guild
    assert await stores.guilds_to_restore() == []
    await playing_table(store)  # a new table puts the guild back
    assert await stores.guilds_to_restore() == [GUILD]


async def test_a_channel_still_to_delete_keeps_the_guild_indexed(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    table_id = await playing_table(store)
    await finish(store, table_id)
    await store.update_table(table_id, channel_id=5, delete_channel_at=time.time() + 60)
    assert not await stores.forget_if_idle(GUILD)
    await store.update_table(table_id, delete_channel_at=None)
    assert await stores.forget_if_idle(GUILD)


async def test_the_index_is_written_before_the_table_commits(stores: Stores, monkeypatch: pytest.MonkeyPatch) -> None:
    store = await stores.guild(GUILD)

    def broken(guild_id: int) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(stores.index, "add", broken)
    with pytest.raises(StoreError):  # the index could not take it: no table either
        await store.create_table("fosco", {}, 7, ALICE, SEATS)
    assert await store.tables_with_status("lobby") == []


async def test_a_data_folder_from_before_the_index_gets_one_built(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    async with Stores(tmp_path) as before:
        for guild_id in (1, 2, 3, 4):
            store = await before.guild(guild_id)
            if guild_id != 4:
                table_id = await playing_table(store)
                if guild_id == 2:
                    await finish(store, table_id)
    for name in (INDEX_NAME, INDEX_NAME + "-wal", INDEX_NAME + "-shm"):
        (tmp_path / name).unlink(missing_ok=True)  # as an earlier Parlour left it

    async with Stores(tmp_path) as after:
        assert await after.guilds_to_restore() == [1, 3]
        assert after.open_guilds() == []  # scanned, not kept open
        monkeypatch.setattr(GuildIndex, "build", lambda *args: pytest.fail("built twice"))
        assert await after.guilds_to_restore() == [1, 3]
    async with Stores(tmp_path) as again:  # and it lasts
        assert await again.guilds_to_restore() == [1, 3]


async def test_a_corrupt_index_is_built_again(tmp_path: Path) -> None:
    async with Stores(tmp_path) as before:
        await playing_table(await before.guild(1))
        await before.guild(2)
    garbage = b"this is not a SQLite file at all" * 64
    (tmp_path / INDEX_NAME).write_bytes(garbage)
    async with Stores(tmp_path) as after:
        assert await after.guilds_to_restore() == [1]
        await playing_table(await after.guild(2))
        assert await after.guilds_to_restore() == [1, 2]
    (tmp_path / INDEX_NAME).write_bytes(garbage)
    async with Stores(tmp_path) as running:
        await playing_table(await running.guild(2))  # creating a table is not stopped by it
    async with Stores(tmp_path) as restarted:
        assert await restarted.guilds_to_restore() == [1, 2]  # scanned again


async def test_a_guild_created_before_the_first_restore_is_not_all_the_index_holds(tmp_path: Path) -> None:
    """A table created before the index was first built must not make the index look complete."""
    async with Stores(tmp_path) as before:
        await playing_table(await before.guild(1))
    for name in (INDEX_NAME, INDEX_NAME + "-wal", INDEX_NAME + "-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    async with Stores(tmp_path) as after:
        await playing_table(await after.guild(2))  # a click that came before the restore
        assert await after.guilds_to_restore() == [1, 2]


async def test_an_indexed_guild_whose_file_has_gone_is_dropped(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    await playing_table(store)
    await stores.close()
    store.path.unlink()
    async with Stores(stores.data_dir) as again:
        assert await again.guilds_to_restore() == []
        assert not again.path_for(GUILD).exists()


# -- guild ids nobody vouched for ---------------------------------------------------------------
async def test_an_unknown_guild_without_create_raises_and_makes_no_file(stores: Stores) -> None:
    with pytest.raises(UnknownGuild) as caught:
        await stores.guild(GUILD, create=False)
    assert caught.value.guild_id == GUILD and isinstance(caught.value, StoreError)
    assert not stores.path_for(GUILD).exists() and not stores.guilds_dir.exists()
    assert stores.known_guilds() == [] and stores.open_guilds() == []
    store = await stores.guild(GUILD)  # vouched for: made
    await store.set_setting("k", 1)
    assert await stores.guild(GUILD, create=False) is store
    await stores.sweep(now=LATER)
    del store
    gc.collect()
    assert await (await stores.guild(GUILD, create=False)).get_setting("k") == 1  # a known file opens


async def test_an_unknown_guild_racing_a_vouched_open_shares_it(stores: Stores) -> None:
    vouched, unvouched = await asyncio.gather(stores.guild(GUILD), stores.guild(GUILD, create=False),
                                              return_exceptions=True)
    assert isinstance(vouched, GuildStore) and unvouched is vouched
    first, second = await asyncio.gather(stores.guild(222, create=False), stores.guild(222),
                                         return_exceptions=True)
    assert isinstance(first, UnknownGuild) and isinstance(second, GuildStore)
    assert stores.path_for(222).is_file()
