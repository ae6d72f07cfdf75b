"""Card sprites: every card of every pack renders, distinct cards look distinct, the cache
shares sprites, and no text is ever drawn in glyphs the built-in font lacks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw

import renderers.kit.fonts as fonts
from games.core import decks
from games.core.cards import TRUMP_NAMES
from renderers.kit import cards, pips, theme
from renderers.kit.cards import card_back, card_image, card_size
from renderers.kit.fonts import draw_text, has_glyph, safe_text

# (pack name, tokens, family, variant)
PACKS: list[tuple[str, list[str], str, str]] = [
    ("standard+4 jokers", decks.standard(4), "standard", "standard"),
    ("fscking ace", decks.fscking_ace(), "standard", "fscking-ace"),
    ("dracula", decks.standard(2), "standard", "dracula"),
    ("busca", decks.busca(), "standard", "standard"),
    ("tarot+good and evil", decks.tarot(True), "tarot", "standard"),
]
WIDTHS = (40, 60, 80, 110)


def all_cards() -> Iterator[tuple[str, str, str]]:
    for _, tokens, family, variant in PACKS:
        for tok in dict.fromkeys(tokens):
            yield tok, family, variant


def is_not_blank(img: Image.Image) -> bool:
    """Both light and dark pixels among the opaque ones."""
    grey = img.convert("L")
    alpha = img.getchannel("A")
    opaque = Image.eval(alpha, lambda a: 255 if a > 250 else 0)
    lows = Image.eval(grey, lambda v: 255 if v < 120 else 0)
    highs = Image.eval(grey, lambda v: 255 if v > 200 else 0)
    return bool(Image.composite(lows, Image.new("L", grey.size), opaque).getbbox()) and bool(
        Image.composite(highs, Image.new("L", grey.size), opaque).getbbox()
    )


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(("name", "tokens", "family", "variant"), PACKS, ids=[p[0] for p in PACKS])
def test_every_card_of_every_pack_renders(name: str, tokens: list[str], family: str, variant: str,
                                           width: int) -> None:
    for tok in tokens:
        img = card_image(tok, family, width, variant)
        assert img.mode == "RGBA", tok
        assert img.size == card_size(width) == (width, theme.card_height(width)), tok
        assert is_not_blank(img), f"{tok} ({family}, {variant}) at {width} px looks blank"
        # rounded corners are transparent, the middle is opaque
        assert img.getpixel((0, 0))[3] == 0  # type: ignore[index]
        assert img.getpixel((width // 2, img.height // 2))[3] == 255  # type: ignore[index]


@pytest.mark.parametrize("width", (60, 110))
def test_standard_cards_and_jokers_are_pairwise_distinct(width: int) -> None:
    tokens = decks.standard(4)
    assert len(tokens) == 56
    images = {card_image(tok, "standard", width).tobytes() for tok in tokens}
    assert len(images) == 56


@pytest.mark.parametrize("width", (60, 110))
def test_tarot_cards_are_pairwise_distinct(width: int) -> None:
    tokens = decks.tarot(True)
    assert len(tokens) == 80
    images = {card_image(tok, "tarot", width).tobytes() for tok in tokens}
    assert len(images) == 80


def test_variant_jokers_differ() -> None:
    five = card_image("X1", "standard", 80, "fscking-ace")
    ten = card_image("X2", "standard", 80, "fscking-ace")
    generic = card_image("X1", "standard", 80, "standard")
    vampire = card_image("X1", "standard", 80, "dracula")
    assert five.tobytes() != ten.tobytes()
    assert vampire.tobytes() != generic.tobytes()
    assert five.tobytes() != generic.tobytes()
    # the variant only changes jokers
    assert card_image("QS", "standard", 80, "dracula").tobytes() == card_image("QS", "standard", 80).tobytes()


def test_sprite_cache_returns_the_same_object() -> None:
    a = card_image("10H", "standard", 72)
    assert card_image("10H", "standard", 72) is a
    assert card_image("10H", "standard", 73) is not a
    assert card_image("T21", "tarot", 72) is card_image("T21", "tarot", 72)
    assert card_back(72, "red") is card_back(72, "red")


@pytest.mark.parametrize("style", sorted(theme.BACK_STYLES))
@pytest.mark.parametrize("width", WIDTHS)
def test_card_backs(style: str, width: int) -> None:
    img = card_back(width, style)
    assert img.mode == "RGBA" and img.size == card_size(width)
    assert is_not_blank(img)
    assert card_back(width, style).tobytes() != card_image("AS", "standard", width).tobytes()


def test_backs_differ_by_style() -> None:
    assert len({card_back(80, s).tobytes() for s in theme.BACK_STYLES}) == len(theme.BACK_STYLES)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        card_image("1S")
    with pytest.raises(ValueError):
        card_image("NS", "standard")  # a Cavalier is tarot only
    with pytest.raises(ValueError):
        card_image("T1", "standard")
    with pytest.raises(ValueError):
        card_image("AS", "italian")
    with pytest.raises(ValueError):
        card_image("AS", width=39)
    with pytest.raises(ValueError):
        card_image("X1", variant="poker")
    with pytest.raises(ValueError):
        card_back(80, "tartan")


def test_any_width_from_the_minimum() -> None:
    for width in (40, 41, 57, 99, 100, 101, 160, 240):
        assert card_image("7C", "standard", width).size == card_size(width)


# --- fonts -----------------------------------------------------------------------------------

SAMPLES = [
    *TRUMP_NAMES,
    "10\u00bd", "Q\u2660 \u2192 14", "\u00d75", "A\u2665 K\u2666 J\u2663 2\u2660", "\u2190 \u2191 \u2193 \u2194",
    "Caf\u00e9 na\u00efve \u00c0 la carte", "\u20ac5 \u00a310", "score \u2014 12 \u2013 3 \u2022 ok",
    "\u2605 \u2606 \u2713 \u2717", "\u00bc \u00be \u2153", "ab\u00a0cd", "\U0001f0a1 \U0001f600", "\u4e2d\u6587",
    "Fosco \u2264 15 \u2265 0 \u2260 1", "Stra\u00dfe \u00e6 \u00f8", "x\u0301y",
]


def test_has_glyph_spots_tofu() -> None:
    assert not has_glyph("\u2660")
    assert not has_glyph("\u2665")
    assert not has_glyph("\u00bd")
    assert not has_glyph("\u2192")
    assert not has_glyph("\u00d7")
    for ch in "A z 0 9 $ ? ! ( ) / - +":
        assert has_glyph(ch), ch


def test_font_is_cached_per_size() -> None:
    assert fonts.font(21) is fonts.font(21)
    assert fonts.font(21) is not fonts.font(22)
    assert fonts.font(21).getname()[0] == "Aileron"


@pytest.mark.parametrize("text", SAMPLES)
def test_safe_text_leaves_only_glyphs_the_font_has(text: str) -> None:
    shown = safe_text(text)
    assert all(has_glyph(ch) for ch in shown), repr(shown)


def test_safe_text_readings() -> None:
    assert safe_text("10\u00bd") == "10 1/2"
    assert safe_text("\u00bd") == "1/2"
    assert safe_text("Q\u2660 \u2192 14") == "QS -> 14"
    assert safe_text("\u00d75") == "x5"
    assert safe_text("A\u2665 K\u2666 J\u2663") == "AH KD JC"
    assert safe_text("Caf\u00e9") == "Cafe"
    assert safe_text("plain ASCII text 123") == "plain ASCII text 123"
    assert safe_text("\u4e2d") == "?"


def test_draw_text_never_draws_tofu() -> None:
    img = Image.new("RGB", (400, 60), "white")
    draw_text(ImageDraw.Draw(img), (10, 10), "Q\u2660 \u2192 14", 30, (0, 0, 0))
    ref = Image.new("RGB", (400, 60), "white")
    ImageDraw.Draw(ref).text((10, 10), "QS -> 14", font=fonts.font(30), fill=(0, 0, 0))
    assert img.tobytes() == ref.tobytes()


def test_every_text_drawn_on_cards_went_through_safe_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Record, in order, every string Pillow is asked to draw and every safe_text result while
    rendering every card afresh: each drawn string must be the latest safe_text result (or one
    character of it, for letter-spaced text), and hold only glyphs the font has."""
    events: list[tuple[str, str]] = []
    real_text = ImageDraw.ImageDraw.text
    real_safe = fonts.safe_text

    def recording_text(self: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, *args: Any,
                       **kwargs: Any) -> None:
        events.append(("draw", str(text)))
        real_text(self, xy, text, *args, **kwargs)

    def recording_safe(text: str) -> str:
        out = real_safe(text)
        events.append(("safe", out))
        return out

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording_text)
    monkeypatch.setattr(fonts, "safe_text", recording_safe)
    card_image.cache_clear()
    card_back.cache_clear()
    try:
        for tok, family, variant in all_cards():
            for width in (60, 110):
                card_image(tok, family, width, variant)
        for style in theme.BACK_STYLES:
            card_back(80, style)
    finally:
        card_image.cache_clear()
        card_back.cache_clear()
    drawn = [text for kind, text in events if kind == "draw"]
    assert drawn, "the cards draw text (indices, names)"
    latest: str | None = None
    for kind, text in events:
        if kind == "safe":
            latest = text
            continue
        assert latest is not None and (text == latest or (len(text) == 1 and text in latest)), (
            f"{text!r} was drawn without going through safe_text"
        )
        assert all(has_glyph(ch) for ch in text), f"{text!r} holds a character the font lacks"
    assert any("Magician" in t for t in drawn)  # trump names are among the texts drawn


