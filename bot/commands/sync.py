"""Slash commands are sent to Discord only when their definition changed.

Discord limits how often an application may replace its commands, and a replace can briefly hide them
from every server; a bot that restarts often (a host restarts its worker at least daily, and on every
deploy) should not send the same definition each time. So the definition as discord.py would send it
is hashed (sha256 of canonical JSON, with the application and the API it goes to) and the hash kept in
the data folder, one file per scope (global, or one guild): the next start syncs only when it differs."""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger("parlour.commands")
_warned: set[str] = set()  # data folders already said to be unwritable, so each is said once


def hash_file(data_dir: Path, guild: discord.abc.Snowflake | None) -> Path:
    """Where the hash of a scope's last synced commands is kept."""
    scope = "global" if guild is None else f"guild-{guild.id}"
    return data_dir / f"slash-commands.{scope}.sha256"


async def definition_hash(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> str:
    """The sha256 of the scope's commands as ``tree.sync(guild=guild)`` would send them (translated when
    the tree has a translator), with the application id and the API base they would be sent to."""
    commands = tree.get_commands(guild=guild)
    translator = getattr(tree, "translator", None)
    if translator is not None:
        payload = [await command.get_translated_payload(tree, translator) for command in commands]
    else:
        payload = [command.to_dict(tree) for command in commands]
    payload.sort(key=lambda entry: (int(entry.get("type", 1)), str(entry.get("name", ""))))
    client = getattr(tree, "client", None)
    document = {
        "application_id": getattr(client, "application_id", None),
        "api": discord.http.Route.BASE,
        "scope": None if guild is None else guild.id,
        "commands": payload,
    }
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


async def sync_commands(tree: app_commands.CommandTree[Any], data_dir: Path, guild: discord.abc.Snowflake | None,
                        *, leader: bool) -> bool:
    """Syncs the scope's commands (global when ``guild`` is None) unless the hash kept in ``data_dir``
    says Discord already has this very definition; a process that is not the ``leader`` (it does not
    serve shard 0) never syncs. Returns whether it synced. A data folder that cannot be read or written
    means syncing every time, which is said once."""
    if not leader:
        return False
    digest = await definition_hash(tree, guild)
    path = hash_file(data_dir, guild)
    try:
        if path.read_text(encoding="ascii", errors="replace").strip() == digest:
            log.debug("slash commands unchanged (%s): not synced", path.name)
            return False
    except FileNotFoundError:
        pass
    except OSError as err:
        _warn_once(data_dir, err)
    await tree.sync(guild=guild)
    log.info("slash commands synced (%s)", "global" if guild is None else f"guild {guild.id}")
    try:
        _write_atomically(path, digest + "\n")
    except OSError as err:
        _warn_once(data_dir, err)
    return True


def _write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="ascii") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise


def _warn_once(data_dir: Path, err: Exception) -> None:
    key = str(data_dir)
    if key in _warned:
        return
    _warned.add(key)
    log.warning("cannot keep the slash commands' hash in %s (%s): they will be synced on every start",
                data_dir, getattr(err, "strerror", None) or err)
