"""Configuration from the environment (and a .env file), as DESIGN.md lists it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

TOKEN_HELP = ("DISCORD_TOKEN is not set: create an application at https://discord.com/developers/applications, "
              "copy its bot token (Bot > Reset Token) and put DISCORD_TOKEN=... in .env or the environment.")


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


def _int(env: dict[str, str], name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {raw!r}") from None


def load(environ: dict[str, str] | None = None, dotenv: bool = True, *, require_token: bool = True) -> Config:
    """The settings; without ``require_token`` an absent token is left empty (Parlour Local supplies one)."""
    if environ is None:
        if dotenv:
            from dotenv import load_dotenv

            load_dotenv()
        environ = dict(os.environ)
    token = environ.get("DISCORD_TOKEN", "").strip()
    if not token and require_token:
        raise ConfigError(TOKEN_HELP)
    try:
        ai_delay = float(environ.get("PARLOUR_AI_DELAY", "").strip() or 1)
    except ValueError:
        raise ConfigError("PARLOUR_AI_DELAY must be a number of seconds") from None
    if ai_delay < 0:
        raise ConfigError("PARLOUR_AI_DELAY cannot be negative")
    raw_ids = environ.get("SHARD_IDS", "").strip()
    try:
        shard_ids = tuple(int(p) for p in raw_ids.split(",") if p.strip()) if raw_ids else None
    except ValueError:
        raise ConfigError(f"SHARD_IDS must be shard numbers separated by commas, not {raw_ids!r}") from None
    shard_count = _int(environ, "SHARD_COUNT")
    if shard_ids is not None and shard_count is None:
        raise ConfigError("SHARD_IDS needs SHARD_COUNT (the total number of shards)")
    if shard_ids and shard_count is not None and any(not 0 <= i < shard_count for i in shard_ids):
        raise ConfigError(f"every SHARD_IDS entry must be below SHARD_COUNT ({shard_count})")
    return Config(
        token=token,
        data_dir=Path(environ.get("PARLOUR_DATA_DIR", "").strip() or "./data"),
        dev_guild=_int(environ, "PARLOUR_DEV_GUILD"),
        ai_delay=ai_delay,
        shard_count=shard_count,
        shard_ids=shard_ids,
        api_base=environ.get("DISCORD_API_BASE", "").strip() or None,
        gateway_url=environ.get("DISCORD_GATEWAY_URL", "").strip() or None,
        workers=_workers(environ),
    )


def _workers(env: dict[str, str]) -> int | None:
    workers = _int(env, "PARLOUR_WORKERS")
    if workers is not None and workers < 0:
        raise ConfigError("PARLOUR_WORKERS cannot be negative")
    return workers
