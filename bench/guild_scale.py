"""Many guilds: what start-up and a stream of guilds cost in file descriptors and threads, now that
a guild's store is open only while in use. Prints figures; asserts nothing.

    python -m bench.guild_scale [--guilds 1000,10000] [--unfinished 100] [--max-open 64]

For each size a data folder is made of that many guild files (copies of two templates made by the
store itself: an empty guild, and a guild with one Fosco table being played), ``--unfinished`` of
them with the table, and no index of guilds to restore, as an earlier Parlour left it. The
descriptor limit is lowered to 1,024 first, as on a default Linux host. Then, in this process:

* before: the old way, every guild's store opened at start and kept (``max_open`` unbounded), on
  the 1,000-guild folder only: how far it gets within 1,024 descriptors;
* find: the time to list the guilds to restore, the first time (building the index by scanning
  every file once) and at a later start (reading the index);
* restore: the restore pass the bot makes (lobbies, tables being played, ended tables of each
  listed guild); descriptors (``/proc/self/fd``) and threads after it;
* stream: one read in every guild in turn (a click or a command in each); descriptors and threads
  at the peak and at the end, and the time a read takes in a guild whose store was resting;
* click: a move committed at each of the 100 live tables after the stream, whose stores have
  mostly been rested by then (so each first reopens its file).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import shutil
import sqlite3
import statistics
import tempfile
import threading
import time
from contextlib import closing
from pathlib import Path

from bot.store import Stores, StoreUnavailable
from bot.store.database import connect
from bot.store.rows import Seat

LIMIT = 1024  # a default Linux host's soft limit on open files
BASE = 400_000_000_000_000_000  # guild ids shaped like Discord's
SEATS = [Seat(1, "Alice"), Seat(None, "Computer", ai=True)]


def descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


def record(actions: int) -> dict[str, object]:
    return {"key": "fosco", "players": 2, "seed": 7, "options": {}, "deck": None,
            "actions": [[0, f"t{n}"] for n in range(1, actions + 1)]}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(values: list[float]) -> str:
    return f"p50 {statistics.median(values) * 1000:.2f} ms, p95 {pct(values, 0.95) * 1000:.2f} ms"


async def make_templates(folder: Path) -> tuple[Path, Path]:
    """An empty guild file and one with a table being played, made by the store, closed cleanly."""
    empty = folder / "empty.sqlite3"
    connect(empty).close()
    async with Stores(folder / "live") as stores:
        store = await stores.guild(1)
        table = await store.create_table("fosco", {"deals": 20}, 7, 1, SEATS, origin_channel_id=5)
        await store.start_table(table.id, record(0), SEATS)
        await store.update_table(table.id, channel_id=6, table_message_id=7)
        path = store.path
    return empty, path


def make_folder(data: Path, empty: Path, live: Path, guilds: int, unfinished: int) -> list[int]:
    """``guilds`` guild files (copies of the templates), every ``guilds // unfinished``-th with a table."""
    folder = data / "guilds"
    folder.mkdir(parents=True)
    step = max(1, guilds // unfinished)
    ids = [BASE + n for n in range(guilds)]
    for n, guild_id in enumerate(ids):
        shutil.copyfile(live if n % step == 0 and n // step < unfinished else empty, folder / f"{guild_id}.sqlite3")
    return ids


def figures(label: str, base_fds: int, base_threads: int) -> str:
    fds, threads = descriptors(), threading.active_count()
    return f"{label}: {fds} descriptors ({fds - base_fds:+d}), {threads} threads ({threads - base_threads:+d})"


async def old_way(data: Path) -> None:
    """Every guild opened and kept, as before: where 1,024 descriptors run out."""
    opened = 0
    async with Stores(data, max_open=10**9) as stores:
        try:
            for guild_id in stores.known_guilds():
                store = await stores.guild(guild_id)
                await store.tables_with_status("lobby", "playing")
                opened += 1
        except StoreUnavailable as fault:
            print(f"  before (every store kept open): {opened} guilds opened, then {fault.kind}: "
                  f"{fault.__cause__}; {descriptors()} descriptors, {threading.active_count()} threads")
        else:
            print(f"  before (every store kept open): all {opened} opened; {descriptors()} descriptors, "
                  f"{threading.active_count()} threads")


async def run(guilds: int, unfinished: int, max_open: int, templates: tuple[Path, Path]) -> None:
    print(f"\n{guilds:,} guilds, {unfinished} with an unfinished table, max_open {max_open}")
    with tempfile.TemporaryDirectory(prefix="parlour-scale-") as tmp:
        data = Path(tmp)
        started = time.perf_counter()
        ids = make_folder(data, *templates, guilds, unfinished)
        print(f"  made the folder in {time.perf_counter() - started:.1f} s")
        if guilds <= 1000:
            await old_way(data)
            for name in ("open-guilds.sqlite3", "open-guilds.sqlite3-wal", "open-guilds.sqlite3-shm"):
                (data / name).unlink(missing_ok=True)
        base_fds, base_threads = descriptors(), threading.active_count()
        print(f"  at start: {base_fds} descriptors, {base_threads} threads")

        async with Stores(data, max_open=max_open) as stores:
            started = time.perf_counter()
            listed = len(stores.known_guilds())
            known_s = time.perf_counter() - started
            started = time.perf_counter()
            restore = await stores.guilds_to_restore()
            print(f"  find, first start (index built by scanning {listed:,} files): {len(restore)} guilds in "
                  f"{time.perf_counter() - started:.2f} s (listing the folder alone: {known_s * 1000:.0f} ms)")
        async with Stores(data, max_open=max_open) as stores:
            started = time.perf_counter()
            restore = await stores.guilds_to_restore()
            print(f"  find, later start (index read): {len(restore)} guilds in "
                  f"{(time.perf_counter() - started) * 1000:.1f} ms")

            started = time.perf_counter()
            live: list[tuple[int, int]] = []
            for guild_id in restore:  # as Parlour.restore does it
                store = await stores.guild(guild_id)
                await store.tables_with_status("lobby")
                live += [(guild_id, row.id) for row in await store.tables_with_status("playing")]
                await store.tables_with_status("finished", "cancelled")
            restore_s = time.perf_counter() - started
            await asyncio.sleep(0.05)  # the rests beyond max_open finish in their threads
            print(f"  restore: {len(live)} live tables in {restore_s * 1000:.0f} ms")
            print("  " + figures("after restoring", base_fds, base_threads))

            peak_fds, peak_threads = 0, 0
            reads: list[float] = []
            started = time.perf_counter()
            for guild_id in ids:
                began = time.perf_counter()
                store = await stores.guild(guild_id)
                await store.get_table(1)
                reads.append(time.perf_counter() - began)
                peak_fds, peak_threads = max(peak_fds, descriptors()), max(peak_threads, threading.active_count())
            stream_s = time.perf_counter() - started
            await asyncio.sleep(0.05)
            print(f"  stream: one read in each of {len(ids):,} guilds in {stream_s:.1f} s "
                  f"({len(ids) / stream_s:,.0f} guilds/s); a read that opens the store: {ms(reads)}")
            print(f"  stream peak: {peak_fds} descriptors, {peak_threads} threads")
            print("  " + figures("after the stream", base_fds, base_threads))

            clicks: list[float] = []
            for guild_id, table_id in live:
                store = await stores.guild(guild_id)
                began = time.perf_counter()
                assert await store.commit_action(table_id, 0, 0, "t1", record(1), actor_id=1)
                clicks.append(time.perf_counter() - began)
            print(f"  click at each of the {len(live)} live tables (most stores rested, so reopened): {ms(clicks)}")
            await asyncio.sleep(0.05)
            print("  " + figures(f"with {len(live)} live tables after their clicks", base_fds, base_threads))
            rested = await stores.sweep(now=time.monotonic() + stores.idle_seconds)
            await asyncio.sleep(0.05)
            print("  " + figures(f"after a sweep once idle ({rested} stores rested)", base_fds, base_threads))
            with closing(sqlite3.connect(stores.index.path)) as conn:
                indexed = conn.execute("SELECT COUNT(*) FROM guilds").fetchone()[0]
            print(f"  index: {indexed} guilds (all still have a table being played)")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--guilds", default="1000,10000")
    parser.add_argument("--unfinished", type=int, default=100)
    parser.add_argument("--max-open", type=int, default=64)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft > LIMIT:
        resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, hard))
    print(f"descriptor limit: {resource.getrlimit(resource.RLIMIT_NOFILE)[0]} (was {soft})")
    with tempfile.TemporaryDirectory(prefix="parlour-templates-") as tmp:
        templates = await make_templates(Path(tmp))
        for guilds in (int(n) for n in args.guilds.split(",")):
            await run(guilds, args.unfinished, args.max_open, templates)


if __name__ == "__main__":
    asyncio.run(main())
