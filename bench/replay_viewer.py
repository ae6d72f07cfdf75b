"""The replay viewer as a member uses it (issue 49): /replay opens an ended game, and each press of
⏮ ◀ ▶ ⏭ or the jump is answered by the viewer redrawn in place with the moment it names. Timed as
the member sees it, per game, one member at a time and several at once. Prints figures; asserts
nothing.

    python -m bench.replay_viewer [--games fosco,busca] [--tables 3] [--presses 60] [--at-once 1,8]
                                  [--pause 0.25]

The ended games are written straight into the guild's SQLite file with the store's own API before
the bot starts (``bench.guild_files.ended_table``: ``create_table``, ``start_table``, a
``commit_action`` a move, ``finish_table`` with the seats' results), each game played to its end by
random legal moves from the rules (``random_action``). A viewer reads only the table's row (its
record, seats and status), so what it shows is what it would show of a game played through Discord;
writing them takes a second or two for every game, where having the bot play them (a member
clicking against computers, as ``bench.endings`` does) takes minutes, and would measure the games,
not the viewer. Each game is at its smallest table with its default options, one member and
computers, all in one server (a server's ended games are all in its one file).

The real bot runs in a process of its own (``bench.bot_process``, started by
``bench.bot_latency.bot_process``, its workers as default: one a core) against the local Discord
in this process; each entry of ``--at-once`` is a fresh bot process on the same data folder (its
replays not yet in memory). With ``--at-once K`` K members look back at once, each at a table of
its own: the tables are taken in turn from a queue, by game for one member (steady) and the games
mixed for several (burst). A member opens the table with ``/replay <table>`` and presses
``--presses`` times a game (shared out over its ``--tables`` tables) from the deal: ▶ mostly, now
and then ◀, ⏭, ⏮ or a jump to a round's start or end (never to the moment shown), one press at a
time like a person: the next press ``--pause`` seconds (0.5-1.5 times, at random) after the
viewer showed the last one.

* press: from the press's interaction sent to the viewer showing the moment the press named (its
  text names that move, "__Move 17 of", and its picture is that moment's, ``replay-<table>-17.png``:
  the edit with its picture has arrived in the local Discord), median, p95 and max; goal p95 <= 300 ms;
* ▶ p95: the same for ▶ alone;
* open: from ``/replay`` sent to the viewer shown with its picture (the game replayed from its
  record, its first picture drawn), median and max;
* deferred: presses the bot answered by deferring (the picture not drawn within 2 s); missed:
  presses or opens not shown within 10 s.

Then the bot's own breakdown over the phase (``bench.bot_process``): ``Replays.show`` (a press's
whole answer: the viewer's text and controls, the picture, the answer's upload),
``Replays.picture`` (how long the press waited for its picture: none if it was kept or drawn ahead)
and ``Replays.draw`` (each picture drawn, ahead or not: the views, the worker, the alt text), its
event loop's lag, and the CPU
the bot, its workers and this process (the local Discord and the members) used, with the
machine's load average.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import logging
import os
import random
import signal
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.play import custom_ids
from bot.store import Seat, Stores
from games import registry
from localcord import LocalDiscord
from localcord.model import Channel, InteractionRecord, Message, User

from .bot_latency import bot_process, pct, tree_cpu
from .guild_files import ended_table

GOAL = 0.300  # seconds: press -> the next moment shown, at the 95th percentile, in every game
SHOWN_WITHIN = 10.0  # a press or an open not shown by then is counted missed
PRESSES = {"▶": 75, "◀": 8, "⏭": 5, "⏮": 4, "jump": 8}  # how often a member presses each (weights)


@dataclass(frozen=True)
class Ended:
    """An ended game in the store: its game, table and moves."""

    key: str
    table_id: int
    moves: int
    presses: int  # presses a member makes in its viewer


@dataclass
class Figures:
    """One game's figures in one phase (seconds)."""

    game: str
    tables: int = 0
    moves: list[int] = field(default_factory=list)
    opens: list[float] = field(default_factory=list)
    presses: list[float] = field(default_factory=list)
    forward: list[float] = field(default_factory=list)  # ▶ alone
    deferred: int = 0
    missed: int = 0


