"""Starting the bot: configuration (the missing-token message is in tests/localcord/test_local_mode.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import ConfigError, load

ROOT = Path(__file__).resolve().parent.parent


def test_settings_are_read_and_checked() -> None:
    config = load({"DISCORD_TOKEN": "t", "PARLOUR_AI_DELAY": "0.5", "SHARD_COUNT": "4", "SHARD_IDS": "0,2"})
    assert config.ai_delay == 0.5 and config.shard_ids == (0, 2) and config.shard_count == 4
    assert str(config.data_dir) == "data" and config.workers is None  # one worker process per core
    assert load({"DISCORD_TOKEN": "t", "PARLOUR_WORKERS": "0"}).workers == 0
    for bad in ({"SHARD_IDS": "0"}, {"SHARD_COUNT": "2", "SHARD_IDS": "0,5"}, {"PARLOUR_AI_DELAY": "soon"},
                {"PARLOUR_DEV_GUILD": "abc"}, {"PARLOUR_WORKERS": "-1"}, {"PARLOUR_WORKERS": "many"}):
        with pytest.raises(ConfigError):
            load({"DISCORD_TOKEN": "t", **bad})
