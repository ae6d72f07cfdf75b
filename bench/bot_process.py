"""The bot as ``bench.bot_latency`` runs it: the real Parlour in a process of its own (as in
production, where Discord is not in the bot's process), configured from the environment, timing
its own expensive steps. SIGUSR1 starts the figures afresh (the click phase begins); SIGTERM
writes them as JSON to ``$BENCH_REPORT`` and stops the bot. With ``$BENCH_PROFILE`` set, the
click phase is also profiled (cProfile) into that file.

    python -m bench.bot_process   # with DISCORD_TOKEN, DISCORD_API_BASE, ... set
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import functools
import json
import logging
import os
import signal
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import discord

from bot.client import Parlour, configure_endpoints
from bot.play.tables import Tables
from bot.runtime.config import load
from bot.runtime.workers import Workers
from bot.show.publisher import Publisher
from bot.show.replays.replays import Replays
from bot.store.guild import GuildStore


class BenchParlour(Parlour):
    """The bot unchanged but for discord.py's 5-second pause before a re-identify."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


@contextlib.contextmanager
def breakdown(parts: dict[str, list[float]]) -> Iterator[None]:
    """Times the bot's expensive steps into ``parts`` (by patching; everything is put back)."""

    def coro(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        async def timed(*args: Any, **kwargs: Any) -> Any:
            begin = time.perf_counter()
            try:
                return await fn(*args, **kwargs)
            finally:
                parts[name].append(time.perf_counter() - begin)
        return timed

    patches: list[tuple[Any, str, str]] = [
        (Workers, "table", "render table"),
        (Workers, "hand", "render hand"),
        (Workers, "seat", "render seat"),
        (GuildStore, "commit_action", "commit"),
        (Publisher, "_show", "publish"),
        (Tables, "act", "act"),
        (discord.InteractionResponse, "defer", "defer"),
        (Replays, "show", "replay show"),
        (Replays, "picture", "replay picture"),
        (Replays, "draw", "replay draw"),
    ]
    originals = [(owner, attr, getattr(owner, attr)) for owner, attr, _ in patches]
    for owner, attr, name in patches:
        setattr(owner, attr, coro(name, getattr(owner, attr)))
    try:
        yield
    finally:
        for owner, attr, original in originals:
            setattr(owner, attr, original)


async def lag_monitor(samples: list[float], every: float = 0.02) -> None:
    while True:
        start = time.perf_counter()
        await asyncio.sleep(every)
        samples.append(time.perf_counter() - start - every)


async def main() -> None:
    config = load(dotenv=False)
    configure_endpoints(config)
    bot = BenchParlour(config, guild_ready_timeout=0.05)
    parts: dict[str, list[float]] = defaultdict(list)
    lag: list[float] = []
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    began = {"cpu": time.process_time(), "wall": time.perf_counter()}

    profile = cProfile.Profile() if os.environ.get("BENCH_PROFILE") else None

    def fresh() -> None:
        parts.clear()
        lag.clear()
        began.update(cpu=time.process_time(), wall=time.perf_counter())
        if profile is not None:
            profile.enable()

    loop.add_signal_handler(signal.SIGUSR1, fresh)
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    monitor = asyncio.create_task(lag_monitor(lag))
    with breakdown(parts):
        runner = asyncio.create_task(bot.start(config.token))
        await stop.wait()
        wall = time.perf_counter() - began["wall"]
        if profile is not None:
            profile.disable()
            profile.dump_stats(os.environ["BENCH_PROFILE"])
        report = {"parts": dict(parts), "lag": lag, "cpu": (time.process_time() - began["cpu"]) / max(wall, 1e-9)}
        Path(os.environ["BENCH_REPORT"]).write_text(json.dumps(report))
        monitor.cancel()
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await runner


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.client").setLevel(logging.ERROR)
    asyncio.run(main())
