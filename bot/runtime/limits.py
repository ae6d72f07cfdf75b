"""Discord's per-channel limit on message writes, kept by the bot itself rather than learnt from
429 answers: at most ``WRITES`` sends or edits in any ``WINDOW`` seconds in one channel (a table's
channel, a player's DMs). A write that would break it waits for its turn; meanwhile the table
goes on, and what is shown when the turn comes is the newest state.

Discord counts a write when it arrives, which is some time after the bot starts it; so a write
counts here from when it is started until its answer is back, and the window runs from the
answer: writes that follow one another are then always a whole window apart where it counts.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from bot.runtime import exporter

WRITES = 5
WINDOW = 5.0
IDLE = 60.0  # a channel unused this long is forgotten


@dataclass
class _Channel:
    done: deque[float] = field(default_factory=deque)  # when recent writes were answered
    busy: int = 0  # writes started and not yet answered
    turn: asyncio.Lock = field(default_factory=asyncio.Lock)  # first come, first served


class ChannelLimits:
    def __init__(self, writes: int | None = None, window: float | None = None) -> None:
        self.writes = WRITES if writes is None else writes
        self.window = WINDOW if window is None else window  # read when made, so tests may shorten it
        self._channels: dict[int, _Channel] = {}
        self._swept = time.monotonic()
        self.waited = 0  # writes that could not start at once (also counted as parlour_channel_write_waits)

    def _free_in(self, channel: _Channel) -> float:
        """Seconds until one more write may start (0: now)."""
        now = time.monotonic()
        while channel.done and channel.done[0] <= now - self.window:
            channel.done.popleft()
        if len(channel.done) + channel.busy < self.writes:
            return 0.0
        if channel.busy < self.writes:  # wait for enough answered writes to leave the window
            return channel.done[len(channel.done) - (self.writes - channel.busy)] + self.window - now
        return self.window / 10  # every place is taken by writes under way: look again soon

    async def ready(self, channel_id: int) -> None:
        """Wait until ``channel_id`` could take one more write (without taking it)."""
        channel = self._channels.setdefault(channel_id, _Channel())
        while (wait := self._free_in(channel)) > 0:
            await asyncio.sleep(wait)

    @asynccontextmanager
    async def write(self, channel_id: int) -> AsyncIterator[None]:
        """Around one send or edit in ``channel_id``: waits for its turn, and counts it."""
        channel = self._channels.setdefault(channel_id, _Channel())
        if channel.turn.locked() or self._free_in(channel) > 0:  # behind another, or no room: it waits
            self.waited += 1
            exporter.CHANNEL_WAITS.inc()
        async with channel.turn:
            while (wait := self._free_in(channel)) > 0:
                await asyncio.sleep(wait)
            channel.busy += 1
        try:
            yield
        finally:
            channel.busy -= 1
            channel.done.append(time.monotonic())
            self._sweep()

    def _sweep(self) -> None:
        now = time.monotonic()
        if now - self._swept < IDLE:
            return
        self._swept = now
        for channel_id, channel in list(self._channels.items()):
            if not channel.busy and not channel.turn.locked() and (not channel.done or channel.done[-1] < now - IDLE):
                del self._channels[channel_id]
