"""Backups and restores of the data folder (issue 46): a consistent, checked copy taken while guilds
write; a restore that refuses a damaged or partial backup naming the file and changes nothing then;
one guild alone; a folder that holds data moved aside, never deleted."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import tarfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from bot.store import Stores, backup, migrations
from bot.store.index import INDEX_NAME, GuildIndex
from bot.store.migrations import MIGRATIONS

from .test_store import SEATS, commit, playing_table

GUILDS = (11, 22, 33)


def rows(path: Path, sql: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(sql).fetchall()


async def data_folder(folder: Path, moves: int = 3) -> Path:
    """Three guilds, each with a table being played ``moves`` moves in, and the slash commands' hash."""
    async with Stores(folder) as stores:
        for guild in GUILDS:
            store = await stores.guild(guild)
            table = await playing_table(store)
            for n in range(moves):
                assert await commit(store, table, n)
    (folder / "slash-commands.global.sha256").write_text("abc\n")
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("dest_name", ["copy", "copy.tar.gz"])
async def test_a_backup_lists_every_file_checked_and_restores_whole(tmp_path: Path, dest_name: str) -> None:
    data = await data_folder(tmp_path / "data")
    made = backup.take(data, tmp_path / dest_name)
    listed = {f.path: f for f in made.files}
    assert set(listed) == {*(backup.guild_file(g) for g in GUILDS), INDEX_NAME, "slash-commands.global.sha256"}
    assert list(listed)[-1] == INDEX_NAME  # copied after every guild
    assert all(listed[backup.guild_file(g)].schema == len(MIGRATIONS) for g in GUILDS)
    assert not any(name.endswith(("-wal", "-shm")) for name in listed)
    manifest, moved = backup.restore(tmp_path / dest_name, tmp_path / "restored")
    assert moved is None and manifest == made
    for guild in GUILDS:
        path = tmp_path / "restored" / backup.guild_file(guild)
        assert rows(path, "SELECT version, status FROM tables") == [(3, "playing")]
        assert rows(path, "PRAGMA integrity_check") == [("ok",)]
    index = GuildIndex(tmp_path / "restored" / INDEX_NAME)
    try:
        assert sorted(index.ids()) == list(GUILDS)  # the next start resumes them all
    finally:
        index.close()


async def test_a_backup_taken_while_a_guild_writes_is_one_commit_of_it(tmp_path: Path) -> None:
    data = await data_folder(tmp_path / "data", moves=0)
    stop, writing = threading.Event(), threading.Event()
    path = data / backup.guild_file(GUILDS[0])

    def writer() -> None:  # another connection commits move after move meanwhile, as the bot does
        with sqlite3.connect(path, timeout=30) as conn:
            n = 0
            while not stop.is_set():
                n += 1
                conn.execute("UPDATE tables SET version = ?, updated_at = ?", (n, float(n)))
                conn.commit()
                writing.set()

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        assert writing.wait(30)
        copies = [backup.take(data, tmp_path / f"copy{k}") for k in range(5)]
    finally:
        stop.set()
        thread.join()
    for k in range(len(copies)):
        (version, updated), = rows(tmp_path / f"copy{k}" / backup.guild_file(GUILDS[0]),
                                   "SELECT version, updated_at FROM tables")
        assert updated == float(version)  # both columns of one commit, never half of one


async def test_one_guilds_backup_restores_into_a_folder_with_other_guilds(tmp_path: Path) -> None:
    data = await data_folder(tmp_path / "data")
    made = backup.take(data, tmp_path / "guild.tar.gz", guild=22)
    assert [f.path for f in made.files] == [backup.guild_file(22)] and made.guild == 22
    other = await data_folder(tmp_path / "other", moves=1)
    with pytest.raises(backup.BackupError, match="guild 22 has data here already; add --replace"):
        backup.restore(tmp_path / "guild.tar.gz", other, guild=22)
    _, moved = backup.restore(tmp_path / "guild.tar.gz", other, guild=22, replace=True)
    assert moved is not None and moved.is_file()  # the guild's old file, kept aside
    assert rows(other / backup.guild_file(22), "SELECT version FROM tables") == [(3,)]
    assert rows(other / backup.guild_file(11), "SELECT version FROM tables") == [(1,)]  # the others untouched
    with pytest.raises(backup.BackupError, match="a backup of guild 22 alone; restore it with --guild 22"):
        backup.restore(tmp_path / "guild.tar.gz", tmp_path / "empty")
    fresh = tmp_path / "fresh"
    backup.restore(tmp_path / "guild.tar.gz", fresh, guild=22)
    index = GuildIndex(fresh / INDEX_NAME)
    try:
        assert index.ids() == [22]  # its playing table resumes on the next start
    finally:
        index.close()


