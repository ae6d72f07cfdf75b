"""/stakes: members' balances from the guild's stakes ledger, their history, the leaderboard, and a
managers-only reset that starts balances from zero again while keeping every movement."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import discord
from discord import app_commands
from discord.ext.commands import Cog

from bot.play.refusals import Refusal
from bot.runtime.permissions import manages_server
from bot.store import Balance, GuildStore, LedgerRow, Stores
from games.core.stakes import fill_money, format_money

HISTORY_LINES = 15
BOARD_LINES = 15
BOARD_FOOT = 5  # of them, the bottom of a longer board
NONE = discord.AllowedMentions.none()


def history_line(row: LedgerRow, unit: str) -> str:
    if row.kind == "reset":
        whose = f"<@{row.member_id}>'s balance" if row.member_id is not None else "every balance"
        return f"<t:{int(row.at)}:d> **Reset** of {whose} by <@{row.actor_id}>"
    way = "from" if row.amount > 0 else "to"
    return (f"<t:{int(row.at)}:d> `{format_money(row.amount, unit, sign=True):>10}` {way} {row.other_name} · "
            f"table #{row.table_id}, round {row.round} · {fill_money(row.reason, unit)}")


def board_lines(board: Sequence[Balance], unit: str) -> list[str]:
    """The top of the board and, if it is long, its foot: who is up and who is down."""
    shown = list(enumerate(board))
    if len(shown) > BOARD_LINES:
        shown = shown[:BOARD_LINES - BOARD_FOOT] + shown[-BOARD_FOOT:]
    lines = []
    for n, (i, b) in enumerate(shown):
        if n and i != shown[n - 1][0] + 1:
            lines.append("…")
        lines.append(f"`{i + 1:>2}.` <@{b.member_id}> {format_money(b.cents, unit, sign=True)}")
    return lines


class StakesCommands(Cog):
    """The family of commands about the stakes ledger."""

    stakes = app_commands.Group(name="stakes", description="Money won and lost at Fscking Ace in this server",
                                guild_only=True)

    def __init__(self, stores: Stores) -> None:
        self.stores = stores

    async def _store(self, interaction: discord.Interaction[Any]) -> tuple[GuildStore, str]:
        if interaction.guild_id is None:
            raise Refusal("Stakes are kept per server: use this in a server.")
        store = await self.stores.guild(interaction.guild_id)
        return store, str(await store.get_setting("stakes_unit", "dollars"))

    @stakes.command(description="A member's balance since the last reset")
    @app_commands.describe(member="Whose balance (yours if left out)")
    async def balance(self, interaction: discord.Interaction[Any],
                      member: Optional[discord.Member] = None) -> None:  # noqa: UP045
        store, unit = await self._store(interaction)
        who = member or interaction.user
        found = await store.stakes_balances(who.id)
        if not found:
            text = f"{who.display_name} has nothing won or lost here since the last reset."
        else:
            b = found[0]
            moves = "movement" if b.movements == 1 else "movements"
            text = f"{who.display_name}: **{format_money(b.cents, unit, sign=True)}** ({b.movements} {moves})."
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NONE)

    @stakes.command(description="Recent stakes movements, a member's or everyone's")
    @app_commands.describe(member="Whose movements (everyone's if left out)")
    async def history(self, interaction: discord.Interaction[Any],
                      member: Optional[discord.Member] = None) -> None:  # noqa: UP045
        store, unit = await self._store(interaction)
        rows = await store.stakes_history(member.id if member else None, HISTORY_LINES)
        whose = f"{member.display_name}'s" if member else "This server's"
        if not rows:
            await interaction.response.send_message(f"{whose} stakes history is empty.", ephemeral=True)
            return
        if member is None:  # everyone's: say whose each movement is
            lines = [history_line(r, unit) if r.kind == "reset" else f"**{r.name}** " + history_line(r, unit)
                     for r in rows]
        else:
            lines = [history_line(r, unit) for r in rows]
        embed = discord.Embed(title=f"{whose} stakes, newest first", description="\n".join(lines)[:4096],
                              colour=discord.Colour.dark_gold())
        await interaction.response.send_message(embed=embed, ephemeral=True, allowed_mentions=NONE)

    @stakes.command(description="Who is up and who is down since the last reset")
    async def leaderboard(self, interaction: discord.Interaction[Any]) -> None:
        store, unit = await self._store(interaction)
        board = await store.stakes_balances()
        if not board:
            await interaction.response.send_message("Nobody has won or lost anything here since the last reset.")
            return
        lines = board_lines(board, unit)
        embed = discord.Embed(title="Stakes leaderboard", description="\n".join(lines),
                              colour=discord.Colour.dark_gold())
        embed.set_footer(text=f"In {unit}; computer players are not listed.")
        await interaction.response.send_message(embed=embed, allowed_mentions=NONE)

    @stakes.command(description="Start balances from zero again; the history is kept (managers)")
    @app_commands.describe(member="Only this member's balance (everyone's if left out)")
    async def reset(self, interaction: discord.Interaction[Any],
                    member: Optional[discord.Member] = None) -> None:  # noqa: UP045
        if not manages_server(interaction):
            raise Refusal("Only members who can manage the server can reset stakes.")
        store, _ = await self._store(interaction)
        whose = f"{member.display_name}'s balance" if member else "every balance"
        await store.reset_stakes(interaction.user.id, member.id if member else None,
                                 reason=f"reset of {whose}")
        await interaction.response.send_message(
            f"{interaction.user.display_name} reset {whose} to zero. The history of every movement is kept "
            "(see /stakes history).", allowed_mentions=NONE)
