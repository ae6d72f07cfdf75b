"""Bullshit's table, measured and in pieces: the felt's sizes for two to ten seats, the pile and the
claims as sprites, and the seats' plates (see :mod:`renderers.games.bullshit`)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.core.cards import RANK_NAMES
from renderers.kit import layout, theme
from renderers.kit.cards import card_back
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.theme import RGB, card_height, mix
from renderers.kit.trick_table import PLATE_H, PLATE_W, plate_heading, spot, tag, tag_width

WIDTH = 880
PAD = theme.PADDING
SMALL = theme.SMALL_TEXT_SIZE
BANNER_H = 104
DEALER: RGB = (236, 236, 240)
PLATE_RADIUS = theme.RADIUS + 4

# -- the felt ------------------------------------------------------------------------------------
NARROW_PLATE = 180  # from six seats: more room in the middle, and ten plates fit round the oval
FELT_H = 560
CENTRE_H = 240  # the middle's height (pile and claim, or the cards a call turned up; the next rank)
CENTRE_MARGIN = 10  # between the middle and any plate
PILE_CARD = 70
PILE_RISE = 3  # px each layer of the pile rises over the one below
MOST_LAYERS = 14  # then the pile stops growing (its number still counts)
REVEAL_CARD = 66
NEXT_H = 40
BIG = 40  # the claim's size
# Each layer of the pile lies a little askew: (degrees, px sideways), repeating upward.
ASKEW = ((-5.0, -2), (4.0, 3), (-2.0, -4), (6.0, 2), (-6.0, 0), (3.0, -3), (-3.0, 4), (5.0, -1))

# -- under the felt ------------------------------------------------------------------------------
LOG_LINES = 4
LOG_SIZE = SMALL + 1
LEAD = layout.line_height(LOG_SIZE) + 4
BOTTOM_H = 2 * (PAD - 2) + LEAD * (LOG_LINES + 1)
PLAYS_W = 300

_PASS = re.compile(r"(\{p\d+\}) lets it stand")


def rank_word(rank: str, count: int = 2) -> str:
    """"Ace", "Kings", "10s" (the plural for any count but one)."""
    word = RANK_NAMES.get(rank, rank)
    return word if count == 1 else f"{word}s"


def ordinal(n: int) -> str:
    """"1st", "2nd", "3rd", "4th" … "10th"."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def plate_size(players: int) -> tuple[int, int]:
    """A seat's plate at a table of ``players``."""
    return (PLATE_W if players <= 5 else NARROW_PLATE), PLATE_H


def plate_boxes(box: Box, players: int) -> list[Box]:
    """Each seat's plate in the felt ``box``: seat 0 at the bottom, the rest clockwise."""
    w, h = plate_size(players)
    out = []
    for seat in range(players):
        x, y = spot(box, seat, players, 1.0, plate=(w, h))
        out.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    return out


@lru_cache(maxsize=32)
def centre_box(players: int, width: int, height: int) -> Box:
    """The middle of a felt ``width`` x ``height`` (its own coordinates): ``CENTRE_H`` high, as
    wide as it can be without touching a plate or leaving the oval, as near the centre as that
    allows (at three seats the two upper plates push it down)."""
    plates = plate_boxes((0, 0, width, height), players)
    cx, cy = width / 2, height / 2
    a, b = (width - 40) / 2 - 16, (height - 50) / 2 - 8  # the cloth inside the rim, roughly
    best: tuple[float, float, float] | None = None  # (half width, -|shift|, top)
    for shift in range(-100, 101, 2):
        top, bottom = cy + shift - CENTRE_H / 2, cy + shift + CENTRE_H / 2
        far = max(abs(top - cy), abs(bottom - cy))
        if far >= b:
            continue
        half = a * math.sqrt(1 - (far / b) ** 2)
        for x0, y0, x1, y1 in plates:
            if y1 + CENTRE_MARGIN <= top or y0 - CENTRE_MARGIN >= bottom:
                continue
            if x0 < cx < x1:
                half = -1.0
                break
            half = min(half, (x0 - cx if x0 >= cx else cx - x1) - CENTRE_MARGIN)
        if half > 0 and (best is None or (half, -abs(shift)) > best[:2]):
            best = (half, -abs(shift), top)
    if best is None:  # pragma: no cover - every table size has room (tests check it)
        raise ValueError(f"no room in the middle of a {players}-seat felt {width} x {height}")
    half, _, top = best
    return cx - half, top, cx + half, top + CENTRE_H


