"""A local Discord stand-in for end-to-end tests of a discord.py bot: REST v10 checked against Discord's
OpenAPI description, the gateway, and a harness to act as users. See harness.py for an example."""

from .harness import DEFAULT_BOT_PERMISSIONS, StandIn
from .model import Attachment, Channel, Component, Guild, InteractionRecord, Member, Message, Overwrite, Role, User
from .server import Call, Violation

__all__ = [
    "DEFAULT_BOT_PERMISSIONS", "Attachment", "Call", "Channel", "Component", "Guild", "InteractionRecord", "Member",
    "Message", "Overwrite", "Role", "StandIn", "User", "Violation",
]
