"""One request budget for the whole bot (issue 47 point 3): three processes' budgets, each leasing
from the one bucket in a real Redis, never grant more together than the budget allows in any
second; with Redis gone each keeps to its equal share, and goes back to the bucket once Redis is."""

from __future__ import annotations

import asyncio
import time

from bot.runtime.budget import LEASE_MOST, SharedBudget
from bot.runtime.cluster import Cluster

from .conftest import RedisServer

RATE = 30.0


async def spend(budget: SharedBudget, count: int, stamps: list[float]) -> None:
    for _ in range(count):
        await budget.spend()
        stamps.append(time.monotonic())


async def test_three_processes_together_keep_within_the_budget(redis_server: RedisServer) -> None:
    clusters = [Cluster(redis_server.url, 3, (k,)) for k in range(3)]
    try:
        budgets = [SharedBudget(RATE, c.lease, processes=3) for c in clusters]
        stamps: list[float] = []
        began = time.monotonic()
        # Each process alone would grant RATE a second: together they must still keep to RATE. Judged by
        # the pace from the start to the last grant, which a busy machine can only slow: a grant seen
        # late (its task resumed late) bunches with the next ones, so a sliding second over the times
        # the tasks resumed would blame the budget for the machine's load.
        await asyncio.gather(*(spend(b, int(RATE * 2), stamps) for b in budgets))
        assert len(stamps) == int(RATE * 2) * 3
        took = max(stamps) - began
        assert took >= (len(stamps) - LEASE_MOST) / RATE, (took, len(stamps))  # 6 s for 180 at 30 a second
        assert all(b.shared for b in budgets)
    finally:
        for cluster in clusters:
            await cluster.close()


async def test_without_redis_each_keeps_to_its_share_and_returns_to_the_bucket(redis_server: RedisServer) -> None:
    clusters = [Cluster(redis_server.url, 3, (k,)) for k in range(3)]
    try:
        budgets = [SharedBudget(RATE, c.lease, processes=3) for c in clusters]
        redis_server.stop()
        stamps: list[float] = []
        began = time.monotonic()
        await asyncio.gather(*(spend(b, int(RATE / 3 * 2), stamps) for b in budgets))
        assert not any(b.shared for b in budgets)  # each noticed, said so, and kept to RATE / 3
        took = max(stamps) - began  # each may start with two tokens of its own bucket
        assert took >= (len(stamps) - 3 * 2) / RATE, (took, len(stamps))
        redis_server.start()
        for b in budgets:
            b.retry_at = 0.0  # try the bucket at the next grant rather than after RETRY_SHARED seconds
        await asyncio.gather(*(spend(b, 3, []) for b in budgets))
        assert all(b.shared for b in budgets), [b.shared for b in budgets]
    finally:
        for cluster in clusters:
            await cluster.close()
