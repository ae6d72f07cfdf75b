"""Steady load: N tables, each one member against a computer, the member moving at random moments,
on average every ``--every`` seconds (a Poisson process: the pause after their controls appear is
exponential), for ``--seconds``. The real bot in its own process (``bench.bot_process``), with its
render workers, against the local Discord in this process (OpenAPI validation off). Prints figures;
asserts nothing. ``bench.bot_latency`` measures bursts (every table's member at once).

    python -m bench.steady [--tables 100,200,400,500] [--every 5] [--seconds 60] [--ai-delay 0]

What the member sees is timed, in their copy (the hand in their DMs):

* answer: click -> the interaction answered (the button stops spinning);
* next controls: click -> their copy offering the next move (the move shown, the computer's reply
  made and shown);

with the throughput (applied clicks a second, and what the offered rate would be), failures (no
answer or no next controls within 60 s), CPU per process (the bot's, its render and thinking
workers', the stand-in's and driver's) and the bot's own breakdown (median / p95 of each step, see
``bench.bot_latency``). Each size runs in a fresh interpreter with a new bot on a new data folder.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from localcord import LocalDiscord

from .bot_latency import (
    RESULT,
    Table,
    Watch,
    bot_process,
    child_figures,
    each_size,
    members_at_tables,
    ms,
    open_all,
    table_options,
    tree_cpu,
    until,
)
from .guild_files import guild_files

PATIENCE = 60.0  # seconds a member waits for an answer or their next controls before it counts as failed


@dataclass
class Steady:
    tables: int
    every: float
    seconds: float = 0.0
    clicks: int = 0  # clicks whose next controls came within the window
    late: int = 0  # clicks still waiting for their next controls when the window closed
    failed: int = 0
    answer: list[float] = field(default_factory=list)
    next_controls: list[float] = field(default_factory=list)
    parts: dict[str, list[float]] = field(default_factory=dict)
    lag: list[float] = field(default_factory=list)
    cpu_bot: float = 0.0
    cpu_all: float = 0.0
    cpu_standin: float = 0.0
    backups: list[float] = field(default_factory=list)  # seconds each backup took (``backup_every``)
    backup_cpu: list[float] = field(default_factory=list)  # CPU seconds each took
    backup_mb: float = 0.0  # the last backup's size


async def member(standin: LocalDiscord, table: Table, result: Steady, rng: random.Random, stop: float) -> None:
    """One table's member: waits a random pause, clicks the first move of their copy, waits to see
    the next one offered; again until ``stop``."""
    while True:
        pause = rng.expovariate(1 / result.every)
        if time.perf_counter() + pause >= stop:
            return
        await asyncio.sleep(pause)
        offered = table.offered(standin)
        if offered is None:  # not yet offered (a restart of the copy): wait for it
            try:
                offered = await until(table, lambda: table.offered(standin), PATIENCE)
            except TimeoutError:
                result.failed += 1
                continue
        message, comp, version = offered
        start = time.perf_counter()
        record = await table.press(standin, message, comp)
        try:
            await asyncio.wait_for(record.responded.wait(), PATIENCE)
            answered = time.perf_counter()
            await until(table, lambda v=version: table.offered(standin, after=v), PATIENCE)
        except TimeoutError:
            result.failed += 1
            continue
        if time.perf_counter() <= stop:
            result.clicks += 1
        else:
            result.late += 1
        result.answer.append(answered - start)
        result.next_controls.append(time.perf_counter() - start)


def backup_process(data: Path, dest: Path) -> tuple[int, float]:
    """``python -m bot backup dest`` run to its end: its exit status and the CPU seconds it used."""
    process = subprocess.Popen([sys.executable, "-m", "bot", "backup", str(dest)], stdout=subprocess.DEVNULL,
                               env={**os.environ, "PARLOUR_DATA_DIR": str(data)})
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, usage.ru_utime + usage.ru_stime


async def backups_during(data: Path, into: Path, every: float, result: Steady, stop: float) -> None:
    """``python -m bot backup`` every ``every`` seconds while the members play, as an operator's
    cron would run it beside the bot: each one's time, CPU and size."""
    n = 0
    while time.perf_counter() + every < stop:
        await asyncio.sleep(every)
        n += 1
        dest = into / f"copy-{n}"
        began = time.perf_counter()
        status, cpu = await asyncio.to_thread(backup_process, data, dest)
        result.backups.append(time.perf_counter() - began)
        result.backup_cpu.append(cpu)
        if status == 0:
            result.backup_mb = sum(f.stat().st_size for f in dest.rglob("*") if f.is_file()) / 1e6
        shutil.rmtree(dest, ignore_errors=True)


