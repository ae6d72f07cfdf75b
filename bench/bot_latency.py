"""Bot latency under load: the real Parlour bot (discord.py unmodified) in a process of its own,
as in production, against the local Discord stand-in (loopback, OpenAPI validation off) in this
process, with 1, 50 and 200 Fosco tables active at once. Prints figures; asserts nothing.

    python -m bench.bot_latency [--tables 1,50,200] [--clicks N] [--ai-delay 0] [--per-guild 50]

Each size runs in a fresh interpreter (a child process) with a new stand-in, and starts a new bot
process (``bench.bot_process``: the bot as ``python -m bot`` runs it, plus its own timing) on a
temporary data folder; the bot draws in its render workers (one per core). Tables are spread over
guilds of ``--per-guild`` tables (Discord allows 50 channels in a category; spreading the tables
keeps each guild's SQLite file small). Every table is one human (a user of its own) against "Add
computer", opened by /play, Add computer and Start, concurrently in batches. One extra table per
guild is opened first and left idle, so per-guild costs (the SQLite file, the category) and
first-use caches are not charged to the measured tables. The driver sees only what a Discord
user would: messages, their buttons (whose custom_ids carry the table's version) and edits.

Then the humans play in waves: in each wave every table's human clicks the first move offered on
the newest hand message in their DMs, all tables at once (asyncio.gather), and the wave ends
when every table has shown its next turn. So with N tables each wave is a burst of N clicks.
For each click:

* respond: from the interaction's gateway frame being written to the bot's socket to the interaction
  being answered (the bot's deferred response). The stand-in builds and writes the frames of a wave
  one after another in one process (Discord's work, done here on the bot's machine), which adds up
  to tens of milliseconds at 200 clicks; "from click" in the second table includes it;
* copy updated: from the click to the first change to the member's copy (their DMs) after it: the
  move shown where they play (the table message is for onlookers, edited every 10 s by design);
* next turn: from the click to the human's next controls appearing (a hand message whose buttons
  carry a later version), i.e. the move shown, the computer's replies made and shown, the new hand
  sent by DM.

clicks/s is the number of applied human moves divided by the time the waves took (every click
is followed by one or more computer moves, each committed and shown, perhaps together).

Memory per table: the bot process's RSS (VmRSS) growth while the measured tables were opened,
divided by their number; render workers are separate processes and not counted (their caches
are bounded). ``bench.restore`` gives the Python-level size of a live table.

The breakdown is the bot's own (``bench.bot_process``), for the click phase only: Workers.table
and Workers.hand (waiting for a render worker, and its drawing), GuildStore.commit_action (the
SQLite transaction in the guild's thread, with its queue), Publisher._show (everything shown for
a batch of moves) and Tables.act (lock, check, apply, commit, hand to the display), for human and
computer moves alike; "defer" is the bot's deferred response to a click, from its request to the
stand-in's answer (Discord's share, on this machine, while the wave runs); "loop lag" is how late
a 20 ms sleep on the bot's event loop wakes up; CPU is CPU seconds per wall second while the waves
ran: the bot's process, and with its render workers (2 = both cores).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bot.play import custom_ids
from localcord import LocalDiscord
from localcord.model import Channel, Guild, Message, User

T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent
GAME, OPTIONS = "fosco", {"deals": 20}  # 20 deals: no game ends during a run
RESULT = "RESULT "  # the line a child prints its figures on
WAIT = 180.0  # seconds before a step is given up as failed
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def default_clicks(tables: int) -> int:
    """Fewer waves as tables grow."""
    return max(2, min(20, 300 // tables))


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def ms(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values) * 1000:.0f} / {pct(values, 0.95) * 1000:.0f}"


def rss_kb(pid: int | str = "self") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def tree_cpu(root: int) -> float:
    """CPU seconds used so far by process ``root`` and every process below it (render workers)."""
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    total = 0.0
    for pid in used:
        p = pid
        while p in parents and p != root:
            p = parents[p]
        if p == root:
            total += used[pid]
    return total


def version_of(custom_id: str | None) -> int | None:
    try:
        ref = custom_ids.parse(custom_id or "")
    except custom_ids.BadCustomId:
        return None
    return ref.version if isinstance(ref, custom_ids.ActionRef) else None


@dataclass(eq=False)
class Table:
    user: User
    guild: Guild
    lobby: Channel
    table_id: int = 0
    message_id: int = 0  # the table message
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    updated: list[float] = field(default_factory=list)  # times of table message edits
    copied: list[float] = field(default_factory=list)  # times the member's copy (their DMs) changed

    def offered(self, standin: LocalDiscord, after: int = -1) -> tuple[Message, Any, int] | None:
        """The first move on the human's newest hand message (if its version is past ``after``)."""
        channel = standin.world.dm_channels.get(self.user.id)
        if channel is None:
            return None
        best: tuple[Message, Any, int] | None = None
        for message in channel.messages[-3:]:
            for comp in message.components:
                version = version_of(comp.custom_id)
                if version is not None and not comp.disabled and version > after and (
                        best is None or version > best[2]):
                    best = (message, comp, version)
                    break
        return best

    async def press(self, standin: LocalDiscord, message: Message, comp: Any) -> Any:
        """The member presses ``comp`` (a button, or a select's first choice); the interaction's record."""
        if comp.type == 2:
            return await standin.click(self.user, message, comp.custom_id, wait=False)
        return await standin.select(self.user, message, comp.custom_id, values=[comp.values[0]], wait=False)


