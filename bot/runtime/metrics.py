"""One summary line a minute: how many tables are live, how many clicks were answered and how quickly,
and how many errors there were. Pure bookkeeping: the client counts, ``Metrics.run`` says it.

    summary: 12 live tables, 340 clicks, p95 response 84 ms, 0 errors
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.runtime import exporter
from bot.runtime.cluster import Cluster

log = logging.getLogger("parlour.summary")


@dataclass(frozen=True)
class Figures:
    """One period's figures; ``p95_ms`` is None when no click was answered."""

    live_tables: int
    clicks: int
    p95_ms: float | None
    errors: int

    def line(self) -> str:
        p95 = "none" if self.p95_ms is None else f"{self.p95_ms:.0f} ms"
        return (f"summary: {_count(self.live_tables, 'live table')}, {_count(self.clicks, 'click')}, "
                f"p95 response {p95}, {_count(self.errors, 'error')}")


def cluster_line(reports: list[dict[str, Any]]) -> str:
    """The leader's summary of every process's latest figures (their worst p95)."""
    def total(key: str) -> int:
        return sum(int(r.get(key) or 0) for r in reports)

    p95s = [float(r["p95_ms"]) for r in reports if r.get("p95_ms") is not None]
    worst = f"{max(p95s):.0f} ms" if p95s else "none"
    processes = f"{len(reports)} process{'es' if len(reports) != 1 else ''}"
    return (f"cluster summary: {processes}, {_count(total('live_tables'), 'live table')}, "
            f"{_count(total('clicks'), 'click')}, worst p95 response {worst}, {_count(total('errors'), 'error')}")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` from 0 to 1) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


class Metrics:
    """The figures of the period since the last snapshot."""

    def __init__(self) -> None:
        self._responses: list[float] = []
        self._errors = 0

    def click(self, seconds: float) -> None:
        """One click answered, ``seconds`` after it arrived."""
        self._responses.append(seconds)
        exporter.CLICKS.inc()
        exporter.CLICK_SECONDS.observe(seconds)

    def error(self, kind: str = "command") -> None:
        """One error (a click or command that failed on our side)."""
        self._errors += 1
        exporter.ERRORS.labels(kind).inc()

    @staticmethod
    def backed_up(succeeded: bool, seconds: float) -> None:
        """One of the bot's own backups, taken or failed (the exporter's figures)."""
        exporter.BACKUPS.labels("taken" if succeeded else "failed").inc()
        exporter.BACKUP_SECONDS.observe(seconds)
        if succeeded:
            exporter.LAST_BACKUP.set_to_current_time()

    def take(self, live_tables: int) -> Figures:
        """This period's figures; the next period starts from nothing."""
        responses, self._responses = self._responses, []
        errors, self._errors = self._errors, 0
        p95 = percentile(responses, 0.95) * 1000 if responses else None
        return Figures(live_tables, len(responses), p95, errors)

    def snapshot(self, live_tables: int) -> str:
        """This period's summary line; the next period starts from nothing."""
        return self.take(live_tables).line()

    async def run(self, live_tables: Callable[[], int], every: float = 60.0,
                  cluster: Cluster | None = None) -> None:
        """Logs the summary line (INFO, logger ``parlour.summary``, its figures also as extras) every
        ``every`` seconds, until cancelled. In a cluster each process reports its figures too, and the
        leader (shard 0's process) logs the cluster's line from them a moment later."""
        while True:
            await asyncio.sleep(every)
            try:
                tables = live_tables()
            except Exception:
                log.exception("could not count the live tables for the summary")
                tables = 0
            figures = self.take(tables)
            log.info(figures.line(), extra={"live_tables": figures.live_tables, "clicks": figures.clicks,
                                            "p95_ms": figures.p95_ms, "errors": figures.errors})
            if cluster is not None:
                await cluster.report(dataclasses.asdict(figures))
                if cluster.leader:
                    await asyncio.sleep(min(5.0, every / 4))  # the others' reports of this minute
                    log.info(cluster_line(await cluster.gather()))
