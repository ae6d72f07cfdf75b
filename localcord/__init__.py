"""A local Discord stand-in for end-to-end tests of a discord.py bot: REST v10 checked against Discord's
OpenAPI description, the gateway, and ``LocalDiscord`` to act as users (tests/bot/parlour_harness.py
runs the bot against it)."""

from .model import Attachment, Channel, Component, Guild, InteractionRecord, Member, Message, Overwrite, Role, User
from .rest.records import Call, Violation
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
