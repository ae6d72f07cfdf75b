"""Configuration from the environment (and a .env file in the working directory): the README's Configuration table.

Every setting is checked once, here, when the bot starts: a bad one stops it with one line that names
the setting and what it may be, rather than a bot that never connects or whose computers never move."""

from __future__ import annotations

import io
import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict
from urllib.parse import urlsplit

TOKEN_HELP = ("DISCORD_TOKEN is not set: create an application at https://discord.com/developers/applications, "
              "copy its bot token (Bot > Reset Token) and put DISCORD_TOKEN=... in .env or the environment.")

MAX_AI_DELAY = 60.0  # seconds
MAX_RATE = 10_000.0  # requests a second
MAX_SHARDS = 10_000  # far beyond any bot's need; a larger figure is a typing slip
MAX_WORKERS = 64
MAX_SNOWFLAKE = 2**63 - 1
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
LOG_FORMATS = ("plain", "json")
_WHOLE = re.compile(r"[+-]?[0-9]+")


class ConfigError(Exception):
    """A setting is missing or malformed; the message is one line meant for the person starting the bot."""


@dataclass(frozen=True)
class Config:
    token: str
    data_dir: Path
    dev_guild: int | None
    ai_delay: float
    shard_count: int | None
    shard_ids: tuple[int, ...] | None
    api_base: str | None
    gateway_url: str | None
    workers: int | None = None  # processes that draw and play computers; None: one per core, 0: a thread
    log_level: str = "INFO"  # one of LOG_LEVELS
    log_format: str = "plain"  # one of LOG_FORMATS
    requests_per_second: float = 45.0  # the bot's budget of requests bound by Discord's global limit (50/s)
    backup_dir: Path | None = None  # where the bot takes its own backups (PARLOUR_BACKUP_DIR)
    backup_every: float | None = None  # seconds between them (PARLOUR_BACKUP_EVERY, e.g. 6h)
    backup_keep: int = 7  # the newest kept (PARLOUR_BACKUP_KEEP)
    metrics_port: int | None = None  # /metrics and /healthz (PARLOUR_METRICS_PORT)
    metrics_host: str = "127.0.0.1"  # their address: loopback unless `python -m bot --metrics-host` says otherwise
    redis_url: str | None = None  # the cluster's meeting point (PARLOUR_REDIS_URL): needed to serve some shards only

    @property
    def whole_bot(self) -> bool:
        """Whether this process serves every shard (alone: it needs no cluster)."""
        return self.shard_ids is None or (self.shard_count is not None and len(self.shard_ids) == self.shard_count)


def load(environ: dict[str, str] | None = None, dotenv: bool = True, *, require_token: bool = True) -> Config:
    """The settings, each checked; without ``require_token`` an absent token is left empty (Parlour Local
    supplies one). With no ``environ``, the process's environment, after ``.env`` in the working directory
    (when ``dotenv``) has filled in what the environment does not set."""
    if environ is None:
        if dotenv:
            for name, value in read_dotenv(Path.cwd() / ".env").items():
                os.environ.setdefault(name, value)
        environ = dict(os.environ)
    token = _text(environ, "DISCORD_TOKEN")
    if not token and require_token:
        raise ConfigError(TOKEN_HELP)
    if any(c.isspace() for c in token):
        raise ConfigError("DISCORD_TOKEN must be the bot token alone, with no spaces or line breaks in it")
    shard_count = _whole(environ, "SHARD_COUNT", 1, MAX_SHARDS)
    shard_ids = _shard_ids(environ, shard_count)
    redis_url = _url(environ, "PARLOUR_REDIS_URL", ("redis", "rediss"))
    if shard_ids is not None and shard_count is not None and len(shard_ids) < shard_count and redis_url is None:
        raise ConfigError(f"SHARD_IDS serves {len(shard_ids)} of the {shard_count} shards, so the other processes "
                          "must reach this one: set PARLOUR_REDIS_URL (e.g. redis://127.0.0.1:6379/0) to the Redis "
                          "server they share (direct messages' clicks and the request budget go through it)")
    return Config(
        token=token,
        data_dir=_data_dir(environ),
        dev_guild=_whole(environ, "PARLOUR_DEV_GUILD", 1, MAX_SNOWFLAKE,
                         what="a server id (Copy Server ID in Discord's Developer Mode), a whole number"),
        ai_delay=_ai_delay(environ),
        shard_count=shard_count,
        shard_ids=shard_ids,
        api_base=_url(environ, "DISCORD_API_BASE", ("http", "https")),
        gateway_url=_url(environ, "DISCORD_GATEWAY_URL", ("ws", "wss")),
        workers=_whole(environ, "PARLOUR_WORKERS", 0, MAX_WORKERS),
        log_level=_choice(environ, "PARLOUR_LOG_LEVEL", LOG_LEVELS, "INFO").upper(),
        log_format=_choice(environ, "PARLOUR_LOG_FORMAT", LOG_FORMATS, "plain").lower(),
        requests_per_second=_rate(environ),
        **_backups(environ),  # backup_dir, backup_every, backup_keep
        metrics_port=_whole(environ, "PARLOUR_METRICS_PORT", 1, 65535, what="a port number"),
        redis_url=redis_url,
    )


