"""What the display keeps of a table (bot.show.shown_table, issue 48): one object per live table,
held by the Publisher under one key, kept while the table is played (the display going idle, the
table loaded again), dropped whole when its game ends or it is stopped; and a seat's copy kept
through a click's token, which lives in the table's row, still kept after a restart."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

from bot.play.tables import Tables
from bot.show.publisher import Publisher
from bot.show.shown_table import COPIES_KEPT, ShownSeat, ShownTable
from bot.show.token_copies import live_copy
from bot.store import Stores

from .test_action_path import GUILD, playing_table


def picture(data: bytes, alt: str = "a table") -> discord.File:
    return discord.File(io.BytesIO(data), filename="hand.png", description=alt)


def host(stores: Stores | None = None) -> Any:
    client = SimpleNamespace(is_closed=lambda: False)
    return SimpleNamespace(workers=SimpleNamespace(drawing_behind=False), stores=stores, client=client,
                           stopping=False)


def kept_of(shown: ShownTable) -> None:
    """Something of every kind the display keeps of a table, its seats' too."""
    shown.greeting, shown.version, shown.drawn_at = "Welcome", 4, 1.0
    shown.shown_picture(900, picture(b"table"))
    for seat in (0, 1):
        mine = shown.seat(seat)
        mine.drawn(1000 + seat, picture(b"hand"), (4, ("pick", ("play:3S",))))
        mine.copy(1000 + seat).note = "You already made that move."
        mine.token_drew, mine.answering = (1000 + seat, 4), True


async def test_a_games_end_is_one_removal_and_nothing_of_the_table_is_left() -> None:
    publisher = Publisher(host())
    live: Any = SimpleNamespace(guild_id=GUILD, table_id=3, state=SimpleNamespace(is_over=False))
    shown = publisher.shown(live)
    kept_of(shown)
    publisher.wake(live, shown)  # nothing to show: the display goes idle while the game is played
    assert shown.display.task is not None
    await shown.display.task
    assert publisher.tables == {(GUILD, 3): shown}, "kept while the table is played"
    assert publisher.shown(live) is shown and shown.seat(1).note_on(1001)
    live.state.is_over = True  # the end shown: the display's last batch is done
    publisher.wake(live, shown)
    await shown.display.task
    assert publisher.tables == {}, "nothing of the table is left"
    assert publisher.shown(live) is not shown and not publisher.shown(live).seats


async def test_the_same_table_loaded_again_finds_what_its_display_keeps(tmp_path: Path) -> None:
    async with Stores(tmp_path) as stores:
        _, _, live = await playing_table(stores)
        publisher = Publisher(host(stores))
        shown = publisher.shown(live)
        kept_of(shown)
        again = await Tables(stores, lambda *moved: None, lambda live: None).get(GUILD, live.table_id)
        assert again is not None and again is not live
        assert publisher.shown(again) is shown, "keyed by the table, not by the object that holds it"


async def test_a_table_stopped_is_dropped_whole(tmp_path: Path) -> None:
    async with Stores(tmp_path) as stores:
        _, _, live = await playing_table(stores)
        publisher = Publisher(host(stores))
        kept_of(publisher.shown(live))
        await publisher.ended(live, "Alice")
        assert publisher.tables == {}


async def test_a_seats_token_copy_is_kept_across_a_restart(tmp_path: Path) -> None:
    async with Stores(tmp_path) as stores:
        _, _, live = await playing_table(stores)
        publisher = Publisher(host(stores))
        await publisher.token_copies.track(live, publisher.shown(live), 1, 77, "token", 5555)
        table_id = live.table_id
    async with Stores(tmp_path) as stores:  # a new process: its display knows nothing yet
        restored = await Tables(stores, lambda *moved: None, lambda live: None).get(GUILD, table_id)
        assert restored is not None
        publisher = Publisher(host(stores))
        assert publisher.tables == {}
        assert live_copy(restored, 1) and not live_copy(restored, 0), "read from the table's row"
        publisher.watch_tokens(restored)  # as Parlour.restore does
        watcher = publisher.shown(restored).tokens_watch
        assert watcher is not None and not watcher.done(), "its token retired before it expires"
        publisher.stop()
        await asyncio.gather(watcher, return_exceptions=True)
        assert watcher.cancelled()


def test_a_seat_remembers_its_newest_copies_only() -> None:
    mine = ShownSeat()
    for message in range(COPIES_KEPT + 3):
        mine.drawn(message, picture(b"hand"), (message, ()))
    assert list(mine.copies) == list(range(3, COPIES_KEPT + 3))
    mine.copy(3)  # noted again: the newest now
    mine.drawn(99, picture(b"hand"), None)
    assert 3 in mine.copies and 4 not in mine.copies
    assert mine.controls_of(99) is None, "a copy that kept its controls says nothing of them"


def test_an_unchanged_picture_is_known_and_a_changed_one_is_not() -> None:
    mine, shown = ShownSeat(), ShownTable()
    mine.drawn(7, picture(b"hand"), None)
    assert not mine.new_picture(7, picture(b"hand"))
    assert mine.new_picture(7, picture(b"hand", alt="other words")), "the alt text counts too"
    assert mine.new_picture(8, picture(b"hand")), "another message"
    shown.shown_picture(5, picture(b"table"))
    assert not shown.new_picture(5, picture(b"table")) and shown.new_picture(6, picture(b"table"))


def test_a_token_copy_shows_a_version_or_a_newer_one() -> None:
    mine = ShownSeat(token_drew=(40, 12))
    assert mine.token_shows(40, 12) and mine.token_shows(40, 11)
    assert not mine.token_shows(40, 13) and not mine.token_shows(41, 12)
