"""A guild's records, read and written in its database thread: results and what is ranked from
them (the skill ratings, each member's record, head to head) and the stakes ledger. Held by
:class:`bot.store.GuildStore`, which hands it the functions that run work on its connection."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from typing import Any

from . import codec, ledger, ratings, standings
from .columns import fetchall
from .errors import StoreError
from .ledger import Balance, LedgerRow
from .ratings import Rating
from .rows import SeatResult, StatRow

ResultLike = SeatResult | tuple[int, int | None, int, bool, bool] | tuple[int, int | None, int, bool, bool, int, int]
Work = Callable[[sqlite3.Connection], Any]
Run = Callable[[Work], Awaitable[Any]]  # runs work in the database thread: a read, or one transaction


class Records:
    """Results, ratings and stakes over the store's connection: ``read`` runs work on it, ``write``
    runs work as one transaction (committed if it returns, rolled back if it raises)."""

    def __init__(self, read: Run, write: Run) -> None:
        self._read = read
        self._write = write
        self._placed: bool | None = None  # True once no result is left without its place

    # -- results --------------------------------------------------------------------------
    async def leaderboard(self, game: str) -> list[Rating]:
        """Everyone rated at ``game`` (Parlour's computer players too, as ``ratings.COMPUTER``),
        the best conservative rating (mu - 3 sigma) first."""
        found: list[Rating] = await self._read(lambda conn: standings.board(conn, game))
        return found

    async def best_ratings(self, least_games: int = ratings.PROVISIONAL_GAMES) -> list[Rating]:
        """Each member's best rating over the games they have played ``least_games`` times or more."""
        found: list[Rating] = await self._read(lambda conn: standings.best_per_member(conn, least_games))
        return found

    async def member_ratings(self, member_id: int) -> list[Rating]:
        found: list[Rating] = await self._read(lambda conn: standings.of_member(conn, member_id))
        return found

    async def rating_rank(self, game: str, member_id: int,
                          least_games: int = ratings.PROVISIONAL_GAMES) -> int | None:
        found: int | None = await self._read(lambda conn: standings.rank(conn, game, member_id, least_games))
        return found

    async def rating_history(self, game: str, entity: int, last: int = 30) -> list[standings.Point]:
        found: list[standings.Point] = await self._read(lambda conn: standings.history(conn, game, entity, last))
        return found

    async def meetings(self, member_id: int, limit: int = 5) -> list[standings.Meeting]:
        found: list[standings.Meeting] = await self._read(lambda conn: standings.meetings(conn, member_id, limit))
        return found

    async def unplaced(self) -> list[standings.Unplaced]:
        """Finished tables recorded before ratings, whose results still need places; [] at once
        once none are left (remembered, so this costs a read only until then)."""
        if self._placed:
            return []
        found: list[standings.Unplaced] = await self._read(standings.unplaced)
        self._placed = not found
        return found

    async def place_results(self, placings: Mapping[int, Sequence[tuple[int, int, int]]]) -> ratings.Rebuilt:
        """Give older results their places ((seat, team, place) per table) and rate every game
        again in the order they finished, in one transaction."""
        done: ratings.Rebuilt = await self._write(lambda conn: standings.place(conn, placings))
        self._placed = None
        return done

    async def rebuild_ratings(self) -> ratings.Rebuilt:
        """Every rating computed again from the results; ``changed`` counts stored ratings that
        came out different (0 unless something went wrong)."""
        done: ratings.Rebuilt = await self._write(ratings.rebuild)
        return done

    async def member_stats(self, member_id: int) -> list[StatRow]:
        """A member's record in each game they have finished, most played first."""
        rows = await self._read(lambda conn: fetchall(
            conn,
            "SELECT game, COUNT(*) AS games, SUM(won) AS wins, SUM(drew) AS draws, SUM(score) AS points,"
            " MAX(score) AS best, MIN(score) AS lowest FROM results WHERE member_id = ?"
            " GROUP BY game ORDER BY games DESC, game",
            (member_id,),
        ))
        return [StatRow(r["game"], r["games"], r["wins"], r["draws"], r["points"], r["best"], r["lowest"])
                for r in rows]

    # -- stakes ---------------------------------------------------------------------------
    async def stakes_balances(self, member_id: int | None = None) -> list[Balance]:
        """Members' balances since their latest reset, highest first (one member's if given)."""
        found: list[Balance] = await self._read(lambda conn: ledger.balances(conn, member_id))
        return found

    async def stakes_history(self, member_id: int | None = None, limit: int = 10) -> list[LedgerRow]:
        found: list[LedgerRow] = await self._read(lambda conn: ledger.history(conn, member_id, max(limit, 0)))
        return found

    async def reset_stakes(self, actor_id: int, member_id: int | None = None, reason: str = "reset",
                           now: float | None = None) -> None:
        """Start balances again from zero (everyone's, or one member's); the history stays."""
        codec.whole(actor_id, "actor_id")
        codec.whole_or_none(member_id, "member_id")
        at = time.time() if now is None else codec.number(now, "now")
        await self._write(lambda conn: ledger.reset(conn, member_id, actor_id, reason, at))

    async def table_ledger(self, table_id: int) -> dict[int, list[LedgerRow]]:
        found: dict[int, list[LedgerRow]] = await self._read(lambda conn: ledger.table_rounds(conn, table_id))
        return found


def _result_rows(results: Iterable[ResultLike]) -> list[SeatResult]:
    """Checked SeatResults: whole numbers, true/false flags, each seat once, not both won and drew."""
    rows: list[SeatResult] = []
    for item in results:
        try:
            seat, member_id, score, won, drew, *placing = item
            team, place = placing or (None, None)
        except (TypeError, ValueError) as exc:
            raise StoreError(f"a result is (seat, member_id, score, won, drew[, team, place]), not {item!r}") from exc
        row = SeatResult(
            codec.whole(seat, "result seat"),
            codec.whole_or_none(member_id, "result member_id"),
            codec.whole(score, "result score"),
            codec.flag(won, "result won"),
            codec.flag(drew, "result drew"),
            codec.whole_or_none(team, "result team"),
            codec.whole_or_none(place, "result place"),
        )
        if (row.team is None) != (row.place is None) or (row.place is not None and row.place < 1):
            raise StoreError(f"seat {row.seat}: a place is a whole number from 1, given with its team")
        if row.seat < 0:
            raise StoreError(f"there is no seat {row.seat}")
        if row.won and row.drew:
            raise StoreError(f"seat {row.seat} cannot both win and draw")
        rows.append(row)
    seats = [row.seat for row in rows]
    if len(set(seats)) != len(seats):
        raise StoreError(f"a seat appears twice in the results: {seats}")
    if any(row.place is None for row in rows):
        places = ratings.default_places([(r.seat, r.score, r.won, r.drew) for r in rows])
        rows = [row._replace(team=row.seat, place=where) for row, where in zip(rows, places, strict=True)]
    return rows
