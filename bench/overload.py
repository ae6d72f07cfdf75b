"""Many busy tables against one request budget (issue 26): the real ``bot.runtime.budget.Budget`` in front of
a model of each table's display, at and far beyond what Discord's global limit allows. Prints figures;
asserts nothing.

    python -m bench.overload [--tables 250,1000] [--seconds 120] [--speed 10]

The model (one human and two computers a table, a move every ``MOVE_EVERY`` s on average, as
``bench.requests`` counts a move's requests): one move in ``LINE_EVERY`` also posts a line. Most players
(all but ``DM_SHARE``) follow the game in their own copy, kept current through their last click's token
(outside the global limit): every move reaches it at once, and their table message, watched by onlookers
only, is edited at most every ``SPECTATED_EVERY`` s (``bot.show.publisher``). The others (a first turn, or back
after 15 idle minutes) follow the table message, edited once a move, and learn of their turn by a direct
message, edited by a request bound by the limit, and urgent.

Each table's display does what ``bot.show.publisher.Publisher`` does: it waits for its grant from the budget
(urgent when a turn begins for a player reached only by a direct message, hurried if that happens while
it waits; last of all when only onlookers need it), and then draws the table's newest state, so moves
that came while it waited are merged into one edit. Against it, the naive way: every move's requests
queued in order behind the limit.

Time runs ``--speed`` times faster than a clock's (the budget and the moves alike) and every figure is
given in the model's seconds. Figures: global requests asked for a second (each move's edit, as if
nobody followed in a copy); the requests granted a second; how long after a move its player saw it (in
their copy, or on the table message for those who follow that) and how long after a move the table
message showed it (median, 95th percentile, largest); how long a turn's notice took to reach the player,
through a token and through a direct message; the longest any table message went without an edit while
it had moves to show; and, for the naive queue, how far behind the table message was when the run ended.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from dataclasses import dataclass, field

from bot.runtime.budget import Budget, Ticket
from bot.show.publisher import SPECTATED_EVERY

RATE = 45.0  # the bot's budget (bot.runtime.config: PARLOUR_REQUESTS_PER_SECOND)
MOVE_EVERY = 5.0  # seconds between moves at a busy table
SEATS = 3  # seat 0 the human, the others computers
LINE_EVERY = 10  # one move in ten posts a line: with the edit, 1.1 requests a move (bench.requests: at most 0.9)
DM_SHARE = 0.1  # players whose turn reaches them by a direct message, not a click's token
LATENCY = 0.05  # seconds Discord takes to answer a request


@dataclass
class Table:
    moves: int = 0  # moves made
    shown: int = 0  # moves the table message shows
    made_at: list[float] = field(default_factory=list)
    turn_began: float | None = None  # when the human's turn began, not yet noticed
    by_dm: bool = False  # the human does not follow in a copy: the table message and DMs are theirs
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    ticket: Ticket | None = None
    last_edit: float = 0.0
    longest_gap: float = 0.0


@dataclass
class Figures:
    player_lag: list[float] = field(default_factory=list)
    table_lag: list[float] = field(default_factory=list)
    token_notice: list[float] = field(default_factory=list)
    dm_notice: list[float] = field(default_factory=list)
    granted: int = 0
    seconds: float = 0.0


class Model:
    def __init__(self, tables: int, speed: float, seconds: float, seed: int = 1) -> None:
        self.speed, self.seconds = speed, seconds
        self.rng = random.Random(seed)
        self.budget = Budget(RATE * speed)
        self.tables = [Table(by_dm=self.rng.random() < DM_SHARE) for _ in range(tables)]
        self.figures = Figures()
        self.began = 0.0
        self.runners: set[asyncio.Task[None]] = set()

    def now(self) -> float:
        """The model's seconds since the run began."""
        return (time.monotonic() - self.began) * self.speed

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds / self.speed)

    async def request(self) -> None:
        await self.budget.spend()
        await self.sleep(LATENCY)

    async def play(self, table: Table) -> None:
        await self.sleep(self.rng.uniform(0, MOVE_EVERY))
        while True:
            await self.sleep(self.rng.uniform(0.5, 1.5) * MOVE_EVERY)
            table.moves += 1
            table.made_at.append(self.now())
            if table.moves % SEATS == 0:  # the human's turn begins
                table.turn_began = self.now()
                if table.by_dm and table.ticket is not None:  # as Publisher.moved: the wait becomes urgent
                    self.budget.hurry(table.ticket)
            table.wake.set()
            if not table.by_dm:  # as Publisher.moved: the copy kept through a token shows the move at once
                self.runners.add(asyncio.create_task(self.token_edit(table, self.now())))

    async def token_edit(self, table: Table, made: float) -> None:
        await self.sleep(LATENCY)
        self.figures.player_lag.append(self.now() - made)
        self.notice(table, by_dm=False)

    def notice(self, table: Table, by_dm: bool) -> None:
        if table.turn_began is not None and table.by_dm == by_dm:
            (self.figures.dm_notice if by_dm else self.figures.token_notice).append(self.now() - table.turn_began)
            table.turn_began = None

    async def display(self, table: Table) -> None:
        """As ``Publisher._run``: a ticket per batch, a grant waited for before choosing what to draw."""
        while True:
            await table.wake.wait()
            table.wake.clear()
            while table.shown < table.moves:
                if not table.by_dm:  # only onlookers need the table message: at most every SPECTATED_EVERY s
                    await self.sleep(max(0.0, table.last_edit + SPECTATED_EVERY - self.now()))
                ticket = table.ticket = Ticket(urgent=table.turn_began is not None and table.by_dm,
                                               onlookers=not table.by_dm)
                with self.budget.using(ticket):
                    await self.budget.spend()  # the table message's edit
                    await self.sleep(LATENCY)
                    upto = table.moves  # the newest state, whatever came while waiting
                    if table.turn_began is not None and table.by_dm:
                        await self.request()  # the direct message
                        self.notice(table, by_dm=True)
                    if any(m % LINE_EVERY == 0 for m in range(table.shown + 1, upto + 1)):
                        await self.request()
                table.ticket = None
                now = self.now()
                lags = [now - table.made_at[m] for m in range(table.shown, upto)]
                self.figures.table_lag += lags
                if table.by_dm:  # they follow the game on the table message
                    self.figures.player_lag += lags
                table.longest_gap = max(table.longest_gap, now - table.last_edit)
                table.shown, table.last_edit = upto, now

    async def run(self) -> Figures:
        self.began = time.monotonic()
        for table in self.tables:
            table.last_edit = 0.0
        tasks = [asyncio.create_task(self.play(t)) for t in self.tables]
        tasks += [asyncio.create_task(self.display(t)) for t in self.tables]
        await self.sleep(self.seconds)
        for task in [*tasks, *self.runners]:
            task.cancel()
        await asyncio.gather(*tasks, *self.runners, return_exceptions=True)
        self.figures.granted = self.budget.spent.granted
        self.figures.seconds = self.now()  # a busy loop may have run the model a little slower than asked
        return self.figures


