"""Backups of the data folder, taken while the bot plays, and their restore.

A backup is a folder (or a ``.tar.gz`` of one) holding a copy of every file the bot keeps: each
guild's database, the index of guilds with unfinished tables, Parlour Local's world, the slash
commands' hashes; and ``manifest.json``, which lists each file with its size, its SHA-256, for a
database its schema version, and the moment of the copy. A database is copied with SQLite's online
backup API (``sqlite3.Connection.backup``), in one step: one read transaction, so the copy is the
database as it stood at one commit, and in WAL mode it never makes the bot's writers wait. Each
copy passes ``PRAGMA integrity_check`` before the backup says it succeeded. (``VACUUM INTO`` makes
smaller copies but took longer: ``python -m bench.backup`` prints both; docs/operations.md has the
figures.)

A backup is written beside its destination under a temporary name and renamed into place only
once complete, so a destination that exists is always a whole backup.

A restore first checks the manifest and every file's size and checksum, and refuses a damaged
or partial backup with a line naming the file, before anything in the data folder changes. It
fills an empty data folder (``replace`` moves a folder that holds data aside, never deletes it),
or, for one guild, puts back that guild's database. The next start resumes every table that was
being played at the moment of the copy, drawing each again at its restored version, and migrates a
database from an older schema as any start does.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sqlite3
import tarfile
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from .index import INDEX_NAME, GuildIndex, has_unfinished
from .migrations import user_version

MANIFEST = "manifest.json"
FORMAT = 1
GUILDS = "guilds"
SKIPPED = ("-wal", "-shm", "-journal")  # a database's working files: its copy holds what they held
Method = Literal["backup", "vacuum"]


class BackupError(Exception):
    """A backup that cannot be made, or a backup or target refused: the message says why, naming
    the file."""


@dataclass(frozen=True)
class Entry:
    """One file of a backup: its path in the data folder, size, checksum and (a database) schema."""

    path: str
    size: int
    sha256: str
    schema: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "size": self.size, "sha256": self.sha256, "schema": self.schema}


@dataclass(frozen=True)
class Manifest:
    taken_at: float  # seconds since the epoch, when the copy began
    guild: int | None  # a one-guild backup's guild
    files: tuple[Entry, ...]

    def to_json(self) -> dict[str, Any]:
        return {"parlour_backup": FORMAT, "taken_at": self.taken_at,
                "taken_at_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.taken_at)),
                "guild": self.guild, "files": [f.to_json() for f in self.files]}

    @classmethod
    def from_json(cls, data: Any) -> Manifest:
        try:
            if data["parlour_backup"] != FORMAT:
                raise BackupError(f"{MANIFEST}: backup format {data['parlour_backup']!r}, this Parlour reads {FORMAT}")
            files = tuple(Entry(str(f["path"]), int(f["size"]), str(f["sha256"]),
                                None if f.get("schema") is None else int(f["schema"])) for f in data["files"])
            guild = data.get("guild")
            return cls(float(data["taken_at"]), None if guild is None else int(guild), files)
        except (KeyError, TypeError, ValueError) as err:
            raise BackupError(f"{MANIFEST} is damaged ({err!r})") from None

    @property
    def size(self) -> int:
        return sum(f.size for f in self.files)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def guild_file(guild: int) -> str:
    return f"{GUILDS}/{guild}.sqlite3"


def _kept_files(data_dir: Path, guild: int | None) -> Iterator[str]:
    """The data folder's files a backup copies (relative, with "/"), working files left out."""
    if guild is not None:
        if not (data_dir / guild_file(guild)).is_file():
            raise BackupError(f"{guild_file(guild)}: no data for guild {guild} in {data_dir}")
        yield guild_file(guild)
        return
    names = [path.relative_to(data_dir).as_posix() for path in sorted(data_dir.rglob("*"))
             if path.is_file() and not path.name.endswith(SKIPPED) and not path.name.startswith(".")]
    # The index last: a guild's table is listed before its first write commits, so an index copied
    # after every guild lists each table those copies hold unfinished (one listed too many is harmless).
    yield from sorted(names, key=lambda name: name == INDEX_NAME)


