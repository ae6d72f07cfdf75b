"""The bot's figures for an operator's metrics tools (PARLOUR_METRICS_PORT): Prometheus's text format
at ``/metrics`` (by ``prometheus-client``) and ``/healthz``, served on the loopback address unless
``--metrics-host`` says otherwise. docs/operations.md lists every family, a scrape and alert rules.

The families live in this module's own registry, counted where the things happen (a click answered,
a move committed, a picture drawn, a request sent to Discord, a backup taken); the figures that are
a state rather than a count (live tables by game, workers busy and queued) are read when scraped,
from the objects registered with :func:`watch`. ``/healthz`` answers 200 while the gateway is
connected and the store answers, 503 with the reason otherwise.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from aiohttp import web
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

log = logging.getLogger(__name__)
REGISTRY = CollectorRegistry()
ProcessCollector(registry=REGISTRY)  # the process's own: CPU, memory, open files, start time
PlatformCollector(registry=REGISTRY)
FAST = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)  # a click's answer, a commit, a picture

CLICKS = Counter("parlour_clicks", "Clicks and commands answered", registry=REGISTRY)
CLICK_SECONDS = Histogram("parlour_click_answer_seconds", "From a click's arrival to its answer", buckets=FAST,
                          registry=REGISTRY)
MOVES = Counter("parlour_moves", "Moves committed, by game", ["game"], registry=REGISTRY)
COMMITS = Counter("parlour_commits", "Moves written to a guild's store", registry=REGISTRY)
COMMIT_SECONDS = Histogram("parlour_commit_seconds", "A move's write to its guild's store", buckets=FAST,
                           registry=REGISTRY)
JOBS = Counter("parlour_worker_jobs", "Jobs done by the workers: pictures drawn (pool draw), computers' moves "
               "and hints (pool think), by pool and job", ["pool", "job"], registry=REGISTRY)
JOB_SECONDS = Histogram("parlour_worker_job_seconds", "A worker job, from its asking to its result (queueing "
                        "included), by pool", ["pool"], buckets=FAST, registry=REGISTRY)
REQUESTS = Counter("parlour_discord_requests", "Requests sent to Discord's API (bound by its global limit), by "
                   "method and route", ["method", "route"], registry=REGISTRY)
RATE_LIMITED = Counter("parlour_discord_rate_limited", "Discord's 429 answers (discord.py waits and retries)",
                       registry=REGISTRY)
BUDGET_WAITS = Counter("parlour_budget_waits", "Requests that waited for the bot's own budget of requests a "
                       "second", registry=REGISTRY)
BUDGET_WAIT_SECONDS = Counter("parlour_budget_wait_seconds", "Time requests spent waiting for the budget",
                              registry=REGISTRY)
CHANNEL_WAITS = Counter("parlour_channel_write_waits", "Messages sent or edited only after waiting for their "
                        "channel's write limit (five in five seconds a channel)", registry=REGISTRY)
HARD_FALLBACKS = Counter("parlour_hard_fallbacks", "Hard computers' moves played at Normal because every thinking "
                         "worker was busy and moves were waiting (a table is not kept waiting)", registry=REGISTRY)
ERRORS = Counter("parlour_errors", "Failures on our side, by kind", ["kind"], registry=REGISTRY)
STORE_FAULTS = Counter("parlour_store_faults", "Faults of a guild's store (full, read-only, corrupt, busy ...), "
                       "by kind", ["kind"], registry=REGISTRY)
BACKUPS = Counter("parlour_backups", "The bot's own backups, by outcome (taken, failed)", ["outcome"],
                  registry=REGISTRY)
BACKUP_SECONDS = Histogram("parlour_backup_seconds", "How long a backup took", registry=REGISTRY,
                           buckets=(0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600))
LAST_BACKUP = Gauge("parlour_last_backup_timestamp_seconds", "When the newest backup this process took "
                    "finished (0: none yet)", registry=REGISTRY)
# Every label value known in advance is there from the start, at 0: an alert can read "none yet".
for _outcome in ("taken", "failed"):
    BACKUPS.labels(_outcome)
for _kind in ("click", "command", "store", "discord"):
    ERRORS.labels(_kind)
for _kind in ("busy", "read-only", "full", "corrupt", "unwritable"):  # bot.store.errors.FAULT_KINDS
    STORE_FAULTS.labels(_kind)


class _State(Collector):
    """The families read when scraped, from the objects given to :func:`watch`."""

    def __init__(self) -> None:
        self.games: Callable[[], Iterable[str]] | None = None  # the game of each live table
        self.pools: Callable[[], Iterable[tuple[str, int, int]]] | None = None  # (pool, busy, queued)

    def collect(self) -> Iterator[GaugeMetricFamily]:
        live = GaugeMetricFamily("parlour_live_tables", "Tables in memory (being played or just ended), by game",
                                 labels=["game"])
        counts: dict[str, int] = {}
        for game in self.games() if self.games else ():
            counts[game] = counts.get(game, 0) + 1
        for game, n in sorted(counts.items()):
            live.add_metric([game], n)
        yield live
        busy = GaugeMetricFamily("parlour_workers_busy", "Worker jobs running, by pool", labels=["pool"])
        queued = GaugeMetricFamily("parlour_workers_queued", "Worker jobs waiting for a worker, by pool",
                                   labels=["pool"])
        for pool, running, waiting in self.pools() if self.pools else ():
            busy.add_metric([pool], running)
            queued.add_metric([pool], waiting)
        yield busy
        yield queued


STATE = _State()
REGISTRY.register(STATE)


def watch(games: Callable[[], Iterable[str]], pools: Callable[[], Iterable[tuple[str, int, int]]]) -> None:
    """Read the live tables' games and the worker pools when scraped (the running bot's)."""
    STATE.games, STATE.pools = games, pools


class RateLimitCounter(logging.Handler):
    """Counts discord.py's 429s: it answers them itself (waits and retries) and only logs them."""

    def emit(self, record: logging.LogRecord) -> None:
        if "429" in record.getMessage():
            RATE_LIMITED.inc()


def count_rate_limits() -> None:
    handler = RateLimitCounter(logging.DEBUG)
    for name in ("discord.http", "discord.webhook.async_"):
        logger = logging.getLogger(name)
        if not any(isinstance(h, RateLimitCounter) for h in logger.handlers):
            logger.addHandler(handler)


Health = Callable[[], Any]  # an awaitable: None when healthy, else the reason


class MetricsServer:
    """``/metrics`` and ``/healthz`` on ``host:port``."""

    def __init__(self, host: str, port: int, health: Callable[[], Any]) -> None:
        self.host, self.port, self.health = host, port, health
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        log.info("metrics at http://%s:%d/metrics, health at /healthz", self.host, self.port)

    async def _metrics(self, request: web.Request) -> web.Response:
        body = await asyncio.to_thread(generate_latest, REGISTRY)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _healthz(self, request: web.Request) -> web.Response:
        problem = await self.health()
        if problem:
            return web.Response(status=503, text=f"unhealthy: {problem}\n")
        return web.Response(text="ok\n")

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
