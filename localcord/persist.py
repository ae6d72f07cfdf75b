"""The local world kept in one SQLite file, so that a stopped program starts again with every guild,
channel, message and picture where it was.

Guilds, users, channels and commands are small: they are written whole, as one JSON document, when
any of them changes. Messages (with their pictures) and interactions are many: each is written when
it changes. Writes are gathered for a moment and made in one transaction; ``flush`` makes them at
once (on a clean stop)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from .model import Attachment, Channel, Guild, InteractionRecord, Member, Message, Overwrite, Role, User, World

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS messages (id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS attachments (id INTEGER PRIMARY KEY, message_id INTEGER NOT NULL, data BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS attachments_by_message ON attachments (message_id);
CREATE TABLE IF NOT EXISTS interactions (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
"""
FORMAT = 1
DELAY = 0.05  # seconds of changes gathered into one write


class WorldFile:
    """``load`` a world (or None for a fresh start), then ``attach`` it: every change is saved."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        self.world: World | None = None
        self._structure = False
        self._messages: dict[int, Message] = {}
        self._interactions: dict[int, InteractionRecord] = {}
        self._timer: asyncio.TimerHandle | None = None

    # --- saving --------------------------------------------------------------------------------------
    def attach(self, world: World) -> None:
        self.world = world
        world.listeners.append(self._changed)
        self._structure = True
        self._messages.update({m.id: m for m in world.messages.values()})
        self._interactions.update(world.interactions)

    def _changed(self, kind: str, subject: Any) -> None:
        if kind in ("message", "delete"):
            self._messages[subject.id] = subject
        elif kind == "interaction":
            self._interactions[subject.id] = subject
        else:
            self._structure = True
        if self._timer is None:
            # Without a running loop (a world built before the server starts), the next flush saves it.
            with contextlib.suppress(RuntimeError):
                self._timer = asyncio.get_running_loop().call_later(DELAY, self.flush)

    def flush(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        world = self.world
        if world is None:
            return
        messages, self._messages = self._messages, {}
        interactions, self._interactions = self._interactions, {}
        structure, self._structure = self._structure, False
        with self.db:
            self.db.execute("BEGIN")
            if structure:
                self.db.execute("INSERT OR REPLACE INTO meta VALUES ('world', ?)", (json.dumps(_structure(world)),))
                # Messages of channels that are gone go with them.
                live = ",".join(str(c) for c in world.channels) or "0"
                self.db.execute(f"DELETE FROM attachments WHERE message_id IN "
                                f"(SELECT id FROM messages WHERE channel_id NOT IN ({live}))")
                self.db.execute(f"DELETE FROM messages WHERE channel_id NOT IN ({live})")
            for message in messages.values():
                self._save_message(message)
            for rec in interactions.values():
                self.db.execute("INSERT OR REPLACE INTO interactions VALUES (?, ?)", (rec.id, json.dumps(_rec(rec))))

    def _save_message(self, message: Message) -> None:
        gone = message.deleted or message.dismissed or message.channel.deleted
        if gone:
            self.db.execute("DELETE FROM messages WHERE id = ?", (message.id,))
            self.db.execute("DELETE FROM attachments WHERE message_id = ?", (message.id,))
            return
        self.db.execute("INSERT OR REPLACE INTO messages VALUES (?, ?, ?)",
                        (message.id, message.channel.id, json.dumps(_message(message))))
        kept = [a.id for a in message.attachments]
        marks = ",".join("?" * len(kept)) or "NULL"
        self.db.execute(f"DELETE FROM attachments WHERE message_id = ? AND id NOT IN ({marks})",
                        (message.id, *kept))
        for a in message.attachments:
            self.db.execute("INSERT OR IGNORE INTO attachments VALUES (?, ?, ?)", (a.id, message.id, a.data))

    def close(self) -> None:
        self.flush()
        self.db.close()

    # --- loading -------------------------------------------------------------------------------------
    def load(self, bot_name: str = "Parlour") -> World | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = 'world'").fetchone()
        if row is None:
            return None
        data = json.loads(row[0])
        if data.get("format") != FORMAT:
            raise ValueError(f"{self.path} was written by another version of the local Discord")
        world = World(bot_name)
        world.application_id = int(data["application_id"])
        world.users = {int(u["id"]): User(int(u["id"]), u["name"], u["bot"], u["dm_closed"]) for u in data["users"]}
        world.bot = world.users[world.application_id]
        world.owner = world.users[int(data["owner_id"])]
        for g in data["guilds"]:
            guild = Guild(int(g["id"]), g["name"], int(g["owner_id"]), world, joined_at=g["joined_at"])
            guild.roles = {int(r["id"]): Role(int(r["id"]), r["name"], r["permissions"], r["position"], r["bot_id"])
                           for r in g["roles"]}
            guild.members = {int(m["user_id"]): Member(world.users[int(m["user_id"])], m["roles"], m["joined_at"])
                             for m in g["members"]}
            for c in g["channels"]:
                channel = _channel(c, guild=guild)
                guild.channels[channel.id] = world.channels[channel.id] = channel
            world.guilds[guild.id] = guild
        for c in data["dms"]:
            channel = _channel(c, recipient=world.users[int(c["recipient_id"])])
            world.channels[channel.id] = world.dm_channels[channel.recipient.id] = channel  # type: ignore[union-attr]
        world.commands = {(int(k) if k != "global" else None): v for k, v in data["commands"].items()}
        pictures: dict[int, bytes] = dict(self.db.execute("SELECT id, data FROM attachments"))
        raw_messages = [json.loads(d) for (d,) in self.db.execute("SELECT data FROM messages ORDER BY id")]
        for m in raw_messages:
            where = world.channels.get(int(m["channel_id"]))
            if where is None:
                continue
            message = Message(int(m["id"]), where, world.users[int(m["author_id"])], m["content"], m["embeds"],
                              m["components"], [Attachment(int(a["id"]), a["filename"], pictures.get(int(a["id"]), b""),
                                                           a["url"], a["description"]) for a in m["attachments"]],
                              m["flags"], m["type"], m["timestamp"], m["edited_timestamp"])
            world.messages[message.id] = message
            if not message.ephemeral:
                where.messages.append(message)
        for (d,) in self.db.execute("SELECT data FROM interactions ORDER BY id"):
            r = json.loads(d)
            place = world.channels.get(int(r["channel_id"]))
            user = world.users.get(int(r["user_id"]))
            if place is None or user is None:
                continue
            # Answered long ago as far as the bot is concerned: a restarted bot holds no token of it.
            rec = InteractionRecord(int(r["id"]), r["token"], r["type"], world.application_id, user, place,
                                    r["payload"], world.messages.get(r["source_id"] or 0),
                                    created=time.monotonic() - 3600, callbacks=r["callbacks"],
                                    message=world.messages.get(r["message_id"] or 0),
                                    followups=[world.messages[i] for i in r["followup_ids"] if i in world.messages])
            world.interactions[rec.id] = rec
            for answer in [rec.message, *rec.followups]:
                if answer is not None:
                    answer.interaction = rec
        newest = max([world.application_id, *world.users, *world.channels, *world.messages, *world.interactions,
                      *world.guilds])
        world.ids.advance_past(newest)
        world.http_base = data.get("http_base", "")
        return world


def rebase(world: World, http_base: str) -> None:
    """Attachment addresses name the server's address; after a start on another port, they follow it."""
    old = world.http_base
    world.http_base = http_base
    if not old or old == http_base:
        return
    for message in world.messages.values():
        for a in message.attachments:
            a.url = a.url.replace(old, http_base, 1)
        for embed in message.embeds:
            for key in ("image", "thumbnail"):
                if isinstance(embed.get(key), dict) and str(embed[key].get("url", "")).startswith(old):
                    url = http_base + embed[key]["url"][len(old):]
                    embed[key] = {**embed[key], "url": url, "proxy_url": url}