async def naive_lag(tables: int, seconds: float) -> float:
    """How far behind the newest table edit is after ``seconds``, when every move's requests wait in
    one queue in order (no merging, no urgency): computed, since it only grows."""
    demand = tables / MOVE_EVERY * (1 + 1 / LINE_EVERY + DM_SHARE / SEATS)
    served = min(demand, RATE)
    backlog = (demand - served) * seconds  # requests still queued at the end
    return backlog / RATE


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(values: list[float]) -> str:
    if not values:
        return f"{'-':>6} {'-':>6} {'-':>6}"
    return f"{statistics.median(values):>6.1f} {percentile(values, 0.95):>6.1f} {max(values):>6.1f}"


async def main_async(counts: list[int], seconds: float, speed: float) -> None:
    print(f"Budget {RATE:g} requests/s; a move every {MOVE_EVERY:g} s a table; {seconds:g} s modelled at "
          f"{speed:g}x; lags in seconds (median, 95th percentile, largest).")
    print(f"{'tables':>6} {'asked/s':>7} {'sent/s':>6} | {'player sees a move':^20} | {'table message':^20} | "
          f"{'turn via token':^20} | {'turn via DM':^20} | {'longest gap':>11} | {'naive lag':>9}")
    for count in counts:
        model = Model(count, speed, seconds)
        figures = await model.run()
        asked = count / MOVE_EVERY * (1 + 1 / LINE_EVERY + DM_SHARE / SEATS)
        gap = max(t.longest_gap for t in model.tables)
        print(f"{count:>6} {asked:>7.0f} {figures.granted / figures.seconds:>6.1f} | {line(figures.player_lag)} | "
              f"{line(figures.table_lag)} | "
              f"{line(figures.token_notice)} | {line(figures.dm_notice)} | {gap:>11.1f} | "
              f"{await naive_lag(count, seconds):>9.0f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", default="100,250,500,1000", help="comma-separated numbers of busy tables")
    parser.add_argument("--seconds", type=float, default=120.0, help="seconds modelled")
    parser.add_argument("--speed", type=float, default=10.0, help="how much faster than a clock the model runs")
    args = parser.parse_args()
    asyncio.run(main_async([int(n) for n in args.tables.split(",") if n], args.seconds, args.speed))


if __name__ == "__main__":
    main()
