"""Bot latency under load: the real Parlour bot (discord.py unmodified) against the local Discord
stand-in (loopback, OpenAPI validation off), with 1, 50 and 200 Fosco tables active at once.
Prints figures; asserts nothing.

    python -m bench.bot_latency [--tables 1,50,200] [--clicks N] [--ai-delay 0] [--per-guild 50]

Each size runs in a fresh interpreter (a child process): a new stand-in, a new bot, a temporary
data folder. Tables are spread over guilds of ``--per-guild`` tables (Discord allows 50 channels
in a category; Parlour opens a second category when one is full, and spreading the tables keeps
each guild's SQLite file small). Every table is one human (a user of its own) against "Add computer",
opened by /play, Add computer and Start, concurrently in batches. One extra table per guild is
opened first and left idle, and the render threads are warmed, so per-guild costs (the SQLite
file, the category) and first-use caches are not charged to the measured tables.

Then the humans play in waves: in each wave every table's human clicks the first move offered on
the newest hand message in their DMs, all tables at once (asyncio.gather), and the wave ends
when every table has shown its next turn. So with N tables each wave is a burst of N clicks.
For each click:

* respond: from sending the click to the interaction being answered (the bot's deferred response);
* table updated: from the click to the stand-in applying the edit of the table message in the
  table channel for that move (seen as its MESSAGE_UPDATE, with the table past the clicked version);
* next turn: from the click to the human's next controls appearing, i.e. the move shown, the
  computer's replies made and shown, and the new hand sent by DM.

clicks/s is the number of applied human moves divided by the time the waves took (every click
is followed by one or more computer moves, each of which renders and publishes too).

Memory per table: tracemalloc is slow (the bot would miss Discord's 3-second deadline), so it runs
only while the last ``--trace`` tables are opened (with the deadline lifted). What they allocated
and is still alive once they are ready, divided by their number, is split by the innermost project
frame on the allocating stack: bot/games/renderers code; the stand-in (tests/standin, which runs in
this process and keeps every message and image); or none (library code alone: mostly discord.py's
caches, aiohttp, asyncio). VmRSS from /proc/self/status before vs after opening the other tables is
the whole process, stand-in included, with what SQLite and PIL allocate outside Python and heap
fragmentation; it is noisy. "open s" includes the slow traced tables.

The breakdown wraps, for the click phase only, the bot's Renderer.table and Renderer.hand (the wait
for a render worker and its drawing), GuildStore.commit_action (the SQLite transaction in the guild's
thread, with its queue), Publisher._show (everything shown for a batch of moves) and Tables.act
(lock, check, apply, commit, hand to the display), for human and computer moves alike; "loop lag" is
how late a 20 ms sleep on the shared event loop wakes up; CPU is this process's CPU seconds per wall
second while the waves ran (the render workers are other processes: 2 = both cores).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gc
import json
import logging
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bot import ids
from bot.client import Parlour
from bot.live import Live, Tables
from bot.publish import Publisher
from bot.rendering import Renderer
from bot.store.guild import GuildStore
from tests.bot.parlour_harness import controls, running
from tests.standin import StandIn
from tests.standin.model import Channel, Guild, Message, User

T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent
BOT_DIRS = tuple(str(ROOT / d) + "/" for d in ("bot", "games", "renderers"))
STANDIN_DIR = str(ROOT / "tests" / "standin") + "/"
GAME, OPTIONS = "fosco", {"deals": 20}  # 20 deals: no game ends during a run
RESULT = "RESULT "  # the line a child prints its figures on
WAIT = 180.0  # seconds before a step is given up as failed


def default_clicks(tables: int) -> int:
    """Fewer waves as tables grow: the bot shows about 4-5 clicks a second on two cores."""
    return max(2, min(20, 150 // tables))


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def ms(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values) * 1000:.0f} / {pct(values, 0.95) * 1000:.0f}"


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


@dataclass(eq=False)
class Table:
    user: User
    guild: Guild
    lobby: Channel
    table_id: int = 0
    live: Live | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    updated: list[tuple[float, int]] = field(default_factory=list)  # (time, version) of table message edits

    def offered(self, standin: StandIn) -> tuple[Message, Any] | None:
        """The first move on the human's newest hand message, if it is theirs to play now."""
        live = self.live
        if live is None or live.state.is_over:
            return None
        channel = standin.world.dm_channels.get(self.user.id)
        if channel is None:
            return None
        for message in reversed(channel.messages[-3:]):
            found = controls(message, live.version)
            if found:
                return message, found[0]
        return None


