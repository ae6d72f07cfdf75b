"""Skill ratings: a (mu, sigma) per member per game, by openskill's Plackett-Luce model (Weng-Lin
Bayesian ratings), which rates free-for-all finishes, ties and teams.

A finished game's places (its ``results`` rows' ``team`` and ``place``) update the ratings in the
same transaction that records them, so a game is rated exactly when it is recorded: a restart or a
repeated click cannot rate it twice, and a table stopped without a result is never rated. The
ratings are a pure function of the results in the order they were recorded (``finished_at``, kept
strictly increasing, then the table), so :func:`rebuild` recomputes every one from the results
and must find the stored values again, float for float.

Parlour's computer players share one rating per game (entity ``COMPUTER``). A game with several
computer seats (or, through any mishap, one member in two seats) rates each seat from the same
prior and keeps the mean of what the seats came to: one update per game, however many seats.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from openskill.models import PlackettLuce

COMPUTER = 0  # the entity of Parlour's computer players (no Discord id is 0)
EASY_COMPUTER = 1  # the Easy computer's, rated apart (nor is any Discord id 1); its results carry it
HARD_COMPUTER = 2  # the Hard computer's, rated apart too
COMPUTERS = (COMPUTER, EASY_COMPUTER, HARD_COMPUTER)
MODEL = PlackettLuce()  # mu 25, sigma 25/3: everyone starts at a conservative rating of 0
PROVISIONAL_GAMES = 5  # fewer rated games than this and a member is listed apart
# The shown rating: an ordinal as openskill suggests, 1000 + 40 (mu - 3 sigma), so everyone starts
# at 1000 and what is shown is a rating we are fairly sure a member plays at, at least.
BASE, SCALE, Z = 1000, 40, 3


def shown(mu: float, sigma: float) -> int:
    return round(BASE + SCALE * (mu - Z * sigma))


def estimate(mu: float) -> int:
    """The best estimate on the rating's own scale (2,000 for a new player, whose rating is 1,000)."""
    return round(BASE + SCALE * mu)


START_ESTIMATE = estimate(MODEL.mu)


class RatedSeat(NamedTuple):
    entity: int
    team: int
    place: int
    won: bool


@dataclass(frozen=True)
class Rating:
    game: str
    entity: int
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def conservative(self) -> float:
        return self.mu - Z * self.sigma

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)

    @property
    def estimate(self) -> int:
        return estimate(self.mu)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Rating:
        return cls(row["game"], row["entity"], row["mu"], row["sigma"], row["games"], row["wins"])


def rate(prior: Mapping[int, tuple[float, float]], seats: Sequence[RatedSeat]) -> dict[int, tuple[float, float]]:
    """Each entity's (mu, sigma) after a game where ``seats`` finished as they did; an entity
    missing from ``prior`` starts at the model's default. Nothing is rated in a game of one team."""
    teams: dict[int, list[int]] = defaultdict(list)
    for i, seat in enumerate(seats):
        teams[seat.team].append(i)
    if len(teams) < 2:
        return {}
    order = sorted(teams)
    start = {seat.entity: prior.get(seat.entity, (MODEL.mu, MODEL.sigma)) for seat in seats}
    rated = MODEL.rate([[MODEL.rating(*start[seats[i].entity]) for i in teams[t]] for t in order],
                       ranks=[float(seats[teams[t][0]].place) for t in order])
    after: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for t, team in zip(order, rated, strict=True):
        for i, rating in zip(teams[t], team, strict=True):
            after[seats[i].entity].append((rating.mu, rating.sigma))
    return {entity: (sum(m for m, _ in values) / len(values), sum(s for _, s in values) / len(values))
            for entity, values in after.items()}


def entity_of(member_id: int | None) -> int:
    return COMPUTER if member_id is None else member_id


def default_places(rows: Sequence[tuple[int, int, bool, bool]]) -> list[int]:
    """Places for results given without them ((seat, score, won, drew) each): winners first, then
    the higher score; equal keys share a place. The bot passes the game's own places."""
    keys = [(0 if won else 1, -score) for _, score, won, _ in rows]
    ordered = sorted(keys)
    return [1 + ordered.index(key) for key in keys]


def apply(conn: sqlite3.Connection, table_id: int, game: str, seats: Sequence[RatedSeat], at: float) -> None:
    """Rate one finished game inside the caller's transaction: the ratings and their history."""
    entities = sorted({s.entity for s in seats})
    marks = ",".join("?" * len(entities))
    rows = conn.execute(f"SELECT * FROM ratings WHERE game = ? AND entity IN ({marks})",
                        (game, *entities)).fetchall()
    before = {row["entity"]: Rating.from_row(row) for row in rows}
    after = rate({e: (r.mu, r.sigma) for e, r in before.items()}, seats)
    if not after:
        return
    won = {s.entity for s in seats if s.won}
    conn.executemany(
        "INSERT INTO ratings (game, entity, mu, sigma, games, wins) VALUES (?, ?, ?, ?, 1, ?)"
        " ON CONFLICT (game, entity) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
        " games = games + 1, wins = wins + excluded.wins",
        [(game, e, mu, sigma, int(e in won)) for e, (mu, sigma) in after.items()])
    conn.executemany(
        "INSERT INTO rating_history (table_id, game, entity, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?)",
        [(table_id, game, e, mu, sigma, at) for e, (mu, sigma) in after.items()])


def next_finish(conn: sqlite3.Connection, at: float) -> float:
    """``at``, or just after the latest recorded finish if the clock went back: the order games are
    rated in is the order of their finishes, which a rebuild follows."""
    row = conn.execute("SELECT MAX(finished_at) FROM results").fetchone()
    latest = row[0] if row is not None and row[0] is not None else None
    return at if latest is None or at > latest else latest + 1e-3


def rated_seats(rows: Iterable[sqlite3.Row]) -> list[RatedSeat]:
    return [RatedSeat(entity_of(r["member_id"]), r["team"], r["place"], bool(r["won"])) for r in rows]


@dataclass(frozen=True)
class Rebuilt:
    games: int  # games rated
    ratings: int  # ratings now stored
    changed: int  # stored ratings the rebuild found different (0 when all is well)


def rebuild(conn: sqlite3.Connection) -> Rebuilt:
    """Every rating and its history computed again from the results, in the order they were
    recorded, inside the caller's transaction; says how many stored ratings it found different."""
    old = {(r["game"], r["entity"]): (r["mu"], r["sigma"], r["games"], r["wins"])
           for r in conn.execute("SELECT * FROM ratings")}
    conn.execute("DELETE FROM ratings")
    conn.execute("DELETE FROM rating_history")
    by_table: dict[int, list[sqlite3.Row]] = {}  # in the order the games finished
    for row in conn.execute("SELECT * FROM results WHERE place IS NOT NULL ORDER BY finished_at, table_id, seat"):
        by_table.setdefault(row["table_id"], []).append(row)
    for table_id, rows in by_table.items():
        apply(conn, table_id, rows[0]["game"], rated_seats(rows), rows[0]["finished_at"])
    new = {(r["game"], r["entity"]): (r["mu"], r["sigma"], r["games"], r["wins"])
           for r in conn.execute("SELECT * FROM ratings")}
    changed = sum(1 for key in new.keys() | old.keys() if new.get(key) != old.get(key))
    return Rebuilt(len(by_table), len(new), changed)