@dataclass
class Phase:
    """One bot process, ``at_once`` members looking back at once."""

    at_once: int
    figures: dict[str, Figures]
    seconds: float = 0.0
    load: tuple[float, float] = (0.0, 0.0)  # 1-minute load average at the start and the end
    cpu_bot: float = 0.0  # CPU seconds per second: the bot's process
    cpu_all: float = 0.0  # the bot and its workers
    cpu_here: float = 0.0  # this process: the local Discord and the members
    parts: dict[str, list[float]] = field(default_factory=dict)
    lag: list[float] = field(default_factory=list)


class Watch:
    """Wakes a member the moment the local Discord changes what they wait for: every change to a
    message (an edit with its picture, ephemeral ones included) or an interaction's answer is
    checked against the waiting members' conditions, and the time it first held is kept."""

    def __init__(self, standin: LocalDiscord) -> None:
        self.waiting: list[tuple[Callable[[], bool], asyncio.Future[float]]] = []
        standin.world.listeners.append(self.changed)

    def changed(self, kind: str, subject: Any) -> None:
        if kind not in ("message", "interaction") or not self.waiting:
            return
        now = time.perf_counter()
        for entry in list(self.waiting):
            found, done = entry
            if not done.done() and found():
                done.set_result(now)
                self.waiting.remove(entry)

    async def until(self, found: Callable[[], bool]) -> float | None:
        """When ``found()`` first held (``time.perf_counter``); None if not within ``SHOWN_WITHIN``."""
        if found():
            return time.perf_counter()
        done: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        entry = (found, done)
        self.waiting.append(entry)
        try:
            return await asyncio.wait_for(done, SHOWN_WITHIN)
        except TimeoutError:
            return None
        finally:
            with contextlib.suppress(ValueError):
                self.waiting.remove(entry)


def viewer_of(record: InteractionRecord) -> Message | None:
    """The viewer ``/replay`` opened, once its picture is in (an answer, or a deferral's follow-up)."""
    for message in [record.message, *record.followups]:
        if message is not None and message.ephemeral and not message.loading and message.attachments:
            return message
    return None


def showing(message: Message, table_id: int, moment: int) -> bool:
    """The viewer shows ``moment``: its text names it and its picture is that moment's."""
    named = "__The deal · move 0 of" if moment == 0 else f"__Move {moment} of "
    return (named in message.content and not message.loading and bool(message.attachments)
            and message.attachments[0].filename == f"replay-{table_id}-{moment}.png")


def shown_moment(message: Message) -> int:
    """The moment a viewer shows, from its jump's custom_id (which carries it)."""
    jump = next(c for c in message.components if c.type == 3)
    ref = custom_ids.parse(jump.custom_id or "")
    return ref.moment if isinstance(ref, custom_ids.ReplayRef) else 0


def offered(message: Message) -> dict[str, list[tuple[Any, str, int]]]:
    """What a member may press on the viewer, by kind: (the control, the value picked, the moment it
    shows) each; a button that would show the moment already shown is left out."""
    now = shown_moment(message)
    found: dict[str, list[tuple[Any, str, int]]] = {}
    for comp in message.components:
        if comp.disabled or not comp.custom_id:
            continue
        ref = custom_ids.parse(comp.custom_id)
        if not isinstance(ref, custom_ids.ReplayRef):
            continue
        if comp.type == 2 and comp.label in PRESSES and ref.moment != now:
            found.setdefault(comp.label, []).append((comp, "", ref.moment))
        elif comp.type == 3 and ref.verb == "jump":
            found["jump"] = [(comp, value, int(value)) for value in comp.values if int(value) != now]
    return {kind: each for kind, each in found.items() if each}


async def look_back(standin: LocalDiscord, watch: Watch, member: User, channel: Channel, ended: Ended,
                    pause: float, rng: random.Random, figures: Figures) -> None:
    """One member's viewer of ``ended``: opened by /replay, then ``ended.presses`` presses."""
    began = time.perf_counter()
    opening = await standin.slash(member, channel, "replay", options={"table": ended.table_id}, wait=False)
    at = await watch.until(lambda: viewer_of(opening) is not None)
    figures.tables += 1
    figures.moves.append(ended.moves)
    message = viewer_of(opening)
    if at is None or message is None:
        figures.missed += 1
        return
    figures.opens.append(at - began)
    for _ in range(ended.presses):
        await asyncio.sleep(pause * rng.uniform(0.5, 1.5))
        choices = offered(message)
        kinds = list(choices)
        kind = rng.choices(kinds, weights=[PRESSES[k] for k in kinds])[0]
        comp, value, moment = rng.choice(choices[kind])
        began = time.perf_counter()
        if comp.type == 2:
            press = await standin.click(member, message, comp.custom_id, wait=False)
        else:
            press = await standin.select(member, message, comp.custom_id, [value], wait=False)
        at = await watch.until(functools.partial(showing, message, ended.table_id, moment))
        if at is None:
            figures.missed += 1
            continue
        figures.presses.append(at - began)
        if kind == "▶":
            figures.forward.append(at - began)
        if press.response_type == 6:  # deferred: the picture followed the answer
            figures.deferred += 1


