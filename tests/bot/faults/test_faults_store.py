"""The guild's database letting the bot down mid-game, through the real bot and a real SQLite file:
a lock held by another program, a read-only or full disk, a corrupt file, a data folder that
cannot be made. Every click gets a sentence within Discord's deadline, nothing changes, and play
resumes once the fault clears; a computer turn that failed is tried again; a corrupt guild does
not stop the others from being restored."""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bot.client import Parlour
from bot.play import faults, timers
from bot.play.tables import Live
from bot.store import database as db_module
from localcord import LocalDiscord
from localcord.model import InteractionRecord, Message, User
from tests.discord_spec import local_discord

from ..parlour_harness import channel_named, controls, live_table, open_table, running, take_turn
from ..store.test_store_faults import opened_read_only


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as server:
        yield server


def world(standin: LocalDiscord, name: str = "Card club") -> tuple[Any, User, Any]:
    guild = standin.add_guild(name)
    alice = standin.add_user(f"alice-{name.split()[-1].lower()}")
    guild.add_member(alice)
    return guild, alice, guild.add_text_channel("games")


async def alices_turn(standin: LocalDiscord, bot: Parlour, alice: User, lobby: Any) -> Live:
    await open_table(standin, alice, lobby, "fosco", {"deals": 2}, computers=1)
    live = await live_table(standin, bot)
    await standin.wait_for(lambda: 0 in live.state.to_move and live.row.shown_version == live.version, 10,
                           "alice's turn, shown")
    return live


async def click_current(standin: LocalDiscord, live: Live, alice: User) -> InteractionRecord:
    """Alice clicks the first move of her newest hand (answered within Discord's 3 s, or this fails)."""
    version = live.version

    def offered() -> tuple[Message, Any] | None:
        for message in reversed(standin.dm_messages(alice)):
            if found := controls(message, version):
                return message, found[0]
        return None

    message, comp = await standin.wait_for(offered, 10, "alice's controls")
    return await standin.click(alice, message, comp.custom_id)


def alices_moves(live: Live) -> int:
    return sum(1 for seat, _ in live.state.history if seat == 0)


async def test_a_lock_held_12_s_is_answered_click_by_click_and_play_resumes(standin: LocalDiscord,
                                                                           tmp_path: Path) -> None:
    guild, alice, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        live = await alices_turn(standin, bot, alice, lobby)
        moves = alices_moves(live)
        answers = []
        with closing(sqlite3.connect(bot.stores.path_for(guild.id), isolation_level=None)) as other:
            other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
            held = time.monotonic()
            while time.monotonic() - held < 12:
                answers.append(await click_current(standin, live, alice))
            other.execute("ROLLBACK")
        assert len(answers) >= 5
        assert all(a.ephemeral and a.content == faults.BUSY for a in answers), [a.content for a in answers]
        assert alices_moves(live) == moves
        await take_turn(standin, bot, live, alice)  # the lock gone, the same click goes through
        assert alices_moves(live) == moves + 1


