"""Fan Tan's table in pieces: the four fanned rows of the layout and their sprites, the players'
places, chips and small backs (see :mod:`renderers.games.fan_tan`)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from games.core.cards import STANDARD_RANKS
from renderers.kit import card_rows, layout, theme
from renderers.kit.cards import card_back, card_image
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.pips import draw_suit
from renderers.kit.theme import RGB, card_height, mix

WIDTH = 880
PAD = theme.PADDING
SUITS = ("S", "H", "D", "C")
SEVEN = 7

# -- the fanned rows ---------------------------------------------------------------------------
CARD_W = 74
CARD_H = card_height(CARD_W)
TILT = 2.0  # degrees between neighbouring ranks
STEP = 56.0  # px between neighbouring cards' centres along the arc
RADIUS = STEP / math.sin(math.radians(TILT))  # of the arc the cards' centres lie on
SS = 2  # tilted sprites are drawn at twice the size and reduced, for smooth edges
SPRITE_MARGIN = 12  # room round a card in its sprite for the shadow and the glow
PITCH = 122  # from one row's 7 to the next (the rows' curved ends clear each other)
POT_BAND = 40  # between the second and third rows, for the pot
FELT_TOP = 16
FELT_BOTTOM = 10

# -- players -----------------------------------------------------------------------------------
CELL_H = 78
CELL_GAP = 8
NAME_SIZE = theme.TEXT_SIZE - 2
SMALL = theme.SMALL_TEXT_SIZE
CHIP_H = 24

CHIP_GOLD: RGB = (232, 184, 72)
CHIP_EDGE: RGB = (150, 104, 20)
FINE: RGB = theme.BAD
ANTE: RGB = (126, 170, 232)
DEALER: RGB = (236, 236, 240)


def offset(value: int) -> tuple[float, float]:
    """Where rank ``value``'s card centre sits from the 7's, along the arc."""
    a = math.radians((value - SEVEN) * TILT)
    return RADIUS * math.sin(a), RADIUS * (1 - math.cos(a))


ROW_EXTENT = CARD_H / 2 + offset(1)[1] + (CARD_H * math.cos(math.radians(6 * TILT))
                                          + CARD_W * math.sin(math.radians(6 * TILT))) / 2
FELT_H = round(FELT_TOP + 3 * PITCH + POT_BAND + ROW_EXTENT + FELT_BOTTOM)


def _tilt(big: Image.Image, degrees: float) -> Image.Image:
    """A supersampled RGBA sprite turned clockwise by ``degrees`` and reduced (premultiplied, so
    that its edges do not darken)."""
    turned = big.convert("RGBa").rotate(-degrees, resample=Image.Resampling.BICUBIC, expand=True)
    return turned.reduce(SS).convert("RGBA")


def _soft(size: tuple[int, int], box: Box, radius: int, colour: RGB, alpha: int, blur: float) -> Image.Image:
    """A blurred rounded rectangle (a shadow or a glow) on a transparent layer."""
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(box, radius=radius, fill=alpha)
    layer = Image.new("RGBA", size, (*colour, 0))
    layer.putalpha(mask.filter(ImageFilter.GaussianBlur(blur)))
    return layer


@lru_cache(maxsize=128)
def fanned_card(token: str, glow: bool) -> Image.Image:
    """``token`` as it lies in its row: with its shadow (and a glow when just played), turned by
    its rank's tilt. Its centre is the card's centre. Cached: one sprite per card and glow."""
    value = STANDARD_RANKS.index(token[:-1]) + 1
    w, h, m = CARD_W * SS, CARD_H * SS, SPRITE_MARGIN * SS
    size = (w + 2 * m, h + 2 * m)
    big = Image.new("RGBA", size, (0, 0, 0, 0))
    radius = round(w * theme.CARD_RADIUS)
    if glow:
        g = layout.GLOW * SS
        halo = (m - g, m - g, m + w + g, m + h + g)
        big.alpha_composite(_soft(size, halo, radius + g, theme.HIGHLIGHT, 255, g * 0.6))
    big.alpha_composite(_soft(size, (m + 2 * SS, m + 3 * SS, m + w + 2 * SS, m + h + 3 * SS), radius, (0, 0, 0),
                              120, 3 * SS))
    big.alpha_composite(card_image(token, "standard", w), (m, m))
    return _tilt(big, (value - SEVEN) * TILT)


@lru_cache(maxsize=64)
def slot(suit: str, value: int, opening: bool) -> Image.Image:
    """A dashed card-shaped place where the next card of ``suit`` (rank ``value``) would go,
    its rank and suit faintly inside; ``opening``: the empty 7 of a suit not opened yet."""
    w, h, m = CARD_W * SS, CARD_H * SS, SPRITE_MARGIN * SS
    big = Image.new("RGBA", (w + 2 * m, h + 2 * m), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    box = (m, m, m + w - 1, m + h - 1)
    draw.rounded_rectangle(box, radius=round(w * theme.CARD_RADIUS), fill=(*theme.FELT_DARK, 200))
    edge = mix(theme.FELT_LIGHT, theme.TEXT, 0.45 if opening else 0.2)
    card_rows.dashed_rect(draw, box, edge, 2 * SS, dash=9 * SS, gap=6 * SS)
    ink = mix(theme.FELT_LIGHT, theme.TEXT, 0.55 if opening else 0.35)
    label = STANDARD_RANKS[value - 1]
    cx = m + w / 2
    draw_text(draw, (cx, m + h * 0.4), label, 24 * SS, ink, anchor="mm", bold=True, cached=False)
    mark = 16 * SS
    draw_suit(big, suit, (cx - mark / 2, m + h * 0.62, cx + mark / 2, m + h * 0.62 + mark), (*ink, 255))
    return _tilt(big, (value - SEVEN) * TILT)


def paste_centred(img: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    x, y = round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)
    img.paste(sprite, (x, y), sprite)


def card(value: int, suit: str) -> str:
    return f"{STANDARD_RANKS[value - 1]}{suit}"


def runs_of(view: Mapping[str, Any]) -> dict[str, tuple[int, int] | None]:
    """Each suit's run as (lowest, highest) rank, or None when its 7 is not down."""
    out: dict[str, tuple[int, int] | None] = dict.fromkeys(SUITS)
    for run in view.get("runs") or []:
        if run and run.get("suit") in out:
            out[str(run["suit"])] = (int(run["low"]), int(run["high"]))
    return out


