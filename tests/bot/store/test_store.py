"""The per-guild SQLite store: schema and migrations, the versioned action commit, results and
leaderboards, and that everything survives a restart."""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.store import (
    COMPUTER,
    MIGRATIONS,
    GuildStore,
    Seat,
    SeatResult,
    StatRow,
    StoreError,
    Stores,
    migrations,
)
from games import registry

GUILD = 111
ALICE, BOB, CAROL, DAVE = 1001, 1002, 1003, 1004
SEATS = [Seat(ALICE, "Alice"), Seat(BOB, "Bob")]


def record(actions: int, game: str = "fosco") -> dict[str, Any]:
    """A record shaped like State.to_record with ``actions`` actions, seat 0 playing ``t1``, ``t2``..."""
    return {"key": game, "players": 2, "seed": 7, "options": {}, "deck": None,
            "actions": [[0, f"t{n}"] for n in range(1, actions + 1)]}


@pytest.fixture
async def store(stores: Stores) -> GuildStore:
    return await stores.guild(GUILD)


async def playing_table(store: GuildStore, game: str = "fosco", seats: list[Seat] | None = None) -> int:
    table = await store.create_table(game, {"target": 11}, 7, ALICE, seats or SEATS, origin_channel_id=5, now=1.0)
    assert await store.start_table(table.id, record(0, game), seats or SEATS, now=2.0)
    return table.id


async def commit(store: GuildStore, table_id: int, expected: int, now: float = 3.0) -> bool:
    return await store.commit_action(table_id, expected, 0, f"t{expected + 1}", record(expected + 1),
                                     actor_id=ALICE, source="click", now=now)


