"""The replay viewer's pictures (bot/show/replays/replays.py): a moment drawn once is kept, the
moment after the one shown is drawn ahead (▶ then waits for no worker), never while pictures wait
for a drawing worker or past the game's end, and a drawing that failed is drawn again."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from bot.show.replays.moments import Moments
from bot.show.replays.replays import Replays
from bot.show.replays.viewer import Moment
from games.core import registry

from .test_moments import played

GUILD = 5


class Drawer:
    """Workers that note each picture asked (its moment) and may be behind or fail."""

    def __init__(self) -> None:
        self.drawn: list[int] = []
        self.drawing_behind = False
        self.failures = 0

    async def seat(self, key: str, table: dict[str, Any], hand: dict[str, Any]) -> bytes:
        await asyncio.sleep(0)
        if self.failures:
            self.failures -= 1
            raise RuntimeError("a worker died")
        self.drawn.append(table["version"])
        return f"png {table['version']}".encode()

    table = None  # Fosco deals hands: every moment is drawn with one


def viewer() -> tuple[Replays, Drawer, Moments, Any]:
    final = played("fosco", 3)
    moments = Moments(registry.get("fosco"), final.to_record(), [f"N{i}" for i in range(final.players)])
    drawer = Drawer()
    replays = Replays(SimpleNamespace(workers=drawer, stores=None))  # type: ignore[arg-type]
    return replays, drawer, moments, SimpleNamespace(id=1, version=moments.last, extra={})


async def test_the_next_moment_is_drawn_ahead_and_kept() -> None:
    replays, drawer, moments, row = viewer()
    shown = await replays.picture(GUILD, moments, row, Moment(3))
    assert shown.filename == "replay-1-3.png" and drawer.drawn == [3]
    replays.draw_ahead(GUILD, moments, row, Moment(3))
    pressed = await replays.picture(GUILD, moments, row, Moment(4))  # ▶: the drawing ahead, not a second one
    assert pressed.fp.read() == b"png 4" and drawer.drawn == [3, 4]
    await replays.picture(GUILD, moments, row, Moment(3))  # ◀: kept
    assert drawer.drawn == [3, 4]


async def test_nothing_is_drawn_ahead_while_pictures_wait_or_at_the_end() -> None:
    replays, drawer, moments, row = viewer()
    drawer.drawing_behind = True
    replays.draw_ahead(GUILD, moments, row, Moment(3))
    drawer.drawing_behind = False
    replays.draw_ahead(GUILD, moments, row, Moment(moments.last))
    await asyncio.sleep(0.01)
    assert drawer.drawn == [] and not replays.drawn


async def test_a_failed_drawing_is_drawn_again() -> None:
    replays, drawer, moments, row = viewer()
    drawer.failures = 1
    with pytest.raises(RuntimeError):
        await replays.picture(GUILD, moments, row, Moment(2))
    again = await replays.picture(GUILD, moments, row, Moment(2))
    assert again.fp.read() == b"png 2" and drawer.drawn == [2]
