"""Pictures laid out for the box Discord shows inline (issue 37 point 4): the box model, and every
game's copy drawn at the copy's size with each face-up card's index readable where it is shown."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import renderers
import renderers.games.fan_tan.parts
from games.core import registry
from renderers.kit import card_rows, shown
from renderers.kit.regions import REGIONS
from renderers.tools.gallery import rendered_games, stages


def test_a_picture_is_shown_within_the_desktop_box_and_the_phone_width() -> None:
    assert shown.shown_scale(380, 300) == 1.0
    assert shown.shown_scale(500, 300) == pytest.approx(390 / 500)  # a phone shows it across its width
    assert shown.shown_scale(1100, 700) == pytest.approx(390 / 1100)  # the phone is narrower
    assert shown.shown_scale(550, 700) == pytest.approx(0.5)  # a tall picture: the desktop's height
    # Today's table pictures (880 px wide and about as tall) show an 80 px card's index at 8 px.
    assert shown.shown_index(80, (880, 860)) < shown.INDEX_MIN


def test_the_copy_is_the_box_shape_and_its_cards_read_on_a_phone() -> None:
    width, height = shown.COPY_SIZE
    assert width > height and abs(width / height - 550 / 350) < 0.01
    assert shown.shown_index(shown.COPY_CARD_WIDTH, shown.COPY_SIZE) >= shown.INDEX_MIN
    assert shown.shown_index(shown.COPY_CARD_WIDTH - 1, shown.COPY_SIZE) < shown.INDEX_MIN


@contextmanager
def face_up_widths() -> Iterator[list[int]]:
    """Records the width of every face-up card drawn while it is open (the caches of drawn cards
    and parts are emptied first, so every card is drawn again)."""
    widths: list[int] = []
    originals = card_rows.card_image, renderers.games.fan_tan.parts.card_image

    def recording(token: str, family: str = "standard", width: int = 80, *args: Any, **kwargs: Any) -> Any:
        widths.append(width)
        return originals[0](token, family, width, *args, **kwargs)

    REGIONS.clear()
    card_rows._dimmed.cache_clear()
    card_rows.card_image = renderers.games.fan_tan.parts.card_image = recording  # type: ignore[assignment]
    try:
        yield widths
    finally:
        card_rows.card_image, renderers.games.fan_tan.parts.card_image = originals
        REGIONS.clear()
        card_rows._dimmed.cache_clear()


def _copied_games() -> list[tuple[str, int]]:
    return [(key, players) for key, players in rendered_games()
            if not registry.get(key).open_play and callable(getattr(renderers._module(key), "copy", None))]


@pytest.mark.parametrize(("key", "players"), _copied_games())
def test_every_copy_fits_the_box_and_every_card_in_it_reads(key: str, players: int) -> None:
    for stage in stages(key, players, 5):
        table, hand = stage.view(None), stage.view(stage.mover)
        with face_up_widths() as widths:
            picture = renderers.seat_image(key, table, hand)
        assert picture.size == shown.COPY_SIZE, (stage.label, picture.size)
        assert picture.mode == "RGB"
        if widths:
            assert min(widths) >= shown.COPY_CARD_WIDTH, (stage.label, sorted(set(widths)))


def test_every_game_dealing_hands_draws_a_copy_of_its_own() -> None:
    dealt = {key for key, _ in rendered_games() if not registry.get(key).open_play}
    assert dealt and dealt == {key for key, _ in _copied_games()}


@pytest.mark.parametrize(("key", "players"), list(rendered_games()))
def test_every_table_fits_the_box_and_every_card_in_it_reads(key: str, players: int) -> None:
    for stage in stages(key, players, 5):
        with face_up_widths() as widths:
            picture = renderers.table_image(key, stage.view(None))
        assert picture.size == shown.COPY_SIZE, (stage.label, picture.size)
        if widths:
            assert min(widths) >= shown.COPY_CARD_WIDTH, (stage.label, sorted(set(widths)))


def test_the_rating_chart_fits_the_box() -> None:
    from renderers import rating_chart
    from renderers.tools.gallery import sample_chart

    assert rating_chart.chart(sample_chart(30)).size == shown.COPY_SIZE


@pytest.mark.parametrize(("key", "players"), list(rendered_games()))
def test_every_round_end_and_settlement_fits_the_box_and_every_card_in_it_reads(key: str, players: int) -> None:
    over = stages(key, players, 5)[-1].state
    view = over.view(None)
    drawn = [(f"round end {n}", lambda data=data: renderers.round_end_image(key, view, data))
             for n, data in enumerate(over.round_ends[-2:])]
    drawn += [(f"settlement {n}", lambda s=s: renderers.settlement_image(key, view, s.to_json()))
              for n, s in enumerate(over.settlements[-2:])]
    for label, draw in drawn:
        with face_up_widths() as widths:
            picture = draw()
        assert picture.size == shown.COPY_SIZE, (label, picture.size)
        if widths:
            assert min(widths) >= shown.COPY_CARD_WIDTH, (label, sorted(set(widths)))