# --- (de)serialising ----------------------------------------------------------------------------------
def _structure(world: World) -> dict[str, Any]:
    return {
        "format": FORMAT, "application_id": world.application_id, "owner_id": world.owner.id,
        "http_base": world.http_base,
        "users": [{"id": u.id, "name": u.name, "bot": u.bot, "dm_closed": u.dm_closed} for u in world.users.values()],
        "guilds": [{
            "id": g.id, "name": g.name, "owner_id": g.owner_id, "joined_at": g.joined_at,
            "roles": [{"id": r.id, "name": r.name, "permissions": r.permissions, "position": r.position,
                       "bot_id": r.bot_id} for r in g.roles.values()],
            "members": [{"user_id": m.user.id, "roles": m.roles, "joined_at": m.joined_at} for m in g.members.values()],
            "channels": [_channel_json(c) for c in g.channels.values() if not c.deleted],
        } for g in world.guilds.values()],
        "dms": [{**_channel_json(c), "recipient_id": c.recipient.id}
                for c in world.dm_channels.values() if c.recipient is not None],
        "commands": {("global" if k is None else str(k)): v for k, v in world.commands.items()},
    }


_CHANNEL_FIELDS = ("id", "type", "name", "parent_id", "position", "topic", "owner_id", "archived", "locked",
                   "auto_archive_duration", "invitable")


def _channel_json(c: Channel) -> dict[str, Any]:
    data = {k: getattr(c, k) for k in _CHANNEL_FIELDS}
    data.update(overwrites=[o.to_json() for o in c.overwrites], thread_members=sorted(c.thread_members))
    return data


def _channel(data: dict[str, Any], guild: Guild | None = None, recipient: User | None = None) -> Channel:
    fields = {k: data[k] for k in _CHANNEL_FIELDS}
    return Channel(**fields, guild=guild, recipient=recipient,
                   overwrites=[Overwrite.from_json(o) for o in data["overwrites"]],
                   thread_members=set(data["thread_members"]))


def _message(m: Message) -> dict[str, Any]:
    return {
        "id": m.id, "channel_id": m.channel.id, "author_id": m.author.id, "content": m.content, "embeds": m.embeds,
        "components": m.components_raw, "flags": m.flags, "type": m.type, "timestamp": m.timestamp,
        "edited_timestamp": m.edited_timestamp, "interaction_id": m.interaction.id if m.interaction else None,
        "attachments": [{"id": a.id, "filename": a.filename, "url": a.url, "description": a.description}
                        for a in m.attachments],
    }


def _rec(rec: InteractionRecord) -> dict[str, Any]:
    payload = {k: v for k, v in rec.payload.items() if k in ("authorizing_integration_owners", "data")}
    return {
        "id": rec.id, "token": rec.token, "type": rec.type, "user_id": rec.user.id, "channel_id": rec.channel.id,
        "payload": payload, "source_id": rec.source.id if rec.source else None, "callbacks": rec.callbacks,
        "message_id": rec.message.id if rec.message else None, "followup_ids": [m.id for m in rec.followups],
    }
