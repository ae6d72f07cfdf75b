"""The stakes ledger in the guild store: a settlement is written with the action that settled it,
in one transaction, summing to zero (A-4); never twice; balances count from the latest reset
while the history keeps everything."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import GuildStore, Movement, Seat, StoreError, Stores, ledger, migrations

GUILD = 111
ALICE, BOB, CAROL = 1001, 1002, 1003
SEATS = [Seat(ALICE, "Alice"), Seat(BOB, "Bob"), Seat(None, "Computer", ai=True)]


def record(actions: int) -> dict[str, Any]:
    return {"key": "fscking-ace", "players": 3, "seed": 7, "options": {}, "deck": None,
            "actions": [[0, "flip"] for _ in range(actions)]}


def settlement(round_no: int, payer: int, payees: dict[int, int], reason: str = "scored {$100} + {$100}"
               ) -> list[Movement]:
    """Two rows a transfer, as the action path makes them."""
    rows: list[Movement] = []
    for n, (payee, cents) in enumerate(payees.items()):
        rows.append(Movement(round_no, 2 * n, payer, SEATS[payer].member_id, SEATS[payer].name, -cents, payee,
                             SEATS[payee].name, reason))
        rows.append(Movement(round_no, 2 * n + 1, payee, SEATS[payee].member_id, SEATS[payee].name, cents, payer,
                             SEATS[payer].name, reason))
    return rows


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[GuildStore]:
    async with Stores(tmp_path) as stores:
        yield await stores.guild(GUILD)


async def table(store: GuildStore) -> int:
    row = await store.create_table("fscking-ace", {}, 7, ALICE, SEATS)
    assert await store.start_table(row.id, record(0), SEATS)
    return row.id


async def settle(store: GuildStore, table_id: int, version: int, rows: list[Movement], now: float = 10.0) -> bool:
    return await store.commit_action(table_id, version, 0, "flip", record(version + 1), ALICE, "click", now,
                                     movements=rows)


async def test_the_ledger_is_migration_two() -> None:
    assert "CREATE TABLE ledger" in migrations.MIGRATIONS[1]


async def test_a_settlement_is_written_with_its_action_and_sums_to_zero(store: GuildStore) -> None:
    table_id = await table(store)
    assert await settle(store, table_id, 0, settlement(1, 2, {0: 900, 1: 200}))
    rounds = await store.table_ledger(table_id)
    assert list(rounds) == [1]
    assert sum(r.amount for r in rounds[1]) == 0
    assert [(r.seat, r.member_id, r.amount, r.other_name) for r in rounds[1]] == [
        (2, None, -900, "Alice"), (0, ALICE, 900, "Computer"), (2, None, -200, "Bob"), (1, BOB, 200, "Computer")]
    assert all(r.table_id == table_id and r.round == 1 and r.reason.startswith("scored") for r in rounds[1])
    assert {b.member_id: b.cents for b in await store.stakes_balances()} == {ALICE: 900, BOB: 200}


async def test_an_unbalanced_settlement_is_refused_with_its_action(store: GuildStore) -> None:
    table_id = await table(store)
    rows = settlement(1, 2, {0: 900})
    rows[1] = Movement(1, 1, 0, ALICE, "Alice", 901, 2, "Computer", "scored")
    with pytest.raises(StoreError, match="sum to zero"):
        await settle(store, table_id, 0, rows)
    assert (await store.get_table(table_id)).version == 0  # type: ignore[union-attr]
    assert await store.table_ledger(table_id) == {} and await store.actions(table_id) == []


async def test_a_repeated_click_settles_nothing_twice(store: GuildStore) -> None:
    table_id = await table(store)
    rows = settlement(1, 2, {0: 900, 1: 200})
    assert await settle(store, table_id, 0, rows)
    assert not await settle(store, table_id, 0, rows)  # the same version again: refused, nothing written
    assert len((await store.table_ledger(table_id))[1]) == 4
    # Even a caller that got the version right cannot write a round's settlement twice, and the
    # action that tried is rolled back with it.
    with pytest.raises(StoreError, match="already in the ledger"):
        await settle(store, table_id, 1, rows)
    assert (await store.get_table(table_id)).version == 1  # type: ignore[union-attr]
    assert {b.member_id: b.cents for b in await store.stakes_balances()} == {ALICE: 900, BOB: 200}


async def test_a_join_stores_the_new_seat_with_its_action(store: GuildStore) -> None:
    table_id = await table(store)
    seats = [*SEATS, Seat(CAROL, "Carol")]
    assert await store.commit_action(table_id, 0, 0, "flip", record(1), CAROL, "join", seats=seats)
    row = await store.get_table(table_id)
    assert row is not None and list(row.seats) == seats and row.version == 1


async def test_reset_restarts_balances_and_keeps_the_history(store: GuildStore) -> None:
    table_id = await table(store)
    assert await settle(store, table_id, 0, settlement(1, 0, {1: 300, 2: 500}), now=10.0)
    await store.reset_stakes(CAROL, member_id=BOB, reason="reset of Bob's balance", now=11.0)
    assert {b.member_id: b.cents for b in await store.stakes_balances()} == {ALICE: -800}
    assert await settle(store, table_id, 1, settlement(2, 1, {0: 100, 2: 100}), now=12.0)
    assert {b.member_id: b.cents for b in await store.stakes_balances()} == {ALICE: -700, BOB: -200}
    await store.reset_stakes(CAROL, now=13.0)
    assert await store.stakes_balances() == []
    assert await store.stakes_balances(ALICE) == []
    assert await settle(store, table_id, 2, settlement(3, 2, {0: 400, 1: 100}), now=14.0)
    assert [(b.member_id, b.cents, b.movements) for b in await store.stakes_balances()] == [
        (ALICE, 400, 1), (BOB, 100, 1)]

    history = await store.stakes_history(BOB, limit=50)
    kinds = [(h.kind, h.amount, h.member_id) for h in history]
    assert kinds == [("settlement", 100, BOB), ("reset", 0, None), ("settlement", -100, BOB),
                     ("settlement", -100, BOB), ("reset", 0, BOB), ("settlement", 300, BOB)]
    assert history[1].actor_id == CAROL and history[4].reason == "reset of Bob's balance"
    assert len(await store.stakes_history(limit=50)) == 4 * 3 + 2  # everything, resets included
    assert len(await store.stakes_history(limit=3)) == 3


async def test_the_ledger_survives_a_restart(tmp_path: Path) -> None:
    async with Stores(tmp_path) as before:
        store = await before.guild(GUILD)
        table_id = await table(store)
        assert await settle(store, table_id, 0, settlement(1, 1, {0: 250, 2: 250}))
    async with Stores(tmp_path) as after:
        store = await after.guild(GUILD)
        assert {b.member_id: b.cents for b in await store.stakes_balances()} == {ALICE: 250, BOB: -500}


async def test_a_crash_halfway_through_a_settlement_writes_none_of_it(store: GuildStore,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The process dies (here: an error) after half the rows are in: the action and every row go
    together, and the retry after the restart writes the settlement once."""
    table_id = await table(store)
    rows = settlement(1, 2, {0: 900, 1: 200})
    real_write = ledger.write

    def half_then_crash(conn: Any, table: int, movements: Any, at: float) -> None:
        real_write(conn, table, movements[:2], at)
        raise RuntimeError("power cut")

    monkeypatch.setattr(ledger, "write", half_then_crash)
    with pytest.raises(RuntimeError, match="power cut"):
        await settle(store, table_id, 0, rows)
    assert await store.table_ledger(table_id) == {} and await store.actions(table_id) == []
    assert (await store.get_table(table_id)).version == 0  # type: ignore[union-attr]
    monkeypatch.setattr(ledger, "write", real_write)
    assert await settle(store, table_id, 0, rows)
    assert not await settle(store, table_id, 0, rows)
    assert len((await store.table_ledger(table_id))[1]) == 4