# -- sprites -------------------------------------------------------------------------------------

@lru_cache(maxsize=16)
def _askew_back(degrees: float) -> Image.Image:
    """A card back turned by ``degrees`` with a soft edge (drawn at twice the size, reduced)."""
    big = card_back(PILE_CARD * 2).convert("RGBa")
    return big.rotate(-degrees, resample=Image.Resampling.BICUBIC, expand=True).reduce(2).convert("RGBA")


@lru_cache(maxsize=MOST_LAYERS + 1)
def pile_sprite(layers: int) -> Image.Image:
    """The pile seen from the side: ``layers`` backs, each a little askew and higher than the one
    below, the top one square. Its bottom centre is the bottom card's."""
    w, h = PILE_CARD, card_height(PILE_CARD)
    margin = 16
    size = (w + 2 * margin, h + 2 * margin + PILE_RISE * (layers - 1))
    out = Image.new("RGBA", size, (0, 0, 0, 0))
    shadow = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(shadow).rounded_rectangle((margin + 3, size[1] - margin - h + 5, margin + w + 3,
                                              size[1] - margin + 5), radius=8, fill=(0, 0, 0, 110))
    out.alpha_composite(shadow)
    for i in range(layers):
        top = i == layers - 1
        degrees, dx = (0.0, 0) if top else ASKEW[i % len(ASKEW)]
        back = _askew_back(degrees) if not top else card_back(PILE_CARD)
        bottom = size[1] - margin - PILE_RISE * i
        out.alpha_composite(back, (round(size[0] / 2 + dx - back.width / 2), round(bottom - h / 2 - back.height / 2)))
    return out


def layers_for(pile: int) -> int:
    """How many layers show a pile of ``pile`` cards: one for every two, up to ``MOST_LAYERS``."""
    return min(MOST_LAYERS, (pile + 1) // 2)


@lru_cache(maxsize=16)
def cross(size: int, colour: RGB) -> Image.Image:
    """A multiplication sign ``size`` px across (the font has none), smooth-edged."""
    ss = 4
    big = Image.new("RGBA", (size * ss, size * ss), (*colour, 0))
    d = ImageDraw.Draw(big)
    width = max(2, round(size * ss * 0.2))
    inset = width / 2
    end = size * ss - inset
    d.line([(inset, inset), (end, end)], fill=(*colour, 255), width=width)
    d.line([(inset, end), (end, inset)], fill=(*colour, 255), width=width)
    return big.reduce(ss)


@lru_cache(maxsize=4)
def verdict_mark(true: bool, diameter: int = 24) -> Image.Image:
    """A round mark for a card turned up: a tick on GOOD (as declared) or a cross on BAD."""
    ss = 4
    s = diameter * ss
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, s - 1, s - 1), fill=(*theme.PANEL, 255))
    r = round(s * 0.08)
    d.ellipse((r, r, s - 1 - r, s - 1 - r), fill=(*(theme.GOOD if true else theme.BAD), 255))
    width = round(s * 0.12)
    ink = (*theme.TEXT, 255)
    if true:
        d.line([(s * 0.28, s * 0.52), (s * 0.44, s * 0.68), (s * 0.73, s * 0.34)], fill=ink, width=width,
               joint="curve")
    else:
        d.line([(s * 0.32, s * 0.32), (s * 0.68, s * 0.68)], fill=ink, width=width)
        d.line([(s * 0.32, s * 0.68), (s * 0.68, s * 0.32)], fill=ink, width=width)
    return big.reduce(ss)


@lru_cache(maxsize=4)
def small_back(width: int) -> Image.Image:
    """A card back small enough to stand beside a card count."""
    back = card_back(theme.CARD_MIN_WIDTH)
    return back.resize((width, card_height(width)), Image.Resampling.LANCZOS)


def claim_width(count: int, word: str, size: int) -> float:
    """The width :func:`draw_claim` takes."""
    return text_width(str(count), size, True) + size * 0.86 + text_width(word, size, True)


