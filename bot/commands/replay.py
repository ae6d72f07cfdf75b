"""/replay: look back at an ended game of this server, move by move, in a viewer only the asker sees
(bot/show/replays/). The table's number is in its channel's name, its result and /history."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext.commands import Cog

from bot.show.replays.replays import Replays


class ReplayCommands(Cog):
    """/replay <table>."""

    def __init__(self, replays: Replays) -> None:
        super().__init__()
        self.replays = replays

    @app_commands.command(name="replay", description="Step through an ended game of this server, move by move")
    @app_commands.guild_only()
    @app_commands.describe(table="The table's number (in its result, its channel's name and /history)",
                           move="Start at this move (0: the deal)")
    async def replay(self, interaction: discord.Interaction[Any], table: app_commands.Range[int, 1, 2**31],
                     move: app_commands.Range[int, 0, 100_000] = 0) -> None:
        await self.replays.open(interaction, table, move)