async def test_the_same_click_after_a_restart_settles_nothing(tmp_path: Path) -> None:
    rows = settlement(1, 2, {0: 900, 1: 200})
    async with Stores(tmp_path) as before:
        store = await before.guild(GUILD)
        table_id = await table(store)
        assert await settle(store, table_id, 0, rows)
    async with Stores(tmp_path) as after:
        store = await after.guild(GUILD)
        assert not await settle(store, table_id, 0, rows)
        assert [len(r) for r in (await store.table_ledger(table_id)).values()] == [4]


async def test_settings_are_read_once_and_follow_every_write(store: GuildStore) -> None:
    """The stakes unit is read on every move, so settings are kept in memory; a write (or a
    delete) is seen at once."""
    assert await store.get_setting("stakes_unit", "dollars") == "dollars"
    await store.set_setting("stakes_unit", "points")
    assert await store.get_setting("stakes_unit", "dollars") == "points"
    await store.set_setting("stakes_unit", "cents")
    assert await store.get_setting("stakes_unit") == "cents"
    assert await store.delete_setting("stakes_unit")
    assert await store.get_setting("stakes_unit", "dollars") == "dollars"
    (await store.all_settings())["stakes_unit"] = "changed by a caller"  # a copy, not the cache
    assert await store.get_setting("stakes_unit") is None