def next_places(run: tuple[int, int] | None) -> list[int]:
    """The ranks that may go down next in a suit whose run is ``run``."""
    if run is None:
        return [SEVEN]
    return [v for v in (run[0] - 1, run[1] + 1) if 1 <= v <= 13]


def fanned_row(img: Image.Image, suit: str, run: tuple[int, int] | None, seven: tuple[float, float],
               glowing: frozenset[str], places: bool = True) -> None:
    """One suit's row with its 7's centre at ``seven``: the open places first (under the cards;
    none once the game is over), then the cards from the ace up, each over the one before."""
    for value in next_places(run) if places else []:
        dx, dy = offset(value)
        paste_centred(img, slot(suit, value, run is None), (seven[0] + dx, seven[1] + dy))
    if run is None:
        return
    for value in range(run[0], run[1] + 1):
        token = card(value, suit)
        dx, dy = offset(value)
        paste_centred(img, fanned_card(token, token in glowing), (seven[0] + dx, seven[1] + dy))


# -- small pictures ------------------------------------------------------------------------------

@lru_cache(maxsize=8)
def coin(diameter: int) -> Image.Image:
    """A gold chip: a disc, a darker rim and an inner ring."""
    s = diameter * 4
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, s - 1, s - 1), fill=(*CHIP_EDGE, 255))
    r = s * 0.09
    d.ellipse((r, r, s - 1 - r, s - 1 - r), fill=(*CHIP_GOLD, 255))
    r2 = s * 0.24
    d.ellipse((r2, r2, s - 1 - r2, s - 1 - r2), outline=(*CHIP_EDGE, 255), width=round(s * 0.06))
    return big.reduce(4)


@lru_cache(maxsize=4)
def pile(diameter: int, coins: int) -> Image.Image:
    """A few chips stacked, seen from the side (the pot)."""
    one = coin(diameter)
    rise = max(3, diameter // 5)
    out = Image.new("RGBA", (diameter, diameter + rise * (coins - 1)), (0, 0, 0, 0))
    for i in range(coins):
        out.alpha_composite(one, (0, rise * (coins - 1 - i)))
    return out


@lru_cache(maxsize=4)
def small_back(width: int) -> Image.Image:
    """A card back small enough to stand beside a card count."""
    back = card_back(theme.CARD_MIN_WIDTH)
    return back.resize((width, card_height(width)), Image.Resampling.LANCZOS)


def tag(draw: Draw, left_mid: tuple[float, float], text: str, colour: RGB, size: int = SMALL - 2) -> float:
    """A small rounded label in ``colour``; returns its right end."""
    x, mid = left_mid
    w = text_width(text, size) + 14
    layout.panel(draw, (x, mid - CHIP_H / 2, x + w, mid + CHIP_H / 2), colour, radius=CHIP_H // 2)
    ink = theme.PANEL if sum(colour) > 450 else theme.TEXT
    draw_text(draw, (x + w / 2, mid), text, size, ink, anchor="mm")
    return x + w


def tag_width(text: str, size: int = SMALL - 2) -> float:
    return text_width(text, size) + 14
