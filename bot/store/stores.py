"""Every guild's store: one SQLite file per guild, opened the first time it is needed.

A guild's data being one file makes it easy to back up, to delete when the bot leaves the
guild, and to move with the guild's shard when the bot runs as several processes.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from types import TracebackType

from .errors import StoreError
from .guild import GuildStore

SUFFIX = ".sqlite3"
_NAME = re.compile(r"[0-9]+")


class Stores:
    """Hands out one :class:`GuildStore` per guild id, under ``<data_dir>/guilds/``."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self._open: dict[int, GuildStore] = {}
        self._opening: dict[int, asyncio.Lock] = {}
        self._closed = False

    @property
    def guilds_dir(self) -> Path:
        return self.data_dir / "guilds"

    def path_for(self, guild_id: int) -> Path:
        if isinstance(guild_id, bool) or not isinstance(guild_id, int) or guild_id <= 0:
            raise StoreError(f"a guild id is a positive integer, not {guild_id!r}")
        return self.guilds_dir / f"{guild_id}{SUFFIX}"

    async def guild(self, guild_id: int) -> GuildStore:
        """The guild's store, opening (and creating or migrating) its database on first use.
        Concurrent first calls for one guild share one open; other guilds do not wait."""
        store = self._open.get(guild_id)
        if store is not None:
            return store
        path = self.path_for(guild_id)
        lock = self._opening.setdefault(guild_id, asyncio.Lock())
        async with lock:
            if self._closed:
                raise StoreError("the stores are closed")
            store = self._open.get(guild_id)
            if store is None:
                store = await GuildStore.open(guild_id, path)
                if self._closed:  # close() ran while we were opening: do not leak the connection
                    await store.close()
                    raise StoreError("the stores are closed")
                self._open[guild_id] = store
            return store

    def known_guilds(self) -> list[int]:
        """Ids of the guilds that have a database file, whether open or not (for start-up)."""
        if not self.guilds_dir.is_dir():
            return []
        return sorted(
            int(path.stem)
            for path in self.guilds_dir.iterdir()
            if path.suffix == SUFFIX and _NAME.fullmatch(path.stem) and path.is_file()
        )

    def open_guilds(self) -> list[int]:
        return sorted(self._open)

    async def close(self) -> None:
        """Close every guild's store (each after its write in progress). Later calls to
        :meth:`guild` fail: a new ``Stores`` is how the bot starts again."""
        self._closed = True
        stores, self._open = list(self._open.values()), {}
        errors: list[BaseException] = []
        for store in stores:
            try:
                await store.close()
            except Exception as exc:  # close the rest before reporting
                errors.append(exc)
        if errors:
            raise StoreError(f"{len(errors)} guild store(s) failed to close: {errors[0]}") from errors[0]

    async def __aenter__(self) -> Stores:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()
