"""Backups (issue 46): what a backup costs the players while tables are busy, how long it takes and
how big it is. Prints figures; asserts nothing.

    python -m bench.backup [--tables 200] [--every 5] [--seconds 60] [--backup-every 15] [--old-guilds 1000]
                           [--guilds 1000]

1. Busy tables: ``bench.steady`` twice at ``--tables`` tables (each one member against a computer,
   moving on average every ``--every`` seconds), once as it is and once with ``python -m bot backup``
   run beside the bot every ``--backup-every`` seconds, as an operator's cron would: the members'
   answer and next-controls times (median / p95) both ways, and each backup's time, CPU and size.
   The data folder also holds ``--old-guilds`` guild files of servers that played before (not
   open, but copied by every backup), so a backup copies what a long-running bot's would.
2. Many guilds: ``--guilds`` guild files, each as a server that has played a few dozen games leaves
   it (one such file is made by playing through the store, then copied), backed up by SQLite's
   online backup API and by ``VACUUM INTO``, into a folder and a ``.tar.gz``: time, CPU and size.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.store import backup

from . import steady
from .bot_latency import ms
from .guild_files import GAMES_A_GUILD, guild_files


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def size_mb(path: Path) -> float:
    files = [path] if path.is_file() else [f for f in path.rglob("*") if f.is_file()]
    return sum(f.stat().st_size for f in files) / 1e6


def many_guilds(count: int) -> None:
    with tempfile.TemporaryDirectory(prefix="parlour-backup-bench-") as folder:
        root = Path(folder)
        data = root / "data"
        template = guild_files(data, count)
        print(f"\n{count} guild files of {template.stat().st_size / 1e3:.0f} KB each ({GAMES_A_GUILD} games played "
              f"in each): {size_mb(data):.1f} MB in the data folder")
        print(f"{'method':>8} {'into':>8} {'seconds':>8} {'CPU s':>6} {'size MB':>8}")
        for method in ("backup", "vacuum"):
            for into in ("folder", "tar.gz"):
                dest = root / (f"copy-{method}" + (".tar.gz" if into == "tar.gz" else ""))
                began, cpu = time.perf_counter(), cpu_seconds()
                backup.take(data, dest, method=method)  # type: ignore[arg-type]
                took, used = time.perf_counter() - began, cpu_seconds() - cpu
                print(f"{method:>8} {into:>8} {took:>8.1f} {used:>6.1f} {size_mb(dest):>8.1f}")
                shutil.rmtree(dest, ignore_errors=True) if dest.is_dir() else dest.unlink()


def busy_tables(args: argparse.Namespace) -> None:
    ways: list[tuple[str, Any]] = []
    for label, every in (("no backup", 0.0), (f"backup every {args.backup_every:g} s", args.backup_every)):
        print(f"\n{args.tables} tables, a move every {args.every:g} s each, for {args.seconds:g} s: {label} ...",
              flush=True)
        child = argparse.Namespace(**{**vars(args), "backup_every": every})
        ways.append((label, steady.run_child(child, args.tables)))
    print(f"\n{'':>24} {'answer med/p95 ms':>18} {'next controls med/p95 ms':>25} {'clicks/s':>8} {'failed':>6}")
    for label, r in ways:
        print(f"{label:>24} {ms(r.answer):>18} {ms(r.next_controls):>25} {r.clicks / r.seconds:>8.1f} {r.failed:>6}")
    (_, plain), (_, backed) = ways
    if plain.answer and backed.answer:
        def p95(values: list[float]) -> float:
            return sorted(values)[max(0, int(0.95 * len(values)) - 1)]

        print(f"answer p95 {100 * (p95(backed.answer) / p95(plain.answer) - 1):+.0f} %, next controls p95 "
              f"{100 * (p95(backed.next_controls) / p95(plain.next_controls) - 1):+.0f} % with the backups")
    if backed.backups:
        print(f"{len(backed.backups)} backups: {ms(backed.backups)} ms each (med / p95), CPU "
              f"{sum(backed.backup_cpu) / len(backed.backup_cpu):.2f} s each, {backed.backup_mb:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--every", type=float, default=5.0, help="seconds between a member's moves, on average")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--backup-every", type=float, default=15.0, help="seconds between backups while playing")
    parser.add_argument("--old-guilds", type=int, default=1000, help="guild files beside the busy tables")
    parser.add_argument("--guilds", type=int, default=1000, help="guild files for the size and time of a backup")
    parser.add_argument("--skip-busy", action="store_true", help="only the many-guilds part")
    steady.table_options(parser)
    args = parser.parse_args()
    if not args.skip_busy:
        busy_tables(args)
    if args.guilds:
        many_guilds(args.guilds)


if __name__ == "__main__":
    main()