@dataclass
class Result:
    tables: int
    clicks: int = 0
    failed: int = 0
    respond: list[float] = field(default_factory=list)
    updated: list[float] = field(default_factory=list)
    next_turn: list[float] = field(default_factory=list)
    seconds: float = 0.0
    open_seconds: float = 0.0
    bot_kb: float = 0.0
    standin_kb: float = 0.0
    other_kb: float = 0.0
    rss_kb: float | None = None  # None: every table was opened under tracemalloc
    parts: dict[str, list[float]] = field(default_factory=dict)
    lag: list[float] = field(default_factory=list)
    late: int = 0
    cpu: float = 0.0  # process CPU seconds per second while the waves ran (2 = both cores)


class Watch:
    """Follows the stand-in's gateway events so each table's waiter wakes only for its own channels."""

    def __init__(self, standin: StandIn) -> None:
        self.standin = standin
        self.by_channel: dict[int, Table] = {}
        self.by_user: dict[int, Table] = {}
        self.original = standin.world.emit
        standin.world.emit = self.emit

    def add(self, table: Table) -> None:
        self.by_user[table.user.id] = table

    def emit(self, event: str, data: Any, *args: Any, **kwargs: Any) -> None:
        if event in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
            self.seen(event, data)
        self.original(event, data, *args, **kwargs)

    def seen(self, event: str, data: dict[str, Any]) -> None:
        channel_id = int(data["channel_id"])
        table = self.by_channel.get(channel_id)
        if table is None:
            channel = self.standin.world.channels.get(channel_id)
            if channel is None or channel.recipient is None:
                return
            table = self.by_user.get(channel.recipient.id)
            if table is None:
                return
            self.by_channel[channel_id] = table
        live = table.live
        if event == "MESSAGE_UPDATE" and live is not None and int(data["id"]) == live.row.table_message_id:
            table.updated.append((time.perf_counter(), live.version))
        table.wake.set()


async def until(table: Table, predicate: Callable[[], T], timeout: float = WAIT) -> T:
    """predicate()'s first truthy value, re-checked whenever the table's channels change."""
    deadline = time.perf_counter() + timeout
    while True:
        table.wake.clear()
        result = predicate()
        if result:
            return result
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.wake.wait(), min(left, 0.25))


# -- opening tables ------------------------------------------------------------------------------
async def open_one(standin: StandIn, bot: Parlour, watch: Watch, table: Table) -> None:
    lobby = await standin.slash(table.user, table.lobby, "play", GAME, options=OPTIONS)
    assert lobby.message is not None
    ref = next(ids.parse(c.custom_id) for c in lobby.message.components if c.custom_id)
    assert isinstance(ref, ids.LobbyRef)
    table.table_id = ref.table_id
    watch.add(table)
    await standin.click(table.user, lobby.message, label="Add computer")
    await standin.click(table.user, lobby.message, label="Start")

    def started() -> Live | None:
        live = bot.tables.live.get((table.guild.id, table.table_id))
        return live if live is not None and live.row.table_message_id else None

    table.live = await until(table, started)
    assert table.live.row.channel_id is not None
    watch.by_channel[table.live.row.channel_id] = table
    await until(table, lambda: table.offered(standin))


async def open_all(standin: StandIn, bot: Parlour, watch: Watch, tables: list[Table], batch: int) -> None:
    for start in range(0, len(tables), batch):
        await asyncio.gather(*(open_one(standin, bot, watch, t) for t in tables[start:start + batch]))


async def warm_renderer(bot: Parlour, table: Table, renders: int = 16) -> None:
    """Renders on every worker at once, so that the workers' caches exist before the figures are taken."""
    live = table.live
    assert live is not None
    jobs = [bot.renderer.table(live.row.game, live.view(None)) for _ in range(renders)]
    jobs += [bot.renderer.hand(live.row.game, live.view(0)) for _ in range(renders)]
    await asyncio.gather(*jobs)


# -- playing -------------------------------------------------------------------------------------
async def move(standin: StandIn, table: Table, result: Result) -> None:
    """One click by the table's human, timed to the answer, the table edit and the next turn."""
    live = table.live
    offered = table.offered(standin)
    if live is None or offered is None:
        return
    version = live.version
    message, comp = offered
    start = time.perf_counter()
    if comp.type == 2:
        record = await standin.click(table.user, message, comp.custom_id, wait=False)
    else:
        record = await standin.select(table.user, message, comp.custom_id, values=[comp.values[0]], wait=False)
    try:
        await asyncio.wait_for(record.responded.wait(), WAIT)
        answered = time.perf_counter()
        shown = await until(table, lambda: next((t for t, v in table.updated if t > start and v > version), None))
        await until(table, lambda: live.state.is_over or (live.version > version and table.offered(standin)))
    except TimeoutError:
        result.failed += 1
        return
    done = time.perf_counter()
    result.clicks += 1
    result.respond.append(answered - start)
    result.updated.append(shown - start)
    result.next_turn.append(done - start)


