"""Permissions explained, end to end: where the bot lacks a permission it needs, the member who asked
gets one plain sentence naming it and saying how to grant it, nothing is left half made, and no
raw Discord error reaches anyone. Table channels grant the bot only what it holds in the server."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.client import Parlour
from bot.play import channels
from bot.runtime import permissions
from localcord import DEFAULT_BOT_PERMISSIONS, LocalDiscord, Overwrite
from localcord.model import SEND_MESSAGES, VIEW_CHANNEL, Guild, User
from tests.discord_spec import local_discord

from ..parlour_harness import channel_named, live_table, running, take_turn

P = discord.Permissions
ATTACH_FILES = P(attach_files=True).value
EMBED_LINKS = P(embed_links=True).value
THREADS = P(create_public_threads=True, create_private_threads=True).value
ALL_TABLES = ("lobby", "playing", "finished", "cancelled")
# As discord.py words a refusal: "403 Forbidden (error code: 50013): Missing Permissions".
RAW = ("Missing Permissions", "Missing Access", "error code", "Forbidden", "50013")


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as server:
        yield server
    server.assert_clean()


def club(standin: LocalDiscord, *, lacking: int = 0, people: int = 3) -> tuple[Guild, list[User]]:
    """A guild whose bot lacks ``lacking`` in the server: not in its role, nor in @everyone's (which
    grants every member the usual text permissions)."""
    permissions_ = P(DEFAULT_BOT_PERMISSIONS.value & ~lacking)
    guild = standin.add_guild("Card club", bot_permissions=permissions_)
    guild.everyone.permissions &= ~lacking
    users = [standin.add_user(name) for name in ("alice", "bob", "carol")[:people]]
    guild.add_member(users[0], manager=True)
    for user in users[1:]:
        guild.add_member(user)
    return guild, users


def no_raw_errors(standin: LocalDiscord) -> None:
    """Nothing any member can read (ephemeral answers included) holds Discord's own error text."""
    for message in standin.world.messages.values():
        assert not any(raw in message.content for raw in RAW), message.content


def refused_calls(standin: LocalDiscord) -> list[str]:
    return [str(c) for c in standin.calls if c.status == 403]


async def test_play_where_the_bot_cannot_post_opens_no_lobby(standin: LocalDiscord, tmp_path: Path) -> None:
    guild, (alice, _bob, _carol) = club(standin)
    quiet = guild.add_text_channel("quiet", overwrites=[Overwrite.for_member(standin.bot_user, deny=SEND_MESSAGES)])
    hidden = guild.add_text_channel("hidden", overwrites=[Overwrite.for_member(standin.bot_user, deny=VIEW_CHANNEL)])
    async with running(standin, tmp_path) as bot:
        refused = await standin.slash(alice, quiet, "play", "fosco")
        assert refused.ephemeral and refused.content == (
            f"I can't post in <#{quiet.id}>: I need **Send Messages** there. A server manager can give it to me "
            "in the channel's settings (Edit Channel → Permissions).")
        unseen = await standin.slash(alice, hidden, "play", "fosco")
        assert unseen.ephemeral and unseen.content == (
            f"I can't post in <#{hidden.id}>: I need **View Channel** and **Send Messages** there. A server "
            "manager can give them to me in the channel's settings (Edit Channel → Permissions).")
        store = await bot.stores.guild(guild.id)
        assert await store.tables_with_status(*ALL_TABLES) == []
        assert not quiet.messages and not hidden.messages

        guild.set_overwrite(quiet, Overwrite.for_member(standin.bot_user, allow=SEND_MESSAGES))  # a manager fixes it
        await standin.wait_for(lambda: granted(bot, guild, quiet.id), 5, "the bot to see the new overwrite")
        lobby = await standin.slash(alice, quiet, "play", "fosco")
        assert lobby.message is not None and not lobby.ephemeral and "alice" in str(lobby.message.embeds)
        assert [t.status for t in await store.tables_with_status(*ALL_TABLES)] == ["lobby"]
    assert not refused_calls(standin)
    no_raw_errors(standin)


def granted(bot: Parlour, guild: Guild, channel_id: int) -> bool:
    cached = bot.get_guild(guild.id)
    channel = bot.get_channel(channel_id)
    assert cached is not None and cached.me is not None and isinstance(channel, discord.TextChannel)
    return channel.permissions_for(cached.me).send_messages


