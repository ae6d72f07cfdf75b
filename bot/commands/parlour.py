"""/parlour settings and /parlour rebuild-ratings: what a server's managers ask of Parlour."""

from __future__ import annotations

from typing import Any, Literal, Optional

import discord
from discord import app_commands
from discord.ext.commands import Cog

from bot.commands.settings import SETTINGS
from bot.play.answers import tell
from bot.play.places import place_older_results
from bot.runtime.permissions import manages_server
from bot.store import Stores


class ParlourCommands(Cog):
    """The family of managers' commands (Discord shows them only to members who can manage the server)."""

    parlour = app_commands.Group(name="parlour", description="Parlour's settings for this server", guild_only=True,
                                 default_permissions=discord.Permissions(manage_guild=True))

    def __init__(self, stores: Stores) -> None:
        self.stores = stores

    @parlour.command(description="Show or change Parlour's settings for this server (managers)")
    @app_commands.describe(**{key: s.help[:100] for key, s in SETTINGS.items()})
    async def settings(self, interaction: discord.Interaction[Any],
                       turn_timeout: Optional[app_commands.Range[int, 1, 1440]] = None,  # noqa: UP045
                       private_tables: Optional[bool] = None,  # noqa: UP045
                       category: Optional[app_commands.Range[str, 1, 100]] = None,  # noqa: UP045
                       cleanup_delay: Optional[app_commands.Range[int, 0, 10080]] = None,  # noqa: UP045
                       stakes_unit: Optional[Literal["dollars", "cents", "points"]] = None) -> None:  # noqa: UP045
        assert interaction.guild_id is not None
        if not manages_server(interaction):
            await tell(interaction, "Only members who can manage the server can change Parlour's settings.")
            return
        store = await self.stores.guild(interaction.guild_id)
        changes = {"turn_timeout": turn_timeout, "private_tables": private_tables, "category": category,
                   "cleanup_delay": cleanup_delay, "stakes_unit": stakes_unit}
        for key, value in changes.items():
            if value is not None:
                await store.set_setting(key, SETTINGS[key].check(value))
        current = await store.all_settings()
        lines = [f"**{key}**: {current.get(key, s.default)} — {s.help}" for key, s in SETTINGS.items()]
        changed = [k for k, v in changes.items() if v is not None]
        head = f"Updated {', '.join(changed)}." if changed else "Parlour's settings here:"
        await interaction.response.send_message(head + "\n" + "\n".join(lines), ephemeral=True)

    @parlour.command(name="rebuild-ratings",
                     description="Compute every skill rating again from the recorded results (managers)")
    async def rebuild_ratings(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        if not manages_server(interaction):
            await tell(interaction, "Only members who can manage the server can rebuild the ratings.")
            return
        store = await self.stores.guild(interaction.guild_id)
        await place_older_results(store)
        done = await store.rebuild_ratings()
        found = ("every one came out as it was stored." if not done.changed else
                 f"{done.changed} came out different from what was stored and are now replaced.")
        await interaction.response.send_message(
            f"Rebuilt {done.ratings} ratings from {done.games} finished games: {found}", ephemeral=True)
