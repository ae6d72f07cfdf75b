"""A player's own copy of the game (issue 26): the table as everyone sees it above the player's hand,
so the copy kept through a click's token is all a player needs to follow the game."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from renderers import SEAT_GAP, hand_image, render_seat, table_image
from renderers.describe import describe_seat
from renderers.tools.gallery import SAMPLE_NAMES, play


@pytest.mark.parametrize(("key", "players"), [("dracula", 2), ("busca", 4), ("scarto", 3)])
def test_the_copy_is_the_table_above_the_hand(key: str, players: int) -> None:
    history = play(key, players, 3)
    state = history[len(history) // 3]
    seat = min(state.to_move)
    names = {"names": list(SAMPLE_NAMES[:players])}
    table, hand = state.view(None) | names, state.view(seat) | names
    picture = Image.open(io.BytesIO(render_seat(key, table, hand))).convert("RGB")
    above, below = table_image(key, table), hand_image(key, hand)
    assert picture.width == max(above.width, below.width)
    assert picture.height == above.height + SEAT_GAP + below.height
    # Each part is drawn whole, in its place (the PNG's palette moves a colour a little).
    left = (picture.width - above.width) // 2
    top = picture.crop((left, 0, left + above.width, above.height))
    assert max(ImageStat.Stat(ImageChops.difference(top, above)).mean) < 3
    left, y = (picture.width - below.width) // 2, above.height + SEAT_GAP
    bottom = picture.crop((left, y, left + below.width, y + below.height))
    assert max(ImageStat.Stat(ImageChops.difference(bottom, below)).mean) < 3
    said = describe_seat(key, table, hand)
    assert said.startswith(f"{names['names'][seat]}'s hand") and len(said) <= 1024
