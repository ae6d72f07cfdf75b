"""Dracula's small pieces: the ways' names, a side, and the small drawings (the bat, arrows, the
nail, a free cell) the table, the copy and the hand share (see :mod:`renderers.games.dracula.table`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.kit import card_rows, layout, theme
from renderers.kit.emblems import EMBLEMS
from renderers.kit.fonts import draw_text
from renderers.kit.layout import Box, Draw
from renderers.kit.pips import Pen, fit, paint
from renderers.kit.theme import RGB

WAYS = {"rows": "Queen's way", "cols": "King's way"}
WAY_WORDS = {"rows": "rows", "cols": "columns"}
BLOOD: RGB = (236, 72, 84)  # a drained line's 0 on a dark chip
NAIL: RGB = (206, 210, 220)
SLOT_RADIUS = 7  # a free cell's corners


@dataclass(frozen=True)
class Side:
    index: int
    seats: list[int]
    colour: RGB
    way: str | None  # "rows", "cols" or None before the choice
    score: int
    name: str  # "Ann" or "Ann & Cyrille"

# --- small drawings --------------------------------------------------------------------------

@lru_cache(maxsize=32)
def _emblem_mask(name: str, width: int, height: int) -> Image.Image:
    fn, ratio = EMBLEMS[name]
    ss = 4
    big = Image.new("L", (width * ss, height * ss), 0)
    x0, y0, _, y1 = fit((0, 0, width * ss, height * ss), ratio)
    fn(Pen(ImageDraw.Draw(big), x0, y0, y1 - y0, ratio, 1.0), 255, 0, 0)
    return big.reduce(ss)


def emblem(img: Image.Image, name: str, box: Box, colour: RGB) -> None:
    """An emblem (the bat) fitted in ``box`` in one colour."""
    x0, y0 = round(box[0]), round(box[1])
    w, h = max(1, round(box[2]) - x0), max(1, round(box[3]) - y0)
    paint(img, _emblem_mask(name, w, h), (x0, y0), colour)


def double_arrow(draw: Draw, centre: tuple[float, float], length: float, vertical: bool, colour: RGB,
                 width: int = 4, head: float | None = None) -> None:
    """A drawn two-headed arrow (the font has no arrows): across for rows, up and down for columns."""
    cx, cy = centre
    half = length / 2
    head = max(5.0, length * 0.28) if head is None else head
    wing = head * 0.8
    if vertical:
        draw.line([(cx, cy - half + head * 0.6), (cx, cy + half - head * 0.6)], fill=colour, width=width)
        draw.polygon([(cx, cy - half), (cx - wing, cy - half + head), (cx + wing, cy - half + head)], fill=colour)
        draw.polygon([(cx, cy + half), (cx - wing, cy + half - head), (cx + wing, cy + half - head)], fill=colour)
    else:
        draw.line([(cx - half + head * 0.6, cy), (cx + half - head * 0.6, cy)], fill=colour, width=width)
        draw.polygon([(cx - half, cy), (cx - half + head, cy - wing), (cx - half + head, cy + wing)], fill=colour)
        draw.polygon([(cx + half, cy), (cx + half - head, cy - wing), (cx + half - head, cy + wing)], fill=colour)


def nail(draw: Draw, centre: tuple[float, float]) -> None:
    """A nail head driven into the top of the centre card."""
    cx, cy = centre
    r = 9
    draw.ellipse((cx - r + 1, cy - r + 2, cx + r + 1, cy + r + 2), fill=(0, 0, 0, 120))
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(150, 154, 166), outline=(70, 72, 80), width=2)
    draw.ellipse((cx - r + 4, cy - r + 4, cx + r - 6, cy + r - 6), fill=(236, 238, 244))


def legal_slot(draw: Draw, box: Box, label: str = "") -> None:
    """A free cell where the viewer may place: a soft glow, a dashed gold outline and a "+"."""
    x0, y0, x1, y1 = box
    radius = SLOT_RADIUS
    for k, alpha in ((9, 26), (6, 40), (3, 60)):
        draw.rounded_rectangle((x0 - k, y0 - k, x1 + k, y1 + k), radius=radius + k,
                               outline=layout.rgba_of(theme.HIGHLIGHT, alpha), width=3)
    draw.rounded_rectangle(box, radius=radius, fill=layout.rgba_of(theme.HIGHLIGHT, 34))
    card_rows.dashed_rect(draw, box, theme.HIGHLIGHT, 3, dash=12, gap=7)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 - (8 if label else 0)
    arm, t = 20, 4
    draw.rounded_rectangle((cx - arm, cy - t, cx + arm, cy + t), radius=t, fill=theme.HIGHLIGHT)
    draw.rounded_rectangle((cx - t, cy - arm, cx + t, cy + arm), radius=t, fill=theme.HIGHLIGHT)
    if label:
        draw_text(draw, (cx, cy + arm + 18), label, theme.SMALL_TEXT_SIZE, theme.HIGHLIGHT, anchor="mm", bold=True)
