"""The stand-in's in-memory world: users, guilds with roles, members and channels, messages, application
commands and interactions, each able to render itself as the JSON Discord would send."""

from __future__ import annotations

import asyncio
import datetime
import struct
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import discord

DISCORD_EPOCH = 1420070400000
P = discord.Permissions
ALL_PERMISSIONS = P.all().value
ADMINISTRATOR = P(administrator=True).value
VIEW_CHANNEL = P(view_channel=True).value
SEND_MESSAGES = P(send_messages=True).value
MANAGE_THREADS = P(manage_threads=True).value
EVERYONE_DEFAULT = (
    P.text() | P(view_channel=True, create_instant_invite=True, change_nickname=True, connect=True, speak=True)
).value & ~P(mention_everyone=True, manage_messages=True, manage_threads=True, send_tts_messages=True).value
DM_PERMISSIONS = P(
    view_channel=True, send_messages=True, embed_links=True, attach_files=True, read_message_history=True,
    add_reactions=True, use_external_emojis=True, use_application_commands=True,
).value
EPHEMERAL, LOADING = 64, 128
THREAD_TYPES = (10, 11, 12)


def perm_value(permissions: int | P) -> int:
    return permissions.value if isinstance(permissions, P) else int(permissions)


def iso(ts: float | None = None) -> str:
    return datetime.datetime.fromtimestamp(time.time() if ts is None else ts, datetime.UTC).isoformat()


def snowflake_shard(snowflake: int, shard_count: int) -> int:
    return (snowflake >> 22) % shard_count


class Snowflakes:
    """Increasing ids with a realistic timestamp part; one millisecond per id so shards can be chosen."""

    def __init__(self) -> None:
        self._ms = int(time.time() * 1000) - DISCORD_EPOCH
        self._n = 0

    def next(self, shard: tuple[int, int] | None = None) -> int:
        self._ms += 1
        while shard and self._ms % shard[1] != shard[0]:
            self._ms += 1
        self._n = (self._n + 1) & 0xFFF
        return (self._ms << 22) | self._n

    def advance_past(self, snowflake: int) -> None:
        """Ids after a reload come after every id already given."""
        self._ms = max(self._ms, (snowflake >> 22) + 1)


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    dm_closed: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "username": self.name, "global_name": self.name, "discriminator": "0",
            "avatar": None, "public_flags": 0, "flags": 0, "primary_guild": None,
        }
        if self.bot:
            data["bot"] = True
        return data

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    bot_id: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "name": self.name, "permissions": str(self.permissions), "position": self.position,
            "color": 0, "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False, "managed": self.bot_id is not None, "mentionable": False, "icon": None,
            "unicode_emoji": None, "flags": 0, "description": None,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class Member:
    user: User
    roles: list[int]
    joined_at: str = field(default_factory=iso)

    def __repr__(self) -> str:
        return f"<Member {self.user.name}>"

    def to_json(self, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": self.user.to_json(), "roles": [str(r) for r in self.roles], "joined_at": self.joined_at,
            "flags": 0, "nick": None, "avatar": None, "banner": None, "deaf": False, "mute": False,
            "pending": False, "premium_since": None, "communication_disabled_until": None,
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Overwrite:
    id: int
    type: int  # 0 role, 1 member
    allow: int = 0
    deny: int = 0

    @classmethod
    def for_member(cls, user: User, allow: int = 0, deny: int = 0) -> Overwrite:
        return cls(user.id, 1, allow, deny)

    @classmethod
    def for_role(cls, role: Role, allow: int = 0, deny: int = 0) -> Overwrite:
        return cls(role.id, 0, allow, deny)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Overwrite:
        return cls(int(data["id"]), int(data.get("type", 0)), int(data.get("allow") or 0), int(data.get("deny") or 0))

    def to_json(self) -> dict[str, Any]:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow), "deny": str(self.deny)}


