"""The stakes ledger: every movement of money between seats, double-entry, one row a side.

A round's settlement becomes two rows per transfer (the payer's minus, the payee's plus), written
in the same transaction as the action that settled it, so a settlement is stored exactly when
its action is: a repeated click or a restart cannot write it twice, and ``UNIQUE (table_id,
round, entry)`` refuses a second copy even from a buggy caller. A reset is a row of its own;
balances count only what came after the latest reset that covers the member, and the history
keeps everything.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import codec
from .errors import StoreError


@dataclass(frozen=True)
class Movement:
    """One side of a transfer, as the action path hands it to ``commit_action``."""

    round: int
    entry: int  # its place in the round's settlement: 2n for transfer n's payer, 2n + 1 its payee
    seat: int
    member_id: int | None  # None for a computer
    name: str
    amount: int  # cents of game money; negative: paid
    other_seat: int
    other_name: str
    reason: str  # may hold money placeholders, shown in the guild's unit when read


@dataclass(frozen=True)
class LedgerRow:
    id: int
    kind: str  # 'settlement' or 'reset'
    table_id: int | None
    round: int | None
    seat: int | None
    member_id: int | None
    name: str
    amount: int
    other_name: str | None
    reason: str
    actor_id: int | None
    at: float

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> LedgerRow:
        return cls(row["id"], row["kind"], row["table_id"], row["round"], row["seat"], row["member_id"], row["name"],
                   row["amount"], row["other_name"], row["reason"], row["actor_id"], row["at"])


@dataclass(frozen=True)
class Balance:
    member_id: int
    cents: int
    movements: int


def checked(movements: Iterable[Movement]) -> list[Movement]:
    """The movements, refused unless each round's sum to zero (A-4) and entries are unique."""
    rows = list(movements)
    sums: dict[int, int] = defaultdict(int)
    seen: set[tuple[int, int]] = set()
    for m in rows:
        codec.whole(m.round, "ledger round")
        codec.whole(m.entry, "ledger entry")
        codec.whole(m.amount, "ledger amount")
        codec.whole_or_none(m.member_id, "ledger member_id")
        if (m.round, m.entry) in seen:
            raise StoreError(f"round {m.round} has entry {m.entry} twice")
        seen.add((m.round, m.entry))
        sums[m.round] += m.amount
    unbalanced = {r: s for r, s in sums.items() if s}
    if unbalanced:
        raise StoreError(f"a settlement must sum to zero; these rounds do not: {unbalanced}")
    return rows


def write(conn: sqlite3.Connection, table_id: int, movements: Sequence[Movement], at: float) -> None:
    """Insert a settlement's rows inside the caller's transaction."""
    try:
        conn.executemany(
            "INSERT INTO ledger (kind, table_id, round, entry, seat, member_id, name, amount, other_seat,"
            " other_name, reason, at) VALUES ('settlement', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(table_id, m.round, m.entry, m.seat, m.member_id, m.name, m.amount, m.other_seat, m.other_name,
              m.reason, at) for m in movements],
        )
    except sqlite3.IntegrityError as exc:
        raise StoreError(f"table {table_id}: this settlement is already in the ledger") from exc


# A member's movements that count towards the balance: those after the latest reset of everyone
# (member_id NULL) or of that member.
_SINCE_RESET = (
    "kind = 'settlement' AND member_id IS NOT NULL AND id > COALESCE((SELECT MAX(r.id) FROM ledger r"
    " WHERE r.kind = 'reset' AND (r.member_id IS NULL OR r.member_id = ledger.member_id)), 0)"
)


def balances(conn: sqlite3.Connection, member_id: int | None = None) -> list[Balance]:
    where, params = _SINCE_RESET, []
    if member_id is not None:
        where, params = _SINCE_RESET + " AND member_id = ?", [member_id]
    rows = conn.execute(
        f"SELECT member_id, SUM(amount) AS cents, COUNT(*) AS n FROM ledger WHERE {where}"
        " GROUP BY member_id ORDER BY cents DESC, member_id", params,
    ).fetchall()
    return [Balance(r["member_id"], r["cents"], r["n"]) for r in rows]


def history(conn: sqlite3.Connection, member_id: int | None, limit: int) -> list[LedgerRow]:
    """Newest first: a member's movements and the resets that touched them, or everything."""
    sql = "SELECT * FROM ledger ORDER BY id DESC LIMIT ?"
    params = [limit]
    if member_id is not None:
        sql = ("SELECT * FROM ledger WHERE member_id = ? OR (kind = 'reset' AND member_id IS NULL)"
               " ORDER BY id DESC LIMIT ?")
        params = [member_id, limit]
    return [LedgerRow.from_row(r) for r in conn.execute(sql, params).fetchall()]


def reset(conn: sqlite3.Connection, member_id: int | None, actor_id: int, reason: str, at: float) -> None:
    conn.execute(
        "INSERT INTO ledger (kind, member_id, name, amount, reason, actor_id, at) VALUES ('reset', ?, '', 0, ?, ?, ?)",
        (member_id, reason, actor_id, at),
    )


def table_rounds(conn: sqlite3.Connection, table_id: int) -> dict[int, list[LedgerRow]]:
    """A table's settlement rows by round (for checks and the table's own history)."""
    rows = [LedgerRow.from_row(r) for r in conn.execute(
        "SELECT * FROM ledger WHERE table_id = ? AND kind = 'settlement' ORDER BY round, entry", (table_id,)
    ).fetchall()]
    by_round: dict[int, list[LedgerRow]] = defaultdict(list)
    for row in rows:
        assert row.round is not None
        by_round[row.round].append(row)
    return dict(by_round)
