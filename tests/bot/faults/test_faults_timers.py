"""Timers that fail part-way: a computer finishing an absent player's turn loses a worker after a
move (the table must not freeze), and a full disk stops the computer's move after the time-out
notice (the notice is posted once, however often the move is tried again)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.commands import lobby
from bot.play import timers
from bot.play.tables import Live
from localcord import LocalDiscord
from tests.discord_spec import local_discord

from ..e2e.test_e2e_fscking_ace import SEED, club
from ..parlour_harness import channel_named, open_table, running
from .test_faults_store import FillingDisk, alices_turn, on_a_filling_disk, world


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as server:
        yield server


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(timers, "RETRY_FIRST", 0.1)
    monkeypatch.setattr(timers, "RETRY_MAX", 0.2)


async def test_a_turn_the_computer_finishes_goes_on_after_a_move_fails(standin: LocalDiscord, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby, "secrets", SimpleNamespace(randbits=lambda bits: SEED))
    monkeypatch.setattr(timers, "MINUTE", 0.1)
    failed: dict[str, Any] = {"moves": 0}
    real = timers.Turns._play_for

    async def loses_a_worker_once(self: timers.Turns, live: Live, version: int, seat: int, source: str) -> bool:
        # The second move the computer makes for an absent player fails, once.
        covered = (live.guild_id, live.table_id, seat) in self.covering
        if source == "timeout" and covered and "version" not in failed:
            failed["moves"] += 1
            if failed["moves"] == 2:
                failed["version"] = live.version
                raise RuntimeError("a worker was lost")
        return await real(self, live, version, seat, source)

    monkeypatch.setattr(timers.Turns, "_play_for", loses_a_worker_once)
    _guild, alice, _bob, _carol, channel = club(standin)
    async with running(standin, tmp_path) as bot:
        await standin.slash(alice, channel, "parlour", "settings", options={"turn_timeout": 1})
        await open_table(standin, alice, channel, "fscking-ace", {}, computers=2)
        live = await standin.wait_for(lambda: next(iter(bot.tables.live.values()), None), 10, "the table")
        await standin.wait_for(lambda: "version" in failed, 30, "the failure")
        await standin.wait_for(lambda: live.version > failed["version"] or live.state.is_over, 10,
                               "the table going on after the failed move")


async def test_a_time_out_is_told_once_while_the_computers_move_is_tried_again(
        standin: LocalDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(timers, "MINUTE", 0.3)
    guild, alice, lobby_channel = world(standin)
    async with running(standin, tmp_path) as bot:
        live = await alices_turn(standin, bot, alice, lobby_channel)
        await on_a_filling_disk(bot, monkeypatch)
        table = channel_named(guild, "fosco-1")
        assert table is not None
        await standin.wait_for(lambda: any("it's your turn" in m.content for m in table.messages), 10, "a reminder")
        monkeypatch.setattr(FillingDisk, "full", True)

        def notices() -> int:
            return sum("ran out of time" in m.content for m in table.messages)

        await standin.wait_for(notices, 10, "the time-out")
        tried = FillingDisk.refused  # the computer's move fails, and is tried again, several times
        await standin.wait_for(lambda: FillingDisk.refused >= tried + 3, 10, "several tries to fail")
        assert notices() == 1
        version = live.version
        FillingDisk.full = False
        await standin.wait_for(lambda: live.version > version, 10, "the computer's move, once there is room")
        assert notices() == 1