@dataclass(eq=False)
class Channel:
    id: int
    type: int  # 0 text, 1 DM, 4 category, 11/12 public/private thread
    name: str | None
    guild: Guild | None = None
    parent_id: int | None = None
    position: int = 0
    overwrites: list[Overwrite] = field(default_factory=list)
    topic: str | None = None
    owner_id: int | None = None  # threads
    recipient: User | None = None  # DMs
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    invitable: bool = True  # private threads: whether members who are not moderators may add others
    thread_members: set[int] = field(default_factory=set)
    messages: list[Message] = field(default_factory=list)  # visible to everyone: no ephemeral, no deleted
    deleted: bool = False

    def __repr__(self) -> str:
        return f"<Channel {self.id} type={self.type} {self.name or self.recipient!r}>"

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def parent(self) -> Channel | None:
        return self.guild.channels.get(self.parent_id) if self.guild and self.parent_id else None

    @property
    def last_message(self) -> Message | None:
        return self.messages[-1] if self.messages else None

    def to_json(self) -> dict[str, Any]:
        last = str(self.messages[-1].id) if self.messages else None
        if self.type == 1:
            assert self.recipient is not None
            return {"id": str(self.id), "type": 1, "flags": 0, "last_message_id": last,
                    "recipients": [self.recipient.to_json()]}
        assert self.guild is not None
        data: dict[str, Any] = {
            "id": str(self.id), "type": self.type, "guild_id": str(self.guild.id), "name": self.name,
            "position": self.position, "flags": 0, "parent_id": str(self.parent_id) if self.parent_id else None,
            "permission_overwrites": [o.to_json() for o in self.overwrites], "nsfw": False,
        }
        if self.type != 4:
            data.update(last_message_id=last, rate_limit_per_user=0, topic=self.topic)
        if self.is_thread:
            del data["permission_overwrites"], data["position"], data["topic"]
            data.update(
                owner_id=str(self.owner_id), message_count=len(self.messages), total_message_sent=len(self.messages),
                member_count=len(self.thread_members), member_ids_preview=[str(m) for m in self.thread_members],
                thread_metadata={"archived": self.archived, "locked": self.locked, "archive_timestamp": iso(),
                                 "auto_archive_duration": self.auto_archive_duration, "create_timestamp": iso()},
            )
            if self.type == 12:
                data["thread_metadata"]["invitable"] = self.invitable
        return data


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None

    def __repr__(self) -> str:
        return f"<Attachment {self.filename} {len(self.data)} bytes>"

    @property
    def content_type(self) -> str:
        return "image/png" if self.data.startswith(b"\x89PNG\r\n\x1a\n") else "application/octet-stream"

    @property
    def size(self) -> int:
        return len(self.data)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "filename": self.filename, "size": self.size, "url": self.url,
            "proxy_url": self.url, "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.content_type == "image/png" and len(self.data) >= 24:
            data["width"], data["height"] = struct.unpack(">II", self.data[16:24])
        return data


@dataclass(frozen=True)
class Component:
    """One interactive or display component, flattened out of its rows and containers."""

    type: int
    custom_id: str | None
    label: str | None
    style: int | None
    options: list[dict[str, Any]]
    disabled: bool
    url: str | None
    raw: dict[str, Any]

    @property
    def values(self) -> list[str]:
        return [o["value"] for o in self.options]


def flatten_components(components: Iterable[dict[str, Any]]) -> Iterator[Component]:
    for c in components:
        children = list(c.get("components", []))
        if c.get("accessory"):
            children.append(c["accessory"])
        if c.get("component"):  # label (type 18)
            children.append(c["component"])
        if c["type"] not in (1, 9, 17, 18):
            yield Component(c["type"], c.get("custom_id"), c.get("label"), c.get("style"), list(c.get("options", [])),
                            bool(c.get("disabled", False)), c.get("url"), c)
        yield from flatten_components(children)


@dataclass(eq=False)
class Message:
    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components_raw: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso)
    edited_timestamp: str | None = None
    interaction: InteractionRecord | None = None  # set on interaction responses and follow-ups
    deleted: bool = False
    dismissed: bool = False  # an ephemeral message its reader closed

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def __repr__(self) -> str:
        return f"<Message {self.id} by {self.author.name} in {self.channel.id}: {self.content[:40]!r}>"

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def components(self) -> list[Component]:
        return list(flatten_components(self.components_raw))

    def component(self, custom_id: str | None = None, *, label: str | None = None) -> Component:
        for c in self.components:
            if (custom_id is not None and c.custom_id == custom_id) or (label is not None and c.label == label):
                return c
        raise LookupError(f"no component {custom_id or label!r} on message {self.id}: "
                          f"{[(c.custom_id, c.label) for c in self.components]}")

    def to_json(self, with_guild: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel.id), "type": self.type, "content": self.content,
            "author": self.author.to_json(), "embeds": self.embeds, "components": self.components_raw,
            "attachments": [a.to_json() for a in self.attachments], "flags": self.flags,
            "timestamp": self.timestamp, "edited_timestamp": self.edited_timestamp, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "pinned": False,
        }
        if self.interaction is not None:
            rec = self.interaction
            data["webhook_id"] = data["application_id"] = str(rec.application_id)
            data["interaction_metadata"] = {
                "id": str(rec.id), "type": rec.type, "user": rec.user.to_json(),
                "authorizing_integration_owners": rec.payload.get("authorizing_integration_owners", {}),
            }
            if rec.source is not None:
                data["interaction_metadata"]["interacted_message_id"] = str(rec.source.id)
        if with_guild and self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
        return data


