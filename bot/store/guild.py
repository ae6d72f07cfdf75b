"""One guild's data: settings, tables, the action log and results, behind one connection.

Every operation holds the guild's lock, and every write is one ``BEGIN IMMEDIATE ... COMMIT``.
With a single connection per guild, the lock is what keeps a reader from seeing another
coroutine's half-done transaction; reads are single indexed queries, so waiting costs little.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from . import codec, ledger
from .database import open_database
from .errors import StoreError
from .ledger import Balance, LedgerRow, Movement
from .ranking import rating
from .rows import STATUSES, ActionRow, LeaderRow, Seat, SeatResult, StatRow, TableRow, seats_json

log = logging.getLogger("parlour.store")

SeatLike = Seat | Mapping[str, Any]
ResultLike = SeatResult | tuple[int, int | None, int, bool, bool]


def _now(now: float | None) -> float:
    return time.time() if now is None else codec.number(now, "now")


def _mapping_json(value: object, what: str) -> str:
    if not isinstance(value, Mapping):
        raise StoreError(f"{what} must be a mapping, not {value!r}")
    return codec.dumps(dict(value), what)


def _record_json(record: object, version: int, last: tuple[int, str] | None = None) -> str:
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
            raise StoreError(f"the record's last action is {final!r}, not the action being committed {list(last)!r}")
    return codec.dumps(dict(record), "record")


def _opt_int(what: str) -> Callable[[object], object]:
    return lambda value: codec.whole_or_none(value, what)


def _opt_real(what: str) -> Callable[[object], object]:
    return lambda value: codec.number_or_none(value, what)


# What update_table may set, and how each value becomes a column value. Status, version, record,
# seed, game and timestamps of the game's life have their own methods, which keep the invariants.
UPDATABLE: dict[str, Callable[[object], object]] = {
    "options": lambda value: _mapping_json(value, "options"),
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
    "extra": lambda value: _mapping_json(value, "extra"),
    "updated_at": lambda value: codec.number(value, "updated_at"),
}


async def _fetchone(conn: aiosqlite.Connection, sql: str, params: Sequence[object] = ()) -> sqlite3.Row | None:
    async with conn.execute(sql, params) as cursor:
        row: sqlite3.Row | None = await cursor.fetchone()
    return row


async def _fetchall(conn: aiosqlite.Connection, sql: str, params: Sequence[object] = ()) -> list[sqlite3.Row]:
    async with conn.execute(sql, params) as cursor:
        return list(await cursor.fetchall())


async def _change(conn: aiosqlite.Connection, sql: str, params: Sequence[object] = ()) -> int:
    """Run a write; the number of rows it changed."""
    async with conn.execute(sql, params) as cursor:
        return cursor.rowcount


class GuildStore:
    """The repository for one guild's database file. Get one from :class:`bot.store.Stores`."""

    def __init__(self, guild_id: int, path: Path, conn: aiosqlite.Connection) -> None:
        self.guild_id = guild_id
        self.path = path
        self._conn = conn
        self._lock = asyncio.Lock()
        self._closed = False
        # Settings are read on every move (the stakes unit, the turn timeout) and written rarely:
        # kept in memory, read from SQLite once, replaced on every write.
        self._settings: dict[str, Any] | None = None

    @classmethod
    async def open(cls, guild_id: int, path: Path) -> GuildStore:
        return cls(guild_id, path, await open_database(path))

    def __repr__(self) -> str:
        return f"<GuildStore {self.guild_id} {'closed' if self._closed else 'open'}>"

    @property
    def closed(self) -> bool:
        return self._closed

    async def close(self) -> None:
        """Close the connection once any write in progress has finished. Safe to call twice."""
        async with self._lock:
            if not self._closed:
                self._closed = True
                await self._conn.close()

    # -- plumbing -------------------------------------------------------------------------
    def _check_open(self) -> None:
        if self._closed:
            raise StoreError(f"the store for guild {self.guild_id} is closed")

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            self._check_open()
            yield self._conn

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction: committed if the block finishes, rolled back if it raises."""
        async with self._lock:
            self._check_open()
            if self._conn.in_transaction:
                # Only a write cancelled again during its own rollback can leave this; its caller
                # got the exception, so nothing in the transaction was promised to anyone.
                log.warning("guild %s: rolling back a transaction left open by an interrupted write", self.guild_id)
                await self._rollback()
            try:
                # BEGIN is inside the try: a task cancelled while awaiting it has still queued it on
                # the connection's thread, and the ROLLBACK queued after it must undo it.
                await self._conn.execute("BEGIN IMMEDIATE")
                yield self._conn
                await self._conn.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    async def _rollback(self) -> None:
        """Undo the open transaction, if there still is one. aiosqlite runs statements in the
        order they were issued, so this always lands after the statements it undoes (even when
        the awaiting task was cancelled)."""
        try:
            await self._conn.execute("ROLLBACK")
        except sqlite3.OperationalError:
            if self._conn.in_transaction:
                raise
            # No transaction: BEGIN never ran, COMMIT already did, or SQLite rolled back itself.

    @staticmethod
    async def _table(conn: aiosqlite.Connection, table_id: int) -> TableRow | None:
        row = await _fetchone(conn, "SELECT * FROM tables WHERE id = ?", (table_id,))
        return None if row is None else TableRow.from_row(row)

    async def _require_table(self, conn: aiosqlite.Connection, table_id: int) -> TableRow:
        table = await self._table(conn, table_id)
        if table is None:
            raise StoreError(f"guild {self.guild_id} has no table {table_id}")
        return table

    # -- settings -------------------------------------------------------------------------
    async def get_setting(self, key: str, default: Any = None) -> Any:
        """A setting's value (any JSON value), or ``default`` if it was never set."""
        return (await self.all_settings()).get(key, default)

    async def set_setting(self, key: str, value: Any) -> None:
        if not isinstance(key, str) or not key:
            raise StoreError(f"a setting needs a non-empty string key, not {key!r}")
        text = codec.dumps(value, f"setting {key!r}")
        async with self._writing() as conn:
            await conn.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, text),
            )
            self._settings = None  # read afresh, from what was committed

    async def delete_setting(self, key: str) -> bool:
        """Forget a setting (back to its default); False if it was not set."""
        async with self._writing() as conn:
            self._settings = None
            return await _change(conn, "DELETE FROM settings WHERE key = ?", (key,)) > 0

    async def all_settings(self) -> dict[str, Any]:
        if self._settings is None:
            async with self._reading() as conn:
                rows = await _fetchall(conn, "SELECT key, value FROM settings ORDER BY key")
            self._settings = {row["key"]: codec.loads(row["value"]) for row in rows}
        return dict(self._settings)

    # -- tables ---------------------------------------------------------------------------
    async def create_table(
        self,
        game: str,
        options: Mapping[str, Any],
        seed: int,
        host_id: int,
        seats: Iterable[SeatLike],
        origin_channel_id: int | None = None,
        now: float | None = None,
    ) -> TableRow:
        """A new table in the lobby."""
        if not isinstance(game, str) or not game:
            raise StoreError(f"a table needs a game key, not {game!r}")
        at = _now(now)
        values = (
            game,
            _mapping_json(options, "options"),
            codec.whole(seed, "seed"),
            codec.whole(host_id, "host_id"),
            seats_json(seats),
            codec.whole_or_none(origin_channel_id, "origin_channel_id"),
            at,
            at,
        )
        async with self._writing() as conn:
            async with conn.execute(
                "INSERT INTO tables (game, options, seed, status, host_id, seats, origin_channel_id, created_at,"
                " updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                values,
            ) as cursor:
                table_id = cursor.lastrowid
            if table_id is None:
                raise StoreError("SQLite did not report the new table's id")
            return await self._require_table(conn, table_id)

    async def get_table(self, table_id: int) -> TableRow | None:
        async with self._reading() as conn:
            return await self._table(conn, table_id)

    async def tables_with_status(self, *statuses: str) -> list[TableRow]:
        """Tables in any of ``statuses``, oldest first; ``tables_with_status('lobby', 'playing')``
        is what start-up restores."""
        if not statuses:
            raise StoreError("name at least one status")
        unknown = set(statuses) - set(STATUSES)
        if unknown:
            raise StoreError(f"unknown table status {sorted(unknown)}; statuses are {', '.join(STATUSES)}")
        marks = ", ".join("?" for _ in statuses)
        async with self._reading() as conn:
            rows = await _fetchall(conn, f"SELECT * FROM tables WHERE status IN ({marks}) ORDER BY id", statuses)
        return [TableRow.from_row(row) for row in rows]

    async def table_in_channel(self, channel_id: int) -> TableRow | None:
        """The latest table played in a channel or thread (any status), for ``/table`` commands."""
        async with self._reading() as conn:
            row = await _fetchone(
                conn, "SELECT * FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
            )
        return None if row is None else TableRow.from_row(row)

    async def update_table(self, table_id: int, **fields: Any) -> TableRow:
        """Set lobby, channel, message and timer fields (see ``UPDATABLE``); ``updated_at`` is
        set to now unless given. Returns the table as it now is."""
        unknown = set(fields) - set(UPDATABLE)
        if unknown:
            raise StoreError(f"update_table cannot set {sorted(unknown)}; it sets {', '.join(sorted(UPDATABLE))}")
        values = {name: UPDATABLE[name](value) for name, value in fields.items()}
        values.setdefault("updated_at", time.time())
        assignments = ", ".join(f"{name} = ?" for name in values)
        async with self._writing() as conn:
            if not await _change(conn, f"UPDATE tables SET {assignments} WHERE id = ?", (*values.values(), table_id)):
                raise StoreError(f"guild {self.guild_id} has no table {table_id}")
            return await self._require_table(conn, table_id)

    async def merge_extra(self, table_id: int, values: Mapping[str, Any], now: float | None = None) -> TableRow:
        """Merge keys into the table's ``extra`` (a None value removes its key), read and written
        in one transaction so concurrent updates of different keys do not undo each other."""
        async with self._writing() as conn:
            table = await self._require_table(conn, table_id)
            extra = dict(table.extra)
            for key, value in values.items():
                if value is None:
                    extra.pop(key, None)
                else:
                    extra[key] = value
            await conn.execute(
                "UPDATE tables SET extra = ?, updated_at = ? WHERE id = ?",
                (codec.dumps(extra, "extra"), _now(now), table_id),
            )
            return await self._require_table(conn, table_id)

    async def set_lobby_seats(self, table_id: int, seats: Iterable[SeatLike], now: float | None = None) -> bool:
        """Replace the seats of a table still in the lobby; False if it has left the lobby (a Join
        that raced the Start)."""
        text = seats_json(seats)
        async with self._writing() as conn:
            changed = await _change(
                conn,
                "UPDATE tables SET seats = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
                (text, _now(now), table_id),
            )
            if not changed:
                await self._require_table(conn, table_id)
            return changed > 0

    async def start_table(
        self, table_id: int, record: Mapping[str, Any], seats: Iterable[SeatLike], now: float | None = None
    ) -> bool:
        """Lobby -> playing at version 0 with the new game's record (no actions yet) and the final
        seats; the first turn starts now. False if the table was not in the lobby (a second Start)."""
        record_text = _record_json(record, 0)
        seats_text = seats_json(seats)
        at = _now(now)
        async with self._writing() as conn:
            changed = await _change(
                conn,
                "UPDATE tables SET status = 'playing', record = ?, seats = ?, version = 0, turn_started_at = ?,"
                " reminded = 0, updated_at = ? WHERE id = ? AND status = 'lobby'",
                (record_text, seats_text, at, at, table_id),
            )
            if not changed:
                await self._require_table(conn, table_id)
            return changed > 0

    async def commit_action(
        self,
        table_id: int,
        expected_version: int,
        seat: int,
        token: str,
        record: Mapping[str, Any],
        actor_id: int | None = None,
        source: str = "click",
        now: float | None = None,
        *,
        seats: Iterable[SeatLike] | None = None,
        movements: Iterable[Movement] = (),
    ) -> bool:
        """Log an action and store the record it produced, in one transaction, if and only if
        the table is playing at ``expected_version``; the version becomes ``expected_version + 1``.
        With the action go its consequences: new ``seats`` (a newcomer joined) and the ledger
        ``movements`` of a settlement, each round's summing to zero.

        False, with nothing written, for a stale or repeated click or the loser of a race: this
        is the check that an action is committed exactly once, before anything shows it, and so
        that a settlement is written exactly once."""
        if codec.whole(expected_version, "expected_version") < 0 or codec.whole(seat, "seat") < 0:
            raise StoreError(f"versions and seats are never negative (version {expected_version}, seat {seat})")
        codec.whole_or_none(actor_id, "actor_id")
        if not isinstance(token, str) or not token:
            raise StoreError(f"an action needs a token, not {token!r}")
        if not isinstance(source, str) or not source:
            raise StoreError(f"an action needs a source, not {source!r}")
        version = expected_version + 1
        record_text = _record_json(record, version, (seat, token))
        seats_text = None if seats is None else seats_json(seats)
        money = ledger.checked(movements)
        at = _now(now)
        async with self._writing() as conn:
            changed = await _change(
                conn,
                "UPDATE tables SET record = ?, version = ?, updated_at = ?, turn_started_at = ?, reminded = 0,"
                " seats = COALESCE(?, seats) WHERE id = ? AND version = ? AND status = 'playing'",
                (record_text, version, at, at, seats_text, table_id, expected_version),
            )
            if not changed:
                await self._require_table(conn, table_id)
                return False
            try:
                await conn.execute(
                    "INSERT INTO actions (table_id, version, seat, token, actor_id, source, at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (table_id, version, seat, token, actor_id, source, at),
                )
            except sqlite3.IntegrityError as exc:
                # The log already has this version although the table did not: never overwrite it.
                message = f"table {table_id}: the action log already has version {version} but the table did not"
                raise StoreError(message) from exc
            if money:
                await ledger.write(conn, table_id, money, at)
            return True

    async def finish_table(
        self,
        table_id: int,
        expected_version: int,
        record: Mapping[str, Any],
        results: Iterable[ResultLike],
        status: str = "finished",
        now: float | None = None,
    ) -> bool:
        """End a table being played at ``expected_version`` with its final record and the seats'
        results (``(seat, member_id, score, won, drew)``; pass none for a game that should not
        count), in one transaction. ``status`` is 'finished' or 'cancelled' (ended early).

        False, with nothing written, if the table is no longer playing at that version; so a
        second call, however it comes about, never counts a game twice."""
        if status not in ("finished", "cancelled"):
            raise StoreError(f"a table ends 'finished' or 'cancelled', not {status!r}")
        codec.whole(expected_version, "expected_version")
        record_text = _record_json(record, expected_version)
        rows = _result_rows(results)
        at = _now(now)
        async with self._writing() as conn:
            changed = await _change(
                conn,
                "UPDATE tables SET status = ?, record = ?, finished_at = ?, updated_at = ?, turn_started_at = NULL"
                " WHERE id = ? AND version = ? AND status = 'playing'",
                (status, record_text, at, at, table_id, expected_version),
            )
            table = await self._require_table(conn, table_id)
            if not changed:
                return False
            seats = len(table.seats)
            for row in rows:
                if row.seat >= seats:
                    raise StoreError(f"table {table_id} has {seats} seats; there is no seat {row.seat}")
            await conn.executemany(
                "INSERT INTO results (table_id, seat, game, member_id, score, won, drew, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(table_id, r.seat, table.game, r.member_id, r.score, int(r.won), int(r.drew), at) for r in rows],
            )
            return True

    async def cancel_table(self, table_id: int, now: float | None = None) -> bool:
        """Cancel a table in the lobby or being played (no results); False if it had already ended."""
        at = _now(now)
        async with self._writing() as conn:
            changed = await _change(
                conn,
                "UPDATE tables SET status = 'cancelled', finished_at = ?, updated_at = ?, turn_started_at = NULL"
                " WHERE id = ? AND status IN ('lobby', 'playing')",
                (at, at, table_id),
            )
            if not changed:
                await self._require_table(conn, table_id)
            return changed > 0

    async def actions(self, table_id: int, after_version: int = 0) -> list[ActionRow]:
        """A table's action log (from ``after_version`` on), in version order."""
        async with self._reading() as conn:
            rows = await _fetchall(conn, "SELECT * FROM actions WHERE table_id = ? AND version > ? ORDER BY version",
                                   (table_id, after_version))
        return [
            ActionRow(r["table_id"], r["version"], r["seat"], r["token"], r["actor_id"], r["source"], r["at"])
            for r in rows
        ]

    # -- results --------------------------------------------------------------------------
    async def leaderboard(self, game: str, limit: int = 10) -> list[LeaderRow]:
        """The best members at ``game``, ranked by :func:`bot.store.ranking.rating` (the Wilson
        lower bound of the win rate, draws as half wins), so that one lucky game does not top
        the board; ties go to more wins, then more games. Computer seats are not ranked."""
        async with self._reading() as conn:
            rows = await _fetchall(
                conn,
                "SELECT member_id, COUNT(*) AS games, SUM(won) AS wins, SUM(drew) AS draws, SUM(score) AS points"
                " FROM results WHERE game = ? AND member_id IS NOT NULL GROUP BY member_id",
                (game,),
            )
        board = [_leader_row(row) for row in rows]
        board.sort(key=lambda row: (-row.rating, -row.wins, -row.games, row.member_id))
        return board[: max(limit, 0)]

    async def member_stats(self, member_id: int) -> list[StatRow]:
        """A member's record in each game they have finished, most played first."""
        async with self._reading() as conn:
            rows = await _fetchall(
                conn,
                "SELECT game, COUNT(*) AS games, SUM(won) AS wins, SUM(drew) AS draws, SUM(score) AS points,"
                " MAX(score) AS best FROM results WHERE member_id = ? GROUP BY game ORDER BY games DESC, game",
                (member_id,),
            )
        return [StatRow(r["game"], r["games"], r["wins"], r["draws"], r["points"], r["best"]) for r in rows]


    # -- stakes ---------------------------------------------------------------------------
    async def stakes_balances(self, member_id: int | None = None) -> list[Balance]:
        """Members' balances since their latest reset, highest first (one member's if given)."""
        async with self._reading() as conn:
            return await ledger.balances(conn, member_id)

    async def stakes_history(self, member_id: int | None = None, limit: int = 10) -> list[LedgerRow]:
        async with self._reading() as conn:
            return await ledger.history(conn, member_id, max(limit, 0))

    async def reset_stakes(self, actor_id: int, member_id: int | None = None, reason: str = "reset",
                           now: float | None = None) -> None:
        """Start balances again from zero (everyone's, or one member's); the history stays."""
        codec.whole(actor_id, "actor_id")
        codec.whole_or_none(member_id, "member_id")
        async with self._writing() as conn:
            await ledger.reset(conn, member_id, actor_id, reason, _now(now))

    async def table_ledger(self, table_id: int) -> dict[int, list[LedgerRow]]:
        async with self._reading() as conn:
            return await ledger.table_rounds(conn, table_id)


