"""Persistence: one SQLite database per guild (settings, tables, the action log, results, stakes).

The standard library's sqlite3, one thread per guild, no Discord. ``Stores(data_dir)`` hands out a
:class:`GuildStore` per guild; every write is one transaction, and ``commit_action`` stores an
action only if the table is still at the version the click was made against, which is how an
action is committed once, before it is shown.
"""

from __future__ import annotations

from .errors import StoreError
from .guild import UPDATABLE, GuildStore
from .ledger import Balance, LedgerRow, Movement
from .migrations import MIGRATIONS
from .ranking import rating, wilson_lower_bound
from .rows import OPEN_STATUSES, STATUSES, ActionRow, LeaderRow, Seat, SeatResult, StatRow, TableRow, TableStatus
from .stores import Stores

__all__ = [
    "MIGRATIONS",
    "OPEN_STATUSES",
    "STATUSES",
    "UPDATABLE",
    "ActionRow",
    "Balance",
    "GuildStore",
    "LeaderRow",
    "LedgerRow",
    "Movement",
    "Seat",
    "SeatResult",
    "StatRow",
    "StoreError",
    "Stores",
    "TableRow",
    "TableStatus",
    "rating",
    "wilson_lower_bound",
]
