"""A local Discord stand-in for end-to-end tests of a discord.py bot: REST v10 checked against Discord's
OpenAPI description, the gateway, and a harness to act as users. See harness.py for an example."""

from .model import Attachment, Channel, Component, Guild, InteractionRecord, Member, Message, Overwrite, Role, User
from .rest import Call, Violation
from .server import DEFAULT_BOT_PERMISSIONS, LocalDiscord

__all__ = [
    "DEFAULT_BOT_PERMISSIONS",
    "Attachment",
    "Call",
    "Channel",
    "Component",
    "Guild",
    "InteractionRecord",
    "LocalDiscord",
    "Member",
    "Message",
    "Overwrite",
    "Role",
    "User",
    "Violation",
]