async def test_a_read_only_disk_is_answered_and_changes_nothing(standin: LocalDiscord, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    guild, alice, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        live = await alices_turn(standin, bot, alice, lobby)
        moves, record = alices_moves(live), dict(live.row.record or {})
        store = await bot.stores.guild(guild.id)
        with opened_read_only(monkeypatch):
            await store._db.read(lambda conn: conn.execute("PRAGMA query_only = ON"))
            for _ in range(3):
                answer = await click_current(standin, live, alice)
                assert answer.ephemeral and answer.content == faults.UNSAVED
        assert alices_moves(live) == moves and live.row.record == record
        await take_turn(standin, bot, live, alice)
        assert alices_moves(live) == moves + 1


class FillingDisk(sqlite3.Connection):
    """A connection whose disk can fill up: while ``full``, a commit fails as SQLite's does when
    the disk has no room (SQLITE_FULL), and the transaction is rolled back."""

    full = False
    refused = 0  # commits refused so far, by every connection

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if FillingDisk.full and sql.strip().upper() == "COMMIT":
            FillingDisk.refused += 1
            err = sqlite3.OperationalError("database or disk is full")
            err.sqlite_errorcode, err.sqlite_errorname = 13, "SQLITE_FULL"  # type: ignore[attr-defined]
            raise err
        return super().execute(sql, *args)


async def on_a_filling_disk(bot: Parlour, monkeypatch: pytest.MonkeyPatch) -> None:
    """The guilds' files opened again on a disk that can fill up (FillingDisk.full)."""
    def connect(path: Path, create: bool) -> sqlite3.Connection:
        return sqlite3.connect(path, isolation_level=None, check_same_thread=False, factory=FillingDisk)

    monkeypatch.setattr(db_module, "_sqlite_connect", connect)
    await bot.stores.sweep(now=time.monotonic() + 10**6)  # every store lets go of its file, and opens it anew


async def test_a_full_disk_is_answered_and_a_computer_turn_that_failed_is_tried_again(
        standin: LocalDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(timers, "RETRY_FIRST", 0.1)
    monkeypatch.setattr(timers, "RETRY_MAX", 0.2)
    _guild, alice, lobby = world(standin)
    # The computer waits a second before it answers: time enough, even on a loaded machine, to fill
    # the disk after Alice's move is answered and before the computer's is made.
    async with running(standin, tmp_path, ai_delay=1.0) as bot:
        live = await alices_turn(standin, bot, alice, lobby)
        moves = alices_moves(live)
        await on_a_filling_disk(bot, monkeypatch)
        monkeypatch.setattr(FillingDisk, "full", True)
        for _ in range(2):
            answer = await click_current(standin, live, alice)
            assert answer.ephemeral and answer.content == faults.UNSAVED
        assert alices_moves(live) == moves
        FillingDisk.full = False
        # Alice moves; the disk fills before the computer answers, so its move fails ...
        version = live.version
        answer = await click_current(standin, live, alice)
        FillingDisk.full = True
        assert not (answer.message and answer.message.ephemeral), "Alice's move went through"
        assert live.version == version + 1
        if 1 in live.state.to_move:
            await standin.wait_for(lambda: any(t for k, t in bot.turns.tasks.items() if k[0] == "turn"), 2)
            tried = FillingDisk.refused
            await standin.wait_for(lambda: FillingDisk.refused >= tried + 3, 10, "several tries to fail meanwhile")
            assert live.version == version + 1, "nothing is committed to a full disk"
        # ... and is made once there is room again: the table does not freeze.
        FillingDisk.full = False
        await standin.wait_for(lambda: 0 in live.state.to_move and live.version > version + 1, 10,
                               "the computer's move, tried again")


async def test_one_corrupt_guild_among_three_at_start_leaves_the_others_playing(
        standin: LocalDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    worlds = [world(standin, f"Club {n}") for n in ("one", "two", "three")]
    async with running(standin, tmp_path) as bot:
        for _guild, alice, lobby in worlds:
            await alices_turn(standin, bot, alice, lobby)
    broken = worlds[1][0]
    path = tmp_path / "guilds" / f"{broken.id}.sqlite3"
    with path.open("r+b") as file:
        file.write(b"this is not a SQLite file at all" * 4)
    caplog.set_level(logging.ERROR, logger="parlour")
    async with running(standin, tmp_path) as bot:
        for guild, alice, _lobby in (worlds[0], worlds[2]):
            table = channel_named(guild, "fosco-1")
            await standin.wait_for(lambda t=table: any("restarted" in m.content for m in t.messages), 10,
                                   "the restored table's notice")
            live = bot.tables.live[(guild.id, 1)]
            moves = alices_moves(live)
            await take_turn(standin, bot, live, alice)
            assert alices_moves(live) == moves + 1
        assert (broken.id, 1) not in bot.tables.live
        assert any("could not restore the tables of server Club two" in r.getMessage() for r in caplog.records)
        # Alice's click at the broken server's table is answered in words.
        alice = worlds[1][1]
        hand = next(m for m in reversed(standin.dm_messages(alice)) if any(c.custom_id for c in m.components))
        button = next(c for c in hand.components if c.custom_id and not c.disabled)
        answer = await standin.click(alice, hand, button.custom_id)
        assert answer.ephemeral and answer.content == faults.UNSAVED


async def test_a_data_folder_that_cannot_be_made_is_answered(standin: LocalDiscord, tmp_path: Path) -> None:
    _guild, alice, lobby = world(standin)
    (tmp_path / "guilds").write_text("a file where the folder should be")
    async with running(standin, tmp_path):
        answer = await standin.slash(alice, lobby, "play", "fosco", options={})
        assert answer.ephemeral and answer.content == faults.UNSAVED
