"""What every resource's handlers share: the world they serve, its lookups, the permission checks
Discord makes, and reporting a violation. Each resource's handlers (a module each) build on it, and
``Rest`` (api.py) joins them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model import ADMINISTRATOR, Channel, Guild, Message, Overwrite, P, World
from .errors import ApiError, missing_permissions
from .records import Req, Violation

MANAGE_CHANNELS = P(manage_channels=True).value
MANAGE_ROLES = P(manage_roles=True).value
MANAGE_MESSAGES = P(manage_messages=True).value
MANAGE_THREADS = P(manage_threads=True).value
ATTACH_FILES = P(attach_files=True).value
EMBED_LINKS = P(embed_links=True).value
SEND_IN_THREADS = P(send_messages_in_threads=True).value
CREATE_PUBLIC_THREADS = P(create_public_threads=True).value
CREATE_PRIVATE_THREADS = P(create_private_threads=True).value


class Handlers:
    world: World
    violations: list[Violation]
    on_violation: Callable[[Violation], None]

    def violate(self, violation: Violation) -> None:
        """A request Discord would not take as it came (or a defect of ours): kept, and told."""
        self.violations.append(violation)
        self.on_violation(violation)

    def _guild(self, r: Req) -> Guild:
        guild = self.world.guilds.get(r.id("guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    def _channel(self, r: Req) -> Channel:
        channel = self.world.channels.get(r.id("channel_id"))
        if channel is None or channel.deleted:
            raise ApiError(404, 10003, "Unknown Channel")
        if channel.guild is not None and not channel.guild.can_view(self.world.bot.id, channel):
            raise ApiError(403, 50001, "Missing Access")
        return channel

    def _message(self, channel: Channel, r: Req) -> Message:
        message = self.world.messages.get(r.id("message_id"))
        if message is None or message.deleted or message.ephemeral or message.channel is not channel:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    def _perms(self, channel: Channel) -> int:
        assert channel.guild is not None
        return channel.guild.permissions_for(self.world.bot.id, channel)

    def _require(self, have: int, need: int) -> None:
        if not have & ADMINISTRATOR and have & need != need:
            raise missing_permissions()


    def _overwrites(self, guild: Guild, raw: list[dict[str, Any]] | None, perms: int) -> list[Overwrite]:
        """The bot may only allow or deny permissions it has itself (unless it is an administrator):
        Discord answers 50013 Missing Permissions."""
        overwrites = [Overwrite.from_json(o) for o in raw or []]
        for o in overwrites:
            if o.type == 0 and o.id not in guild.roles:
                raise ApiError(404, 10011, "Unknown Role")
            if o.type == 1 and o.id not in guild.members:
                raise ApiError(404, 10013, "Unknown User")
            self._require(perms, o.allow | o.deny)
        return overwrites