async def test_a_folder_that_holds_data_is_refused_or_moved_aside(tmp_path: Path) -> None:
    data = await data_folder(tmp_path / "data")
    backup.take(data, tmp_path / "copy")
    target = await data_folder(tmp_path / "target", moves=1)
    before = snapshot(target)
    with pytest.raises(backup.BackupError, match="holds data already; restore into an empty folder, or add --replace"):
        backup.restore(tmp_path / "copy", target)
    assert snapshot(target) == before
    _, moved = backup.restore(tmp_path / "copy", target, replace=True)
    assert moved is not None and snapshot(moved) == before  # nothing deleted
    assert rows(target / backup.guild_file(11), "SELECT version FROM tables") == [(3,)]


def damage_truncated(folder: Path) -> str:
    name = backup.guild_file(22)
    path = folder / name
    path.write_bytes(path.read_bytes()[:-100])
    return f"{name}: .* bytes where the manifest says"


def damage_byte(folder: Path) -> str:
    name = backup.guild_file(33)
    path = folder / name
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    return f"{name}: damaged"


def damage_missing(folder: Path) -> str:
    (folder / INDEX_NAME).unlink()
    return f"{INDEX_NAME}: missing from the backup"


def damage_manifest(folder: Path) -> str:
    (folder / backup.MANIFEST).unlink()
    return "no manifest.json"


@pytest.mark.parametrize("damage", [damage_truncated, damage_byte, damage_missing, damage_manifest])
@pytest.mark.parametrize("packed", [False, True])
async def test_a_damaged_backup_is_refused_naming_the_file_and_nothing_changes(tmp_path: Path, damage: Any,
                                                                               packed: bool) -> None:
    data = await data_folder(tmp_path / "data")
    backup.take(data, tmp_path / "copy")
    said = damage(tmp_path / "copy")
    source = tmp_path / "copy"
    if packed:
        source = tmp_path / "copy.tar.gz"
        with tarfile.open(source, "w:gz") as tar:
            for path in sorted((tmp_path / "copy").rglob("*")):
                tar.add(path, arcname=path.relative_to(tmp_path / "copy").as_posix(), recursive=False)
    for target, replace in ((tmp_path / "empty", False), (await data_folder(tmp_path / "full", 1), True)):
        before = snapshot(target) if target.exists() else None
        with pytest.raises(backup.BackupError, match=said):
            backup.restore(source, target, replace=replace)
        assert (snapshot(target) if target.exists() else None) == before
        assert [p.name for p in tmp_path.iterdir() if "before-restore" in p.name] == []


