"""What the leaderboards and /stats read: ratings ranked, a member's ratings and their history,
head-to-head records, and the results still waiting to be placed (recorded before ratings)."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import codec, ratings
from .ratings import COMPUTER, COMPUTERS, Rating, Z


@dataclass(frozen=True)
class Point:
    """A rating after one game, for the chart."""

    mu: float
    sigma: float
    at: float


@dataclass(frozen=True)
class Meeting:
    """A member's record against one other player (``COMPUTER`` for Parlour's computer players)
    at the tables they shared on opposite sides: who finished ahead."""

    entity: int
    games: int
    ahead: int
    behind: int
    level: int


@dataclass(frozen=True)
class Unplaced:
    """A finished table whose results have no places yet, with what placing them needs."""

    table_id: int
    game: str
    seats: int
    results: tuple[tuple[int, int | None, int, bool], ...]  # (seat, member_id, score, won)
    resigned: tuple[int, ...]  # members who resigned


_BY_RATING = f"ORDER BY mu - {Z} * sigma DESC, games DESC, entity"


def board(conn: sqlite3.Connection, game: str) -> list[Rating]:
    """Everyone rated at ``game`` (the computer too), best conservative rating first."""
    return [Rating.from_row(r) for r in conn.execute(f"SELECT * FROM ratings WHERE game = ? {_BY_RATING}",
                                                     (game,))]


def best_per_member(conn: sqlite3.Connection, least_games: int) -> list[Rating]:
    """Each member's best rating over the games where they have ``least_games`` or more, best first."""
    rows = conn.execute(
        "SELECT * FROM ratings WHERE entity NOT IN (?, ?, ?) AND games >= ? ORDER BY entity, mu - ? * sigma DESC,"
        " games DESC", (*COMPUTERS, least_games, Z)).fetchall()
    best: dict[int, Rating] = {}
    for row in rows:
        best.setdefault(row["entity"], Rating.from_row(row))
    return sorted(best.values(), key=lambda r: (-r.conservative, -r.games, r.entity))


def of_member(conn: sqlite3.Connection, entity: int) -> list[Rating]:
    return [Rating.from_row(r) for r in conn.execute(
        "SELECT * FROM ratings WHERE entity = ? ORDER BY games DESC, game", (entity,))]


def rank(conn: sqlite3.Connection, game: str, entity: int, least_games: int) -> int | None:
    """The member's place among the members rated at ``game`` with ``least_games`` or more (the
    computer not counted); None if they have fewer."""
    rows = conn.execute(f"SELECT entity, games FROM ratings WHERE game = ? AND entity NOT IN (?, ?, ?) AND games >= ?"
                        f" {_BY_RATING}", (game, *COMPUTERS, least_games)).fetchall()
    return next((i + 1 for i, row in enumerate(rows) if row["entity"] == entity), None)


def history(conn: sqlite3.Connection, game: str, entity: int, last: int) -> list[Point]:
    """The rating after each of the entity's ``last`` rated games, oldest first."""
    rows = conn.execute("SELECT mu, sigma, at FROM rating_history WHERE game = ? AND entity = ?"
                        " ORDER BY at DESC, table_id DESC LIMIT ?", (game, entity, last)).fetchall()
    return [Point(r["mu"], r["sigma"], r["at"]) for r in reversed(rows)]


def meetings(conn: sqlite3.Connection, member_id: int, limit: int) -> list[Meeting]:
    """The member's record against those they met most often on the other side of a table,
    over every game (the best-placed of several computer seats stands for the computer)."""
    rows = conn.execute(
        """
        WITH mine AS (SELECT table_id, team, place FROM results WHERE member_id = ? AND place IS NOT NULL),
        theirs AS (
            SELECT r.table_id, COALESCE(r.member_id, ?) AS entity, MIN(r.place) AS place
            FROM results r JOIN mine m ON r.table_id = m.table_id
            WHERE r.place IS NOT NULL AND r.team != m.team AND (r.member_id IS NULL OR r.member_id != ?)
            GROUP BY r.table_id, entity)
        SELECT t.entity, COUNT(*) AS games, SUM(m.place < t.place) AS ahead, SUM(m.place > t.place) AS behind,
               SUM(m.place = t.place) AS level
        FROM theirs t JOIN mine m ON m.table_id = t.table_id
        GROUP BY t.entity ORDER BY games DESC, ahead DESC, t.entity LIMIT ?
        """, (member_id, COMPUTER, member_id, limit)).fetchall()
    return [Meeting(r["entity"], r["games"], r["ahead"], r["behind"], r["level"]) for r in rows]


def any_unplaced(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT 1 FROM results WHERE place IS NULL LIMIT 1").fetchone() is not None


def unplaced(conn: sqlite3.Connection) -> list[Unplaced]:
    found: dict[int, Unplaced] = {}
    rows = conn.execute(
        "SELECT r.table_id, r.game, r.seat, r.member_id, r.score, r.won, t.seats, t.extra FROM results r"
        " JOIN tables t ON t.id = r.table_id WHERE r.place IS NULL ORDER BY r.table_id, r.seat").fetchall()
    for row in rows:
        table = found.get(row["table_id"])
        if table is None:
            extra: Mapping[str, Any] = codec.loads(row["extra"]) or {}
            table = Unplaced(row["table_id"], row["game"], len(codec.loads(row["seats"]) or []), (),
                             tuple(int(m) for m in extra.get("resigned", [])))
        found[row["table_id"]] = Unplaced(table.table_id, table.game, table.seats,
                                          (*table.results, (row["seat"], row["member_id"], row["score"],
                                                            bool(row["won"]))), table.resigned)
    return list(found.values())


def place(conn: sqlite3.Connection, placings: Mapping[int, Sequence[tuple[int, int, int]]]) -> ratings.Rebuilt:
    """Write the places of older results ((seat, team, place) per table) and rate everything
    again in order, inside the caller's transaction."""
    conn.executemany("UPDATE results SET team = ?, place = ? WHERE table_id = ? AND seat = ?",
                     [(team, where, table_id, seat) for table_id, seats in placings.items()
                      for seat, team, where in seats])
    return ratings.rebuild(conn)
