"""One guild's data: settings, tables and the action log (results, ratings and stakes are kept by
a :class:`.records.Records` the store holds and hands its connection), behind one connection.

Every operation is one function run in the guild's database thread (see :mod:`.database`), and
every write is one ``BEGIN IMMEDIATE ... COMMIT`` there: a reader never sees another coroutine's
half-done transaction, and a commit costs one hop from the event loop, however many statements.
"""

from __future__ import annotations

import functools
import sqlite3
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from . import codec, history, index, ledger, ratings, standings
from .columns import UPDATABLE, change, fetchall, fetchone, mapping_json, now_or, record_json
from .database import Database
from .errors import StoreError
from .index import GuildIndex
from .ledger import Balance, LedgerRow, Movement
from .ratings import Rating, Rebuilt
from .records import Records, ResultLike, Work, _result_rows
from .rows import STATUSES, ActionRow, Seat, StatRow, TableRow, seats_json

SeatLike = Seat | Mapping[str, Any]


# The store's plumbing, as functions of the guild and its database rather than of the store, so the
# Records it holds can be handed them without holding the store (a cycle would keep a store that
# nobody uses alive, in Stores' weak map, until the garbage collector ran).
def _check_open(guild_id: int, db: Database) -> None:
    if db.closed:
        raise StoreError(f"the store for guild {guild_id} is closed")


async def _read(guild_id: int, db: Database, work: Work) -> Any:
    _check_open(guild_id, db)
    return await db.read(work)


async def _write(guild_id: int, db: Database, work: Work) -> Any:
    """``work`` as one transaction, committed if it returns, rolled back if it raises."""
    _check_open(guild_id, db)
    return await db.write(work)


