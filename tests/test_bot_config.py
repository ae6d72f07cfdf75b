"""Starting the bot: configuration and the missing-token message."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load

ROOT = Path(__file__).resolve().parent.parent


def test_missing_token_is_one_clear_line_and_exit_code_2(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "developers" in lines[0]
    assert "Traceback" not in result.stderr


def test_settings_are_read_and_checked() -> None:
    config = load({"DISCORD_TOKEN": "t", "PARLOUR_AI_DELAY": "0.5", "SHARD_COUNT": "4", "SHARD_IDS": "0,2"})
    assert config.ai_delay == 0.5 and config.shard_ids == (0, 2) and config.shard_count == 4
    assert str(config.data_dir) == "data" and config.workers is None  # one worker process per core
    assert load({"DISCORD_TOKEN": "t", "PARLOUR_WORKERS": "0"}).workers == 0
    for bad in ({"SHARD_IDS": "0"}, {"SHARD_COUNT": "2", "SHARD_IDS": "0,5"}, {"PARLOUR_AI_DELAY": "soon"},
                {"PARLOUR_DEV_GUILD": "abc"}, {"PARLOUR_WORKERS": "-1"}, {"PARLOUR_WORKERS": "many"}):
        with pytest.raises(ConfigError):
            load({"DISCORD_TOKEN": "t", **bad})
