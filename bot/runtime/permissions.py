"""What the bot needs where it plays, and, where it lacks something, one plain sentence for the host:
what is missing and how a server manager grants it. Pure functions over ``discord.Permissions``.

Discord lets an app answer an interaction (the lobby is the answer to /play) with embeds and files
whatever its permissions; everything else the bot posts needs the permissions below."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

LABELS: dict[str, str] = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "attach_files": "Attach Files",
    "embed_links": "Embed Links",
    "read_message_history": "Read Message History",
    "manage_channels": "Manage Channels",
    "create_public_threads": "Create Public Threads",
    "create_private_threads": "Create Private Threads",
}
# What a table channel's overwrite gives the bot, of what it holds in the server: Discord refuses
# (50013) an overwrite allowing a permission the bot does not hold itself.
TABLE_GRANTS = ("view_channel", "send_messages", "attach_files", "embed_links", "read_message_history")
CHANNEL_SETTINGS = "Edit Channel → Permissions"
ROLE_SETTINGS = "Server Settings → Roles"
AGAIN = "then press **Start** again"


def missing(perms: discord.Permissions, needed: Iterable[str]) -> list[str]:
    """The permissions of ``needed`` (attribute names) that ``perms`` lacks; an administrator lacks none."""
    if perms.administrator:
        return []
    return [name for name in needed if not getattr(perms, name)]


def _member_permissions(interaction: discord.Interaction[Any]) -> discord.Permissions | None:
    """The server permissions of the member who used a command; None outside a server."""
    return getattr(interaction.user, "guild_permissions", None)


def manages_server(interaction: discord.Interaction[Any]) -> bool:
    """Whether the member may manage the server (Manage Server), whatever Discord showed them: who may
    change Parlour's settings and reset stakes. Nobody does outside a server."""
    perms = _member_permissions(interaction)
    return perms is not None and bool(perms.manage_guild)


def manages_tables(interaction: discord.Interaction[Any]) -> bool:
    """Whether the member may stop anyone's table: one who manages the server (as ``manages_server``)
    or its channels (Manage Channels), since a table is a channel or thread of the server."""
    perms = _member_permissions(interaction)
    return perms is not None and bool(perms.manage_guild or perms.manage_channels)


def listed(names: list[str]) -> str:
    """**A**, **A** and **B**, **A**, **B** and **C**."""
    shown = [f"**{LABELS.get(n, n.replace('_', ' ').title())}**" for n in names]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def _them(names: list[str]) -> str:
    return "it" if len(names) == 1 else "them"


def bot_grant(held: discord.Permissions) -> discord.PermissionOverwrite:
    """The bot's overwrite in a new table channel: of TABLE_GRANTS, only what it holds in the server."""
    return discord.PermissionOverwrite(**{name: True for name in TABLE_GRANTS if not missing(held, [name])})


def post_problem(perms: discord.Permissions, place: str, *, thread: bool = False,
                 also: tuple[str, ...] = ()) -> str | None:
    """Why the bot cannot post in ``place`` (its permissions there ``perms``; a thread's are its
    parent's), needing ``also`` besides; None if it can."""
    send = "send_messages_in_threads" if thread else "send_messages"
    lacking = missing(perms, ("view_channel", send, *also))
    if not lacking:
        return None
    settings = "its channel's settings" if thread else "the channel's settings"
    return (f"I can't post in {place}: I need {listed(lacking)} there. A server manager can give {_them(lacking)} "
            f"to me in {settings} ({CHANNEL_SETTINGS}).")


def lobby_problem(perms: discord.Permissions, place: str, *, thread: bool = False) -> str | None:
    """/play: the lobby itself is the command's answer, which Discord always shows, but its results,
    rematches and a table's thread go into ``place`` as the bot's own messages."""
    return post_problem(perms, place, thread=thread)


def channel_problem(held: discord.Permissions) -> str | None:
    """A table in a channel of its own: the channel can give the bot only what it holds in the
    server (``held``), and the table is a picture."""
    lacking = missing(held, ("view_channel", "send_messages", "attach_files"))
    if not lacking:
        return None
    picture = ", since the table is a picture" if "attach_files" in lacking else ""
    return (f"I can't start this table: I need {listed(lacking)} in this server to show it in a channel of its "
            f"own{picture}. A server manager can give {_them(lacking)} to my role in {ROLE_SETTINGS}; {AGAIN}.")


def thread_problem(perms: discord.Permissions, place: str, *, private: bool) -> str | None:
    """A table in a thread of ``place`` (the bot's permissions there ``perms``), because the bot may
    not manage channels; a private thread when the server's tables are private, never a public one."""
    create = "create_private_threads" if private else "create_public_threads"
    lacking = missing(perms, ("view_channel", create, "send_messages_in_threads", "attach_files"))
    if not lacking:
        return None
    kind = "a private thread" if private else "a thread"
    aside = " (tables here are private, so not in a public one)" if private and create in lacking else ""
    return (f"I can't start this table: I need **Manage Channels** to give it a channel of its own, or "
            f"{listed(lacking)} in {place} to play it in {kind}{aside}. A server manager can grant these in "
            f"{ROLE_SETTINGS}, or for {place} alone in {CHANNEL_SETTINGS}; {AGAIN}.")


def no_thread_problem(place: str) -> str:
    """No Manage Channels, and ``place`` cannot hold a thread (it is a thread itself)."""
    return (f"I can't start this table: I need **Manage Channels** to give it a channel of its own, as a table "
            f"can't be a thread inside {place}. A server manager can give it to my role in {ROLE_SETTINGS}; "
            f"{AGAIN}.")


def table_problem(perms: discord.Permissions, place: str, *, thread: bool) -> str | None:
    """The table's channel or thread, once open: the bot posts the table's picture there."""
    return post_problem(perms, place, thread=thread, also=("attach_files",))