def draw_claim(img: Image.Image, draw: Draw, left_mid: tuple[float, float], count: int, word: str, size: int,
               colour: RGB) -> float:
    """"3 x Kings" with its left end at ``left_mid``, in bold; returns its width."""
    x, mid = left_mid
    number = str(count)
    draw_text(draw, (x, mid), number, size, colour, anchor="lm", bold=True)
    x += text_width(number, size, True) + size * 0.18
    mark = cross(round(size * 0.5), colour)
    img.paste(mark, (round(x), round(mid - mark.height / 2 + size * 0.04)), mark)
    x += size * 0.68
    draw_text(draw, (x, mid), word, size, colour, anchor="lm", bold=True)
    return claim_width(count, word, size)


def rank_chip(draw: Draw, box: Box, rank: str, size: int) -> None:
    """A small card-white tile with ``rank`` on it (the rank the next play declares)."""
    layout.panel(draw, box, theme.CARD_FACE, theme.HIGHLIGHT, line=2, radius=6)
    draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), rank, size, theme.BLACK_SUIT, anchor="mm",
              bold=True)


# -- the seats -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Plate:
    """One seat's plate as drawn."""

    seat: int
    name: str
    cards: int
    next: bool = False  # plays next
    waiting: bool = False  # may still call the play on the table
    dealer: bool = False
    winner: bool = False
    out: bool = False
    tags: tuple[tuple[str, RGB], ...] = ()  # most important first, drawn from the right


def plate_line(info: Plate) -> int:
    return 3 if (info.winner or info.waiting or info.next) else 1


@lru_cache(maxsize=64)
def plate_sprite(info: Plate, local: Box) -> tuple[Image.Image, Image.Image]:
    """A plate drawn once with its box at ``local`` in the sprite (the sub-pixel place changes
    the pixels), and the mask of its panel's shape. Pasted through the mask it is pixel for pixel
    the plate drawn in place (everything on it lies on its opaque panel), the felt showing
    round its corners: a region (:mod:`renderers.kit.regions`) would show the background there."""
    size = (math.ceil(local[2]) + 2, math.ceil(local[3]) + 2)  # Pillow may round the far edge up
    sprite = Image.new("RGB", size, theme.PANEL)
    paint_plate(sprite, ImageDraw.Draw(sprite, "RGBA"), local, info=info)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(local, radius=PLATE_RADIUS, fill=255, outline=255, width=plate_line(info))
    return sprite, mask


def paste_plate(img: Image.Image, box: Box, info: Plate) -> None:
    """:func:`paint_plate` from the cached sprite."""
    # An even shift, as regions do: Pillow rounds some coordinates half to even.
    ix, iy = 2 * math.floor(box[0] / 2), 2 * math.floor(box[1] / 2)
    sprite, mask = plate_sprite(info, (box[0] - ix, box[1] - iy, box[2] - ix, box[3] - iy))
    img.paste(sprite, (ix, iy), mask)


def paint_plate(img: Image.Image, draw: Draw, box: Box, *, info: Plate) -> None:
    """A seat's plate: pointer (plays next), colour, name, dealer's button or a winner's star;
    under them the cards held and the seat's tags (may call, no call, took 12, out …)."""
    x0, _, x1, y1 = box
    fill = mix(theme.PANEL, theme.ACCENT, 0.45) if info.next else theme.PANEL
    outline = (theme.GOOD if info.winner else theme.HIGHLIGHT if info.waiting else theme.ACCENT if info.next
               else theme.PANEL_LIGHT)
    layout.panel(draw, box, fill, outline, line=plate_line(info), radius=PLATE_RADIUS)
    plate_heading(img, draw, box, seat=info.seat, name=info.name, pointer=info.next, dealer=info.dealer,
                  winner=info.winner, ink=theme.MUTED if info.out and not info.winner else theme.TEXT, inset=10)
    low = y1 - 20
    x = x0 + 12
    back = small_back(16)
    img.paste(back, (round(x), round(low - back.height / 2)), back)
    x += back.width + 6
    count = str(info.cards)
    draw_text(draw, (x, low), count, SMALL, theme.TEXT, anchor="lm", bold=True)
    x += text_width(count, SMALL, True) + 10
    right = x1 - 8
    for text, colour in info.tags:
        if right - tag_width(text) < x:
            break
        right = tag(draw, (right, low), text, colour) - 5