async def ended_games(data: Path, guild_id: int, member: User, keys: Sequence[str], tables: int, presses: int,
                      seed: int) -> list[Ended]:
    """``tables`` ended games of each of ``keys`` in the guild's file, ``presses`` shared out over them."""
    found: list[Ended] = []
    async with Stores(data) as stores:
        store = await stores.guild(guild_id)
        for k, key in enumerate(keys):
            seats = min(registry.get(key).player_counts)
            for n in range(tables):
                chairs = [Seat(member.id, member.name),
                          *(Seat(None, f"Computer {c}", ai=True) for c in range(1, seats))]
                table_id = await ended_table(store, key, chairs, seed * 1000 + k * tables + n, now=time.time())
                row = await store.get_table(table_id)
                moves = row.version if row is not None else 0
                found.append(Ended(key, table_id, moves, presses // tables + (n < presses % tables)))
    return found


async def phase(standin: LocalDiscord, watch: Watch, data: Path, channel: Channel, members: list[User],
                games: list[Ended], at_once: int, pause: float, seed: int) -> Phase:
    """A fresh bot process; ``at_once`` members look back at ``games`` (taken in turn) until none is left."""
    figures = {g.key: Figures(g.key) for g in games}
    result = Phase(at_once, figures)
    queue = list(games)
    with tempfile.TemporaryDirectory(prefix="parlour-replay-report-") as folder:
        report = Path(folder) / "report.json"
        async with bot_process(standin, data, 0.0, report) as process:
            await standin.wait_for(lambda: any(c["name"] == "replay" for c in standin.commands), 60, "/replay synced")
            process.send_signal(signal.SIGUSR1)  # the bot's figures start afresh
            await asyncio.sleep(0.1)
            result.load = (os.getloadavg()[0], 0.0)
            began, cpu, mine = time.perf_counter(), tree_cpu(process.pid), time.process_time()

            async def member(n: int) -> None:
                rng = random.Random(seed * 100 + n)
                while queue:
                    ended = queue.pop(0)
                    await look_back(standin, watch, members[n], channel, ended, pause, rng, figures[ended.key])

            await asyncio.gather(*(member(n) for n in range(at_once)))
            result.seconds = time.perf_counter() - began
            result.cpu_all = (tree_cpu(process.pid) - cpu) / result.seconds
            result.cpu_here = (time.process_time() - mine) / result.seconds
            result.load = (result.load[0], os.getloadavg()[0])
        figures_of_bot = json.loads(report.read_text())
    result.parts, result.lag, result.cpu_bot = figures_of_bot["parts"], figures_of_bot["lag"], figures_of_bot["cpu"]
    return result


async def run(keys: list[str], tables: int, presses: int, at_once: list[int], pause: float, seed: int) -> list[Phase]:
    phases = []
    async with LocalDiscord() as standin:
        watch = Watch(standin)
        guild = standin.add_guild("Club")
        channel = guild.add_text_channel("games")
        members = [standin.add_user(f"member{n + 1}") for n in range(max(at_once))]
        for member in members:
            guild.add_member(member)
        with tempfile.TemporaryDirectory(prefix="parlour-replay-") as folder:
            data = Path(folder) / "data"
            began = time.perf_counter()
            games = await ended_games(data, guild.id, members[0], keys, tables, presses, seed)
            print(f"{len(games)} ended games written in {time.perf_counter() - began:.1f} s "
                  f"(moves: {min(g.moves for g in games)}-{max(g.moves for g in games)})", flush=True)
            for size in at_once:
                # one member: the games one after another; several: the games mixed, each at a table of its own
                order = games if size == 1 else [g for n in range(tables) for g in games[n::tables]]
                print(f"{size} member{'s' if size > 1 else ''} at once ...", flush=True)
                phases.append(await phase(standin, watch, data, channel, members, order, size, pause, seed))
                print(f"  done in {phases[-1].seconds:.0f} s", flush=True)
    return phases


def ms(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values) * 1000:.0f} / {pct(values, 0.95) * 1000:.0f} / {max(values) * 1000:.0f}"


def med_p95(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values) * 1000:.0f} / {pct(values, 0.95) * 1000:.0f}"


