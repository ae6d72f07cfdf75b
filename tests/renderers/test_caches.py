"""The render caches change nothing a picture shows: cached text is drawn pixel for pixel as
Pillow draws it, every key part matters, and views never leak into each other through them."""

from __future__ import annotations

import inspect
import itertools
from io import BytesIO

import pytest
from PIL import Image, ImageChops, ImageDraw

import renderers
from renderers import render_hand, render_table
from renderers.kit import card_rows, cards, fonts, layout, regions, theme
from renderers.tools.gallery import stages

from .helpers import png_size

TEXTS = ("Ann", "Bartholomew 12", "GAME OVER", "x5", "Q\u2660 \u2192 14", "so far")


def _text(cached: bool, xy: tuple[float, float], text: str, size: int, fill: fonts.Colour, anchor: fonts.Anchor,
          bold: bool, stroke: tuple[int, fonts.Colour] | None = None, spacing: float = 0.0) -> bytes:
    img = Image.new("RGB", (420, 90), theme.PANEL)
    fonts.draw_text(ImageDraw.Draw(img, "RGBA"), xy, text, size, fill, anchor=anchor, bold=bold, stroke=stroke,
                    spacing=spacing, cached=cached)
    return img.tobytes()


ANCHORS = ("la", "mm", "rm", "ms")


@pytest.mark.parametrize(("text", "anchor", "bold"), list(itertools.product(TEXTS, ANCHORS, (False, True))))
def test_cached_text_is_drawn_as_pillow_draws_it(text: str, anchor: fonts.Anchor, bold: bool) -> None:
    for size, fill, (fx, fy) in itertools.product((13, 19, 24, 30), (theme.TEXT, (255, 209, 64, 150)),
                                                  ((0, 0), (0.5, 0.25), (0.75, 0.5))):
        xy = (200 + fx, 45 + fy)
        assert _text(True, xy, text, size, fill, anchor, bold) == _text(False, xy, text, size, fill, anchor, bold)
        # A second draw comes from the cache and is still the same.
        assert _text(True, xy, text, size, fill, anchor, bold) == _text(False, xy, text, size, fill, anchor, bold)


def test_cached_outlined_and_letter_spaced_text_is_drawn_as_pillow_draws_it() -> None:
    outline = (3, (0, 0, 0, 200))
    assert _text(True, (30, 45), "10", 40, theme.TEXT, "lm", False, outline) == \
        _text(False, (30, 45), "10", 40, theme.TEXT, "lm", False, outline)
    assert _text(True, (200, 45.5), "JOKER", 30, theme.BAD, "mm", True, spacing=-2) == \
        _text(False, (200, 45.5), "JOKER", 30, theme.BAD, "mm", True, spacing=-2)


def test_text_off_the_quarter_pixel_grid_moves_at_most_one_pixel() -> None:
    a = Image.frombytes("RGB", (420, 90), _text(True, (200.37, 45.11), "Bartholomew", 24, theme.TEXT, "mm", True))
    b = Image.frombytes("RGB", (420, 90), _text(False, (200.37, 45.11), "Bartholomew", 24, theme.TEXT, "mm", True))
    box_a, box_b = a.getbbox(), b.getbbox()
    assert box_a is not None and box_b is not None
    assert all(abs(p - q) <= 1 for p, q in zip(box_a, box_b, strict=True))


def test_every_part_of_a_cache_key_changes_the_picture() -> None:
    base = _text(True, (200, 45), "Ann", 24, theme.TEXT, "mm", False)
    others = [
        _text(True, (200, 45), "Anne", 24, theme.TEXT, "mm", False),  # text
        _text(True, (200, 45), "Ann", 25, theme.TEXT, "mm", False),  # size
        _text(True, (200, 45), "Ann", 24, theme.MUTED, "mm", False),  # colour
        _text(True, (200, 45), "Ann", 24, theme.TEXT, "la", False),  # anchor
        _text(True, (200, 45), "Ann", 24, theme.TEXT, "mm", True),  # bold
        _text(True, (200.5, 45), "Ann", 24, theme.TEXT, "mm", False),  # half a pixel along
    ]
    assert all(other != base for other in others)
    assert len(set(others)) == len(others)


def test_widths_are_cached_and_match_the_font() -> None:
    fonts.text_width.cache_clear()
    width = fonts.text_width("Cyrille", 24, True)
    assert width == fonts.font(24).getlength("Cyrille") + 2 * fonts.bold_stroke(24)
    assert fonts.text_width("Cyrille", 24, True) == width and fonts.text_width.cache_info().hits == 1
    assert fonts.text_width("Cyrille", 24) != width and fonts.text_width("Cyrille", 25, True) != width


def test_opaque_panels_are_drawn_as_the_blending_draw_draws_them() -> None:
    for box, fill, outline in [((10.3, 10.7, 300.2, 120.9), theme.PANEL, theme.ACCENT),
                               ((5, 5, 80, 40), theme.FELT, None), ((20.5, 30, 200, 31.5), theme.GOOD, theme.TEXT)]:
        img, draw = layout.canvas(320, 140)
        layout.panel(draw, box, fill, outline, line=3, radius=12)
        reference, blending = layout.canvas(320, 140)
        blending.rounded_rectangle(box, radius=12, fill=fill, outline=outline, width=3 if outline else 0)
        assert img.tobytes() == reference.tobytes()


@pytest.mark.parametrize(("key", "players"), [("fosco", 2), ("fosco", 4), ("dracula", 2), ("dracula", 4),
                                             ("fscking-ace", 6)])
