"""Where a table is played: a text channel under the guild's Parlour category (players write,
everyone else reads; only players see it if tables are private), or a thread when the bot may
not manage channels."""

from __future__ import annotations

import re

import discord

from .store.rows import Seat

THREAD_NOTE = ("I don't have the **Manage Channels** permission here, so this table is a thread instead of its "
               "own channel. Give me that permission for tidy table channels.")


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


async def open_table(guild: discord.Guild, origin: discord.abc.Messageable | None, can_manage: bool,
                     game: str, title: str, table_id: int, seats: list[Seat], private: bool,
                     category_name: str) -> tuple[int, bool, str | None]:
    """(channel id, is a thread, a note for the host or None)."""
    name = channel_name(game, table_id)
    if can_manage:
        me = guild.me
        overwrites: dict[discord.Role | discord.Member | discord.Object, discord.PermissionOverwrite] = {
            guild.default_role: discord.PermissionOverwrite(view_channel=not private, send_messages=False),
        }
        if me is not None:
            overwrites[me] = discord.PermissionOverwrite(view_channel=True, send_messages=True, attach_files=True,
                                                         embed_links=True, read_message_history=True)
        for seat in seats:
            if seat.member_id is not None and not seat.ai:
                target = guild.get_member(seat.member_id) or discord.Object(seat.member_id, type=discord.Member)
                overwrites[target] = discord.PermissionOverwrite(view_channel=True, send_messages=True)
        parent = await category(guild, category_name)
        channel = await guild.create_text_channel(name, category=parent, overwrites=overwrites,
                                                  topic=f"{title} table #{table_id}", reason="A Parlour table")
        return channel.id, False, None
    if not isinstance(origin, discord.TextChannel):
        raise PermissionError("I need the Manage Channels permission, or a text channel to start a thread in.")
    thread = await origin.create_thread(name=name, type=discord.ChannelType.public_thread,
                                        reason="A Parlour table")
    return thread.id, True, THREAD_NOTE
