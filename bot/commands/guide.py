"""/rules and /help: how a game is played, and what Parlour does, its games and its commands as the
command tree lists them."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext.commands import Cog

from bot.commands.games import GAME_CHOICES, playable
from bot.commands.lobby import counts_text
from bot.runtime.workers import Workers
from games.core import registry

EMBEDS_TOTAL = 6000  # Discord's limit on the text of all the embeds in one message
HELP_INTRO = ("I host card games in this server. Open a table with `/play`, fill the seats with friends "
              "or computer players, and I open a channel for it, deal each player's hand by direct "
              "message (or under **My hand** on the table), draw the table after every move and keep "
              "the scores, skill ratings and any stakes. A table picks up where it left off if I restart.")


class GuideCommands(Cog):
    """The family of commands that explain: a game's rules, and Parlour itself."""

    def __init__(self, workers: Workers, tree: app_commands.CommandTree[Any]) -> None:
        self.workers = workers
        self.tree = tree  # /help lists the commands it holds

    @app_commands.command(name="rules", description="How a game is played")
    @app_commands.describe(game="The game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[Any], game: app_commands.Choice[str]) -> None:
        found = registry.get(game.value)
        example = await self.workers.example(found.key)
        quick = discord.Embed(title=f"{found.title} ({counts_text(found)} players): quick start",
                              description="\n".join(f"**{n}.** {line}" for n, line in enumerate(found.quick_start, 1)),
                              colour=discord.Colour.blurple())
        files = []
        if example is not None:
            png, alt, caption = example
            quick.description = f"{quick.description}\n\n*Pictured:* {caption}"
            quick.set_image(url="attachment://example.png")
            files.append(discord.File(io.BytesIO(png), filename="example.png", description=alt))
        quick.set_footer(text=f"Try it: /practice {found.key} plays a game against the computer, with hints.")
        embed = discord.Embed(title="The rules in full", description=found.guide[:4096],
                              colour=discord.Colour.blurple())
        parts = [discord.Embed(title=title, description=text[:4096], colour=discord.Colour.blurple())
                 for title, text in found.guide_parts]  # a rule set each
        (parts or [embed])[-1].set_footer(
            text="\"Table ruling\" marks a decision of ours where the original rules are silent.")
        first, rest = embeds_within([quick, embed, *parts])
        await interaction.response.send_message(embeds=first, files=files, ephemeral=True)
        if rest:
            await interaction.followup.send(embeds=rest, ephemeral=True)

    @app_commands.command(name="help", description="What Parlour does: its games and commands")
    async def help_(self, interaction: discord.Interaction[Any]) -> None:
        games = [f"**{r.title}** ({counts_text(r)} players) — {r.summary or r.title}" for r in playable()]
        text = "\n".join([HELP_INTRO, "", "**Games**", *games, "", "**Commands**",
                          *command_lines(self.tree.get_commands())])
        embed = discord.Embed(title="Parlour", description=text[:4096], colour=discord.Colour.blurple())
        embed.set_footer(text="/rules <game> explains a game, starting simple; /practice <game> lets you try it "
                              "against the computer, with hints.")
        await interaction.response.send_message(embed=embed, ephemeral=True)


def embeds_within(embeds: list[discord.Embed]) -> tuple[list[discord.Embed], list[discord.Embed]]:
    """The embeds that fit in one message (at most ten, their text within Discord's total), and the
    rest for a second."""
    total = 0
    for n, embed in enumerate(embeds):
        total += len(embed)
        if total > EMBEDS_TOTAL or n == 10:
            return embeds[:n], embeds[n:]
    return embeds, []


def command_lines(commands: list[Any], prefix: str = "") -> list[str]:
    """Every slash command in the tree, with its description: the help stays true as commands change."""
    lines = []
    for command in sorted(commands, key=lambda c: c.name):
        if command.name in ("play", "practice"):  # their subcommands are the games, listed on their own
            lines.append(f"`/{command.name} <game>` — {command.description}")
        elif isinstance(command, app_commands.Group):
            lines += command_lines(command.commands, f"{prefix}{command.name} ")
        else:
            lines.append(f"`/{prefix}{command.name}` — {command.description}")
    return lines