async def test_without_attach_files_the_table_waits_for_it(standin: LocalDiscord, tmp_path: Path) -> None:
    """The publisher has no text-only table: without Attach Files the host is told, the lobby stays
    open, and Start works once the permission is given."""
    guild, (alice, bob, _carol) = club(standin, lacking=ATTACH_FILES)
    games = guild.add_text_channel("games")
    async with running(standin, tmp_path) as bot:
        lobby = await standin.slash(alice, games, "play", "fosco", options={"deals": 1})
        assert lobby.message is not None and "alice" in str(lobby.message.embeds)  # an answer may always embed
        await standin.click(bob, lobby.message, label="Join")
        start = await standin.click(alice, lobby.message, label="Start")
        assert start.ephemeral and start.content == (
            "I can't start this table: I need **Attach Files** in this server to show it in a channel of its own, "
            "since the table is a picture. A server manager can give it to my role in Server Settings → Roles; "
            "then press **Start** again.")
        assert not standin.calls_to("create_guild_channel")
        store = await bot.stores.guild(guild.id)
        assert [t.status for t in await store.tables_with_status(*ALL_TABLES)] == ["lobby"]
        assert not lobby.message.component(label="Start").disabled

        role = standin.bot_role(guild)
        guild.set_role_permissions(role, role.permissions | ATTACH_FILES)
        await standin.wait_for(lambda: me(bot, guild).guild_permissions.attach_files, 5, "the bot to see its role")
        await standin.click(alice, lobby.message, label="Start")
        live = await live_table(standin, bot)
        table = channel_named(guild, "fosco-1")
        assert table is not None and not live.row.is_thread
        assert [c.status for c in standin.calls_to("create_guild_channel")] == [201, 201]  # the category, the table
    assert not refused_calls(standin)
    no_raw_errors(standin)


def me(bot: Parlour, guild: Guild) -> discord.Member:
    cached = bot.get_guild(guild.id)
    assert cached is not None and cached.me is not None
    return cached.me


async def test_without_embed_links_the_table_channel_grants_only_what_the_bot_holds(
        standin: LocalDiscord, tmp_path: Path) -> None:
    guild, (alice, bob, _carol) = club(standin, lacking=EMBED_LINKS)
    games = guild.add_text_channel("games")
    async with running(standin, tmp_path) as bot:
        lobby = await standin.slash(alice, games, "play", "fosco", options={"deals": 1})
        assert lobby.message is not None and "alice" in str(lobby.message.embeds)
        await standin.click(bob, lobby.message, label="Join")
        start = await standin.click(alice, lobby.message, label="Start")
        live = await live_table(standin, bot)
        table = channel_named(guild, "fosco-1")
        assert table is not None and table.type == 0
        mine = next(o for o in table.overwrites if o.id == standin.bot_user.id)
        assert mine.allow == P(view_channel=True, send_messages=True, attach_files=True,
                               read_message_history=True).value
        assert any(m.attachments for m in table.messages)  # the table's picture
        await take_turn(standin, bot, live, alice)
        assert "Started" in str(lobby.message.embeds) and not [f for f in start.followups if f.ephemeral]
    assert [c.status for c in standin.calls_to("create_guild_channel")] == [201, 201]
    assert not refused_calls(standin)
    no_raw_errors(standin)


async def test_private_tables_without_manage_channels_are_private_threads(standin: LocalDiscord,
                                                                          tmp_path: Path) -> None:
    guild, (alice, bob, carol) = club(standin, lacking=P(manage_channels=True).value)
    games = guild.add_text_channel("games")
    async with running(standin, tmp_path) as bot:
        await standin.slash(alice, games, "parlour", "settings", options={"private_tables": True})
        lobby = await standin.slash(alice, games, "play", "fosco", options={"deals": 1})
        assert lobby.message is not None
        await standin.click(bob, lobby.message, label="Join")
        start = await standin.click(alice, lobby.message, label="Start")
        live = await live_table(standin, bot)
        thread = channel_named(guild, "fosco-1")
        assert live.row.is_thread and thread is not None and thread.type == 12 and thread.parent_id == games.id
        assert {alice.id, bob.id} <= thread.thread_members
        assert guild.can_view(bob.id, thread) and not guild.can_view(carol.id, thread)
        await standin.wait_for(lambda: [f.content for f in start.followups] == [channels.PRIVATE_THREAD_NOTE], 5,
                               "the host told why")
        assert all(f.ephemeral for f in start.followups)
        await take_turn(standin, bot, live, alice)
        assert [c.body.get("type") for c in standin.calls_to("create_thread")] == [12]
    assert not refused_calls(standin)
    no_raw_errors(standin)


async def test_private_tables_without_private_threads_do_not_start(standin: LocalDiscord, tmp_path: Path) -> None:
    """No Manage Channels, no Create Private Threads: one sentence, no public thread instead, and the
    lobby stays open (here the manager makes tables public, and Start opens a public thread)."""
    guild, (alice, bob, _carol) = club(standin, lacking=P(manage_channels=True, create_private_threads=True).value)
    games = guild.add_text_channel("games")
    async with running(standin, tmp_path) as bot:
        await standin.slash(alice, games, "parlour", "settings", options={"private_tables": True})
        lobby = await standin.slash(alice, games, "play", "fosco", options={"deals": 1})
        assert lobby.message is not None
        await standin.click(bob, lobby.message, label="Join")
        start = await standin.click(alice, lobby.message, label="Start")
        assert start.ephemeral and start.content == (
            "I can't start this table: I need **Manage Channels** to give it a channel of its own, or **Create "
            f"Private Threads** in <#{games.id}> to play it in a private thread (tables here are private, so not "
            "in a public one). A server manager can grant these in Server Settings → Roles, or for "
            f"<#{games.id}> alone in Edit Channel → Permissions; then press **Start** again.")
        assert not standin.calls_to("create_thread") and not standin.calls_to("create_guild_channel")
        store = await bot.stores.guild(guild.id)
        assert [t.status for t in await store.tables_with_status(*ALL_TABLES)] == ["lobby"]

        await standin.slash(alice, games, "parlour", "settings", options={"private_tables": False})
        await standin.click(alice, lobby.message, label="Start")
        live = await live_table(standin, bot)
        thread = channel_named(guild, "fosco-1")
        assert live.row.is_thread and thread is not None and thread.type == 11
    assert not refused_calls(standin)
    no_raw_errors(standin)


