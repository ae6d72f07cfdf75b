"""Guild files as servers that have played a while leave them, for the benches that need a data
folder of many guilds (``bench.backup``, ``bench.steady --old-guilds``)."""

from __future__ import annotations

import asyncio
import random
import shutil
from pathlib import Path

from bot.store import Seat, SeatResult, Stores, backup

GAMES_A_GUILD = 40  # finished tables in a typical guild file: each with its moves, results and ratings
FIRST_ID = 10**12  # the made-up guilds' ids, far from any the stand-in hands out


async def typical_guild(folder: Path, guild: int) -> Path:
    """A guild's file after ``GAMES_A_GUILD`` Fosco games played to the end through the store."""
    from games import registry

    rules = registry.get("fosco")
    rng = random.Random(guild)
    async with Stores(folder) as stores:
        store = await stores.guild(guild)
        for n in range(GAMES_A_GUILD):
            seats = [Seat(1000 + n % 7, f"Member {n % 7}"), Seat(2000 + n % 5, f"Member {n % 5}")]
            state = rules.new_game(2, seed=n, options={"deals": 1})
            row = await store.create_table("fosco", {"deals": 1}, n, seats[0].member_id or 0, seats, now=float(n))
            assert await store.start_table(row.id, state.to_record(), seats, now=float(n))
            while not state.is_over:
                seat = min(state.to_move)
                before = len(state.history)
                state = state.apply(seat, rng.choice(state.legal_actions(seat)))
                assert await store.commit_action(row.id, before, seat, state.history[-1][1], state.to_record(),
                                                 now=float(n))
            outcome = state.outcome
            assert outcome is not None
            results = [SeatResult(k, seat.member_id, outcome.scores[k], k in outcome.winners, outcome.is_draw)
                       for k, seat in enumerate(seats)]
            assert await store.finish_table(row.id, len(state.history), state.to_record(), results, now=float(n))
    return folder / backup.guild_file(guild)



def guild_files(data: Path, count: int) -> Path:
    """``count`` typical guild files in ``data`` (one played through the store, copied); the first."""
    template = asyncio.run(typical_guild(data.parent / ".guild-template", FIRST_ID)) if count else data
    (data / backup.GUILDS).mkdir(parents=True, exist_ok=True)
    for n in range(count):
        shutil.copyfile(template, data / backup.guild_file(FIRST_ID + n))
    return template