class GuildStore:
    """The repository for one guild's database file. Get one from :class:`bot.store.Stores`."""

    def __init__(self, guild_id: int, db: Database, guild_index: GuildIndex | None = None) -> None:
        self.guild_id = guild_id
        self._db = db
        self._index = guild_index  # where a guild with unfinished tables is noted (see .index)
        # Settings are read on every move (the stakes unit, the turn timeout) and written rarely:
        # kept in memory, read from SQLite once, replaced on every write.
        self._settings: dict[str, Any] | None = None
        self._records = Records(functools.partial(_read, guild_id, db), functools.partial(_write, guild_id, db))

    @classmethod
    async def open(
        cls,
        guild_id: int,
        path: Path,
        *,
        create: bool = True,
        guild_index: GuildIndex | None = None,
        on_wake: Callable[[], None] | None = None,
    ) -> GuildStore:
        """The guild's store with its file opened now (created first if ``create``), so a file
        that cannot be used is reported here. ``on_wake`` is called whenever it opens again after
        a rest."""
        return cls(guild_id, await Database.open(path, create=create, on_wake=on_wake), guild_index)

    def __repr__(self) -> str:
        return f"<GuildStore {self.guild_id} {'closed' if self.closed else 'open' if self.awake else 'resting'}>"

    @property
    def path(self) -> Path:
        return self._db.path

    @property
    def closed(self) -> bool:
        """Closed for good (by :meth:`close`); a store that is only resting is not closed."""
        return self._db.closed

    @property
    def awake(self) -> bool:
        """Whether it holds a thread and a connection now (it does while in use)."""
        return self._db.awake

    @property
    def busy(self) -> bool:
        """Whether an operation is in flight."""
        return self._db.busy

    @property
    def last_used(self) -> float:
        """``time.monotonic()`` when an operation last started or ended."""
        return self._db.last_used

    async def rest(self) -> bool:
        """Let go of the thread and the connection unless an operation is in flight (then False);
        the next call opens them again. The cached settings stay."""
        return await self._db.rest()

    async def close(self) -> None:
        """Close the connection once any write in progress has finished. Safe to call twice."""
        await self._db.close()

    # -- plumbing -------------------------------------------------------------------------
    async def _read(self, work: Work) -> Any:
        return await _read(self.guild_id, self._db, work)

    async def _write(self, work: Work) -> Any:
        """``work`` as one transaction, committed if it returns, rolled back if it raises."""
        return await _write(self.guild_id, self._db, work)

    @staticmethod
    def _table(conn: sqlite3.Connection, table_id: int) -> TableRow | None:
        row = fetchone(conn, "SELECT * FROM tables WHERE id = ?", (table_id,))
        return None if row is None else TableRow.from_row(row)

    def _require_table(self, conn: sqlite3.Connection, table_id: int) -> TableRow:
        table = self._table(conn, table_id)
        if table is None:
            raise StoreError(f"guild {self.guild_id} has no table {table_id}")
        return table

    # -- settings -------------------------------------------------------------------------
    async def coached(self, member_id: int, game: str) -> set[str]:
        """The kinds of moment in ``game`` whose coach's line ``member_id`` has been shown."""
        rows = await self._read(lambda conn: conn.execute(
            "SELECT kind FROM coached WHERE member_id = ? AND game = ?", (member_id, game)).fetchall())
        return {row["kind"] for row in rows}

    async def mark_coached(self, member_id: int, game: str, kind: str, now: float | None = None) -> None:
        at = now_or(now)
        await self._write(lambda conn: conn.execute(
            "INSERT OR IGNORE INTO coached (member_id, game, kind, at) VALUES (?, ?, ?, ?)",
            (member_id, game, kind, at)))

    async def get_setting(self, key: str, default: Any = None) -> Any:
        """A setting's value (any JSON value), or ``default`` if it was never set."""
        return (await self.all_settings()).get(key, default)

    async def set_setting(self, key: str, value: Any) -> None:
        if not isinstance(key, str) or not key:
            raise StoreError(f"a setting needs a non-empty string key, not {key!r}")
        text = codec.dumps(value, f"setting {key!r}")
        self._settings = None  # read afresh, from what was committed

        def work(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO settings (key, value) VALUES (?, ?)"
                         " ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, text))

        await self._write(work)
        self._settings = None

    async def delete_setting(self, key: str) -> bool:
        """Forget a setting (back to its default); False if it was not set."""
        self._settings = None
        deleted: bool = await self._write(lambda conn: change(conn, "DELETE FROM settings WHERE key = ?", (key,)) > 0)
        self._settings = None
        return deleted

    async def all_settings(self) -> dict[str, Any]:
        if self._settings is None:
            rows = await self._read(lambda conn: fetchall(conn, "SELECT key, value FROM settings ORDER BY key"))
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
        at = now_or(now)
        values = (
            game,
            mapping_json(options, "options"),
            codec.whole(seed, "seed"),
            codec.whole(host_id, "host_id"),
            seats_json(seats),
            codec.whole_or_none(origin_channel_id, "origin_channel_id"),
            at,
            at,
        )

        def work(conn: sqlite3.Connection) -> TableRow:
            if self._index is not None:  # noted before the table is committed, so never missed
                self._index.add(self.guild_id)
            table_id = conn.execute(
                "INSERT INTO tables (game, options, seed, status, host_id, seats, origin_channel_id, created_at,"
                " updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                values,
            ).lastrowid
            if table_id is None:
                raise StoreError("SQLite did not report the new table's id")
            return self._require_table(conn, table_id)

        row: TableRow = await self._write(work)
        return row

    async def get_table(self, table_id: int) -> TableRow | None:
        row: TableRow | None = await self._read(lambda conn: self._table(conn, table_id))
        return row

    async def tables_with_status(self, *statuses: str) -> list[TableRow]:
        """Tables in any of ``statuses``, oldest first; ``tables_with_status('lobby', 'playing')``
        is what start-up restores."""
        if not statuses:
            raise StoreError("name at least one status")
        unknown = set(statuses) - set(STATUSES)
        if unknown:
            raise StoreError(f"unknown table status {sorted(unknown)}; statuses are {', '.join(STATUSES)}")
        marks = ", ".join("?" for _ in statuses)
        sql = f"SELECT * FROM tables WHERE status IN ({marks}) ORDER BY id"
        rows: list[TableRow] = await self._read(
            lambda conn: [TableRow.from_row(row) for row in fetchall(conn, sql, statuses)])
        return rows

    async def leave_index_if_finished(self) -> bool:
        """Take the guild out of the index of guilds to restore if none of its tables is
        unfinished; True if it is not (or no longer) there. Checked inside a write transaction and
        taken out once that has committed, before the guild's thread runs anything else, so a table
        being created at the same moment is either seen here or adds the guild again after."""
        guild_index = self._index
        if guild_index is None:
            return False

        def finished(conn: sqlite3.Connection) -> bool:
            return not index.has_unfinished(conn)

        def leave(done: bool) -> None:  # in the thread, once the batch this ran in has committed
            if done:
                guild_index.discard(self.guild_id)

        _check_open(self.guild_id, self._db)
        left: bool = await self._db.write(finished, after=leave)
        return left

    async def table_in_channel(self, channel_id: int) -> TableRow | None:
        """The latest table played in a channel or thread (any status), for ``/table`` commands."""
        def work(conn: sqlite3.Connection) -> TableRow | None:
            row = fetchone(conn, "SELECT * FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
            return None if row is None else TableRow.from_row(row)

        found: TableRow | None = await self._read(work)
        return found

    async def update_table(self, table_id: int, **fields: Any) -> TableRow:
        """Set lobby, channel, message and timer fields (see ``UPDATABLE``); ``updated_at`` is
        set to now unless given. Returns the table as it now is."""
        unknown = set(fields) - set(UPDATABLE)
        if unknown:
            raise StoreError(f"update_table cannot set {sorted(unknown)}; it sets {', '.join(sorted(UPDATABLE))}")
        values = {name: UPDATABLE[name](value) for name, value in fields.items()}
        values.setdefault("updated_at", time.time())
        assignments = ", ".join(f"{name} = ?" for name in values)

        def work(conn: sqlite3.Connection) -> TableRow:
            if not change(conn, f"UPDATE tables SET {assignments} WHERE id = ?", (*values.values(), table_id)):
                raise StoreError(f"guild {self.guild_id} has no table {table_id}")
            return self._require_table(conn, table_id)

        row: TableRow = await self._write(work)
        return row

    async def merge_extra(self, table_id: int, values: Mapping[str, Any], now: float | None = None) -> TableRow:
        """Merge keys into the table's ``extra`` (a None value removes its key), read and written
        in one transaction so concurrent updates of different keys do not undo each other."""
        at = now_or(now)

        def work(conn: sqlite3.Connection) -> TableRow:
            table = self._require_table(conn, table_id)
            extra = dict(table.extra)
            for key, value in values.items():
                if value is None:
                    extra.pop(key, None)
                else:
                    extra[key] = value
            conn.execute("UPDATE tables SET extra = ?, updated_at = ? WHERE id = ?",
                         (codec.dumps(extra, "extra"), at, table_id))
            return self._require_table(conn, table_id)

        row: TableRow = await self._write(work)
        return row

    async def record_shown(self, table_id: int, version: int, dm: Mapping[str, Any] | None = None) -> None:
        """Note what the table message now shows (``version``) and, with ``dm``, where each seat's
        latest hand message is; nothing is read back (the caller keeps its row up to date), so this
        costs the display one short write per batch of moves."""
        codec.whole(version, "version")
        dm_text = None if dm is None else mapping_json(dm, "dm")

        def work(conn: sqlite3.Connection) -> None:
            if not change(conn, "UPDATE tables SET shown_version = ?,"
                                 " extra = CASE WHEN ? IS NULL THEN extra ELSE json_set(extra, '$.dm', json(?)) END"
                                 " WHERE id = ?", (version, dm_text, dm_text, table_id)):
                raise StoreError(f"guild {self.guild_id} has no table {table_id}")

        await self._write(work)

    async def set_lobby_seats(self, table_id: int, seats: Iterable[SeatLike], now: float | None = None) -> bool:
        """Replace the seats of a table still in the lobby; False if it has left the lobby (a Join
        that raced the Start)."""
        text = seats_json(seats)
        at = now_or(now)

        def work(conn: sqlite3.Connection) -> bool:
            changed = change(conn, "UPDATE tables SET seats = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
                              (text, at, table_id))
            if not changed:
                self._require_table(conn, table_id)
            return changed > 0

        done: bool = await self._write(work)
        return done

    async def start_table(
        self, table_id: int, record: Mapping[str, Any], seats: Iterable[SeatLike], now: float | None = None
    ) -> bool:
        """Lobby -> playing at version 0 with the new game's record (no actions yet) and the final
        seats; the first turn starts now. False if the table was not in the lobby (a second Start)."""
        record_text = record_json(record, 0)
        seats_text = seats_json(seats)
        at = now_or(now)

        def work(conn: sqlite3.Connection) -> bool:
            changed = change(
                conn,
                "UPDATE tables SET status = 'playing', record = ?, seats = ?, version = 0, turn_started_at = ?,"
                " reminded = 0, updated_at = ? WHERE id = ? AND status = 'lobby'",
                (record_text, seats_text, at, at, table_id),
            )
            if not changed:
                self._require_table(conn, table_id)
            return changed > 0

        done: bool = await self._write(work)
        return done

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
        seats_text = None if seats is None else seats_json(seats)
        money = ledger.checked(movements)
        at = now_or(now)

        def work(conn: sqlite3.Connection) -> bool:
            # The record is checked and encoded here, in the database's thread, off the event loop.
            record_text = record_json(record, version, (seat, token))
            changed = change(
                conn,
                "UPDATE tables SET record = ?, version = ?, updated_at = ?, turn_started_at = ?, reminded = 0,"
                " seats = COALESCE(?, seats) WHERE id = ? AND version = ? AND status = 'playing'",
                (record_text, version, at, at, seats_text, table_id, expected_version),
            )
            if not changed:
                self._require_table(conn, table_id)
                return False
            try:
                conn.execute(
                    "INSERT INTO actions (table_id, version, seat, token, actor_id, source, at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (table_id, version, seat, token, actor_id, source, at),
                )
            except sqlite3.IntegrityError as exc:
                # The log already has this version although the table did not: never overwrite it.
                message = f"table {table_id}: the action log already has version {version} but the table did not"
                raise StoreError(message) from exc
            if money:
                ledger.write(conn, table_id, money, at)
            return True

        done: bool = await self._write(work)
        return done

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
        record_text = record_json(record, expected_version)
        rows = _result_rows(results)
        at = now_or(now)

        def work(conn: sqlite3.Connection) -> bool:
            finished = ratings.next_finish(conn, at)
            changed = change(
                conn,
                "UPDATE tables SET status = ?, record = ?, finished_at = ?, updated_at = ?, turn_started_at = NULL"
                " WHERE id = ? AND version = ? AND status = 'playing'",
                (status, record_text, at, at, table_id, expected_version),
            )
            table = self._require_table(conn, table_id)
            if not changed:
                return False
            seats = len(table.seats)
            for row in rows:
                if row.seat >= seats:
                    raise StoreError(f"table {table_id} has {seats} seats; there is no seat {row.seat}")
            conn.executemany(
                "INSERT INTO results (table_id, seat, game, member_id, score, won, drew, finished_at, team, place)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(table_id, r.seat, table.game, r.member_id, r.score, int(r.won), int(r.drew), finished, r.team,
                  r.place) for r in rows],
            )
            if rows:  # rated in this transaction: exactly when the result is recorded
                ratings.apply(conn, table_id, table.game, [
                    ratings.RatedSeat(ratings.entity_of(r.member_id), r.team, r.place, r.won) for r in rows
                    if r.team is not None and r.place is not None], finished)
            return True

        done: bool = await self._write(work)
        return done

    async def cancel_table(self, table_id: int, now: float | None = None) -> bool:
        """Cancel a table in the lobby or being played (no results); False if it had already ended."""
        at = now_or(now)

        def work(conn: sqlite3.Connection) -> bool:
            changed = change(
                conn,
                "UPDATE tables SET status = 'cancelled', finished_at = ?, updated_at = ?, turn_started_at = NULL"
                " WHERE id = ? AND status IN ('lobby', 'playing')",
                (at, at, table_id),
            )
            if not changed:
                self._require_table(conn, table_id)
            return changed > 0

        done: bool = await self._write(work)
        return done

    async def member_history(self, member_id: int, *, viewer_id: int, sees_private: bool = False,
                             game: str | None = None, page: int = 0) -> history.Page:
        """A page of ``member_id``'s ended games here, newest first (``game``'s only, if given), as
        ``viewer_id`` may see them: a private table only if they sat at it too, or ``sees_private``
        (they manage the server). See :mod:`.history`."""
        found: history.Page = await self._read(lambda conn: history.member_games(
            conn, member_id, viewer_id=viewer_id, sees_private=sees_private, game=game, page=page))
        return found

    async def actions(self, table_id: int, after_version: int = 0) -> list[ActionRow]:
        """A table's action log (from ``after_version`` on), in version order."""
        rows = await self._read(lambda conn: fetchall(
            conn, "SELECT * FROM actions WHERE table_id = ? AND version > ? ORDER BY version",
            (table_id, after_version)))
        return [
            ActionRow(r["table_id"], r["version"], r["seat"], r["token"], r["actor_id"], r["source"], r["at"])
            for r in rows
        ]

    # -- results, ratings and stakes (kept by Records; see there) --------------------------
    async def leaderboard(self, game: str) -> list[Rating]:
        return await self._records.leaderboard(game)

    async def best_ratings(self, least_games: int = ratings.PROVISIONAL_GAMES) -> list[Rating]:
        return await self._records.best_ratings(least_games)

    async def member_ratings(self, member_id: int) -> list[Rating]:
        return await self._records.member_ratings(member_id)

    async def rating_rank(self, game: str, member_id: int, least_games: int = ratings.PROVISIONAL_GAMES) -> int | None:
        return await self._records.rating_rank(game, member_id, least_games)

    async def rating_history(self, game: str, entity: int, last: int = 30) -> list[standings.Point]:
        return await self._records.rating_history(game, entity, last)

    async def meetings(self, member_id: int, limit: int = 5) -> list[standings.Meeting]:
        return await self._records.meetings(member_id, limit)

    async def unplaced(self) -> list[standings.Unplaced]:
        return await self._records.unplaced()

    async def place_results(self, placings: Mapping[int, Sequence[tuple[int, int, int]]]) -> Rebuilt:
        return await self._records.place_results(placings)

    async def rebuild_ratings(self) -> Rebuilt:
        return await self._records.rebuild_ratings()

    async def member_stats(self, member_id: int) -> list[StatRow]:
        return await self._records.member_stats(member_id)

    async def stakes_balances(self, member_id: int | None = None) -> list[Balance]:
        return await self._records.stakes_balances(member_id)

    async def stakes_history(self, member_id: int | None = None, limit: int = 10) -> list[LedgerRow]:
        return await self._records.stakes_history(member_id, limit)

    async def reset_stakes(self, actor_id: int, member_id: int | None = None, reason: str = "reset",
                           now: float | None = None) -> None:
        await self._records.reset_stakes(actor_id, member_id, reason, now)

    async def table_ledger(self, table_id: int) -> dict[int, list[LedgerRow]]:
        return await self._records.table_ledger(table_id)
