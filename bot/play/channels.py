"""Where a table is played: a text channel under the guild's Parlour category (players write,
everyone else reads; only players see it if tables are private), or a thread when the bot may
not manage channels (a private one, with the players added, if tables are private).

Before anything is opened, ``problem`` says in one sentence what the bot lacks for it, if anything;
once it is open, its permissions are checked again before the table is posted there."""

from __future__ import annotations

import contextlib
import re

import discord

from bot.runtime import permissions
from bot.store.rows import Seat

THREAD_NOTE = ("I don't have the **Manage Channels** permission here, so this table is a thread instead of its "
               "own channel. Give me that permission for tidy table channels.")
PRIVATE_THREAD_NOTE = ("I don't have the **Manage Channels** permission here, so this table is a private thread "
                       "instead of its own channel: only its players (and the server's moderators) see it. Give me "
                       "that permission for tidy table channels.")


class Unfit(Exception):
    """The table's channel or thread was opened but the bot cannot play there; the message says why."""


def channel_name(game: str, table_id: int) -> str:
    return re.sub(r"[^a-z0-9-]", "", f"{game}-{table_id}".lower())[:90]


CATEGORY_LIMIT = 50  # Discord refuses a 51st channel in one category


async def category(guild: discord.Guild, name: str) -> discord.CategoryChannel:
    """The first category called ``name`` (then "name 2", "name 3" …) with room for a channel."""
    for number in range(1, 11):
        wanted = name if number == 1 else f"{name} {number}"
        existing = next((c for c in guild.categories if c.name.lower() == wanted.lower()), None)
        if existing is None:
            return await guild.create_category(wanted, reason="Parlour keeps its tables here")
        if len(existing.channels) < CATEGORY_LIMIT:
            return existing
    raise PermissionError("every Parlour category is full; finish or end some tables first")


def held(guild: discord.Guild) -> discord.Permissions:
    """The bot's permissions in the server (its roles'), which a table channel can give it at most."""
    return guild.me.guild_permissions if guild.me is not None else discord.Permissions.none()


def may_manage(guild: discord.Guild) -> bool:
    return not permissions.missing(held(guild), ["manage_channels"])


def problem(guild: discord.Guild, origin: object, private: bool) -> str | None:
    """What the bot lacks to open a table started from ``origin`` (the lobby's channel), in one
    sentence for the host, or None: a channel of its own if it may manage channels, else a thread
    of ``origin`` (private if tables are private)."""
    if may_manage(guild):
        return permissions.channel_problem(held(guild))
    if not isinstance(origin, discord.TextChannel):
        place = origin.mention if isinstance(origin, discord.abc.GuildChannel | discord.Thread) else "this channel"
        return permissions.no_thread_problem(place)
    me = guild.me
    perms = origin.permissions_for(me) if me is not None else discord.Permissions.none()
    return permissions.thread_problem(perms, origin.mention, private=private)


async def open_table(guild: discord.Guild, origin: discord.abc.Messageable | None, can_manage: bool,
                     game: str, title: str, table_id: int, seats: list[Seat], private: bool,
                     category_name: str) -> tuple[int, bool, str | None]:
    """(channel id, is a thread, a note for the host or None). Raises Unfit if the bot cannot post
    the table where it opened it (the channel or thread is removed again)."""
    name = channel_name(game, table_id)
    me = guild.me
    players = [s.member_id for s in seats if s.member_id is not None and not s.ai]
    if can_manage:
        overwrites: dict[discord.Role | discord.Member | discord.Object, discord.PermissionOverwrite] = {
            guild.default_role: discord.PermissionOverwrite(view_channel=not private, send_messages=False),
        }
        if me is not None:  # only what the bot holds: Discord refuses an overwrite granting more
            overwrites[me] = permissions.bot_grant(held(guild))
        for member_id in players:
            target = guild.get_member(member_id) or discord.Object(member_id, type=discord.Member)
            overwrites[target] = discord.PermissionOverwrite(view_channel=True, send_messages=True)
        parent = await category(guild, category_name)
        channel = await guild.create_text_channel(name, category=parent, overwrites=overwrites,
                                                  topic=f"{title} table #{table_id}", reason="A Parlour table")
        await _check(channel, me, thread=False)
        return channel.id, False, None
    if not isinstance(origin, discord.TextChannel):
        raise PermissionError("I need the Manage Channels permission, or a text channel to start a thread in.")
    if private:
        thread = await origin.create_thread(name=name, type=discord.ChannelType.private_thread, invitable=False,
                                            reason="A Parlour table")
        try:
            for member_id in players:
                await thread.add_user(discord.Object(member_id))
        except discord.HTTPException:
            with contextlib.suppress(discord.HTTPException):
                await thread.delete()
            raise
        note = PRIVATE_THREAD_NOTE
    else:
        thread = await origin.create_thread(name=name, type=discord.ChannelType.public_thread,
                                            reason="A Parlour table")
        note = THREAD_NOTE
    await _check(thread, me, thread=True)
    return thread.id, True, note


async def _check(place: discord.TextChannel | discord.Thread, me: discord.Member | None, *, thread: bool) -> None:
    """Before the table is posted: may the bot post it there? If not, the place goes again."""
    try:
        perms = place.permissions_for(me) if me is not None else discord.Permissions.none()
    except discord.ClientException:  # a thread whose channel is not known: Discord will say
        return
    found = permissions.table_problem(perms, place.mention, thread=thread)
    if found is None:
        return
    with contextlib.suppress(discord.HTTPException):
        await place.delete()
    raise Unfit(found)
