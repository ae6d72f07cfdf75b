"""Three processes as one bot (issue 47): a forwarded direct-message click against a local one, and
the cluster's requests a second against the budget. Prints figures; asserts nothing.

    python -m bench.cluster [--games 4] [--moves 12] [--rate 45]

Three bot processes (``SHARD_COUNT=3``, one shard each, their own data folders) and Debian's
redis-server, against the local Discord in this process; ``--games`` Fosco games on each shard,
each one member against a computer, every member clicking the first move of their DM hand as soon
as it is offered, all at once. Discord sends every DM click to shard 0's process: those of shard 0's
games it handles itself, the others it hands over through Redis. For each click, from the click to
its answer; and, from the local Discord's log of requests, the global-limited ones (everything but
interaction answers and token edits) each second, the cluster's total against the budget.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from tests.cluster.conftest import RedisServer
from tests.discord_spec import local_discord
from tests.faults.bot_process import BotProcess
from tests.faults.fosco_game import Fosco

from .bot_latency import ms, pct

SHARDS = 3


async def member(game: Fosco, moves: int, times: list[float]) -> None:
    for _ in range(moves):
        if game.over():
            return
        found = await game.standin.wait_for(lambda: game.offered() or game.over(), 60, "a move")
        if not isinstance(found, tuple):
            return
        began = time.monotonic()
        click = await game.send(*found)
        await click.record.wait_response(10)
        times.append(time.monotonic() - began)


async def run(games_a_shard: int, moves: int, rate: float) -> None:
    with tempfile.TemporaryDirectory(prefix="parlour-cluster-bench-") as folder:
        root = Path(folder)
        redis = RedisServer(root)
        redis.start()
        async with local_discord() as standin:
            games = [[Fosco(standin, f"Club {k}-{n}", shard=(k, SHARDS)) for n in range(games_a_shard)]
                     for k in range(SHARDS)]
            bots = [BotProcess(standin, root / f"process-{k}", workers=1, ai_delay=0.0,
                               env={"SHARD_COUNT": str(SHARDS), "SHARD_IDS": str(k), "PARLOUR_REDIS_URL": redis.url,
                                    "PARLOUR_REQUESTS_PER_SECOND": str(rate)}) for k in range(SHARDS)]
            try:
                for bot in bots:
                    await bot.start()
                for shard, bot in enumerate(bots):
                    await asyncio.gather(*(g.open(bot.data_dir, {"deals": 1}) for g in games[shard]))
                first = len(standin.calls)
                times: list[list[float]] = [[] for _ in range(SHARDS)]
                began = time.monotonic()
                await asyncio.gather(*(member(g, moves, times[shard]) for shard in range(SHARDS)
                                       for g in games[shard]))
                took = time.monotonic() - began
                calls = standin.calls[first:]
            finally:
                for bot in bots:
                    await bot.close()
        redis.stop()
    local, handed = times[0], times[1] + times[2]
    print(f"\n{SHARDS} processes, {games_a_shard} games a shard, {moves} DM clicks a member, in {took:.1f} s")
    print(f"{'DM click answered':>26} {'clicks':>7} {'median / p95 ms':>16}")
    print(f"{'by shard 0 (local)':>26} {len(local):>7} {ms(local):>16}")
    print(f"{'handed over (shards 1, 2)':>26} {len(handed):>7} {ms(handed):>16}")
    if local and handed:
        print(f"handing over costs {1000 * (pct(handed, 0.95) - pct(local, 0.95)):+.0f} ms at the 95th percentile")
    limited = [c for c in calls if "/interactions/" not in c.path and "/webhooks/" not in c.path]
    stamps, busiest, start = sorted(c.at for c in limited), 0, 0
    for end, at in enumerate(stamps):  # the most within any one second (a sliding window)
        while at - stamps[start] >= 1.0:
            start += 1
        busiest = max(busiest, end - start + 1)
    print(f"global-limited requests: {len(limited)} in all, the busiest second {busiest} "
          f"(budget {rate:g} a second, at most {rate + 5:g} in any second with the shared bucket's burst)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4, help="games on each shard")
    parser.add_argument("--moves", type=int, default=12, help="DM clicks each member makes")
    parser.add_argument("--rate", type=float, default=45.0, help="PARLOUR_REQUESTS_PER_SECOND of the cluster")
    args = parser.parse_args()
    asyncio.run(run(args.games, args.moves, args.rate))


if __name__ == "__main__":
    main()