def _is_database(path: Path) -> bool:
    with path.open("rb") as file:
        return file.read(16) == b"SQLite format 3\x00"


def copy_database(source: Path, target: Path, method: Method = "backup") -> int:
    """A consistent copy of a live database at ``target``, checked; returns its schema version."""
    with contextlib.closing(sqlite3.connect(source, timeout=30)) as live:
        if method == "vacuum":
            live.execute("VACUUM INTO ?", (str(target),))
        else:
            with contextlib.closing(sqlite3.connect(target)) as copy:
                live.backup(copy)  # every page in one step: one read transaction
    with contextlib.closing(sqlite3.connect(target)) as copy:
        checked = [row[0] for row in copy.execute("PRAGMA integrity_check")]
        if checked != ["ok"]:
            raise BackupError(f"{source.name}: its copy failed the integrity check ({'; '.join(checked[:3])})")
        copy.execute("PRAGMA journal_mode=DELETE")  # the copy stands alone: no WAL beside it
        return user_version(copy)


def take(data_dir: Path, dest: Path, guild: int | None = None, method: Method = "backup") -> Manifest:
    """Copy ``data_dir`` (or one ``guild``'s data) to ``dest``, a new folder or a ``.tar.gz``."""
    data_dir, dest = Path(data_dir), Path(dest)
    if not data_dir.is_dir():
        raise BackupError(f"{data_dir}: no data folder there")
    if dest.exists():
        raise BackupError(f"{dest}: already exists (a backup never writes over anything)")
    dest.parent.mkdir(parents=True, exist_ok=True)
    packed = dest.name.endswith(".tar.gz")
    started = time.time()
    work = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", dir=dest.parent))
    try:
        entries = []
        for name in _kept_files(data_dir, guild):
            source, target = data_dir / name, work / name
            target.parent.mkdir(parents=True, exist_ok=True)
            schema = None
            if _is_database(source):
                schema = copy_database(source, target, method)
            else:
                shutil.copyfile(source, target)
            entries.append(Entry(name, target.stat().st_size, sha256_of(target), schema))
        manifest = Manifest(started, guild, tuple(entries))
        (work / MANIFEST).write_text(json.dumps(manifest.to_json(), indent=1) + "\n")
        if packed:
            partial = dest.with_name(f".{dest.name}.partial")
            with tarfile.open(partial, "w:gz", compresslevel=6) as tar:
                for name in (*[e.path for e in entries], MANIFEST):
                    tar.add(work / name, arcname=name)
            os.replace(partial, dest)
        else:
            os.replace(work, dest)
        return manifest
    finally:
        shutil.rmtree(work, ignore_errors=True)


def read(source: Path, scratch: Path) -> tuple[Path, Manifest]:
    """The backup at ``source`` checked whole: its folder (a ``.tar.gz`` unpacked in ``scratch``)
    and its manifest. A missing, truncated or changed file is refused, naming it."""
    source = Path(source)
    if not source.exists():
        raise BackupError(f"{source}: no backup there")
    folder = source
    if source.is_file():
        folder = scratch / "unpacked"
        try:
            with tarfile.open(source, "r:gz") as tar:
                tar.extractall(folder, filter="data")
        except (tarfile.TarError, OSError, EOFError) as err:
            raise BackupError(f"{source}: not a whole .tar.gz ({err})") from None
    if not (folder / MANIFEST).is_file():
        raise BackupError(f"{source}: no {MANIFEST}, so not a Parlour backup (or only part of one)")
    try:
        manifest = Manifest.from_json(json.loads((folder / MANIFEST).read_text()))
    except json.JSONDecodeError as err:
        raise BackupError(f"{MANIFEST} is damaged ({err})") from None
    for entry in manifest.files:
        path = folder / entry.path
        if ".." in Path(entry.path).parts or Path(entry.path).is_absolute():
            raise BackupError(f"{MANIFEST} names {entry.path!r}, outside the backup")
        if not path.is_file():
            raise BackupError(f"{entry.path}: missing from the backup")
        if path.stat().st_size != entry.size:
            raise BackupError(f"{entry.path}: {path.stat().st_size} bytes where the manifest says {entry.size} "
                              "(truncated or changed)")
        if sha256_of(path) != entry.sha256:
            raise BackupError(f"{entry.path}: damaged (its checksum is not the manifest's)")
    return folder, manifest


