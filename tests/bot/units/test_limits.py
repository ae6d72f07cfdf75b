"""The bot's own keeping of Discord's per-channel write limit."""

from __future__ import annotations

import asyncio
import time

from bot.runtime.limits import ChannelLimits


async def timed_writes(limits: ChannelLimits, channel: int, count: int, takes: float = 0.0) -> list[float]:
    """When each of ``count`` writes started, each taking ``takes`` seconds to be answered."""
    started: list[float] = []

    async def one() -> None:
        async with limits.write(channel):
            started.append(time.monotonic())
            await asyncio.sleep(takes)

    await asyncio.gather(*(one() for _ in range(count)))
    return started


async def test_five_writes_go_at_once_and_the_sixth_waits_a_window_from_the_first_answer() -> None:
    limits = ChannelLimits(writes=5, window=0.3)
    begin = time.monotonic()
    started = await timed_writes(limits, 1, 7, takes=0.05)
    assert limits.waited == 2  # the first five went at once
    # The first answers came at about 0.05 s: the sixth may start a window after that, not before.
    assert started[5] - begin >= 0.3 + 0.05 - 0.01
    assert started[6] - begin >= 0.3 + 0.05 - 0.01


async def test_channels_do_not_wait_for_each_other() -> None:
    limits = ChannelLimits(writes=2, window=0.5)
    await timed_writes(limits, 1, 2)
    await timed_writes(limits, 2, 2)  # another channel: its own room
    assert limits.waited == 0
    await timed_writes(limits, 1, 1)  # (the first channel's room is spent)
    assert limits.waited == 1


async def test_ready_waits_for_room_without_taking_it() -> None:
    limits = ChannelLimits(writes=1, window=0.2)
    await timed_writes(limits, 1, 1)
    begin = time.monotonic()
    await limits.ready(1)
    assert time.monotonic() - begin >= 0.19
    await limits.ready(1)  # nothing was taken: still room
    await timed_writes(limits, 1, 1)
    assert limits.waited == 0  # the write after it went at once
