"""Timers: computer moves after PARLOUR_AI_DELAY, a reminder at half the turn timeout and the
computer playing for an absent player at the end of it, a game's short clock (``State.clock``)
closing with each waiting seat's default move, lobby expiry, and removing a finished
table's channel. Every deadline is computed from times in the store, so a restart picks them up."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

import discord
from discord.http import HTTPClient

from bot.play.protocols import ExpiredLobbies, Pauser, Poster
from bot.play.refusals import Refusal
from bot.play.tables import ActionSource, Live, Tables
from bot.runtime.config import Config
from bot.runtime.logs import table_extra
from bot.runtime.workers import Workers
from bot.store import Stores, TableRow
from games.core import registry

log = logging.getLogger("parlour.turns")
MINUTE = 60.0  # seconds; tests shorten it to run the timers quickly
LOBBY_IDLE_MINUTES = 15
MAX_TURN_MOVES = 200  # a turn the computer finishes for an absent player is never longer
ROUND_PAUSE = 4  # times the computer's delay: after a round ends, before the next round's first move
CLOCK_STEP = 0.2  # seconds between computers answering on one clock, after the first has
RETRY_FIRST, RETRY_MAX = 1.0, 60.0  # seconds before a failed timer tries again, doubling each time


class TurnsHost(Protocol):
    """What this module asks of the client."""

    @property
    def stopping(self) -> bool: ...

    @property
    def config(self) -> Config: ...

    @property
    def stores(self) -> Stores: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def workers(self) -> Workers: ...

    @property
    def publisher(self) -> Poster: ...

    @property
    def rounds(self) -> Pauser: ...

    @property
    def lobbies(self) -> ExpiredLobbies: ...

    @property
    def http(self) -> HTTPClient: ...



class Turns:
    def __init__(self, bot: TurnsHost) -> None:
        self.bot = bot
        self.tasks: dict[tuple[str, int, int], asyncio.Task[None]] = {}
        self.covering: set[tuple[int, int, int]] = set()  # (guild, table, seat): a turn the computer is finishing
        self.noticed: set[tuple[int, int, int, int]] = set()  # (guild, table, version, seat): time-out told

    def _start(self, kind: str, guild_id: int, table_id: int, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        if self.bot.stopping:
            return  # a restart schedules every table again from the store
        key = (kind, guild_id, table_id)
        old = self.tasks.pop(key, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        task = asyncio.create_task(self._retrying(key, work), name=f"parlour-{kind}-{guild_id}-{table_id}")
        self.tasks[key] = task
        task.add_done_callback(lambda t: self._done(key, t))

    @staticmethod
    async def _retrying(key: tuple[str, int, int], work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Run a timer's work; if it fails (the store cannot be written, Discord cannot be reached,
        a worker was lost) try it again, later and later, until it succeeds or is replaced (the
        table moved on or ended, the bot is stopping): a table never freezes on one failure."""
        delay, failures = RETRY_FIRST, 0
        where = table_extra(key[1], key[2])
        while True:
            try:
                await work()
                if failures:
                    log.info("the %s timer works again after %d failures", key[0], failures, extra=where)
                return
            except Refusal:
                return
            except Exception as err:
                failures += 1
                if failures == 1:
                    log.error("the %s timer failed; trying again in %.0f s", key[0], delay, exc_info=err, extra=where)
                else:
                    log.warning("the %s timer failed again (%s); trying again in %.0f s", key[0], err, delay,
                                extra=where)
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MAX)

    def _done(self, key: tuple[str, int, int], task: asyncio.Task[None]) -> None:
        if self.tasks.get(key) is task:
            del self.tasks[key]
        if not task.cancelled() and task.exception() is not None:
            log.error("timer %s failed", key, exc_info=task.exception())

    def stop(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        self.tasks.clear()

    # -- turns -----------------------------------------------------------------------------
    def schedule(self, live: Live) -> None:
        if live.state.is_over or live.row.status != "playing":
            return
        version = live.version
        self._start("turn", live.guild_id, live.table_id, lambda: self._turn(live, version))

    async def _turn(self, live: Live, version: int) -> None:
        state = live.state
        if state.is_over or live.row.status != "playing" or live.version != version:
            return  # ended, or moved on (the move rescheduled the table)
        if state.between_rounds:  # the table, not a seat, decides what comes next
            await self.bot.rounds.pause(live, version)
            return
        computers = sorted(s for s in state.to_move if live.is_computer(s))
        if computers:
            # On a short clock the computers answer one after another (each answer is an action);
            # after the first they do not each take the full delay, or nine of them would use up
            # the time the clock gives.
            clock = state.clock
            delay = self.bot.config.ai_delay
            if clock is not None and version > clock.since:
                delay = min(delay, CLOCK_STEP)
            news = live.round_news
            if news is not None and news[0] == version and any(not s.ai for s in live.row.seats):
                delay *= ROUND_PAUSE  # a round just ended: a moment to read how it went before play goes on
            await asyncio.sleep(delay)
            for seat in computers:
                await self._play_for(live, version, seat, "computer")
                return  # the action reschedules the table
            return
        if state.clock is not None:  # the game's own short clock, instead of the turn timeout
            await self._clock(live, version)
            return
        if any((live.guild_id, live.table_id, s) in self.covering for s in state.to_move):
            return  # the computer is already finishing this turn for an absent player
        store = await self.bot.stores.guild(live.guild_id)
        timeout = MINUTE * int(await store.get_setting("turn_timeout", 10))
        started = live.row.turn_started_at or time.time()
        if not live.row.reminded:
            await asyncio.sleep(max(0.0, started + timeout / 2 - time.time()))
            if live.version != version:
                return
            await self._remind(live)
        await asyncio.sleep(max(0.0, started + timeout - time.time()))
        if live.version != version:
            return
        for seat in sorted(live.state.to_move):
            if live.version != version:
                return
            notice = (live.guild_id, live.table_id, version, seat)
            if live.row.channel_id is not None and notice not in self.noticed:  # once, whatever the retries
                # Noted before it is posted: a retry that runs while the post waits must not tell it again.
                self.noticed = {n for n in self.noticed if n[:3] != notice[:3] or n == notice} | {notice}
                try:
                    await self.bot.publisher.post(
                        live.row.channel_id,
                        f"{live.names[seat]} ran out of time, so the computer plays this turn for them.",
                        allowed_mentions=discord.AllowedMentions.none())
                except Exception:  # not said: the next try says it (a cancelled post may have gone: not again)
                    self.noticed.discard(notice)
                    raise
            await self._play_turn_for(live, seat)

    async def _clock(self, live: Live, version: int) -> None:
        """When the clock runs out, each of its seats still to choose gets its default move, one
        action each, through the one action path (the first reschedules the table, which finds
        the time up and goes on with the next)."""
        clock = live.state.clock
        assert clock is not None
        deadline = await self.bot.tables.clock_deadline(live, clock)
        await asyncio.sleep(max(0.0, deadline - time.time()))
        if live.version != version:
            return
        for seat in sorted(clock.seats & live.state.to_move):
            token = registry.default_action(live.state, seat).token
            with contextlib.suppress(Refusal):
                await self.bot.tables.act(live, version, seat, token, None, "clock")
            return

    async def _play_turn_for(self, live: Live, seat: int) -> None:
        """The computer finishes an absent player's turn, however many moves it takes (Fscking
        Ace's flips), rather than one move and another full timeout; it stops as soon as anyone
        else moves, the player included."""
        key = (live.guild_id, live.table_id, seat)
        self.covering.add(key)
        try:
            for moves in range(MAX_TURN_MOVES):
                if seat not in live.state.to_move or live.state.between_rounds or live.state.is_over:
                    break
                if moves:
                    await asyncio.sleep(self.bot.config.ai_delay)
                if not await self._play_for(live, live.version, seat, "timeout"):
                    break
        finally:
            self.covering.discard(key)
            # Each move rescheduled the table while this turn was covered: time whatever turn comes
            # now (also when a move failed, so that the retry finds a timer to run).
            self.schedule(live)

    async def _play_for(self, live: Live, version: int, seat: int, source: ActionSource) -> bool:
        """One move for ``seat``; False if someone moved first (then nothing is done)."""
        state = live.state
        if len(state.history) != version or seat not in state.to_move:
            return False
        info = live.row.seats[seat]  # a computer's seat plays at its level; an absent player's, Normal
        token = await self.bot.workers.computer_move(state, seat, info.level if info.ai else "normal")
        try:
            await self.bot.tables.act(live, version, seat, token, None, source)
        except Refusal:
            return False
        return True

    async def _remind(self, live: Live) -> None:
        store = await self.bot.stores.guild(live.guild_id)
        live.take_stored(await store.update_table(live.table_id, reminded=True))
        waiting = [s for s in sorted(live.state.to_move) if live.row.seats[s].member_id is not None]
        if not waiting or live.row.channel_id is None:
            return
        mentions = ", ".join(f"<@{live.row.seats[s].member_id}>" for s in waiting)
        minutes = int(await store.get_setting("turn_timeout", 10))
        await self.bot.publisher.post(
            live.row.channel_id,
            f"{mentions}: it's your turn. Half your time is gone; after {minutes} minutes in all "
            "the computer will move for you.",
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(live.row.seats[s].member_id or 0)
                                                            for s in waiting]))

    # -- lobbies and clean-up ----------------------------------------------------------------
    def expire_lobby_later(self, guild_id: int, row: TableRow) -> None:
        self._start("lobby", guild_id, row.id, lambda: self._expire(guild_id, row.id))

    async def _expire(self, guild_id: int, table_id: int) -> None:
        store = await self.bot.stores.guild(guild_id)
        while True:
            row = await store.get_table(table_id)
            if row is None or row.status != "lobby":
                return
            wait = row.updated_at + MINUTE * LOBBY_IDLE_MINUTES - time.time()
            if wait <= 0:
                break
            await asyncio.sleep(wait)
        if await store.cancel_table(table_id):
            await self.bot.lobbies.show_expired(guild_id, row)
            await self.bot.stores.forget_if_idle(guild_id)

    def cleanup_later(self, guild_id: int, row: TableRow) -> None:
        if row.delete_channel_at is not None and row.channel_id is not None:
            self._start("cleanup", guild_id, row.id, lambda: self._cleanup(guild_id, row))

    async def _cleanup(self, guild_id: int, row: TableRow) -> None:
        assert row.delete_channel_at is not None and row.channel_id is not None
        await asyncio.sleep(max(0.0, row.delete_channel_at - time.time()))
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            await self.bot.http.delete_channel(row.channel_id, reason="Parlour table finished")
        store = await self.bot.stores.guild(guild_id)
        await store.update_table(row.id, delete_channel_at=None)
        await self.bot.stores.forget_if_idle(guild_id)  # nothing left to restore there