def _holds_data(folder: Path) -> bool:
    return folder.exists() and any(folder.iterdir())


def aside(path: Path) -> Path:
    """``path`` renamed beside itself, stamped, never deleted; the new name."""
    moved = path.with_name(f"{path.name}.before-restore-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while moved.exists():
        n += 1
        moved = moved.with_name(f"{path.name}.before-restore-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
    os.replace(path, moved)
    return moved


def restore(source: Path, data_dir: Path, replace: bool = False,
            guild: int | None = None) -> tuple[Manifest, Path | None]:
    """Put the backup at ``source`` into ``data_dir`` (the bot stopped): all of it into an empty
    folder, or one ``guild``'s database. Returns the manifest and where anything replaced was
    moved. Nothing changes in ``data_dir`` unless the whole backup checks out."""
    data_dir = Path(data_dir)
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=".parlour-restore-", dir=data_dir.parent))
    try:
        folder, manifest = read(source, scratch)
        if guild is not None:
            return manifest, _restore_guild(folder, manifest, data_dir, guild, replace)
        if manifest.guild is not None:
            raise BackupError(f"{source}: a backup of guild {manifest.guild} alone; restore it with --guild "
                              f"{manifest.guild}")
        moved = None
        if _holds_data(data_dir):
            if not replace:
                raise BackupError(f"{data_dir}: holds data already; restore into an empty folder, or add --replace "
                                  "to move it aside first")
            moved = aside(data_dir)
        staged = scratch / "staged"
        for entry in manifest.files:
            (staged / entry.path).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(folder / entry.path, staged / entry.path)
            if entry.path.startswith(f"{GUILDS}/"):
                redraw_on_start(staged / entry.path)
        if data_dir.exists():
            data_dir.rmdir()  # empty (checked above, or just moved aside)
        os.replace(staged, data_dir)
        return manifest, moved
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def redraw_on_start(database: Path) -> None:
    """Mark the restored guild's unfinished tables as not shown: Discord's messages may show moves
    made after the copy, so the next start draws each table and hand again at its restored version
    (a click on a newer message is then refused as out of date)."""
    with contextlib.closing(sqlite3.connect(database)) as conn, conn:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(tables)")}
        if "shown_version" in columns:  # (a schema from before it redraws every table anyway)
            conn.execute("UPDATE tables SET shown_version = -1 WHERE status IN ('lobby', 'playing')")


def _restore_guild(folder: Path, manifest: Manifest, data_dir: Path, guild: int, replace: bool) -> Path | None:
    name = guild_file(guild)
    if not any(e.path == name for e in manifest.files):
        raise BackupError(f"{name}: not in this backup")
    target = data_dir / name
    moved = None
    for suffix in ("", *SKIPPED):
        if Path(f"{target}{suffix}").exists() and not replace:
            raise BackupError(f"{name}: guild {guild} has data here already; add --replace to move it aside first")
    if target.exists():
        moved = aside(target)
        for suffix in SKIPPED:
            with contextlib.suppress(FileNotFoundError):
                os.replace(f"{target}{suffix}", f"{moved}{suffix}")
    target.parent.mkdir(parents=True, exist_ok=True)
    staged = target.with_name(f".{target.name}.restoring")
    shutil.copyfile(folder / name, staged)
    redraw_on_start(staged)
    os.replace(staged, target)
    with contextlib.closing(sqlite3.connect(target)) as conn:
        unfinished = has_unfinished(conn)
    index = GuildIndex(data_dir / INDEX_NAME)
    try:
        if unfinished:  # so that the next start opens it and resumes its tables
            index.add(guild)
    finally:
        index.close()
    return moved
