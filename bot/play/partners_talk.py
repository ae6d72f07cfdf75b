"""Partners' private talk, for games whose rules let partners discuss their hands
(``Rules.table_talk``): each partnership with two or more members seated gets a private thread
beside the table, which the other side cannot read, closed (archived and locked) when the table
ends. Where the bot may not open private threads, partners talk through it instead: ``/talk``
passes a message to the partner by direct message.

What was opened is kept in the table's ``extra`` under ``talk``, so a restart reuses the threads
rather than opening more:
``{"threads": {side: {"id": thread id, "ready": members added and welcomed}}, "relay": bool,
"said": the table channel was told, "closed": bool}``, ``side`` being the partnership's index in
``Rules.partnerships``. A thread Discord opened just before the bot stopped, too soon to be
noted, is known again by its name (the table's number and the partners') and used. The bot
itself never posts a card in a thread or a relayed message."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any, Final, Literal, Protocol

import discord
from discord.http import HTTPClient

from bot.play.protocols import Poster
from bot.play.refusals import Refusal
from bot.play.tables import Live, where
from bot.runtime.logs import table_extra
from bot.store import Stores, TableRow
from bot.store.rows import Seat
from games.core.base import Rules

log = logging.getLogger("parlour.talk")
KEY: Final = "talk"
DM_CLOSED = 50007
PRIVATE_THREAD: Literal[12] = 12  # channel type
# minutes, Discord's longest: a quiet thread stays in the thread list for the whole game
ARCHIVE_AFTER: Literal[10080] = 10080
CLOSED = "The table is over; this thread is closed."


def together(names: list[str]) -> str:
    """ "Alice & Bob", "Alice, Bob & Carol"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} & {names[-1]}"


def sides(rules: Rules, seats: tuple[Seat, ...]) -> list[tuple[int, list[int]]]:
    """(partnership index, its members' seats) for each partnership with two or more members
    seated: a computer cannot talk, so a side with one member has nobody to talk to."""
    found = []
    for index, side in enumerate(rules.partnerships(len(seats))):
        members = [s for s in side if s < len(seats) and not seats[s].ai and seats[s].member_id is not None]
        if len(members) >= 2:
            found.append((index, members))
    return found


class TalkHost(Protocol):
    """What this module asks of the client."""

    @property
    def publisher(self) -> Poster: ...

    @property
    def stores(self) -> Stores: ...

    @property
    def http(self) -> HTTPClient: ...

    @property
    def user(self) -> discord.ClientUser | None: ...

    def get_guild(self, guild_id: int, /) -> discord.Guild | None: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...


