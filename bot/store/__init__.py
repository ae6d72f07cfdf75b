"""Persistence: one SQLite database per guild (settings, tables, the action log, results, ratings, stakes).

The standard library's sqlite3, one thread per guild in use, no Discord. ``Stores(data_dir)`` hands
out a :class:`GuildStore` per guild, opening its file when it is used and letting go of it when
idle; a failure of the file or the disk is a :class:`StoreFault` (busy, read-only, full, corrupt,
unwritable) the bot can put into words. Every write is one transaction, and ``commit_action`` stores
an action only if the table is still at the version the click was made against, which is how an
action is committed once, before it is shown.
"""

from __future__ import annotations

from .columns import UPDATABLE
from .errors import FAULT_KINDS, StoreBusy, StoreError, StoreFault, StoreUnavailable, UnknownGuild
from .guild import GuildStore
from .index import GuildIndex
from .ledger import Balance, LedgerRow, Movement
from .migrations import MIGRATIONS
from .ratings import COMPUTER, COMPUTERS, EASY_COMPUTER, HARD_COMPUTER, Rating, Rebuilt
from .rows import OPEN_STATUSES, STATUSES, ActionRow, Seat, SeatResult, StatRow, TableRow, TableStatus
from .stores import Stores

__all__ = [
    "COMPUTER",
    "COMPUTERS",
    "EASY_COMPUTER",
    "FAULT_KINDS",
    "HARD_COMPUTER",
    "MIGRATIONS",
    "OPEN_STATUSES",
    "STATUSES",
    "UPDATABLE",
    "ActionRow",
    "Balance",
    "GuildIndex",
    "GuildStore",
    "LedgerRow",
    "Movement",
    "Rating",
    "Rebuilt",
    "Seat",
    "SeatResult",
    "StatRow",
    "StoreBusy",
    "StoreError",
    "StoreFault",
    "StoreUnavailable",
    "Stores",
    "TableRow",
    "TableStatus",
    "UnknownGuild",
]
