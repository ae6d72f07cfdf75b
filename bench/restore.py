"""Restart figures: the real bot starts on a data folder holding many unfinished tables and puts
them all back in play. Prints figures; asserts nothing.

    python -m bench.restore [--tables 1000] [--per-guild 50] [--behind 10] [--moves 40]

The folder is made first: Fosco tables (20 deals, so none ends) of one member against a computer,
each ``--moves`` random moves into its game with the member to move, its channel and table message
in the local Discord stand-in; every ``--behind``-th table's last move was committed but not shown
(the bot stopped in between), so the restart must draw it again.

* back in play: from the start of the bot's restore pass until every table is live (state replayed
  from its record, timers running, buttons answering);
* announced: until every channel has been told of the restart and every table left behind redrawn
  (this part runs behind live play, a few tables at a time);
* memory: KB per live table, from tracemalloc while the same tables are adopted again into a
  fresh table service (the Live, its state, its row), and the bot process's RSS growth over the
  restore divided by the tables (noisier: it includes the stand-in's and SQLite's work).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import random
import tempfile
import time
import tracemalloc
from pathlib import Path

from bench.bot_latency import rss_kb
from bot.client import Parlour
from bot.play.tables import Tables
from bot.store import Stores
from bot.store.rows import Seat
from games.core import registry
from localcord import LocalDiscord
from localcord.model import Message
from tests.bot.parlour_harness import running

GAME, OPTIONS = "fosco", {"deals": 20}


async def fill(standin: LocalDiscord, data: Path, count: int, per_guild: int, behind: int, moves: int) -> None:
    """``count`` unfinished tables, their channels and table messages."""
    rules = registry.get(GAME)
    rng = random.Random(7)
    async with Stores(data) as stores:
        guild = None
        for n in range(count):
            if n % per_guild == 0:
                guild = standin.add_guild(f"Club {n // per_guild + 1}")
                store = await stores.guild(guild.id)
            assert guild is not None
            user = standin.add_user(f"player{n}")
            guild.add_member(user)
            channel = guild.add_text_channel(f"fosco-{n + 1}")
            message = Message(standin.world.ids.next(), channel, standin.world.bot, content=f"Fosco table #{n + 1}")
            standin.world.messages[message.id] = message
            channel.messages.append(message)
            seats = [Seat(user.id, user.name), Seat(None, "Computer 1", ai=True)]
            options = rules.resolve_options(OPTIONS, 2)
            row = await store.create_table(GAME, options, n, user.id, seats)
            state = rules.new_game(2, seed=n, options=options)
            assert await store.start_table(row.id, state.to_record(), seats)
            while len(state.history) < moves or 0 not in state.to_move:
                seat = min(state.to_move)
                state = state.apply(seat, rng.choice(state.legal_actions(seat)))
            record = state.to_record()
            # The stored history, as the action path would have left it (the last move of a
            # table "behind" was committed but never shown).
            for version, (seat, token) in enumerate(record["actions"], start=1):
                partial = {**record, "actions": record["actions"][:version]}
                await store.commit_action(row.id, version - 1, seat, token, partial, source="click")
            shown = len(state.history) - (1 if behind and n % behind == 0 else 0)
            await store.update_table(row.id, channel_id=channel.id, table_message_id=message.id)
            await store.record_shown(row.id, shown)


def adopted_kb(data: Path, rows: list) -> float:  # type: ignore[type-arg]
    """KB per table that a table service holds once the tables are adopted (tracemalloc)."""
    tables = Tables(Stores(data), lambda *args: None, lambda live: None)
    gc.collect()
    tracemalloc.start(1)
    before = tracemalloc.take_snapshot()
    for guild_id, row in rows:
        tables.adopt(guild_id, row)
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    return grown / 1024 / max(1, len(rows))


async def run(args: argparse.Namespace) -> None:
    async with LocalDiscord() as standin:
        with tempfile.TemporaryDirectory(prefix="parlour-restore-") as folder:
            data = Path(folder)
            began = time.perf_counter()
            await fill(standin, data, args.tables, args.per_guild, args.behind, args.moves)
            print(f"made {args.tables} unfinished tables in {time.perf_counter() - began:.1f} s", flush=True)

            restore = Parlour.restore
            timing: dict[str, float] = {}

            async def timed(bot: Parlour) -> None:
                timing["start"] = time.perf_counter()
                timing["rss"] = rss_kb()
                await restore(bot)
                timing["live"] = time.perf_counter()
                timing["rss_after"] = rss_kb()

            Parlour.restore = timed  # type: ignore[method-assign]
            try:
                async with running(standin, data, ai_delay=1.0) as bot:
                    announcing = await standin.wait_for(lambda: bot.announcing, 120, "the restore pass")
                    await announcing
                    announced = time.perf_counter()
                    live = len(bot.tables.live)
                    redrawn = sum(1 for t in bot.tables.live.values() if t.row.shown_version == t.version)
                    rows = [(t.guild_id, t.row) for t in bot.tables.live.values()]
            finally:
                Parlour.restore = restore  # type: ignore[method-assign]
            kb = adopted_kb(data, rows)

    tables = args.tables
    print(f"\n{'tables':>6} {'live':>5} {'back in play s':>15} {'announced s':>12} {'shown now':>10} "
          f"{'KB/table live':>14} {'RSS KB/table':>13}")
    print(f"{tables:>6} {live:>5} {timing['live'] - timing['start']:>15.2f} {announced - timing['start']:>12.2f} "
          f"{redrawn:>10} {kb:>14.1f} {(timing['rss_after'] - timing['rss']) / tables:>13.1f}")
    print("\nback in play: restore pass start -> every table live with its timers; announced: every channel told\n"
          "and every table left behind redrawn; shown now: tables whose message shows their newest move;\n"
          "KB/table live: tracemalloc of adopting the same tables again; RSS: the process's growth over the restore.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--per-guild", type=int, default=50, help="tables per guild (one SQLite file each)")
    parser.add_argument("--behind", type=int, default=10, help="every N-th table's last move was not shown (0: none)")
    parser.add_argument("--moves", type=int, default=40, help="moves already played at each table")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.client").setLevel(logging.ERROR)
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
