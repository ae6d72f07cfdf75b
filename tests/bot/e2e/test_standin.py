"""The Discord stand-in, exercised by a tiny discord.py bot written here: login, sharding, command sync,
slash commands, buttons and selects (DynamicItem), channels, threads, DMs, attachments, validation."""

from __future__ import annotations

import asyncio
import struct
import time
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from localcord import Channel, Guild, LocalDiscord, User, gateway
from localcord.openapi import load
from tests.discord_spec import SPEC as SPEC_PATH
from tests.discord_spec import local_discord

SPEC, NO_SPEC = load(SPEC_PATH)
needs_spec = pytest.mark.skipif(SPEC is None, reason=NO_SPEC or "")


def png(width: int = 3, height: int = 2) -> bytes:
    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    rows = b"".join(b"\x00" + b"\xc0\x20\x20" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


# --- the bot under test ---------------------------------------------------------------------------------
class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"join:(?P<table>\d+):(?P<version>\d+)"):
    def __init__(self, table: int, version: int) -> None:
        super().__init__(discord.ui.Button(label="Join", style=discord.ButtonStyle.primary,
                                           custom_id=f"join:{table}:{version}"))
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> JoinButton:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None).add_item(JoinButton(self.table, self.version + 1))
        view.add_item(SeatSelect(self.table))
        await interaction.response.edit_message(content=f"{interaction.user.name} joined", view=view)
        await interaction.followup.send(f"Welcome to table {self.table}", ephemeral=True)


class SeatSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"seat:(?P<table>\d+)"):
    def __init__(self, table: int) -> None:
        options = [discord.SelectOption(label=f"Seat {i}", value=str(i)) for i in range(1, 5)]
        super().__init__(discord.ui.Select(custom_id=f"seat:{table}", options=options, placeholder="Seat"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> SeatSelect:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"seat {self.item.values[0]}", ephemeral=True)


class CardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"card:(?P<card>\w+)"):
    def __init__(self, card: str) -> None:
        super().__init__(discord.ui.Button(label=card, custom_id=f"card:{card}"))
        self.card = card

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> CardButton:
        return cls(match["card"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"you played {self.card}", view=None)


class CardBot(commands.AutoShardedBot):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        pass  # discord.py waits 5 s before each IDENTIFY but the first (Discord's identify rate limit)


def make_bot(dev_guild: int | None = None, **options: Any) -> commands.AutoShardedBot:
    intents = discord.Intents.default()
    intents.members = True
    bot = CardBot(command_prefix=commands.when_mentioned, intents=intents, guild_ready_timeout=0.05, **options)
    bot.add_dynamic_items(JoinButton, SeatSelect, CardButton)
    tree = bot.tree

    @tree.command(description="Open a lobby")
    @app_commands.choices(game=[app_commands.Choice(name="Fosco", value="fosco"),
                                app_commands.Choice(name="Dracula", value="dracula")])
    async def play(interaction: discord.Interaction, game: str, seats: app_commands.Range[int, 2, 6] = 4,
                   ranked: bool = False, rival: discord.Member | None = None) -> None:
        view = discord.ui.View(timeout=None).add_item(JoinButton(7, 1)).add_item(SeatSelect(7))
        embed = discord.Embed(title=f"{game} lobby", description=f"{seats} seats, ranked={ranked}")
        embed.set_image(url="attachment://table.png")
        if rival is not None:
            embed.add_field(name="rival", value=rival.display_name)
        await interaction.response.send_message(embed=embed, view=view, file=discord.File(_io(png()), "table.png"))

    @tree.command(description="Rules of a game")
    async def rules(interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(f"rules of {game}", ephemeral=True)

    @rules.autocomplete("game")
    async def rules_game(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g.title(), value=g) for g in ("fosco", "dracula") if g.startswith(current)]

    table = app_commands.Group(name="table", description="Your table")

    @table.command(description="Status")
    async def status(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("no table yet", ephemeral=True)

    tree.add_command(table)

    parlour = app_commands.Group(name="parlour", description="Admin", guild_only=True,
                                 default_permissions=discord.Permissions(manage_guild=True))
    settings = app_commands.Group(name="settings", description="Settings", parent=parlour)

    @settings.command(name="set", description="Set a value")
    async def set_(interaction: discord.Interaction, key: str, value: int) -> None:
        await interaction.response.send_message(f"{key}={value}", ephemeral=True)

    tree.add_command(parlour, guild=discord.Object(dev_guild) if dev_guild else None)

    @tree.command(description="Open a table channel")
    async def open(interaction: discord.Interaction, name: str) -> None:
        guild, user = interaction.guild, interaction.user
        assert guild is not None and isinstance(interaction.channel, discord.TextChannel)
        overwrites: dict[Any, discord.PermissionOverwrite] = {
            guild.default_role: discord.PermissionOverwrite(send_messages=False),
            guild.me: discord.PermissionOverwrite(view_channel=True, send_messages=True),
            user: discord.PermissionOverwrite(send_messages=True),
        }
        try:
            category = discord.utils.get(guild.categories, name="Parlour") or await guild.create_category("Parlour")
            channel = await guild.create_text_channel(name, category=category, overwrites=overwrites)
        except discord.Forbidden:
            thread = await interaction.channel.create_thread(name=name, type=discord.ChannelType.public_thread)
            await thread.add_user(user)
            await interaction.response.send_message(f"No Manage Channels: opened {thread.mention}")
            return
        await interaction.response.send_message(f"Opened {channel.mention}")

    @tree.command(description="Your hand, by DM")
    async def hand(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None).add_item(CardButton("7c")).add_item(CardButton("Ah"))
        try:
            await interaction.user.send("your hand", view=view, file=discord.File(_io(png(2, 2)), "hand.png"))
        except discord.Forbidden as e:
            await interaction.response.send_message(f"I cannot DM you ({e.code})", ephemeral=True)
            return
        await interaction.response.send_message("sent you a DM", ephemeral=True)

    @tree.command(description="Redraw the last table image")
    async def redraw(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        async for message in interaction.channel.history(limit=10):
            if message.author == bot.user and message.attachments:
                await message.edit(attachments=[discord.File(_io(png(4, 4)), "table-v2.png")])
                break
        await interaction.followup.send("redrawn")

    @tree.command(description="Too slow")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.3)
        await interaction.response.send_message("late")

    return bot


def _io(data: bytes) -> Any:
    import io

    return io.BytesIO(data)


# --- fixtures -------------------------------------------------------------------------------------------
@dataclass
class Club:
    standin: LocalDiscord
    guild: Guild
    alice: User  # a manager
    bob: User  # DMs closed
    lobby: Channel


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as s:
        yield s
    assert not s.response_problems, "the stand-in's replies differ from Discord's description"


def club(standin: LocalDiscord, **guild_options: Any) -> Club:
    guild = standin.add_guild("Club", **guild_options)
    alice, bob = standin.add_user("alice"), standin.add_user("bob", dm_closed=True)
    guild.add_member(alice, manager=True)
    guild.add_member(bob)
    return Club(standin, guild, alice, bob, guild.add_text_channel("lobby"))


async def synced(standin: LocalDiscord, bot: commands.AutoShardedBot, guild: Guild) -> None:
    await bot.tree.sync()
    await bot.tree.sync(guild=discord.Object(guild.id))


# --- tests ----------------------------------------------------------------------------------------------
async def test_login_ready_member_chunks_and_command_sync(standin: LocalDiscord) -> None:
    c = club(standin)
    bot = make_bot(dev_guild=c.guild.id)
    async with standin.running(bot):
        assert bot.user is not None and bot.user.id == standin.bot_user.id
        guild = bot.get_guild(c.guild.id)
        assert guild is not None and guild.name == "Club" and guild.chunked
        assert {m.name for m in guild.members} == {"Parlour", "Club owner", "alice", "bob"}  # via op 8
        assert guild.me.guild_permissions.manage_channels
        await synced(standin, bot, c.guild)
        carol = standin.add_user("carol")
        c.guild.add_member(carol)  # GUILD_MEMBER_ADD
        await standin.wait_for(lambda: guild.get_member(carol.id))
        late = standin.add_guild("Late")  # the bot joins a guild: GUILD_CREATE
        await standin.wait_for(lambda: bot.get_guild(late.id))
    names = {(cmd["name"], cmd.get("guild_id")) for cmd in standin.commands}
    assert {("play", None), ("table", None), ("parlour", str(c.guild.id))} <= names
    play = standin.command("play")
    assert [o["name"] for o in play["options"]] == ["game", "seats", "ranked", "rival"]
    login = ["get_my_user", "get_my_oauth2_application", "get_bot_gateway"]
    assert [call.operation_id for call in standin.calls][:3] == login
    standin.assert_clean()
    assert not standin.response_problems


async def test_slash_commands_ephemeral_groups_and_permissions(standin: LocalDiscord) -> None:
    c = club(standin)
    async with standin.running(make_bot(dev_guild=c.guild.id)) as bot:
        await synced(standin, bot, c.guild)
        status = await standin.slash(c.bob, c.lobby, "table", "status")
        assert status.ephemeral and status.content == "no table yet" and status.response_type == 4
        assert c.lobby.messages == []  # ephemeral: only in the interaction record
        setting = await standin.slash(c.alice, c.lobby, "parlour settings set", options={"key": "timeout", "value": 90})
        assert setting.content == "timeout=90"
        with pytest.raises(PermissionError):  # bob lacks Manage Server: Discord hides the command
            await standin.slash(c.bob, c.lobby, "parlour", "settings", "set", options={"key": "x", "value": 1})
        with pytest.raises(ValueError):
            await standin.slash(c.alice, c.lobby, "play", options={"game": "chess"})
        choices = await standin.autocomplete(c.alice, c.lobby, "rules", options={"game": "dr"}, focused="game")
        assert choices == [{"name": "Dracula", "value": "dracula"}]
    standin.assert_clean()


async def test_play_posts_embed_button_select_and_png_then_click_edits_and_follows_up(standin: LocalDiscord) -> None:
    c = club(standin)
    async with standin.running(make_bot()) as bot:
        await bot.tree.sync()
        lobby = await standin.slash(c.alice, c.lobby, "play", options={"game": "fosco", "seats": 3, "ranked": True,
                                                                      "rival": c.bob})
        (message,) = c.lobby.messages
        assert lobby.message is message and not lobby.ephemeral
        assert message.embeds[0]["title"] == "fosco lobby" and message.embeds[0]["fields"][0]["value"] == "bob"
        assert message.embeds[0]["image"]["url"] == message.attachments[0].url  # attachment:// resolved
        assert [(x.type, x.custom_id) for x in message.components] == [(2, "join:7:1"), (3, "seat:7")]
        assert message.attachments[0].filename == "table.png" and message.attachments[0].data == png()

        click = await standin.click(c.bob, message, label="Join")
        assert click.response_type == 7 and click.message is message
        assert message.content == "bob joined" and message.component(label="Join").custom_id == "join:7:2"
        followup = await standin.wait_for(lambda: click.followups)
        assert followup[0].ephemeral and followup[0].content == "Welcome to table 7"
        assert c.lobby.messages == [message]

        seat = await standin.select(c.bob, message, "seat:7", ["3"])
        assert seat.ephemeral and seat.content == "seat 3"
        with pytest.raises(ValueError):
            await standin.select(c.bob, message, "seat:7", ["9"])
    standin.assert_clean()
    assert not standin.response_problems


async def test_deferred_command_edits_a_message_with_a_new_attachment(standin: LocalDiscord) -> None:
    c = club(standin)
    async with standin.running(make_bot()) as bot:
        await bot.tree.sync()
        await standin.slash(c.alice, c.lobby, "play", options={"game": "dracula"})
        table = c.lobby.messages[0]
        redraw = await standin.slash(c.alice, c.lobby, "redraw")
        assert redraw.response_type == 5
        await standin.wait_for(lambda: redraw.content == "redrawn")
        assert [a.filename for a in table.attachments] == ["table-v2.png"] and table.attachments[0].data == png(4, 4)
        assert table.edited_timestamp is not None
        assert [m.content for m in c.lobby.messages] == ["", "redrawn"]  # the follow-up filled the deferred reply
    assert [call.files[0][0] for call in standin.calls_to("update_message")] == ["table-v2.png"]
    standin.assert_clean()


async def test_channel_with_overwrites_under_a_category(standin: LocalDiscord) -> None:
    c = club(standin)
    async with standin.running(make_bot()) as bot:
        await bot.tree.sync()
        reply = await standin.slash(c.alice, c.lobby, "open", options={"name": "Fosco Table"})
        channel = c.guild.channel("fosco-table")
        assert reply.content == f"Opened <#{channel.id}>"
        assert channel.parent is c.guild.channel("Parlour") and channel.parent.type == 4
        by_id = {o.id: o for o in channel.overwrites}
        send = discord.Permissions(send_messages=True).value
        assert by_id[c.guild.id].deny == send and by_id[c.alice.id].allow == send
        assert not c.guild.permissions_for(c.bob.id, channel) & send
        assert c.guild.permissions_for(c.alice.id, channel) & send
        cached = bot.get_channel(channel.id)  # CHANNEL_CREATE reached the cache
        assert isinstance(cached, discord.TextChannel) and cached.category is not None
        await cached.edit(name="renamed", topic="Fosco, 3 players")
        assert channel.name == "renamed" and channel.topic == "Fosco, 3 players"
        await cached.delete()
        assert channel.deleted and channel.id not in c.guild.channels
        await standin.wait_for(lambda: bot.get_channel(channel.id) is None)  # CHANNEL_DELETE
    assert [call.status for call in standin.calls_to("create_guild_channel")] == [201, 201]
    assert [call.status for call in standin.calls_to("update_channel")] == [200]
    assert [call.status for call in standin.calls_to("delete_channel")] == [200]
    standin.assert_clean()


async def test_without_manage_channels_a_thread_is_opened_instead(standin: LocalDiscord) -> None:
    perms = discord.Permissions(view_channel=True, send_messages=True, create_public_threads=True,
                                send_messages_in_threads=True, attach_files=True, embed_links=True)
    c = club(standin, bot_permissions=perms)
    async with standin.running(make_bot()) as bot:
        await bot.tree.sync()
        reply = await standin.slash(c.alice, c.lobby, "open", options={"name": "table"})
        (thread,) = [ch for ch in c.guild.channels.values() if ch.is_thread]
        assert reply.content == f"No Manage Channels: opened <#{thread.id}>"
        assert thread.type == 11 and thread.parent is c.lobby and c.alice.id in thread.thread_members
        assert bot.get_channel(thread.id) is not None  # THREAD_CREATE
    (denied,) = standin.calls_to("create_guild_channel")
    assert denied.status == 403 and denied.response == {"code": 50013, "message": "Missing Permissions"}
    standin.assert_clean()


async def test_dm_with_button_and_closed_dms(standin: LocalDiscord) -> None:
    c = club(standin)
    async with standin.running(make_bot()) as bot:
        await bot.tree.sync()
        sent = await standin.slash(c.alice, c.lobby, "hand")
        assert sent.ephemeral and sent.content == "sent you a DM"
        (dm,) = standin.dm_messages(c.alice)
        assert dm.content == "your hand" and dm.attachments[0].data == png(2, 2)
        assert await bot.http.get_from_cdn(dm.attachments[0].url) == png(2, 2)  # what Attachment.read() does
        played = await standin.click(c.alice, dm, "card:Ah")
        assert played.payload.get("guild_id") is None and played.payload["user"]["id"] == str(c.alice.id)
        assert dm.content == "you played Ah" and dm.components == []

        refused = await standin.slash(c.bob, c.lobby, "hand")
        assert refused.content == "I cannot DM you (50007)" and standin.dm_messages(c.bob) == []
    assert [call.status for call in standin.calls_to("create_message")] == [200, 403]
    standin.assert_clean()


async def test_two_shards_each_receive_their_own_guilds(standin: LocalDiscord) -> None:
    standin.shards = 2
    first, second = standin.add_guild("Zero", shard=(0, 2)), standin.add_guild("One", shard=(1, 2))
    alice = standin.add_user("alice")
    second.add_member(alice)
    lobby = second.add_text_channel("lobby")
    async with standin.running(make_bot()) as bot:
        assert bot.shard_count == 2
        assert sorted(tuple(i["shard"]) for i in standin.identifies) == [(0, 2), (1, 2)]
        assert {g.name: g.shard_id for g in bot.guilds} == {"Zero": 0, "One": 1}
        assert first.shard_id(2) == 0
        await bot.tree.sync()
        status = await standin.slash(alice, lobby, "table", "status")  # through shard 1's connection
        assert status.content == "no table yet"
    standin.assert_clean()


async def test_plain_client_with_a_command_tree(standin: LocalDiscord) -> None:
    c = club(standin)
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    tree = app_commands.CommandTree(client)

    @tree.command(description="Ping")
    async def ping(interaction: discord.Interaction, loud: bool = False) -> None:
        await interaction.response.send_message("PONG" if loud else "pong")

    async with standin.running(client):
        tree.copy_global_to(guild=discord.Object(c.guild.id))
        await tree.sync(guild=discord.Object(c.guild.id))
        assert standin.command("ping", c.guild)["guild_id"] == str(c.guild.id)
        assert (await standin.slash(c.bob, c.lobby, "ping", options={"loud": True})).content == "PONG"
    assert "shard" not in standin.identifies[0] and not standin.calls_to("get_bot_gateway")
    standin.assert_clean()


async def test_gateway_resume_after_a_dropped_connection(standin: LocalDiscord) -> None:
    c = club(standin)
    async with standin.running(make_bot()) as bot:
        await bot.tree.sync()
        await standin.drop_gateway()
        await standin.wait_for(lambda: any(f.get("op") == 6 for f in standin.gateway.received), what="a RESUME")
        status = await standin.slash(c.alice, c.lobby, "table", "status")
        assert status.content == "no table yet" and len(standin.identifies) == 1
    standin.assert_clean()


async def test_heartbeats_are_acknowledged_as_discord_does(standin: LocalDiscord,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    """Issue 37: every run logged discord.py's "Can't keep up, shard ID 0 websocket is 41.3s behind"."""
    club(standin)
    standin.gateway.heartbeat_interval_ms = 400  # Discord's 41.25 s, made quick
    async with standin.running(make_bot()) as bot:
        beats = lambda: [f for f in standin.gateway.received if f.get("op") == 1]  # noqa: E731
        await standin.wait_for(lambda: len(beats()) >= 4, 5, "four heartbeats")
        # measured from the heartbeat just sent: measured from the one before (the old fault) it is
        # the whole interval and more, which no slowness of the machine brings it under
        assert 0 < bot.latency < standin.gateway.heartbeat_interval_ms / 1000, bot.latency
    behind = [r.getMessage() for r in caplog.records if "behind" in r.getMessage() or "blocked" in r.getMessage()]
    assert behind == []
    # The race above is lost only now and then: the acknowledgement's timing itself, from a bare client.
    async with aiohttp.ClientSession() as session, session.ws_connect(standin.gateway_url) as ws:
        hello = await ws.receive_json(timeout=5)
        assert hello["op"] == 10
        sent = time.perf_counter()
        await ws.send_json({"op": 1, "d": None})
        ack = await ws.receive_json(timeout=5)
        assert ack["op"] == 11 and time.perf_counter() - sent >= gateway.ACK_DELAY


async def test_rate_limited_request_is_retried(standin: LocalDiscord) -> None:
    c = club(standin)
    standin.rate_limit("create_message", retry_after=0.01)
    async with standin.running(make_bot()) as bot:
        channel = bot.get_channel(c.lobby.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("hello")
    assert [call.status for call in standin.calls_to("create_message")] == [429, 200]
    assert [m.content for m in c.lobby.messages] == ["hello"]
    standin.assert_clean()


async def test_interaction_answered_after_the_deadline_fails() -> None:
    async with local_discord(interaction_deadline=0.1) as standin:
        c = club(standin)
        async with standin.running(make_bot()) as bot:
            await bot.tree.sync()
            rec = await standin.slash(c.alice, c.lobby, "slow", wait=False)
            with pytest.raises(AssertionError):
                await rec.wait_response(timeout=0.1)
            await standin.wait_for(lambda: standin.calls_to("create_interaction_response"))
        assert "deadline" in str(standin.violations[0])
        assert c.lobby.messages == []


@needs_spec
async def test_openapi_validation_catches_invalid_requests(standin: LocalDiscord) -> None:
    c = club(standin)
    async with standin.running(make_bot()) as bot:
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=c.lobby.id)
        with pytest.raises(discord.HTTPException) as bad:
            await bot.http.request(route, json={"content": 42, "embeds": [{"title": ["no"]}]})
        assert bad.value.status == 400 and bad.value.code == 50035
        with pytest.raises(discord.NotFound):
            await bot.http.request(discord.http.Route("GET", "/nowhere/{x}", x=1))
        with pytest.raises(discord.HTTPException):
            await bot.http.request(discord.http.Route("POST", "/users/@me/channels"), json={"recipient_id": "me"})
    problems = [str(v) for v in standin.violations]
    assert any("body.content" in p for p in problems) and any("body.embeds[0].title" in p for p in problems)
    assert any("GET /nowhere/1" in p and "no such path" in p for p in problems)
    assert any("body.recipient_id" in p for p in problems)
    assert c.lobby.messages == []
    with pytest.raises(AssertionError, match="REST violations"):
        standin.assert_clean()