async def test_without_any_thread_permission_a_public_table_does_not_start(standin: LocalDiscord,
                                                                           tmp_path: Path) -> None:
    guild, (alice, bob, _carol) = club(standin, lacking=P(manage_channels=True).value | THREADS)
    games = guild.add_text_channel("games")
    async with running(standin, tmp_path) as bot:
        lobby = await standin.slash(alice, games, "play", "fosco", options={"deals": 1})
        assert lobby.message is not None
        await standin.click(bob, lobby.message, label="Join")
        start = await standin.click(alice, lobby.message, label="Start")
        expected = permissions.thread_problem(P(DEFAULT_BOT_PERMISSIONS.value & ~THREADS), f"<#{games.id}>",
                                              private=False)
        assert expected is not None and "**Create Public Threads**" in expected
        assert start.ephemeral and start.content == expected
        store = await bot.stores.guild(guild.id)
        assert [t.status for t in await store.tables_with_status(*ALL_TABLES)] == ["lobby"]
        assert not standin.calls_to("create_thread")
    no_raw_errors(standin)


async def test_the_standin_refuses_grants_the_bot_lacks_and_drops_embeds(standin: LocalDiscord,
                                                                         tmp_path: Path) -> None:
    """What Discord does, which the bot must live with: an overwrite may not grant what the bot does
    not hold (50013), and without Embed Links the bot's message is posted with its embeds dropped."""
    guild, _users = club(standin, lacking=ATTACH_FILES | EMBED_LINKS)
    games = guild.add_text_channel("games")
    async with running(standin, tmp_path) as bot:
        cached = bot.get_guild(guild.id)
        assert cached is not None and cached.me is not None
        with pytest.raises(discord.Forbidden) as refused:
            await cached.create_text_channel("greedy", overwrites={
                cached.me: discord.PermissionOverwrite(view_channel=True, attach_files=True)})
        assert refused.value.code == 50013 and channel_named(guild, "greedy") is None
        sent = await bot.get_partial_messageable(games.id).send("hello", embed=discord.Embed(title="a lobby"))
        assert sent.embeds == [] and games.messages[-1].embeds == []
        with pytest.raises(discord.Forbidden):
            await bot.get_partial_messageable(games.id).send(file=discord.File(__file__))


async def test_what_goes_wrong_after_the_checks_is_told_in_words(standin: LocalDiscord, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Were the checks before Start wrong, the table is cancelled and the host still gets words, not
    Discord's error: once a channel is open, the bot checks it can post the table there (and removes
    it if not); a refusal from Discord is said plainly."""
    guild, (alice, bob, _carol) = club(standin, lacking=ATTACH_FILES)
    games = guild.add_text_channel("games")
    monkeypatch.setattr(channels, "problem", lambda guild, origin, private: None)
    async with running(standin, tmp_path) as bot:
        lobby = await standin.slash(alice, games, "play", "fosco", options={"deals": 1})
        assert lobby.message is not None
        await standin.click(bob, lobby.message, label="Join")
        start = await standin.click(alice, lobby.message, label="Start")
        await standin.wait_for(lambda: start.followups, 5, "the host to be told")
        table = standin.calls_to("create_guild_channel")[-1].response
        assert [f.content for f in start.followups] == [
            f"I can't post in <#{table['id']}>: I need **Attach Files** there. A server manager can give it to me "
            "in the channel's settings (Edit Channel → Permissions)."]
        assert channel_named(guild, "fosco-1") is None  # removed again
        assert "Not started" in str(lobby.message.embeds) and not lobby.message.components

        monkeypatch.setattr(permissions, "bot_grant", lambda held: discord.PermissionOverwrite(attach_files=True))
        again = await standin.slash(alice, games, "play", "fosco", options={"deals": 1})
        assert again.message is not None
        await standin.click(bob, again.message, label="Join")
        start = await standin.click(alice, again.message, label="Start")
        await standin.wait_for(lambda: start.followups, 5, "the host to be told")
        assert [f.content for f in start.followups] == [
            "Discord refused to open a channel or thread for this table: I'm missing a permission there. A server "
            "manager can check my role in Server Settings → Roles."]
        assert [c.status for c in standin.calls_to("create_guild_channel")][-1] == 403
        store = await bot.stores.guild(guild.id)
        assert [t.status for t in await store.tables_with_status(*ALL_TABLES)] == ["cancelled", "cancelled"]
    no_raw_errors(standin)
