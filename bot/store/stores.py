"""Every guild's store: one SQLite file per guild, opened when it is used and let go when idle.

A guild's data being one file makes it easy to back up, to delete when the bot leaves the
guild, and to move with the guild's shard when the bot runs as several processes.

An open store holds a thread and three file descriptors (the database, its WAL and its shared
memory), so only the guilds in use are open: :meth:`Stores.sweep` (the bot runs it about once a
minute, :meth:`Stores.run_sweeper`) rests the stores idle for ``idle_seconds``, and whenever more
than ``max_open`` are open the least recently used idle ones are rested at once. Resting is
invisible to whoever holds a store: its next call opens the file again. Start-up opens only the
guilds in the index of guilds with unfinished tables (:mod:`.index`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
import time
import weakref
from pathlib import Path
from types import TracebackType

from .database import Database
from .errors import StoreError, StoreUnavailable, UnknownGuild
from .guild import GuildStore
from .index import INDEX_NAME, GuildIndex

SUFFIX = ".sqlite3"
_NAME = re.compile(r"[0-9]+")
log = logging.getLogger(__name__)


class Stores:
    """Hands out one :class:`GuildStore` per guild id, under ``<data_dir>/guilds/``."""

    def __init__(self, data_dir: Path, *, idle_seconds: float = 300.0, max_open: int = 64) -> None:
        if max_open < 1:
            raise StoreError(f"max_open must be at least 1, not {max_open!r}")
        self.data_dir = Path(data_dir)
        self.idle_seconds = idle_seconds
        self.max_open = max_open
        self.index = GuildIndex(self.data_dir / INDEX_NAME)
        # Every store handed out and still referenced by someone: one object per guild, so its
        # settings cache and its thread are never doubled. The open ones are also held here:
        self._stores: weakref.WeakValueDictionary[int, GuildStore] = weakref.WeakValueDictionary()
        self._open: dict[int, GuildStore] = {}
        self._opening: dict[int, asyncio.Future[GuildStore]] = {}
        self._trimming: asyncio.Task[int] | None = None
        self._closed = False

    @property
    def guilds_dir(self) -> Path:
        return self.data_dir / "guilds"

    def path_for(self, guild_id: int) -> Path:
        if isinstance(guild_id, bool) or not isinstance(guild_id, int) or guild_id <= 0:
            raise StoreError(f"a guild id is a positive integer, not {guild_id!r}")
        return self.guilds_dir / f"{guild_id}{SUFFIX}"

    async def guild(self, guild_id: int, create: bool = True) -> GuildStore:
        """The guild's store, opening (and creating or migrating) its database on first use.
        Concurrent first calls for one guild share one open; other guilds do not wait.

        With ``create=False`` a guild that has no file yet raises :class:`UnknownGuild` and no
        file is made: for ids the caller has not vouched for (a click from a guild the bot is not
        in). A store that is resting is handed out as it is; its next call opens it again."""
        path = self.path_for(guild_id)
        if self._closed:
            raise StoreError("the stores are closed")
        store = self._stores.get(guild_id)
        if store is not None and not store.closed:
            return store
        while True:
            opening = self._opening.get(guild_id)
            if opening is None:
                if not create and not path.is_file():
                    raise UnknownGuild(guild_id)
                opening = asyncio.ensure_future(self._first_open(guild_id, path, create))
                opening.add_done_callback(functools.partial(self._opened, guild_id))
                self._opening[guild_id] = opening
            try:
                return await asyncio.shield(opening)
            except UnknownGuild:
                if not create:
                    raise
                # a caller who may not create got there first and found no file: we may create

    def _opened(self, guild_id: int, opening: asyncio.Future[GuildStore]) -> None:
        if self._opening.get(guild_id) is opening:
            del self._opening[guild_id]
        if not opening.cancelled():
            opening.exception()  # retrieved, so nothing is logged if every caller was cancelled

    async def _first_open(self, guild_id: int, path: Path, create: bool) -> GuildStore:
        trimming = self._trimming
        if trimming is not None and not trimming.done():
            # Wait for the rests under way: the open files stay near max_open even on a machine too
            # busy for the rests to keep up with new guilds (a rest takes milliseconds).
            await asyncio.shield(trimming)
        db = Database(path, create=create, on_wake=functools.partial(self._woke, guild_id))
        store = GuildStore(guild_id, db, self.index)
        self._open[guild_id] = store  # counted as open while it opens
        try:
            await db.wake()
        except StoreUnavailable as fault:
            if not create and not path.exists():  # deleted between the check and the open
                raise UnknownGuild(guild_id) from fault
            raise
        finally:
            if store.closed:
                self._open.pop(guild_id, None)
        if self._closed:  # close() ran while we were opening: do not leak the connection
            await store.close()
            raise StoreError("the stores are closed")
        self._stores[guild_id] = store
        return store

    def _woke(self, guild_id: int) -> None:
        """A store opened again (its first open, or a call after a rest): count it, and rest the
        least recently used idle ones if there are now too many."""
        store = self._stores.get(guild_id) or self._open.get(guild_id)
        if store is None:
            return
        self._open[guild_id] = store
        if len(self._open) > self.max_open and (self._trimming is None or self._trimming.done()):
            self._trimming = asyncio.get_running_loop().create_task(self._trim(), name="parlour-store-trim")

    async def _rest(self, store: GuildStore) -> bool:
        """Rest one store; True if it let go of its thread (False: in use, or it failed)."""
        try:
            rested = await store.rest()
        except Exception:
            log.exception("could not rest the store of guild %s", store.guild_id)
            return False
        if not store.awake and self._open.get(store.guild_id) is store:
            del self._open[store.guild_id]
        return rested and not store.awake

    async def _trim(self) -> int:
        """Rest the least recently used idle stores while more than ``max_open`` are open."""
        rested = 0
        while len(self._open) > self.max_open:
            idle = sorted((s for s in self._open.values() if not s.busy), key=lambda s: s.last_used)
            excess = idle[: len(self._open) - self.max_open]
            if not excess:
                break  # all in use: the next wake or sweep tries again
            done = sum(await asyncio.gather(*(self._rest(store) for store in excess)))
            if not done:
                break
            rested += done
        return rested

    async def sweep(self, now: float | None = None) -> int:
        """Rest every store unused for ``idle_seconds`` (first taking its guild out of the index
        if it no longer has unfinished tables), then the least recently used ones beyond
        ``max_open``. Returns how many were rested. ``now`` is a ``time.monotonic()`` value."""
        if self._closed:
            return 0
        moment = time.monotonic() if now is None else now
        idle = [s for s in self._open.values() if not s.busy and moment - s.last_used >= self.idle_seconds]
        indexed: set[int] = set()
        if idle:
            try:
                indexed = set(await asyncio.to_thread(self.index.ids))
            except StoreError:
                log.exception("could not read the index of guilds to restore")

        async def retire(store: GuildStore) -> bool:
            if store.guild_id in indexed:
                try:
                    await store.leave_index_if_finished()
                except Exception:
                    log.exception("could not check guild %s's tables for the index", store.guild_id)
            return await self._rest(store)

        rested = sum(await asyncio.gather(*(retire(store) for store in idle)))
        return rested + await self._trim()

    async def run_sweeper(self, every: float = 60.0) -> None:
        """:meth:`sweep` every ``every`` seconds until cancelled or the stores are closed."""
        while not self._closed:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:
                log.exception("the store sweep failed")

    async def guilds_to_restore(self) -> list[int]:
        """Ids of the guilds with unfinished tables (from the index; those whose file has gone
        are dropped from it). The first call on a data folder from before the index builds it by
        scanning every guild's file once, and so does the first call after the index was found corrupt."""
        if not await asyncio.to_thread(self.index.built):
            started = time.monotonic()
            guilds = [(guild_id, self.path_for(guild_id)) for guild_id in self.known_guilds()]
            found = await asyncio.to_thread(self.index.build, guilds)
            log.info("indexed the guilds with unfinished tables: %d of %d, in %.1f s", found, len(guilds),
                     time.monotonic() - started)
        ids = await asyncio.to_thread(self.index.ids)
        present = [guild_id for guild_id in ids if self.path_for(guild_id).is_file()]
        for gone in set(ids) - set(present):
            await asyncio.to_thread(self.index.discard, gone)
        return present

    async def forget_if_idle(self, guild_id: int) -> bool:
        """Take the guild out of the index if none of its tables is unfinished; True if it is not
        in the index now. A guild without a file is simply taken out."""
        try:
            store = await self.guild(guild_id, create=False)
        except UnknownGuild:
            await asyncio.to_thread(self.index.discard, guild_id)
            return True
        return await store.leave_index_if_finished()

    def known_guilds(self) -> list[int]:
        """Ids of the guilds that have a database file, whether open or not."""
        if not self.guilds_dir.is_dir():
            return []
        return sorted(
            int(path.stem)
            for path in self.guilds_dir.iterdir()
            if path.suffix == SUFFIX and _NAME.fullmatch(path.stem) and path.is_file()
        )

    def open_guilds(self) -> list[int]:
        """Ids of the guilds whose store is open now (holding a thread and its file)."""
        return sorted(self._open)

    async def close(self) -> None:
        """Close every guild's store (each after its write in progress). Later calls to
        :meth:`guild` fail, and so do calls on a store handed out before: a new ``Stores`` is how
        the bot starts again."""
        self._closed = True
        if self._trimming is not None:
            self._trimming.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._trimming
        stores = {id(s): s for s in [*self._open.values(), *self._stores.values()]}
        self._open = {}
        errors: list[BaseException] = []
        for store in stores.values():
            try:
                await store.close()
            except Exception as exc:  # close the rest before reporting
                errors.append(exc)
        await asyncio.to_thread(self.index.close)
        if errors:
            raise StoreError(f"{len(errors)} guild store(s) failed to close: {errors[0]}") from errors[0]

    async def __aenter__(self) -> Stores:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()