def _leader_row(row: sqlite3.Row) -> LeaderRow:
    games, wins, draws = row["games"], row["wins"], row["draws"]
    return LeaderRow(row["member_id"], games, wins, draws, row["points"], rating(wins, draws, games))


def _result_rows(results: Iterable[ResultLike]) -> list[SeatResult]:
    """Checked SeatResults: whole numbers, true/false flags, each seat once, not both won and drew."""
    rows: list[SeatResult] = []
    for item in results:
        try:
            seat, member_id, score, won, drew = item
        except (TypeError, ValueError) as exc:
            raise StoreError(f"a result is (seat, member_id, score, won, drew), not {item!r}") from exc
        row = SeatResult(
            codec.whole(seat, "result seat"),
            codec.whole_or_none(member_id, "result member_id"),
            codec.whole(score, "result score"),
            codec.flag(won, "result won"),
            codec.flag(drew, "result drew"),
        )
        if row.seat < 0:
            raise StoreError(f"there is no seat {row.seat}")
        if row.won and row.drew:
            raise StoreError(f"seat {row.seat} cannot both win and draw")
        rows.append(row)
    seats = [row.seat for row in rows]
    if len(set(seats)) != len(seats):
        raise StoreError(f"a seat appears twice in the results: {seats}")
    return rows
