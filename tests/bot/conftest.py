"""Fixtures the bot's tests share."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Stores


@pytest.fixture
async def stores(tmp_path: Path) -> AsyncIterator[Stores]:
    """The stores of a fresh data folder, closed after the test."""
    async with Stores(tmp_path) as opened:
        yield opened