class Talk:
    def __init__(self, bot: TalkHost) -> None:
        self.bot = bot
        self.locks: dict[tuple[int, int], asyncio.Lock] = {}

    def _lock(self, guild_id: int, table_id: int) -> asyncio.Lock:
        return self.locks.setdefault((guild_id, table_id), asyncio.Lock())

    @staticmethod
    def state_of(row: TableRow) -> dict[str, Any]:
        return dict(row.extra.get(KEY) or {})

    async def _store(self, guild_id: int, table_id: int, talk: dict[str, Any], live: Live | None) -> None:
        store = await self.bot.stores.guild(guild_id)
        await store.merge_extra(table_id, {KEY: talk})
        if live is not None:  # only this key: the row in memory may hold hand messages not yet written
            live.row = replace(live.row, extra={**live.row.extra, KEY: talk})

    # -- opening: at the start, and again on a restart for whatever the start left undone --------
    async def open(self, live: Live) -> None:
        """Give each partnership its private thread (or, without the permission, the relay), and
        tell the table channel once. Safe to call again: what is stored already is reused."""
        rules = live.state.rules
        if not rules.table_talk or live.row.channel_id is None:
            return
        try:
            async with self._lock(live.guild_id, live.table_id):
                await self._open(live, rules)
        except Exception:  # talk is a courtesy: the game goes on without it
            log.exception("could not open the partners' threads", extra=where(live))

    async def _open(self, live: Live, rules: Rules) -> None:
        store = await self.bot.stores.guild(live.guild_id)
        row = await store.get_table(live.table_id)
        if row is None or row.status != "playing" or row.channel_id is None:
            return
        talk = self.state_of(row)
        found = sides(rules, row.seats)
        if talk.get("closed") or not found:
            return
        before = dict(talk)
        threads: dict[str, dict[str, Any]] = {k: dict(v) for k, v in (talk.get("threads") or {}).items()}
        missing = [(i, seats) for i, seats in found if str(i) not in threads]
        if missing and not talk.get("relay"):
            parent = await self._parent(live.guild_id, row)
            if parent is not None and self._may_open(parent):
                await self._make(live, row, parent, missing, talk, threads)
            else:
                talk["relay"] = True
        for index, seats in found:
            entry = threads.get(str(index))
            if entry is not None and not entry.get("ready"):
                await self._welcome(live, row, int(entry["id"]), seats)
                entry["ready"] = True
                talk["threads"] = threads
                await self._store(live.guild_id, live.table_id, talk, live)
        if not talk.get("said"):
            await self._announce(row, found, threads, bool(talk.get("relay")))
            talk["said"] = True
        if talk != before:
            await self._store(live.guild_id, live.table_id, talk, live)

    async def _make(self, live: Live, row: TableRow, parent: discord.TextChannel, missing: list[tuple[int, list[int]]],
                    talk: dict[str, Any], threads: dict[str, dict[str, Any]]) -> None:
        for index, seats in missing:
            name = f"Partners at table {row.id}: {together([row.seats[s].name for s in seats])}"[:100]
            thread_id = self._left_behind(parent, name)
            if thread_id is None:
                try:
                    made = await self.bot.http.start_thread_without_message(
                        parent.id, name=name, auto_archive_duration=ARCHIVE_AFTER, type=PRIVATE_THREAD,
                        invitable=False, reason=f"Partners' talk at Parlour table #{row.id}")
                except discord.Forbidden:  # the permissions looked right, but Discord said no
                    talk["relay"] = True
                    return
                thread_id = int(made["id"])
            # Stored at once, so that a restart from here on reuses this thread.
            threads[str(index)] = {"id": thread_id, "ready": False}
            talk["threads"] = threads
            await self._store(live.guild_id, live.table_id, talk, live)

    def _left_behind(self, parent: discord.TextChannel, name: str) -> int | None:
        """A thread of this name the bot opened but never noted (it stopped in between), to be
        used rather than a second one: the name holds the table's number and the partners."""
        me = self.bot.user
        for thread in parent.threads:
            if (thread.name == name and me is not None and thread.owner_id == me.id and not thread.archived
                    and thread.type is discord.ChannelType.private_thread):
                return thread.id
        return None

    async def _parent(self, guild_id: int, row: TableRow) -> discord.TextChannel | None:
        """Where the threads go: the table's channel, or, for a table played in a thread (threads
        cannot hold threads), that thread's channel."""
        guild = self.bot.get_guild(guild_id)
        if guild is None or row.channel_id is None:
            return None
        try:
            channel = guild.get_channel_or_thread(row.channel_id) or await guild.fetch_channel(row.channel_id)
            if isinstance(channel, discord.Thread):
                parent_id = channel.parent_id
                channel = guild.get_channel(parent_id) or await guild.fetch_channel(parent_id)
        except discord.HTTPException:
            return None
        return channel if isinstance(channel, discord.TextChannel) else None

    @staticmethod
    def _may_open(channel: discord.TextChannel) -> bool:
        me = channel.guild.me
        if me is None:
            return False
        perms = channel.permissions_for(me)
        return perms.view_channel and perms.create_private_threads and perms.send_messages_in_threads

    async def _welcome(self, live: Live, row: TableRow, thread_id: int, seats: list[int]) -> None:
        members = [row.seats[s].member_id for s in seats]
        for member_id in members:
            assert member_id is not None
            await self.bot.http.add_user_to_thread(thread_id, member_id)  # the same again changes nothing
        who = "two" if len(members) == 2 else str(len(members))
        mentions = " ".join(f"<@{m}>" for m in members)
        await self.bot.publisher.post(
            thread_id,
            f"{mentions} this thread is just for the {who} of you at **{live.state.rules.title}** table "
            f"#{row.id}: the other side can't see it (only I and the server's moderators can). Talk freely "
            "about your hands. It closes when the table ends.",
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(m or 0) for m in members]))

    async def _announce(self, row: TableRow, found: list[tuple[int, list[int]]], threads: dict[str, Any],
                        relay: bool) -> None:
        """One line in the table channel. A side beside a computer is not mentioned: it has
        nobody to talk to."""
        assert row.channel_id is not None
        with_thread = [together([row.seats[s].name for s in seats]) for i, seats in found if str(i) in threads]
        without = [seats for i, seats in found if str(i) not in threads]
        lines = []
        if len(with_thread) == 1:
            lines.append(f"Partners may talk freely in this game: {with_thread[0]} have a private thread for it, "
                         "which the other side can't read.")
        elif with_thread:
            lines.append("Partners may talk freely in this game: each partnership has its own private thread "
                         f"for it, which the other side can't read ({', '.join(with_thread)}).")
        if relay and without:
            lines.append("I can't open private threads here, so partners talk through me: use `/talk` in this "
                         "channel and I'll pass your message to your partner by direct message. Nobody else sees it.")
        if lines:
            await self.bot.publisher.post(row.channel_id, "\n".join(lines),
                                          allowed_mentions=discord.AllowedMentions.none())

    # -- while playing -------------------------------------------------------------------------
    async def resigned(self, live: Live, seat: int, member_id: int) -> None:
        """A member who resigned no longer plays: they leave their partnership's thread."""
        talk = self.state_of(live.row)
        for index, side in enumerate(live.state.rules.partnerships(len(live.row.seats))):
            entry = (talk.get("threads") or {}).get(str(index))
            if seat in side and entry is not None and not talk.get("closed"):
                name = live.row.seats[seat].name.removesuffix(" (computer)")
                try:
                    await self.bot.http.remove_user_from_thread(int(entry["id"]), member_id)
                    await self.bot.publisher.post(int(entry["id"]), f"{name} resigned and has left this thread.",
                                                  allowed_mentions=discord.AllowedMentions.none())
                except discord.HTTPException as err:
                    log.info("could not take a resigned member out of thread %s (%s)", entry["id"], err.status)

    async def relay(self, interaction: discord.Interaction[Any], live: Live, text: str) -> None:
        """``/talk``: the message goes by DM to the sender's partners. Where the partnership has a
        thread, the sender is pointed to it instead, so the talk stays in one place."""
        rules = live.state.rules
        if not rules.table_talk:
            raise Refusal(f"Partners don't talk during {rules.title}, so there's nobody to pass a message to.")
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("You are not playing at this table, so you have no partner here to talk to.")
        side = next((i for i, s in enumerate(rules.partnerships(len(live.row.seats))) if seat in s), None)
        if side is None:
            raise Refusal("You have no partner in this game, so there's nobody to pass this to.")
        partners = next((seats for i, seats in sides(rules, live.row.seats) if i == side), [])
        partners = [s for s in partners if s != seat]
        if not partners:
            raise Refusal("Your partner is the computer, which can't read messages, so there's nobody to pass "
                          "this to.")
        entry = (self.state_of(live.row).get("threads") or {}).get(str(side))
        if entry is not None:
            raise Refusal(f"Your partnership has a private thread for this: <#{entry['id']}>. Write there; the "
                          "other side can't read it.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        sender = live.names[seat]
        closed = []
        for partner in partners:
            member_id = live.row.seats[partner].member_id
            assert member_id is not None
            try:
                dm = await self.bot.create_dm(discord.Object(member_id))
                async with self.bot.publisher.limits.write(dm.id):
                    await dm.send(f"**{sender}** (your partner at {rules.title} table #{live.table_id}): {text}",
                                  allowed_mentions=discord.AllowedMentions.none())
            except discord.Forbidden as err:
                if err.code != DM_CLOSED:
                    raise
                closed.append(live.names[partner])
        if not closed:
            await interaction.followup.send("Sent to your partner." if len(partners) == 1 else
                                            "Sent to your partners.", ephemeral=True)
            return
        sent = len(partners) - len(closed)
        await interaction.followup.send(
            f"I couldn't pass that on to {together(closed)}: their direct messages are closed to me, so nothing "
            f"reached them.{' It did reach the others.' if sent else ''} They can open them in this server's "
            "privacy settings.", ephemeral=True)

    # -- the end ---------------------------------------------------------------------------------
    async def close(self, guild_id: int, table_id: int, live: Live | None = None) -> None:
        """The table is over (finished, ended, or found so on a restart): each thread gets a last
        line and is archived and locked, once. A thread already gone (its channel removed) is
        simply skipped."""
        try:
            async with self._lock(guild_id, table_id):
                store = await self.bot.stores.guild(guild_id)
                row = await store.get_table(table_id)
                talk = self.state_of(row) if row is not None else {}
                if row is None or not talk or talk.get("closed"):
                    return
                for entry in (talk.get("threads") or {}).values():
                    await self._close_thread(int(entry["id"]))
                talk["closed"] = True
                await self._store(guild_id, table_id, talk, live)
        except Exception:
            log.exception("could not close the partners' threads", extra=table_extra(guild_id, table_id))
        finally:
            self.locks.pop((guild_id, table_id), None)

    async def _close_thread(self, thread_id: int) -> None:
        try:
            await self.bot.publisher.post(thread_id, CLOSED)
        except discord.NotFound:
            return  # removed with the table's channel
        except discord.HTTPException as err:
            log.info("could not post the last line in thread %s (%s)", thread_id, err.status)
        reason = "The Parlour table is over"
        try:
            await self.bot.http.edit_channel(thread_id, archived=True, locked=True, reason=reason)
        except discord.Forbidden:  # locking asks for Manage Threads; archiving it is the next best
            try:
                await self.bot.http.edit_channel(thread_id, archived=True, reason=reason)
            except discord.HTTPException as err:
                log.info("could not archive thread %s (%s)", thread_id, err.status)
        except discord.HTTPException as err:
            log.info("could not close thread %s (%s)", thread_id, err.status)

    async def close_finished(self, guild_id: int, rows: list[TableRow]) -> None:
        """On a restart: tables that ended while their threads were still open (the bot stopped
        in between)."""
        for row in rows:
            talk = self.state_of(row)
            if talk.get("threads") and not talk.get("closed"):
                await self.close(guild_id, row.id)
