"""The guild routes: a guild, its channels (and making one), members and roles."""

from __future__ import annotations

import re
from typing import Any

from ..model import ADMINISTRATOR
from .errors import ApiError, invalid_form, missing_permissions
from .handlers import MANAGE_CHANNELS, MANAGE_ROLES, Handlers
from .records import Req

_GATEWAY_ONLY = {"channels", "threads", "members", "member_count", "large", "unavailable", "joined_at",
                 "voice_states", "presences", "stage_instances", "guild_scheduled_events", "soundboard_sounds"}


class GuildRoutes(Handlers):
    def get_guild(self, r: Req) -> Any:
        guild = self._guild(r)
        data = {k: v for k, v in guild.to_json().items() if k not in _GATEWAY_ONLY}
        if r.call.query.get("with_counts", "").lower() in ("1", "true"):
            data.update(approximate_member_count=len(guild.members), approximate_presence_count=0)
        return data

    def list_guild_channels(self, r: Req) -> Any:
        return [c.to_json() for c in self._guild(r).channels.values() if not c.is_thread and not c.deleted]

    def list_guild_members(self, r: Req) -> Any:
        after = int(r.call.query.get("after", 0))
        members = sorted((m for m in self._guild(r).members.values() if m.user.id > after), key=lambda m: m.user.id)
        return [m.to_json() for m in members[: int(r.call.query.get("limit", 1))]]

    def get_guild_member(self, r: Req) -> Any:
        member = self._guild(r).members.get(r.id("user_id"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return member.to_json()

    def list_guild_roles(self, r: Req) -> Any:
        return [role.to_json() for role in self._guild(r).roles.values()]

    def create_guild_channel(self, r: Req) -> Any:
        guild, body = self._guild(r), r.body
        kind = body.get("type") or 0
        if kind not in (0, 2, 4, 5, 13, 15):
            raise invalid_form("type", f"Channel type {kind} cannot be created here")
        parent = None
        if body.get("parent_id"):
            parent = self.world.channels.get(int(body["parent_id"]))
            if parent is None or parent.guild is not guild or parent.type != 4:
                raise invalid_form("parent_id", "Not a category of this guild")
        bot_id = self.world.bot.id
        perms = guild.permissions_for(bot_id, parent) if parent else guild.base_permissions(bot_id)
        self._require(perms, MANAGE_CHANNELS)
        # A new channel's overwrites may allow or deny only what the bot holds in the guild, and Manage
        # Roles only if it is an administrator (Discord's Create Guild Channel).
        held = guild.base_permissions(bot_id)
        overwrites = self._overwrites(guild, body.get("permission_overwrites"), held)
        if not held & ADMINISTRATOR and any((o.allow | o.deny) & MANAGE_ROLES for o in overwrites):
            raise missing_permissions()
        name = body["name"]
        if kind == 0:  # Discord's text channel names: lower case, dashes for spaces
            name = re.sub(r"[\s-]+", "-", name.strip().lower())
        return guild.add_channel(name, kind, parent=parent, overwrites=overwrites, topic=body.get("topic")).to_json()