def raw(path: Path, sql: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(sql).fetchall()


# -- files, schema, migrations ----------------------------------------------------------------
async def test_migrations_create_the_schema_and_set_user_version(stores: Stores, store: GuildStore) -> None:
    path = stores.path_for(GUILD)
    assert path == stores.data_dir / "guilds" / f"{GUILD}.sqlite3" and path.is_file()
    assert raw(path, "PRAGMA user_version") == [(len(MIGRATIONS),)]
    names = {name for (name,) in raw(path, "SELECT name FROM sqlite_master WHERE type IN ('table', 'index')")}
    assert {"settings", "tables", "actions", "results"} <= names
    assert {"tables_by_status", "results_by_game_member", "results_by_member_game"} <= names


async def test_connection_pragmas(stores: Stores, store: GuildStore) -> None:
    assert raw(stores.path_for(GUILD), "PRAGMA journal_mode") == [("wal",)]  # WAL is kept by the file
    db = store._db  # per-connection settings can only be read on the store's own connection

    async def pragma(name: str) -> Any:
        row = await db.read(lambda conn: conn.execute(f"PRAGMA {name}").fetchone())
        return None if row is None else row[0]

    assert await pragma("foreign_keys") == 1 and await pragma("journal_mode") == "wal"
    assert await pragma("synchronous") == 1 and await pragma("busy_timeout") > 0  # 1 is NORMAL
    with pytest.raises(sqlite3.IntegrityError):  # foreign keys really are enforced
        await db.write(lambda conn: conn.execute("INSERT INTO actions VALUES (999, 1, 0, 'x', NULL, 'click', 0)"))


async def test_reopening_runs_only_new_migrations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with Stores(tmp_path) as first:
        await (await first.guild(GUILD)).set_setting("timeout", 60)
    # Migration 1 would fail if it ran again ("table settings already exists"); only 2 may run.
    monkeypatch.setattr(migrations, "MIGRATIONS", [*MIGRATIONS, "CREATE TABLE later (x INTEGER);"])
    async with Stores(tmp_path) as second:
        store = await second.guild(GUILD)
        assert await store.get_setting("timeout") == 60
    path = tmp_path / "guilds" / f"{GUILD}.sqlite3"
    assert raw(path, "PRAGMA user_version") == [(len(MIGRATIONS) + 1,)]
    assert raw(path, "SELECT name FROM sqlite_master WHERE name = 'later'") == [("later",)]


async def test_a_failing_migration_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with Stores(tmp_path) as first:
        await first.guild(GUILD)
    bad = "CREATE TABLE half (x INTEGER); INSERT INTO no_such_table VALUES (1);"
    monkeypatch.setattr(migrations, "MIGRATIONS", [*MIGRATIONS, bad])
    async with Stores(tmp_path) as second:
        with pytest.raises(sqlite3.OperationalError):
            await second.guild(GUILD)
        assert second.open_guilds() == []
    path = tmp_path / "guilds" / f"{GUILD}.sqlite3"
    assert raw(path, "PRAGMA user_version") == [(len(MIGRATIONS),)]
    assert raw(path, "SELECT name FROM sqlite_master WHERE name = 'half'") == []


async def test_a_database_from_a_newer_parlour_is_refused(tmp_path: Path) -> None:
    async with Stores(tmp_path) as first:
        path = (await first.guild(GUILD)).path
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
    async with Stores(tmp_path) as second:
        with pytest.raises(StoreError, match="newer"):
            await second.guild(GUILD)


def test_migration_scripts_split_into_whole_statements() -> None:
    script = "CREATE TABLE a (x TEXT DEFAULT ';');\n-- a comment; still a comment\nCREATE TABLE b (y);"
    assert migrations.statements(script) == ["CREATE TABLE a (x TEXT DEFAULT ';');",
                                             "-- a comment; still a comment\nCREATE TABLE b (y);"]
    with pytest.raises(StoreError):
        migrations.statements("CREATE TABLE c (z TEXT DEFAULT 'unterminated)")


async def test_one_file_per_guild_and_known_guilds(stores: Stores) -> None:
    assert stores.known_guilds() == []
    first, again, other = await asyncio.gather(stores.guild(GUILD), stores.guild(GUILD), stores.guild(222))
    assert first is again and first is not other
    await first.set_setting("k", 1)
    assert await other.get_setting("k") is None
    (stores.guilds_dir / "notes.txt").write_text("not a guild")
    assert stores.known_guilds() == [GUILD, 222]
    assert sorted(p.name for p in stores.guilds_dir.glob("*.sqlite3")) == ["111.sqlite3", "222.sqlite3"]
    for bad in (0, -1, True, "111"):
        with pytest.raises(StoreError):
            await stores.guild(bad)  # type: ignore[arg-type]


async def test_closed_stores_refuse_work(tmp_path: Path) -> None:
    stores = Stores(tmp_path)
    store = await stores.guild(GUILD)
    await stores.close()
    assert store.closed
    with pytest.raises(StoreError):
        await store.get_setting("x")
    with pytest.raises(StoreError):
        await stores.guild(GUILD)
    await store.close()  # twice is fine


# -- settings ---------------------------------------------------------------------------------
async def test_settings_round_trip(store: GuildStore) -> None:
    assert await store.get_setting("turn_timeout", 120) == 120
    value = {"seconds": 90, "remind": [30, 60], "name": "café", "on": True, "none": None}
    await store.set_setting("turn_timeout", value)
    await store.set_setting("grace", 300)
    await store.set_setting("grace", 600)
    assert await store.get_setting("turn_timeout") == value
    assert await store.all_settings() == {"grace": 600, "turn_timeout": value}
    assert await store.delete_setting("grace") and not await store.delete_setting("grace")
    with pytest.raises(StoreError):
        await store.set_setting("bad", {1, 2})
    with pytest.raises(StoreError):
        await store.set_setting("bad", float("nan"))
    assert await store.all_settings() == {"turn_timeout": value}


# -- tables -----------------------------------------------------------------------------------
async def test_create_get_and_update_a_table(store: GuildStore) -> None:
    table = await store.create_table("fosco", {"target": 11}, 2**63 - 1, ALICE,
                                     [Seat(ALICE, "Alice"), {"member_id": None, "name": "Computer", "ai": True}],
                                     origin_channel_id=5, now=10.0)
    assert table.status == "lobby" and table.record is None and table.version == 0
    assert table.options == {"target": 11} and table.seed == 2**63 - 1 and table.extra == {}
    assert table.seats == (Seat(ALICE, "Alice"), Seat(None, "Computer", ai=True))
    assert table.seat_of(ALICE) == 0 and table.seat_of(BOB) is None and table.member_ids == {ALICE}
    assert table.created_at == table.updated_at == 10.0 and table.is_open
    assert await store.get_table(table.id) == table
    assert await store.get_table(table.id + 1) is None

    updated = await store.update_table(table.id, lobby_message_id=77, channel_id=88, is_thread=True,
                                       extra={"dm": {"0": 5}}, options={"target": 21}, updated_at=11.0)
    assert (updated.lobby_message_id, updated.channel_id, updated.is_thread) == (77, 88, True)
    assert updated.extra == {"dm": {"0": 5}} and updated.options == {"target": 21} and updated.updated_at == 11.0
    assert await store.table_in_channel(88) == updated and await store.table_in_channel(89) is None
    merged = await store.merge_extra(table.id, {"dm": {"0": 6}, "note": "x"})
    assert merged.extra == {"dm": {"0": 6}, "note": "x"}
    assert (await store.merge_extra(table.id, {"note": None})).extra == {"dm": {"0": 6}}

    with pytest.raises(StoreError, match="cannot set"):
        await store.update_table(table.id, version=3)
    with pytest.raises(StoreError, match="cannot set"):
        await store.update_table(table.id, record={})
    with pytest.raises(StoreError):
        await store.update_table(table.id, channel_id="88")
    with pytest.raises(StoreError, match="no table"):
        await store.update_table(table.id + 1, channel_id=1)
    with pytest.raises(StoreError):
        await store.create_table("fosco", {}, 1, ALICE, [{"member_id": "x", "name": "A"}])
    assert await store.get_table(table.id) == await store.get_table(table.id)  # nothing half-written


async def test_lobby_seats_and_start(store: GuildStore) -> None:
    table = await store.create_table("fosco", {}, 1, ALICE, [Seat(ALICE, "Alice")], now=1.0)
    assert await store.set_lobby_seats(table.id, SEATS)
    assert (await store.get_table(table.id)).seats == tuple(SEATS)  # type: ignore[union-attr]
    with pytest.raises(StoreError, match="version 0"):
        await store.start_table(table.id, record(1), SEATS)
    assert await store.start_table(table.id, record(0), SEATS, now=5.0)
    started = await store.get_table(table.id)
    assert started is not None and started.status == "playing" and started.version == 0
    assert started.record == record(0) and started.turn_started_at == 5.0
    assert not await store.start_table(table.id, record(0), SEATS)  # a second Start does nothing
    assert not await store.set_lobby_seats(table.id, [Seat(CAROL, "Carol")])
    assert (await store.get_table(table.id)).seats == tuple(SEATS)  # type: ignore[union-attr]
    with pytest.raises(StoreError):
        await store.start_table(table.id + 1, record(0), SEATS)


async def test_tables_with_status(store: GuildStore) -> None:
    lobby = await store.create_table("fosco", {}, 1, ALICE, SEATS)
    playing = await playing_table(store)
    finished = await playing_table(store)
    assert await store.finish_table(finished, 0, record(0), [])
    cancelled = await store.create_table("dracula", {}, 1, BOB, SEATS)
    assert await store.cancel_table(cancelled.id, now=9.0)
    assert not await store.cancel_table(cancelled.id)

    def ids(rows: list[Any]) -> list[int]:
        return [row.id for row in rows]

    assert ids(await store.tables_with_status("lobby", "playing")) == [lobby.id, playing]
    assert ids(await store.tables_with_status("finished")) == [finished]
    assert ids(await store.tables_with_status("cancelled")) == [cancelled.id]
    assert (await store.get_table(cancelled.id)).finished_at == 9.0  # type: ignore[union-attr]
    with pytest.raises(StoreError):
        await store.tables_with_status("paused")
    with pytest.raises(StoreError):
        await store.tables_with_status()


# -- the versioned action commit ----------------------------------------------------------------
async def test_commit_action_with_the_right_and_a_stale_version(store: GuildStore) -> None:
    table_id = await playing_table(store)
    await store.update_table(table_id, reminded=True)
    assert await commit(store, table_id, 0, now=3.0)
    assert await commit(store, table_id, 1, now=4.0)
    before = await store.get_table(table_id)
    assert before is not None and before.version == 2 and before.record == record(2)
    assert before.turn_started_at == 4.0 and not before.reminded and before.updated_at == 4.0

    # A repeated click (version 1 again) and a click from the future are refused and write nothing.
    assert not await commit(store, table_id, 1, now=50.0)
    assert not await commit(store, table_id, 5, now=50.0)
    assert await store.get_table(table_id) == before
    log = await store.actions(table_id)
    assert [(a.version, a.seat, a.token, a.actor_id, a.source, a.at) for a in log] == [
        (1, 0, "t1", ALICE, "click", 3.0), (2, 0, "t2", ALICE, "click", 4.0)]


async def test_commit_action_refuses_a_record_that_does_not_match(store: GuildStore) -> None:
    table_id = await playing_table(store)
    with pytest.raises(StoreError, match="2 actions"):
        await store.commit_action(table_id, 0, 0, "t1", record(2))
    with pytest.raises(StoreError, match="last action"):
        await store.commit_action(table_id, 0, 1, "t1", record(1))
    with pytest.raises(StoreError, match="no table"):
        await store.commit_action(table_id + 1, 0, 0, "t1", record(1))
    assert (await store.get_table(table_id)).version == 0  # type: ignore[union-attr]
    assert await store.actions(table_id) == []


async def test_only_a_playing_table_takes_actions(store: GuildStore) -> None:
    lobby = await store.create_table("fosco", {}, 1, ALICE, SEATS)
    assert not await commit(store, lobby.id, 0)
    table_id = await playing_table(store)
    assert await store.cancel_table(table_id)
    assert not await commit(store, table_id, 0)
    assert await store.actions(table_id) == []


async def test_concurrent_commits_of_one_version_exactly_one_wins(store: GuildStore) -> None:
    table_id = await playing_table(store)
    outcomes = await asyncio.gather(*(
        store.commit_action(table_id, 0, 0, "t1", record(1), actor_id=member, source="click")
        for member in (ALICE, BOB, CAROL, DAVE)))
    assert sorted(outcomes) == [False, False, False, True]
    log = await store.actions(table_id)
    assert len(log) == 1 and log[0].actor_id == (ALICE, BOB, CAROL, DAVE)[outcomes.index(True)]
    assert (await store.get_table(table_id)).version == 1  # type: ignore[union-attr]


async def test_a_real_game_restores_from_its_record(store: GuildStore) -> None:
    rules = registry.get("fosco")
    state = rules.new_game(2, seed=42)
    seats = [Seat(ALICE, "Alice"), Seat(None, "Computer", ai=True)]
    table = await store.create_table("fosco", dict(state.options), 42, ALICE, seats)
    assert await store.start_table(table.id, state.to_record(), seats)
    for _ in range(6):
        if state.is_over:
            break
        seat = min(state.to_move)
        action = state.legal_actions(seat)[0]
        version = len(state.history)
        state = state.apply(seat, action)
        assert await store.commit_action(table.id, version, seat, action.token, state.to_record(),
                                         actor_id=ALICE if seat == 0 else None,
                                         source="click" if seat == 0 else "computer")
    row = await store.get_table(table.id)
    assert row is not None and row.record is not None and row.version == len(state.history)
    assert rules.from_record(row.record) == state
    assert [(a.seat, a.token) for a in await store.actions(table.id)] == list(state.history)


# -- results ----------------------------------------------------------------------------------
async def test_finish_table_writes_results_once(store: GuildStore) -> None:
    seats = [Seat(ALICE, "Alice"), Seat(None, "Computer", ai=True)]
    table_id = await playing_table(store, seats=seats)
    assert await commit(store, table_id, 0)
    results = [SeatResult(0, ALICE, 11, True, False), (1, None, 4, False, False)]
    assert not await store.finish_table(table_id, 0, record(0), results)  # stale version
    with pytest.raises(StoreError, match="no seat 2"):  # rolled back, the table still playing
        await store.finish_table(table_id, 1, record(1), [(2, BOB, 1, False, False)])
    with pytest.raises(StoreError, match="twice"):
        await store.finish_table(table_id, 1, record(1), [(0, ALICE, 1, True, False)] * 2)
    with pytest.raises(StoreError, match="both"):
        await store.finish_table(table_id, 1, record(1), [(0, ALICE, 1, True, True)])
    assert (await store.get_table(table_id)).status == "playing"  # type: ignore[union-attr]

    assert await store.finish_table(table_id, 1, record(1), results, now=20.0)
    assert not await store.finish_table(table_id, 1, record(1), results, now=21.0)
    assert not await store.cancel_table(table_id)
    assert not await commit(store, table_id, 1)
    finished = await store.get_table(table_id)
    assert finished is not None and finished.status == "finished" and finished.finished_at == 20.0
    assert finished.turn_started_at is None and not finished.is_open
    assert await store.member_stats(ALICE) == [StatRow("fosco", 1, 1, 0, 11, 11, 11)]


async def finish(store: GuildStore, game: str, results: list[Any]) -> None:
    seats = [Seat(member, f"m{member}", ai=member is None) for _, member, *_ in results]
    table_id = await playing_table(store, game, seats)
    assert await store.finish_table(table_id, 0, record(0, game), results)


async def test_leaderboard_ranks_by_conservative_rating_not_luck(store: GuildStore) -> None:
    """One lucky win rates below eight wins in ten; the computer is rated too, as one player."""
    await finish(store, "fosco", [(0, ALICE, 11, True, False), (1, None, 0, False, False)])  # 1 of 1
    for n in range(10):  # Bob wins 8 of 10 against the computer (which wins the other 2)
        bob_wins = n < 8
        await finish(store, "fosco", [(0, BOB, 11 if bob_wins else 3, bob_wins, False),
                                      (1, None, 3 if bob_wins else 11, not bob_wins, False)])
    await finish(store, "dracula", [(0, DAVE, 100, True, False), (1, ALICE, 0, False, False)])
    board = await store.leaderboard("fosco")
    assert [row.entity for row in board][:2] == [BOB, ALICE]
    assert [r.conservative for r in board] == sorted((r.conservative for r in board), reverse=True)
    bob = board[0]
    assert (bob.games, bob.wins, bob.provisional) == (10, 8, False) and board[1].provisional
    assert {r.entity for r in board} == {ALICE, BOB, COMPUTER} and next(
        r for r in board if r.entity == COMPUTER).games == 11
    assert [row.entity for row in await store.leaderboard("dracula")] == [DAVE, ALICE]
    assert await store.leaderboard("busca") == []


async def test_member_stats_across_games(store: GuildStore) -> None:
    await finish(store, "fosco", [(0, ALICE, 11, True, False), (1, BOB, 7, False, False)])
    await finish(store, "fosco", [(0, ALICE, 6, False, False), (1, BOB, 11, True, False)])
    await finish(store, "dracula", [(0, ALICE, 40, False, True), (1, BOB, 40, False, True)])
    assert await store.member_stats(ALICE) == [StatRow("fosco", 2, 1, 0, 17, 11, 6),
                                               StatRow("dracula", 1, 0, 1, 40, 40, 40)]
    assert await store.member_stats(CAROL) == []


async def test_places_given_with_the_results_decide_the_ratings(store: GuildStore) -> None:
    """Busca: the bot places the lowest total first; the store rates by the places it is given
    (and, given none, puts winners first, then the higher score)."""
    for _ in range(3):
        await finish(store, "busca", [(0, ALICE, 12, True, False, 0, 1), (1, BOB, 30, False, False, 1, 3),
                                      (2, CAROL, 20, False, False, 2, 2)])
    assert [row.entity for row in await store.leaderboard("busca")] == [ALICE, CAROL, BOB]
    for _ in range(3):
        await finish(store, "fosco", [(0, ALICE, 12, False, False), (1, BOB, 30, True, False),
                                      (2, CAROL, 20, False, False)])
    assert [row.entity for row in await store.leaderboard("fosco")] == [BOB, CAROL, ALICE]
    (busca,) = [r for r in await store.member_stats(ALICE) if r.game == "busca"]
    assert (busca.lowest_score, busca.best_score) == (12, 12)


# -- restart ----------------------------------------------------------------------------------
async def test_everything_survives_a_restart(tmp_path: Path) -> None:
    async with Stores(tmp_path) as before:
        store = await before.guild(GUILD)
        await store.set_setting("grace", 300)
        table_id = await playing_table(store)
        await store.update_table(table_id, channel_id=42, table_message_id=43, extra={"dm": [1, 2]})
        assert await commit(store, table_id, 0)
        done = await playing_table(await before.guild(222))
        assert await (await before.guild(222)).finish_table(done, 0, record(0), [(0, ALICE, 3, True, False)])
        snapshot = await store.get_table(table_id)

    async with Stores(tmp_path) as after:
        assert after.known_guilds() == [GUILD, 222]
        unfinished = {gid: await (await after.guild(gid)).tables_with_status("lobby", "playing")
                      for gid in after.known_guilds()}
        assert unfinished == {GUILD: [snapshot], 222: []}
        store = await after.guild(GUILD)
        assert await store.get_setting("grace") == 300
        assert await commit(store, table_id, 1)  # play goes on from where it was
        assert [a.version for a in await store.actions(table_id)] == [1, 2]
        assert (await (await after.guild(222)).member_stats(ALICE))[0].wins == 1


# -- any interleaving -------------------------------------------------------------------------
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.lists(st.integers(min_value=-2, max_value=1), min_size=1, max_size=5), min_size=1, max_size=6))
def test_any_interleaving_keeps_version_equal_to_the_log(batches: list[list[int]]) -> None:
    """Batches of concurrent commits, each against the current version plus an offset (negative:
    stale; positive: ahead). The guild lock takes them in arrival order, so each succeeds exactly
    when it names the version reached by the ones before it; the log stays gapless throughout."""

    async def run(data_dir: Path) -> None:
        async with Stores(data_dir) as stores:
            store = await stores.guild(GUILD)
            table_id = await playing_table(store)
            wins = 0
            for batch in batches:
                current = (await store.get_table(table_id)).version  # type: ignore[union-attr]
                attempts = [max(current + offset, 0) for offset in batch]
                outcomes = await asyncio.gather(*(commit(store, table_id, v) for v in attempts))
                expected = []
                for attempt in attempts:
                    expected.append(attempt == current)
                    current += attempt == current
                assert outcomes == expected
                wins += sum(outcomes)
            table = await store.get_table(table_id)
            log = await store.actions(table_id)
            assert table is not None and table.version == wins == len(log)
            assert [a.version for a in log] == list(range(1, wins + 1))
            assert table.record == record(wins)

    with tempfile.TemporaryDirectory() as data_dir:
        asyncio.run(run(Path(data_dir)))


