"""The heavy work, off the event loop: tables, hands and settlements are drawn, and computer
players think, in worker processes.

Pillow holds the interpreter lock for much of a render, and a computer player's search is pure
Python, so either in the bot's process would make every commit, click and HTTP reply wait behind
it. Worker processes (one per core by default, ``PARLOUR_WORKERS``) take plain data (a
view, or a game state) and give back PNG bytes (a replay's animated WebP) or a move; each keeps
the renderers' caches warm across the renders it does. With 0 workers this work runs in a thread
of the bot's own process instead (for a machine that cannot start processes).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import renderers
from bot.runtime import exporter
from games.core import registry
from games.core.base import State, name_players
from renderers.describe import describe_seat
from renderers.kit.animation import Animation

log = logging.getLogger("parlour.rendering")
T = TypeVar("T")


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def _context() -> multiprocessing.context.BaseContext:
    """Workers forked from a small server process that has already imported the renderers: quick to
    start, and never a copy of the bot's own process with its threads and sockets."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["renderers"])
        return context
    return multiprocessing.get_context("spawn")


STOP_WAIT = 2.0  # seconds a stopping bot gives its workers to exit before killing them
NICENESS = 5  # workers yield the CPU to the bot's own process: answers and commits come first


ORPHAN_CHECK = 1.0  # seconds between a worker's looks at whether the bot is still there
JOB_WEIGHT = 0.1  # of the newest job in a pool's moving average of how long a job takes


def _start_worker(bot_pid: int) -> None:
    """In each worker as it starts: a lower priority than the bot's process (a click must be answered
    within Discord's deadline however much is being drawn or thought), and a watch on the bot."""
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    threading.Thread(target=_exit_with, args=(bot_pid,), name="parlour-orphan-watch", daemon=True).start()


def _start_drawer(bot_pid: int) -> None:
    """A drawing worker also builds the renderers' caches before its first picture."""
    _start_worker(bot_pid)
    renderers.warm()


def _exit_with(bot_pid: int) -> None:
    """A worker whose bot is gone (killed with -9, so it could not close its pools) exits too,
    rather than waiting for work forever. Its parent (the bot, or the bot's fork server, which
    ends with the bot) changing tells it even if the bot's process number is reused."""
    parent = os.getppid()
    while _alive(bot_pid) and os.getppid() == parent:
        time.sleep(ORPHAN_CHECK)
    os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process has that number now
        return False
    return True


def _ready() -> None:
    """Nothing: submitted once per worker at start-up, so that every worker exists (and has run
    its initializer) before the first move."""


def computer_move(state: State, seat: int, level: registry.Level = "normal") -> str:
    """The token of what the computer plays for ``seat`` (its move, or an absent player's)."""
    return registry.computer_move(state, seat, level).token


def hint(state: State, seat: int) -> tuple[str, str, tuple[str, ...]]:
    """A learner's hint for ``seat``: the move's token and label, and the computer's reasons."""
    found = registry.hint(state, seat)
    return found.action.token, found.action.label, found.reasons


def example(key: str) -> tuple[bytes, str, str] | None:
    """The picture /rules opens with: a typical moment of the game as the seat it shows sees it
    (PNG), its alt text and its caption; None for a game without an example."""
    found = registry.get(key).example()
    if found is None:
        return None
    state, seat = found.state, found.seat
    names = ["You" if n == seat else f"Player {n + 1}" for n in range(state.players)]
    seen, mine = state.view(None), state.view(seat)
    for view in (seen, mine):
        view["names"], view["unit"] = names, "dollars"
    title = registry.get(key).title
    return (renderers.render_seat(key, seen, mine), f"An example of {title}. {describe_seat(key, seen, mine)}"[:1024],
            name_players(found.caption, names))


