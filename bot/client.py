"""The Discord client: wires the store, the table service, the publisher and the timers together,
registers the commands and the one dynamic component, and restores every open table on start-up."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Any

import aiohttp
import discord
import yarl
from discord import app_commands
from discord.ext import commands as ext

from bot.commands.games import GameCommands
from bot.commands.guide import GuideCommands
from bot.commands.history import HistoryCommands
from bot.commands.leaderboard import RatingCommands
from bot.commands.lobby import Lobbies
from bot.commands.parlour import ParlourCommands
from bot.commands.replay import ReplayCommands
from bot.commands.router import Router
from bot.commands.stakes import StakesCommands
from bot.commands.sync import sync_commands
from bot.commands.table import TableCommands
from bot.play import custom_ids, faults
from bot.play.answers import payload, tell
from bot.play.partners_talk import Talk
from bot.play.refusals import Refusal
from bot.play.rounds import Rounds
from bot.play.tables import Live, Tables, where
from bot.play.timers import Turns
from bot.runtime import exporter
from bot.runtime.budget import URGENT, Budget, SharedBudget, guard
from bot.runtime.cluster import Cluster
from bot.runtime.config import Config
from bot.runtime.exporter import MetricsServer
from bot.runtime.logs import table_extra
from bot.runtime.metrics import Metrics
from bot.runtime.workers import Workers
from bot.show.controls import Control
from bot.show.publisher import Publisher
from bot.show.replays.replays import Replays
from bot.store import StoreFault, Stores, TableRow
from bot.store.backup_schedule import BackupSchedule
from bot.store.errors import FAULT_LISTENERS

log = logging.getLogger("parlour")
RESTORED = "Parlour restarted and this table is restored: play on, every button works again."
# Interactions arrive whatever the intents; the guild cache (channels, categories, roles) is all the
# bot reads. Without the message intents Discord does not echo every message the bot sends back
# over the gateway, which at many tables is most of its traffic.
INTENTS = discord.Intents(guilds=True)
STOP_SECONDS = 8.0  # a stop's own steps, within the 10 s a host is promised (Heroku-style hosts give 30)
ANNOUNCERS = 4  # tables told of a restart (and redrawn if need be) at once, behind live play

def cluster_gate(budget: SharedBudget) -> aiohttp.TraceConfig:
    """Each request bound by Discord's global limit waits, as it goes out, for a token of the bot's
    one bucket (``budget``, in Redis): so the processes together never make more than the budget in
    any second, whatever each one's own order and waits (interaction answers and token edits, which
    the global limit does not count, and the gateway go straight out)."""
    trace = aiohttp.TraceConfig()

    async def before(session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestStartParams) -> None:
        path = params.url.path
        if "/api/" in path and "/interactions/" not in path and "/webhooks/" not in path:
            await budget.spend(URGENT)

    trace.on_request_start.append(before)
    return trace


# A direct message's click for a table another process serves, when it could not be handed over.
UNREACHED = {
    "restarting": "That table's server is restarting, so nothing was changed. Try again in a moment.",
    "unreachable": "I can't reach that table's server right now, so nothing was changed. Try again in a moment.",
}

class Parlour(ext.AutoShardedBot):
    def __init__(self, config: Config, *, signals: bool = False, always_sync: bool = False, **options: Any) -> None:
        """``signals``: stop cleanly on SIGTERM and SIGINT (the program's own bot; Parlour Local
        stops its bot and world itself). ``always_sync``: register the slash commands at every
        start, not only when they changed (Parlour Local, whose world may be new)."""
        kwargs: dict[str, Any] = dict(options)
        # Several processes as one bot meet in Redis: clicks handed to their table's process, and one
        # budget, kept where each request goes out (after discord.py's own waits for its route buckets).
        cluster = None
        if config.redis_url and not config.whole_bot and config.shard_ids is not None and config.shard_count:
            cluster = Cluster(config.redis_url, config.shard_count, config.shard_ids)
            kwargs["http_trace"] = cluster_gate(SharedBudget(
                config.requests_per_second, cluster.lease,
                processes=max(1, config.shard_count // len(config.shard_ids))))
        if config.shard_count is not None:
            kwargs["shard_count"] = config.shard_count
        if config.shard_ids is not None:
            kwargs["shard_ids"] = list(config.shard_ids)
        super().__init__(command_prefix=ext.when_mentioned, intents=INTENTS, help_command=None, **kwargs)
        self.config = config
        self.cluster: Cluster | None = cluster
        self.budget = Budget(config.requests_per_second)  # this process's order of its own requests
        self._unreached: dict[int, str] = {}  # guild id: why its latest click could not be handed to its process
        guard(self.http, self.budget)
        self.stores = Stores(config.data_dir)
        self.workers = Workers(config.workers)
        self.publisher = Publisher(self)
        self.turns = Turns(self)
        self.tables = Tables(self.stores, self.publisher.moved, self.turns.schedule)
        self.lobbies = Lobbies(self)
        self.history = HistoryCommands(self.stores)  # /history, whose pages the router turns
        self.router = Router(self)
        self.replays = Replays(self)
        self.rounds = Rounds(self)
        self.talk = Talk(self)
        self._restored = False
        self.signals, self.always_sync = signals, always_sync
        self.stopping = False  # a stop has begun: clicks and commands are answered, not acted on
        self.metrics = Metrics()
        self.backups: BackupSchedule | None = None
        self.metrics_server: MetricsServer | None = None
        self._background: list[asyncio.Task[None]] = []
        self._closing: asyncio.Future[None] | None = None
        self.restored_at: float | None = None  # loop time when every table was back in play
        self.announcing: asyncio.Task[None] | None = None
        if config.gateway_url:
            self._use_gateway(config.gateway_url)

    @property
    def client(self) -> discord.Client:
        """Itself, as the Discord client the services that post and edit need."""
        return self

    def _use_gateway(self, url: str) -> None:
        """DISCORD_GATEWAY_URL: connect there whatever GET /gateway/bot says."""
        fetch = self.http.get_bot_gateway

        async def gateway() -> Any:
            shards, _, limit = await fetch()
            return shards, url, limit

        self.http.get_bot_gateway = gateway  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        if self.signals:
            self.stop_on_signals()
        await self.workers.start()
        self.tree.interaction_check = self._accepting  # type: ignore[method-assign]
        self._background += [
            asyncio.create_task(self.metrics.run(lambda: len(self.tables.live), cluster=self.cluster),
                                name="parlour-summary"),
            asyncio.create_task(self.stores.run_sweeper(), name="parlour-store-sweeper"),
        ]
        if self.cluster is not None:
            self._route_interactions()
            await self.cluster.start(self._handed_over)
        exporter.watch(lambda: [live.row.game for live in list(self.tables.live.values())], self.workers.pools)
        exporter.count_rate_limits()
        FAULT_LISTENERS.append(self._count_fault)
        if self.config.metrics_port is not None:
            self.metrics_server = MetricsServer(self.config.metrics_host, self.config.metrics_port, self.health)
            await self.metrics_server.start()
        if self.config.backup_dir is not None and self.config.backup_every is not None:
            self.backups = BackupSchedule(self.config.data_dir, self.config.backup_dir, self.config.backup_every,
                                          self.config.backup_keep, self.metrics.backed_up)
            self._background.append(asyncio.create_task(self.backups.run(), name="parlour-backups"))
        self.add_dynamic_items(Control)
        # Each family of slash commands is a cog: adding it puts its commands in the tree, which is
        # what /help lists and what is synced to Discord.
        for family in (GameCommands(self.lobbies), TableCommands(self), GuideCommands(self.workers, self.tree),
                       RatingCommands(self.stores, self.workers.rating_chart), StakesCommands(self.stores),
                       ParlourCommands(self.stores), ReplayCommands(self.replays), self.history):
            await self.add_cog(family)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        guild = discord.Object(self.config.dev_guild) if self.config.dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        if self.always_sync:
            await self.tree.sync(guild=guild)
        else:  # once per change of the commands, by the process that serves shard 0
            await sync_commands(self.tree, self.config.data_dir, guild,
                                leader=self.config.shard_ids is None or 0 in self.config.shard_ids)

    # -- several processes -------------------------------------------------------------------------
    def _route_interactions(self) -> None:
        """Interactions Discord sends here for a guild another process serves (a click in a direct
        message: Discord sends those to shard 0) go to that process, whole and unparsed."""
        parsers = self._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def route(data: dict[str, Any]) -> None:
            guild_id = self._other_process_guild(data)
            if guild_id is None:
                parse(data)
            else:
                self._background.append(asyncio.create_task(self._hand_over(data, guild_id, parse),
                                                            name="parlour-hand-over"))

        parsers["INTERACTION_CREATE"] = route
        self._parse_interaction = parse

    def _other_process_guild(self, data: dict[str, Any]) -> int | None:
        """The guild of a direct message's click whose table another process serves; else None
        (an interaction in a guild comes to the process serving it; a command in a direct message,
        /help or /rules, is about no server and answered here)."""
        if self.cluster is None or data.get("guild_id") or data.get("type") not in (3, 5):
            return None
        try:
            ref = custom_ids.parse(str((data.get("data") or {}).get("custom_id", "")))
        except custom_ids.BadCustomId:
            return None
        guild_id = getattr(ref, "guild_id", None)
        return guild_id if isinstance(guild_id, int) and not self.cluster.serves(guild_id) else None

    async def _hand_over(self, data: dict[str, Any], guild_id: int, parse: Any) -> None:
        assert self.cluster is not None
        why = await self.cluster.forward(guild_id, data)
        if why is not None:  # answered here, in words, without touching anything
            self._unreached[guild_id] = UNREACHED[why]
            parse(data)

    async def _handed_over(self, data: dict[str, Any]) -> None:
        """An interaction another process handed to this one: handled as if Discord sent it here."""
        self._parse_interaction(data)

    def elsewhere(self, guild_id: int) -> str | None:
        if self.cluster is None or self.cluster.serves(guild_id):
            return None
        return self._unreached.get(guild_id, UNREACHED["restarting"])

    @staticmethod
    def _count_fault(kind: str) -> None:
        exporter.STORE_FAULTS.labels(kind).inc()

    async def health(self) -> str | None:
        """None while the gateway is connected and the store answers; else what is wrong (/healthz)."""
        if self.stopping or self.is_closed():
            return "the bot is stopping"
        if not self.is_ready():
            return "not connected to Discord's gateway yet"
        down = sorted(shard.id for shard in self.shards.values() if shard.is_closed())
        if down:
            return f"shard {', '.join(map(str, down))} disconnected from Discord's gateway"
        try:
            await asyncio.wait_for(asyncio.to_thread(self.stores.index.ids), 2.0)
        except Exception as err:  # a fault, a disk that does not answer in time
            return f"the store does not answer ({type(err).__name__}: {err})"
        return None

    def stop_on_signals(self) -> None:
        """SIGTERM (a host stopping the worker) and SIGINT (Ctrl-C) stop the bot cleanly: see ``close``."""
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, self._signalled, sig)

    def _signalled(self, sig: signal.Signals) -> None:
        log.info("%s received: stopping", sig.name)
        if not self.stopping:
            self._background.append(asyncio.create_task(self.close(), name="parlour-stop"))

    async def _accepting(self, interaction: discord.Interaction[Any]) -> bool:
        """Slash commands wait for no stop: once one has begun they are answered, not run."""
        if self.stopping:
            with contextlib.suppress(discord.HTTPException):
                await tell(interaction, faults.RESTARTING)
            return False
        return True

    async def on_app_command_error(self, interaction: discord.Interaction[Any],
                               error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, Refusal):
            await tell(interaction, str(original))
            return
        self.metrics.error("store" if isinstance(original, StoreFault) else "command")
        if isinstance(original, StoreFault):
            log.warning("a command could not be saved: %s", original, extra=table_extra(interaction.guild_id))
        else:
            log.error("command failed", exc_info=error)
        with contextlib.suppress(discord.HTTPException):
            await tell(interaction, faults.words(original))

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type == discord.InteractionType.component:
            custom_id = str(payload(interaction).get("custom_id", ""))
            if not custom_id.startswith("pl:"):
                await tell(interaction, "That control isn't one of mine, so I can't act on it.")

    async def on_ready(self) -> None:
        log.info("Parlour is connected as %s", self.user)
        if not self._restored:
            self._restored = True
            self._background.append(asyncio.create_task(self.restore(), name="parlour-restore"))

    def serves(self, guild_id: int) -> bool:
        """Whether this process's shards include the guild (several processes share the data folder)."""
        if self.shard_ids is None or self.shard_count is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

    async def restore(self) -> None:
        """Every unfinished table and lobby of this process's guilds, picked up where it stood:
        first every table is back in play (its state replayed, its timers running, its buttons
        answering); then, a few at a time behind live play, each channel is told, and a table whose
        last move was committed but not shown before the stop is drawn again."""
        announce: list[Live] = []
        ended: list[tuple[int, list[TableRow]]] = []
        others: list[int] = []
        for guild_id in await self.stores.guilds_to_restore():
            if self.stopping:
                return
            if not self.serves(guild_id):
                others.append(guild_id)
                continue
            try:
                ended.append((guild_id, await self._restore_guild(guild_id, announce)))
            except Exception as err:  # one guild's broken file must not keep the others from playing
                guild = self.get_guild(guild_id)
                log.error("could not restore the tables of server %s (%s): %s", guild.name if guild else "?",
                          guild_id, err, extra=table_extra(guild_id), exc_info=not isinstance(err, StoreFault))
        if others and self.cluster is not None:  # another shard's data in this folder: left alone, said once
            log.warning("this data folder holds unfinished tables of %d servers on shards this process does not "
                        "serve (%s); they are left alone: move them to their shard's process with python -m bot "
                        "backup --guild and restore --guild", len(others), ", ".join(map(str, others[:5])))
        self.restored_at = asyncio.get_running_loop().time()
        self.announcing = asyncio.create_task(self._announce(announce, ended), name="parlour-announce")
        self._background.append(self.announcing)

    async def _restore_guild(self, guild_id: int, announce: list[Live]) -> list[TableRow]:
        """One guild's lobbies and tables back in play (each table on its own: one that cannot be
        read is reported and the rest go on); the tables that ended, for their clean-up."""
        store = await self.stores.guild(guild_id)
        for row in await store.tables_with_status("lobby"):
            self.turns.expire_lobby_later(guild_id, row)
        for row in await store.tables_with_status("playing"):
            if (guild_id, row.id) in self.tables.begun_here:
                continue  # started after this process connected, before this pass ran: nothing was stopped
            where = table_extra(guild_id, row.id)
            try:
                live = self.tables.adopt(guild_id, row)
                if await self.tables.conclude(live):  # it ended just as the bot stopped
                    self.publisher.refresh(live)
                    continue
                self.turns.schedule(live)
                self.publisher.watch_tokens(live)
                announce.append(live)
            except Exception:
                log.exception("could not restore table %s of guild %s", row.id, guild_id, extra=where)
        finished = await store.tables_with_status("finished", "cancelled")
        for row in finished:
            if row.delete_channel_at is not None:
                self.turns.cleanup_later(guild_id, row)
        return finished

    async def _announce(self, tables: list[Live], ended: list[tuple[int, list[TableRow]]]) -> None:
        queue = iter(tables)

        async def worker() -> None:
            for live in queue:
                try:
                    if live.row.channel_id is not None:
                        await self.publisher.post(live.row.channel_id, RESTORED)
                    if live.row.shown_version < live.version or not live.row.table_message_id:
                        # The last move may have been committed but not shown before the stop.
                        self.publisher.refresh(live, hands="edit")
                        await self.publisher.settled(live)
                    await self.talk.open(live)  # reuses the partners' threads; opens any the stop cut short
                except Exception:
                    log.exception("could not announce the restart", extra=where(live))

        await asyncio.gather(*(worker() for _ in range(ANNOUNCERS)))
        for guild_id, rows in ended:  # partners' threads of tables that ended as the bot stopped
            await self.talk.close_finished(guild_id, rows)

    async def close(self) -> None:
        """Stop cleanly, within about 10 seconds: take no more clicks (each is told to try again
        soon), stop the timers, let the clicks and moves in hand be committed and answered and
        what is committed be shown, close the workers and the stores, then disconnect."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)  # a second call (discord.py's own, on the way out) waits for the first

    async def __aexit__(self, *exc: object) -> None:
        # discord.py's own exit waits only for its part of the stop; the program must wait for all of it.
        await self.close()

    async def _close(self) -> None:
        self.stopping = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STOP_SECONDS

        def left(most: float) -> float:  # every step shares the one deadline
            return max(0.05, min(most, deadline - loop.time()))

        try:
            self.turns.stop()
            for task in self._background:
                if task is not asyncio.current_task():
                    task.cancel()
            await self.router.settle(timeout=left(3))
            await self.tables.drain(timeout=left(2))
            # Let moves being shown finish showing: they are committed, and players expect to see them.
            await self.publisher.settle_all(timeout=left(3))
            self.publisher.stop()
            # Clicks still arriving are answered "restarting" without the store, so it can close first;
            # the connection to Discord goes last, so that those answers get out.
            await asyncio.to_thread(self.workers.close, True, left(2))
            await self.stores.close()
            if self.backups is not None:
                self.backups.close()
            await self.router.settle(timeout=left(1))
            log.info("stopped")
        except Exception:
            log.exception("the stop went wrong part-way; disconnecting anyway")
        finally:
            with contextlib.suppress(ValueError):
                FAULT_LISTENERS.remove(self._count_fault)
            if self.metrics_server is not None:
                await self.metrics_server.stop()
            if self.cluster is not None:
                await self.cluster.close()
            await super().close()


def configure_endpoints(config: Config) -> None:
    """DISCORD_API_BASE: send REST calls to another Discord-compatible endpoint (the tests' stand-in)."""
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")
    if config.gateway_url:  # a sharded bot told its shard count connects here without asking
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway_url)


def run(config: Config) -> None:
    """Serves Discord until stopped. Logging is the caller's (``bot.runtime.logs.configure``), so discord.py sets
    up none of its own; a failure to start (a refused token, no network) is raised for the caller to say."""
    configure_endpoints(config)
    Parlour(config, signals=True).run(config.token, log_handler=None)
