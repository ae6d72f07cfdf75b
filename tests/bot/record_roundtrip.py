"""Issue 49: every ended game the end-to-end tests leave in their guild stores makes a record that
round-trips. Each table ended with a record (finished, or ended early by /table end) is exported
with ``record_file.build`` from its stored row and action log, written with ``dumps``, read back
with ``loads`` (which replays every move through the rules), replayed with ``moments_of`` and told
with ``story``; it must come to the same state as the store's record replayed by the rules, the same
outcome, and the same scores and wins as the results rows the bot wrote.

Run after a test, on its data folders (``tests/bot/e2e/conftest.py``); the stores are opened on
a thread of their own with their own event loop, whatever the test's loop is doing."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot.show.replays import record_file
from bot.store import Stores
from bot.store.guild import GuildStore
from bot.store.rows import TableRow
from games import registry

# The name under which a test's report carries how many tables were checked after it (tests/conftest.py).
CHECKED = "records_round_tripped"


def data_dirs(folder: Path) -> list[Path]:
    """Every Parlour data folder under ``folder`` (a folder with guild databases in ``guilds/``):
    the bot's, and any backup or restore a test made beside it."""
    return sorted({path.parent.parent for path in folder.rglob("guilds/*.sqlite3")})


def check_folder(folder: Path) -> int:
    """Check every ended table in every data folder under ``folder``; the number of tables checked."""
    found = data_dirs(folder)
    if not found:
        return 0
    with ThreadPoolExecutor(1) as alone:
        return alone.submit(asyncio.run, _check_dirs(found)).result()


async def _check_dirs(folders: Iterable[Path]) -> int:
    checked = 0
    for folder in folders:
        async with Stores(folder) as stores:
            for guild_id in stores.known_guilds():
                store = await stores.guild(guild_id, create=False)
                unit = str(await store.get_setting("stakes_unit", "dollars"))
                for row in await store.tables_with_status("finished", "cancelled"):
                    if row.record is not None:  # a lobby cancelled before its game began has none
                        await check_table(store, row, unit)
                        checked += 1
    return checked


async def check_table(store: GuildStore, row: TableRow, unit: str) -> None:
    where = f"{store.path.name} table {row.id} ({row.game})"
    assert row.record is not None
    doc = record_file.build(row, await store.actions(row.id), unit)
    back = record_file.loads(record_file.dumps(doc))
    assert back == doc, f"{where}: the record read back is not the record written"
    moments = record_file.moments_of(back)
    stored = registry.get(row.game).from_record(row.record)
    assert moments.final == stored, f"{where}: the record replays to another game than the store's"
    assert len(moments.moves) == row.version
    assert record_file.story(back), where
    outcome = stored.outcome
    if row.status == "finished":
        assert outcome is not None and back["status"] == "finished", where
    else:
        assert back["status"] == "ended", where
    result = back["result"]
    if outcome is None:
        assert result is None, where
        return
    assert result is not None, where
    assert (result["scores"], result["winners"], result["sides"]) == (
        list(outcome.scores), sorted(outcome.winners), [list(s) for s in outcome.sides]), where
    rows = _results(store.path, row.id)
    if row.status == "finished" and not back["practice"]:
        assert sorted(rows) == list(range(len(back["seats"]))), f"{where}: a result row for every seat"
    for seat, (score, won, drew) in rows.items():
        gave_up = back["seats"][seat]["resigned"]
        assert score == result["scores"][seat], f"{where}: seat {seat}'s stored score"
        assert won == (seat in result["winners"] and not gave_up), f"{where}: seat {seat}'s stored win"
        assert drew == (not result["winners"] and not gave_up), f"{where}: seat {seat}'s stored draw"


def _results(path: Path, table_id: int) -> dict[int, tuple[int, bool, bool]]:
    """The results rows the bot wrote for a table (the store reads them only by member)."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        found = conn.execute("SELECT seat, score, won, drew FROM results WHERE table_id = ?", (table_id,)).fetchall()
    conn.close()
    return {int(seat): (int(score), bool(won), bool(drew)) for seat, score, won, drew in found}
