"""A lost disk loses nothing of before the last backup (issue 46): twenty tables in two servers are
played through the local Discord, a backup is taken mid-play, play goes on, the bot stops, the
backup is restored into an empty folder and the bot started on it. Every table is back at the
version the copy holds, with every result, rating and ledger entry of before the copy, and the
restored bot plays every game to its end."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.client import Parlour
from bot.play.tables import Live
from bot.store import backup, codec
from localcord import LocalDiscord
from localcord.model import User
from tests.discord_spec import local_discord

from ..parlour_harness import click_move, moves_on, open_table, running

TABLES = 20  # ten in each of two servers: Fscking Ace (stakes: ledger entries) and Fosco (rated results)
FACTS = {  # what a copy must hold of all that was committed before it began
    "results": "SELECT table_id, seat, member_id, score, won FROM results",
    "ratings": "SELECT game, entity, mu, sigma, games FROM ratings",
    "ledger": "SELECT table_id, round, entry, seat, member_id, amount FROM ledger",
}


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as server:
        yield server
    server.assert_clean()


def facts(folder: Path, guilds: list[int]) -> dict[str, set[tuple[Any, ...]]]:
    found: dict[str, set[tuple[Any, ...]]] = {name: set() for name in FACTS}
    for guild in guilds:
        with sqlite3.connect(folder / backup.guild_file(guild)) as conn:
            for name, sql in FACTS.items():
                found[name] |= {(guild, *row) for row in conn.execute(sql)}
    return found


def versions(folder: Path, guilds: list[int]) -> dict[tuple[int, int], tuple[int, str, list[list[Any]]]]:
    """Each table's version, status and moves (seat, token) in the files of ``folder``."""
    out = {}
    for guild in guilds:
        with sqlite3.connect(folder / backup.guild_file(guild)) as conn:
            for table_id, version, status, record in conn.execute("SELECT id, version, status, record FROM tables"):
                moves = codec.loads(record)["actions"] if record else []
                out[(guild, table_id)] = (version, status, [list(m) for m in moves])
    return out


async def open_all(standin: LocalDiscord, bot: Parlour) -> list[tuple[Live, User]]:
    """Twenty tables, each with a member of its own and computers in the other seats."""
    tables = []
    for server in range(2):
        guild = standin.add_guild(f"Club {server}")
        channel = guild.add_text_channel("games")
        for n in range(TABLES // 2):
            member = standin.add_user(f"player{server}-{n}")
            guild.add_member(member)
            game, options, computers = (("fscking-ace", {"rounds": 1}, 2) if n % 2 else
                                        ("fosco", {"deals": 1, "target": 1}, 1))
            await open_table(standin, member, channel, game, options, computers=computers)
            live = await standin.wait_for(
                lambda m=member: next((t for t in bot.tables.live.values() if t.row.host_id == m.id
                                       and t.row.table_message_id), None), 10, "the table")
            tables.append((live, member))
    return tables


async def turn(standin: LocalDiscord, live: Live, member: User) -> None:
    """The member clicks the first move offered for this table's version: in their direct messages,
    or under the table message where the game is played on the table (Fscking Ace)."""
    version = live.version
    channel = next(c for g in standin.world.guilds.values() for c in g.channels.values()
                   if c.id == live.row.channel_id)

    def offered() -> tuple[Any, Any] | None:
        for message in [*reversed(standin.dm_messages(member)), *reversed(channel.messages)]:
            for found, comp, ref in moves_on([message]):
                if ref.table_id == live.table_id and ref.version == version:
                    return found, comp
        return None

    message, comp = await standin.wait_for(offered, 10, f"{member.name}'s move at version {version}")
    await click_move(standin, member, message, comp)
    await standin.wait_for(lambda: live.version > version or live.state.is_over, 10, "the move")


async def some_moves(standin: LocalDiscord, live: Live, member: User, moves: int | None = None) -> None:
    """The member's moves (all of them: to the game's end) while the computers play theirs."""
    made = 0
    while not live.state.is_over and (moves is None or made < moves):
        if live.seat_of(member.id) in live.state.to_move:
            await turn(standin, live, member)
            made += 1
        else:
            await standin.wait_for(lambda v=live.version: live.version > v or live.state.is_over, 20,
                                   f"a computer's move at table {live.table_id} ({live.row.game}, to move: "
                                   f"{sorted(live.state.to_move)}, member's seat {live.seat_of(member.id)})")


async def test_a_backup_taken_mid_play_restores_every_table_and_every_result(standin: LocalDiscord,
                                                                              tmp_path: Path) -> None:
    data, copy, restored = tmp_path / "data", tmp_path / "copy.tar.gz", tmp_path / "restored"
    async with running(standin, data) as bot:
        tables = await open_all(standin, bot)
        guilds = sorted({live.guild_id for live, _ in tables})
        for live, member in tables[:6]:  # some games over before the copy: results, ratings, stakes
            await some_moves(standin, live, member)
        for live, member in tables[6:]:
            await some_moves(standin, live, member, 3)
        before = facts(data, guilds)
        assert all(before.values()), {k: len(v) for k, v in before.items()}
        made = await asyncio.to_thread(backup.take, data, copy)  # while the bot runs
        for live, member in tables[6:10]:  # play goes on: more results after the copy
            await some_moves(standin, live, member)
        for live, member in tables[10:]:
            await some_moves(standin, live, member, 2)
        later = facts(data, guilds)
    assert later["results"] > before["results"]
    assert made.guild is None and {backup.guild_file(g) for g in guilds} <= {f.path for f in made.files}

    manifest, moved = backup.restore(copy, restored)
    assert moved is None and manifest == made
    copied = versions(restored, guilds)
    held = facts(restored, guilds)
    for name in ("results", "ledger"):  # kept, never changed: all of before the copy, nothing invented
        assert before[name] <= held[name] <= later[name], name
    assert held["results"] < later["results"]  # the games finished after the copy are not in it

    def games_rated(found: dict[str, set[tuple[Any, ...]]]) -> dict[tuple[Any, ...], int]:
        return {(guild, game, entity): games for guild, game, entity, _mu, _sigma, games in found["ratings"]}

    # A rating changes with each game: the copy's counts every game rated before it, and none after.
    rated_before, rated_held, rated_later = games_rated(before), games_rated(held), games_rated(later)
    assert all(rated_before[k] <= rated_held.get(k, 0) <= rated_later[k] for k in rated_before), rated_held
    async with running(standin, restored) as bot:
        for (guild, table_id), (version, status, moves) in copied.items():
            if status == "playing":
                live = await standin.wait_for(lambda k=(guild, table_id): bot.tables.live.get(k), 10, "the table")
                # the copy's game, move for move (its computers may have moved on since the start)
                assert live.version >= version and [list(m) for m in live.state.history[:version]] == moves
        resumed = [(bot.tables.live[(g, t)], next(m for live, m in tables if (live.guild_id, live.table_id) == (g, t)))
                   for (g, t), (_, status, _) in copied.items() if status == "playing"]
        assert len(resumed) >= TABLES - 6 - 4  # at least those not finished before the copy was taken
        for live, member in resumed:
            await some_moves(standin, live, member)
        assert all(live.state.is_over for live, _ in resumed)
    final = versions(restored, guilds)
    assert all(status == "finished" for _, status, _ in final.values()), final
