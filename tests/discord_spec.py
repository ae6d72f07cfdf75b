"""Discord's published OpenAPI description, which the tests' local Discord validates every request
against. It is Discord's file, kept beside the project (``../shared/discord-api-spec/``), never copied
into it; ``DISCORD_OPENAPI_SPEC`` names another copy."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from localcord import LocalDiscord

ROOT = Path(__file__).resolve().parent.parent
SPEC = Path(os.environ.get("DISCORD_OPENAPI_SPEC") or ROOT.parent / "shared" / "discord-api-spec" / "openapi.json")


def local_discord(**options: Any) -> LocalDiscord:
    """A local Discord that checks each of the bot's requests against Discord's description."""
    options.setdefault("spec", SPEC)
    return LocalDiscord(**options)