@dataclass
class Result:
    tables: int
    clicks: int = 0
    failed: int = 0
    respond: list[float] = field(default_factory=list)  # from the interaction's frame leaving the gateway
    click_respond: list[float] = field(default_factory=list)  # from the driver's click (stand-in work included)
    updated: list[float] = field(default_factory=list)
    next_turn: list[float] = field(default_factory=list)
    seconds: float = 0.0
    open_seconds: float = 0.0
    rss_kb: float = 0.0
    parts: dict[str, list[float]] = field(default_factory=dict)
    lag: list[float] = field(default_factory=list)
    late: int = 0
    cpu: float = 0.0  # the bot process's CPU seconds per second while the waves ran
    cpu_all: float = 0.0  # the same with its render workers
    cpu_standin: float = 0.0  # this process: the stand-in and the driver (Discord's share of the machine)


class Watch:
    """Follows the stand-in's gateway events so each table's waiter wakes only for its own channels,
    and notes when each interaction's frame went out on the gateway."""

    def __init__(self, standin: LocalDiscord) -> None:
        self.standin = standin
        self.by_channel: dict[int, Table] = {}
        self.by_user: dict[int, Table] = {}
        self.original = standin.world.dispatch
        standin.world.dispatch = self.emit
        self.sent: dict[str, float] = {}  # interaction id -> when its frame was written to the bot's socket
        sent = self.sent

        async def writer(ws: Any, out: asyncio.Queue[dict[str, Any] | None]) -> None:
            while (frame := await out.get()) is not None:
                if ws.closed:
                    return
                await ws.send_str(json.dumps(frame))
                if frame.get("t") == "INTERACTION_CREATE":
                    sent[frame["d"]["id"]] = time.perf_counter()

        standin.gateway._writer = writer  # type: ignore[method-assign]

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
        if event == "MESSAGE_UPDATE" and int(data["id"]) == table.message_id:
            table.updated.append(time.perf_counter())
        channel = self.standin.world.channels.get(channel_id)
        if channel is not None and channel.recipient is not None:
            table.copied.append(time.perf_counter())
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


