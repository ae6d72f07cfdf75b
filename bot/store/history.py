"""What /history reads: a member's ended games in this guild, newest first, a page at a time, each
with its players, how the member did and what it did to their rating.

A game is a table that started and ended: ``finished`` (played to its end) or ``cancelled`` (ended
early with /table end) with a record and at least one move; a lobby cancelled before it started is
not one. The member sat at it if a seat carries their id (a member who resigned keeps it in their
seat, which the computer took over). A table made while the server's tables were private
(``extra.private``) is listed only to a member who sat at it or who may see every table.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import codec
from .ratings import MODEL, shown

PAGE = 20  # games a page


@dataclass(frozen=True)
class Finish:
    """The member's result row of one game (practice games and games ended early have none)."""

    score: int
    won: bool
    drew: bool
    place: int | None  # 1 is first; None for a result recorded before places were (see bot/play/places.py)
    places: int  # how many sides the game ranked: seats, or partnerships where there are teams
    teams: bool  # the sides are partnerships of several seats


@dataclass(frozen=True)
class Played:
    """One of the member's ended games."""

    table_id: int
    game: str
    finished_at: float
    names: tuple[str, ...]  # every seat's name as the table showed it, in seat order
    seat: int  # the member's seat (their first, should they have had two)
    practice: bool
    private: bool
    ended: bool  # stopped early with /table end: no result
    resigned: bool  # the member resigned and the computer finished their seat
    finish: Finish | None
    rating_change: int | None  # the shown rating after the game less before it; None if it was not rated


@dataclass(frozen=True)
class Page:
    games: tuple[Played, ...]
    page: int  # 0 is the newest games
    more: bool  # an older page follows


# A seat's member id, tested first as text (its digits are in the seats' JSON, however written: a cheap
# look at the index's copy) and then exactly.
_SAT = ("(instr(t.seats, CAST({0} AS TEXT)) > 0"
        " AND EXISTS (SELECT 1 FROM json_each(t.seats) s WHERE json_extract(s.value, '$.member_id') = {0}))")
# Walked newest first along migration 6's index, which holds what is tested of every ended table but its
# extra, so a page reads only the rows it lists (and their privacy); left to itself the planner would take
# tables_by_status and read and sort every ended table's whole row.
_GAMES = f"""
    SELECT t.id, t.game, t.status, COALESCE(t.finished_at, t.updated_at) AS at, t.seats,
           json_extract(t.extra, '$.practice') AS practice, json_extract(t.extra, '$.private') AS private,
           json_extract(t.extra, '$.resigned') AS resigned
    FROM tables t INDEXED BY tables_ended
    WHERE t.status IN ('finished', 'cancelled') AND t.record IS NOT NULL AND t.version >= 1
      AND (:game IS NULL OR t.game = :game)
      AND {_SAT.format(':member')}
      AND (:sees_private OR NOT COALESCE(json_extract(t.extra, '$.private'), 0) OR {_SAT.format(':viewer')})
    ORDER BY t.finished_at DESC, t.id DESC
    LIMIT :limit OFFSET :offset
"""


def member_games(conn: sqlite3.Connection, member_id: int, *, viewer_id: int, sees_private: bool = False,
                 game: str | None = None, page: int = 0, size: int = PAGE) -> Page:
    """Page ``page`` of ``member_id``'s ended games (``game``'s only, if given), newest first, as
    ``viewer_id`` may see them: a private table only if they sat at it too or ``sees_private``
    (they manage the server)."""
    page = max(page, 0)
    rows = conn.execute(_GAMES, {"member": member_id, "viewer": viewer_id, "sees_private": int(sees_private),
                                 "game": game, "limit": size + 1, "offset": page * size}).fetchall()
    more = len(rows) > size
    rows = rows[:size]
    finishes = _finishes(conn, member_id, [row["id"] for row in rows])
    games = []
    for row in rows:
        seats: Sequence[Mapping[str, Any]] = codec.loads(row["seats"]) or []
        seat = next(i for i, s in enumerate(seats) if s.get("member_id") == member_id)
        resigned = codec.loads(row["resigned"]) if row["resigned"] is not None else []
        games.append(Played(
            table_id=row["id"], game=row["game"], finished_at=row["at"],
            names=tuple(str(s.get("name", "")) for s in seats),
            seat=seat, practice=bool(row["practice"]), private=bool(row["private"]),
            ended=row["status"] == "cancelled", resigned=member_id in resigned, finish=finishes.get(row["id"]),
            rating_change=rating_change(conn, row["id"], row["game"], member_id)))
    return Page(tuple(games), page, more)


def _finishes(conn: sqlite3.Connection, member_id: int, table_ids: Sequence[int]) -> dict[int, Finish]:
    """The member's result at each of the tables that has one, with how many sides were ranked."""
    if not table_ids:
        return {}
    marks = ", ".join("?" for _ in table_ids)
    rows = conn.execute(
        f"""SELECT r.table_id, r.score, r.won, r.drew, r.place,
                   (SELECT COUNT(DISTINCT COALESCE(o.team, o.seat)) FROM results o WHERE o.table_id = r.table_id)
                       AS sides,
                   (SELECT COUNT(*) FROM results o WHERE o.table_id = r.table_id) AS seats
            FROM results r WHERE r.member_id = ? AND r.table_id IN ({marks}) ORDER BY r.table_id, r.seat""",
        (member_id, *table_ids)).fetchall()
    found: dict[int, Finish] = {}
    for row in rows:
        found.setdefault(row["table_id"], Finish(row["score"], bool(row["won"]), bool(row["drew"]), row["place"],
                                                 row["sides"], row["sides"] < row["seats"]))
    return found


def rating_change(conn: sqlite3.Connection, table_id: int, game: str, entity: int) -> int | None:
    """What the game did to the entity's rating as /stats and /leaderboard show it (``ratings.shown``):
    after it less before it (a first game starts from the model's prior); None if it was not rated."""
    after = conn.execute("SELECT mu, sigma, at FROM rating_history WHERE table_id = ? AND entity = ?",
                         (table_id, entity)).fetchone()
    if after is None:
        return None
    before = conn.execute(
        "SELECT mu, sigma FROM rating_history WHERE game = ? AND entity = ? AND (at < ? OR (at = ? AND table_id < ?))"
        " ORDER BY at DESC, table_id DESC LIMIT 1", (game, entity, after["at"], after["at"], table_id)).fetchone()
    start = (MODEL.mu, MODEL.sigma) if before is None else (before["mu"], before["sigma"])
    return shown(after["mu"], after["sigma"]) - shown(*start)