def row(name: str, f: Figures) -> str:
    moves = f"{statistics.median(f.moves):.0f}" if f.moves else "-"
    p95 = f"{pct(f.forward, 0.95) * 1000:.0f}" if f.forward else "-"
    opens = f"{statistics.median(f.opens) * 1000:.0f} / {max(f.opens) * 1000:.0f}" if f.opens else "-"
    goal = "-" if not f.presses else "ok" if pct(f.presses, 0.95) <= GOAL else "MISS"
    return (f"{name:<22} {f.tables:>6} {moves:>5} {len(f.presses):>7} {ms(f.presses):>20} {p95:>7} {opens:>15} "
            f"{f.deferred:>8} {f.missed:>6} {goal:>5}")


def report(phases: list[Phase]) -> None:
    for p in phases:
        who = "one member (steady)" if p.at_once == 1 else f"{p.at_once} members at once (burst)"
        every = Figures("all games")
        for f in p.figures.values():
            every.tables += f.tables
            every.moves += f.moves
            every.opens += f.opens
            every.presses += f.presses
            every.forward += f.forward
            every.deferred += f.deferred
            every.missed += f.missed
        print(f"\n{who}: {len(every.presses)} presses in {p.seconds:.0f} s ({len(every.presses) / p.seconds:.1f} a "
              f"second); load average {p.load[0]:.1f} -> {p.load[1]:.1f} on {os.cpu_count()} cores")
        print(f"{'game':<22} {'tables':>6} {'moves':>5} {'presses':>7} {'press med/p95/max ms':>20} {'▶ p95':>7} "
              f"{'open med/max ms':>15} {'deferred':>8} {'missed':>6} {'goal':>5}")
        for f in p.figures.values():
            print(row(f.game, f))
        print(row("all games", every))
        parts = ("replay show", "replay picture", "replay draw", "render seat", "render table")
        print("bot (median / p95): " + ", ".join(f"{name} {med_p95(p.parts.get(name, []))} ms" for name in parts)
              + f" ({len(p.parts.get('replay draw', []))} pictures drawn), loop lag {med_p95(p.lag)} ms")
        print(f"CPU: the bot {p.cpu_bot:.2f}, with its workers {p.cpu_all:.2f}, the local Discord and the members "
              f"{p.cpu_here:.2f}")
        missed = [f.game for f in p.figures.values() if f.presses and pct(f.presses, 0.95) > GOAL]
        print(f"goal p95 <= {GOAL * 1000:.0f} ms (press -> next moment) in every game: "
              + (f"missed in {', '.join(missed)}" if missed else "met"))
    print("\npress: the press's interaction sent -> the viewer showing the moment it names with that moment's picture\n"
          "(median / p95 / max); ▶ p95: ▶ alone; open: /replay sent -> the viewer shown with its picture (median /\n"
          "max); deferred: presses answered by a deferral (picture later); missed: not shown within 10 s. bot:\n"
          "Replays.show (a press's whole answer), Replays.picture (the press's wait for its picture), Replays.draw\n"
          "(each picture drawn, ahead too), render seat/table (the drawing worker, its queue included), median / p95\n"
          "ms; CPU in CPU seconds per second (2 = two cores).")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=lambda s: s.split(","), default=list(registry.keys()))
    parser.add_argument("--tables", type=int, default=3, help="ended games of each game")
    parser.add_argument("--presses", type=int, default=60, help="presses a game, shared out over its tables")
    parser.add_argument("--at-once", type=lambda s: [int(n) for n in s.split(",")], default=[1, 8],
                        help="members looking back at once, a bot process each (default 1,8: steady, then a burst)")
    parser.add_argument("--pause", type=float, default=0.25, help="seconds a member waits between presses (mean)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    report(asyncio.run(run(args.games, args.tables, args.presses, args.at_once, args.pause, args.seed)))


if __name__ == "__main__":
    main()