async def run_size(count: int, every: float, seconds: float, ai_delay: float, per_guild: int, batch: int,
                   backup_every: float = 0.0, old_guilds: int = 0) -> Steady:
    result = Steady(count, every)
    rng = random.Random(count)
    async with LocalDiscord() as standin:
        watch = Watch(standin)
        tables, warm = members_at_tables(standin, count, per_guild)
        with tempfile.TemporaryDirectory(prefix="parlour-steady-") as folder:
            report = Path(folder) / "report.json"
            if old_guilds:  # the history of servers that played before: on disk, not open, but backed up
                await asyncio.to_thread(guild_files, Path(folder) / "data", old_guilds)
            async with bot_process(standin, Path(folder) / "data", ai_delay, report) as process:
                await open_all(standin, watch, warm, batch)
                await open_all(standin, watch, tables, batch)
                process.send_signal(signal.SIGUSR1)  # the bot's figures start afresh
                await asyncio.sleep(0.1)
                begin, cpu, mine = time.perf_counter(), tree_cpu(process.pid), time.process_time()
                cpu_bot = bot_cpu(process.pid)
                stop = begin + seconds
                members = asyncio.gather(*(member(standin, t, result, random.Random(rng.random()), stop)
                                           for t in tables))
                copies = asyncio.ensure_future(backups_during(Path(folder) / "data", Path(folder), backup_every,
                                                              result, stop) if backup_every else asyncio.sleep(0))
                # Rates and CPU over the window only: the clicks still under way when it closes
                # (waited for, up to PATIENCE, for their times) would stretch it and thin both.
                await asyncio.sleep(max(0.0, stop - time.perf_counter()))
                result.seconds = time.perf_counter() - begin
                result.cpu_all = (tree_cpu(process.pid) - cpu) / result.seconds
                result.cpu_bot = (bot_cpu(process.pid) - cpu_bot) / result.seconds
                result.cpu_standin = (time.process_time() - mine) / result.seconds
                await members
                await copies
            figures = json.loads(report.read_text())
            result.parts, result.lag = figures["parts"], figures["lag"]
    return result


def bot_cpu(pid: int) -> float:
    """CPU seconds used so far by the bot's own process (not its workers)."""
    from .bot_latency import CLOCK_TICKS

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def report(results: list[Steady]) -> None:
    print()
    print(f"{'tables':>6} {'every s':>7} {'offered/s':>9} {'clicks/s':>8} {'late':>5} {'failed':>6} "
          f"{'answer med/p95 ms':>18} {'next controls med/p95 ms':>25} {'CPU bot/workers/stand-in':>25}")
    for r in results:
        rate = r.clicks / r.seconds if r.seconds else 0.0
        workers = r.cpu_all - r.cpu_bot
        print(f"{r.tables:>6} {r.every:>7.1f} {r.tables / r.every:>9.1f} {rate:>8.1f} {r.late:>5} {r.failed:>6} "
              f"{ms(r.answer):>18} {ms(r.next_controls):>25} "
              f"{f'{r.cpu_bot:.2f} / {workers:.2f} / {r.cpu_standin:.2f}':>25}")
    print()
    parts = ("act", "publish", "commit", "render table", "render hand", "render seat", "defer")
    print(f"{'tables':>6} " + " ".join(f"{p + ' ms':>16}" for p in parts) + f" {'loop lag ms':>12}"
          f" {'tables/copies a click':>22}")
    for r in results:
        done = max(1, r.clicks + r.late)
        drawn = f"{len(r.parts.get('render table', [])) / done:.2f} / {len(r.parts.get('render seat', [])) / done:.2f}"
        print(f"{r.tables:>6} " + " ".join(f"{ms(r.parts.get(p, [])):>16}" for p in parts) + f" {ms(r.lag):>12}"
              f" {drawn:>22}")
    print("\nanswer: click -> interaction answered; next controls: click -> the member's copy offers the next\n"
          "move (theirs shown, the computer's reply made and shown). offered/s: tables / every, what the\n"
          "members would ask if every answer were instant; clicks/s: what was applied. CPU: CPU seconds per\n"
          "wall second (2 = both cores): the bot's process / its workers / the stand-in and driver; clicks/s\n"
          "and CPU over the window only. late: clicks still waiting for their next controls when the window\n"
          "closed (timed, not counted in clicks/s). Breakdown: median / p95 per call in the bot's process, and\n"
          "the pictures drawn for each click (onlookers' tables / players' copies).")


def run_child(args: argparse.Namespace, count: int) -> Steady:
    return Steady(**child_figures("bench.steady", count, args,
                                  ["--every", str(args.every), "--seconds", str(args.seconds),
                                   "--backup-every", str(args.backup_every), "--old-guilds", str(args.old_guilds)]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=lambda s: [int(n) for n in s.split(",")], default=[100, 200, 400, 500],
                        help="table counts, comma-separated (default 100,200,400,500)")
    parser.add_argument("--every", type=float, default=5.0, help="seconds between a member's moves, on average")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long each size runs")
    parser.add_argument("--backup-every", type=float, default=0.0,
                        help="take a backup (python -m bot backup) every this many seconds meanwhile (bench.backup)")
    parser.add_argument("--old-guilds", type=int, default=0,
                        help="guild files of servers that played before, in the data folder from the start")
    table_options(parser)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.one:
        result = asyncio.run(run_size(args.one, args.every, args.seconds, args.ai_delay, args.per_guild, args.batch,
                                      args.backup_every, args.old_guilds))
        print(RESULT + json.dumps(asdict(result)), flush=True)
        return
    report(each_size(args.tables, lambda n: f"a move every {args.every} s each, for {args.seconds} s",
                     lambda n: run_child(args, n)))


if __name__ == "__main__":
    main()
