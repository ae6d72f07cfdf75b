"""The one path every action takes (lock, version check, apply, commit, hand to the display),
without Discord: a real per-guild store and a display that records what it was asked to show."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
from pathlib import Path

import pytest

from bot.play.refusals import Refusal
from bot.play.tables import STALE, Live, Tables
from bot.store import Stores
from bot.store.rows import Seat
from games.core import registry
from games.core.base import State

GUILD = 1234


class Recorder:
    def __init__(self, stores: Stores) -> None:
        self.stores = stores
        self.shown: list[tuple[int, int]] = []  # (table version shown, version stored at that moment)

    def __call__(self, live: Live, before: State, after: State) -> None:
        # Read what another connection sees at this moment: only what was committed.
        with contextlib.closing(sqlite3.connect(self.stores.path_for(live.guild_id))) as conn:
            (version,) = conn.execute("SELECT version FROM tables WHERE id = ?", (live.table_id,)).fetchone()
        self.shown.append((len(after.history), version))


async def playing_table(stores: Stores, game: str = "fosco", players: int = 2) -> tuple[Tables, Recorder, Live]:
    store = await stores.guild(GUILD)
    seats = [Seat(100 + i, f"P{i}") for i in range(players)]
    row = await store.create_table(game, {}, 42, 100, seats)
    state = registry.get(game).new_game(players, seed=42)
    assert await store.start_table(row.id, state.to_record(), seats)
    recorder = Recorder(stores)
    tables = Tables(stores, recorder, lambda live: None)
    live = await tables.get(GUILD, row.id)
    assert live is not None
    return tables, recorder, live


def mover(live: Live) -> int:
    return min(live.state.to_move)


async def test_an_action_is_committed_before_it_is_shown(tmp_path: Path) -> None:
    async with Stores(tmp_path) as stores:
        tables, recorder, live = await playing_table(stores)
        seat = mover(live)
        token = live.state.legal_actions(seat)[0].token
        await tables.act(live, 0, seat, token, 100 + seat, "click")
        assert recorder.shown == [(1, 1)]
        actions = await (await stores.guild(GUILD)).actions(live.table_id)
        assert [(a.version, a.seat, a.token, a.source) for a in actions] == [(1, seat, token, "click")]


async def test_a_stale_or_repeated_click_changes_nothing(tmp_path: Path) -> None:
    async with Stores(tmp_path) as stores:
        tables, recorder, live = await playing_table(stores)
        seat = mover(live)
        token = live.state.legal_actions(seat)[0].token
        await tables.act(live, 0, seat, token, None, "click")
        with pytest.raises(Refusal) as err:
            await tables.act(live, 0, seat, token, None, "click")  # the same click again
        assert str(err.value) == STALE
        assert live.version == 1 and len(recorder.shown) == 1
        assert len(await (await stores.guild(GUILD)).actions(live.table_id)) == 1


async def test_a_double_click_arriving_together_is_applied_once(tmp_path: Path) -> None:
    async with Stores(tmp_path) as stores:
        tables, recorder, live = await playing_table(stores)
        seat = mover(live)
        token = live.state.legal_actions(seat)[0].token
        results = await asyncio.gather(*(tables.act(live, 0, seat, token, None, "click") for _ in range(2)),
                                       return_exceptions=True)
        assert sum(isinstance(r, Refusal) for r in results) == 1
        assert live.version == 1 and recorder.shown == [(1, 1)]


async def test_an_illegal_move_is_explained_and_changes_nothing(tmp_path: Path) -> None:
    async with Stores(tmp_path) as stores:
        tables, recorder, live = await playing_table(stores)
        seat = mover(live)
        other = 1 - seat
        with pytest.raises(Refusal, match="not your turn"):
            await tables.act(live, 0, other, live.state.legal_actions(seat)[0].token, None, "click")
        with pytest.raises(Refusal, match="do not hold"):
            held = set(live.state.view(None)["hands"][other])
            await tables.act(live, 0, seat, f"play:{sorted(held)[0]}", None, "click")
        assert live.version == 0 and recorder.shown == []


async def test_a_whole_game_records_its_result_and_survives_a_restart(tmp_path: Path) -> None:
    rng = random.Random(3)
    async with Stores(tmp_path) as stores:
        tables, _, live = await playing_table(stores, "dracula")
        table_id = live.table_id
        for _ in range(20):  # part of the game, then "restart"
            seat = mover(live)
            await tables.act(live, live.version, seat, rng.choice(live.state.legal_actions(seat)).token, None, "click")
        halfway = live.state
    async with Stores(tmp_path) as stores:  # a new process: nothing in memory
        tables = Tables(stores, Recorder(stores), lambda live: None)
        restored = await tables.get(GUILD, table_id)
        assert restored is not None and restored.state == halfway
        while not restored.state.is_over:
            seat = mover(restored)
            token = registry.default_action(restored.state, seat).token
            await tables.act(restored, restored.version, seat, token, None, "computer")
        store = await stores.guild(GUILD)
        row = await store.get_table(table_id)
        assert row is not None and row.status == "finished"
        outcome = restored.state.outcome
        assert outcome is not None
        board = await store.leaderboard("dracula")
        assert {r.entity for r in board} == {100, 101} and all(r.games == 1 for r in board)
        assert sum(r.wins for r in board) == len(outcome.winners)
        with pytest.raises(Refusal, match="over"):
            await tables.act(restored, restored.version, 0, "way:rows", None, "click")


async def test_resigning_hands_the_seat_to_the_computer_and_records_a_loss(tmp_path: Path) -> None:
    async with Stores(tmp_path) as stores:
        tables, _, live = await playing_table(stores)
        await tables.resign(live, 0, 100)
        assert live.row.seats[0].ai and live.seat_of(100) is None
        while not live.state.is_over:
            seat = mover(live)
            token = registry.default_action(live.state, seat).token
            await tables.act(live, live.version, seat, token, None, "computer")
        store = await stores.guild(GUILD)
        stats = await store.member_stats(100)
        assert stats[0].games == 1 and stats[0].wins == 0
        (rated,) = await store.member_ratings(100)  # rated as a loss, whatever the computer made of the seat
        assert rated.games == 1 and rated.wins == 0 and rated.mu < 25


async def test_the_row_kept_in_memory_matches_the_store_after_each_move(tmp_path: Path) -> None:
    async with Stores(tmp_path) as stores:
        tables, _, live = await playing_table(stores)
        store = await stores.guild(GUILD)
        for _ in range(5):
            seat = mover(live)
            await tables.act(live, live.version, seat, live.state.legal_actions(seat)[0].token, None, "click")
            assert live.row == await store.get_table(live.table_id)
