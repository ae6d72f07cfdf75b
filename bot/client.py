"""The Discord client. For now it connects and reports the games it knows; the lobby, table and
hand commands arrive with the bot layer (see the README's roadmap)."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from games import registry

from .config import Config

log = logging.getLogger("parlour")


class Parlour(commands.AutoShardedBot):
    def __init__(self, config: Config) -> None:
        kwargs: dict[str, object] = {}
        if config.shard_count is not None:
            kwargs["shard_count"] = config.shard_count
        if config.shard_ids is not None:
            kwargs["shard_ids"] = list(config.shard_ids)
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), **kwargs)
        self.config = config

    async def on_ready(self) -> None:
        log.info("Parlour is connected as %s; games: %s", self.user, ", ".join(registry.keys()))


def run(config: Config) -> None:
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")
    Parlour(config).run(config.token)
