"""Why the store runs sqlite3 on a thread of its own with one hop per operation, rather than a
library that hops back to the event loop after every statement. Prints figures; asserts nothing.

    python -m bench.store_commit [--busy 200] [--commits 200] [--committers 1,8] [--work-us 20] [--pause-ms 0]

The write measured is a click's: ``GuildStore.commit_action`` (BEGIN IMMEDIATE, the versioned
UPDATE of the table, the INSERT into the action log, COMMIT), by 1 and then 8 tasks each at a
table of its own in one guild (``--committers``), one move after another, ``--commits`` in all. The event loop is
idle, or busy with ``--busy`` other tasks that each do ``--work-us`` microseconds of work and then
``await asyncio.sleep(pause)``, over and over (a bot answering other guilds): with the default pause
of 0 the loop never rests (saturated); ``--pause-ms 5`` leaves it some idle time.

* one hop: our Database, a commit is one function run in the guild's thread;
* hop per statement: the model of aiosqlite (not installed here, so emulated, and said so): one
  thread per connection, each statement a separate ``await`` of a function run there, its result
  handed back to the event loop (here ``loop.run_in_executor`` on a one-thread executor, which is
  what aiosqlite's queue and ``call_soon_threadsafe`` amount to). Its transactions cannot
  interleave on the shared connection, so each holds an ``asyncio.Lock`` for the guild from BEGIN
  to COMMIT, as an application using it must. The record is encoded on the event loop, where such
  an application would encode it.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.store import GuildStore, Seat, Stores, codec
from bot.store.database import connect

SEATS = [Seat(1, "Alice"), Seat(None, "Computer", ai=True)]
Commit = Callable[[int, int], Awaitable[bool]]


def record(actions: int) -> dict[str, Any]:
    return {"key": "fosco", "players": 2, "seed": 7, "options": {"deals": 20}, "deck": None,
            "actions": [[n % 2, f"t{n}"] for n in range(1, actions + 1)]}


class HopPerStatement:
    """The aiosqlite model, emulated: every statement a round trip from the event loop to the
    connection's thread and back."""

    def __init__(self, path: Path) -> None:
        self._thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="hop-per-statement")
        self._conn: sqlite3.Connection | None = None
        self._path = path
        self._lock = asyncio.Lock()

    async def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)

    async def open(self) -> None:
        self._conn = await self._call(connect, self._path)

    async def execute(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        assert self._conn is not None
        cursor = await self._call(self._conn.execute, sql, params)
        return int(cursor.rowcount)

    async def commit_action(self, table_id: int, expected: int) -> bool:
        version = expected + 1
        text = codec.dumps(record(version), "record")  # on the event loop, as its user would
        at = time.time()
        async with self._lock:
            await self.execute("BEGIN IMMEDIATE")
            try:
                changed = await self.execute(
                    "UPDATE tables SET record = ?, version = ?, updated_at = ?, turn_started_at = ?, reminded = 0"
                    " WHERE id = ? AND version = ? AND status = 'playing'",
                    (text, version, at, at, table_id, expected))
                if changed:
                    await self.execute(
                        "INSERT INTO actions (table_id, version, seat, token, actor_id, source, at)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (table_id, version, version % 2, f"t{version}", 1, "click", at))
                await self.execute("COMMIT")
            except BaseException:
                await self.execute("ROLLBACK")
                raise
        return changed > 0

    async def close(self) -> None:
        if self._conn is not None:
            await self._call(self._conn.close)
        self._thread.shutdown()


async def busy_loop(tasks: int, work_us: float, pause: float, stop: asyncio.Event) -> list[asyncio.Task[None]]:
    async def other() -> None:
        while not stop.is_set():
            deadline = time.perf_counter() + work_us / 1e6
            while time.perf_counter() < deadline:
                pass
            await asyncio.sleep(pause)

    return [asyncio.create_task(other()) for _ in range(tasks)]


async def measure(commit: Commit, tables: list[int], commits: int, busy: int, work_us: float,
                  pause: float) -> tuple[float, list[float]]:
    stop = asyncio.Event()
    others = await busy_loop(busy, work_us, pause, stop)
    await asyncio.sleep(0.05)
    latencies: list[float] = []
    per_table = commits // len(tables)

    async def committer(table_id: int) -> None:
        for version in range(per_table):
            began = time.perf_counter()
            assert await commit(table_id, version)
            latencies.append(time.perf_counter() - began)

    started = time.perf_counter()
    await asyncio.gather(*(committer(t) for t in tables))
    elapsed = time.perf_counter() - started
    stop.set()
    await asyncio.gather(*others)
    return len(latencies) / elapsed, latencies


async def fresh_tables(store: GuildStore, count: int) -> list[int]:
    tables = []
    for _ in range(count):
        table = await store.create_table("fosco", {"deals": 20}, 7, 1, SEATS)
        await store.start_table(table.id, record(0), SEATS)
        tables.append(table.id)
    return tables


def line(label: str, rate: float, latencies: list[float]) -> str:
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"  {label:<48} {rate:6.0f} commits/s   p50 {statistics.median(latencies) * 1000:7.2f} ms"
            f"   p95 {p95 * 1000:7.2f} ms   max {ordered[-1] * 1000:7.1f} ms")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--busy", type=int, default=200)
    parser.add_argument("--commits", type=int, default=200)
    parser.add_argument("--committers", default="1,8")
    parser.add_argument("--work-us", type=float, default=20.0)
    parser.add_argument("--pause-ms", type=float, default=0.0)
    args = parser.parse_args()
    print(f"{args.commits} commit_action writes by each of {args.committers} tasks; busy loop: {args.busy} tasks "
          f"of {args.work_us:.0f} us work + sleep({args.pause_ms / 1000:g}).\n'hop per statement' is an emulation of "
          "aiosqlite's model (aiosqlite is not installed): run_in_executor per statement on a one-thread executor.")
    with tempfile.TemporaryDirectory(prefix="parlour-commit-") as tmp:
        async with Stores(Path(tmp)) as stores:
            ours = await stores.guild(1)
            hop = HopPerStatement(ours.path)
            await hop.open()

            async def one_hop(table_id: int, expected: int) -> bool:
                return await ours.commit_action(table_id, expected, (expected + 1) % 2, f"t{expected + 1}",
                                                record(expected + 1), actor_id=1)

            for busy in (0, args.busy):
                for committers in (int(n) for n in args.committers.split(",")):
                    print(f"event loop {'busy: ' + str(busy) + ' other tasks' if busy else 'idle'}, "
                          f"{committers} committing task(s)")
                    for label, commit in (("one hop (our Database)", one_hop),
                                          ("hop per statement (aiosqlite's model, emulated)", hop.commit_action)):
                        tables = await fresh_tables(ours, committers)
                        rate, latencies = await measure(commit, tables, args.commits, busy, args.work_us,
                                                        args.pause_ms / 1000)
                        print(line(label, rate, latencies))
            await hop.close()


if __name__ == "__main__":
    asyncio.run(main())
