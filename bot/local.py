"""Parlour Local: the bot against a Discord of its own on this machine (``localcord``), with a web page
to play in. One process: the local Discord, its page, and the bot, which talks to it over loopback.

The local world (the server, its members, channels, messages and pictures) lives in
``PARLOUR_DATA_DIR/local/world.sqlite3`` beside the guild's own database, so a stopped program starts
again where it was: the bot restores its tables as it does after any restart, and the page shows
them."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import signal
from pathlib import Path

import discord

from bot.client import Parlour, configure_endpoints
from bot.runtime.config import Config
from localcord import LocalDiscord
from localcord.persist import WorldFile

DEFAULT_PORT = 8710
SERVER_NAME = "Parlour Local"
PLAYER = "Alex"
FRIENDS = ("Blair", "Casey", "Devon")
# What the README asks a server to grant the bot: a fresh local server grants just that.
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, read_message_history=True, attach_files=True, embed_links=True,
    manage_channels=True, create_public_threads=True, create_private_threads=True, send_messages_in_threads=True,
    manage_threads=True, use_application_commands=True,
)
WELCOME = (
    "## Welcome to Parlour Local\n"
    "This is a Discord server of your own, on this computer, with Parlour in it.\n"
    "- Type **/play** in the box below and pick a game. In the lobby, **Add computer** fills a seat and "
    "**Start** deals.\n"
    "- Your cards come to you privately: in your direct messages with Parlour (left, under *Direct "
    "messages*), or with the **My hand** button at the table.\n"
    "- Playing with friends at one screen? Switch who you are at the top right; each name also opens in "
    "a tab of its own.\n"
    "- New to a game? **/practice** and the game deals you in against the computer at once, with hints "
    "and a coach's line at each new moment.\n"
    "- **/help** lists every game and command, **/rules** explains a game."
)
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
OPEN_WARNING = ("This page is open to your network: anyone who can reach {reach} can act as any member "
                "of the server. Use --host only on a network you trust.")

log = logging.getLogger("parlour.local")


def populate(local: LocalDiscord) -> None:
    """A fresh world: one server, the player (its owner) and three friends, the bot invited, #general."""
    player = local.add_user(PLAYER)
    guild = local.add_guild(SERVER_NAME, bot_permissions=BOT_PERMISSIONS, owner=player)
    for name in FRIENDS:
        guild.add_member(local.add_user(name))
    general = guild.add_text_channel("general", topic="Type /play to open a table")
    local.rest.member_message(general, local.world.bot, WELCOME)


async def serve(config: Config, *, host: str = "127.0.0.1", port: int | None = None,
                spec: Path | None = None) -> None:
    """Runs Parlour Local until SIGINT or SIGTERM (or until cancelled), then stops cleanly: the bot
    first (its committed moves shown), then the world saved, then the server."""
    world_file = WorldFile(config.data_dir / "local" / "world.sqlite3")
    local = LocalDiscord(world=world_file.load(), spec=spec)
    if not local.world.guilds:
        populate(local)
    await _listen(local, host, port)
    world_file.attach(local.world)
    world_file.flush()
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{local.http_base.rsplit(':', 1)[1]}"
    if host not in LOOPBACK:
        port_number = local.http_base.rsplit(":", 1)[1]
        reach = (f"this computer on port {port_number}" if host in ("0.0.0.0", "::", "")
                 else f"http://{host}:{port_number}")
        local.page.warning = OPEN_WARNING.format(reach=reach)
    bot_config = dataclasses.replace(config, token=local.token, api_base=local.api_base,
                                     gateway_url=local.gateway_url, dev_guild=None, shard_count=None,
                                     shard_ids=None)
    configure_endpoints(bot_config)
    bot = Parlour(bot_config, always_sync=True, guild_ready_timeout=0.2)
    print(f"Parlour Local is running: open {url} in your browser. (To use real Discord instead, "
          "put DISCORD_TOKEN in .env and run with --discord.)", flush=True)
    if local.page.warning:
        print(f"Warning: {local.page.warning}", flush=True)
    if spec is not None and local.spec is None:
        print(f"Warning: {local.openapi_skip_reason}", flush=True)
    # Asked to check the bot's requests against Discord's description: each miss is said.
    local.rest.on_violation = lambda violation: log.warning("Discord would refuse %s", violation)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    running = asyncio.create_task(bot.start(local.token), name="parlour-local-bot")
    stopping = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait([running, stopping], return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
        if not running.done() and not bot.is_ready():
            # discord.py cannot be stopped cleanly halfway through connecting: let it finish first.
            await asyncio.wait([asyncio.ensure_future(bot.wait_until_ready()), running], timeout=15,
                               return_when=asyncio.FIRST_COMPLETED)
        try:  # the bot shows the moves it has committed, then lets go; a stuck step does not hold the stop
            await asyncio.wait_for(bot.close(), 20)
        except TimeoutError:
            log.warning("the bot took too long to stop; stopping anyway")
        # A stop while the bot is still connecting leaves discord.py retrying the connection: end it.
        await asyncio.wait([running], timeout=5)
        running.cancel()
        await asyncio.wait([running], timeout=5)
        world_file.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(local.close(), 5)
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
    # A bot that failed by itself (not because it was told to stop mid-start) is an error to report.
    if not stop.is_set() and running.done() and not running.cancelled() and running.exception() is not None:
        raise running.exception()  # type: ignore[misc]
    if not running.done():
        log.warning("discord.py did not stop when asked; leaving it behind")


async def _listen(local: LocalDiscord, host: str, port: int | None) -> None:
    """The port asked for; by default 8710, or any free port when another program holds that one."""
    try:
        await local.start(host, DEFAULT_PORT if port is None else port)
    except OSError as err:
        if port is not None:
            raise OSError(f"cannot listen on {host}:{port} ({err.strerror}): choose another with --port") from None
        await local.start(host, 0)


def run(config: Config, *, host: str, port: int | None, spec: Path | None) -> None:
    asyncio.run(serve(config, host=host, port=port, spec=spec))
