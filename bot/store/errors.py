"""What the store raises: :class:`StoreError` for misuse, :class:`StoreFault` when the file or
the disk under it lets the store down, so callers can tell both from a bug in SQLite.

A fault's ``kind`` is one of :data:`FAULT_KINDS`; the bot turns it into words ("try again", "the
bot's disk is full"), and its message names the file and the kind, never the data being written.
The SQLite or OS error it came from is its ``__cause__``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Self


class StoreError(Exception):
    """The store was asked for something it cannot do: an unknown table, a column that may not be
    set, a value that is not JSON, a closed store, or a database written by a newer Parlour.

    Raised instead of guessing, so no data is lost or overwritten silently."""


class UnknownGuild(StoreError):
    """``Stores.guild(id, create=False)`` for a guild that has no database file: nothing is
    created for a guild id the caller has not vouched for."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(f"guild {guild_id} has no database")
        self.guild_id = guild_id


# What each kind of fault means, in the words a message uses.
FAULT_KINDS: dict[str, str] = {
    "busy": "busy (another connection held the lock longer than the busy timeout)",
    "read-only": "read-only (the file or its disk refuses writes)",
    "full": "full (no room left on the disk or in the file)",
    "corrupt": "corrupt (not a readable SQLite database)",
    "unwritable": "unwritable (the file could not be opened, created or written)",
}


# Called with a fault's kind each time one is met (the metrics count them by kind): the store knows
# nothing of who listens.
FAULT_LISTENERS: list[Callable[[str], None]] = []


class StoreFault(StoreError):
    """The database could not do the work: its file or disk is busy, read-only, full, corrupt or
    unwritable. Nothing of a failed write was kept; once the fault clears, the same store works
    again (it reopens its file on the next call if it had to let go of it)."""

    kind: str = "unwritable"

    def __init__(self, message: str, *, kind: str | None = None, path: Path | None = None) -> None:
        super().__init__(message)
        if kind is not None:
            self.kind = kind
        self.path = path

    @classmethod
    def about(cls, path: Path, kind: str, detail: str) -> Self:
        """A fault with the usual message: the file (and so the guild id), the kind, SQLite's or
        the OS's short reason (which names no data)."""
        return cls(f"the database {path.name} is {FAULT_KINDS[kind]}: {detail}", kind=kind, path=path)


class StoreBusy(StoreFault):
    """SQLITE_BUSY / SQLITE_LOCKED after SQLite's own busy timeout was spent: try again shortly."""

    kind = "busy"


class StoreUnavailable(StoreFault):
    """The file cannot be used as it is: ``kind`` is "read-only", "full", "corrupt" or "unwritable".
    Someone has to fix the disk or the file; the store recovers by itself once they have."""
