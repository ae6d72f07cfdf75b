"""Guild files as servers that have played a while leave them, for the benches that need a data
folder of many guilds (``bench.backup``, ``bench.steady --old-guilds``) or ended games to look
back at (``bench.replay_viewer``): games played to their end through the store's own API, as the
action path commits them, by random legal moves from the rules."""

from __future__ import annotations

import asyncio
import random
import shutil
from collections.abc import Sequence
from pathlib import Path

from bot.play import places
from bot.store import GuildStore, Seat, SeatResult, Stores, backup
from games import registry
from games.core.base import JOIN, random_action

GAMES_A_GUILD = 40  # finished tables in a typical guild file: each with its moves, results and ratings
FIRST_ID = 10**12  # the made-up guilds' ids, far from any the stand-in hands out


class RefusedWrite(RuntimeError):
    """The store refused a write to a table being made (it should not: the table is new)."""


async def ended_table(store: GuildStore, key: str, seats: Sequence[Seat], seed: int,
                      options: dict[str, object] | None = None, now: float | None = None) -> int:
    """A game of ``key`` at a new table of ``store`` (``options`` resolved as /play resolves them),
    played to its end by random legal moves (``random_action``, by a random seat of those to move),
    each committed with its record as ``Tables.act`` commits it, and finished with the seats'
    results and places as the bot records them; the table's id."""
    rules = registry.get(key)
    resolved = rules.resolve_options(options or {}, len(seats))
    rng = random.Random(seed)
    seats = list(seats)
    row = await store.create_table(key, resolved, seed, seats[0].member_id or 0, seats, now=now)
    state = rules.new_game(len(seats), seed=seed, options=resolved)
    if not await store.start_table(row.id, state.to_record(), seats, now=now):
        raise RefusedWrite(f"table #{row.id} did not start")
    while not state.is_over:
        seat = rng.choice(sorted(state.to_move))
        before = len(state.history)
        state = state.apply(seat, random_action(state, seat, rng))
        token = state.history[-1][1]
        if token == JOIN:  # a newcomer between rounds: a computer takes the new seat
            seats.append(Seat(None, f"Computer {len(seats)}", ai=True))
        if not await store.commit_action(row.id, before, seat, token, state.to_record(), now=now,
                                         seats=seats if token == JOIN else None):
            raise RefusedWrite(f"table #{row.id} refused move {before + 1}")
    outcome = state.outcome
    if outcome is None:
        raise RefusedWrite(f"table #{row.id} is over without an outcome")
    placings = places.game_placings(key, outcome)
    results = [SeatResult(k, seat.member_id, int(outcome.scores[k]), k in outcome.winners, outcome.is_draw,
                          *placings[k]) for k, seat in enumerate(seats)]
    if not await store.finish_table(row.id, len(state.history), state.to_record(), results, now=now):
        raise RefusedWrite(f"table #{row.id} did not finish")
    return row.id


async def typical_guild(folder: Path, guild: int) -> Path:
    """A guild's file after ``GAMES_A_GUILD`` one-deal Fosco games played to the end through the store."""
    async with Stores(folder) as stores:
        store = await stores.guild(guild)
        for n in range(GAMES_A_GUILD):
            seats = [Seat(1000 + n % 7, f"Member {n % 7}"), Seat(2000 + n % 5, f"Member {n % 5}")]
            await ended_table(store, "fosco", seats, n, {"deals": 1}, now=float(n))
    return folder / backup.guild_file(guild)


def guild_files(data: Path, count: int) -> Path:
    """``count`` typical guild files in ``data`` (one played through the store, copied); the first."""
    template = asyncio.run(typical_guild(data.parent / ".guild-template", FIRST_ID)) if count else data
    (data / backup.GUILDS).mkdir(parents=True, exist_ok=True)
    for n in range(count):
        shutil.copyfile(template, data / backup.guild_file(FIRST_ID + n))
    return template
