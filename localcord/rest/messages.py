"""Messages: how a create or edit payload becomes a message (its attachments, embeds and components,
all or nothing), told to the bot over the gateway; and the channel message routes."""

from __future__ import annotations

import copy
from typing import Any

from ..model import (
    ADMINISTRATOR,
    EPHEMERAL,
    LOADING,
    SEND_MESSAGES,
    Attachment,
    Channel,
    InteractionRecord,
    Message,
    User,
    iso,
)
from .errors import ApiError, invalid_form
from .handlers import ATTACH_FILES, EMBED_LINKS, MANAGE_MESSAGES, SEND_IN_THREADS, Handlers
from .records import Req

GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 9, 1 << 12


class MessageWriter(Handlers):
    def _apply(self, target: Message, payload: dict[str, Any], files: dict[int, tuple[str, bytes]], *,
               suppressed: bool = False) -> None:
        """Applies a create or edit payload (content, embeds, components, flags, attachments) to a message,
        all or nothing. ``suppressed``: its embeds were dropped (see _embeds_allowed), and a message left
        empty by that is taken as Discord takes it."""
        message = copy.copy(target)
        if "attachments" in payload and payload["attachments"] is not None:
            kept = {a.id: a for a in message.attachments}
            attachments = []
            for i, entry in enumerate(payload["attachments"]):
                ref = int(entry["id"])
                if ref in kept:
                    attachments.append(kept[ref])
                elif ref in files:
                    attachments.append(self._attachment(message, files[ref], entry))
                else:
                    raise invalid_form(f"attachments.{i}.id", f"Unknown attachment or file index {ref}")
            message.attachments = attachments
        elif files:
            message.attachments = message.attachments + [self._attachment(message, files[i], {}) for i in sorted(files)]
        if "content" in payload:
            message.content = payload["content"] or ""
        if "embeds" in payload:
            message.embeds = [self._embed(message, e) for e in payload["embeds"] or []]
        if "components" in payload:
            message.components_raw = _numbered(payload["components"] or [])
        if payload.get("flags") is not None:
            message.flags = (message.flags & EPHEMERAL) | (payload["flags"] & ~(EPHEMERAL | LOADING))
        message.flags &= ~LOADING
        if len(message.content) > 2000:
            raise invalid_form("content", "Must be 2000 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        if not (message.content or message.embeds or message.attachments or message.components_raw or suppressed):
            raise ApiError(400, 50006, "Cannot send an empty message")
        ids = [c.custom_id for c in message.components if c.custom_id is not None]
        if len(ids) != len(set(ids)):
            raise invalid_form("components", "Component custom id cannot be duplicated", "DUPLICATE_CUSTOM_ID")
        target.__dict__.update(message.__dict__)

    def _attachment(self, message: Message, upload: tuple[str, bytes], entry: dict[str, Any]) -> Attachment:
        filename = entry.get("filename") or upload[0]
        aid = self.world.ids.next()
        url = f"{self.world.http_base}/attachments/{message.channel.id}/{message.id}/{aid}/{filename}"
        return Attachment(aid, filename, upload[1], url, entry.get("description"))

    @staticmethod
    def _embed(message: Message, embed: dict[str, Any]) -> dict[str, Any]:
        embed = {"type": "rich", **embed}
        by_name = {a.filename: a for a in message.attachments}
        for key in ("image", "thumbnail"):
            url = (embed.get(key) or {}).get("url", "")
            if url.startswith("attachment://") and url[13:] in by_name:
                a = by_name[url[13:]]
                embed[key] = {**embed[key], "url": a.url, "proxy_url": a.url}
        return embed

    def _new_message(self, channel: Channel, payload: dict[str, Any], files: dict[int, tuple[str, bytes]], *,
                     interaction: InteractionRecord | None = None, ephemeral: bool = False, type: int = 0,
                     loading: bool = False, suppressed: bool = False) -> Message:
        message = Message(self.world.ids.next(), channel, self.world.bot, type=type, interaction=interaction,
                          flags=(EPHEMERAL if ephemeral else 0))
        if loading:
            message.flags |= LOADING
        else:
            self._apply(message, payload, files, suppressed=suppressed)
        self.world.messages[message.id] = message
        if not ephemeral:
            channel.messages.append(message)
            self._emit_message("MESSAGE_CREATE", message)
        self.world.notify("message", message)
        return message

    def member_message(self, channel: Channel, user: User, content: str) -> Message:
        """A message a member writes (on the page), told to the bot as Discord would."""
        message = Message(self.world.ids.next(), channel, user, content)
        self.world.messages[message.id] = message
        channel.messages.append(message)
        self._emit_message("MESSAGE_CREATE", message)
        self.world.notify("message", message)
        return message

    def _emit_message(self, event: str, message: Message) -> None:
        guild = message.channel.guild
        data = message.to_json(with_guild=True)
        if guild is not None and message.author.id in guild.members:
            data["member"] = {k: v for k, v in guild.members[message.author.id].to_json().items() if k != "user"}
        self.world.emit(event, data, guild.id if guild else None, GUILD_MESSAGES if guild else DIRECT_MESSAGES)

    def _edit(self, message: Message, r: Req, *, body: dict[str, Any] | None = None,
              suppressed: bool = False) -> dict[str, Any]:
        was_loading = bool(message.flags & LOADING)
        self._apply(message, (r.body or {}) if body is None else body, r.files, suppressed=suppressed)
        message.edited_timestamp = None if was_loading else iso()
        if not message.ephemeral:
            self._emit_message("MESSAGE_UPDATE", message)
        self.world.notify("message", message)
        return message.to_json()

    def _delete(self, message: Message) -> None:
        message.deleted = True
        self.world.notify("delete", message)
        if message in message.channel.messages:
            message.channel.messages.remove(message)
            guild = message.channel.guild
            data = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if guild is not None:
                data["guild_id"] = str(guild.id)
            self.world.emit("MESSAGE_DELETE", data, guild.id if guild else None,
                            GUILD_MESSAGES if guild else DIRECT_MESSAGES)


class MessageRoutes(MessageWriter):
    def list_messages(self, r: Req) -> Any:
        channel, q = self._channel(r), r.call.query
        messages = channel.messages
        if "before" in q:
            messages = [m for m in messages if m.id < int(q["before"])]
        if "after" in q:
            messages = [m for m in messages if m.id > int(q["after"])]
        return [m.to_json() for m in reversed(messages)][: int(q.get("limit", 50))]

    def create_message(self, r: Req) -> Any:
        channel = self._channel(r)
        if channel.recipient is not None and channel.recipient.dm_closed:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        if channel.type not in (0, 1, 5, 10, 11, 12):
            raise ApiError(400, 50008, "Cannot send messages in a non-text channel")
        if channel.guild is not None:
            need = (SEND_IN_THREADS if channel.is_thread else SEND_MESSAGES) | (ATTACH_FILES if r.files else 0)
            self._require(self._perms(channel), need)
            if channel.is_thread and channel.locked:
                raise ApiError(400, 50083, "Thread is archived")
            if channel.is_thread and channel.archived:  # a message unarchives a thread that is not locked
                channel.archived = False
                self.world.emit("THREAD_UPDATE", channel.to_json(), channel.guild.id)
        body, suppressed = self._embeds_allowed(channel, r.body or {})
        return self._new_message(channel, body, r.files, suppressed=suppressed).to_json()

    def _embeds_allowed(self, channel: Channel, body: dict[str, Any]) -> tuple[dict[str, Any], bool]:
        """Without Embed Links in a guild channel Discord takes the bot's message but drops its embeds
        (nobody sees them; no error). Interaction responses are not concerned: an app may always embed
        there. Returns the body as Discord keeps it, and whether embeds were dropped."""
        if channel.guild is None or not body.get("embeds") or self._perms(channel) & (EMBED_LINKS | ADMINISTRATOR):
            return body, False
        return {**body, "embeds": []}, True

    def get_message(self, r: Req) -> Any:
        channel = self._channel(r)
        return self._message(channel, r).to_json()

    def update_message(self, r: Req) -> Any:
        channel = self._channel(r)
        message = self._message(channel, r)
        if message.author is not self.world.bot:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        if channel.guild is not None and r.files:
            self._require(self._perms(channel), ATTACH_FILES)
        body, suppressed = self._embeds_allowed(channel, r.body or {})
        return self._edit(message, r, body=body, suppressed=suppressed)

    def delete_message(self, r: Req) -> Any:
        channel = self._channel(r)
        message = self._message(channel, r)
        if message.author is not self.world.bot:
            if channel.guild is None:
                raise ApiError(403, 50003, "Cannot execute action on a DM channel")
            self._require(self._perms(channel), MANAGE_MESSAGES)
        self._delete(message)

    def add_my_message_reaction(self, r: Req) -> Any:
        self._message(self._channel(r), r)

    def trigger_typing_indicator(self, r: Req) -> Any:
        self._channel(r)


def _numbered(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Discord gives every component without one an `id`, counting up through the tree."""
    components = copy.deepcopy(components)
    taken = {c["id"] for c in _walk(components) if c.get("id") is not None}
    counter = 0
    for c in _walk(components):
        if c.get("id") is None:
            counter += 1
            while counter in taken:
                counter += 1
            c["id"] = counter
    return components


def _walk(components: list[dict[str, Any]]) -> Any:
    for c in components:
        yield c
        yield from _walk(list(c.get("components", [])) + [x for x in (c.get("accessory"), c.get("component")) if x])