class _Pool:
    """Worker processes of one kind (or, with none, a thread), restarted if one dies."""

    def __init__(self, kind: str, processes: int, initializer: Callable[[int], None]) -> None:
        self.kind = kind
        self.processes = processes
        self.initializer = initializer
        self._executor: concurrent.futures.Executor | None = None
        self.stopped = False  # the bot is stopping: a worker that dies now is not replaced
        self.asked = 0  # jobs given and not yet done, running or waiting for a worker
        self.job_seconds = 0.0  # how long a job took, from its asking to its result (a moving average)

    @property
    def waiting(self) -> int:
        """Jobs waiting for a worker (none while every job has one)."""
        return max(0, self.asked - max(1, self.processes))

    def executor(self) -> concurrent.futures.Executor:
        if self.stopped:  # no worker is started once the bot is stopping (issue 37 point 5)
            raise BrokenProcessPool(f"the {self.kind} workers are stopped")
        if self._executor is None:
            if self.processes > 0:
                self._executor = concurrent.futures.ProcessPoolExecutor(
                    self.processes, mp_context=_context(), initializer=self.initializer, initargs=(os.getpid(),))
            else:
                self._executor = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix=self.kind)
        return self._executor

    def expected_wait(self) -> float:
        """Seconds a job asked now would likely take to come back: as long as the recent ones took
        (their waits for a worker included) while jobs are waiting; no time to speak of otherwise."""
        return self.job_seconds if self.waiting > 0 else 0.0

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        self.asked += 1
        began = time.monotonic()
        try:
            result = await self._run(fn, *args)
        finally:
            self.asked -= 1
        took = time.monotonic() - began
        self.job_seconds += (took - self.job_seconds) * JOB_WEIGHT
        exporter.JOBS.labels(self.kind, getattr(fn, "__name__", "job")).inc()
        exporter.JOB_SECONDS.labels(self.kind).observe(took)
        return result

    @property
    def busy(self) -> int:
        """Jobs running on a worker now."""
        return min(self.asked, max(1, self.processes))

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor(), fn, *args)
        except BrokenProcessPool:
            if self.stopped:  # the stop ended it: nothing to start again
                raise
            # A worker died (killed, out of memory): start fresh ones and try once more.
            log.warning("a %s worker died; starting new ones", self.kind)
            self.close()
            return await loop.run_in_executor(self.executor(), fn, *args)

    async def start(self) -> None:
        executor = self.executor()
        if isinstance(executor, concurrent.futures.ProcessPoolExecutor):
            loop = asyncio.get_running_loop()
            await asyncio.gather(*(loop.run_in_executor(executor, _ready) for _ in range(self.processes)))

    def close(self, deadline: float | None = None) -> None:
        """Stop the workers; with a ``deadline`` (``time.monotonic()``), make sure every one has
        exited by then, killing any that linger (the bot is stopping: its workers go with it)."""
        if deadline is not None:
            self.stopped = True
        executor, self._executor = self._executor, None
        if executor is None:
            return
        processes = list(getattr(executor, "_processes", {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        if deadline is not None:
            for process in processes:
                process.join(max(0.0, deadline - time.monotonic()))
                if process.is_alive():
                    process.kill()


class Workers:
    """``await workers.table(key, view)`` and friends: PNG bytes drawn, or a move chosen, in a worker.

    Computers think in a process of their own, so that a move never waits in line behind pictures
    (the display holds a picture back for a moment when a computer is about to answer)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self.draw = _Pool("draw", self.workers, _start_drawer)
        self.think = _Pool("think", self.workers, _start_worker)
        self.examples: dict[str, tuple[bytes, str, str] | None] = {}
        self.hard_fallbacks = 0  # Hard moves played at Normal because thinkers were busy

    @property
    def drawing_behind(self) -> bool:
        """Whether pictures wait for a drawing worker (the bot draws slower than it is asked to)."""
        return self.draw.waiting > 0

    def pools(self) -> list[tuple[str, int, int]]:
        """(pool, jobs running, jobs waiting) of each pool: the exporter's gauges."""
        return [(pool.kind, pool.busy, pool.waiting) for pool in (self.draw, self.think)]

    def drawn_within(self, seconds: float) -> bool:
        """Whether a picture asked for now would likely be drawn within ``seconds``."""
        return self.draw.expected_wait() <= seconds

    async def table(self, key: str, view: Mapping[str, Any]) -> bytes:
        return await self.draw.run(renderers.render_table, key, view)

    async def hand(self, key: str, view: Mapping[str, Any]) -> bytes:
        return await self.draw.run(renderers.render_hand, key, view)

    async def seat(self, key: str, table: Mapping[str, Any], hand: Mapping[str, Any]) -> bytes:
        return await self.draw.run(renderers.render_seat, key, table, hand)

    async def settlement(self, key: str, view: Mapping[str, Any], settlement: Mapping[str, Any]) -> bytes:
        return await self.draw.run(renderers.render_settlement, key, view, settlement)

    async def round_end(self, key: str, view: Mapping[str, Any], data: Mapping[str, Any]) -> bytes:
        return await self.draw.run(renderers.render_round_end, key, view, data)

    async def rating_chart(self, data: Mapping[str, Any]) -> bytes:
        return await self.draw.run(renderers.render_rating_chart, data)

    async def animation(self, key: str, frames: Sequence[renderers.Frame], max_bytes: int) -> Animation:
        """An ended game's moments as one animated WebP (``renderers.render_animation``): one job,
        some 20 ms a frame of a worker's time (a whole game's 120 frames: 2-3 s)."""
        return await self.draw.run(renderers.render_animation, key, list(frames), max_bytes)

    async def example(self, key: str) -> tuple[bytes, str, str] | None:
        """/rules' picture of ``key``, drawn once per process."""
        if key not in self.examples:
            self.examples[key] = await self.draw.run(example, key)
        return self.examples[key]

    async def computer_move(self, state: State, seat: int, level: registry.Level = "normal") -> str:
        """The computer's move for ``seat``. A Hard move asked for while moves wait for a thinking
        worker is played at Normal (a fraction of the time) rather than keep its table waiting, and
        counted (``parlour_hard_fallbacks``)."""
        if level == "hard" and self.think.waiting > 0:
            level = "normal"
            self.hard_fallbacks += 1
            exporter.HARD_FALLBACKS.inc()
        return await self.think.run(computer_move, state, seat, level)

    async def hint(self, state: State, seat: int) -> tuple[str, str, tuple[str, ...]]:
        return await self.think.run(hint, state, seat)

    async def start(self) -> None:
        """Start the workers now (and let them warm their caches), not on the first move."""
        await asyncio.gather(self.draw.start(), self.think.start())

    def close(self, wait: bool = False, seconds: float = STOP_WAIT) -> None:
        """Stop the workers; with ``wait``, make sure every one has exited within ``seconds``
        (killing any that linger)."""
        deadline = time.monotonic() + seconds if wait else None
        self.draw.close(deadline)
        self.think.close(deadline)