def members_at_tables(standin: LocalDiscord, count: int, per_guild: int) -> tuple[list[Table], list[Table]]:
    """``count`` members, each to open a table, in guilds of ``per_guild``; and one more a guild
    (for a table opened first, so that a guild's first-use costs fall on none of the measured)."""
    guilds = []
    for g in range(-(-count // per_guild)):
        guild = standin.add_guild(f"Club {g + 1}")
        guilds.append((guild, guild.add_text_channel("games")))

    def new_table(n: int, guild: Guild, lobby: Channel) -> Table:
        user = standin.add_user(f"player{n}")
        guild.add_member(user)
        return Table(user, guild, lobby)

    warm = [new_table(-g - 1, guild, lobby) for g, (guild, lobby) in enumerate(guilds)]
    return [new_table(n, *guilds[n // per_guild]) for n in range(count)], warm


# -- opening tables ------------------------------------------------------------------------------
async def open_one(standin: LocalDiscord, watch: Watch, table: Table) -> None:
    lobby = await standin.slash(table.user, table.lobby, "play", GAME, options=OPTIONS)
    assert lobby.message is not None
    ref = next(custom_ids.parse(c.custom_id) for c in lobby.message.components if c.custom_id)
    assert isinstance(ref, custom_ids.LobbyRef)
    table.table_id = ref.table_id
    watch.add(table)
    await standin.click(table.user, lobby.message, label="Add computer")
    await standin.click(table.user, lobby.message, label="Start")
    name = f"{GAME}-{table.table_id}"

    def table_message() -> Message | None:
        channel = next((c for c in table.guild.channels.values() if c.name == name), None)
        if channel is None:
            return None
        watch.by_channel[channel.id] = table
        return next((m for m in channel.messages if any(a.filename == "table.png" for a in m.attachments)), None)

    table.message_id = (await until(table, table_message)).id
    await until(table, lambda: table.offered(standin))


async def open_all(standin: LocalDiscord, watch: Watch, tables: list[Table], batch: int) -> None:
    for start in range(0, len(tables), batch):
        await asyncio.gather(*(open_one(standin, watch, t) for t in tables[start:start + batch]))


# -- playing -------------------------------------------------------------------------------------
async def move(standin: LocalDiscord, watch: Watch, table: Table, result: Result) -> None:
    """One click by the table's human, timed to the answer, the table edit and the next turn."""
    offered = table.offered(standin)
    if offered is None:
        return
    message, comp, version = offered
    start = time.perf_counter()
    record = await table.press(standin, message, comp)
    try:
        await asyncio.wait_for(record.responded.wait(), WAIT)
        answered = time.perf_counter()
        # What the member sees: their copy (the table message, for onlookers, is edited every 10 s)
        shown = await until(table, lambda: next((t for t in table.copied if t > start), None))
        await until(table, lambda: table.offered(standin, after=version))
    except TimeoutError:
        result.failed += 1
        return
    done = time.perf_counter()
    result.clicks += 1
    result.respond.append(answered - watch.sent.get(str(record.id), start))
    result.click_respond.append(answered - start)
    result.updated.append(shown - start)
    result.next_turn.append(done - start)


# -- the bot's process ---------------------------------------------------------------------------
@contextlib.asynccontextmanager
async def bot_process(standin: LocalDiscord, data: Path, ai_delay: float, report: Path) -> Any:
    env = {**os.environ, **standin.environ(), "PARLOUR_DATA_DIR": str(data), "PARLOUR_AI_DELAY": str(ai_delay),
           "BENCH_REPORT": str(report)}
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "bench.bot_process", env=env, cwd=ROOT)
    try:
        # (a session of an earlier bot process, stopped, stays without its queue)
        await standin.wait_for(lambda: any(s.queue is not None for s in standin.gateway.sessions.values()), 60,
                               "the bot to connect")
        await asyncio.sleep(1.0)  # READY, the guilds, the command sync and the render workers
        yield process
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), 30)
            except TimeoutError:
                process.kill()
                await process.wait()


# -- one size ------------------------------------------------------------------------------------
async def run_size(count: int, clicks: int, ai_delay: float, per_guild: int, batch: int) -> Result:
    result = Result(count)
    async with LocalDiscord() as standin:
        watch = Watch(standin)
        tables, warm = members_at_tables(standin, count, per_guild)
        with tempfile.TemporaryDirectory(prefix="parlour-bench-") as folder:
            report = Path(folder) / "report.json"
            async with bot_process(standin, Path(folder) / "data", ai_delay, report) as process:
                await open_all(standin, watch, warm, batch)
                rss_before = rss_kb(process.pid)
                begin = time.perf_counter()
                await open_all(standin, watch, tables, batch)
                result.open_seconds = time.perf_counter() - begin
                result.rss_kb = (rss_kb(process.pid) - rss_before) / count
                late_before = sum("deadline" in v.problem for v in standin.violations)
                process.send_signal(signal.SIGUSR1)  # the bot's figures start afresh
                await asyncio.sleep(0.1)
                begin, cpu, mine = time.perf_counter(), tree_cpu(process.pid), time.process_time()
                for _ in range(clicks):
                    await asyncio.gather(*(move(standin, watch, t, result) for t in tables))
                result.seconds = time.perf_counter() - begin
                result.cpu_all = (tree_cpu(process.pid) - cpu) / result.seconds
                result.cpu_standin = (time.process_time() - mine) / result.seconds
                result.late = sum("deadline" in v.problem for v in standin.violations) - late_before
            figures = json.loads(report.read_text())
            result.parts, result.lag, result.cpu = figures["parts"], figures["lag"], figures["cpu"]
    return result


def report(results: list[Result]) -> None:
    print()
    print(f"{'tables':>6} {'clicks':>6} {'respond med/p95 ms':>19} {'copy-updated med/p95 ms':>25} "
          f"{'next-turn med/p95 ms':>21} {'clicks/s':>8} {'bot KB/table':>13}")
    for r in results:
        rate = r.clicks / r.seconds if r.seconds else 0.0
        print(f"{r.tables:>6} {r.clicks:>6} {ms(r.respond):>19} {ms(r.updated):>25} {ms(r.next_turn):>21} "
              f"{rate:>8.1f} {r.rss_kb:>13.0f}")
    print()
    parts = ("act", "publish", "commit", "render table", "render hand", "defer")
    print(f"{'tables':>6} {'open s':>7} {'failed':>6} {'late>3s':>7} "
          + " ".join(f"{p + ' ms':>14}" for p in parts)
          + f" {'moves':>6} {'drawn':>6} {'loop lag ms':>12} {'CPU bot/all/stand-in':>21} {'respond from click':>19}")
    for r in results:
        cells = " ".join(f"{ms(r.parts.get(p, [])):>14}" for p in parts)
        moves = len(r.parts.get("act", []))
        drawn = len(r.parts.get("render table", []))
        print(f"{r.tables:>6} {r.open_seconds:>7.1f} {r.failed:>6} {r.late:>7} {cells} {moves:>6} {drawn:>6} "
              f"{ms(r.lag):>12} {f'{r.cpu:.2f} / {r.cpu_all:.2f} / {r.cpu_standin:.2f}':>21} {ms(r.click_respond):>19}")
    print("\nrespond: the interaction's gateway frame sent to the bot -> answered (deferred); respond from click:\n"
          "the same from the driver's click (the stand-in's building and sending of the wave's frames included);\n"
          "copy-updated: click -> the member's copy changed; next-turn: click -> the human's next controls (the\n"
          "computer's reply shown too); all N humans click at once in each wave. bot KB/table: the bot process's\n"
          "RSS growth per table opened. Breakdown: median / p95 per call over human and computer moves, in the\n"
          "bot's process; moves: actions committed; drawn: table pictures drawn for them (fewer: moves shown\n"
          "together); CPU: CPU seconds per wall second during the waves: the bot's process / with its workers /\n"
          "the stand-in's process (two cores in all).")


def run_child(args: argparse.Namespace, count: int) -> Result:
    """One size in a fresh interpreter, so its caches start from nothing."""
    return Result(**child_figures("bench.bot_latency", count, args,
                                  ["--clicks", str(args.clicks or default_clicks(count))]))


def child_figures(module: str, count: int, args: argparse.Namespace, extra: list[str]) -> Any:
    """Runs ``python -m module --one count`` with the common options and ``extra``; its figures."""
    command = [sys.executable, "-m", module, "--one", str(count), "--ai-delay", str(args.ai_delay),
               "--per-guild", str(args.per_guild), "--batch", str(args.batch), *extra]
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=True, cwd=ROOT)
    line = next(x for x in reversed(done.stdout.splitlines()) if x.startswith(RESULT))
    return json.loads(line[len(RESULT):])


def table_options(parser: argparse.ArgumentParser) -> None:
    """The options both load benches take besides their sizes."""
    parser.add_argument("--ai-delay", type=float, default=0.0, help="seconds before a computer moves")
    parser.add_argument("--per-guild", type=int, default=50, help="tables per guild (Discord: 50 per category)")
    parser.add_argument("--batch", type=int, default=20, help="tables opened concurrently")
    parser.add_argument("--one", type=int, default=0, help=argparse.SUPPRESS)  # a child: one size, JSON out


def each_size(counts: list[int], what: Callable[[int], str], run: Callable[[int], T]) -> list[T]:
    """``run`` for each table count in turn, saying what it does and how long it took."""
    results = []
    for count in counts:
        print(f"{count} tables, {what(count)} ...", flush=True)
        began = time.perf_counter()
        results.append(run(count))
        print(f"  done in {time.perf_counter() - began:.0f} s", flush=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=lambda s: [int(n) for n in s.split(",")], default=[1, 50, 200],
                        help="table counts to measure, comma-separated (default 1,50,200)")
    parser.add_argument("--clicks", type=int, default=0,
                        help="clicks per table (default: 20 for one table, 6 for 50, 2 for 200)")
    table_options(parser)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.one:
        result = asyncio.run(run_size(args.one, args.clicks, args.ai_delay, args.per_guild, args.batch))
        print(RESULT + json.dumps(asdict(result)), flush=True)
        return
    report(each_size(args.tables, lambda n: f"{args.clicks or default_clicks(n)} clicks each",
                     lambda n: run_child(args, n)))


if __name__ == "__main__":
    main()
