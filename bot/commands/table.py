"""/table status, hand, resign and end, and /talk: what a member asks of the table in the channel
they type in."""

from __future__ import annotations

import io
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext.commands import Cog

from bot.commands.lobby import Lobbies
from bot.commands.router import Router
from bot.play.partners_talk import Talk
from bot.play.refusals import Refusal
from bot.play.tables import Live, Tables
from bot.play.timers import Turns
from bot.runtime.permissions import manages_tables
from bot.runtime.workers import Workers
from bot.show.display import table_content
from bot.show.publisher import Publisher
from bot.store import Stores
from renderers.describe import describe_table


class TableHost(Protocol):
    """What the table's commands ask of the client."""

    @property
    def lobbies(self) -> Lobbies: ...

    @property
    def publisher(self) -> Publisher: ...

    @property
    def router(self) -> Router: ...

    @property
    def stores(self) -> Stores: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def talk(self) -> Talk: ...

    @property
    def turns(self) -> Turns: ...

    @property
    def workers(self) -> Workers: ...


async def table_here(bot: TableHost, interaction: discord.Interaction[Any]) -> Live:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refusal("Use this in a table's channel.")
    store = await bot.stores.guild(interaction.guild_id)
    row = await store.table_in_channel(interaction.channel_id)
    if row is None or row.status != "playing":
        raise Refusal("There is no game being played in this channel.")
    live = await bot.tables.get(interaction.guild_id, row.id)
    if live is None:
        raise Refusal("There is no game being played in this channel.")
    return live


class TableCommands(Cog):
    """The family of commands about the table in this channel."""

    table = app_commands.Group(name="table", description="The table in this channel", guild_only=True)

    def __init__(self, bot: TableHost) -> None:
        self.bot = bot

    @table.command(description="Show this table's picture and whose turn it is")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        live = await table_here(self.bot, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)  # the picture is drawn by a worker
        seen = live.view(live.seat_of(interaction.user.id))
        png = await self.bot.workers.table(live.row.game, seen)
        await interaction.followup.send(table_content(live), ephemeral=True, file=discord.File(
            io.BytesIO(png), "table.png", description=describe_table(live.row.game, seen)))

    @table.command(description="Show your hand and your moves here, just for you")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        live = await table_here(self.bot, interaction)
        await self.bot.router.hand(interaction, live.guild_id, live.table_id)

    @table.command(description="Give up your seat: the computer plays it and you take the loss")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        live = await table_here(self.bot, interaction)
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("You are not playing at this table.")
        await self.bot.tables.resign(live, seat, interaction.user.id)
        await interaction.response.send_message(
            f"{interaction.user.display_name} resigned; the computer takes over their seat.")
        self.bot.publisher.refresh(live)  # the seat's new name, and no hand controls for it
        self.bot.turns.schedule(live)
        await self.bot.talk.resigned(live, seat, interaction.user.id)

    @table.command(description="Stop this table without a result (host or managers)")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        live = await table_here(self.bot, interaction)
        if interaction.user.id != live.row.host_id and not manages_tables(interaction):
            raise Refusal("Only the host or a server manager can end a table.")
        await self.bot.tables.end(live)
        await interaction.response.send_message(
            f"{interaction.user.display_name} ended this table. No result is recorded.")
        await self.bot.publisher.ended(live, interaction.user.display_name)
        await self.bot.lobbies.show_over(live.guild_id, live.row, f"Ended by {interaction.user.display_name}: "
                                         "no result was recorded.")
        await self.bot.talk.close(live.guild_id, live.table_id, live)
        await self.bot.publisher.schedule_cleanup(live)

    @app_commands.command(name="talk", description="Pass a message to your partner, in games where partners may talk")
    @app_commands.describe(text="What to tell your partner (only they will see it)")
    @app_commands.guild_only()
    async def talk(self, interaction: discord.Interaction[Any], text: app_commands.Range[str, 1, 1500]) -> None:
        live = await table_here(self.bot, interaction)
        await self.bot.talk.relay(interaction, live, text)
