"""The bot's one request budget: Discord lets a bot make about 50 requests a second in all
(answers to interactions, and edits made with an interaction's token, excepted), whatever table
they are for. discord.py keeps Discord's buckets and waits out a 429; this decides, before a
request is made, which of the requests waiting for the allowance goes first.

Every request the client makes through its HTTP client (the calls bound by the global limit)
spends from a token bucket refilled at ``rate`` a second. While there is room nothing waits.
When there is none, waiting requests are granted in order of urgency (a turn that begins, a
result; then ordinary ones; last the table messages only onlookers need, their players following
in copies kept through tokens), then of age; while more urgent ones wait, one grant in ``SHARE``
still goes to the oldest of the others, so no table starves. The display waits for its grant before it chooses what to
draw, so a table whose moves come faster than the budget allows is drawn once, from its newest
state (the moves merge).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot.runtime import exporter

log = logging.getLogger(__name__)

URGENT, NORMAL, ONLOOKERS = 0, 1, 2  # priorities, the most urgent first
SHARE = 4  # while more urgent requests wait, one grant in SHARE goes to the oldest of the others
T = TypeVar("T")


@dataclass
class Ticket:
    """What one piece of work (a table's display showing a batch) asks of the budget: its urgency,
    a grant it already waited for (``prepaid``), and its place in the queue while it waits, so that
    it can be hurried (a turn began meanwhile) without losing its place to those who came later."""

    urgent: bool = False
    onlookers: bool = False  # only onlookers need what it shows (and it is not urgent)
    prepaid: int = 0
    waiting: tuple[int, list[Any]] | None = None  # (queue, entry) while a request of it waits


# The ticket of the work being done in this context (a display sets its own).
_TICKET: contextvars.ContextVar[Ticket | None] = contextvars.ContextVar("parlour_ticket", default=None)


@dataclass
class Spent:
    """What the budget granted, for the metrics and the bench."""

    granted: int = 0
    waited: int = 0  # grants that had to wait
    longest: float = 0.0  # seconds, the longest wait
    by_priority: dict[int, int] = field(default_factory=dict)


class Budget:
    def __init__(self, rate: float, burst: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = max(1.0, rate if burst is None else burst)
        self.clock = clock
        self.tokens = self.burst
        self.stamp = clock()
        # Each entry: [when it began waiting, its future]; a list, so that a hurried one keeps its age.
        self.queues: dict[int, deque[list[Any]]] = {URGENT: deque(), NORMAL: deque(), ONLOOKERS: deque()}
        self.pump: asyncio.Task[None] | None = None
        self.spent = Spent()
        self.urgent_run = 0  # grants in a row to the most urgent queue while others waited

    @property
    def waiting(self) -> int:
        return sum(len(q) for q in self.queues.values())

    def room(self) -> bool:
        """Whether a request could be made now without waiting."""
        self._refill()
        return self.tokens >= 1 and not self.waiting

    async def spend(self, priority: int | None = None) -> None:
        """Wait for room for one request: of ``priority``, else as urgent as this context's ticket."""
        ticket = _TICKET.get()
        if priority is None:
            priority = NORMAL if ticket is None else URGENT if ticket.urgent else \
                ONLOOKERS if ticket.onlookers else NORMAL
        if self.room():
            self.tokens -= 1
            self._count(priority, 0.0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = [self.clock(), future]
        self.queues[priority].append(entry)
        if ticket is not None:
            ticket.waiting = (priority, entry)
        if self.pump is None or self.pump.done():
            self.pump = asyncio.create_task(self._pump(), name="parlour-budget")
        try:
            await future  # a cancelled wait is skipped by the pump
        finally:
            if ticket is not None:
                ticket.waiting = None

    def hurry(self, ticket: Ticket) -> None:
        """The work behind ``ticket`` became urgent: so are its requests, the one waiting now too."""
        ticket.urgent, ticket.onlookers = True, False
        if ticket.waiting is None or ticket.waiting[0] == URGENT:
            return
        queue, entry = ticket.waiting
        try:
            self.queues[queue].remove(entry)
        except ValueError:  # granted meanwhile
            return
        urgent = self.queues[URGENT]
        at = next((i for i, other in enumerate(urgent) if other[0] > entry[0]), len(urgent))
        urgent.insert(at, entry)  # in its place by age
        ticket.waiting = (URGENT, entry)

    @contextlib.contextmanager
    def using(self, ticket: Ticket) -> Iterator[None]:
        """Within this block the context's requests are made on ``ticket``."""
        token = _TICKET.set(ticket)
        try:
            yield
        finally:
            _TICKET.reset(token)

    async def request(self, make: Callable[[], Awaitable[T]]) -> T:
        """Make one request within the budget (on the context's prepaid grant, if it has one)."""
        ticket = _TICKET.get()
        if ticket is not None and ticket.prepaid > 0:
            ticket.prepaid -= 1
        else:
            await self.spend()
        return await make()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def _next(self) -> tuple[int, float, asyncio.Future[None]] | None:
        """The waiting request to grant next: the oldest of the most urgent queue, but for one
        grant in SHARE, which goes to the oldest of those waiting in the others."""
        for queue in self.queues.values():
            while queue and queue[0][1].done():  # its waiter gave up
                queue.popleft()
        waiting = [priority for priority, queue in self.queues.items() if queue]  # most urgent first
        if not waiting:
            return None
        if len(waiting) > 1 and self.urgent_run >= SHARE - 1:
            priority = min(waiting[1:], key=lambda p: self.queues[p][0][0])
            self.urgent_run = 0
        else:
            priority = waiting[0]
            self.urgent_run = self.urgent_run + 1 if len(waiting) > 1 else 0
        since, future = self.queues[priority].popleft()
        return priority, since, future

    async def _pump(self) -> None:
        while True:
            self._refill()
            if self.tokens < 1:
                await self._await_tokens()
            elif not self._grant():
                return

    async def _await_tokens(self) -> None:
        """Wait for the bucket's next token."""
        await asyncio.sleep((1 - self.tokens) / self.rate)

    def _grant(self) -> bool:
        """Grant one token to the next waiting request; False when none waits."""
        chosen = self._next()
        if chosen is None:
            return False
        priority, since, future = chosen
        self.tokens -= 1
        self._count(priority, self.clock() - since)
        future.set_result(None)
        return True

    def _count(self, priority: int, waited: float) -> None:
        spent = self.spent
        spent.granted += 1
        spent.by_priority[priority] = spent.by_priority.get(priority, 0) + 1
        if waited > 0:
            spent.waited += 1
            spent.longest = max(spent.longest, waited)
            exporter.BUDGET_WAITS.inc()
            exporter.BUDGET_WAIT_SECONDS.inc(waited)


def guard(http: Any, budget: Budget) -> None:
    """Route every request of a discord.py HTTP client (the calls bound by the global limit) through
    ``budget``. Interaction answers and token edits go by the webhook adapter, not through here."""
    request = http.request

    async def within_budget(route: Any, **kwargs: Any) -> Any:
        exporter.REQUESTS.labels(getattr(route, "method", "?"), getattr(route, "path", "?")).inc()
        return await budget.request(lambda: request(route, **kwargs))

    http.request = within_budget


LEASE_MOST = 5  # tokens a process takes from the cluster's bucket at once: enough for a burst, too few to hoard
RETRY_SHARED = 5.0  # seconds between attempts to go back to the shared bucket while Redis is gone
Lease = Callable[[float, float, int], Awaitable[int]]  # (rate, burst, wanted) -> tokens taken


class SharedBudget(Budget):
    """One process's budget when several serve the bot (bot/runtime/cluster.py): its tokens come
    from the cluster's one bucket in Redis, a few at a time as requests wait, so that the
    processes together keep within the bot's budget. While Redis cannot be reached it keeps to an
    equal share (``rate / processes``), says so once, and goes back to the shared bucket once Redis
    answers again. Priorities and their order are this process's own, as in :class:`Budget`."""

    def __init__(self, rate: float, lease: Lease, processes: int, clock: Callable[[], float] = time.monotonic) -> None:
        # A small bucket: within any second the processes together make at most rate + LEASE_MOST requests
        # (50 at the default 45: Discord's global limit).
        super().__init__(rate, burst=LEASE_MOST, clock=clock)
        self.lease = lease
        self.share = rate / max(1, processes)
        self.tokens = 0.0
        self.shared = True  # False while Redis cannot be reached: the equal share instead
        self.retry_at = 0.0

    def _refill(self) -> None:
        now = self.clock()
        if not self.shared:
            self.tokens = min(max(1.0, self.burst / max(1.0, self.rate / self.share)),
                              self.tokens + (now - self.stamp) * self.share)
        self.stamp = now

    async def _await_tokens(self) -> None:
        if not self.shared and self.clock() >= self.retry_at:
            self.retry_at = self.clock() + RETRY_SHARED
            await self._take(0)  # is Redis back?
        if self.shared:
            if not await self._take(min(LEASE_MOST, max(1, self.waiting))):
                await asyncio.sleep(1 / self.rate)  # the bucket is empty: its next token
        else:
            await asyncio.sleep((1 - self.tokens) / self.share)

    async def _take(self, wanted: int) -> int:
        """Tokens from the shared bucket; on a failure, the equal share from now on (said once)."""
        try:
            got = await self.lease(self.rate, self.burst, wanted)
        except Exception as err:  # Redis unreachable: whatever redis-py raised
            if self.shared:
                log.error("the shared request budget is unreachable (%s): keeping to %.1f requests a second, this "
                          "process's equal share, until it is back", err, self.share)
                self.shared, self.retry_at = False, self.clock() + RETRY_SHARED
                self.stamp = self.clock()
            return 0
        if not self.shared:
            log.warning("the shared request budget is back")
            self.shared, self.tokens = True, 0.0
        self.tokens += got
        return got
