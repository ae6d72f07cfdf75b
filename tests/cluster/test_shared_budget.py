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


def busiest_second(stamps: list[float]) -> int:
    """The most grants within any one second (a sliding window)."""
    stamps = sorted(stamps)
    most, start = 0, 0
    for end, at in enumerate(stamps):
        while at - stamps[start] >= 1.0:
            start += 1
        most = max(most, end - start + 1)
    return most


async def spend(budget: SharedBudget, count: int, stamps: list[float]) -> None:
    for _ in range(count):
        await budget.spend()
        stamps.append(time.monotonic())


async def test_three_processes_together_keep_within_the_budget(redis_server: RedisServer) -> None:
    clusters = [Cluster(redis_server.url, 3, (k,)) for k in range(3)]
    try:
        budgets = [SharedBudget(RATE, c.lease, processes=3) for c in clusters]
        stamps: list[float] = []
        # Each process alone would grant RATE a second: together they must still keep to RATE.
        await asyncio.gather(*(spend(b, int(RATE * 2), stamps) for b in budgets))
        assert len(stamps) == int(RATE * 2) * 3
        assert busiest_second(stamps) <= RATE + LEASE_MOST, busiest_second(stamps)
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
        await asyncio.gather(*(spend(b, int(RATE / 3 * 2), stamps) for b in budgets))
        assert not any(b.shared for b in budgets)  # each noticed, said so, and kept to RATE / 3
        assert busiest_second(stamps) <= RATE + 3, busiest_second(stamps)
        redis_server.start()
        for b in budgets:
            b.retry_at = 0.0  # try the bucket at the next grant rather than after RETRY_SHARED seconds
        await asyncio.gather(*(spend(b, 3, []) for b in budgets))
        assert all(b.shared for b in budgets), [b.shared for b in budgets]
    finally:
        for cluster in clusters:
            await cluster.close()
