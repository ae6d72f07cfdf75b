"""Answers to a member, in their words only: the ephemeral reply every refusal gets, and the
command group that turns a Refusal (bot/play/refusals.py) into one: the lowest layer of the bot's Discord side."""

from __future__ import annotations

import logging
from typing import Any

import aiohttp
import discord
from discord import app_commands

from bot.play.refusals import Refusal

log = logging.getLogger("parlour.router")


def payload(interaction: discord.Interaction[Any]) -> dict[str, Any]:
    """The interaction's data as a plain dict (discord.py types it per interaction kind)."""
    return dict(interaction.data or {})


async def tell(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def answer(interaction: discord.Interaction[Any], text: str) -> None:
    """``tell``, for the last word on a click: if Discord will not take it, that is logged, not raised."""
    try:
        await tell(interaction, text)
    except discord.HTTPException as err:
        log.warning("could not answer a click (%s %s)", err.status, err.code)
    except (aiohttp.ClientError, OSError) as err:  # Discord unreachable, or the bot disconnecting
        log.warning("could not answer a click (%s)", err)


class CommandGroup(app_commands.Group):
    """A slash-command group whose commands answer a Refusal to the user alone."""

    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, Refusal):
            await tell(interaction, str(original))
        else:
            raise error
