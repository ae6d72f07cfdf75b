"""The one error the store raises for misuse, so callers can tell it from a bug in SQLite."""

from __future__ import annotations


class StoreError(Exception):
    """The store was asked for something it cannot do: an unknown table, a column that may not be
    set, a value that is not JSON, a closed store, or a database written by a newer Parlour.

    Raised instead of guessing, so no data is lost or overwritten silently."""
