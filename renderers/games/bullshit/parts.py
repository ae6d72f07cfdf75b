"""Bullshit's pieces shared by its table, its hand and a player's copy: rank words, the pile (face
down, taller as it grows), the verdict marks of a call and the claims ("3 x Kings") drawn big."""

from __future__ import annotations

import re
from functools import lru_cache

from PIL import Image, ImageDraw

from games.core.cards import RANK_NAMES
from renderers.kit import layout, theme
from renderers.kit.cards import card_back
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.theme import RGB, card_height

PILE_CARD = 70
PILE_RISE = 3  # px each layer of the pile rises over the one below
MOST_LAYERS = 14  # then the pile stops growing (its number still counts)
# Each layer of the pile lies a little askew: (degrees, px sideways), repeating upward.
ASKEW = ((-5.0, -2), (4.0, 3), (-2.0, -4), (6.0, 2), (-6.0, 0), (3.0, -3), (-3.0, 4), (5.0, -1))

PASS = re.compile(r"(\{p\d+\}) lets it stand")


def rank_word(rank: str, count: int = 2) -> str:
    """"Ace", "Kings", "10s" (the plural for any count but one)."""
    word = RANK_NAMES.get(rank, rank)
    return word if count == 1 else f"{word}s"


def ordinal(n: int) -> str:
    """"1st", "2nd", "3rd", "4th" … "10th"."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


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


@lru_cache(maxsize=16)
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