# --- suit marks ------------------------------------------------------------------------------

@pytest.mark.parametrize(("family", "suit"), [(f, s) for f, shapes in pips.SHAPES.items() for s in shapes])
def test_suit_marks_are_anti_aliased_and_distinct(family: str, suit: str) -> None:
    mask = pips.suit_mask(suit, family, 40, 40)
    values = set(mask.tobytes())
    assert 0 in values and 255 in values
    assert len(values) > 10, "edges are smoothed"
    others = [pips.suit_mask(s, family, 40, 40).tobytes() for s in pips.SHAPES[family] if s != suit]
    assert mask.tobytes() not in others


def test_draw_suit_on_images_and_draws() -> None:
    rgba = Image.new("RGBA", (50, 50), (0, 0, 0, 0))
    pips.draw_suit(rgba, "H", (5, 5, 45, 45), theme.RED_SUIT)
    assert rgba.getpixel((25, 25)) == (*theme.RED_SUIT, 255)
    assert rgba.getpixel((1, 1)) == (0, 0, 0, 0)
    rgb = Image.new("RGB", (50, 50), "white")
    pips.draw_suit(ImageDraw.Draw(rgb), "D", (5, 5, 45, 45), theme.BLACK_SUIT, "tarot")
    assert rgb.getpixel((25, 5)) != (255, 255, 255) or rgb.getpixel((25, 25)) != (255, 255, 255)
    with pytest.raises(ValueError):
        pips.draw_suit(rgb, "B", (0, 0, 10, 10), theme.BLACK_SUIT, "standard")


def test_layout_covers_every_number() -> None:
    for n, layout in cards.PIP_LAYOUTS.items():
        assert len(layout) == n
