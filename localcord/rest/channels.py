"""The channel routes: a channel read, changed or deleted, and its permission overwrites."""

from __future__ import annotations

from typing import Any

from ..model import Channel
from .errors import ApiError
from .handlers import MANAGE_CHANNELS, MANAGE_ROLES, MANAGE_THREADS, Handlers
from .records import Req


class ChannelRoutes(Handlers):
    def _manage(self, channel: Channel) -> None:
        if channel.guild is None:
            raise ApiError(403, 50003, "Cannot execute action on a DM channel")
        if channel.is_thread:
            if channel.owner_id != self.world.bot.id:
                self._require(self._perms(channel), MANAGE_THREADS)
        else:
            self._require(self._perms(channel), MANAGE_CHANNELS)

    def get_channel(self, r: Req) -> Any:
        return self._channel(r).to_json()

    def update_channel(self, r: Req) -> Any:
        channel = self._channel(r)
        self._manage(channel)
        assert channel.guild is not None
        body = r.body or {}
        if "permission_overwrites" in body:
            channel.overwrites = self._overwrites(channel.guild, body["permission_overwrites"], self._perms(channel))
        for key in ("name", "topic", "position", "archived", "locked", "auto_archive_duration", "invitable"):
            if key in body:
                setattr(channel, key, body[key])
        if "parent_id" in body:
            channel.parent_id = int(body["parent_id"]) if body["parent_id"] else None
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self.world.emit(event, channel.to_json(), channel.guild.id)
        return channel.to_json()

    def delete_channel(self, r: Req) -> Any:
        channel = self._channel(r)
        data = channel.to_json()
        if channel.guild is None:
            return data  # closing a DM
        self._manage(channel)
        guild = channel.guild
        for other in list(guild.channels.values()):
            if other.parent_id == channel.id and other.is_thread:
                self._remove_channel(other)
            elif other.parent_id == channel.id:
                other.parent_id = None
                self.world.emit("CHANNEL_UPDATE", other.to_json(), guild.id)
        self._remove_channel(channel)
        return data

    def _remove_channel(self, channel: Channel) -> None:
        assert channel.guild is not None
        channel.deleted = True
        del channel.guild.channels[channel.id], self.world.channels[channel.id]
        if channel.is_thread:
            self.world.emit("THREAD_DELETE", {"id": str(channel.id), "guild_id": str(channel.guild.id),
                                              "parent_id": str(channel.parent_id), "type": channel.type},
                            channel.guild.id)
        else:
            self.world.emit("CHANNEL_DELETE", channel.to_json(), channel.guild.id)

    def set_channel_permission_overwrite(self, r: Req) -> Any:
        channel = self._channel(r)
        if channel.guild is None or channel.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        self._require(self._perms(channel), MANAGE_ROLES)
        (new,) = self._overwrites(channel.guild, [{**r.body, "id": r.params["overwrite_id"]}], self._perms(channel))
        channel.overwrites = [o for o in channel.overwrites if o.id != new.id] + [new]
        self.world.emit("CHANNEL_UPDATE", channel.to_json(), channel.guild.id)

    def delete_channel_permission_overwrite(self, r: Req) -> Any:
        channel = self._channel(r)
        if channel.guild is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        self._require(self._perms(channel), MANAGE_ROLES)
        channel.overwrites = [o for o in channel.overwrites if o.id != r.id("overwrite_id")]
        self.world.emit("CHANNEL_UPDATE", channel.to_json(), channel.guild.id)
