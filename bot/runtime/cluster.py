"""Several processes as one bot, meeting in Redis (PARLOUR_REDIS_URL, redis-py's asyncio client).

Discord sends every event and interaction from a direct message to shard 0, but a table lives
with the process serving its guild's shard (``(guild_id >> 22) % SHARD_COUNT``), its file in that
process's own data folder. So:

* **Who serves a shard.** Each process keeps ``parlour:shard:<n>`` set to its name for each shard it
  serves, renewed every second and expiring after three: a process that dies is gone from the map
  within three seconds.
* **A click goes to its table's process.** A process given an interaction for a guild it does not
  serve publishes the whole interaction (its token lets any process answer it) on the serving
  process's channel, ``parlour:to:<name>``; that process handles it as its own. With nobody
  serving the shard, or Redis unreachable, :meth:`forward` says so and the click is answered in
  words.
* **One budget.** The bot's requests a second are one token bucket in Redis
  (``parlour:budget``), taken from a few tokens at a time by a script that Redis runs atomically,
  so the processes together never exceed it (:class:`bot.runtime.budget.SharedBudget`).
* **Who does what once.** The process serving shard 0 leads: it syncs the slash commands and logs
  the cluster's summary line, each process's figures being kept in ``parlour:summary``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import uuid
from collections.abc import Callable, Coroutine
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)
HEARTBEAT = 1.0  # seconds between renewals of this process's shards
EXPIRES_MS = 3000  # a process that stops renewing is forgotten after this
BUDGET_KEY = "parlour:budget"
SUMMARY_KEY = "parlour:summary"
Forwarded = Callable[[dict[str, Any]], Coroutine[Any, Any, None]]

# Take up to ARGV[3] tokens from the bucket KEYS[1] (refilled at ARGV[1] a second, holding at most
# ARGV[2]), on Redis's own clock, so every process sees one bucket: the number taken.
LEASE = """
local now = redis.call('TIME')
now = tonumber(now[1]) + tonumber(now[2]) / 1000000
local rate, burst, want = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local held = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens, stamp = tonumber(held[1]) or burst, tonumber(held[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - stamp) * rate)
local got = math.min(want, math.floor(tokens))
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - got), 'stamp', tostring(now))
redis.call('PEXPIRE', KEYS[1], 60000)
return got
"""


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's rule for which shard receives a guild."""
    return (guild_id >> 22) % shard_count


class Cluster:
    def __init__(self, url: str, shard_count: int, shard_ids: tuple[int, ...]) -> None:
        # A connection left from before Redis restarted fails once: tried again on a new one at once.
        self.redis = aioredis.from_url(url, socket_timeout=2, socket_connect_timeout=2, health_check_interval=5,
                                       retry=Retry(ExponentialBackoff(cap=0.2, base=0.02), 2),
                                       retry_on_error=[RedisConnectionError, RedisTimeoutError])
        self.shard_count, self.shard_ids = shard_count, shard_ids
        self.name = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.reachable = True  # whether Redis answered last time
        self._lease = self.redis.register_script(LEASE)
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def leader(self) -> bool:
        """Whether this process does what the cluster does once (shard 0's process)."""
        return 0 in self.shard_ids

    def serves(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    def _went(self, ok: bool, err: BaseException | None = None) -> None:
        """Notes whether Redis answered; says so once each time that changes."""
        if ok and not self.reachable:
            log.warning("Redis is back: the cluster meets again")
        elif not ok and self.reachable:
            log.error("Redis is unreachable (%s): direct messages' clicks for other shards are answered in words, "
                      "and this process keeps to an equal share of the request budget until it is back", err)
        self.reachable = ok

    async def start(self, forwarded: Forwarded) -> None:
        """Claim this process's shards and listen for the interactions handed to it."""
        await self._beat()
        self._tasks = [asyncio.create_task(self._heartbeat(), name="parlour-cluster-heartbeat"),
                       asyncio.create_task(self._listen(forwarded), name="parlour-cluster-inbox")]

    async def _beat(self) -> None:
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for shard in self.shard_ids:
                    pipe.set(f"parlour:shard:{shard}", self.name, px=EXPIRES_MS)
                await pipe.execute()
            self._went(True)
        except (RedisError, OSError) as err:
            self._went(False, err)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT)
            await self._beat()

    async def _listen(self, forwarded: Forwarded) -> None:
        """Each interaction published to this process, handled as if Discord had sent it here; the
        subscription is made again after Redis comes back."""
        while True:
            try:
                async with self.redis.pubsub() as pubsub:
                    await pubsub.subscribe(f"parlour:to:{self.name}")
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            data = json.loads(message["data"])
                            asyncio.create_task(forwarded(data), name="parlour-forwarded")  # noqa: RUF006
            except (RedisError, OSError) as err:
                self._went(False, err)
                await asyncio.sleep(HEARTBEAT)

    async def forward(self, guild_id: int, payload: dict[str, Any]) -> str | None:
        """Hand an interaction to the process serving ``guild_id``'s shard: None once handed, else
        why it could not be ("restarting": nobody serves that shard now; "unreachable": no Redis)."""
        shard = shard_of(guild_id, self.shard_count)
        try:
            owner = await self.redis.get(f"parlour:shard:{shard}")
            if owner is None:
                return "restarting"
            name = owner.decode() if isinstance(owner, bytes) else str(owner)
            heard = await self.redis.publish(f"parlour:to:{name}", json.dumps(payload))
            self._went(True)
            return None if heard else "restarting"
        except (RedisError, OSError) as err:
            self._went(False, err)
            return "unreachable"

    async def lease(self, rate: float, burst: float, want: int) -> int:
        """Up to ``want`` tokens from the bot's one bucket (raises RedisError if Redis is gone)."""
        got = await self._lease(keys=[BUDGET_KEY], args=[rate, burst, want])
        return int(got)

    async def report(self, figures: dict[str, Any]) -> None:
        """This process's figures for the leader's summary line."""
        with contextlib.suppress(RedisError, OSError):
            await self.redis.hset(SUMMARY_KEY, self.name, json.dumps(figures))
            await self.redis.expire(SUMMARY_KEY, 180)

    async def gather(self) -> list[dict[str, Any]]:
        """Every process's latest figures (the leader's summary)."""
        try:
            found = await self.redis.hgetall(SUMMARY_KEY)
        except (RedisError, OSError):
            return []
        return [json.loads(v) for v in found.values()]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        with contextlib.suppress(RedisError, OSError):
            for shard in self.shard_ids:  # let the others know at once that this process is gone
                await self.redis.delete(f"parlour:shard:{shard}")
            await self.redis.hdel(SUMMARY_KEY, self.name)
        with contextlib.suppress(RedisError, OSError):
            await self.redis.aclose()