@pytest.mark.parametrize("steps", range(0, 40, 2))
async def test_a_write_cancelled_anywhere_is_all_or_nothing(
    store: GuildStore, steps: int, caplog: pytest.LogCaptureFixture
) -> None:
    """A click's task cancelled at any point (Discord timeouts, shutdown) leaves either the whole
    action or none of it, and the store goes on working."""
    table_id = await playing_table(store)
    task = asyncio.create_task(commit(store, table_id, 0))
    for _ in range(steps):
        await asyncio.sleep(0)
    task.cancel()
    try:
        committed = await task
    except asyncio.CancelledError:
        committed = None
    table = await store.get_table(table_id)
    log = await store.actions(table_id)
    assert table is not None and table.version == len(log) and table.record == record(len(log))
    if committed is not None:
        assert table.version == int(committed)
    assert await commit(store, table_id, table.version)
    assert [a.version for a in await store.actions(table_id)] == list(range(1, table.version + 2))
    assert "left open" not in caplog.text  # the cancelled write cleaned up after itself


async def test_writes_queued_together_commit_or_fail_each_on_its_own(store: GuildStore) -> None:
    """A burst of writes runs in the guild's thread as one batch; one that fails takes nothing of
    the others with it, and every caller learns its own outcome."""
    tables = [await playing_table(store) for _ in range(6)]

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("UPDATE tables SET version = 99 WHERE id = ?", (tables[0],))  # undone with its savepoint
        raise RuntimeError("this write fails")

    outcomes = await asyncio.gather(*(commit(store, t, 0) for t in tables[1:]), store._db.write(broken),
                                    return_exceptions=True)
    assert outcomes[:5] == [True] * 5 and isinstance(outcomes[5], RuntimeError)
    assert [(await store.get_table(t)).version for t in tables] == [0, 1, 1, 1, 1, 1]  # type: ignore[union-attr]


async def test_one_guilds_slow_work_does_not_hold_up_another_guild(stores: Stores) -> None:
    slow, quick = await stores.guild(GUILD), await stores.guild(GUILD + 1)
    table_id = await playing_table(quick)
    order: list[str] = []
    release = threading.Event()

    def held(conn: sqlite3.Connection) -> None:
        release.wait(10)  # the slow guild's thread is busy until the other guild has been served
        order.append("slow")

    async def served() -> None:
        assert await commit(quick, table_id, 0)
        order.append("quick")
        release.set()

    await asyncio.gather(slow._db.write(held), served())
    assert order == ["quick", "slow"]


async def test_what_the_table_shows_is_noted_without_disturbing_other_extras(store: GuildStore) -> None:
    table_id = await playing_table(store)
    await store.merge_extra(table_id, {"joining": [{"id": CAROL, "name": "Carol"}]})
    await store.record_shown(table_id, 0)
    await store.record_shown(table_id, 3, {"0": [555, 777]})
    row = await store.get_table(table_id)
    assert row is not None and row.shown_version == 3
    assert row.extra == {"joining": [{"id": CAROL, "name": "Carol"}], "dm": {"0": [555, 777]}}
    with pytest.raises(StoreError):
        await store.record_shown(9999, 1)
