"""Starting the bot: configuration (the missing-token message is in tests/localcord/test_local_mode.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.runtime.config import ConfigError, load

ROOT = Path(__file__).resolve().parent.parent


def test_settings_are_read_and_checked() -> None:
    config = load({"DISCORD_TOKEN": "t", "PARLOUR_AI_DELAY": "0.5", "SHARD_COUNT": "4", "SHARD_IDS": "0,2",
                   "PARLOUR_REDIS_URL": "redis://127.0.0.1:6379/0"})
    assert config.ai_delay == 0.5 and config.shard_ids == (0, 2) and config.shard_count == 4
    assert config.redis_url == "redis://127.0.0.1:6379/0" and not config.whole_bot
    assert str(config.data_dir) == "data" and config.workers is None  # one worker process per core
    assert load({"DISCORD_TOKEN": "t", "PARLOUR_WORKERS": "0"}).workers == 0
    for bad in ({"SHARD_IDS": "0"}, {"SHARD_COUNT": "2", "SHARD_IDS": "0,5"}, {"PARLOUR_AI_DELAY": "soon"},
                {"PARLOUR_DEV_GUILD": "abc"}, {"PARLOUR_WORKERS": "-1"}, {"PARLOUR_WORKERS": "many"}):
        with pytest.raises(ConfigError):
            load({"DISCORD_TOKEN": "t", **bad})


def refusal(**settings: str) -> str:
    """The one line a bad setting is refused with."""
    with pytest.raises(ConfigError) as caught:
        load({"DISCORD_TOKEN": "t", **settings})
    message = str(caught.value)
    assert "\n" not in message and message.strip() == message
    return message


@pytest.mark.parametrize("delay", ["nan", "NaN", "inf", "-inf", "1e400", "-1", "61", "60.5", "soon", "1,5"])
def test_a_computer_delay_that_is_not_a_finite_0_to_60_seconds_is_refused(delay: str) -> None:
    message = refusal(PARLOUR_AI_DELAY=delay)
    assert message.startswith("PARLOUR_AI_DELAY ") and "from 0 to 60" in message and repr(delay) in message


@pytest.mark.parametrize("delay", ["0", "60", "0.25", " 2 "])
def test_a_computer_delay_from_0_to_60_seconds_is_taken(delay: str) -> None:
    assert load({"DISCORD_TOKEN": "t", "PARLOUR_AI_DELAY": delay}).ai_delay == float(delay)


@pytest.mark.parametrize(("settings", "name", "allowed"), [
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT", "from 1 to 10000"),
    ({"SHARD_COUNT": "-2"}, "SHARD_COUNT", "from 1 to 10000"),
    ({"SHARD_COUNT": "10001"}, "SHARD_COUNT", "from 1 to 10000"),
    ({"SHARD_COUNT": "2.0"}, "SHARD_COUNT", "from 1 to 10000"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "0,1,1"}, "SHARD_IDS", "from 0 to 3"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "4"}, "SHARD_IDS", "from 0 to 3"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "-1"}, "SHARD_IDS", "from 0 to 3"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "0,,1"}, "SHARD_IDS", "from 0 to 3"),
    ({"SHARD_IDS": "0"}, "SHARD_IDS", "from 1 to 10000"),
    ({"PARLOUR_WORKERS": "65"}, "PARLOUR_WORKERS", "from 0 to 64"),
    ({"PARLOUR_WORKERS": "-1"}, "PARLOUR_WORKERS", "from 0 to 64"),
    ({"PARLOUR_DEV_GUILD": "0"}, "PARLOUR_DEV_GUILD", "from 1 to 9223372036854775807"),
    ({"PARLOUR_DEV_GUILD": "-5"}, "PARLOUR_DEV_GUILD", "from 1 to 9223372036854775807"),
    ({"PARLOUR_DEV_GUILD": "9223372036854775808"}, "PARLOUR_DEV_GUILD", "from 1 to 9223372036854775807"),
    ({"PARLOUR_DEV_GUILD": "\uff11\uff12\uff13"}, "PARLOUR_DEV_GUILD", "from 1 to 9223372036854775807"),
    ({"DISCORD_API_BASE": "127.0.0.1:8000/api/v10"}, "DISCORD_API_BASE", "http:// or https://"),
    ({"DISCORD_API_BASE": "ftp://example.org/api"}, "DISCORD_API_BASE", "http:// or https://"),
    ({"DISCORD_API_BASE": "http://"}, "DISCORD_API_BASE", "http:// or https://"),
    ({"DISCORD_API_BASE": "http://127.0.0.1:99999/api"}, "DISCORD_API_BASE", "http:// or https://"),
    ({"DISCORD_GATEWAY_URL": "https://gateway.example.org"}, "DISCORD_GATEWAY_URL", "ws:// or wss://"),
    ({"DISCORD_GATEWAY_URL": "gateway"}, "DISCORD_GATEWAY_URL", "ws:// or wss://"),
    ({"PARLOUR_LOG_LEVEL": "loud"}, "PARLOUR_LOG_LEVEL", "DEBUG, INFO, WARNING, ERROR"),
    ({"PARLOUR_LOG_LEVEL": "CRITICAL"}, "PARLOUR_LOG_LEVEL", "DEBUG, INFO, WARNING, ERROR"),
    ({"PARLOUR_LOG_FORMAT": "xml"}, "PARLOUR_LOG_FORMAT", "plain, json"),
    ({"PARLOUR_BACKUP_DIR": "/tmp/b", "PARLOUR_BACKUP_EVERY": "6x"}, "PARLOUR_BACKUP_EVERY", "such as 30m, 6h or 1d"),
    ({"PARLOUR_BACKUP_DIR": "/tmp/b", "PARLOUR_BACKUP_EVERY": "30s"}, "PARLOUR_BACKUP_EVERY", "at least 1m"),
    ({"PARLOUR_BACKUP_DIR": "/tmp/b"}, "PARLOUR_BACKUP_DIR", "go together"),
    ({"PARLOUR_BACKUP_EVERY": "6h"}, "PARLOUR_BACKUP_DIR", "go together"),
    ({"PARLOUR_BACKUP_DIR": "data/backups", "PARLOUR_BACKUP_EVERY": "6h"}, "PARLOUR_BACKUP_DIR", "outside"),
    ({"PARLOUR_BACKUP_KEEP": "0"}, "PARLOUR_BACKUP_KEEP", "from 1 to 1000"),
    ({"PARLOUR_METRICS_PORT": "70000"}, "PARLOUR_METRICS_PORT", "from 1 to 65535"),
    ({"PARLOUR_METRICS_PORT": "http"}, "PARLOUR_METRICS_PORT", "from 1 to 65535"),
    ({"SHARD_COUNT": "3", "SHARD_IDS": "1"}, "SHARD_IDS", "set PARLOUR_REDIS_URL"),
    ({"PARLOUR_REDIS_URL": "127.0.0.1:6379"}, "PARLOUR_REDIS_URL", "redis:// or rediss://"),
])
def test_each_bad_setting_is_named_with_what_it_may_be(settings: dict[str, str], name: str, allowed: str) -> None:
    message = refusal(**settings)
    assert message.startswith(name + " ") and allowed in message


def test_good_settings_are_taken_as_given(tmp_path: Path) -> None:
    config = load({"DISCORD_TOKEN": "t", "SHARD_COUNT": "3", "SHARD_IDS": " 2, 0 ", "PARLOUR_WORKERS": "64",
                   "PARLOUR_REDIS_URL": "rediss://127.0.0.1:6380/1",
                   "PARLOUR_DEV_GUILD": "1234567890123456789", "DISCORD_API_BASE": "http://127.0.0.1:5/api/v10",
                   "DISCORD_GATEWAY_URL": "wss://127.0.0.1:5/gateway", "PARLOUR_LOG_LEVEL": "debug",
                   "PARLOUR_LOG_FORMAT": "JSON", "PARLOUR_DATA_DIR": str(tmp_path / "new")})
    assert config.shard_ids == (2, 0) and config.shard_count == 3 and config.workers == 64
    assert config.dev_guild == 1234567890123456789
    assert config.api_base == "http://127.0.0.1:5/api/v10" and config.gateway_url == "wss://127.0.0.1:5/gateway"
    assert (config.log_level, config.log_format) == ("DEBUG", "json") and config.data_dir == tmp_path / "new"
    backed = load({"DISCORD_TOKEN": "t", "PARLOUR_BACKUP_DIR": str(tmp_path / "b"), "PARLOUR_BACKUP_EVERY": "1.5h",
                   "PARLOUR_BACKUP_KEEP": "3", "PARLOUR_METRICS_PORT": "9464"})
    assert (backed.backup_dir, backed.backup_every, backed.backup_keep) == (tmp_path / "b", 5400.0, 3)
    assert (backed.metrics_port, backed.metrics_host) == (9464, "127.0.0.1")
    plain = load({"DISCORD_TOKEN": "t"})
    assert (plain.backup_dir, plain.backup_keep, plain.metrics_port) == (None, 7, None)
    assert (plain.log_level, plain.log_format, plain.ai_delay) == ("INFO", "plain", 1.0)


def test_a_data_dir_that_is_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a folder")
    message = refusal(PARLOUR_DATA_DIR=str(tmp_path / "data"))
    assert message.startswith("PARLOUR_DATA_DIR ") and "is a file" in message


def test_dotenv_in_the_working_directory_fills_in_what_the_environment_does_not_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".env").write_text("# settings\nDISCORD_TOKEN=from-file\nexport PARLOUR_AI_DELAY='0.5'\n"
                                   "PARLOUR_WORKERS=3\n", encoding="utf-8-sig")
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "PARLOUR_AI_DELAY", "PARLOUR_WORKERS", "SHARD_COUNT", "SHARD_IDS",
                 "PARLOUR_DEV_GUILD", "PARLOUR_LOG_LEVEL", "PARLOUR_LOG_FORMAT", "DISCORD_API_BASE",
                 "DISCORD_GATEWAY_URL", "PARLOUR_DATA_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PARLOUR_WORKERS", "2")  # the environment wins over the file
    config = load()
    assert (config.token, config.ai_delay, config.workers) == ("from-file", 0.5, 2)


@pytest.mark.parametrize(("content", "said"), [
    ("DISCORD_TOKEN=x\n".encode("utf-16"), "UTF-16"),
    ("DISCORD_TOKEN=x\n".encode("utf-16-le"), "UTF-16"),
    (b"DISCORD_TOKEN=\xe9t\xe9\n", "not UTF-8"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not a text file"),
    (b"DISCORD_TOKEN=x\nthis is not a setting\n", "line 2"),
])
def test_an_unreadable_dotenv_is_named_with_what_is_wrong(tmp_path: Path, content: bytes, said: str) -> None:
    from bot.runtime.config import read_dotenv

    (tmp_path / ".env").write_bytes(content)
    with pytest.raises(ConfigError) as caught:
        read_dotenv(tmp_path / ".env")
    message = str(caught.value)
    assert "\n" not in message and str(tmp_path / ".env") in message and said in message
    assert read_dotenv(tmp_path / "absent") == {}