@dataclass(eq=False)
class InteractionRecord:
    """One interaction the harness sent and everything the bot answered to it."""

    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete
    application_id: int
    user: User
    channel: Channel
    payload: dict[str, Any]
    source: Message | None = None  # the message a component was on
    created: float = field(default_factory=time.monotonic)
    callbacks: list[dict[str, Any]] = field(default_factory=list)
    message: Message | None = None  # the message the response created or edited
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None  # autocomplete
    modal: dict[str, Any] | None = None
    responded: asyncio.Event = field(default_factory=asyncio.Event)

    def __repr__(self) -> str:
        return f"<Interaction {self.id} type={self.type} by {self.user.name} response={self.response_type}>"

    @property
    def response_type(self) -> int | None:
        return self.callbacks[0]["type"] if self.callbacks else None

    async def wait_response(self, timeout: float = 5.0) -> InteractionRecord:
        try:
            await asyncio.wait_for(self.responded.wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"the bot did not answer interaction {self.id} within {timeout} s") from None
        return self

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def content(self) -> str | None:
        return self.message.content if self.message else None

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message else []

    @property
    def components(self) -> list[Component]:
        return self.message.components if self.message else []

    @property
    def attachments(self) -> list[Attachment]:
        return self.message.attachments if self.message else []


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    world: World
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)  # includes categories and threads
    joined_at: str = field(default_factory=iso)

    def __repr__(self) -> str:
        return f"<Guild {self.id} {self.name}>"

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def shard_id(self, shard_count: int) -> int:
        return snowflake_shard(self.id, shard_count)

    def add_role(self, name: str, permissions: int | P = 0, *, bot_id: int | None = None) -> Role:
        role = Role(self.world.ids.next(), name, perm_value(permissions),
                    position=len(self.roles), bot_id=bot_id)
        self.roles[role.id] = role
        self.world.emit("GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": role.to_json()}, self.id)
        return role

    def set_role_permissions(self, role: Role, permissions: int | P) -> None:
        """A server manager changes a role's permissions (Server Settings → Roles)."""
        role.permissions = perm_value(permissions)
        self.world.emit("GUILD_ROLE_UPDATE", {"guild_id": str(self.id), "role": role.to_json()}, self.id)

    def set_overwrite(self, channel: Channel, overwrite: Overwrite) -> None:
        """A server manager sets one role's or member's overwrite on a channel (Edit Channel → Permissions)."""
        channel.overwrites = [o for o in channel.overwrites if o.id != overwrite.id] + [overwrite]
        self.world.emit("CHANNEL_UPDATE", channel.to_json(), self.id)

    def add_member(self, user: User, permissions: int | P | None = None, *, manager: bool = False,
                   roles: Iterable[Role] = ()) -> Member:
        """Adds a member; `permissions` become a role of their own, `manager` adds Manage Server."""
        role_ids = [r.id for r in roles]
        extra = perm_value(permissions or 0) | (P(manage_guild=True).value if manager else 0)
        if extra:
            role_ids.append(self.add_role(f"{user.name} perms", extra).id)
        member = self.members[user.id] = Member(user, role_ids)
        self.world.emit("GUILD_MEMBER_ADD", {**member.to_json(), "guild_id": str(self.id)}, self.id, intent=1 << 1)
        return member

    def add_category(self, name: str, overwrites: Iterable[Overwrite] = ()) -> Channel:
        return self.add_channel(name, 4, overwrites=overwrites)

    def add_text_channel(self, name: str, *, category: Channel | None = None,
                         overwrites: Iterable[Overwrite] = (), topic: str | None = None) -> Channel:
        return self.add_channel(name, 0, parent=category, overwrites=overwrites, topic=topic)

    def add_channel(self, name: str, type: int, *, parent: Channel | None = None,
                    overwrites: Iterable[Overwrite] = (), topic: str | None = None) -> Channel:
        position = sum(1 for c in self.channels.values() if not c.is_thread)
        channel = Channel(self.world.ids.next(), type, name, self, parent.id if parent else None, position,
                          list(overwrites), topic)
        self.channels[channel.id] = channel
        self.world.channels[channel.id] = channel
        self.world.emit("CHANNEL_CREATE", channel.to_json(), self.id)
        return channel

    def channel(self, name: str) -> Channel:
        for c in self.channels.values():
            if c.name == name and not c.deleted:
                return c
        raise LookupError(f"no channel {name!r} in {self.name}: {[c.name for c in self.channels.values()]}")

    def base_permissions(self, user_id: int) -> int:
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user_id)
        if member is None:
            return 0
        perms = self.everyone.permissions
        for role_id in member.roles:
            perms |= self.roles[role_id].permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def permissions_for(self, user_id: int, channel: Channel | None = None) -> int:
        """Discord's algorithm: base permissions, then @everyone, role and member overwrites."""
        perms = self.base_permissions(user_id)
        if channel is None or perms & ADMINISTRATOR:
            return perms
        if channel.is_thread and channel.parent is not None:
            channel = channel.parent
        member = self.members[user_id]
        by_id = {o.id: o for o in channel.overwrites}
        if self.id in by_id:
            perms = (perms & ~by_id[self.id].deny) | by_id[self.id].allow
        allow = deny = 0
        for role_id in member.roles:
            if role_id in by_id and by_id[role_id].type == 0:
                allow, deny = allow | by_id[role_id].allow, deny | by_id[role_id].deny
        perms = (perms & ~deny) | allow
        if user_id in by_id and by_id[user_id].type == 1:
            perms = (perms & ~by_id[user_id].deny) | by_id[user_id].allow
        return perms if perms & VIEW_CHANNEL else 0

    def can_view(self, user_id: int, channel: Channel) -> bool:
        """Whether a member sees ``channel`` and its messages: View Channel on it (a thread: on its
        parent); a private thread besides only to its members and to those who may manage threads."""
        perms = self.permissions_for(user_id, channel) if user_id in self.members else 0
        if not perms & VIEW_CHANNEL:
            return False
        if channel.type == 12:
            return user_id in channel.thread_members or bool(perms & (MANAGE_THREADS | ADMINISTRATOR))
        return True

    def to_json(self, members: Iterable[Member] | None = None) -> dict[str, Any]:
        """A GUILD_CREATE payload; by default only the bot's own member, as Discord sends without presences."""
        listed = list(members) if members is not None else [self.members[self.world.bot.id]]
        return {
            "id": str(self.id), "name": self.name, "icon": None, "splash": None, "discovery_splash": None,
            "banner": None, "description": None, "owner_id": str(self.owner_id), "afk_channel_id": None,
            "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0,
            "premium_subscription_count": 0, "premium_progress_bar_enabled": False, "preferred_locale": "en-US",
            "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None,
            "public_updates_channel_id": None, "safety_alerts_channel_id": None, "vanity_url_code": None,
            "features": [], "emojis": [], "stickers": [], "max_members": 500000, "max_video_channel_users": 25,
            "roles": [r.to_json() for r in self.roles.values()],
            "channels": [c.to_json() for c in self.channels.values() if not c.is_thread and not c.deleted],
            "threads": [c.to_json() for c in self.channels.values() if c.is_thread and not c.deleted],
            "members": [m.to_json() for m in listed], "member_count": len(self.members), "large": False,
            "unavailable": False, "joined_at": self.joined_at, "voice_states": [], "presences": [],
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
        }


