"""What a table's columns may hold, checked before a write (a bad value is a bug in the caller,
refused with a StoreError rather than stored), and the three ways the store runs a statement."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence

from . import codec
from .errors import StoreError
from .rows import seats_json


def now_or(now: float | None) -> float:
    return time.time() if now is None else codec.number(now, "now")


def mapping_json(value: object, what: str) -> str:
    if not isinstance(value, Mapping):
        raise StoreError(f"{what} must be a mapping, not {value!r}")
    return codec.dumps(dict(value), what)


def record_json(record: object, version: int, last: tuple[int, str] | None = None) -> str:
    """The record as JSON, after checking it matches the version it is stored at.

    ``version`` counts the actions applied, so a record whose action list has another length
    (or whose last action is not the one being logged) is a bug in the caller; storing it would
    make the table restore to a different game than the one shown."""
    if not isinstance(record, Mapping):
        raise StoreError(f"a game record must be a mapping, not {type(record).__name__}")
    actions = record.get("actions")
    if not isinstance(actions, list | tuple):
        raise StoreError("a game record must have an 'actions' list (State.to_record makes one)")
    if len(actions) != version:
        raise StoreError(f"the record holds {len(actions)} actions but would be stored at version {version}")
    if last is not None:
        final = actions[-1] if actions else None
        if not isinstance(final, list | tuple) or list(final) != list(last):
            # Versions only: an action's token can name a card, and this message may reach a log.
            raise StoreError(f"the record's last action is not the action being committed at version {version}")
    return codec.dumps(dict(record), "record")


def _opt_int(what: str) -> Callable[[object], object]:
    return lambda value: codec.whole_or_none(value, what)


def _opt_real(what: str) -> Callable[[object], object]:
    return lambda value: codec.number_or_none(value, what)


# What update_table may set, and how each value becomes a column value. Status, version, record,
# seed, game and timestamps of the game's life have their own methods, which keep the invariants.
UPDATABLE: dict[str, Callable[[object], object]] = {
    "options": lambda value: mapping_json(value, "options"),
    "seats": lambda value: seats_json(value),  # type: ignore[arg-type]
    "host_id": lambda value: codec.whole(value, "host_id"),
    "origin_channel_id": _opt_int("origin_channel_id"),
    "lobby_message_id": _opt_int("lobby_message_id"),
    "channel_id": _opt_int("channel_id"),
    "is_thread": lambda value: int(codec.flag(value, "is_thread")),
    "table_message_id": _opt_int("table_message_id"),
    "turn_started_at": _opt_real("turn_started_at"),
    "reminded": lambda value: int(codec.flag(value, "reminded")),
    "delete_channel_at": _opt_real("delete_channel_at"),
    "extra": lambda value: mapping_json(value, "extra"),
    "updated_at": lambda value: codec.number(value, "updated_at"),
}


def fetchone(conn: sqlite3.Connection, sql: str, params: Sequence[object] = ()) -> sqlite3.Row | None:
    row: sqlite3.Row | None = conn.execute(sql, params).fetchone()
    return row


def fetchall(conn: sqlite3.Connection, sql: str, params: Sequence[object] = ()) -> list[sqlite3.Row]:
    return list(conn.execute(sql, params).fetchall())


def change(conn: sqlite3.Connection, sql: str, params: Sequence[object] = ()) -> int:
    """Run a write; the number of rows it changed."""
    return conn.execute(sql, params).rowcount
