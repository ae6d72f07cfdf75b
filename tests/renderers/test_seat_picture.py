"""A player's own copy of the game (issue 26): all a player needs to follow the game, kept through a
click's token. A game draws its own, laid out for Discord's inline box (issue 37); a game without
one shows the table as everyone sees it above the player's hand."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

import renderers
from renderers import SEAT_GAP, hand_image, render_seat, table_image
from renderers.describe import describe_seat
from renderers.kit import theme
from renderers.tools.gallery import SAMPLE_NAMES, play


@pytest.mark.parametrize(("key", "players"), [("dracula", 2), ("busca", 4), ("scarto", 3)])
def test_without_a_copy_of_its_own_the_copy_is_the_table_above_the_hand(
        key: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    module = renderers._module(key)
    if hasattr(module, "copy"):
        monkeypatch.delattr(module, "copy")
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


@pytest.mark.parametrize(("key", "players"), [("dracula", 2), ("busca", 4), ("scarto", 3)])
def test_a_game_with_a_copy_of_its_own_draws_it(key: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    module = renderers._module(key)
    drawn: list[tuple[object, object]] = []

    def own(table: object, hand: object) -> Image.Image:
        drawn.append((table, hand))
        return Image.new("RGB", (600, 382), theme.FELT)  # a palette colour: kept exactly

    monkeypatch.setattr(module, "copy", own, raising=False)
    history = play(key, players, 3)
    state = history[len(history) // 3]
    table, hand = state.view(None), state.view(min(state.to_move))
    picture = Image.open(io.BytesIO(render_seat(key, table, hand))).convert("RGB")
    assert drawn == [(table, hand)]
    assert picture.size == (600, 382) and picture.getpixel((300, 200)) == theme.FELT
