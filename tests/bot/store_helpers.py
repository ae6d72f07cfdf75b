"""What the store's tests share: two members seated at a Fosco table, its record, a playing table."""

from __future__ import annotations

from typing import Any

from bot.store import GuildStore, Seat

GUILD = 111
ALICE, BOB = 1001, 1002
SEATS = [Seat(ALICE, "Alice"), Seat(BOB, "Bob")]
LATER = 10**9  # a sweep "now" after every store's last use


def record(tokens: list[str]) -> dict[str, Any]:
    return {"key": "fosco", "players": 2, "seed": 7, "options": {}, "deck": None,
            "actions": [[0, token] for token in tokens]}


async def playing_table(store: GuildStore) -> int:
    table = await store.create_table("fosco", {"target": 11}, 7, ALICE, SEATS, now=1.0)
    assert await store.start_table(table.id, record([]), SEATS, now=2.0)
    return table.id
