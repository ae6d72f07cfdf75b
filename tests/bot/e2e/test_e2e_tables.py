"""More of the bot end to end: lobby rules, the thread fallback, private tables, timers (turn
timeout, lobby expiry, channel clean-up), and the commands around a table."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.play import timers
from localcord import DEFAULT_BOT_PERMISSIONS, LocalDiscord
from localcord.model import VIEW_CHANNEL
from tests.discord_spec import local_discord

from ..parlour_harness import channel_named, hand_reply, live_table, open_table, running, take_turn, wait_past


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as server:
        yield server
    server.assert_clean()


@pytest.fixture
def fast_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(timers, "MINUTE", 0.2)  # a "minute" of the timers lasts 0.2 s here


def club(standin: LocalDiscord, *, permissions: discord.Permissions = DEFAULT_BOT_PERMISSIONS, people: int = 2):  # type: ignore[no-untyped-def]
    guild = standin.add_guild("Card club", bot_permissions=permissions)
    users = [standin.add_user(name) for name in ("alice", "bob", "carol", "dan", "erin")[:people]]
    guild.add_member(users[0], manager=True)
    for user in users[1:]:
        guild.add_member(user)
    return guild, users, guild.add_text_channel("games")


async def test_lobby_rules_are_enforced(standin: LocalDiscord, tmp_path: Path) -> None:
    _guild, (alice, bob, carol, dan, erin), games = club(standin, people=5)
    async with running(standin, tmp_path):
        lobby = await standin.slash(alice, games, "play", "fosco")
        message = lobby.message
        assert message is not None and "alice" in str(message.embeds)
        again = await standin.click(alice, message, label="Join")
        assert again.ephemeral and "already" in again.content
        outsider = await standin.click(bob, message, label="Add computer")
        assert outsider.ephemeral and "Only players" in outsider.content
        await standin.click(bob, message, label="Join")
        await standin.click(carol, message, label="Join")
        not_host = await standin.click(bob, message, label="Start")
        assert not_host.ephemeral and "Only the host" in not_host.content
        three = await standin.click(alice, message, label="Start")
        assert three.ephemeral and "needs 2 or 4 players" in three.content
        await standin.click(dan, message, label="Join")
        full = await standin.click(erin, message, label="Join")
        assert full.ephemeral and "full" in full.content
        await standin.click(carol, message, label="Leave")
        assert "carol" not in str(message.embeds)
        host_leaves = await standin.click(alice, message, label="Leave")
        assert host_leaves.ephemeral and "Cancel" in host_leaves.content
        await standin.click(alice, message, label="Cancel")
        assert "Cancelled" in str(message.embeds) and not [c for c in message.components if c.custom_id]
        unknown = await standin.slash(alice, games, "play", "fosco", options={"jokers": 2, "king": "primes"})
        assert "primes" in str(unknown.message.embeds if unknown.message else "")


async def test_without_manage_channels_the_table_is_a_thread(standin: LocalDiscord, tmp_path: Path) -> None:
    permissions = discord.Permissions(DEFAULT_BOT_PERMISSIONS.value)
    permissions.manage_channels = False
    guild, (alice, bob), games = club(standin, permissions=permissions)
    async with running(standin, tmp_path) as bot:
        lobby = await standin.slash(alice, games, "play", "fosco", options={"deals": 1})
        assert lobby.message is not None
        await standin.click(bob, lobby.message, label="Join")
        start = await standin.click(alice, lobby.message, label="Start")
        live = await live_table(standin, bot)
        assert live.row.is_thread
        thread = channel_named(guild, "fosco-1")
        assert thread is not None and thread.parent_id == games.id
        await standin.wait_for(lambda: any("Manage Channels" in f.content for f in start.followups), 5,
                               "the host to be told why")
        assert all(f.ephemeral for f in start.followups if "Manage Channels" in f.content)
        await take_turn(standin, bot, live, alice)
        assert lobby.message is not None and "Started" in str(lobby.message.embeds)


async def test_private_tables_are_hidden_from_other_members(standin: LocalDiscord, tmp_path: Path) -> None:
    guild, (alice, bob, carol), games = club(standin, people=3)
    async with running(standin, tmp_path) as bot:
        await standin.slash(alice, games, "parlour", "settings", options={"private_tables": True})
        await open_table(standin, alice, games, "fosco", {"deals": 1}, joiners=(bob,))
        await live_table(standin, bot)
        table = channel_named(guild, "fosco-1")
        assert table is not None
        assert guild.permissions_for(bob.id, table) & VIEW_CHANNEL
        assert not guild.permissions_for(carol.id, table) & VIEW_CHANNEL


async def test_public_tables_are_watched_but_only_players_write(standin: LocalDiscord, tmp_path: Path) -> None:
    guild, (alice, bob, carol), games = club(standin, people=3)
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, games, "fosco", {"deals": 1}, joiners=(bob,))
        await live_table(standin, bot)
        table = channel_named(guild, "fosco-1")
        assert table is not None
        send = discord.Permissions(send_messages=True).value
        assert guild.permissions_for(carol.id, table) & VIEW_CHANNEL
        assert not guild.permissions_for(carol.id, table) & send
        assert guild.permissions_for(bob.id, table) & send


async def test_an_absent_player_is_reminded_then_played_for(standin: LocalDiscord, tmp_path: Path,
                                                            fast_clock: None) -> None:
    guild, (alice, _bob), games = club(standin)
    async with running(standin, tmp_path) as bot:
        settings = await standin.slash(alice, games, "parlour", "settings", options={"turn_timeout": 1})
        assert settings.ephemeral and "turn_timeout" in settings.content
        await open_table(standin, alice, games, "fosco", {"deals": 1}, computers=1)
        live = await live_table(standin, bot)
        table = channel_named(guild, "fosco-1")
        assert table is not None
        await standin.wait_for(lambda: any("it's your turn" in m.content for m in table.messages), 5, "a reminder")
        await standin.wait_for(lambda: any("ran out of time" in m.content for m in table.messages), 5, "a timeout")
        await wait_past(standin, live, 1, "the computer's move for alice")
        store = await bot.stores.guild(guild.id)
        sources = {a.source for a in await store.actions(live.table_id)}
        assert "timeout" in sources


async def test_an_idle_lobby_expires(standin: LocalDiscord, tmp_path: Path, fast_clock: None) -> None:
    _guild, (alice, _bob), games = club(standin)
    async with running(standin, tmp_path):
        lobby = await standin.slash(alice, games, "play", "dracula")
        assert lobby.message is not None
        await standin.wait_for(lambda: "expired" in str(lobby.message.embeds), 10, "the lobby to expire")
        assert not [c for c in lobby.message.components if c.custom_id]


async def test_table_commands(standin: LocalDiscord, tmp_path: Path, fast_clock: None) -> None:
    guild, (alice, bob, carol), games = club(standin, people=3)
    async with running(standin, tmp_path) as bot:
        await standin.slash(alice, games, "parlour", "settings", options={"cleanup_delay": 0})
        await open_table(standin, alice, games, "fosco", {"deals": 1}, joiners=(bob,))
        live = await live_table(standin, bot)
        table = channel_named(guild, "fosco-1")
        assert table is not None
        status = await standin.slash(carol, table, "table", "status")
        await standin.wait_for(lambda: status.attachments, 5, "the table's picture")  # it replaces "thinking"
        assert status.ephemeral and status.attachments and "Fosco" in status.content
        hand = await hand_reply(standin, await standin.slash(bob, table, "table", "hand"))
        assert "bob" in hand.content
        not_yours = await standin.slash(carol, table, "table", "hand")
        assert not_yours.ephemeral and "not playing" in not_yours.content
        refused = await standin.slash(bob, table, "table", "end")
        assert refused.ephemeral and "Only the host" in refused.content
        await standin.slash(bob, table, "table", "resign")
        assert live.row.seats[1].ai
        await standin.slash(alice, table, "table", "end")
        store = await bot.stores.guild(guild.id)
        row = await store.get_table(live.table_id)
        assert row is not None and row.status == "cancelled"
        await standin.wait_for(lambda: channel_named(guild, "fosco-1") is None, 5, "the channel to be removed")
        nowhere = await standin.slash(alice, games, "table", "status")
        assert nowhere.ephemeral and "no game" in nowhere.content


async def test_rules_and_settings_commands(standin: LocalDiscord, tmp_path: Path) -> None:
    _guild, (alice, bob), games = club(standin)
    async with running(standin, tmp_path):
        rules = await standin.slash(bob, games, "rules", options={"game": "dracula"})
        text = str(rules.embeds)
        assert rules.ephemeral and "Vampire" in text and "Table ruling" in text
        with pytest.raises(PermissionError):  # the settings command is hidden from non-managers
            await standin.slash(bob, games, "parlour", "settings")
        shown = await standin.slash(alice, games, "parlour", "settings")
        assert "turn_timeout" in shown.content and "10" in shown.content


async def test_a_full_category_overflows_into_a_second(standin: LocalDiscord, tmp_path: Path) -> None:
    guild, (alice, bob), games = club(standin)
    full = guild.add_category("Parlour")
    for n in range(50):  # Discord allows 50 channels in a category
        guild.add_text_channel(f"old-table-{n}", category=full)
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, games, "fosco", {"deals": 1}, joiners=(bob,))
        await live_table(standin, bot)
        table = channel_named(guild, "fosco-1")
        second = channel_named(guild, "Parlour 2")
        assert table is not None and second is not None and table.parent_id == second.id
