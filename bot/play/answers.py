"""Answers to a member, in their words only: the ephemeral reply every refusal (bot/play/refusals.py)
gets: the lowest layer of the bot's Discord side."""

from __future__ import annotations

import logging
from typing import Any

import aiohttp
import discord

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