def read_dotenv(path: Path) -> dict[str, str]:
    """The settings a ``.env`` file gives (none when there is no such file); a file that cannot be read
    as UTF-8 text of ``NAME=value`` lines is a ConfigError naming it and what is wrong."""
    from dotenv import dotenv_values
    from dotenv.parser import parse_stream

    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}
    except IsADirectoryError:
        raise ConfigError(f"{path} is a folder, not a file of settings: remove it or move it away") from None
    except OSError as err:
        raise ConfigError(f"{path} cannot be read ({err.strerror or err}): check its permissions") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or data[:2].count(b"\x00") == 1:
        raise ConfigError(f"{path} is saved as UTF-16: save it again as UTF-8 (plain text)")
    if b"\x00" in data:
        raise ConfigError(f"{path} is not a text file: it should hold lines like DISCORD_TOKEN=...")
    try:
        text = data.decode("utf-8-sig")  # Windows editors may start a UTF-8 file with a byte-order mark
    except UnicodeDecodeError as err:
        raise ConfigError(f"{path} is not UTF-8 text (byte {err.start + 1} cannot be read): save it as UTF-8") \
            from None
    for binding in parse_stream(io.StringIO(text)):
        if binding.error:
            raise ConfigError(f"{path} line {binding.original.line} is not a setting: write NAME=value, "
                              "or start the line with # for a comment")
    return {name: value for name, value in dotenv_values(stream=io.StringIO(text)).items() if value is not None}


def _text(env: Mapping[str, str], name: str) -> str:
    return env.get(name, "").strip()


def _whole(env: Mapping[str, str], name: str, low: int, high: int, *, what: str = "a whole number") -> int | None:
    raw = _text(env, name)
    if not raw:
        return None
    allowed = f"{what} from {low} to {high}"
    if not _WHOLE.fullmatch(raw):
        raise ConfigError(f"{name} must be {allowed}, not {raw!r}")
    value = int(raw)
    if not low <= value <= high:
        raise ConfigError(f"{name} must be {allowed}, not {value}")
    return value


def _ai_delay(env: Mapping[str, str]) -> float:
    return _number(env, "PARLOUR_AI_DELAY", 1.0, 0.0, MAX_AI_DELAY, "a number of seconds")


def _rate(env: Mapping[str, str]) -> float:
    # Discord grants some large bots more than 50 a second; a bot below 1 could not keep one table going.
    return _number(env, "PARLOUR_REQUESTS_PER_SECOND", 45.0, 1.0, MAX_RATE, "a number of requests a second")


def _number(env: Mapping[str, str], name: str, default: float, low: float, high: float, what: str) -> float:
    raw = _text(env, name)
    if not raw:
        return default
    allowed = f"{what} from {low:g} to {high:g}"
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be {allowed}, not {raw!r}") from None
    if not math.isfinite(value) or not low <= value <= high:
        raise ConfigError(f"{name} must be {allowed}, not {raw!r}")
    return value


