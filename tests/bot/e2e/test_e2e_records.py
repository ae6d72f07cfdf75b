"""Issue 49: the records of games played through the local Discord. A game played to its end and a
table ended early each make a record from the store (``record_file.build`` of its row and action
log) that names its seats in words, holds no Discord id, and round-trips; and the check every
end-to-end test runs at its end (``conftest.py``) finds both."""

from __future__ import annotations

from pathlib import Path

from bot.show.replays import record_file
from localcord import LocalDiscord

from ..parlour_harness import channel_named, live_table, open_table, play_to_end, running, take_turn, wait_past
from ..record_roundtrip import check_folder
from .test_e2e import standin, world

__all__ = ["standin"]  # the fixture, shared with test_e2e


async def test_a_finished_game_and_a_table_ended_early_make_records_that_round_trip(
        standin: LocalDiscord, tmp_path: Path) -> None:
    guild, alice, bob, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby, "fosco", {"deals": 1}, computers=1)
        first = await live_table(standin, bot)
        await play_to_end(standin, bot, first, {0: alice})
        await open_table(standin, bob, lobby, "fosco", {"deals": 1}, computers=1)
        second = await live_table(standin, bot)
        while second.version < 3:
            if 0 in second.state.to_move:
                await take_turn(standin, bot, second, bob)
            else:
                await wait_past(standin, second, second.version, "the computer's move")
        table = channel_named(guild, f"fosco-{second.table_id}")
        assert table is not None
        await standin.slash(bob, table, "table", "end")
        store = await bot.stores.guild(guild.id)
        await standin.wait_for(lambda: second.row.status == "cancelled", 5, "the table to end")
        docs = []
        for live in (first, second):
            row = await store.get_table(live.table_id)
            assert row is not None
            docs.append(record_file.build(row, await store.actions(live.table_id), "dollars"))

    finished, ended = docs
    assert (finished["status"], ended["status"], ended["result"]) == ("finished", "ended", None)
    assert finished["result"] is not None and finished["result"]["headline"]
    assert [s["name"] for s in finished["seats"]] == ["alice", "Computer 1"]
    assert {m["by"] for m in finished["moves"]} == {"alice", "Computer 1"}
    assert {m["by"] for m in ended["moves"] if m["seat"] == 0} == {"bob"} and len(ended["moves"]) >= 3
    for doc in docs:
        data = record_file.dumps(doc)
        assert str(alice.id).encode() not in data and str(bob.id).encode() not in data
        assert record_file.loads(data) == doc
    assert check_folder(tmp_path) == 2  # what the check after every end-to-end test finds here