def test_views_rendered_alternately_give_the_bytes_they_give_alone(key: str, players: int) -> None:
    views = [stage.view(seat) for stage in stages(key, players) for seat in (stage.mover, None)]

    def render_all() -> list[bytes]:
        return [render_table(key, v) for v in views] + [render_hand(key, v) for v in views]

    alone = []
    for view in views:
        _clear_caches()
        alone.append(render_table(key, view))
    for view in views:
        _clear_caches()
        alone.append(render_hand(key, view))
    for _ in range(2):
        assert render_all() == alone


def test_a_line_that_fits_is_wrapped_as_word_by_word_measuring_wraps_it() -> None:
    for text in ("Ann takes the most card points: 58", "  two  spaces\n\nand a  blank line ", "A♠ led, 10♥ wins"):
        for size, width in itertools.product((16, 24, 36), (60.0, 200.0, 820.0)):
            lines: list[str] = []
            for paragraph in text.split("\n"):
                line = ""
                for word in paragraph.split():
                    trial = f"{line} {word}" if line else word
                    if line and layout.rich_width(trial, size, True) > width:
                        lines.append(line)
                        line = word
                    else:
                        line = trial
                lines.append(line)
            assert layout.wrap(text, size, width, bold=True) == [layout.ellipsize(x, size, width, True) for x in lines]


def test_a_view_drawn_with_cold_and_warm_caches_is_the_same_picture() -> None:
    stage = stages("dracula", 2)[2]
    _clear_caches()
    cold = render_table("dracula", stage.view(stage.mover))
    renderers.warm()
    warm = render_table("dracula", stage.view(stage.mover))
    assert cold == warm and png_size(cold) == png_size(warm)


def test_caches_stay_bounded() -> None:
    for cached in (fonts.text_mask, fonts.text_width, fonts.safe_text, layout.rich_width, layout.rich_parts):
        assert cached.cache_info().maxsize is not None
    assert fonts.text_mask.cache_info().maxsize == fonts.TEXT_MASKS
    for sprites in (cards.card_image, card_rows._dimmed):
        assert sprites.cache_info().maxsize == cards.CARD_SPRITES <= 1024


def _clear_caches() -> None:
    for cached in (fonts.text_mask, fonts.text_width, fonts.safe_text, layout.rich_width, layout.rich_parts):
        cached.cache_clear()
    regions.REGIONS.clear()


def test_the_palette_keeps_what_the_picture_shows() -> None:
    stage = stages("fscking-ace", 3)[2]
    img = renderers.table_image("fscking-ace", stage.view(stage.mover))
    encoded = Image.open(BytesIO(render_table("fscking-ace", stage.view(stage.mover)))).convert("RGB")
    diff = ImageChops.difference(img, encoded)
    assert max(high for _, high in diff.getextrema()) <= 64, "no pixel is mapped to a far colour"
    assert sum(sum(c) for c in [diff.resize((1, 1), Image.Resampling.BOX).getpixel((0, 0))]) / 3 <= 2


def _in_place(img: Image.Image, box: regions.Box, key: object, paint: regions.Painter,
              background: theme.RGB = theme.BACKGROUND) -> None:
    paint(img, ImageDraw.Draw(img, "RGBA"), box)


KEPT_REGIONS = [("fscking-ace", (3, 20)), ("fosco", (2, 4)), ("dracula", (2, 4))]


@pytest.mark.parametrize(("key", "counts"), KEPT_REGIONS)
def test_kept_regions_are_the_regions_drawn_in_place(monkeypatch: pytest.MonkeyPatch, key: str,
                                                     counts: tuple[int, ...]) -> None:
    """Parts pasted from the region cache (Fscking Ace's cells; Fosco's frames, medallion and
    scoreboard; Dracula's side panels and last coffin) are byte for byte what drawing them in
    place gives, on every table of the gallery's stages, for the mover and a spectator, with
    the cache cold (first pass) and warm (second), and in reverse order."""
    module = inspect.getmodule(renderers._drawer(renderers._module(key), "table"))  # where the table keeps its parts
    monkeypatch.setattr(regions, "REGIONS", regions.RegionCache(regions.REGION_BUDGET))
    views = [stage.view(seat) for players in counts for stage in stages(key, players)
             for seat in (stage.mover, None)]
    kept = [[render_table(key, v) for v in views] for _ in range(2)]
    backwards = [render_table(key, v) for v in reversed(views)][::-1]
    monkeypatch.setattr(module, "region", _in_place)
    assert kept[0] == kept[1] == backwards == [render_table(key, v) for v in views]


def test_a_region_key_change_redraws_and_the_budget_holds() -> None:
    cache = regions.RegionCache(budget=3 * 40 * 40 * 3)
    saved = regions.REGIONS
    regions.REGIONS = cache
    try:
        def paint(colour: theme.RGB) -> regions.Painter:
            return lambda img, draw, box: layout.panel(draw, box, colour, radius=6)

        img = Image.new("RGB", (100, 100), theme.BACKGROUND)
        regions.region(img, (10, 10, 40, 40), "a", paint(theme.GOOD))
        regions.region(img, (50, 50, 80, 80), "a", paint(theme.BAD))  # same key and size: kept pixels
        assert img.getpixel((65, 65)) == theme.GOOD
        regions.region(img, (50, 50, 80, 80), "b", paint(theme.BAD))
        assert img.getpixel((65, 65)) == theme.BAD
        for key in "cdefg":
            regions.region(img, (10, 10, 40, 40), key, paint(theme.TEXT))
        assert cache.used <= cache.budget and len(cache.kept) == cache.budget // (31 * 31 * 3)
        assert [key for key, _, _ in cache.kept] == list("defg"), "the least recently used went first"
    finally:
        regions.REGIONS = saved