def _shard_ids(env: Mapping[str, str], shard_count: int | None) -> tuple[int, ...] | None:
    raw = _text(env, "SHARD_IDS")
    if not raw:
        return None
    if shard_count is None:
        raise ConfigError("SHARD_IDS needs SHARD_COUNT (the total number of shards, from 1 to "
                          f"{MAX_SHARDS}) to be set as well")
    allowed = f"shard numbers from 0 to {shard_count - 1} separated by commas, each once"
    parts = [p.strip() for p in raw.split(",")]
    if not all(_WHOLE.fullmatch(p) for p in parts):
        raise ConfigError(f"SHARD_IDS must be {allowed}, not {raw!r}")
    ids = tuple(int(p) for p in parts)
    if any(not 0 <= i < shard_count for i in ids):
        raise ConfigError(f"SHARD_IDS must be {allowed} (SHARD_COUNT is {shard_count}), not {raw!r}")
    if len(set(ids)) != len(ids):
        raise ConfigError(f"SHARD_IDS must be {allowed}: {raw!r} names a shard twice")
    return ids


def _url(env: Mapping[str, str], name: str, schemes: tuple[str, ...]) -> str | None:
    raw = _text(env, name)
    if not raw:
        return None
    example = {"http": "http://127.0.0.1:8710/api/v10", "ws": "ws://127.0.0.1:8710/gateway",
               "redis": "redis://127.0.0.1:6379/0"}[schemes[0]]
    allowed = f"an address starting with {' or '.join(s + '://' for s in schemes)}, such as {example}"
    try:
        parts = urlsplit(raw)
        parts.port  # noqa: B018 - a port that is not a number (or above 65535) raises here
    except ValueError:
        raise ConfigError(f"{name} must be {allowed}, not {raw!r}") from None
    if parts.scheme.lower() not in schemes or not parts.hostname or any(c.isspace() for c in raw):
        raise ConfigError(f"{name} must be {allowed}, not {raw!r}")
    return raw


def _choice(env: Mapping[str, str], name: str, choices: tuple[str, ...], default: str) -> str:
    raw = _text(env, name)
    if not raw:
        return default
    if raw.lower() not in (c.lower() for c in choices):
        raise ConfigError(f"{name} must be one of {', '.join(choices)}, not {raw!r}")
    return raw


_PERIOD = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*([smhd])")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
MIN_BACKUP_EVERY = 60.0  # a second backup before the first is done would only queue behind it


def period(name: str, raw: str) -> float:
    """``6h``, ``30m``, ``1d``, ``90s`` in seconds; a ConfigError naming ``name`` otherwise."""
    found = _PERIOD.fullmatch(raw.strip().lower())
    allowed = "a period such as 30m, 6h or 1d (s, m, h or d after a number), at least 1m"
    if found is None:
        raise ConfigError(f"{name} must be {allowed}, not {raw!r}")
    seconds = float(found.group(1)) * _UNIT_SECONDS[found.group(2)]
    if seconds < MIN_BACKUP_EVERY:
        raise ConfigError(f"{name} must be {allowed}, not {raw!r}")
    return seconds


class _Backups(TypedDict, total=False):
    backup_dir: Path
    backup_every: float
    backup_keep: int


def _backups(env: Mapping[str, str]) -> _Backups:
    folder, every = _text(env, "PARLOUR_BACKUP_DIR"), _text(env, "PARLOUR_BACKUP_EVERY")
    keep = _whole(env, "PARLOUR_BACKUP_KEEP", 1, 1000)
    if bool(folder) != bool(every):
        raise ConfigError("PARLOUR_BACKUP_DIR and PARLOUR_BACKUP_EVERY go together: set both (a folder and a "
                          "period such as 6h) for the bot to take its own backups, or neither")
    if not folder:
        return {"backup_keep": keep or 7}
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise ConfigError(f"PARLOUR_BACKUP_DIR must be a folder (or a path where one can be made), but {folder!r} "
                          "is a file")
    data = _data_dir(env)
    if path.resolve() == data.resolve() or data.resolve() in path.resolve().parents:
        raise ConfigError(f"PARLOUR_BACKUP_DIR must lie outside PARLOUR_DATA_DIR ({str(data)!r}): a backup inside "
                          "the data would be lost with it, and copied into the next")
    return {"backup_dir": path, "backup_every": period("PARLOUR_BACKUP_EVERY", every), "backup_keep": keep or 7}


def _data_dir(env: Mapping[str, str]) -> Path:
    path = Path(_text(env, "PARLOUR_DATA_DIR") or "./data")
    if path.exists() and not path.is_dir():
        raise ConfigError(f"PARLOUR_DATA_DIR must be a folder (or a path where one can be made), "
                          f"but {str(path)!r} is a file")
    return path
