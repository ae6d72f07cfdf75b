"""The bot's own backups (PARLOUR_BACKUP_DIR, PARLOUR_BACKUP_EVERY, PARLOUR_BACKUP_KEEP): one each
period into a folder ``parlour-<UTC time>`` there, the newest ``keep`` kept. The period runs from the
newest backup already in the folder, so a bot restarted more often than it backs up still backs up
on time. A backup is taken in a thread (:func:`bot.store.backup.take`) and never stops play: one
that fails is logged as an error, counted, and tried again the next period.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import os
import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path

from . import backup

log = logging.getLogger(__name__)
PREFIX = "parlour-"
STAMP = "%Y%m%d-%H%M%S"


def _take_yielding(data_dir: Path, dest: Path) -> backup.Manifest:
    """A backup in this thread at a lower priority (on Linux a thread has its own): it may take
    longer, never the players' clicks (``python -m bench.backup``)."""
    with contextlib.suppress(OSError, AttributeError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
    return backup.take(data_dir, dest)


class BackupSchedule:
    def __init__(self, data_dir: Path, folder: Path, every: float, keep: int,
                 counted: Callable[[bool, float], None] = lambda ok, seconds: None) -> None:
        self.data_dir, self.folder, self.every, self.keep = data_dir, folder, every, keep
        self.counted = counted  # (succeeded, seconds taken): for the metrics
        self.last_taken: float | None = None  # seconds since the epoch of the newest backup here
        self._thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="parlour-backup")

    def taken(self) -> list[Path]:
        """The whole backups in the folder, oldest first (a half-made one has no manifest)."""
        if not self.folder.is_dir():
            return []
        return sorted(p for p in self.folder.iterdir()
                      if p.name.startswith(PREFIX) and (p / backup.MANIFEST).is_file())

    def due_in(self, now: float) -> float:
        """Seconds until the next backup: a period after the newest one here (none: now)."""
        found = self.taken()
        if found and self.last_taken is None:
            try:
                self.last_taken = json.loads((found[-1] / backup.MANIFEST).read_text())["taken_at"]
            except (OSError, ValueError, KeyError):
                self.last_taken = None  # unreadable: take one now
        return 0.0 if self.last_taken is None else max(0.0, self.last_taken + self.every - now)

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.due_in(time.time()))
            await self.take_one()

    async def take_one(self) -> Path | None:
        """One backup now, then the oldest beyond ``keep`` removed; None if it failed."""
        started = time.time()
        name = self.folder / f"{PREFIX}{time.strftime(STAMP, time.gmtime(started))}-{int(started * 1000) % 1000:03d}"
        try:
            manifest = await asyncio.get_running_loop().run_in_executor(self._thread, _take_yielding, self.data_dir,
                                                                        name)
        except Exception as err:  # a full disk, an unwritable folder: logged, counted, tried again later
            log.error("backup to %s failed: %s", name, err)
            self.counted(False, time.time() - started)
            self.last_taken = started  # the next attempt a period later, not in a tight loop
            return None
        self.last_taken = started
        self.counted(True, time.time() - started)
        log.info("backup: %d files, %.1f MB, to %s in %.1f s", len(manifest.files), manifest.size / 1e6, name,
                 time.time() - started)
        for old in self.taken()[: -self.keep]:
            shutil.rmtree(old, ignore_errors=True)
        return name

    def close(self) -> None:
        """The bot is stopping: no backup is begun any more (one under way finishes in its thread)."""
        self._thread.shutdown(wait=False, cancel_futures=True)