async def lag_monitor(samples: list[float], stop: asyncio.Event, every: float = 0.02) -> None:
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(every)
        samples.append(time.perf_counter() - start - every)


# -- instrumenting the bot for the breakdown -----------------------------------------------------
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
        (Renderer, "table", "render table"),
        (Renderer, "hand", "render hand"),
        (GuildStore, "commit_action", "commit"),
        (Publisher, "_show", "publish"),
        (Tables, "act", "act"),
    ]
    originals = [(owner, attr, getattr(owner, attr)) for owner, attr, _ in patches]
    for owner, attr, name in patches:
        setattr(owner, attr, coro(name, getattr(owner, attr)))
    try:
        yield
    finally:
        for owner, attr, original in originals:
            setattr(owner, attr, original)


def attribute(snapshot: tracemalloc.Snapshot) -> tuple[int, int, int]:
    """Bytes still allocated, by the innermost project frame: (bot code, stand-in, other)."""
    bot_side = standin_side = other = 0
    for stat in snapshot.statistics("traceback"):
        owner = "other"
        for frame in stat.traceback:  # innermost first
            if frame.filename.startswith(BOT_DIRS):
                owner = "bot"
                break
            if frame.filename.startswith(STANDIN_DIR):
                owner = "standin"
                break
        if owner == "bot":
            bot_side += stat.size
        elif owner == "standin":
            standin_side += stat.size
        else:
            other += stat.size
    return bot_side, standin_side, other