async def test_a_truncated_archive_is_refused(tmp_path: Path) -> None:
    data = await data_folder(tmp_path / "data")
    backup.take(data, tmp_path / "copy.tar.gz")
    archive = tmp_path / "copy.tar.gz"
    archive.write_bytes(archive.read_bytes()[: archive.stat().st_size // 2])
    with pytest.raises(backup.BackupError, match=r"copy\.tar\.gz: not a whole \.tar\.gz"):
        backup.restore(archive, tmp_path / "empty")
    assert not (tmp_path / "empty").exists() or not any((tmp_path / "empty").iterdir())


async def test_a_backup_never_writes_over_anything(tmp_path: Path) -> None:
    data = await data_folder(tmp_path / "data")
    (tmp_path / "taken").mkdir()
    with pytest.raises(backup.BackupError, match="already exists"):
        backup.take(data, tmp_path / "taken")
    with pytest.raises(backup.BackupError, match="no data for guild 99"):
        backup.take(data, tmp_path / "g99", guild=99)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "taken"]  # no half-made copy left


async def test_a_backup_of_an_older_schema_is_migrated_on_the_next_start(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as older:  # the data as a Parlour of one schema before left it
        older.setattr(migrations, "MIGRATIONS", MIGRATIONS[:-1])
        data = await data_folder(tmp_path / "data")
    made = backup.take(data, tmp_path / "copy")
    assert next(f for f in made.files if f.path == backup.guild_file(11)).schema == len(MIGRATIONS) - 1
    backup.restore(tmp_path / "copy", tmp_path / "restored")
    async with Stores(tmp_path / "restored") as stores:
        store = await stores.guild(11)
        assert (await store.get_table(1)) is not None
    assert rows(tmp_path / "restored" / backup.guild_file(11), "PRAGMA user_version") == [(len(MIGRATIONS),)]


def test_the_manifest_says_when_and_what(tmp_path: Path) -> None:
    data = asyncio.run(data_folder(tmp_path / "data"))
    made = backup.take(data, tmp_path / "copy")
    written = json.loads((tmp_path / "copy" / backup.MANIFEST).read_text())
    assert written["parlour_backup"] == 1 and written["taken_at_utc"].endswith("Z") and written["guild"] is None
    assert {f["path"] for f in written["files"]} == {f.path for f in made.files}
    assert all(len(f["sha256"]) == 64 and f["size"] > 0 for f in written["files"])
    assert SEATS  # (the tables' seats come from the store tests' helpers)


def test_the_commands_say_one_line_and_refuse_with_exit_code_2(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    data = asyncio.run(data_folder(tmp_path / "data"))
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("PARLOUR_", "DISCORD_"))},
           "PARLOUR_DATA_DIR": str(data)}

    def run(*argv: str, data_dir: Path = data) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "bot", *argv], capture_output=True, text=True, timeout=60,
                              env={**env, "PARLOUR_DATA_DIR": str(data_dir)})

    made = run("backup", str(tmp_path / "copy.tar.gz"))
    assert made.returncode == 0 and made.stdout.startswith("backup: 5 files, "), made
    refused = run("restore", str(tmp_path / "copy.tar.gz"))  # into the folder that holds the data
    assert refused.returncode == 2 and "holds data already" in refused.stderr and refused.stderr.count("\n") == 1
    restored = run("restore", str(tmp_path / "copy.tar.gz"), data_dir=tmp_path / "new")
    assert restored.returncode == 0 and restored.stdout.startswith("restored 5 files from the backup of "), restored
    missing = run("restore", str(tmp_path / "nothing"), data_dir=tmp_path / "new2")
    assert missing.returncode == 2 and "no backup there" in missing.stderr


async def test_the_schedule_keeps_the_newest_and_counts_a_failure_without_stopping(tmp_path: Path) -> None:
    from bot.store.backup_schedule import BackupSchedule

    data = await data_folder(tmp_path / "data")
    outcomes: list[bool] = []
    schedule = BackupSchedule(data, tmp_path / "backups", 3600.0, 2, lambda ok, seconds: outcomes.append(ok))
    assert schedule.due_in(1000.0) == 0.0  # none yet: at once
    taken = [await schedule.take_one() for _ in range(3)]
    assert all(taken) and schedule.taken() == sorted(taken)[-2:]  # the newest two kept
    assert outcomes == [True, True, True]
    assert 3590 < schedule.due_in(schedule.last_taken or 0) <= 3600
    again = BackupSchedule(data, tmp_path / "backups", 3600.0, 2)  # a restarted bot: due a period after the newest
    newest = json.loads((schedule.taken()[-1] / backup.MANIFEST).read_text())["taken_at"]
    assert again.due_in(newest + 600) == pytest.approx(3000, abs=1)
    (tmp_path / "blocked").write_text("a file where the folder should be")
    failing = BackupSchedule(data, tmp_path / "blocked", 3600.0, 2, lambda ok, seconds: outcomes.append(ok))
    assert await failing.take_one() is None and outcomes[-1] is False  # logged and counted; nothing raised
    assert failing.due_in(time.time()) > 3500  # tried again a period later, not in a tight loop
