"""Discord's published OpenAPI description, which the tests' local Discord validates every request
against: Discord's file (MIT), kept unchanged in ``tests/discord_api_spec/`` with its licence;
``DISCORD_OPENAPI_SPEC`` names another copy."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from localcord import LocalDiscord

ROOT = Path(__file__).resolve().parent.parent
SPEC = Path(os.environ.get("DISCORD_OPENAPI_SPEC") or ROOT / "tests" / "discord_api_spec" / "openapi.json")


def local_discord(**options: Any) -> LocalDiscord:
    """A local Discord that checks each of the bot's requests against Discord's description."""
    options.setdefault("spec", SPEC)
    return LocalDiscord(**options)
