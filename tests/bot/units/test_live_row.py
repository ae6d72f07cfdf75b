"""A table's row in memory may be ahead of the store: a hand message sent in a batch is written with
the batch (``record_shown``). Whatever reads the row back in between (a reminder, a seat change, a
game's end) must keep it, or the player's next turn comes as a second direct message."""

from __future__ import annotations

from dataclasses import replace

from bot.play.tables import Live
from bot.store.rows import Seat, TableRow
from games import registry


def stored_row(**extra: object) -> TableRow:
    return TableRow(id=7, game="fosco", options={}, seed=1, status="playing", host_id=1,
                    seats=(Seat(1, "Alice"), Seat(2, "Bob")), record=None, version=3, origin_channel_id=None,
                    lobby_message_id=None, channel_id=50, is_thread=False, table_message_id=None,
                    turn_started_at=None, reminded=False, created_at=0.0, updated_at=0.0, finished_at=None,
                    delete_channel_at=None, extra=extra)  # type: ignore[arg-type]


def live_with(row: TableRow) -> Live:
    return Live(guild_id=9, row=row, state=registry.get("fosco").new_game(2, seed=1, options={}))


def test_a_hand_message_not_yet_written_survives_reading_the_row_back() -> None:
    live = live_with(stored_row(dm={"0": [60, 600]}))
    live.row = replace(live.row, extra={**live.row.extra, "dm": {"0": [60, 600], "1": [61, 610]}})
    live.take_stored(replace(stored_row(dm={"0": [60, 600]}, awaiting=[1]), reminded=True))
    assert live.row.extra.get("dm") == {"0": [60, 600], "1": [61, 610]}
    assert live.row.reminded and live.row.extra.get("awaiting") == [1]  # the rest as stored


def test_a_newer_message_in_memory_wins_over_the_stored_one() -> None:
    live = live_with(stored_row(dm={"0": [60, 600]}))
    live.row = replace(live.row, extra={"dm": {"0": [60, 650]}})  # a fresh message for a new turn
    live.take_stored(stored_row(dm={"0": [60, 600]}, end_after=None))
    assert live.row.extra.get("dm") == {"0": [60, 650]}


def test_without_hand_messages_the_stored_row_is_taken_as_it_is() -> None:
    live = live_with(stored_row())
    stored = stored_row(joining=[{"id": 3, "name": "Cleo"}])
    live.take_stored(stored)
    assert live.row is stored