# -- one size ------------------------------------------------------------------------------------
async def run_size(count: int, clicks: int, ai_delay: float, per_guild: int, batch: int,
                   trace: int, frames: int) -> Result:
    result = Result(count)
    async with StandIn(validate=False) as standin:
        watch = Watch(standin)
        guilds = []
        for g in range(-(-count // per_guild)):
            guild = standin.add_guild(f"Club {g + 1}")
            guilds.append((guild, guild.add_text_channel("games")))

        def new_table(n: int, guild: Guild, lobby: Channel) -> Table:
            user = standin.add_user(f"player{n}")
            guild.add_member(user)
            return Table(user, guild, lobby)

        warm = [new_table(-g - 1, guild, lobby) for g, (guild, lobby) in enumerate(guilds)]
        tables = [new_table(n, *guilds[n // per_guild]) for n in range(count)]
        with tempfile.TemporaryDirectory(prefix="parlour-bench-") as data:
            async with running(standin, Path(data), ai_delay) as bot:
                await open_all(standin, bot, watch, warm, batch)
                await warm_renderer(bot, warm[0])
                traced = min(trace, count)
                gc.collect()
                rss_before = rss_kb()
                begin = time.perf_counter()
                await open_all(standin, bot, watch, tables[:count - traced], batch)
                gc.collect()
                if count > traced:
                    result.rss_kb = (rss_kb() - rss_before) / (count - traced)
                if traced:
                    # slow under tracemalloc: allow the bot more than Discord's 3 s to answer
                    deadline, standin.rest.interaction_deadline = standin.rest.interaction_deadline, 60.0
                    tracemalloc.start(frames)
                    await open_all(standin, bot, watch, tables[count - traced:], max(1, batch // 4))
                    gc.collect()
                    snapshot = tracemalloc.take_snapshot()
                    tracemalloc.stop()
                    standin.rest.interaction_deadline = deadline
                    result.bot_kb, result.standin_kb, result.other_kb = (
                        b / 1024 / traced for b in attribute(snapshot))
                    del snapshot
                    gc.collect()
                result.open_seconds = time.perf_counter() - begin
                late_before = sum("deadline" in v.problem for v in standin.violations)
                parts: dict[str, list[float]] = defaultdict(list)
                stop = asyncio.Event()
                monitor = asyncio.create_task(lag_monitor(result.lag, stop))
                with breakdown(parts):
                    begin, cpu = time.perf_counter(), time.process_time()
                    for _ in range(clicks):
                        await asyncio.gather(*(move(standin, t, result) for t in tables))
                    result.seconds = time.perf_counter() - begin
                    result.cpu = (time.process_time() - cpu) / result.seconds
                    await asyncio.sleep(0.2)  # let the last computer moves finish before the bot stops
                stop.set()
                await monitor
                result.parts = dict(parts)
                result.late = sum("deadline" in v.problem for v in standin.violations) - late_before
    return result


def report(results: list[Result]) -> None:
    print()
    print(f"{'tables':>6} {'clicks':>6} {'respond med/p95 ms':>19} {'table-updated med/p95 ms':>25} "
          f"{'next-turn med/p95 ms':>21} {'clicks/s':>8} {'KB/table bot/stand-in/other/RSS':>32}")
    for r in results:
        rss = "-" if r.rss_kb is None else f"{r.rss_kb:.0f}"
        memory = f"{r.bot_kb:.0f} / {r.standin_kb:.0f} / {r.other_kb:.0f} / {rss}"
        rate = r.clicks / r.seconds if r.seconds else 0.0
        print(f"{r.tables:>6} {r.clicks:>6} {ms(r.respond):>19} {ms(r.updated):>25} {ms(r.next_turn):>21} "
              f"{rate:>8.1f} {memory:>32}")
    print()
    parts = ("act", "publish", "commit", "render table", "render hand")
    print(f"{'tables':>6} {'open s':>7} {'failed':>6} {'late>3s':>7} "
          + " ".join(f"{p + ' ms':>14}" for p in parts) + f" {'moves':>6} {'loop lag ms':>12} {'CPU':>5}")
    for r in results:
        cells = " ".join(f"{ms(r.parts.get(p, [])):>14}" for p in parts)
        moves = len(r.parts.get("act", []))
        print(f"{r.tables:>6} {r.open_seconds:>7.1f} {r.failed:>6} {r.late:>7} {cells} {moves:>6} "
              f"{ms(r.lag):>12} {r.cpu:>5.2f}")
    print("\nrespond: click -> interaction answered (deferred); table-updated: click -> table message edited for\n"
          "that move; next-turn: click -> the human's next controls (the computer's reply shown too); all N\n"
          "humans click at once in each wave. KB/table: tracemalloc (opening the last --trace tables) by the code\n"
          "that allocated, then VmRSS growth over the other tables ('-': none untraced). Breakdown: median / p95\n"
          "per call over human and computer moves; CPU: process CPU seconds per wall second during the waves.")


def run_child(args: argparse.Namespace, count: int) -> Result:
    """One size in a fresh interpreter, so its RSS and caches start from nothing."""
    command = [sys.executable, "-m", "bench.bot_latency", "--one", str(count), "--ai-delay", str(args.ai_delay),
               "--per-guild", str(args.per_guild), "--batch", str(args.batch), "--trace", str(args.trace),
               "--frames", str(args.frames), "--clicks", str(args.clicks or default_clicks(count))]
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=True, cwd=ROOT)
    line = next(x for x in reversed(done.stdout.splitlines()) if x.startswith(RESULT))
    return Result(**json.loads(line[len(RESULT):]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=lambda s: [int(n) for n in s.split(",")], default=[1, 50, 200],
                        help="table counts to measure, comma-separated (default 1,50,200)")
    parser.add_argument("--clicks", type=int, default=0,
                        help="clicks per table (default: 20 for one table, 3 for 50, 2 for 200)")
    parser.add_argument("--ai-delay", type=float, default=0.0, help="seconds before a computer moves")
    parser.add_argument("--per-guild", type=int, default=50, help="tables per guild (Discord: 50 per category)")
    parser.add_argument("--batch", type=int, default=20, help="tables opened concurrently")
    parser.add_argument("--trace", type=int, default=10, help="tables opened under tracemalloc (the last ones)")
    parser.add_argument("--frames", type=int, default=10, help="tracemalloc frames kept per allocation")
    parser.add_argument("--one", type=int, default=0, help=argparse.SUPPRESS)  # a child: one size, JSON out
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.client").setLevel(logging.ERROR)  # no voice support: not needed here
    if args.one:
        result = asyncio.run(run_size(args.one, args.clicks, args.ai_delay, args.per_guild, args.batch,
                                      args.trace, args.frames))
        print(RESULT + json.dumps(asdict(result)), flush=True)
        return
    results = []
    for count in args.tables:
        print(f"{count} tables, {args.clicks or default_clicks(count)} clicks each ...", flush=True)
        began = time.perf_counter()
        results.append(run_child(args, count))
        print(f"  done in {time.perf_counter() - began:.0f} s", flush=True)
    report(results)


if __name__ == "__main__":
    main()
