"""Discord's per-channel limit on message writes, kept by the bot itself rather than learnt from
429 answers: at most ``WRITES`` sends or edits in any ``WINDOW`` seconds in one channel (a table's
channel, a player's DMs). A write that would break it waits for its turn; meanwhile the table
goes on, and what is shown when the turn comes is the newest state."""

from __future__ import annotations

import asyncio
import time
from collections import deque

WRITES = 5
WINDOW = 5.0
IDLE = 60.0  # a channel unused this long is forgotten


class ChannelLimits:
    def __init__(self, writes: int | None = None, window: float | None = None) -> None:
        self.writes = WRITES if writes is None else writes
        self.window = WINDOW if window is None else window  # read when made, so tests may shorten it
        self._sent: dict[int, deque[float]] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._swept = time.monotonic()

    async def reserve(self, channel_id: int) -> None:
        """Wait until ``channel_id`` may take one more write, and count it."""
        lock = self._locks.setdefault(channel_id, asyncio.Lock())
        async with lock:  # first come, first served within a channel
            sent = self._sent.setdefault(channel_id, deque())
            now = time.monotonic()
            while sent and sent[0] <= now - self.window:
                sent.popleft()
            if len(sent) >= self.writes:
                await asyncio.sleep(sent[0] + self.window - now)
                sent.popleft()
            sent.append(time.monotonic())
        self._sweep()

    def waiting(self, channel_id: int) -> float:
        """Seconds before ``channel_id`` may be written to again (0 if it may now)."""
        sent = self._sent.get(channel_id)
        if not sent or len(sent) < self.writes:
            return 0.0
        return max(0.0, sent[-self.writes] + self.window - time.monotonic())

    def _sweep(self) -> None:
        now = time.monotonic()
        if now - self._swept < IDLE:
            return
        self._swept = now
        for channel_id in [c for c, sent in self._sent.items() if not sent or sent[-1] < now - IDLE]:
            lock = self._locks.get(channel_id)
            if lock is None or not lock.locked():
                self._sent.pop(channel_id, None)
                self._locks.pop(channel_id, None)