class World:
    """Everything the stand-in knows. `emit` is wired to the gateway once the server runs."""

    def __init__(self, bot_name: str = "Parlour") -> None:
        self.ids = Snowflakes()
        self.application_id = self.ids.next()
        self.bot = User(self.application_id, bot_name, bot=True)  # a bot's user id is its application's id
        self.owner = User(self.ids.next(), "App Owner")
        self.users: dict[int, User] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.dm_channels: dict[int, Channel] = {}  # by recipient id
        self.messages: dict[int, Message] = {}  # every message incl. ephemeral ones
        self.commands: dict[int | None, list[dict[str, Any]]] = {}  # guild id (None: global) -> commands
        self.interactions: dict[int, InteractionRecord] = {}
        self.http_base = ""  # where the server listens (attachment addresses name it)
        self.dispatch: Callable[..., None] = lambda event, data, guild_id=None, intent=None: None  # the gateway's
        self.listeners: list[Callable[[str, Any], None]] = []  # the page and the world file

    def emit(self, event: str, data: dict[str, Any], guild_id: int | None = None, intent: int | None = None) -> None:
        """A gateway dispatch for the bot; a change to who sees which channel is also told to listeners."""
        self.dispatch(event, data, guild_id, intent)
        if event.startswith(("CHANNEL_", "THREAD_", "GUILD_")):
            self.notify("structure")

    def notify(self, kind: str, subject: Any = None) -> None:
        """Tells every listener of a change: "message" / "delete" (a Message, ephemeral ones too),
        "structure" (guilds, members, channels, threads), "commands", "interaction" (a record)."""
        for listener in list(self.listeners):
            listener(kind, subject)

    def add_user(self, name: str, *, dm_closed: bool = False, bot: bool = False) -> User:
        user = User(self.ids.next(), name, bot=bot, dm_closed=dm_closed)
        self.users[user.id] = user
        return user

    def dm_channel(self, user: User) -> Channel:
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = Channel(self.ids.next(), 1, None, recipient=user)
            self.dm_channels[user.id] = self.channels[channel.id] = channel
        return channel

    def all_commands(self) -> list[dict[str, Any]]:
        return [c for cmds in self.commands.values() for c in cmds]
